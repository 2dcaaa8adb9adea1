import { describe, expect, it } from 'vitest';
import { fitSlope } from './fit';

const pts = (...xs: [number, number][]) => xs.map(([n, ms]) => ({ n, ms }));

describe('the log-log slope of time against n', () => {
  it('uses the two largest runs past the JIT warm-up', () => {
    // 8192 is still warming up (too fast per step): the slope is that of 16384 → 32768.
    const slope = fitSlope(pts([128, 0.6], [4096, 18], [8192, 34], [16384, 97], [32768, 403]));
    expect(slope).toBeCloseTo(Math.log2(403 / 97.6), 1);
  });

  it('fits short runs by least squares, above the fixed cost', () => {
    const linear = fitSlope(pts([128, 1], [1024, 1.8], [8192, 7.5], [16384, 14], [32768, 27], [65536, 29]));
    expect(linear).toBeGreaterThan(0.5);
    expect(linear).toBeLessThan(1.3);
  });

  it('claims no more than linear growth from short runs, and nothing from noise', () => {
    expect(fitSlope(pts([128, 0.4], [32768, 5], [65536, 10], [100000, 28]))).toBeUndefined();
    expect(fitSlope(pts([128, 0.4], [1e5, 2]))).toBeUndefined();
    expect(fitSlope(pts([128, 1]))).toBeUndefined();
  });
});
