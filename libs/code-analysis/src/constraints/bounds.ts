import { Cost, formatCost, N, stepsAt, variablesOf } from '../cost';
import { caretExponents, numberValue } from './expression';

export interface ConstraintBounds {
  /** The largest bound on a size-like quantity (n, length, count, an int input): what loops run over. */
  maxSize?: number;
  /** The largest absolute bound on an element's value (nums[i], values). */
  maxValue?: number;
  /** The clause the size bound came from, for the report. */
  sizeClause?: string;
  /** Upper bounds (absolute) of plainly named quantities: `-10^9 <= a, b <= 10^9` bounds a and b. */
  byName?: Record<string, number>;
}

/** A number as the constraints write a bound: `10^5`, `2·10^5`, `10**9`, `10^{5}`, `1e5`, `50,000`. */
const NUMBER = String.raw`-?\d[\d,_]*(?:\.\d+)?(?:\s*(?:\*|×|·|x)\s*10\s*(?:\^|\*\*)\s*\{?\d+\}?|\s*(?:\^|\*\*)\s*\{?\d+\}?|e\d+)?`;
const UPPER = new RegExp(String.raw`(<=|≤|=<|<|⩽)\s*(${NUMBER})`, 'g');

/** A NUMBER's value, by the constraint reader's arithmetic (expression.ts) once separators and braces are gone. */
function boundValue(raw: string): number {
  return numberValue(raw.replace(/[,_\s{}]/g, '').replace(/[×·x]/g, '*'));
}

/**
 * Reads bounds from a problem's constraints text ("1 <= n <= 10^5", "-10^9 ≤ nums[i] ≤ 10^9",
 * "|s| ≤ 2·10^5"): the largest size-like bound and the largest value bound.
 */
export function parseConstraints(text: string, intInputs: string[] = []): ConstraintBounds {
  const normalised = caretExponents(text);
  const bounds: ConstraintBounds = {};
  for (const clause of normalised.split(/\n|;|\band\b/)) {
    let last = 0;
    for (const m of clause.matchAll(UPPER)) {
      const subject = clause
        .slice(last, m.index)
        .replace(/^.*(?:<=|≤|=<|<|⩽)/, '')
        .replace(/-?\d[\d,_^*×·]*\s*$/, '')
        .trim();
      last = (m.index ?? 0) + m[0].length;
      const value = Math.abs(boundValue(m[2]));
      if (!Number.isFinite(value) || !subject) continue;
      for (const name of subject.split(/\s*,\s*/)) {
        if (!/^[A-Za-z_$][\w$]*$/.test(name)) continue;
        bounds.byName ??= {};
        bounds.byName[name] = Math.max(bounds.byName[name] ?? 0, value);
      }
      const kind = classify(subject, intInputs);
      if (kind === 'value') bounds.maxValue = Math.max(bounds.maxValue ?? 0, value);
      else if (kind === 'size' && value > (bounds.maxSize ?? 0)) {
        bounds.maxSize = value;
        bounds.sizeClause = clause.trim();
      }
    }
  }
  return bounds;
}

function classify(subject: string, intInputs: string[]): 'size' | 'value' | 'unknown' {
  const s = subject.toLowerCase();
  if (/\[|\b(value|values|element|elements|a_i|weight|cost|sum|answer)\b|_i\b/.test(s)) return 'value';
  if (/\b(n|m|k|q|v|e|length|len|size|count|number of|nodes|edges)\b|\.length|\||\bs\b|\bt\b/.test(s))
    return 'size';
  const names = s.split(/[\s,]+/).filter(Boolean);
  if (names.some((n) => intInputs.map((i) => i.toLowerCase()).includes(n))) return 'size';
  return 'value';
}

/** Simple steps (an addition, a comparison, an array access) Java runs per second of CPU on a typical judge. */
export const STEPS_PER_SECOND = 1e8;
/** Within this factor below the budget an estimate is borderline: constant factors decide. */
export const BORDERLINE_FACTOR = 4;

export type Fit = 'fits' | 'borderline' | 'too-slow';

export interface FitReport {
  fit: Fit;
  steps: number;
  /** The bounds it was priced at: `n = 10^5`, `a = 10^9, b = 10^9`. */
  at: string;
  text: string;
}

/** The bound a size variable takes: its own constraint when it has one, else the input's size. */
export function boundOf(bounds: ConstraintBounds, variable: string): number | undefined {
  return bounds.byName?.[variable] ?? bounds.maxSize;
}

/**
 * Prices a complexity at the constraints' bounds against the time limit's step budget. Past the
 * budget is too slow; borderline is only the last factor of BORDERLINE_FACTOR below it.
 */
export function fitAgainstLimit(
  cost: Cost,
  bounds: ConstraintBounds,
  cpuSeconds: number,
): FitReport | undefined {
  const variables = cost.exp ? [N] : variablesOf(cost);
  const at = variables.map((v) => ({ v, bound: boundOf(bounds, v) }));
  // Unpriced when a variable has no bound, or (for O(1)) when the constraints state no size at all.
  if (at.length === 0 ? bounds.maxSize === undefined : at.some((a) => a.bound === undefined))
    return undefined;
  const steps = stepsAt(cost, (v) => boundOf(bounds, v) ?? 1);
  const budget = STEPS_PER_SECOND * cpuSeconds;
  const fit: Fit = steps > budget ? 'too-slow' : steps > budget / BORDERLINE_FACTOR ? 'borderline' : 'fits';
  const shown = steps === Infinity || steps > 1e18 ? 'astronomically many' : `about ${formatSteps(steps)}`;
  const verdict =
    fit === 'fits'
      ? 'fits comfortably in the time limit'
      : fit === 'borderline'
        ? `is borderline: within ${BORDERLINE_FACTOR}× of the time limit's budget, constant factors decide`
        : `is too slow: ${steps === Infinity || steps > 1e18 ? 'far' : `${formatFactor(steps / budget)}`} past the time limit's budget`;
  const where = (at.length ? at : [{ v: N, bound: bounds.maxSize }])
    .map((a) => `${a.v} = ${formatSteps(a.bound ?? 1)}`)
    .join(', ');
  return {
    fit,
    steps,
    at: where,
    text: `${formatCost(cost)} at ${where} is ${shown} steps, which ${verdict} (${cpuSeconds} s ≈ ${formatSteps(budget)} simple steps).`,
  };
}

function formatFactor(x: number): string {
  return x < 10 ? `${x.toFixed(1)} times` : `${formatSteps(x)} times`;
}

export function formatSteps(x: number): string {
  if (x < 1e4) return String(Math.round(x));
  const exponent = Math.floor(Math.log10(x));
  const mantissa = x / 10 ** exponent;
  return `${mantissa >= 9.95 || Math.abs(mantissa - 1) < 0.05 ? '' : `${mantissa.toFixed(1)}·`}10^${mantissa >= 9.95 ? exponent + 1 : exponent}`;
}
