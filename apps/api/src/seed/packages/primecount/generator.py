#!/usr/bin/env python3
"""Writes data/sample and data/secret of primecount (seeded, reproducible); answers from a Python sieve."""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(7919)
N = 10**7

sieve = bytearray([1]) * (N + 1)
sieve[0] = sieve[1] = 0
for p in range(2, int(N**0.5) + 1):
    if sieve[p]:
        sieve[p * p :: p] = bytearray(len(range(p * p, N + 1, p)))
primes_small = [p for p in range(2, 200000) if sieve[p]]


def pi_all(queries):
    """pi(n) for every query, counting the sieve between the sorted distinct queries."""
    result, count, upto = {}, 0, 0
    for n in sorted(set(queries)):
        count += sieve.count(1, upto + 1, n + 1) if n > upto else 0
        upto = max(upto, n)
        result[n] = count
    return [result[n] for n in queries]


def write(group, name, queries):
    folder = os.path.join(HERE, 'data', group)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.in'), 'w') as f:
        f.write(f'{len(queries)}\n' + ''.join(f'{n}\n' for n in queries))
    with open(os.path.join(folder, name + '.ans'), 'w') as f:
        f.write(''.join(f'{c}\n' for c in pi_all(queries)))


write('sample', '1', [10, 1, 2, 100])
write('sample', '2', [30])

write('secret', '01-tiny', list(range(1, 21)))
write('secret', '02-one', [1])
write('secret', '03-max', [N])
write('secret', '04-primes-themselves', rng.sample(primes_small, 500))
write('secret', '05-prime-neighbours', [p + d for p in rng.sample(primes_small, 300) for d in (-1, 0, 1)])
write('secret', '06-powers-of-ten', [10**k for k in range(8)])
write('secret', '07-random-small', [rng.randint(1, 1000) for _ in range(1000)])
write('secret', '08-random-large', [rng.randint(1, N) for _ in range(100000)])
write('secret', '09-many-max', [N] * 100000)
write('secret', '10-near-max', [N - k for k in range(2000)])
write('secret', '11-descending', sorted((rng.randint(1, N) for _ in range(5000)), reverse=True))
