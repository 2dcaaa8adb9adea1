import type { GeneratedVariable, InputSpec, NumberRange } from '@javelin/contracts';
import { encodeValue, formatValueText, TYPE_SHAPES, type JavaValue } from './typed-values';

/**
 * Random inputs of a problem's typed signature, for the AI features' runs in the judge (issue 19):
 * inputs of a chosen size `n` for measuring growth, and small ones for a counterexample search.
 * The spec (`InputSpec`, libs/contracts) is built from the signature and the constraints only, so
 * a generated input is never test data. Deterministic for a seed.
 */

export type InputValues = Record<string, JavaValue>;

/** A seeded generator of floats in [0, 1) (mulberry32: small, fast, good enough for test inputs). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Largest magnitude a generated long keeps (beyond it a JavaScript number loses digits). */
const SAFE = Number.MAX_SAFE_INTEGER;
/** The values of a "small" input: what a counterexample is made of most of the time. */
const SMALL_VALUES: NumberRange = { min: -5, max: 10 };
/** At most this many elements in one generated value (an array's length, a matrix's cells). */
export const MAX_GENERATED_ELEMENTS = 1 << 20;

export interface GenerateOptions {
  /** Values drawn from a small range around zero (within the variable's own range). */
  smallValues?: boolean;
}

const clamp = (x: number, r: NumberRange) => Math.min(Math.max(x, r.min), r.max);

function intIn(rng: () => number, r: NumberRange): number {
  const lo = Math.ceil(Math.max(r.min, -SAFE));
  const hi = Math.floor(Math.min(r.max, SAFE));
  if (hi <= lo) return lo;
  return lo + Math.floor(rng() * (hi - lo + 1));
}

function rangeFor(v: GeneratedVariable, n: number, options: GenerateOptions): NumberRange {
  let r = v.values;
  if (v.atMostSize) r = { min: r.min, max: Math.max(r.min, Math.min(r.max, n)) };
  if (options.smallValues) {
    const small = { min: Math.max(r.min, SMALL_VALUES.min), max: Math.min(r.max, SMALL_VALUES.max) };
    if (small.min <= small.max) return small;
    return { min: r.min, max: Math.min(r.max, r.min + (SMALL_VALUES.max - SMALL_VALUES.min)) };
  }
  return r;
}

function scalar(v: GeneratedVariable, rng: () => number, range: NumberRange): JavaValue {
  const { element } = TYPE_SHAPES[v.type];
  switch (element) {
    case 'int':
      return intIn(rng, range);
    case 'long':
      return BigInt(intIn(rng, range));
    case 'double':
      return Math.round((range.min + rng() * (range.max - range.min)) * 100) / 100;
    case 'boolean':
      return rng() < 0.5;
    case 'char':
      return v.alphabet[Math.floor(rng() * v.alphabet.length)] ?? 'a';
    case 'string':
    default:
      return text(v.alphabet, Math.floor(rng() * 8), rng);
  }
}

function text(alphabet: string, length: number, rng: () => number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(rng() * alphabet.length)] ?? 'a';
  return out;
}

/**
 * One input of size `n`: every size variable at `n` (an array or string of n elements, an int of value
 * n, a matrix of n rows when its columns are fixed, else about n cells), each clamped to its own
 * range; the other variables drawn from their ranges.
 */
export function generateInput(
  spec: InputSpec,
  n: number,
  rng: () => number,
  options: GenerateOptions = {},
): InputValues {
  const out: InputValues = {};
  for (const v of spec.variables) {
    const { element, depth } = TYPE_SHAPES[v.type];
    const range = rangeFor(v, n, options);
    if (depth === 0 && element === 'string') {
      const length = clamp(v.role === 'size' ? n : intIn(rng, v.length), v.length);
      out[v.name] = text(v.alphabet, Math.min(length, MAX_GENERATED_ELEMENTS), rng);
    } else if (depth === 0) {
      out[v.name] =
        v.role === 'size' && (element === 'int' || element === 'long')
          ? element === 'long'
            ? BigInt(clamp(n, v.values))
            : clamp(n, v.values)
          : scalar(v, rng, range);
    } else if (depth === 1) {
      const length = Math.min(
        clamp(v.role === 'size' ? n : intIn(rng, v.length), v.length),
        MAX_GENERATED_ELEMENTS,
      );
      out[v.name] = Array.from({ length }, () => scalar(v, rng, range));
    } else {
      const cells = v.role === 'size' ? n : intIn(rng, v.length);
      const rows = clamp(v.columns ? cells : Math.max(1, Math.round(Math.sqrt(cells))), v.length);
      const columns = v.columns ?? rows;
      const safeRows = Math.min(rows, Math.floor(MAX_GENERATED_ELEMENTS / Math.max(1, columns)));
      out[v.name] = Array.from({ length: safeRows }, () =>
        Array.from({ length: columns }, () => scalar(v, rng, range)),
      );
    }
  }
  return out;
}

