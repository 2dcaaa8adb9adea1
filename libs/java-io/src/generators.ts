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
  /** An edge case (issue 34): one variable's (or, with no name, every variable's) boundary value or shape. */
  edge?: { name?: string; kind: EdgeKind };
}

/**
 * The edge cases the counterexample search tries before random inputs: a number's min, max, 0, ±1;
 * an empty and a one-element array or string; all elements equal; sorted and reversed; and a string
 * holding a character of each class of its alphabet (`class0` lowercase, `class1` uppercase, …).
 */
export const EDGE_KINDS = [
  'min',
  'max',
  'zero',
  'one',
  'minusOne',
  'empty',
  'single',
  'equal',
  'sorted',
  'reversed',
  'class0',
  'class1',
  'class2',
  'class3',
  'class4',
] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

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
  if (v.oneOf?.length && (element === 'int' || element === 'long')) {
    const allowed = v.oneOf.filter((x) => x >= range.min && x <= range.max);
    const pick = (allowed.length ? allowed : v.oneOf)[Math.floor(rng() * (allowed.length || v.oneOf.length))];
    return element === 'long' ? BigInt(pick) : pick;
  }
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
    default: {
      const each = v.elementLength ?? { min: 0, max: 7 };
      return text(
        v.alphabet,
        intIn(rng, { min: each.min, max: Math.min(each.max, Math.max(each.min, 7)) }),
        rng,
      );
    }
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
  for (const v of generationOrder(spec)) {
    const { element, depth } = TYPE_SHAPES[v.type];
    const range = related(v, rangeFor(v, n, options), out);
    const edge =
      options.edge && (options.edge.name === undefined || options.edge.name === v.name)
        ? options.edge.kind
        : undefined;
    const lengthOf = (sized: boolean) => {
      const tied = tiedLength(v, out);
      if (tied !== undefined) return tied;
      if (edge === 'empty') return clamp(0, v.length);
      if (edge === 'single') return clamp(1, v.length);
      return clamp(sized ? n : intIn(rng, v.length), v.length);
    };
    if (edge) {
      // An edge is the variable's own bound, not the small values' one.
      const full = related(v, rangeFor(v, n, {}), out);
      const value = edgeValue(v, edge, full, lengthOf(v.role === 'size'), rng);
      if (value !== undefined) {
        out[v.name] = value;
        continue;
      }
    }
    if (depth === 0 && element === 'string') {
      out[v.name] = text(v.alphabet, Math.min(lengthOf(v.role === 'size'), MAX_GENERATED_ELEMENTS), rng);
    } else if (depth === 0) {
      // A value an array's length is tied to (`nums.length == 2 * n`) grows with n as that array would.
      const driven = spec.variables.find(
        (s) => s.role === 'size' && s.lengthFrom?.name === v.name && s.lengthFrom.aspect === 'values',
      )?.lengthFrom;
      if (driven && (element === 'int' || element === 'long') && driven.times > 0 && !edge) {
        const x = clamp(Math.round((n - driven.plus) / driven.times), range);
        out[v.name] = element === 'long' ? BigInt(x) : x;
        continue;
      }
      out[v.name] =
        v.role === 'size' && (element === 'int' || element === 'long')
          ? element === 'long'
            ? BigInt(clamp(n, range))
            : clamp(n, range)
          : scalar(v, rng, range);
    } else if (depth === 1) {
      const length = Math.min(lengthOf(v.role === 'size'), MAX_GENERATED_ELEMENTS);
      out[v.name] = constrain(
        v,
        Array.from({ length }, () => scalar(v, rng, range)),
        range,
        rng,
      );
    } else {
      const cells = v.role === 'size' ? n : intIn(rng, v.length);
      const tied = tiedLength(v, out);
      const rows = tied ?? clamp(v.columns ? cells : Math.max(1, Math.round(Math.sqrt(cells))), v.length);
      const columns = v.columns ?? rows;
      const safeRows = Math.min(rows, Math.floor(MAX_GENERATED_ELEMENTS / Math.max(1, columns)));
      out[v.name] = Array.from({ length: safeRows }, () => {
        const row = Array.from({ length: columns }, () => scalar(v, rng, range));
        return v.sortedRows ? sortValues(row) : row;
      });
    }
  }
  return order(spec, out);
}

/** The characters of an alphabet by class: lowercase, uppercase, digits, space, the rest. */
function alphabetClasses(alphabet: string): string[] {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, / /, /[^a-zA-Z0-9 ]/].map((re) =>
    [...alphabet].filter((c) => re.test(c)).join(''),
  );
  return classes.filter(Boolean);
}

