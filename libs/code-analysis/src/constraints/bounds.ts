import { Cost, formatCost, N, stepsAt, variablesOf } from '../cost';
import { TYPE_SHAPES } from '@javelin/java-io';
import { caretExponents, numberValue } from './expression';
import { readConstraints, resolvedBound, Variable } from './reader';

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
 * "|s| ≤ 2·10^5"): the largest size bound and the largest value bound. With a typed signature
 * (`variables`) the sizes come from the constraint reader (issue 44): only lengths, a matrix's rows
 * and columns, and a number the text ties to a length (`n == nums.length`, `edges.length == n - 1`)
 * are sizes; a scalar input's value bound (`-10^9 <= target <= 10^9`) never is, it only bounds a loop
 * that runs up to that input (`byName`).
 */
export function parseConstraints(
  text: string,
  intInputs: string[] = [],
  variables: Variable[] = [],
): ConstraintBounds {
  if (variables.length && variables.every((v) => v.type in TYPE_SHAPES))
    return signatureBounds(text, variables);
  return textBounds(text, intInputs);
}

/** The scalar inputs whose value the text ties to a length: `nums.length == n`, `edges.length == n - 1`, `n == grid.length`. */
function sizeScalars(reading: ReturnType<typeof readConstraints>, variables: Variable[]): Set<string> {
  const out = new Set<string>();
  const scalar = (name: string) => variables.some((v) => v.name === name && TYPE_SHAPES[v.type].depth === 0);
  for (const [key, b] of reading.bounds) {
    const [name, aspect] = key.split(':');
    const other = b.equals?.key.split(':');
    if (aspect === 'length' && other && other[1] === 'values' && scalar(other[0])) out.add(other[0]);
    if (aspect === 'values' && scalar(name) && b.equals && /:(length|columns)$/.test(b.equals.key))
      out.add(name);
  }
  return out;
}

function signatureBounds(text: string, variables: Variable[]): ConstraintBounds {
  const reading = readConstraints(text, variables);
  const bounds: ConstraintBounds = {};
  const sizes = sizeScalars(reading, variables);
  // With no array or string in the signature, its whole numbers are the sizes (`factorial(n)`,
  // `power(base, exponent)`), as the measurement grows them (input-spec.ts).
  const arrayLike = variables.some(
    (v) => TYPE_SHAPES[v.type].depth > 0 || TYPE_SHAPES[v.type].element === 'string',
  );
  if (!arrayLike)
    for (const v of variables) if (['int', 'long'].includes(TYPE_SHAPES[v.type].element)) sizes.add(v.name);
  const clauseOf = (name: string) =>
    reading.lines.find((l) => new RegExp(`\\b${name}\\b`).test(l.text) && l.rules.length)?.text;
  const size = (name: string, max: number | undefined, clause?: string) => {
    if (max === undefined || !Number.isFinite(max) || max <= (bounds.maxSize ?? 0)) return;
    bounds.maxSize = max;
    bounds.sizeClause = clause ?? clauseOf(name) ?? `${name} ≤ ${max}`;
  };
  const named = (name: string, max: number | undefined) => {
    if (max === undefined || !Number.isFinite(max)) return;
    bounds.byName ??= {};
    bounds.byName[name] = Math.max(bounds.byName[name] ?? 0, max);
  };
  for (const v of variables) {
    const { depth, element } = TYPE_SHAPES[v.type];
    const values = resolvedBound(reading, `${v.name}:values`);
    const absolute =
      values.max === undefined && values.min === undefined
        ? undefined
        : Math.max(Math.abs(values.max ?? 0), Math.abs(values.min ?? 0));
    if (depth === 0 && element !== 'string') {
      named(v.name, absolute);
      if (sizes.has(v.name)) size(v.name, values.max);
      continue;
    }
    size(v.name, resolvedBound(reading, `${v.name}:length`).max);
    if (depth === 2) size(v.name, resolvedBound(reading, `${v.name}:columns`).max);
    if (absolute !== undefined && element !== 'string' && element !== 'char')
      bounds.maxValue = Math.max(bounds.maxValue ?? 0, absolute);
  }
  // `m == grid.length`, `n == nums.length`: the names the estimate gives a grid's rows and columns.
  for (const [alias, target] of reading.aliases) {
    const m = /^([A-Za-z_]\w*)((?:\[\w+\])*)\.length$/.exec(target.replace(/\s+/g, ''));
    if (!m || !variables.some((v) => v.name === m[1])) continue;
    const aspect = m[2] ? 'columns' : 'length';
    const v = variables.find((x) => x.name === m[1])!;
    const key = aspect === 'columns' && TYPE_SHAPES[v.type].depth !== 2 ? 'elementLength' : aspect;
    named(alias, resolvedBound(reading, `${m[1]}:${key}`).max);
  }
  return bounds;
}

function textBounds(text: string, intInputs: string[]): ConstraintBounds {
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

/** 'overruled': priced past the budget, but the code was accepted or measured within the limit (issue 44). */
export type Fit = 'fits' | 'borderline' | 'too-slow' | 'overruled';

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
  // Constant time needs no size: it fits whatever the input (issue 44: never priced at a value bound).
  if (at.length === 0 && bounds.maxSize === undefined && (bounds.byName || bounds.maxValue !== undefined))
    return {
      fit: 'fits',
      steps: 1,
      at: 'any input',
      text: `${formatCost(cost)} does not grow with the input, which fits comfortably in the time limit.`,
    };
  // Unpriced when a variable has no bound, or (for O(1)) when the constraints bound nothing at all.
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

/** What outweighs a price read from the constraints text: the judge's verdict, then the sandbox's measurement. */
export type Evidence = 'accepted' | 'measured';

/**
 * Issue 44: code the judge accepted within the time limit is never called too slow, and where the
 * sandbox measured it within the limit the measurement wins. The price read from the text is then
 * named as the doubt (the constraints' reading, or the estimate), never as a verdict.
 */
export function overrule(fit: FitReport, evidence: Evidence, clause?: string): FitReport {
  if (fit.fit === 'fits' || fit.fit === 'overruled') return fit;
  const why =
    evidence === 'accepted'
      ? 'this code was accepted by the judge within the time limit, so it is not too slow'
      : 'the measurement in the sandbox (below) runs it within the time limit, and the measurement wins';
  const doubt = clause ? `the reading of ${'`'}${clause}${'`'}` : "the constraints' reading";
  return {
    ...fit,
    fit: 'overruled',
    text: `Priced at ${fit.at} the estimate would be ${fit.fit === 'borderline' ? 'borderline' : 'too slow'}, but ${why}: ${doubt} or the estimate is in doubt, not the code.`,
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
