/**
 * A growth rate in one size variable n: an exponential family (none, 2^n, n!) or n^poly · log^log n.
 * Enough to tell the answers of a contest problem apart (O(1) … O(2^n)) and to price them at n.
 */
export interface Cost {
  exp: 0 | 1 | 2;
  poly: number;
  log: number;
}

export const O_1: Cost = { exp: 0, poly: 0, log: 0 };
export const O_LOG: Cost = { exp: 0, poly: 0, log: 1 };
export const O_SQRT: Cost = { exp: 0, poly: 0.5, log: 0 };
export const O_N: Cost = { exp: 0, poly: 1, log: 0 };
export const O_N_LOG: Cost = { exp: 0, poly: 1, log: 1 };
export const O_2N: Cost = { exp: 1, poly: 0, log: 0 };
export const O_FACT: Cost = { exp: 2, poly: 0, log: 0 };

export function polynomial(degree: number): Cost {
  return { exp: 0, poly: degree, log: 0 };
}

export function times(a: Cost, b: Cost): Cost {
  const exp = Math.max(a.exp, b.exp) as Cost['exp'];
  return exp ? { exp, poly: 0, log: 0 } : { exp, poly: a.poly + b.poly, log: a.log + b.log };
}

export function compareCost(a: Cost, b: Cost): number {
  return a.exp - b.exp || a.poly - b.poly || a.log - b.log;
}

export function maxCost(a: Cost, b: Cost): Cost {
  return compareCost(a, b) >= 0 ? a : b;
}

/** Big-O text: O(1), O(log n), O(√n), O(n), O(n log n), O(n^2), O(2^n), O(n!). */
export function formatCost(c: Cost): string {
  if (c.exp === 1) return 'O(2^n)';
  if (c.exp === 2) return 'O(n!)';
  const parts: string[] = [];
  if (c.poly === 0.5) parts.push('√n');
  else if (c.poly === 1) parts.push('n');
  else if (c.poly > 0) parts.push(Number.isInteger(c.poly) ? `n^${c.poly}` : `n^${c.poly.toFixed(1)}`);
  if (c.log === 1) parts.push('log n');
  else if (c.log > 1) parts.push(`log^${c.log} n`);
  return `O(${parts.join(' ') || '1'})`;
}

/** Rough number of basic steps at size n. */
export function stepsAt(c: Cost, n: number): number {
  if (c.exp === 1) return n >= 1024 ? Infinity : 2 ** n;
  if (c.exp === 2) {
    let f = 1;
    for (let i = 2; i <= n && f < 1e300; i++) f *= i;
    return f;
  }
  return Math.max(1, n ** c.poly * Math.max(1, Math.log2(Math.max(2, n))) ** c.log);
}
