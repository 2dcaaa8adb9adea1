import type { ProblemInputType, TestGroup } from '@javelin/contracts';
import type { CatalogInputVariable, CatalogProblem, CatalogTest } from './catalog';

/**
 * Olympiad-style problems with subtasks (issue 31): each problem's hidden tests are divided into test
 * groups worth points, as olympiad statements list them, so a slow solution earns the small subtasks
 * only. Each problem carries jury solutions: the reference (full score) and slower ones with the score
 * each must get; the seed's integration test judges every one of them through the real judge.
 *
 * Expected answers come from small BigInt oracles here (independent of the Java solutions).
 */

/** A jury solution: the body of the problem's function, and the score it must get. */
interface JurySolution {
  name: string;
  body: string;
  score: number;
}

interface OlympiadProblem extends CatalogProblem {
  testGroups: TestGroup[];
  jury: JurySolution[];
}

const MOD = 1_000_000_007n;

function v(name: string, type: ProblemInputType, description: string): CatalogInputVariable {
  return { id: name, name, type, description };
}

const example = (
  inputs: Record<string, string | number | bigint>,
  out: string | number | bigint,
): CatalogTest => ({
  inputs: Object.fromEntries(Object.entries(inputs).map(([k, x]) => [k, String(x)])),
  expectedOutput: String(out),
  isExample: true,
});

const inGroup = (
  group: string,
  inputs: Record<string, string | number | bigint>,
  out: string | number | bigint,
): CatalogTest => ({ ...example(inputs, out), isExample: false, group });

function body(code: string): string {
  return code.replace(/^\n/, '').trimEnd();
}

// ---------------------------------------------------------------------------------------------
// Oracles

/** F(n) mod p by fast doubling: F(2k) = F(k)(2F(k+1) − F(k)), F(2k+1) = F(k)² + F(k+1)². */
function fibMod(n: bigint): bigint {
  const go = (k: bigint): [bigint, bigint] => {
    if (k === 0n) return [0n, 1n];
    const [a, b] = go(k >> 1n);
    const c = (a * ((2n * b - a + MOD) % MOD)) % MOD;
    const d = (a * a + b * b) % MOD;
    return k & 1n ? [d, (c + d) % MOD] : [c, d];
  };
  return go(n)[0];
}

/** Σ_{i=1..n} ⌊n/i⌋ = 2·Σ_{i≤√n} ⌊n/i⌋ − ⌊√n⌋². */
function divisorStaircase(n: bigint): bigint {
  let r = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (r * r > n) r--;
  while ((r + 1n) * (r + 1n) <= n) r++;
  let sum = 0n;
  for (let i = 1n; i <= r; i++) sum += n / i;
  return 2n * sum - r * r;
}

/** C(a + b, a) mod p (factorials of up to a + b, and one inverse). */
function gridWalks(a: number, b: number): bigint {
  let num = 1n;
  let den = 1n;
  const k = Math.min(a, b);
  for (let i = 1; i <= k; i++) {
    num = (num * BigInt(a + b - k + i)) % MOD;
    den = (den * BigInt(i)) % MOD;
  }
  let inv = 1n;
  let base = den;
  for (let e = MOD - 2n; e > 0n; e >>= 1n) {
    if (e & 1n) inv = (inv * base) % MOD;
    base = (base * base) % MOD;
  }
  return (num * inv) % MOD;
}

// ---------------------------------------------------------------------------------------------
// Problems

