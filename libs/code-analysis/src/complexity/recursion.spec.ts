import { describe, expect, it } from 'vitest';
import { formatCost, O_1, O_N } from '../cost';
import { JavaCode } from '../java-code';
import { CodeFacts } from './code-facts';
import {
  backtracking,
  branching,
  divideAndConquer,
  graphSearch,
  halving,
  linearRecursion,
  loopBranching,
  memoised,
  RECURSION_RULES,
  recursionContext,
  RecursionContext,
  recursionShape,
} from './recursion';

/** The recursion facts of `f` among `methods`, its body's own work taken as `bodyCost`. */
function recursive(methods: string, bodyCost = O_1): RecursionContext {
  const code = new JavaCode(`import java.util.*;\npublic class Main {\n${methods}\n}\n`);
  const ctx = recursionContext(new CodeFacts(code, new Set(['n'])), code.method('f')!, {
    cost: bodyCost,
    why: [],
  });
  if (!ctx) throw new Error('f does not recurse');
  return ctx;
}
const kindOf = (ctx: RecursionContext) => {
  const shape = recursionShape(ctx);
  return `${shape.kind} ${formatCost(shape.cost)}`;
};

const FIB = 'static int f(int n) { if (n < 2) return n; return f(n - 1) + f(n - 2); }';
const FIB_MEMO =
  'static long[] memo = new long[100]; static long f(int n) { if (n < 2) return n; if (memo[n] != 0) return memo[n]; return memo[n] = f(n - 1) + f(n - 2); }';
const DFS =
  'static boolean[][] visited; static void f(int[][] grid, int r, int c) { if (visited[r][c]) return; visited[r][c] = true; f(grid, r + 1, c); f(grid, r, c + 1); }';
const PERMUTE =
  'static void f(int[] a, boolean[] used, List<Integer> cur) { for (int i = 0; i < a.length; i++) { if (used[i]) continue; used[i] = true; f(a, used, cur); used[i] = false; } }';
const SUBSETS =
  'static int f(int[] a, int k) { int s = 0; for (int i = k; i < a.length; i++) s += f(a, i + 1); return s; }';
const MERGE_SORT =
  'static void f(int[] a, int lo, int hi) { if (hi - lo < 2) return; int mid = (lo + hi) / 2; f(a, lo, mid); f(a, mid, hi); }';
const BINARY =
  'static int f(int[] a, int lo, int hi) { int mid = (lo + hi) / 2; if (a[mid] > 0) return f(a, lo, mid); return f(a, mid + 1, hi); }';
const COUNTDOWN = 'static int f(int n) { if (n == 0) return 0; return 1 + f(n - 1); }';

describe('recursion rules', () => {
  it('memoised: a memo table read and written is computed once per state', () => {
    expect(memoised.read(recursive(FIB_MEMO))).toMatchObject({ kind: 'memoised', amortised: true });
    expect(memoised.read(recursive(FIB))).toBeUndefined();
  });

  it('graph-search: visited marks never undone visit each cell once', () => {
    expect(graphSearch.read(recursive(DFS))).toMatchObject({ kind: 'graph', amortised: true });
    expect(formatCost(graphSearch.read(recursive(DFS))!.cost)).toBe('O(m·n)');
    expect(graphSearch.read(recursive(PERMUTE))).toBeUndefined();
  });

  it('backtracking: recursion in a loop that undoes its choice tries every arrangement', () => {
    expect(backtracking.read(recursive(PERMUTE))?.kind).toBe('backtracking');
    expect(backtracking.read(recursive(SUBSETS))).toBeUndefined();
  });

  it('loop-branching: recursion in a loop without memo multiplies', () => {
    expect(loopBranching.read(recursive(SUBSETS))?.kind).toBe('branching');
    expect(loopBranching.read(recursive(FIB))).toBeUndefined();
  });

  it('divide-and-conquer: two calls on halves with linear work per level is n log n', () => {
    expect(formatCost(divideAndConquer.read(recursive(MERGE_SORT, O_N))!.cost)).toBe('O(n log n)');
    expect(formatCost(divideAndConquer.read(recursive(MERGE_SORT))!.cost)).toBe('O(n)');
    expect(divideAndConquer.read(recursive(FIB))).toBeUndefined();
  });

  it('branching: two calls per call on smaller arguments double at each level', () => {
    expect(branching.read(recursive(FIB))).toMatchObject({ kind: 'branching' });
    expect(branching.read(recursive(BINARY))).toBeUndefined();
  });

  it('halving: one call on half the range is O(log n) deep', () => {
    expect(formatCost(halving.read(recursive(BINARY))!.cost)).toBe('O(log n)');
    expect(halving.read(recursive(COUNTDOWN))).toBeUndefined();
  });

  it('linear: one call one step smaller is as deep as its argument', () => {
    expect(formatCost(linearRecursion(recursive(COUNTDOWN)).cost)).toBe('O(n)');
  });

  it('are tried in order, linear last', () => {
    expect(RECURSION_RULES.map((r) => r.name)).toEqual([
      'memoised',
      'graph-search',
      'backtracking',
      'loop-branching',
      'divide-and-conquer',
      'branching',
      'halving',
    ]);
    expect(
      [FIB_MEMO, DFS, PERMUTE, SUBSETS, MERGE_SORT, FIB, BINARY, COUNTDOWN].map((m) => kindOf(recursive(m))),
    ).toEqual([
      'memoised O(n)',
      'graph O(m·n)',
      'backtracking O(n!)',
      'branching O(2^n)',
      'divide-and-conquer O(n)',
      'branching O(2^n)',
      'halving O(log n)',
      'linear O(n)',
    ]);
  });
});
