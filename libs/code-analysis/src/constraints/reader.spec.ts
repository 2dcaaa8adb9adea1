import { describe, expect, it } from 'vitest';
import { evaluate, normaliseLine, parse } from './expression';
import { readConstraints, resolvedBound, type Variable } from './reader';

const v = (spec: string): Variable[] =>
  spec.split(/\s+/).map((s) => {
    const [name, type] = s.split(':');
    return { name, type } as Variable;
  });
const range = (text: string, vars: string, key: string) => resolvedBound(readConstraints(text, v(vars)), key);
const num = (text: string) => {
  const node = parse(normaliseLine(text));
  const value = node && evaluate(node, () => undefined);
  return value?.kind === 'number' ? value.value : undefined;
};

describe('rule: exact arithmetic on bounds', () => {
  it('evaluates powers, products, sums and separators exactly', () => {
    expect(num('2^31 - 1')).toBe(2147483647);
    expect(num('-2^31')).toBe(-2147483648);
    expect(num('-10^4')).toBe(-10000);
    expect(num('10^9 + 7')).toBe(1000000007);
    expect(num('2 * 10^4')).toBe(20000);
    expect(num('2·10⁵')).toBe(200000);
    expect(num('3 x 10^4')).toBe(30000);
    expect(num('50,000')).toBe(50000);
    expect(num('1,000,000')).toBe(1e6);
    expect(num('1e5')).toBe(1e5);
    expect(num('10**9')).toBe(1e9);
    expect(num('2^63 - 1')).toBe(2 ** 63 - 1);
  });
});

describe('rule: comparison-chain', () => {
  it('reads non-strict and strict bounds, the strict ones moved by one for whole numbers', () => {
    expect(range('-2^31 <= nums[i] <= 2^31 - 1', 'nums:int[]', 'nums:values')).toEqual({
      min: -(2 ** 31),
      max: 2 ** 31 - 1,
    });
    expect(range('0 < n < 10^5', 'n:int', 'n:values')).toEqual({ min: 1, max: 99999 });
    expect(range('0 < x < 1.5', 'x:double', 'x:values')).toEqual({ min: 0, max: 1.5 });
    expect(range('10^5 >= n >= 1', 'n:int', 'n:values')).toEqual({ min: 1, max: 1e5 });
    expect(range('1 <= m, n <= 300', 'm:int n:int', 'n:values')).toEqual({ min: 1, max: 300 });
    expect(range('-100 <= a, b <= 100', 'a:int b:int', 'a:values')).toEqual({ min: -100, max: 100 });
  });

  it('binds two variables of a chain: the lower never exceeds the upper, both keep the outer bounds', () => {
    const r = readConstraints('0 <= left <= right <= 10^9', v('left:int right:int'));
    expect(resolvedBound(r, 'left:values')).toEqual({ min: 0, max: 1e9 });
    expect(resolvedBound(r, 'right:values')).toEqual({ min: 0, max: 1e9 });
    expect(r.bounds.get('left:values')?.maxFrom).toEqual([{ key: 'right:values', times: 1, plus: 0 }]);
    const boats = readConstraints('1 <= people[i] <= limit <= 3 * 10^4', v('people:int[] limit:int'));
    expect(resolvedBound(boats, 'people:values')).toEqual({ min: 1, max: 3e4 });
    expect(resolvedBound(boats, 'limit:values')).toEqual({ min: 1, max: 3e4 });
    expect(range('-10^4 <= ax1 <= ax2 <= 10^4', 'ax1:int ax2:int', 'ax2:values')).toEqual({
      min: -1e4,
      max: 1e4,
    });
  });

  it('reads formulas in another variable', () => {
    const text = 'n == graph.length\n1 <= n <= 12\n0 <= graph[u][i] <= n - 1';
    expect(range(text, 'graph:int[][]', 'graph:values')).toEqual({ min: 0, max: 11 });
    expect(range('1 <= nums.length <= 10^5\n1 <= k <= nums.length', 'nums:int[] k:int', 'k:values')).toEqual({
      min: 1,
      max: 1e5,
    });
  });

  it('leaves prose around the numbers out and reads a full stop after one', () => {
    expect(range('1 <= n <= 10^5, where n is the length of nums.', 'nums:int[]', 'nums:length')).toEqual({
      min: 1,
      max: 1e5,
    });
    expect(range('1 <= s.length <= 5 * 10^4.', 's:string', 's:length')).toEqual({ min: 1, max: 5e4 });
  });
});

describe('rule: subscripted column names', () => {
  it('reads start_i and end_i as the columns of intervals, in order', () => {
    const r = readConstraints(
      'intervals[i] = [start_i, end_i]\n0 <= start_i <= end_i <= 10^4',
      v('intervals:int[][]'),
    );
    expect(resolvedBound(r, 'intervals:values')).toEqual({ min: 0, max: 1e4 });
    expect(resolvedBound(r, 'intervals:columns')).toEqual({ min: 2, max: 2 });
    expect(r.orderedColumns.has('intervals')).toBe(true);
    const plain = readConstraints(
      'intervals[i] == [starti, endi]\n0 <= starti < endi <= 10^6',
      v('intervals:int[][]'),
    );
    expect(resolvedBound(plain, 'intervals:values')).toEqual({ min: 0, max: 1e6 });
  });
});

