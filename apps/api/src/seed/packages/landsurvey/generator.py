#!/usr/bin/env python3
"""Writes data/sample and data/secret of landsurvey (seeded, reproducible). Coordinates have three
decimals, so the exact area is computed with integers (thousandths) and printed with 9 decimals."""
import math
import os
import random
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(1618)


def area(points):
    """Exact area from thousandths: an integer cross sum, over 2 * 10^6."""
    milli = [(round(x * 1000), round(y * 1000)) for x, y in points]
    twice = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(milli, milli[1:] + milli[:1]))
    return Fraction(abs(twice), 2 * 10**6)


def fmt(value):
    return f'{value:.3f}'.rstrip('0').rstrip('.') if value != int(value) else str(int(value))


def write(group, name, points):
    folder = os.path.join(HERE, 'data', group)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.in'), 'w') as f:
        f.write(f'{len(points)}\n' + ''.join(f'{fmt(x)} {fmt(y)}\n' for x, y in points))
    exact = area(points)
    assert exact > 0
    with open(os.path.join(folder, name + '.ans'), 'w') as f:
        f.write(f'{float(exact):.9f}\n')


def star(n, rmin, rmax, cx=0.0, cy=0.0):
    """A star-shaped polygon: sorted angles, random radii (simple by construction)."""
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    pts = []
    for t in angles:
        r = rng.uniform(rmin, rmax)
        pts.append((round(cx + r * math.cos(t), 3), round(cy + r * math.sin(t), 3)))
    out = []
    for p in pts:  # rounding may repeat a corner on tiny stars: keep corners distinct
        if p not in out:
            out.append(p)
    return out


def comb(teeth):
    """A comb: many thin teeth (non-convex), counterclockwise."""
    pts = [(0.0, 0.0), (float(2 * teeth), 0.0)]
    for k in range(teeth - 1, -1, -1):
        pts += [(2.0 * k + 2 - 0.5, 100.0), (2.0 * k + 0.5, 100.0)]
        pts += [(2.0 * k + 0.5, 1.0)] if k > 0 else []
        pts += [(2.0 * k - 0.5, 1.0)] if k > 0 else []
    return pts


write('sample', '1', [(0, 0), (4, 0), (4, 3), (0, 3)])
write('sample', '2', [(0, 0), (0, 1), (1, 0)])
write('sample', '3', [(1.5, 0.5), (3.25, 1), (2, 2.75), (0.5, 2)])

write('secret', '01-unit-triangle-cw', [(0, 0), (0, 1), (1, 1)])
write('secret', '02-square-ccw', [(-1, -1), (1, -1), (1, 1), (-1, 1)])
write('secret', '03-square-cw', [(-1, -1), (-1, 1), (1, 1), (1, -1)])
write('secret', '04-tiny', [(0, 0), (0.001, 0), (0, 0.001)])
write('secret', '05-huge', [(-10000, -10000), (10000, -10000), (10000, 10000), (-10000, 10000)])
write('secret', '06-huge-cw-offset', [(9999.999, 9999.999), (9999.999, -10000), (-10000, -10000)])
write('secret', '07-l-shape', [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)])
write('secret', '08-star-small', star(20, 1, 5))
write('secret', '09-star-cw', star(1000, 10, 9000)[::-1])
write('secret', '10-star-max', star(100000, 100, 9999, 0, 0))
write('secret', '11-star-max-cw', star(100000, 1, 20, 9970, -9970)[::-1])
write('secret', '12-comb', comb(2000))
write('secret', '13-needle', [(-10000, 0), (10000, 0.001), (10000, 0.002)])
write('secret', '14-decimals', [(0.125, 0.375), (7.5, 0.001), (3.333, 4.444)])