const fibonacci: OlympiadProblem = {
  title: 'Fibonacci Remainders',
  difficulty: 'hard',
  points: 100,
  description: [
    'The Fibonacci numbers are F(0) = 0, F(1) = 1 and F(n) = F(n − 1) + F(n − 2).',
    'Return F(n) modulo 1 000 000 007.',
    '',
    'Subtasks:',
    '1. (20 points) n ≤ 30',
    '2. (30 points) n ≤ 10^7',
    '3. (50 points) n ≤ 10^18 (needs subtask 2)',
  ].join('\n'),
  constraints: '0 <= n <= 10^18',
  functionName: 'fibMod',
  returnType: 'int',
  inputVariables: [v('n', 'long', 'the index')],
  tags: ['math', 'matrix-exponentiation', 'olympiad'],
  testGroups: [
    { name: 'small', points: 20 },
    { name: 'medium', points: 30 },
    { name: 'large', points: 50, dependsOn: ['medium'] },
  ],
  testCases: [
    example({ n: 1 }, 1),
    example({ n: 10 }, 55),
    ...[0n, 2n, 25n, 30n].map((n) => inGroup('small', { n }, fibMod(n))),
    ...[1000n, 123_456n, 9_999_999n, 10_000_000n].map((n) => inGroup('medium', { n }, fibMod(n))),
    ...[1_000_000_000_000n, 987_654_321_987_654_321n, 1_000_000_000_000_000_000n].map((n) =>
      inGroup('large', { n }, fibMod(n)),
    ),
  ],
  solutionBody: body(`
        // Fast doubling over the bits of n, most significant first: (a, b) = (F(k), F(k + 1)).
        final long mod = 1_000_000_007L;
        long a = 0, b = 1;
        for (int bit = 62; bit >= 0; bit--) {
            long c = a * ((2 * b - a + mod) % mod) % mod;
            long d = (a * a + b * b) % mod;
            if (((n >> bit) & 1) == 0) { a = c; b = d; } else { a = d; b = (c + d) % mod; }
        }
        return (int) a;`),
  jury: [
    {
      name: 'linear',
      score: 50,
      body: body(`
        long a = 0, b = 1;
        for (long i = 0; i < n; i++) {
            long c = (a + b) % 1_000_000_007L;
            a = b;
            b = c;
        }
        return (int) a;`),
    },
    {
      name: 'recursive',
      score: 20,
      body: body(`
        if (n < 2) return (int) n;
        return (int) ((fibMod(n - 1) + (long) fibMod(n - 2)) % 1_000_000_007L);`),
    },
  ],
};

const staircase: OlympiadProblem = {
  title: 'Divisor Staircase',
  difficulty: 'hard',
  points: 100,
  description: [
    'Count all pairs (i, d) with 1 ≤ i ≤ n where d divides i: the total number of divisors of 1, 2, …, n.',
    '',
    'Example: n = 5 → 1 + 2 + 2 + 3 + 2 = 10.',
    '',
    'Subtasks:',
    '1. (25 points) n ≤ 2 000',
    '2. (35 points) n ≤ 2 · 10^7',
    '3. (40 points) n ≤ 10^13',
  ].join('\n'),
  constraints: '1 <= n <= 10^13',
  functionName: 'divisorStaircase',
  returnType: 'long',
  inputVariables: [v('n', 'long', 'the last number')],
  tags: ['math', 'number-theory', 'olympiad'],
  testGroups: [
    { name: 'brute', points: 25 },
    { name: 'linear', points: 35 },
    { name: 'sqrt', points: 40 },
  ],
  testCases: [
    example({ n: 5 }, 10),
    example({ n: 10 }, 27),
    ...[1n, 2n, 997n, 2000n].map((n) => inGroup('brute', { n }, divisorStaircase(n))),
    ...[65_536n, 5_000_000n, 20_000_000n].map((n) => inGroup('linear', { n }, divisorStaircase(n))),
    ...[123_456_789_012n, 9_999_999_999_999n, 10_000_000_000_000n].map((n) =>
      inGroup('sqrt', { n }, divisorStaircase(n)),
    ),
  ],
  solutionBody: body(`
        // Each quotient n / i for i <= sqrt(n) counts twice (as i and as n / i), minus the square counted twice.
        long r = (long) Math.sqrt((double) n);
        while (r * r > n) r--;
        while ((r + 1) * (r + 1) <= n) r++;
        long sum = 0;
        for (long i = 1; i <= r; i++) sum += n / i;
        return 2 * sum - r * r;`),
  jury: [
    {
      name: 'linear',
      score: 60,
      body: body(`
        long sum = 0;
        for (long i = 1; i <= n; i++) sum += n / i;
        return sum;`),
    },
    {
      name: 'quadratic',
      score: 25,
      body: body(`
        long count = 0;
        for (long k = 1; k <= n; k++)
            for (long d = 1; d <= k; d++)
                if (k % d == 0) count++;
        return count;`),
    },
  ],
};

