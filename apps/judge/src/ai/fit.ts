import type { MeasuredPoint } from '@javelin/contracts';

/** Runs faster than this (above the smallest run's time) are noise: the fit ignores them, ms. */
export const NOISE_FLOOR_MS = 4;
/** The fit uses at most this many of the largest sizes: growth shows best where the work dominates. */
const FIT_POINTS = 4;
/**
 * Runs at least this long are past the JIT's warm-up (every test loads the code afresh, so each run
 * starts interpreted and gets faster per step as it is compiled, later when the machine is busy):
 * when two or more sizes reach it, the slope is that of the two largest (three after a short step).
 */
export const SETTLED_MS = 30;
/**
 * Shorter runs are noisy: they may show that a program grows no faster than linearly, never that it
 * grows faster (measured: one fast O(n) run in five fitted 1.5 from them).
 */
const MAX_UNSETTLED_SLOPE = 1.3;

/**
 * The log-log slope of time against n: over the two largest sizes past the JIT's warm-up, else least
 * squares over the largest sizes whose time stands clear of the fixed cost (class loading, reading the
 * first lines: the smallest run's time, subtracted first). Undefined when fewer than two sizes stand
 * clear of the noise, or when short runs alone suggest more than linear growth.
 */
export function fitSlope(points: MeasuredPoint[]): number | undefined {
  if (points.length < 2) return undefined;
  const base = Math.min(...points.map((p) => p.ms));
  const floor = Math.max(NOISE_FLOOR_MS, base);
  const sorted = [...points].sort((a, b) => a.n - b.n);
  const settled = sorted.filter((p) => p.ms >= SETTLED_MS && p.ms - base >= floor);
  if (settled.length >= 2) {
    // The two largest, or three when the last step is short (n = 65536 → 10^5): a short step magnifies noise.
    const last = settled.slice(-2);
    const short = last[1].n / last[0].n < 1.9 && settled.length >= 3;
    return leastSquares(short ? settled.slice(-3) : last, base);
  }
  const slope = leastSquares(sorted.filter((p) => p.ms - base >= floor).slice(-FIT_POINTS), base);
  return slope !== undefined && slope > MAX_UNSETTLED_SLOPE ? undefined : slope;
}

function leastSquares(usable: MeasuredPoint[], base: number): number | undefined {
  if (usable.length < 2 || usable[0].n === usable[usable.length - 1].n) return undefined;
  const xs = usable.map((p) => Math.log(p.n));
  const ys = usable.map((p) => Math.log(p.ms - base));
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? undefined : num / den;
}