/** One variable's value for an edge case, or undefined when the kind does not apply to it. */
function edgeValue(
  v: GeneratedVariable,
  kind: EdgeKind,
  range: NumberRange,
  length: number,
  rng: () => number,
): JavaValue | undefined {
  const { element, depth } = TYPE_SHAPES[v.type];
  const wrap = (x: number): JavaValue => (element === 'long' ? BigInt(x) : x);
  const numberFor = (k: EdgeKind): JavaValue | undefined => {
    if (element === 'boolean') return k === 'min' ? false : k === 'max' ? true : undefined;
    if (element === 'char') {
      const classes = alphabetClasses(v.alphabet);
      const c = /^class(\d)$/.exec(k);
      if (c) return classes[Number(c[1])]?.[0];
      return k === 'min' ? v.alphabet[0] : k === 'max' ? v.alphabet[v.alphabet.length - 1] : undefined;
    }
    if (element !== 'int' && element !== 'long' && element !== 'double') return undefined;
    const lo = element === 'double' ? range.min : Math.ceil(range.min);
    const hi = element === 'double' ? range.max : Math.floor(range.max);
    const at = (x: number) => {
      const y = Math.min(Math.max(x, lo), hi);
      if (v.oneOf?.length && !v.oneOf.includes(y)) return undefined;
      return element === 'double' ? y : wrap(y);
    };
    switch (k) {
      case 'min':
        return at(v.oneOf?.length ? Math.min(...v.oneOf) : lo);
      case 'max':
        return at(v.oneOf?.length ? Math.max(...v.oneOf) : hi);
      case 'zero':
        return at(0);
      case 'one':
        return at(1);
      case 'minusOne':
        return at(-1);
      default:
        return undefined;
    }
  };
  if (depth === 0 && element === 'string') {
    const classes = alphabetClasses(v.alphabet);
    const c = /^class(\d)$/.exec(kind);
    if (c) {
      const chars = classes[Number(c[1])];
      if (!chars) return undefined;
      return text(v.alphabet, Math.max(0, length - 1), rng) + chars[0];
    }
    switch (kind) {
      case 'empty':
      case 'single':
        return text(v.alphabet, length, rng);
      case 'min':
      case 'equal':
        return (v.alphabet[0] ?? 'a').repeat(length);
      case 'max':
        return (v.alphabet[v.alphabet.length - 1] ?? 'z').repeat(length);
      default:
        return undefined;
    }
  }
  if (depth === 0) return numberFor(kind);
  if (depth === 2) return undefined;
  const small = () =>
    scalar(v, rng, {
      min: Math.max(range.min, -5),
      max: Math.max(Math.max(range.min, -5), Math.min(range.max, 10)),
    });
  switch (kind) {
    case 'empty':
    case 'single':
      return Array.from({ length }, small);
    case 'equal': {
      const x = small();
      return v.distinct ? undefined : Array.from({ length }, () => x);
    }
    case 'sorted':
    case 'reversed': {
      const sorted = sortValues(constrain(v, Array.from({ length }, small), range, rng));
      return kind === 'sorted' ? sorted : sorted.reverse();
    }
    default: {
      if (v.distinct && length > 1) return undefined;
      const x = numberFor(kind);
      return x === undefined
        ? undefined
        : constrain(
            v,
            Array.from({ length }, () => x),
            range,
            rng,
          );
    }
  }
}

/**
 * The edge cases of a spec, for the counterexample search to try before random inputs (issue 34):
 * every variable at each boundary together, then each variable's own, the others small.
 */
export function edgeInputs(spec: InputSpec, n: number, rng: () => number): InputValues[] {
  const out = new Map<string, InputValues>();
  const add = (values: InputValues) => {
    const key = JSON.stringify(values, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));
    if (!out.has(key) && satisfies(spec, values)) out.set(key, values);
  };
  for (const kind of EDGE_KINDS) add(generateInput(spec, n, rng, { smallValues: true, edge: { kind } }));
  for (const v of spec.variables)
    for (const kind of EDGE_KINDS)
      add(generateInput(spec, n, rng, { smallValues: true, edge: { name: v.name, kind } }));
  return [...out.values()];
}