describe('rule: equality (lengths tied to others, reversed)', () => {
  it('ties a length to a scalar or another length, either way round', () => {
    const r = readConstraints('1 <= n <= 500\nnums.length == 2 * n', v('nums:int[] n:int'));
    expect(resolvedBound(r, 'nums:length')).toEqual({ min: 2, max: 1000 });
    expect(r.bounds.get('nums:length')?.equals).toEqual({ key: 'n:values', times: 2, plus: 0 });
    expect(range('1 <= s.length <= 1000\nt.length == s.length + 1', 's:string t:string', 't:length')).toEqual(
      { min: 2, max: 1001 },
    );
    expect(range('1 <= n <= 100\nn == graph.length', 'graph:int[][] n:int', 'graph:length')).toEqual({
      min: 1,
      max: 100,
    });
    expect(range('2 == intervals[i].length', 'intervals:int[][]', 'intervals:columns')).toEqual({
      min: 2,
      max: 2,
    });
  });

  it('reads m and n defined by their quantity', () => {
    const r = readConstraints('m == grid.length\nn == grid[i].length\n1 <= m, n <= 300', v('grid:char[][]'));
    expect(resolvedBound(r, 'grid:length')).toEqual({ min: 1, max: 300 });
    expect(resolvedBound(r, 'grid:columns')).toEqual({ min: 1, max: 300 });
    expect(r.assumptions).toEqual([]);
  });
});

describe('rule: enumeration', () => {
  it('reads either/or and lists', () => {
    const r = readConstraints('nums[i] is either 0 or 1.', v('nums:int[]'));
    expect(r.oneOf.get('nums')).toEqual([0, 1]);
    expect(resolvedBound(r, 'nums:values')).toEqual({ min: 0, max: 1 });
    expect(readConstraints('colors[i] is 0, 1, or 2', v('colors:int[]')).oneOf.get('colors')).toEqual([
      0, 1, 2,
    ]);
  });
});

describe('rule: prose-range', () => {
  it('reads between, ranges, at most and at least', () => {
    expect(range('The length of nums will be between 1 and 50,000.', 'nums:int[]', 'nums:length')).toEqual({
      min: 1,
      max: 5e4,
    });
    expect(
      range(
        'Each element nums[i] will be an integer in the range [-10^4, 10^4].',
        'nums:int[]',
        'nums:values',
      ),
    ).toEqual({ min: -1e4, max: 1e4 });
    expect(range('n is at most 10^5 and at least 1', 'n:int', 'n:values')).toEqual({ min: 1, max: 1e5 });
    expect(
      range('The number of elements in nums is in the range [0, 5000]', 'nums:int[]', 'nums:length'),
    ).toEqual({ min: 0, max: 5000 });
  });
});

describe('rule: uniqueness and sums', () => {
  it('marks distinct elements and reads a bound on a sum', () => {
    expect(
      readConstraints('All the integers of nums are unique.', v('nums:int[]')).distinct.has('nums'),
    ).toBe(true);
    expect(readConstraints('nums may contain duplicates', v('nums:int[]')).distinct.size).toBe(0);
    expect(range('The sum of nums[i] is at most 10^5', 'nums:int[]', 'nums:sum')).toEqual({ max: 1e5 });
    expect(range('sum(nums[i]) <= 2 * 10^4', 'nums:int[]', 'nums:sum')).toEqual({ max: 2e4 });
  });
});

describe('rule: alphabet', () => {
  const alpha = (text: string, vars = 's:string') =>
    readConstraints(text, v(vars)).alphabets.get(vars.split(':')[0]);
  it('composes classes and quoted characters', () => {
    expect(alpha('s consists of lowercase English letters.')).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(alpha('s consists of uppercase and lowercase English letters.')).toHaveLength(52);
    expect(alpha("s consists of English letters (lower-case and upper-case), ',' and '.'.")).toHaveLength(54);
    expect(alpha("s consists of letters, digits, and dashes '-'.")).toHaveLength(63);
    expect(alpha('s consists of printable ascii characters.')).toHaveLength(95);
    expect(alpha("s[i] is either '0' or '1'.")).toBe('01');
    expect(alpha("grid[i][j] is '0' or '1'.", 'grid:char[][]')).toBe('01');
    expect(alpha('s consists of only uppercase English letters.')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  });
});

describe('lines no rule reads', () => {
  it('are listed as not understood', () => {
    const r = readConstraints(
      'The answer is guaranteed to fit in a 32-bit integer.\n1 <= n <= 10',
      v('n:int'),
    );
    expect(r.lines).toEqual([
      { text: 'The answer is guaranteed to fit in a 32-bit integer.', rules: [] },
      { text: '1 <= n <= 10', rules: ['comparison-chain'] },
    ]);
  });
});
