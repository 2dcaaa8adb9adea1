/**
 * A growth rate: an exponential family (none, 2^n, n!) or a product of size variables, each with a
 * polynomial degree and a number of log factors. The size variable is `n` (the length of the input)
 * unless a loop runs up to the value of an int parameter, which then names its own variable:
 * `for (i < a) for (j < b)` is O(a·b). Enough to tell a contest problem's answers apart and to price
 * them at the constraints' bounds.
 */
export interface Cost {
  exp: 0 | 1 | 2;
  /** Polynomial degree per size variable, in the order the variables first appear. */
  poly: Record<string, number>;
  /** Log factors per size variable. */
  log: Record<string, number>;
}

/** The generic size variable: an array's or string's length. */
export const N = 'n';

export const O_1: Cost = { exp: 0, poly: {}, log: {} };
export const O_LOG: Cost = logOf(N);
export const O_SQRT: Cost = { exp: 0, poly: { [N]: 0.5 }, log: {} };
export const O_N: Cost = linearIn(N);
export const O_N_LOG: Cost = { exp: 0, poly: { [N]: 1 }, log: { [N]: 1 } };
export const O_2N: Cost = { exp: 1, poly: {}, log: {} };
export const O_FACT: Cost = { exp: 2, poly: {}, log: {} };

export function linearIn(variable: string): Cost {
  return { exp: 0, poly: { [variable]: 1 }, log: {} };
}

export function logOf(variable: string): Cost {
  return { exp: 0, poly: {}, log: { [variable]: 1 } };
}

/** The product of the given variables, one factor each (a memo table's states: `memo[m][n]` is m·n). */
export function productOf(variables: string[]): Cost {
  return variables.reduce((c, v) => times(c, linearIn(v)), O_1);
}

export function polynomial(degree: number, variable = N): Cost {
  return degree === 0 ? O_1 : { exp: 0, poly: { [variable]: degree }, log: {} };
}

export function times(a: Cost, b: Cost): Cost {
  const exp = Math.max(a.exp, b.exp) as Cost['exp'];
  if (exp) return { exp, poly: {}, log: {} };
  return { exp, poly: addDegrees(a.poly, b.poly), log: addDegrees(a.log, b.log) };
}

function addDegrees(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [v, d] of Object.entries(b)) out[v] = (out[v] ?? 0) + d;
  return out;
}

/** Total polynomial degree: O(a·b) and O(n^2) are both 2. */
export function degree(c: Cost): number {
  return sum(c.poly);
}

export function logFactors(c: Cost): number {
  return sum(c.log);
}

function sum(r: Record<string, number>): number {
  return Object.values(r).reduce((s, d) => s + d, 0);
}

/** Orders growth rates without knowing the variables' bounds: family, then total degree, then logs. */
export function compareCost(a: Cost, b: Cost): number {
  return a.exp - b.exp || degree(a) - degree(b) || logFactors(a) - logFactors(b);
}

export function maxCost(a: Cost, b: Cost): Cost {
  return compareCost(a, b) >= 0 ? a : b;
}

/** The size variables a cost depends on, in order of appearance. */
export function variablesOf(c: Cost): string[] {
  return [...new Set([...Object.keys(c.poly), ...Object.keys(c.log)])];
}

/** Big-O text: O(1), O(log n), O(√n), O(n), O(n log n), O(n^2), O(a·b), O(2^n), O(n!). */
export function formatCost(c: Cost): string {
  if (c.exp === 1) return 'O(2^n)';
  if (c.exp === 2) return 'O(n!)';
  const factors: string[] = [];
  for (const [v, d] of Object.entries(c.poly)) {
    if (d === 0.5) factors.push(`√${v}`);
    else if (d === 1) factors.push(v);
    else if (d > 0) factors.push(Number.isInteger(d) ? `${v}^${d}` : `${v}^${d.toFixed(1)}`);
  }
  const logs: string[] = [];
  for (const [v, d] of Object.entries(c.log)) {
    if (d === 1) logs.push(`log ${v}`);
    else if (d > 1) logs.push(`log^${d} ${v}`);
  }
  return `O(${[factors.join('·'), ...logs].filter(Boolean).join(' ') || '1'})`;
}

/** Rough number of basic steps when each size variable is at its bound. */
export function stepsAt(c: Cost, bound: (variable: string) => number): number {
  const n = bound(N);
  if (c.exp === 1) return n >= 1024 ? Infinity : 2 ** n;
  if (c.exp === 2) {
    let f = 1;
    for (let i = 2; i <= n && f < 1e300; i++) f *= i;
    return f;
  }
  let steps = 1;
  for (const [v, d] of Object.entries(c.poly)) steps *= Math.max(1, bound(v)) ** d;
  for (const [v, d] of Object.entries(c.log)) steps *= Math.max(1, Math.log2(Math.max(2, bound(v)))) ** d;
  return Math.max(1, steps);
}