/** Whether values keep the spec's stated relations (shrinking must not break them). */
export function satisfies(spec: InputSpec, values: InputValues): boolean {
  for (const v of spec.variables) {
    const value = values[v.name];
    const { element, depth } = TYPE_SHAPES[v.type];
    const numbers = (x: JavaValue): number[] =>
      Array.isArray(x)
        ? x.flatMap((e) => numbers(e))
        : typeof x === 'number' || typeof x === 'bigint'
          ? [Number(x)]
          : [];
    if (v.maxFrom) {
      const base = measureOf(values[v.maxFrom.name], v.maxFrom.aspect);
      if (base !== undefined && numbers(value).some((x) => x > base + v.maxFrom!.plus)) return false;
    }
    if (v.lengthFrom) {
      const tied = tiedLength(v, values);
      if (tied !== undefined && (Array.isArray(value) || typeof value === 'string') && value.length !== tied)
        return false;
    }
    if (v.oneOf?.length && numbers(value).some((x) => !v.oneOf!.includes(x))) return false;
    if (v.distinct && depth === 1 && Array.isArray(value)) {
      const keys = value.map((x) => String(x));
      if (new Set(keys).size !== keys.length) return false;
    }
    if (v.sortedRows && depth === 2 && Array.isArray(value))
      for (const row of value as JavaValue[][])
        for (let i = 1; i < row.length; i++) if (Number(row[i - 1]) > Number(row[i])) return false;
    if (v.sumMax !== undefined && (element === 'int' || element === 'long') && depth > 0)
      if (numbers(value).reduce((s, x) => s + x, 0) > v.sumMax) return false;
  }
  return true;
}

/** Variables another one refers to (`left <= right`, `nums.length == 2 * n`) are generated first. */
function generationOrder(spec: InputSpec): GeneratedVariable[] {
  const refersTo = (v: GeneratedVariable) => [v.maxFrom?.name, v.lengthFrom?.name].filter(Boolean);
  const free = spec.variables.filter((v) => refersTo(v).length === 0);
  const bound = spec.variables.filter((v) => refersTo(v).length > 0);
  return [...free, ...bound];
}

/** The values in the spec's order (generation may go in another). */
function order(spec: InputSpec, values: InputValues): InputValues {
  return Object.fromEntries(spec.variables.map((v) => [v.name, values[v.name]]));
}

/** The size of a generated value: an array's or string's length, a number's value. */
function measureOf(value: JavaValue | undefined, aspect: 'length' | 'values'): number | undefined {
  if (value === undefined) return undefined;
  if (aspect === 'length')
    return Array.isArray(value) || typeof value === 'string' ? value.length : undefined;
  return typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;
}

/** A length tied to another variable (`nums.length == 2 * n`), when that one is generated. */
function tiedLength(v: GeneratedVariable, out: InputValues): number | undefined {
  if (!v.lengthFrom) return undefined;
  const base = measureOf(out[v.lengthFrom.name], v.lengthFrom.aspect);
  if (base === undefined) return undefined;
  return Math.max(0, Math.round(v.lengthFrom.times * base + v.lengthFrom.plus));
}

/** The range narrowed by a bound in another variable (`left <= right`: at most right's value). */
function related(v: GeneratedVariable, r: NumberRange, out: InputValues): NumberRange {
  if (!v.maxFrom) return r;
  const base = measureOf(out[v.maxFrom.name], v.maxFrom.aspect);
  if (base === undefined) return r;
  const max = Math.min(r.max, base + v.maxFrom.plus);
  return max >= r.min ? { min: r.min, max } : { min: r.min, max: r.min };
}

function sortValues(row: JavaValue[]): JavaValue[] {
  return [...row].sort((a, b) => (Number(a) < Number(b) ? -1 : Number(a) > Number(b) ? 1 : 0));
}

/** An array's elements made to keep the stated promises: distinct, within a sum. */
function constrain(
  v: GeneratedVariable,
  values: JavaValue[],
  r: NumberRange,
  rng: () => number,
): JavaValue[] {
  const { element } = TYPE_SHAPES[v.type];
  let out = values;
  if (v.distinct && (element === 'int' || element === 'long')) {
    const seen = new Set<string>();
    const span = Math.floor(r.max) - Math.ceil(r.min) + 1;
    out = [];
    for (const x of values) {
      let y = Number(x);
      for (let tries = 0; seen.has(String(y)) && tries < 20; tries++) y = intIn(rng, r);
      // A small range runs out of fresh values: step through it.
      for (let k = 0; seen.has(String(y)) && k < span; k++) y = r.min + ((y - r.min + 1) % span);
      if (seen.has(String(y))) break;
      seen.add(String(y));
      out.push(element === 'long' ? BigInt(y) : y);
    }
  } else if (v.distinct && element === 'string') {
    out = [...new Set(values as string[])];
  }
  if (v.sumMax !== undefined && (element === 'int' || element === 'long')) {
    const total = out.reduce<number>((s, x) => s + Number(x), 0);
    if (total > v.sumMax && total > 0) {
      const k = v.sumMax / total;
      out = out.map((x) => {
        const y = Math.max(Math.ceil(r.min), Math.floor(Number(x) * k));
        return element === 'long' ? BigInt(y) : y;
      });
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
  return shrinkSteps(spec, values).filter((c) => satisfies(spec, c));
}

function shrinkSteps(spec: InputSpec, values: InputValues): InputValues[] {
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
