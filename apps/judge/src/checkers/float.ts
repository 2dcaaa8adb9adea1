import {
  ACCEPTED,
  countMismatch,
  rejected,
  significantLines,
  tokensOf,
  toleranceOf,
  type Checker,
} from './checker';

/** A finite decimal as Java or any other language prints it (`-0.5`, `1.0E-7`, `3`); not hex, not `Infinity`. */
const FINITE_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Whether `actual` is within the tolerance of `expected`, absolutely or relatively to `expected`. */
export function withinTolerance(expected: number, actual: number, tolerance: number): boolean {
  return Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected));
}

/**
 * Line by line and token by token: where the expected token is a finite number, the actual token must
 * be a finite number within the tolerance (absolute, or relative for values beyond 1 in magnitude);
 * every other token must match exactly, so `NaN` and `Infinity` only match themselves. Trailing
 * whitespace and trailing blank lines are ignored, as by 'exact'.
 */
export const floatChecker: Checker = (expected, actual, options) => {
  const tolerance = toleranceOf(options);
  const want = significantLines(expected);
  const got = significantLines(actual);
  if (got.length !== want.length) return countMismatch('line', got.length, want.length);
  for (let line = 0; line < want.length; line++) {
    const wantTokens = tokensOf(want[line]);
    const gotTokens = tokensOf(got[line]);
    if (gotTokens.length !== wantTokens.length) {
      return rejected(`Line ${line + 1} has ${gotTokens.length} values; ${wantTokens.length} expected`);
    }
    for (let i = 0; i < wantTokens.length; i++) {
      const [w, g] = [wantTokens[i], gotTokens[i]];
      const ok =
        FINITE_NUMBER.test(w) && FINITE_NUMBER.test(g)
          ? withinTolerance(Number(w), Number(g), tolerance)
          : w === g;
      if (!ok) return rejected(`Line ${line + 1}, value ${i + 1} is wrong (tolerance ${tolerance})`);
    }
  }
  return ACCEPTED;
};