/** The exact stdin of an input, as the generated boilerplate's main reads it. */
export function encodeInput(spec: InputSpec, values: InputValues): string {
  return spec.variables.map((v) => encodeValue(v.type, values[v.name])).join('');
}

/** The input as the problem form writes values (`[1,2,3]`, `hello`), one entry per variable. */
export function formatInput(spec: InputSpec, values: InputValues): { name: string; value: string }[] {
  return spec.variables.map((v) => ({ name: v.name, value: formatValueText(v.type, values[v.name]) }));
}

/** How big an input looks to a reader: its elements and characters, plus the digits of its numbers. */
export function inputSize(spec: InputSpec, values: InputValues): number {
  const weigh = (x: JavaValue): number => {
    if (Array.isArray(x)) return 1 + x.reduce<number>((s, e) => s + weigh(e), 0);
    if (typeof x === 'string') return x.length;
    if (typeof x === 'boolean') return 1;
    const digits = String(x)
      .replace('-', '')
      .replace(/^0+(?=\d)/, '').length;
    return digits - (x === 0 || x === 0n ? 1 : 0);
  };
  return spec.variables.reduce((s, v) => s + weigh(values[v.name]), 0);
}

/**
 * Inputs one step smaller than `values`, each still within the spec: an array element or string
 * character removed, a number moved toward zero (or its range's nearest end), a matrix row or column
 * dropped. The counterexample search keeps the first that still fails, and repeats.
 */
export function shrinkCandidates(spec: InputSpec, values: InputValues): InputValues[] {
  const out: InputValues[] = [];
  const push = (name: string, value: JavaValue) => out.push({ ...values, [name]: value });
  for (const v of spec.variables) {
    const { element, depth } = TYPE_SHAPES[v.type];
    const value = values[v.name];
    const smallerNumbers = (x: JavaValue): JavaValue[] => numberSteps(element, x, v);
    if (depth === 0 && element === 'string') {
      const s = value as string;
      if (s.length > v.length.min)
        for (let i = 0; i < s.length; i++) push(v.name, s.slice(0, i) + s.slice(i + 1));
      for (let i = 0; i < s.length; i++) {
        const first = v.alphabet[0];
        if (first !== undefined && s[i] !== first) push(v.name, s.slice(0, i) + first + s.slice(i + 1));
      }
    } else if (depth === 0) {
      for (const x of smallerNumbers(value)) push(v.name, x);
    } else if (depth === 1) {
      const a = value as JavaValue[];
      if (a.length > v.length.min)
        for (let i = 0; i < a.length; i++) push(v.name, [...a.slice(0, i), ...a.slice(i + 1)]);
      a.forEach((x, i) => {
        for (const y of smallerNumbers(x)) push(v.name, [...a.slice(0, i), y, ...a.slice(i + 1)]);
      });
    } else {
      const m = value as JavaValue[][];
      if (m.length > v.length.min)
        for (let i = 0; i < m.length; i++) push(v.name, [...m.slice(0, i), ...m.slice(i + 1)]);
      const columns = m[0]?.length ?? 0;
      if (!v.columns && columns > 1)
        for (let j = 0; j < columns; j++)
          push(
            v.name,
            m.map((row) => [...row.slice(0, j), ...row.slice(j + 1)]),
          );
      m.forEach((row, i) =>
        row.forEach((x, j) => {
          for (const y of smallerNumbers(x))
            push(
              v.name,
              m.map((r, k) => (k === i ? [...r.slice(0, j), y, ...r.slice(j + 1)] : r)),
            );
        }),
      );
    }
  }
  return out;
}

/** Numbers closer to zero than `x` (or to the range's end nearest zero), within the variable's range. */
function numberSteps(element: string, x: JavaValue, v: GeneratedVariable): JavaValue[] {
  if (element === 'boolean') return x === true ? [false] : [];
  if (element === 'char') {
    const first = v.alphabet[0];
    return first !== undefined && x !== first ? [first] : [];
  }
  if (element !== 'int' && element !== 'long' && element !== 'double') return [];
  const value = Number(x);
  const target = clamp(0, v.values);
  if (value === target) return [];
  const candidates = new Set<number>([
    target,
    Math.trunc((value + target) / 2),
    value > target ? value - 1 : value + 1,
  ]);
  if (value < 0 && -value <= v.values.max) candidates.add(-value);
  const wrap = (y: number): JavaValue => (element === 'long' ? BigInt(y) : y);
  return [...candidates]
    .filter(
      (y) =>
        y !== value &&
        y >= v.values.min &&
        y <= v.values.max &&
        Math.abs(y - target) < Math.abs(value - target) + (y === -value ? 1 : 0),
    )
    .map(wrap);
}
