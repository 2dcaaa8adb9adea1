import { describe, expect, it } from 'vitest';
import { formatCost } from '../cost';
import { JavaCode } from '../java-code';
import { CodeFacts } from './code-facts';
import {
  constantBounds,
  constantCondition,
  constantIterable,
  digitsOfNumber,
  drainsSharedQueue,
  FOR_RULES,
  FOREACH_RULES,
  gridRows,
  halvingRange,
  harmonicStep,
  iterableOf,
  LoopContext,
  loopContext,
  loopCount,
  LoopRule,
  multipliedCounter,
  queueNeighbours,
  queueOverGrid,
  readForHeader,
  readWhileHeader,
  squareRoot,
  subsets,
  twoPointers,
  untilBreak,
  WHILE_RULES,
  whileTrue,
} from './loops';

/** The context of the last loop in `static int f(<params>) { <body> }` (the innermost of a nest), its outer loops read first. */
function lastLoop(params: string, body: string, fields = ''): LoopContext {
  const code = new JavaCode(
    `import java.util.*;\npublic class Main {\n${fields}\n  static int f(${params}) {\n${body}\n  }\n}\n`,
  );
  const ints = [...params.matchAll(/\b(?:int|long)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);
  const facts = new CodeFacts(code, new Set(ints));
  const loop = code.loops[code.loops.length - 1];
  const enclosing = code.enclosingLoops(loop.start);
  for (const outer of enclosing) loopCount(facts, outer, code.enclosingLoops(outer.start));
  return loopContext(facts, loop, enclosing);
}

const header = {
  foreach: (ctx: LoopContext) => iterableOf(ctx),
  for: (ctx: LoopContext) => readForHeader(ctx),
  while: (ctx: LoopContext) => readWhileHeader(ctx),
};

/** The rule's count of the loop, as Big-O text (undefined when the rule does not read it). */
function count<H>(rule: LoopRule<H>, kind: keyof typeof header, ctx: LoopContext): string | undefined {
  const term = rule.count(ctx, header[kind](ctx) as H);
  return term && formatCost(term.cost);
}

describe('for-each rules', () => {
  it('constant-iterable: a constant array or small constant runs O(1) times; an input does not', () => {
    const dirs = 'static final int[][] DIRS = {{0, 1}, {1, 0}};';
    expect(count(constantIterable, 'foreach', lastLoop('int[] nums', 'for (int[] d : DIRS) {}', dirs))).toBe(
      'O(1)',
    );
    expect(
      count(constantIterable, 'foreach', lastLoop('int[] nums', 'for (int x : nums) {}')),
    ).toBeUndefined();
  });

  it('digits-of-number: the digits of an int input are O(log) of its value', () => {
    expect(
      count(
        digitsOfNumber,
        'foreach',
        lastLoop('int a', 'for (char c : String.valueOf(a).toCharArray()) {}'),
      ),
    ).toBe('O(log a)');
    expect(
      count(digitsOfNumber, 'foreach', lastLoop('String s', 'for (char c : s.toCharArray()) {}')),
    ).toBeUndefined();
  });

  it("grid-rows: a grid's rows are m", () => {
    const grid = 'int[][] g = new int[r][c]; int s = 0; for (int[] row : g) s += row[0];';
    expect(
      count(
        gridRows,
        'foreach',
        lastLoop('int[][] grid', 'int s = 0; for (int[] row : grid) s += grid[s][s];'),
      ),
    ).toBe('O(m)');
    expect(count(gridRows, 'foreach', lastLoop('int[][] edges', 'for (int[] e : edges) {}'))).toBeUndefined();
    expect(count(gridRows, 'foreach', lastLoop('int r, int c', grid))).toBeUndefined();
  });

  it("queue-neighbours: a node's neighbours inside a BFS queue loop are counted by the queue", () => {
    const bfs =
      'Deque<Integer> q = new ArrayDeque<>(); while (!q.isEmpty()) { int u = q.poll(); for (int v : adj.get(u)) q.add(v); }';
    expect(count(queueNeighbours, 'foreach', lastLoop('List<List<Integer>> adj', bfs))).toBe('O(1)');
    expect(
      count(queueNeighbours, 'foreach', lastLoop('List<Integer> adj', 'for (int v : adj) {}')),
    ).toBeUndefined();
  });

  it('falls back to one run per element of the iterable', () => {
    const ctx = lastLoop('int[] nums', 'for (int x : nums) {}');
    expect(formatCost(loopCount(ctx.facts, ctx.loop, ctx.enclosing).cost)).toBe('O(n)');
    expect(FOREACH_RULES.map((r) => r.name)).toEqual([
      'constant-iterable',
      'digits-of-number',
      'grid-rows',
      'queue-neighbours',
    ]);
  });
});

describe('for rules', () => {
  it('until-break: no condition runs until a break, assumed n times', () => {
    expect(
      count(untilBreak, 'for', lastLoop('int[] nums', 'for (int i = 0; ; i++) { if (i > 3) break; }')),
    ).toBe('O(n)');
    expect(
      count(untilBreak, 'for', lastLoop('int[] nums', 'for (int i = 0; i < 3; i++) {}')),
    ).toBeUndefined();
  });

  it('subsets: up to 1 << n is every subset', () => {
    expect(
      count(subsets, 'for', lastLoop('int[] nums', 'for (int m = 0; m < (1 << nums.length); m++) {}')),
    ).toBe('O(2^n)');
    expect(
      count(subsets, 'for', lastLoop('int[] nums', 'for (int m = 0; m < nums.length; m++) {}')),
    ).toBeUndefined();
  });

  it('multiplied-counter: a counter multiplied or divided takes logarithmic steps', () => {
    expect(count(multipliedCounter, 'for', lastLoop('int a', 'for (int i = 1; i < a; i *= 2) {}'))).toBe(
      'O(log a)',
    );
    expect(count(multipliedCounter, 'for', lastLoop('int a', 'for (int i = a; i > 0; i = i / 10) {}'))).toBe(
      'O(log a)',
    );
    expect(
      count(multipliedCounter, 'for', lastLoop('int a', 'for (int i = 0; i < a; i++) {}')),
    ).toBeUndefined();
  });

  it("harmonic-step: stepping by the outer loop's counter is a sieve's n/1 + n/2 + …", () => {
    const sieve = 'for (int i = 2; i < nums.length; i++) for (int j = i; j < nums.length; j += i) nums[j]++;';
    expect(count(harmonicStep, 'for', lastLoop('int[] nums', sieve))).toBe('O(log n)');
    expect(
      count(
        harmonicStep,
        'for',
        lastLoop('int[] nums', 'int k = 2; for (int j = 0; j < nums.length; j += k) {}'),
      ),
    ).toBeUndefined();
  });

  it('square-root: i * i <= n and Math.sqrt stop at √n', () => {
    expect(count(squareRoot, 'for', lastLoop('int a', 'for (int i = 2; i * i <= a; i++) {}'))).toBe('O(√a)');
    expect(count(squareRoot, 'for', lastLoop('int a', 'for (int i = 2; i <= Math.sqrt(a); i++) {}'))).toBe(
      'O(√a)',
    );
    expect(count(squareRoot, 'for', lastLoop('int a', 'for (int i = 2; i <= a; i++) {}'))).toBeUndefined();
  });

  it('constant-bounds: bounds that are all small constants run O(1) times', () => {
    expect(count(constantBounds, 'for', lastLoop('String s', 'for (int c = 0; c < 26; c++) {}'))).toBe(
      'O(1)',
    );
    expect(
      count(constantBounds, 'for', lastLoop('String s', 'for (int c = 0; c < 100000; c++) {}')),
    ).toBeUndefined();
  });

  it('falls back to the bound: n for a length, the value of an int input, an outer bound inherited', () => {
    expect(FOR_RULES.map((r) => r.name)).toEqual([
      'until-break',
      'subsets',
      'multiplied-counter',
      'harmonic-step',
      'square-root',
      'constant-bounds',
    ]);
    const ctx = lastLoop('int a', 'for (int i = 0; i < a; i++) for (int j = 0; j < i; j++) {}');
    expect(formatCost(loopCount(ctx.facts, ctx.loop, ctx.enclosing).cost)).toBe('O(a)');
  });
});

describe('while rules', () => {
  it('while-true: runs until a break, assumed n times', () => {
    expect(count(whileTrue, 'while', lastLoop('int[] nums', 'while (true) { break; }'))).toBe('O(n)');
    expect(count(whileTrue, 'while', lastLoop('int a', 'while (a > 0) a--;'))).toBeUndefined();
  });

  it('queue-over-grid: a top-level queue loop over a grid takes each cell once', () => {
    const bfs =
      'Deque<int[]> q = new ArrayDeque<>(); while (!q.isEmpty()) { int[] c = q.poll(); int r = c[0], k = c[1]; grid[r][k] = 0; }';
    expect(count(queueOverGrid, 'while', lastLoop('int[][] grid', bfs))).toBe('O(m·n)');
    expect(
      count(
        queueOverGrid,
        'while',
        lastLoop('int[] nums', 'Deque<Integer> q = new ArrayDeque<>(); while (!q.isEmpty()) q.poll();'),
      ),
    ).toBeUndefined();
  });

  it("halving-range: a halved range, a binary search's mid and Euclid's modulo are logarithmic", () => {
    expect(count(halvingRange, 'while', lastLoop('int a', 'while (a > 0) a /= 2;'))).toBe('O(log a)');
    expect(
      count(
        halvingRange,
        'while',
        lastLoop(
          'int[] nums',
          'int lo = 0, hi = nums.length; while (lo < hi) { int mid = (lo + hi) / 2; hi = mid; }',
        ),
      ),
    ).toBe('O(log n)');
    expect(
      count(
        halvingRange,
        'while',
        lastLoop('int a, int b', 'while (b != 0) { int t = a % b; a = b; b = t; }'),
      ),
    ).toBe('O(log b)');
    expect(count(halvingRange, 'while', lastLoop('int a', 'while (a > 0) a--;'))).toBeUndefined();
  });

  it('drains-shared-queue: an inner loop emptying a queue is counted by the loop that fills it', () => {
    const inner =
      'Deque<Integer> st = new ArrayDeque<>(); for (int x : nums) { while (!st.isEmpty()) st.pop(); st.push(x); }';
    expect(count(drainsSharedQueue, 'while', lastLoop('int[] nums', inner))).toBe('O(1)');
    expect(
      count(
        drainsSharedQueue,
        'while',
        lastLoop('int[] nums', 'Deque<Integer> st = new ArrayDeque<>(); while (!st.isEmpty()) st.pop();'),
      ),
    ).toBeUndefined();
  });

  it('two-pointers: an inner loop moving a pointer kept across the outer loop is amortised', () => {
    const window =
      'int j = 0; for (int i = 0; i < nums.length; i++) { while (j < nums.length && nums[j] < nums[i]) j++; }';
    expect(count(twoPointers, 'while', lastLoop('int[] nums', window))).toBe('O(1)');
    const fresh = 'for (int i = 0; i < nums.length; i++) { int j = 0; while (j < nums.length) j++; }';
    expect(count(twoPointers, 'while', lastLoop('int[] nums', fresh))).toBeUndefined();
  });

  it('constant-condition: a condition on constants only runs O(1) times', () => {
    expect(count(constantCondition, 'while', lastLoop('int a', 'while (a > 0) a--;'))).toBeUndefined();
    expect(
      count(
        constantCondition,
        'while',
        lastLoop('int[] nums', 'while (LIMIT > 0) {}', 'static final int LIMIT = 32;'),
      ),
    ).toBe('O(1)');
  });

  it('falls back to the variables of the condition', () => {
    expect(WHILE_RULES.map((r) => r.name)).toEqual([
      'while-true',
      'queue-over-grid',
      'halving-range',
      'drains-shared-queue',
      'two-pointers',
      'constant-condition',
    ]);
    const ctx = lastLoop('int a', 'while (a > 0) a--;');
    expect(formatCost(loopCount(ctx.facts, ctx.loop, ctx.enclosing).cost)).toBe('O(a)');
  });
});
