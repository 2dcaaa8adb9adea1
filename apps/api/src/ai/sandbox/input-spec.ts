import {
  GeneratedVariable,
  InputSpec,
  isProblemInputType,
  NumberRange,
  ProblemInputType,
} from '@javelin/contracts';
import { TYPE_SHAPES } from '@javelin/java-io';
import { normaliseExponents, NUMBER, parseNumber } from '../offline/constraints';

/**
 * What the judge generates inputs from (libs/java-io/src/generators.ts): the problem's typed signature
 * and the ranges its constraints text states. Only simple forms are read (`1 <= n <= 10^5`,
 * `-10^9 <= nums[i] <= 10^9`, `1 <= s.length <= 10^4`, `m == grid.length`, `intervals[i].length == 2`,
 * `1 <= k <= nums.length`, "lowercase English letters"); anything else takes a default, and every
 * default taken is stated in the analysis. Never built from the problem's tests.
 */
export interface BuiltSpec {
  spec: InputSpec;
  /** One sentence per default taken ("nums.length: assumed 1 to 10^5"). */
  defaults: string[];
  /** What n stands for in the measurement (`nums.length`, `a = b`). */
  sizeLabel: string;
  /** How the growth names each size variable: an int by its name, an array or string `n` (a second `m`). */
  sizeSymbols: string[];
}

const DEFAULT_LENGTH: NumberRange = { min: 1, max: 1e5 };
const DEFAULT_MATRIX_ROWS: NumberRange = { min: 1, max: 1000 };
const DEFAULT_INT: NumberRange = { min: -1e9, max: 1e9 };
const DEFAULT_SIZE_INT: NumberRange = { min: 1, max: 1e9 };
const DEFAULT_DOUBLE: NumberRange = { min: -1e4, max: 1e4 };
/** Longs beyond this lose digits as JavaScript numbers: generated longs stay within it. */
const SAFE_LONG = 2 ** 53 - 1;
const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';

type Aspect = 'length' | 'values' | 'columns';
interface Bound {
  min?: number;
  max?: number;
  /** The upper bound names another quantity (`k <= nums.length`). */
  relative?: boolean;
}

const COMPARISON = /(<=|≤|=<|⩽|>=|≥|==|<|>|=)/;
const NUMBER_ONLY = new RegExp(`^${NUMBER}$`);

export function buildInputSpec(
  inputVariables: { name: string; type: string }[],
  constraints: string,
): BuiltSpec | null {
  if (!inputVariables.length || inputVariables.some((v) => !isProblemInputType(v.type))) return null;
  const vars = inputVariables.map((v) => ({ name: v.name, type: v.type as ProblemInputType }));
  const text = normaliseExponents(constraints ?? '');
  const bounds = readBounds(text, vars);
  const arrayLike = vars.filter(
    (v) => TYPE_SHAPES[v.type].depth > 0 || TYPE_SHAPES[v.type].element === 'string',
  );
  const defaults: string[] = [];
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
    const get = (aspect: Aspect) => bounds.get(`${v.name}:${aspect}`);
    const out: GeneratedVariable = {
      name: v.name,
      type: v.type,
      role,
      length: DEFAULT_LENGTH,
      values: DEFAULT_INT,
      alphabet: alphabetFor(text, v.name),
    };
    if (depth > 0 || element === 'string') {
      const fallback = depth === 2 ? DEFAULT_MATRIX_ROWS : DEFAULT_LENGTH;
      out.length = range(get('length'), fallback);
      if (get('length')?.max === undefined)
        defaults.push(`${v.name}.length: assumed ${formatRange(out.length)}`);
      const columns = get('columns');
      if (depth === 2 && columns?.min !== undefined && columns.min === columns.max) out.columns = columns.min;
    }
    if (element === 'int' || element === 'long' || element === 'double') {
      const fallback =
        element === 'double'
          ? DEFAULT_DOUBLE
          : role === 'size' && depth === 0
            ? DEFAULT_SIZE_INT
            : DEFAULT_INT;
      const stated = get('values');
      out.values = range(stated, fallback);
      if (element === 'long')
        out.values = { min: Math.max(out.values.min, -SAFE_LONG), max: Math.min(out.values.max, SAFE_LONG) };
      if (stated?.relative || (role === 'value' && arrayLike.length && stated === undefined && depth === 0)) {
        out.atMostSize = true;
        if (stated === undefined) out.values = { min: 1, max: DEFAULT_LENGTH.max };
      }
      if (stated?.max === undefined && !stated?.relative)
        defaults.push(
          `${depth ? `${v.name}[i]` : v.name}: assumed ${out.atMostSize ? `${out.values.min} to n` : formatRange(out.values)}`,
        );
    }
    if (
      (element === 'char' || element === 'string') &&
      out.alphabet === LOWERCASE &&
      !/lower\s*-?case/i.test(text)
    )
      defaults.push(`${v.name}: assumed lowercase English letters`);
    return out;
  });
  const sizes = variables.filter((v) => v.role === 'size');
  const isInt = (v: GeneratedVariable) =>
    TYPE_SHAPES[v.type].depth === 0 && TYPE_SHAPES[v.type].element !== 'string';
  const sizeLabel = sizes.map((v) => (isInt(v) ? v.name : lengthName(v))).join(' = ');
  let arrays = 0;
  const sizeSymbols = sizes.map((v) => (isInt(v) ? v.name : (['n', 'm', 'k'][arrays++] ?? v.name)));
  return { spec: { variables }, defaults, sizeLabel, sizeSymbols };
}

