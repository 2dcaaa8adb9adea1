#!/usr/bin/env python3
"""Writes data/sample and data/secret of courseorder (seeded, reproducible). The .ans holds one valid
order (smallest course first among those available, so it rarely equals the submissions' orders;
the output validator accepts any valid one) or IMPOSSIBLE."""
import heapq
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(1729)


def order(n, edges):
    succ = [[] for _ in range(n + 1)]
    indeg = [0] * (n + 1)
    for a, b in edges:
        succ[a].append(b)
        indeg[b] += 1
    heap = [v for v in range(1, n + 1) if indeg[v] == 0]
    heapq.heapify(heap)
    out = []
    while heap:
        v = heapq.heappop(heap)
        out.append(v)
        for w in succ[v]:
            indeg[w] -= 1
            if indeg[w] == 0:
                heapq.heappush(heap, w)
    return out if len(out) == n else None


def write(group, name, n, edges):
    folder = os.path.join(HERE, 'data', group)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.in'), 'w') as f:
        f.write(f'{n} {len(edges)}\n' + ''.join(f'{a} {b}\n' for a, b in edges))
    result = order(n, edges)
    with open(os.path.join(folder, name + '.ans'), 'w') as f:
        f.write('IMPOSSIBLE\n' if result is None else ' '.join(map(str, result)) + '\n')


def random_dag(n, m):
    """Edges along a hidden random ranking, so the graph has no cycle; labels shuffled."""
    rank = list(range(1, n + 1))
    rng.shuffle(rank)
    edges = []
    for _ in range(m):
        i, j = sorted(rng.sample(range(n), 2))
        edges.append((rank[i], rank[j]))
    return edges


def chain(n):
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    return [(labels[i], labels[i + 1]) for i in range(n - 1)]


write('sample', '1', 4, [(1, 2), (1, 3), (3, 2), (4, 3)])
write('sample', '2', 3, [(1, 2), (2, 3), (3, 1)])

write('secret', '01-one-course', 1, [])
write('secret', '02-no-prerequisites', 5, [])
write('secret', '03-two-way', 2, [(2, 1), (1, 2)])
write('secret', '04-reversed-pair', 2, [(2, 1)])
write('secret', '05-duplicates', 3, [(3, 1), (3, 1), (1, 2), (3, 1)])
write('secret', '06-chain-descending', 1000, [(k + 1, k) for k in range(1, 1000)])
write('secret', '07-chain-shuffled', 50000, chain(50000))
write('secret', '08-random-dag-small', 10, random_dag(10, 20))
write('secret', '09-random-dag-max', 50000, random_dag(50000, 100000))
write('secret', '10-dense-dag', 500, random_dag(500, 100000))
write('secret', '11-broken-chain', 30000, chain(30000)[:15000] + chain(30000)[:0])
edges = chain(30000)
write('secret', '12-long-cycle', 30000, edges + [(edges[-1][1], edges[0][0])])
dag = random_dag(30000, 60000)
a, b = dag[0]
write('secret', '13-one-small-cycle-hidden', 30000, dag + [(b, a)])
write('secret', '14-star-out', 50000, [(37777, v) for v in range(1, 50001) if v != 37777])
write('secret', '15-star-in', 50000, [(v, 1) for v in range(2, 50001)])
write('secret', '16-components', 12, [(2, 1), (4, 3), (6, 5), (5, 4), (12, 11), (11, 10), (9, 8)])
