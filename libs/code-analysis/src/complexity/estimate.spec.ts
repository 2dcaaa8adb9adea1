import { describe, expect, it } from 'vitest';
import { estimateComplexity } from './estimate';
import { fitAgainstLimit, parseConstraints } from '../constraints/bounds';
import { JavaCode } from '../java-code';

/** The estimate of `body` as the body of `static int f(<params>)`. */
function estimate(params: string, body: string, helpers = '') {
  const code = new JavaCode(
    `import java.util.*;\npublic class Main {\n  static int f(${params}) {\n${body}\n  }\n${helpers}\n}\n`,
  );
  const ints = [...params.matchAll(/\b(?:int|long)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);
  return estimateComplexity(code, 'f', ints);
}
const time = (params: string, body: string, helpers = '') => estimate(params, body, helpers).timeText;

describe('complexity estimate', () => {
  it('reads nested loops on one line and without braces, bounded by int parameters, as O(a·b)', () => {
    expect(
      time(
        'int a, int b',
        'int s = 0; for (int i = 0; i < a; i++) for (int j = 0; j < b; j++) s++; return s;',
      ),
    ).toBe('O(a·b)');
    expect(
      time(
        'int a, int b',
        'int s = 0;\n for (int i = 0; i < a; i++)\n  for (int j = 0; j < b; j++)\n   s++;\n return s;',
      ),
    ).toBe('O(a·b)');
    expect(
      time(
        'int[] nums',
        'int s = 0; for (int i = 0; i < nums.length; i++) for (int j = i + 1; j < nums.length; j++) s++; return s;',
      ),
    ).toBe('O(n^2)');
  });

  it('names a triangular loop after the outer bound, and a while loop after its int parameter', () => {
    expect(
      time('int a', 'int s = 0; for (int i = 0; i < a; i++) for (int j = 0; j < i; j++) s++; return s;'),
    ).toBe('O(a^2)');
    expect(time('int a', 'int s = 0; while (a > 0) { a--; s++; } return s;')).toBe('O(a)');
  });

  it('reads halving and doubling loops as logarithmic', () => {
    expect(time('int n', 'int s = 0; while (n > 0) { n /= 2; s++; } return s;')).toBe('O(log n)');
    expect(time('int a', 'int s = 0; for (int i = 1; i < a; i *= 2) s++; return s;')).toBe('O(log a)');
    expect(
      time(
        'int[] nums',
        'int s = 0; for (int i = 0; i < nums.length; i++) for (int j = 1; j < nums.length; j <<= 1) s++; return s;',
      ),
    ).toBe('O(n log n)');
  });

  it('prices list lookups in a loop as a factor n and hash lookups as O(1)', () => {
    expect(
      time(
        'int[] nums',
        'List<Integer> seen = new ArrayList<>(); int c = 0; for (int x : nums) { if (seen.contains(x)) c++; seen.add(x); } return c;',
      ),
    ).toBe('O(n^2)');
    expect(
      time(
        'int[] nums',
        'Set<Integer> seen = new HashSet<>(); int c = 0; for (int x : nums) { if (seen.contains(x)) c++; seen.add(x); } return c;',
      ),
    ).toBe('O(n)');
    expect(
      time(
        'int[] nums',
        'var seen = new ArrayList<Integer>(); int c = 0; for (int x : nums) { c += seen.indexOf(x); seen.add(x); } return c;',
      ),
    ).toBe('O(n^2)');
    expect(
      time(
        'int[] nums',
        'List<Integer> l = new ArrayList<>(); for (int x : nums) l.add(x); int c = 0; while (!l.isEmpty()) { c += l.remove(l.size() - 1); } return c;',
      ),
    ).toBe('O(n)');
  });

  it('multiplies a sort inside a loop', () => {
    expect(
      time(
        'int[] nums',
        'int c = 0; for (int i = 0; i < nums.length; i++) { Arrays.sort(nums); c += nums[0]; } return c;',
      ),
    ).toBe('O(n^2 log n)');
  });

  it('tells two-way recursion from its memoised form, and sizes the memo by its shape', () => {
    expect(time('int n', 'if (n < 2) return n; return f(n - 1) + f(n - 2);')).toBe('O(2^n)');
    const memo = 'static long[] memo = new long[100];';
    expect(
      time(
        'int n',
        'return (int) g(n);',
        `${memo}\n static long g(int n) { if (n < 2) return n; if (memo[n] != 0) return memo[n]; return memo[n] = g(n - 1) + g(n - 2); }`,
      ),
    ).toBe('O(n)');
    const grid =
      'static int[][] memo; static int g(int m, int n) { if (m == 1 || n == 1) return 1; if (memo[m][n] != 0) return memo[m][n]; return memo[m][n] = g(m - 1, n) + g(m, n - 1); }';
    expect(time('int m, int n', 'memo = new int[m + 1][n + 1]; return g(m, n);', grid)).toBe('O(m·n)');
  });

  it('treats loops up to a small constant as O(1), and a two-pointer inner loop as amortised', () => {
    expect(
      time(
        'String s',
        'int[] c = new int[26]; int best = 0; for (int i = 0; i < s.length(); i++) for (int k = 0; k < 26; k++) best += c[k]; return best;',
      ),
    ).toBe('O(n)');
    expect(
      time(
        'int[] nums',
        'int j = 0, best = 0; for (int i = 0; i < nums.length; i++) { while (j < nums.length && nums[j] - nums[i] < 5) j++; best = Math.max(best, j - i); } return best;',
      ),
    ).toBe('O(n)');
  });

  it('reads a grid search as O(m·n): each cell once, even when a loop over the cells starts it', () => {
    const dfs =
      'static void sink(char[][] grid, int r, int c) { if (r < 0 || c < 0 || r >= grid.length || c >= grid[0].length || grid[r][c] != 1) return; grid[r][c] = 0; sink(grid, r + 1, c); sink(grid, r - 1, c); sink(grid, r, c + 1); sink(grid, r, c - 1); }';
    const visitedDfs = dfs.replace(
      'grid[r][c] != 1) return; grid[r][c] = 0;',
      'visited[r][c]) return; visited[r][c] = true;',
    );
    const islands =
      'int count = 0; for (int i = 0; i < grid.length; i++) for (int j = 0; j < grid[0].length; j++) if (!visited[i][j]) { count++; sink(grid, i, j); } return count;';
    expect(
      time(
        'char[][] grid',
        islands,
        `static boolean[][] visited;
${visitedDfs}`,
      ),
    ).toBe('O(m·n)');
    const bfs =
      'int[][] dist = new int[grid.length][grid[0].length]; ArrayDeque<int[]> q = new ArrayDeque<>(); q.add(new int[] {0, 0}); int[][] dirs = {{1,0},{-1,0},{0,1},{0,-1}}; while (!q.isEmpty()) { int[] p = q.poll(); for (int[] d : dirs) { int r = p[0] + d[0], c = p[1] + d[1]; if (r >= 0 && c >= 0 && r < grid.length && c < grid[0].length && dist[r][c] == 0) { dist[r][c] = dist[p[0]][p[1]] + 1; q.add(new int[] {r, c}); } } } return dist[grid.length - 1][grid[0].length - 1];';
    expect(time('int[][] grid', bfs)).toBe('O(m·n)');
    expect(estimate('int[][] grid', bfs).spaceText).toBe('O(m·n)');
  });

  it('prices streams and string concatenation in loops', () => {
    expect(
      time(
        'int[] nums',
        'int c = 0; for (int x : nums) c += (int) Arrays.stream(nums).filter(y -> y < x).count(); return c;',
      ),
    ).toBe('O(n^2)');
    expect(time('int[] nums', 'String s = ""; for (int x : nums) s = s + x; return s.length();')).toBe(
      'O(n^2)',
    );
    expect(
      time(
        'int[] nums',
        'StringBuilder sb = new StringBuilder(); for (int x : nums) sb.append(x); return sb.length();',
      ),
    ).toBe('O(n)');
  });
  it("does not multiply a sort of a few values written out, and reads Euclid's loop as logarithmic", () => {
    const sortThree =
      'int c = 0; for (int i = 0; i + 2 < nums.length; i++) { int[] t = {nums[i], nums[i + 1], nums[i + 2]}; Arrays.sort(t); c += t[1]; } return c;';
    expect(time('int[] nums', sortThree)).toBe('O(n)');
    expect(time('int a, int b', 'while (b != 0) { int t = a % b; a = b; b = t; } return a;')).toBe(
      'O(log b)',
    );
  });
});

describe('pricing against the constraints', () => {
  it('calls O(a·b) at a, b ≤ 10^9 too slow, not borderline', () => {
    const bounds = parseConstraints('-10^9 <= a, b <= 10^9', ['a', 'b']);
    const fit = fitAgainstLimit(
      estimate(
        'int a, int b',
        'int s = 0; for (int i = 0; i < a; i++) for (int j = 0; j < b; j++) s++; return s;',
      ).time,
      bounds,
      2,
    );
    expect(fit?.fit).toBe('too-slow');
    expect(fit?.text).toContain('O(a·b) at a = 10^9, b = 10^9 is about 10^18 steps');
  });

  it('calls a loop just past the budget too slow and one within 4× below it borderline', () => {
    const linear = estimate('int a', 'int s = 0; for (int i = 0; i < a; i++) s++; return s;').time;
    expect(fitAgainstLimit(linear, parseConstraints('1 <= a <= 10^9', ['a']), 2)?.fit).toBe('too-slow');
    expect(fitAgainstLimit(linear, parseConstraints('1 <= a <= 10^8', ['a']), 2)?.fit).toBe('borderline');
    expect(fitAgainstLimit(linear, parseConstraints('1 <= a <= 10^7', ['a']), 2)?.fit).toBe('fits');
  });
  it('leaves an estimate unpriced when the constraints bound nothing it depends on', () => {
    const constant = estimate('int a', 'return a;').time;
    const linear = estimate('int a', 'int s = 0; for (int i = 0; i < a; i++) s++; return s;').time;
    expect(fitAgainstLimit(constant, parseConstraints(''), 2)).toBeUndefined();
    expect(fitAgainstLimit(linear, parseConstraints('a is positive'), 2)).toBeUndefined();
    expect(fitAgainstLimit(linear, parseConstraints('1 <= a <= 1000'), 2)?.text).toContain(
      'O(a) at a = 1000',
    );
  });
});