function lengthName(v: { name: string; type: ProblemInputType; columns?: number }): string {
  const depth = TYPE_SHAPES[v.type].depth;
  return depth === 2 && !v.columns ? `cells of ${v.name}` : `${v.name}.length`;
}

function range(bound: Bound | undefined, fallback: NumberRange): NumberRange {
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

/** The bounds the text states, keyed `name:aspect`; `m`/`n` defined by `==` stand for what they equal. */
function readBounds(text: string, vars: { name: string; type: ProblemInputType }[]): Map<string, Bound> {
  const names = new Set(vars.map((v) => v.name));
  const aliases = new Map<string, string>();
  const clauses = text.split(/\n|;|,\s*(?=-?\d|[A-Za-z_][\w.[\]()]*\s*(?:<|≤|==|=))/);
  // First the definitions: `m == grid.length`, `n == nums.length`.
  for (const clause of clauses) {
    const m = /^\s*([A-Za-z_]\w*)\s*==?\s*([A-Za-z_][\w.[\]()]*)\s*$/.exec(clause);
    if (m && !names.has(m[1]) && subject(m[2], vars, aliases)) aliases.set(m[1], m[2]);
  }
  const firstArray = vars.find(
    (v) => TYPE_SHAPES[v.type].depth > 0 || TYPE_SHAPES[v.type].element === 'string',
  );
  const matrix = vars.find((v) => TYPE_SHAPES[v.type].depth === 2);
  if (!aliases.has('n') && !names.has('n') && firstArray) aliases.set('n', `${firstArray.name}.length`);
  if (!aliases.has('m') && !names.has('m') && matrix) aliases.set('m', `${matrix.name}.length`);

  const out = new Map<string, Bound>();
  const set = (key: string, patch: Bound) => out.set(key, { ...out.get(key), ...patch });
  for (const clause of text.split(/\n|;/)) {
    const parts = clause.split(COMPARISON).map((p) => p.trim());
    for (let i = 2; i < parts.length; i += 2) {
      const op = parts[i - 1];
      const left = parts[i - 2];
      const right = parts[i];
      // Prose around a chain ("…, where n is the length") is left out: the number next to the operator counts.
      const leftNumber = numberOf(left, 'last');
      const rightNumber = numberOf(right, 'first');
      // `A <= subjects` (lower bound) and `subjects <= B` (upper bound); `subjects == K` fixes both.
      if (leftNumber === undefined && rightNumber !== undefined) {
        for (const key of subjects(left, vars, aliases)) {
          if (/==|^=$/.test(op)) set(key, { min: rightNumber, max: rightNumber });
          else if (/</.test(op) || /≤|⩽/.test(op)) set(key, { max: rightNumber });
          else set(key, { min: rightNumber });
        }
      } else if (leftNumber !== undefined && rightNumber === undefined) {
        for (const key of subjects(right, vars, aliases)) {
          if (/</.test(op) || /≤|⩽/.test(op)) set(key, { min: leftNumber });
          else if (/==|^=$/.test(op)) set(key, { min: leftNumber, max: leftNumber });
          else set(key, { max: leftNumber });
        }
      } else if (leftNumber === undefined && rightNumber === undefined && /<|≤|⩽/.test(op)) {
        // `k <= nums.length`: k is bounded by the input's size.
        if (subjects(right, vars, aliases).length)
          for (const key of subjects(left, vars, aliases)) set(key, { relative: true });
      }
    }
  }
  return out;
}

const FIRST_NUMBER = new RegExp(`^(${NUMBER})(?![\\w.\\[])`);
const LAST_NUMBER = new RegExp(`(?:^|[\\s(,:])(${NUMBER})$`);

/** The number a side of a comparison is: all of it, or (with prose beside it) the number next to the operator. */
function numberOf(text: string, at: 'first' | 'last'): number | undefined {
  const t = text.replace(/\s+/g, ' ').trim();
  const m = NUMBER_ONLY.test(t) ? [t, t] : (at === 'first' ? FIRST_NUMBER : LAST_NUMBER).exec(t);
  if (!m) return undefined;
  // The sign apart: parseNumber reads `-10^4` as (-10)^4.
  const raw = m[1].trim();
  const value = raw.startsWith('-') ? -parseNumber(raw.slice(1)) : parseNumber(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** The `name:aspect` keys a comparison's side names (`a, b` names two). */
function subjects(
  text: string,
  vars: { name: string; type: ProblemInputType }[],
  aliases: Map<string, string>,
): string[] {
  // The words before a comparison may carry prose ("where 1 <= n"): the subject is the last term.
  return text
    .split(/\s*,\s*/)
    .map((part) => part.trim().split(/\s+/).pop() ?? '')
    .map((term) => subject(term, vars, aliases))
    .filter((key): key is string => key !== undefined);
}

function subject(
  term: string,
  vars: { name: string; type: ProblemInputType }[],
  aliases: Map<string, string>,
  depth = 0,
): string | undefined {
  const t = term.replace(/\s+/g, '');
  if (depth < 2 && aliases.has(t)) return subject(aliases.get(t)!, vars, aliases, depth + 1);
  const find = (name: string) => vars.find((v) => v.name === name);
  let m = /^([A-Za-z_]\w*)\[\w+\]\.length(?:\(\))?$/.exec(t);
  if (m && find(m[1])) return `${m[1]}:columns`;
  m = /^(?:\|([A-Za-z_]\w*)\||len\(([A-Za-z_]\w*)\)|([A-Za-z_]\w*)\.(?:length(?:\(\))?|size\(\)))$/.exec(t);
  if (m) {
    const name = m[1] ?? m[2] ?? m[3];
    return find(name) ? `${name}:length` : undefined;
  }
  m = /^([A-Za-z_]\w*)(?:\[\w+\])+$/.exec(t);
  if (m && find(m[1])) return `${m[1]}:values`;
  const v = find(t);
  if (!v) return undefined;
  const { element, depth: d } = TYPE_SHAPES[v.type];
  return d === 0 && element !== 'string' ? `${t}:values` : `${t}:length`;
}

/** The characters a string or char input is made of, from the sentence that names it. */
function alphabetFor(text: string, name: string): string {
  const sentences = text.split(/\n|\.(?:\s|$)/).filter((s) => new RegExp(`\\b${name}\\b`).test(s));
  for (const s of sentences) {
    const quoted = [...s.matchAll(/'(.)'|"(.)"/g)].map((m) => m[1] ?? m[2]);
    if (quoted.length >= 2) return [...new Set(quoted)].join('');
    if (/\bdigits?\b/i.test(s) && !/letters?/i.test(s)) return '0123456789';
    if (/upper\s*-?case/i.test(s) && !/lower\s*-?case/i.test(s)) return 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    if (/lower\s*-?case/i.test(s)) return LOWERCASE;
    if (/English letters/i.test(s)) return `${LOWERCASE}ABCDEFGHIJKLMNOPQRSTUVWXYZ`;
  }
  return LOWERCASE;
}
