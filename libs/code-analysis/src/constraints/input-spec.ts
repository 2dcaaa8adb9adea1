import {
  GeneratedVariable,
  InputSpec,
  isProblemInputType,
  NumberRange,
  ProblemInputType,
} from '@javelin/contracts';
import { TYPE_SHAPES } from '@javelin/java-io';
import { Linear, Reading, readConstraints, resolvedBound } from './reader';

/**
 * What the judge generates inputs from (libs/java-io/src/generators.ts): the problem's typed signature
 * and what its constraints text states, read by the constraint reader's named rules
 * (`constraints/reader.ts`, issue 34): ranges, chains between variables, tied lengths, enumerations,
 * distinct elements, sums, alphabets. Whatever is not stated takes a default, and every default and
 * assumption taken (and every line not read) is stated in the analysis. Never built from the tests.
 */
export interface BuiltSpec {
  spec: InputSpec;
  /** One sentence per default taken ("nums.length: assumed 1 to 10^5"). */
  defaults: string[];
  /** What n stands for in the measurement (`nums.length`, `a = b`). */
  sizeLabel: string;
  /** How the growth names each size variable: an int by its name, an array or string `n` (a second `m`). */
  sizeSymbols: string[];
  /** What the constraint reader read, line by line (issue 34). */
  reading: Reading;
}

const DEFAULT_LENGTH: NumberRange = { min: 1, max: 1e5 };
const DEFAULT_MATRIX_ROWS: NumberRange = { min: 1, max: 1000 };
const DEFAULT_INT: NumberRange = { min: -1e9, max: 1e9 };
const DEFAULT_SIZE_INT: NumberRange = { min: 1, max: 1e9 };
const DEFAULT_DOUBLE: NumberRange = { min: -1e4, max: 1e4 };
/** Longs beyond this lose digits as JavaScript numbers: generated longs stay within it. */
const SAFE_LONG = 2 ** 53 - 1;
const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';

