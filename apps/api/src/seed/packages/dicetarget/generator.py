#!/usr/bin/env python3
"""Writes data/sample and data/secret of dicetarget (seeded, reproducible). Answers by the O(T)
sliding-window recurrence in doubles, checked against exact fractions for small targets."""
import os
import random
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(6)


def expected(m, top):
    e = [0.0] * (top + 1)
    window = 0.0  # sum of E(t-1) .. E(t-m), with E(<= 0) = 0
    for t in range(1, top + 1):
        e[t] = 1.0 + window / m
        window += e[t]
        if t - m >= 1:
            window -= e[t - m]
    return e


def exact(m, top):
    e = [Fraction(0)] * (top + 1)
    for t in range(1, top + 1):
        e[t] = 1 + sum((e[t - j] for j in range(1, m + 1) if t - j >= 1), Fraction(0)) / m
    return e


def write(group, name, m, targets):
    folder = os.path.join(HERE, 'data', group)
    os.makedirs(folder, exist_ok=True)
    e = expected(m, max(targets))
    small = exact(m, min(max(targets), 60))
    for t in range(1, len(small)):
        assert abs(float(small[t]) - e[t]) <= 1e-12 * float(small[t]), (m, t)
    with open(os.path.join(folder, name + '.in'), 'w') as f:
        f.write(f'{m} {len(targets)}\n' + ''.join(f'{t}\n' for t in targets))
    with open(os.path.join(folder, name + '.ans'), 'w') as f:
        f.write(''.join(f'{e[t]:.9f}\n' for t in targets))


write('sample', '1', 2, [1, 2, 3])
write('sample', '2', 6, [1, 6, 20])

write('secret', '01-one-face', 1, [1, 5, 1000000])
write('secret', '02-coin-small', 2, list(range(1, 41)))
write('secret', '03-d6-small', 6, list(range(1, 61)))
write('secret', '04-d100-below-m', 100, [1, 2, 50, 99, 100, 101])
write('secret', '05-d6-max', 6, [1000000])
write('secret', '06-d100-max', 100, [1000000, 999999, 123457])
write('secret', '07-d3-random', 3, [rng.randint(1, 10**6) for _ in range(1000)])
write('secret', '08-d20-random-many', 20, [rng.randint(1, 10**6) for _ in range(100000)])
write('secret', '09-d7-small-many', 7, [rng.randint(1, 30) for _ in range(20000)])
write('secret', '10-d100-sorted', 100, sorted(rng.randint(1, 10**6) for _ in range(5000)))
write('secret', '11-d99-descending', 99, list(range(1000, 0, -1)))
write('secret', '12-d2-max', 2, [10**6, 10**6 - 1])
