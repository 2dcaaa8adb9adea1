import { describe, expect, it } from 'vitest';
import { parseConstraints } from './bounds';

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
    expect(parseConstraints('-10^9 <= a, b <= 10^9', ['a', 'b'])).toMatchObject({
      maxSize: 1e9,
      byName: { a: 1e9, b: 1e9 },
    });
    expect(parseConstraints('')).toEqual({});
  });
});
