import type { MeasuredPoint } from '@javelin/contracts';

/** Runs faster than this are noise to the predictions of how long the next size takes, ms. */
export const NOISE_FLOOR_MS = 4;
/**
 * A run shows growth only when its time stands this far above the fixed cost (the time of the
 * smallest input: class loading, the reader's first lines, the interpreter before the JIT), ms …
 */
const CLEAR_MS = 8;
/** … and at least this many times the fixed cost itself ("well above", issue 34). */
const CLEAR_FACTOR = 2;
/** The fit uses at most this many of the largest sizes: growth shows best where the work dominates. */
const FIT_POINTS = 4;
/**
 * Runs at least this far above the fixed cost are past the JIT's warm-up (every test loads the code
 * afresh, so each run starts interpreted and gets faster per step as it is compiled, later when the
 * machine is busy): when two or more sizes reach it, the slope is that of the two largest (three
 * after a short step).
 */
const SETTLED_MS = 30;
/**
 * How far a run's time may stray from its true value, as a share of it plus a constant: measured on
 * the shared 2-core machine with the judge at half a core (issue 34), settled runs of one size
 * differ by up to ~5 % and 2 ms; short runs, whose share of interpreted code depends on when the
 * JIT's threads get the CPU, by up to ~25 %.
 */
const SETTLED_JITTER = 0.05;
const SHORT_JITTER = 0.25;
const JITTER_MS = 2;

/** A fitted growth: the log-log slope and the range its data allows, given each run's jitter. */
export interface Growth {
  slope: number;
  /** The lowest and highest slope the fitted points allow once each time may be off by its jitter. */
  low: number;
  high: number;
  /** The fixed cost subtracted: the smallest input's time, ms. */
  fixedMs: number;
}

/**
 * The log-log slope of time against n, after subtracting the fixed cost (the smallest input's time).
 * Only sizes whose time stands clear of it count (CLEAR_MS and CLEAR_FACTOR): over the two largest
 * past the JIT's warm-up (three after a short step), else least squares over the largest clear ones.
 * Undefined when fewer than two sizes stand clear: the data then cannot show any growth. The range
 * [low, high] says what else the same data could be; the analysis names a class only when the whole
 * range falls in it (libs/code-analysis/src/measured.ts).
 */
export function fitGrowth(points: MeasuredPoint[]): Growth | undefined {
  if (points.length < 2) return undefined;
  const sorted = [...points].sort((a, b) => a.n - b.n);
  const fixedMs = sorted[0].ms;
  const clearAbove = Math.max(CLEAR_MS, CLEAR_FACTOR * fixedMs);
  const clear = sorted.slice(1).filter((p) => p.ms - fixedMs >= clearAbove);
  const settled = clear.filter((p) => p.ms - fixedMs >= SETTLED_MS);
  let used: MeasuredPoint[];
  if (settled.length >= 2) {
    // The two largest, or three when the last step is short (n = 65536 → 10^5): a short step magnifies noise.
    const last = settled.slice(-2);
    const short = last[1].n / last[0].n < 1.9 && settled.length >= 3;
    used = short ? settled.slice(-3) : last;
  } else {
    used = clear.slice(-FIT_POINTS);
  }
  if (used.length < 2) return undefined;
  const excess = used.map((p) => ({ n: p.n, ms: p.ms - fixedMs }));
  const fit = leastSquares(excess);
  if (!fit) return undefined;
  // Each end's time may be off by its jitter, in opposite directions: the slope's range over the span.
  const first = excess[0];
  const last = excess[excess.length - 1];
  const spread = (p: MeasuredPoint) =>
    -Math.log(1 - Math.min(0.9, (p.ms >= SETTLED_MS ? SETTLED_JITTER : SHORT_JITTER) + JITTER_MS / p.ms));
  let halfWidth = (spread(first) + spread(last)) / Math.log(last.n / first.n);
  // Points that disagree with one line among themselves widen it further (two standard errors).
  if (fit.standardError !== undefined) halfWidth = Math.max(halfWidth, 2 * fit.standardError);
  return { slope: fit.slope, low: fit.slope - halfWidth, high: fit.slope + halfWidth, fixedMs };
}

/** The fitted slope alone (undefined when no growth shows), for predicting the next sizes' time. */
export function fitSlope(points: MeasuredPoint[]): number | undefined {
  return fitGrowth(points)?.slope;
}

function leastSquares(points: MeasuredPoint[]): { slope: number; standardError?: number } | undefined {
  const xs = points.map((p) => Math.log(p.n));
  const ys = points.map((p) => Math.log(p.ms));
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  if (den === 0) return undefined;
  const slope = num / den;
  if (xs.length < 3) return { slope };
  const intercept = my - slope * mx;
  const residuals = xs.reduce((s, x, i) => s + (ys[i] - intercept - slope * x) ** 2, 0);
  return { slope, standardError: Math.sqrt(residuals / (xs.length - 2) / den) };
}
