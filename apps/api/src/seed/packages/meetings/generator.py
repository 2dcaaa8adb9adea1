#!/usr/bin/env python3
"""Writes data/sample and data/secret of meetings (seeded, reproducible); answers by an
independent O(n log n) dynamic programme over start times (not the greedy the solutions use)."""
import bisect
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(1951)


def best(intervals):
    # f(i) = most meetings among those starting at or after starts[i] (sorted by start).
    items = sorted(intervals)
    starts = [s for s, _ in items]
    f = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        nxt = bisect.bisect_left(starts, items[i][1])
        f[i] = max(f[i + 1], 1 + f[nxt])
    return f[0]


def write(group, name, intervals):
    folder = os.path.join(HERE, 'data', group)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.in'), 'w') as f:
        f.write(f'{len(intervals)}\n' + ''.join(f'{s} {e}\n' for s, e in intervals))
    with open(os.path.join(folder, name + '.ans'), 'w') as f:
        f.write(f'{best(intervals)}\n')


def random_intervals(n, horizon, longest):
    out = []
    for _ in range(n):
        s = rng.randint(0, horizon - 1)
        out.append((s, min(horizon, s + rng.randint(1, longest))))
    return out


write('sample', '1', [(1, 3), (2, 7), (3, 5), (6, 8)])
write('sample', '2', [(0, 10), (0, 10), (5, 6)])

write('secret', '01-single', [(0, 1)])
write('secret', '02-touching-chain', [(i, i + 1) for i in range(1000)][::-1])
write('secret', '03-identical', [(5, 9)] * 100)
write('secret', '04-long-first', [(0, 100)] + [(i * 10, i * 10 + 10) for i in range(10)])
write('secret', '05-nested', [(i, 2000 - i) for i in range(1000)])
write('secret', '06-early-start-long', [(0, 10**9)] + [(k, k + 1) for k in range(1, 200)])
write('secret', '07-random-small', random_intervals(50, 100, 20))
write('secret', '08-random-medium', random_intervals(5000, 100000, 1000))
write('secret', '09-random-max-short', random_intervals(100000, 10**9, 20000))
write('secret', '10-random-max-long', random_intervals(50000, 10**9, 10**8))
write('secret', '11-all-overlap', [(rng.randint(0, 1000), 10**9 - rng.randint(0, 1000)) for _ in range(1000)])
write('secret', '12-max-coordinates', [(10**9 - 1, 10**9), (0, 10**9), (0, 1)])
write('secret', '13-shuffled-chain', rng.sample([(2 * i, 2 * i + 2) for i in range(50000)], 50000))
