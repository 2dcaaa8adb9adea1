#!/usr/bin/env python3
"""Writes data/sample and data/secret of gridescape (seeded, reproducible); answers by a Python BFS."""
import os
import random
from collections import deque

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(4242)


def bfs(grid):
    r, c = len(grid), len(grid[0])
    start = next((i, j) for i in range(r) for j in range(c) if grid[i][j] == 'S')
    dist = {start: 0}
    queue = deque([start])
    while queue:
        i, j = queue.popleft()
        if grid[i][j] == 'E':
            return dist[(i, j)]
        for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            a, b = i + di, j + dj
            if 0 <= a < r and 0 <= b < c and grid[a][b] != '#' and (a, b) not in dist:
                dist[(a, b)] = dist[(i, j)] + 1
                queue.append((a, b))
    return -1


def write(group, name, grid):
    grid = [''.join(row) for row in grid]
    folder = os.path.join(HERE, 'data', group)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.in'), 'w') as f:
        f.write(f'{len(grid)} {len(grid[0])}\n' + '\n'.join(grid) + '\n')
    with open(os.path.join(folder, name + '.ans'), 'w') as f:
        f.write(f'{bfs(grid)}\n')


def random_grid(r, c, wall, start=None, end=None):
    grid = [['#' if rng.random() < wall else '.' for _ in range(c)] for _ in range(r)]
    cells = [(i, j) for i in range(r) for j in range(c)]
    s = start or rng.choice(cells)
    e = end or rng.choice([x for x in cells if x != s])
    grid[s[0]][s[1]] = 'S'
    grid[e[0]][e[1]] = 'E'
    return grid


def serpentine(r, c):
    """Walls with one gap alternating sides: the path snakes through every row."""
    grid = [['.'] * c for _ in range(r)]
    for i in range(1, r, 2):
        for j in range(c):
            grid[i][j] = '#'
        grid[i][c - 1 if (i // 2) % 2 == 0 else 0] = '.'
    grid[0][0] = 'S'
    grid[r - 1][c - 1 if ((r - 1) // 2) % 2 == 0 else 0] = 'E'
    return grid


def diagonal_trap(n):
    """Free cells only on a staircase: moving diagonally would cut it short."""
    grid = [['#'] * n for _ in range(n)]
    for i in range(n):
        grid[i][i] = '.'
        if i + 1 < n:
            grid[i][i + 1] = '.'
    grid[0][0] = 'S'
    grid[n - 1][n - 1] = 'E'
    return grid


write('sample', '1', [list('S.#'), list('.##'), list('..E')])
write('sample', '2', [list('S#E')])
write('sample', '3', [list('S..#...'), list('.#.#.#.'), list('.#...#E')])

write('secret', '01-adjacent', [list('SE')])
write('secret', '02-column', [list('S'), list('.'), list('.'), list('E')])
write('secret', '03-walled-in', [list('...'), list('.#.'), list('#S#'), list('.#E')])
write('secret', '04-diagonal-only', [list('S#'), list('#E')])
write('secret', '05-staircase', diagonal_trap(60))
write('secret', '06-open-max', random_grid(500, 500, 0.0, (0, 0), (499, 499)))
write('secret', '07-serpentine', serpentine(499, 500))
write('secret', '08-random-sparse', random_grid(300, 400, 0.2))
write('secret', '09-random-dense', random_grid(500, 500, 0.38))
write('secret', '10-random-blocked', random_grid(200, 200, 0.6))
write('secret', '11-exit-boxed', [list('S....'), list('...#.'), list('..#E#'), list('...#.')])
write('secret', '12-staircase-max', diagonal_trap(500))
for k in range(13, 17):
    write('secret', f'{k}-random-small', random_grid(rng.randint(2, 12), rng.randint(2, 12), 0.3))
