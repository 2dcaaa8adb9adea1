import { AiMessages, type AiMeasureResult } from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import { O_N, O_N_LOG } from './cost';
import { describeMeasurement, growthLabel } from './measured';

const options = { cpuLimitMs: 2_000, sizeLabel: 'nums.length', sizeSymbols: ['n'], defaults: [] };
const measured = (
  points: [number, number][],
  slope: number | undefined,
  status: AiMeasureResult['status'] = 'measured',
): AiMeasureResult => ({
  status,
  points: points.map(([n, ms]) => ({ n, ms })),
  slope,
  sizeNames: ['nums'],
  maxN: 1e5,
  spentMs: 0,
  clock: 'cpu',
});

describe('the measured growth in words', () => {
  it("names the nearest class, products for two sizes, and the static estimate's log factor", () => {
    expect(growthLabel(1.97, ['n'])).toBe('O(n²)');
    expect(growthLabel(0.9, ['n'])).toBe('O(n)');
    expect(growthLabel(1.05, ['n'], O_N)).toBe('O(n)');
    expect(growthLabel(1.05, ['n'], O_N_LOG)).toBe('O(n log n)');
    expect(growthLabel(3.1, ['n'])).toBe('O(n³)');
    expect(growthLabel(2.0, ['a', 'b'])).toBe('O(a·b)');
    expect(growthLabel(1.0, ['a', 'b'])).toBe('O(a + b)');
    expect(growthLabel(4.4, ['n'])).toBe('O(n^4.4) or worse');
  });

  it("reports 'measured ≈ O(n²): doubling n multiplied the time by 3.9' and projects to the constraint", () => {
    const r = describeMeasurement(
      measured(
        [
          [8192, 60],
          [16384, 240],
          [32768, 940],
        ],
        Math.log2(3.9),
      ),
      options,
    );
    expect(r.summary).toBe(
      'Run in the sandbox, measured ≈ O(n²): doubling n multiplied the time by 3.9 — **too slow** for the constraints.',
    );
    expect(r.detail).toContain('At nums.length = 10^5 it would take about 8.4 s, **past the 2.0 s limit**.');
    expect(r.detail).toContain('nums.length = 8192 … 32768');
    expect(r.tooSlow).toBe(true);
    expect(r.chart).toMatchObject({ label: 'O(n²)', doublingFactor: 3.9, xLabel: 'nums.length' });
  });

  it('names no class when the slopes its data allows span two (issue 34)', () => {
    const sort = {
      ...measured(
        [
          [128, 0.33],
          [65536, 13.6],
          [100000, 17.23],
        ],
        0.58,
      ),
      slopeRange: { low: -0.95, high: 2.1 },
      fixedMs: 0.33,
    };
    const r = describeMeasurement(sort, { ...options, staticTime: O_N_LOG });
    expect(r.summary).toBe(
      'Measured in the sandbox: inconclusive: doubling n multiplied the time by 0.5 to 4.3, a range that spans more than one growth class.',
    );
    expect(r.detail).toContain('fixed cost of a run (0.33 ms');
    expect(r.detail).not.toContain('≈');
    expect(r.detail).not.toMatch(/O\(/);
    expect(r.chart).toMatchObject({ label: null, doublingFactor: null });
    expect(r.tooSlow).toBe(false);
    // The same slope with a range inside one class is named.
    const named = describeMeasurement(
      { ...sort, slope: 1.1, slopeRange: { low: 0.9, high: 1.3 } },
      { ...options, staticTime: O_N_LOG },
    );
    expect(named.chart?.label).toBe('O(n log n)');
  });

  it('says when runs are too fast to fit, when it stopped on the limit, and when no judge answered', () => {
    expect(
      describeMeasurement(
        measured(
          [
            [128, 0.4],
            [1e5, 3],
          ],
          undefined,
          'too-fast',
        ),
        options,
      ).summary,
    ).toBe(
      'Measured in the sandbox: every run took under 3 ms up to nums.length = 10^5, too fast to tell its growth.',
    );
    const slow = describeMeasurement(
      { ...measured([], undefined, 'too-slow'), detail: 'n=128: Time limit exceeded (CPU 2.0 s)' },
      options,
    );
    expect(slow.summary).toBe(
      'Measured in the sandbox: **too slow** — a run at nums.length = 128 did not finish within the 2.0 s limit.',
    );
    expect(slow.tooSlow).toBe(true);
    expect(describeMeasurement(null, options).summary).toBe(AiMessages.measurementUnavailable);
  });
});
