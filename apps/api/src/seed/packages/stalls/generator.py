#!/usr/bin/env python3
"""Writes data/sample and data/secret of stalls (seeded, reproducible); answers by a Python binary search
(and, for small inputs, checked against trying every placement)."""
import itertools
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(31337)


def fits(xs, c, d):
    placed, last = 1, xs[0]
    for x in xs[1:]:
        if x - last >= d:
            placed, last = placed + 1, x
    return placed >= c


def best(positions, c):
    xs = sorted(positions)
    lo, hi = 1, (xs[-1] - xs[0]) // (c - 1)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(xs, c, mid):
            lo = mid
        else:
            hi = mid - 1
    if len(xs) <= 10:
        brute = max(min(b - a for a, b in zip(pick, pick[1:])) for pick in itertools.combinations(xs, c))
        assert brute == lo, (positions, c, brute, lo)
    return lo


def write(group, name, positions, c):
    folder = os.path.join(HERE, 'data', group)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.in'), 'w') as f:
        f.write(f'{len(positions)} {c}\n' + ' '.join(map(str, positions)) + '\n')
    with open(os.path.join(folder, name + '.ans'), 'w') as f:
        f.write(f'{best(positions, c)}\n')


def distinct(n, top):
    return rng.sample(range(top + 1), n)


write('sample', '1', [1, 2, 8, 4, 9], 3)
write('sample', '2', [10, 0], 2)

write('secret', '01-two-far', [0, 10**9], 2)
write('secret', '02-all-horses', [5, 1, 3, 9, 7], 5)
write('secret', '03-unsorted-small', [9, 1, 7, 3, 5, 2], 3)
write('secret', '04-random-tiny', distinct(8, 50), 4)
write('secret', '05-random-tiny-2', distinct(10, 1000), 3)
write('secret', '06-consecutive', rng.sample(range(100000), 100000), 100000)
write('secret', '07-cluster-and-far', rng.sample(list(range(99999)) + [10**9], 100000), 3)
write('secret', '08-cluster-and-far-2', rng.sample(list(range(99999)) + [10**9], 100000), 2)
write('secret', '09-random-max', distinct(100000, 10**9), 1000)
write('secret', '10-random-max-two', distinct(100000, 10**9), 2)
write('secret', '11-random-many-horses', distinct(100000, 10**9), 99999)
write('secret', '12-descending', sorted(distinct(1000, 10**6), reverse=True), 17)
write('secret', '13-geometric', rng.sample([2**k for k in range(30)], 30), 10)