const walks: OlympiadProblem = {
  title: 'Grid Walks',
  difficulty: 'hard',
  points: 100,
  description: [
    'A robot walks from the corner (0, 0) of a grid to the cell (a, b), one step right or one step up at a time.',
    'How many different walks are there? Return the count modulo 1 000 000 007.',
    '',
    'Subtasks:',
    '1. (15 points) a + b ≤ 20',
    '2. (25 points) a, b ≤ 2 000',
    '3. (20 points) a ≤ 10, b ≤ 10^6',
    '4. (40 points) a, b ≤ 10^6 (needs subtask 2)',
  ].join('\n'),
  constraints: '0 <= a, b <= 10^6',
  functionName: 'gridWalks',
  returnType: 'int',
  inputVariables: [v('a', 'int', 'steps to the right'), v('b', 'int', 'steps up')],
  tags: ['combinatorics', 'dynamic-programming', 'olympiad'],
  testGroups: [
    { name: 'tiny', points: 15 },
    { name: 'square', points: 25 },
    { name: 'narrow', points: 20 },
    { name: 'full', points: 40, dependsOn: ['square'] },
  ],
  testCases: [
    example({ a: 1, b: 1 }, 2),
    example({ a: 2, b: 3 }, 10),
    ...[
      [0, 0],
      [0, 7],
      [10, 10],
      [3, 17],
    ].map(([a, b]) => inGroup('tiny', { a, b }, gridWalks(a, b))),
    ...[
      [100, 200],
      [1999, 2000],
      [2000, 2000],
    ].map(([a, b]) => inGroup('square', { a, b }, gridWalks(a, b))),
    ...[
      [1, 1_000_000],
      [10, 999_999],
      [10, 1_000_000],
    ].map(([a, b]) => inGroup('narrow', { a, b }, gridWalks(a, b))),
    ...[
      [500_000, 500_000],
      [1_000_000, 999_983],
      [1_000_000, 1_000_000],
    ].map(([a, b]) => inGroup('full', { a, b }, gridWalks(a, b))),
  ],
  solutionBody: body(`
        // C(a + b, a): the product of the top factors over a!, divided by a modular inverse (Fermat).
        final long mod = 1_000_000_007L;
        int k = Math.min(a, b);
        long num = 1, den = 1;
        for (int i = 1; i <= k; i++) {
            num = num * (a + b - k + i) % mod;
            den = den * i % mod;
        }
        long inv = 1, base = den;
        for (long e = mod - 2; e > 0; e >>= 1) {
            if ((e & 1) == 1) inv = inv * base % mod;
            base = base * base % mod;
        }
        return (int) (num * inv % mod);`),
  jury: [
    {
      name: 'table',
      score: 60,
      body: body(`
        // One row of Pascal's table per step right: a * b additions.
        int[] row = new int[b + 1];
        java.util.Arrays.fill(row, 1);
        for (int i = 1; i <= a; i++)
            for (int j = 1; j <= b; j++)
                row[j] = (row[j] + row[j - 1]) % 1_000_000_007;
        return row[b];`),
    },
    {
      name: 'recursive',
      score: 15,
      body: body(`
        if (a == 0 || b == 0) return 1;
        return (gridWalks(a - 1, b) + gridWalks(a, b - 1)) % 1_000_000_007;`),
    },
  ],
};

/** The olympiad problems with subtasks (issue 31). */
export const OLYMPIAD_CATALOG: OlympiadProblem[] = [fibonacci, staircase, walks];
