import { describe, expect, it } from 'vitest';
import { fitAgainstLimit, overrule, parseConstraints } from './bounds';
import { O_1, O_N } from '../cost';
import type { Cost } from '../cost';

const TWO_SUM = `2 <= nums.length <= 10^4
-10^9 <= nums[i] <= 10^9
-10^9 <= target <= 10^9
Only one valid answer exists.`;
const TWO_SUM_VARS = [
  { name: 'nums', type: 'int[]' as const },
  { name: 'target', type: 'int' as const },
];
const O_N2: Cost = { exp: 0, poly: { n: 2 }, log: {} };

describe('the size and value bounds the complexity is priced at', () => {
  it('reads every notation of a bound through the reader arithmetic (expression.ts)', () => {
    expect(parseConstraints('1 <= n <= 10^5').maxSize).toBe(1e5);
    expect(parseConstraints('1 ≤ n ≤ 2·10^5').maxSize).toBe(2e5);
    expect(parseConstraints('1 <= n <= 2 x 10^5').maxSize).toBe(2e5);
    expect(parseConstraints('|s| ≤ 10⁶').maxSize).toBe(1e6);
    expect(parseConstraints('1 <= n <= 10**9').maxSize).toBe(1e9);
    expect(parseConstraints('1 <= n <= 10^{5}').maxSize).toBe(1e5);
    expect(parseConstraints('1 <= n <= 1e5').maxSize).toBe(1e5);
    expect(parseConstraints('1 <= n <= 50,000').maxSize).toBe(50_000);
    expect(parseConstraints('-2^31 <= nums[i] <= 2^31').maxValue).toBe(2 ** 31);
  });

  it('tells sizes from values, and bounds each plainly named quantity', () => {
    expect(parseConstraints('1 <= nums.length <= 3 * 10^4\n-10^4 <= nums[i] <= 10^4')).toEqual({
      maxSize: 3e4,
      sizeClause: '1 <= nums.length <= 3 * 10^4',
      maxValue: 1e4,
    });
    expect(parseConstraints('')).toEqual({});
  });
});

describe('issue 44: complexity on sizes, never on values', () => {
  it("Two Sum: the input size is nums.length's 10^4, never target's 10^9", () => {
    const bounds = parseConstraints(TWO_SUM, ['target'], TWO_SUM_VARS);
    expect(bounds.maxSize).toBe(1e4);
    expect(bounds.sizeClause).toBe('2 <= nums.length <= 10^4');
    expect(bounds.byName?.target).toBe(1e9);
    expect(bounds.maxValue).toBe(1e9);
  });

  it('an O(n) HashMap solution fits; an O(n²) one is judged on 10^4, not on the value bound', () => {
    const bounds = parseConstraints(TWO_SUM, ['target'], TWO_SUM_VARS);
    expect(fitAgainstLimit(O_N, bounds, 2)).toMatchObject({ fit: 'fits', at: 'n = 10^4' });
    const quadratic = fitAgainstLimit(O_N2, bounds, 2)!;
    expect(quadratic.at).toBe('n = 10^4');
    expect(quadratic.steps).toBe(1e8);
    expect(quadratic.fit).toBe('borderline');
    expect(quadratic.text).not.toContain('10^9');
  });

  it('beside an array a scalar is no size: a loop up to it is priced at its own bound', () => {
    const bounds = parseConstraints(TWO_SUM, ['target'], TWO_SUM_VARS);
    const loop: Cost = { exp: 0, poly: { target: 1 }, log: {} };
    expect(fitAgainstLimit(loop, bounds, 2)).toMatchObject({ fit: 'too-slow', at: 'target = 10^9' });
    expect(fitAgainstLimit(O_1, bounds, 2)?.fit).toBe('fits');
  });

  it('a number the text ties to a length is a size: `nums.length == n`, `edges.length == n - 1`, `n == grid.length`', () => {
    const tied = parseConstraints(
      '1 <= n <= 10^5\nnums.length == n',
      ['n'],
      [
        { name: 'n', type: 'int' },
        { name: 'nums', type: 'int[]' },
      ],
    );
    expect(tied.maxSize).toBe(1e5);
    const tree = parseConstraints(
      '2 <= n <= 3 * 10^4\nedges.length == n - 1\n0 <= ai, bi < n',
      ['n'],
      [
        { name: 'n', type: 'int' },
        { name: 'edges', type: 'int[][]' },
      ],
    );
    expect(tree.maxSize).toBe(3e4);
    const grid = parseConstraints(
      'm == grid.length\nn == grid[i].length\n1 <= m <= 300\n1 <= n <= 50',
      [],
      [{ name: 'grid', type: 'int[][]' }],
    );
    expect(grid.byName).toMatchObject({ m: 300, n: 50 });
    expect(grid.maxSize).toBe(300);
  });

  it('code the judge accepted is never too slow; a conclusive measurement outweighs the text (named as the doubt)', () => {
    const slow = fitAgainstLimit(O_N2, parseConstraints('1 <= nums.length <= 10^5'), 2)!;
    expect(slow.fit).toBe('too-slow');
    const accepted = overrule(slow, 'accepted', '1 <= nums.length <= 10^5');
    expect(accepted.fit).toBe('overruled');
    expect(accepted.text).toContain('accepted by the judge within the time limit, so it is not too slow');
    expect(accepted.text).toContain('the reading of `1 <= nums.length <= 10^5` or the estimate is in doubt');
    expect(accepted.text).not.toMatch(/is too slow:/);
    const measured = overrule(slow, 'measured');
    expect(measured.text).toContain('the measurement wins');
    const fits = fitAgainstLimit(O_N, parseConstraints('1 <= nums.length <= 10^5'), 2)!;
    expect(overrule(fits, 'accepted')).toBe(fits);
  });
});

describe('issue 44: a signature of whole numbers only has them as its sizes', () => {
  it('factorial(n) and power(base, exponent) are priced at their own bounds', () => {
    const power = parseConstraints(
      '1 <= base <= 10^9\n0 <= exponent <= 10^9',
      ['base', 'exponent'],
      [
        { name: 'base', type: 'int' },
        { name: 'exponent', type: 'int' },
      ],
    );
    expect(power.maxSize).toBe(1e9);
    const factorial = parseConstraints('1 <= n <= 10^5', ['n'], [{ name: 'n', type: 'int' }]);
    expect(factorial).toMatchObject({ maxSize: 1e5, sizeClause: '1 <= n <= 10^5' });
  });
});
