#!/usr/bin/env python3
"""Writes data/sample and data/secret of knapsack (seeded, reproducible); answers by a Python 0/1
knapsack DP (and, for n <= 12, checked against trying every subset)."""
import itertools
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(271828)


def best(cap, items):
    dp = [0] * (cap + 1)
    for w, v in items:
        if w <= cap:
            # the right-hand side is built from the old dp before the slice is replaced: each item once
            dp[w:] = [max(a, b + v) for a, b in zip(dp[w:], dp[: cap + 1 - w])]
    if len(items) <= 12:
        brute = max(
            sum(v for _, v in pick)
            for r in range(len(items) + 1)
            for pick in itertools.combinations(items, r)
            if sum(w for w, _ in pick) <= cap
        )
        assert brute == dp[cap], (cap, items)
    return dp[cap]


def write(group, name, cap, items):
    folder = os.path.join(HERE, 'data', group)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.in'), 'w') as f:
        f.write(f'{len(items)} {cap}\n' + ''.join(f'{w} {v}\n' for w, v in items))
    with open(os.path.join(folder, name + '.ans'), 'w') as f:
        f.write(f'{best(cap, items)}\n')


def random_items(n, wmax, vmax):
    return [(rng.randint(1, wmax), rng.randint(1, vmax)) for _ in range(n)]


write('sample', '1', 5, [(1, 2), (2, 3), (3, 4), (4, 5)])
write('sample', '2', 10, [(11, 100), (10, 7)])

write('secret', '01-one-fits', 1, [(1, 1)])
write('secret', '02-none-fits', 3, [(4, 10), (5, 20)])
write('secret', '03-ratio-trap', 10, [(6, 60), (5, 45), (5, 45)])
write('secret', '04-all-fit', 100000, [(1000, 10**9)] * 100)
write('secret', '05-small-random', 50, random_items(10, 20, 100))
write('secret', '06-small-random-2', 30, random_items(12, 15, 1000))
write('secret', '07-equal-ratio', 99999, [(w, w * 3) for w in random_items(100, 5000, 1)[0:100] for w in [w[0]]])
write('secret', '08-max-random', 100000, random_items(100, 100000, 10**9))
write('secret', '09-max-light', 100000, random_items(100, 3000, 10**9))
write('secret', '10-max-heavy-valuable', 100000, [(rng.randint(40000, 100000), rng.randint(9 * 10**8, 10**9)) for _ in range(100)])
write('secret', '11-one-heavy-treasure', 100000, [(100000, 10**9)] + [(1000, 9 * 10**6)] * 99)
write('secret', '12-greedy-by-value-trap', 1000, [(1000, 1000)] + [(100, 999)] * 10)
write('secret', '13-duplicates', 77777, [(7777, 12345)] * 50 + random_items(50, 20000, 10**5))