export function buildInputSpec(
  inputVariables: { name: string; type: string }[],
  constraints: string,
): BuiltSpec | null {
  if (!inputVariables.length || inputVariables.some((v) => !isProblemInputType(v.type))) return null;
  const vars = inputVariables.map((v) => ({ name: v.name, type: v.type as ProblemInputType }));
  const reading = readConstraints(constraints ?? '', vars);
  const arrayLike = vars.filter(
    (v) => TYPE_SHAPES[v.type].depth > 0 || TYPE_SHAPES[v.type].element === 'string',
  );
  const defaults: string[] = [...reading.assumptions];
  const stated = (key: string) => resolvedBound(reading, key);
  // Bounds that contradict each other (min above max) are not used: the default taken is stated.
  const contradiction = (label: string, r: { min?: number; max?: number }, taken: NumberRange) => {
    if (r.min !== undefined && r.max !== undefined && r.min > r.max)
      defaults.push(
        `${label}: the constraints read ${formatNumber(r.min)} to ${formatNumber(r.max)}, which is empty; assumed ${formatRange(taken)}`,
      );
  };
  const relation = (l: Linear | undefined) => {
    if (!l || l.times !== 1) return undefined;
    const [name, aspect] = l.key.split(':');
    return vars.some((x) => x.name === name) && (aspect === 'length' || aspect === 'values')
      ? { name, aspect: aspect as 'length' | 'values', plus: l.plus }
      : undefined;
  };
  const variables: GeneratedVariable[] = vars.map((v) => {
    const { element, depth } = TYPE_SHAPES[v.type];
    const isScalarNumber = depth === 0 && element !== 'string';
    const role: GeneratedVariable['role'] = arrayLike.length
      ? isScalarNumber
        ? 'value'
        : 'size'
      : isScalarNumber && (element === 'int' || element === 'long')
        ? 'size'
        : 'value';
    const out: GeneratedVariable = {
      name: v.name,
      type: v.type,
      role,
      length: DEFAULT_LENGTH,
      values: DEFAULT_INT,
      alphabet: reading.alphabets.get(v.name) ?? LOWERCASE,
    };
    const bound = reading.bounds.get(`${v.name}:values`);
    if (depth > 0 || element === 'string') {
      const fallback = depth === 2 ? DEFAULT_MATRIX_ROWS : DEFAULT_LENGTH;
      const length = stated(`${v.name}:length`);
      out.length = range(length, fallback);
      contradiction(`${v.name}.length`, length, out.length);
      if (length.max === undefined) defaults.push(`${v.name}.length: assumed ${formatRange(out.length)}`);
      const columns = stated(`${v.name}:columns`);
      if (depth === 2 && columns.min !== undefined && columns.min === columns.max) out.columns = columns.min;
      const equals = reading.bounds.get(`${v.name}:length`)?.equals;
      if (equals) {
        const [name, aspect] = equals.key.split(':');
        if (vars.some((x) => x.name === name) && (aspect === 'length' || aspect === 'values'))
          out.lengthFrom = { name, aspect, times: equals.times, plus: equals.plus };
        else if (equals.times !== 1)
          // `nums.length == 2 * n` with n no input: the length keeps n's range, not its multiple (said).
          defaults.push(
            `${v.name}.length == ${equals.times} * ${name}${equals.plus ? ` + ${equals.plus}` : ''}: lengths are drawn within ${formatRange(out.length)}, not only multiples of ${equals.times}`,
          );
      }
      if (element === 'string' && depth === 1) {
        const each = stated(`${v.name}:elementLength`);
        if (each.max !== undefined) out.elementLength = range(each, { min: 0, max: each.max });
      }
      if (reading.distinct.has(v.name)) {
        out.distinct = true;
        // Issue 44 item 4: named when the generator cannot keep it, never dropped without a word.
        if (depth === 2)
          defaults.push(`${v.name}: its rows are distinct, which the generated inputs do not guarantee`);
      }
      if (reading.orderedColumns.has(v.name)) out.sortedRows = true;
    }
    if (element === 'int' || element === 'long' || element === 'double') {
      const fallback =
        element === 'double'
          ? DEFAULT_DOUBLE
          : role === 'size' && depth === 0
            ? DEFAULT_SIZE_INT
            : DEFAULT_INT;
      let values = stated(`${v.name}:values`);
      // Issue 44 rule 2: columns with ranges of their own (`1 <= rowi <= n`, `1 <= seati <= 10`): the
      // generated values lie within every one of them, and that is said.
      const columnRanges = [...reading.bounds.keys()]
        .filter((k) => new RegExp(`^${v.name}:column\\d+$`).test(k))
        .map((k) => resolvedBound(reading, k));
      const columnRelations = [...reading.bounds.entries()].filter(
        ([k, b]) => new RegExp(`^${v.name}:column\\d+$`).test(k) && (b.maxFrom?.length || b.minFrom?.length),
      );
      if (depth === 2 && !bound?.maxFrom && columnRelations.length)
        defaults.push(
          `${v.name}: the relations of its columns to other quantities (${columnRelations.map(([k]) => k.split(':')[1]).join(', ')}) are not honoured by the generated inputs`,
        );
      if (depth === 2 && values.min === undefined && values.max === undefined && columnRanges.length) {
        const lows = columnRanges.map((r) => r.min).filter((x): x is number => x !== undefined);
        const highs = columnRanges.map((r) => r.max).filter((x): x is number => x !== undefined);
        values = {
          ...(lows.length ? { min: Math.max(...lows) } : {}),
          ...(highs.length ? { max: Math.min(...highs) } : {}),
        };
        if (values.min !== undefined && values.max !== undefined && values.min <= values.max)
          defaults.push(
            `${v.name}: its columns have ranges of their own; generated values lie within all of them (${formatNumber(values.min)} to ${formatNumber(values.max)})`,
          );
      }
      out.values = range(values, fallback);
      contradiction(depth ? `${v.name}[i]` : v.name, values, out.values);
      if (element === 'long')
        out.values = { min: Math.max(out.values.min, -SAFE_LONG), max: Math.min(out.values.max, SAFE_LONG) };
      let upper = (bound?.maxFrom ?? []).map(relation).find((r) => r !== undefined);
      // Bounded by its own length (`0 <= graph[i][j] <= n - 1`, n == graph.length): the generator
      // draws values before the length, so this one is named, not silently broken.
      if (upper?.name === v.name) {
        defaults.push(
          `${v.name}[i]: at most ${v.name}.length${upper.plus ? ` ${upper.plus < 0 ? '-' : '+'} ${Math.abs(upper.plus)}` : ''}, which the generated inputs do not guarantee`,
        );
        upper = undefined;
      }
      if (upper) out.maxFrom = upper;
      // Issue 44 item 4: a relation with a factor (`1 <= n, m <= 2 * k`, `k <= nums.length / 2`) is kept
      // through a stricter one when there is one (times ≥ 1 and plus ≥ 0 over non-negative quantities:
      // `x <= other`), else named as not honoured.
      for (const l of bound?.maxFrom ?? []) {
        if (l.times === 1) continue;
        const [name, aspect] = l.key.split(':');
        const known = vars.some((x) => x.name === name) && (aspect === 'length' || aspect === 'values');
        const base = resolvedBound(reading, l.key);
        if (!upper && known && l.times >= 1 && l.plus >= 0 && (base.min ?? -1) >= 0)
          out.maxFrom = { name, aspect: aspect as 'length' | 'values', plus: 0 };
        else if (!upper)
          defaults.push(
            `${depth ? `${v.name}[i]` : v.name} <= ${l.times} * ${name}${aspect === 'length' ? '.length' : ''}${l.plus ? ` + ${l.plus}` : ''}: not honoured by the generated inputs (only its bound ${formatNumber(out.values.max)} is)`,
          );
      }
      // Bounded by the input's size (`k <= nums.length`): drawn up to n as the measurement grows it.
      const sizeBound =
        upper?.aspect === 'length' && arrayLike.some((a) => a.name === upper.name) && upper.plus === 0;
      const relative = upper !== undefined;
      if (sizeBound || (role === 'value' && arrayLike.length && bound === undefined && depth === 0)) {
        out.atMostSize = true;
        if (bound === undefined) out.values = { min: 1, max: DEFAULT_LENGTH.max };
      }
      const oneOf = reading.oneOf.get(v.name);
      if (oneOf) out.oneOf = oneOf;
      const sum = stated(`${v.name}:sum`);
      if (sum.max !== undefined) out.sumMax = sum.max;
      if (values.max === undefined && !relative)
        defaults.push(
          `${depth ? `${v.name}[i]` : v.name}: assumed ${out.atMostSize ? `${out.values.min} to n` : formatRange(out.values)}`,
        );
      else if (values.min === undefined && !relative && values.max !== undefined)
        defaults.push(
          `${depth ? `${v.name}[i]` : v.name}: lower bound assumed ${formatNumber(out.values.min)}`,
        );
    }
    if ((element === 'char' || element === 'string') && !reading.alphabets.has(v.name))
      defaults.push(`${v.name}: assumed lowercase English letters`);
    return out;
  });
  // Issue 44 item 4: relations the generator has no means to keep are named, never dropped without a word.
  const shown = (l: Linear) => {
    const [name, aspect] = l.key.split(':');
    const q = aspect === 'length' ? `${name}.length` : aspect === 'values' ? name : `${name} (${aspect})`;
    return `${l.times === 1 ? '' : `${l.times} * `}${q}${l.plus ? ` ${l.plus < 0 ? '-' : '+'} ${Math.abs(l.plus)}` : ''}`;
  };
  // `x >= other + p` is kept when the other is generated at most `x - p` (its maxFrom), or bounded by x's own size.
  const keptBy = (aspect: 'length' | 'values', name: string, l: Linear) => {
    const [other] = l.key.split(':');
    const o = variables.find((x) => x.name === other);
    return (
      l.times === 1 &&
      o !== undefined &&
      ((o.maxFrom?.name === name && o.maxFrom.aspect === aspect && o.maxFrom.plus === -l.plus) ||
        (aspect === 'length' && o.atMostSize === true && l.plus === 0 && arrayLike.length === 1))
    );
  };
  for (const v of vars) {
    const values = reading.bounds.get(`${v.name}:values`);
    const length = reading.bounds.get(`${v.name}:length`);
    const label = TYPE_SHAPES[v.type].depth ? `${v.name}[i]` : v.name;
    for (const l of values?.minFrom ?? [])
      if (!keptBy('values', v.name, l))
        defaults.push(`${label} >= ${shown(l)}: not honoured by the generated inputs`);
    for (const l of length?.maxFrom ?? [])
      defaults.push(`${v.name}.length <= ${shown(l)}: not honoured by the generated inputs`);
    for (const l of length?.minFrom ?? [])
      if (!keptBy('length', v.name, l))
        defaults.push(`${v.name}.length >= ${shown(l)}: not honoured by the generated inputs`);
  }
  for (const line of reading.lines)
    if (line.rules.length === 0) defaults.push(`not read, so not used: "${line.text}"`);
  const sizes = variables.filter((v) => v.role === 'size');
  const isInt = (v: GeneratedVariable) =>
    TYPE_SHAPES[v.type].depth === 0 && TYPE_SHAPES[v.type].element !== 'string';
  const sizeLabel = sizes.map((v) => (isInt(v) ? v.name : lengthName(v))).join(' = ');
  let arrays = 0;
  const sizeSymbols = sizes.map((v) => (isInt(v) ? v.name : (['n', 'm', 'k'][arrays++] ?? v.name)));
  return { spec: { variables }, defaults, sizeLabel, sizeSymbols, reading };
}

function lengthName(v: { name: string; type: ProblemInputType; columns?: number }): string {
  const depth = TYPE_SHAPES[v.type].depth;
  return depth === 2 && !v.columns ? `cells of ${v.name}` : `${v.name}.length`;
}

function range(bound: { min?: number; max?: number } | undefined, fallback: NumberRange): NumberRange {
  const min = bound?.min ?? fallback.min;
  const max = bound?.max ?? fallback.max;
  return min <= max ? { min, max } : fallback;
}

export function formatRange(r: NumberRange): string {
  return `${formatNumber(r.min)} to ${formatNumber(r.max)}`;
}

function formatNumber(x: number): string {
  const a = Math.abs(x);
  if (a >= 1e4 && Number.isInteger(Math.log10(a))) return `${x < 0 ? '-' : ''}10^${Math.log10(a)}`;
  return String(x);
}
