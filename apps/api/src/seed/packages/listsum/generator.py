#!/usr/bin/env python3
"""Writes data/sample and data/secret of listsum (seeded, so the output is reproducible).

Run from anywhere: python3 generator.py. The answers are computed here, independently of the
Java submissions, so the local verification checks the submissions against a second implementation.
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261126)


def write(group, name, values, per_line=None):
    folder = os.path.join(HERE, 'data', group)
    os.makedirs(folder, exist_ok=True)
    per_line = per_line or len(values)
    rows = [' '.join(map(str, values[i:i + per_line])) for i in range(0, len(values), per_line)]
    with open(os.path.join(folder, name + '.in'), 'w') as f:
        f.write(f'{len(values)}\n' + '\n'.join(rows) + '\n')
    with open(os.path.join(folder, name + '.ans'), 'w') as f:
        f.write(f'{sum(values)}\n')


write('sample', '1', [1, 2, 3, 4])
write('sample', '2', [-5, 10, -20])

M = 10**9
write('secret', '01-single', [7])
write('secret', '02-single-negative', [-M])
write('secret', '03-zeros', [0] * 1000, per_line=37)
write('secret', '04-small-random', [rng.randint(-100, 100) for _ in range(50)], per_line=7)
write('secret', '05-one-per-line', [rng.randint(-M, M) for _ in range(1000)], per_line=1)
write('secret', '06-three-big', [M, M, M])
write('secret', '07-all-max', [M] * 100000, per_line=1000)
write('secret', '08-all-min', [-M] * 50000, per_line=1000)
write('secret', '09-cancel', [M, -M] * 50000, per_line=10)
write('secret', '10-random-max', [rng.randint(-M, M) for _ in range(100000)], per_line=500)
write('secret', '11-mostly-positive', [rng.randint(-M // 10, M) for _ in range(50000)], per_line=1)
write('secret', '12-int-wraps-back', [2 * 10**9 // 2] * 4 + [-1] * 3, per_line=2)
