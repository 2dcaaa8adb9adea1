import { isProblemInputType, type ProblemInputType } from '@javelin/contracts';
import { parseBooleanValue, parseIntValue } from './values';

/**
 * Values of every problem type (the spec's four and the richer ones of issue 18): parsing what admins
 * type or what a JSON inputs map holds, and the stdin encoding the generated `main` reads.
 * libs/java-io/README.md documents the formats; this file is their single implementation.
 */

export type ScalarKind = 'int' | 'long' | 'double' | 'char' | 'boolean' | 'string';

/** A parsed value: int and double as number, long as bigint, char and string as string. */
export type JavaValue = number | bigint | boolean | string | JavaValue[];

export type ParseResult = { ok: true; value: JavaValue } | { ok: false; error: string };

/** Each type as its scalar element and how deeply it is nested (0 scalar, 1 array, 2 matrix). */
export const TYPE_SHAPES: Record<ProblemInputType, { element: ScalarKind; depth: 0 | 1 | 2 }> = {
  int: { element: 'int', depth: 0 },
  long: { element: 'long', depth: 0 },
  double: { element: 'double', depth: 0 },
  char: { element: 'char', depth: 0 },
  boolean: { element: 'boolean', depth: 0 },
  string: { element: 'string', depth: 0 },
  array: { element: 'int', depth: 1 },
  'int[]': { element: 'int', depth: 1 },
  'long[]': { element: 'long', depth: 1 },
  'double[]': { element: 'double', depth: 1 },
  'boolean[]': { element: 'boolean', depth: 1 },
  'char[]': { element: 'char', depth: 1 },
  'string[]': { element: 'string', depth: 1 },
  'int[][]': { element: 'int', depth: 2 },
  'char[][]': { element: 'char', depth: 2 },
};

export const LONG_MIN = -(2n ** 63n);
export const LONG_MAX = 2n ** 63n - 1n;

const LONG_RE = /^[+-]?\d+$/;
/** Plain decimal notation only: Java's hexadecimal floats, `d`/`f` suffixes, NaN and Infinity are refused. */
const DOUBLE_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Parse a 64-bit Java long; null when `raw` is not one. */
export function parseLongValue(raw: string): bigint | null {
  const s = raw.trim();
  if (!LONG_RE.test(s)) return null;
  const n = BigInt(s);
  return n < LONG_MIN || n > LONG_MAX ? null : n;
}

/**
 * Parse a finite Java double written in decimal (`1.5`, `-2`, `1e-9`, `.5`); null otherwise. NaN and
 * the infinities are refused: JSON cannot carry them and an expected output with them could not be
 * compared with a tolerance. `-0` is kept as negative zero, as Java keeps it.
 */
export function parseDoubleValue(raw: string): number | null {
  const s = raw.trim();
  if (!DOUBLE_RE.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A Java char is one UTF-16 unit; a line break cannot be read back from a line, a lone surrogate cannot be sent as UTF-8. */
function parseCharValue(raw: string): string | null {
  if (raw.length !== 1 || /[\r\n\uD800-\uDFFF]/.test(raw)) return null;
  return raw;
}

const SCALAR_ERROR: Record<ScalarKind, string> = {
  int: 'is not a 32-bit integer',
  long: 'is not a 64-bit integer',
  double: 'is not a finite decimal number',
  char: 'is not a single character',
  boolean: 'is not true or false',
  string: 'is not a single line',
};

function scalarFromText(kind: ScalarKind, text: string): ParseResult {
  let value: JavaValue | null;
  switch (kind) {
    case 'int':
      value = parseIntValue(text);
      break;
    case 'long':
      value = parseLongValue(text);
      break;
    case 'double':
      value = parseDoubleValue(text);
      break;
    case 'char':
      value = parseCharValue(text);
      break;
    case 'boolean':
      value = parseBooleanValue(text);
      break;
    case 'string':
      value = /[\r\n]/.test(text) ? null : text;
      break;
  }
  return value === null ? { ok: false, error: `${quote(text)} ${SCALAR_ERROR[kind]}` } : { ok: true, value };
}

/** A value's syntax tree, from typed text or from JSON: lists, and texts (quoted or bare). */
type Literal = { list: Literal[] } | { text: string };

function literalFromJson(value: unknown, kind: ScalarKind): Literal | string {
  if (Array.isArray(value)) {
    const list: Literal[] = [];
    for (let i = 0; i < value.length; i++) {
      const item = literalFromJson(value[i], kind);
      if (typeof item === 'string') return `[${i}]${item.startsWith('[') ? '' : ': '}${item}`;
      list.push(item);
    }
    return { list };
  }
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'boolean') return { text: String(value) };
  if (typeof value === 'number') {
    // JSON numbers are doubles: a long past 2^53 has already lost digits by the time it arrives here.
    if (kind === 'long' && !Number.isSafeInteger(value)) {
      return `${value} is past ±2^53, where JSON numbers lose digits: write the long as a string`;
    }
    return { text: Object.is(value, -0) ? '-0' : String(value) };
  }
  return `${value === null ? 'null' : typeof value} is not a value`;
}

const STRING_LITERAL_RE = /"(?:[^"\\]|\\.)*"/y;
const BARE_RE = /[^\s,[\]"]+/y;

/**
 * Parse typed text like `[[1,2],[3]]` or `["a b", "c"]`: lists in brackets, elements separated by
 * commas, strings as JSON string literals or bare words (no spaces, commas, brackets or quotes).
 */
function literalFromText(src: string): Literal | string {
  let pos = 0;
  const skipSpace = () => {
    while (pos < src.length && /\s/.test(src[pos])) pos++;
  };
  const fail = (expected: string) =>
    pos >= src.length
      ? `ends early: expected ${expected}`
      : `unexpected ${quote(src[pos])} at character ${pos + 1}: expected ${expected}`;
  const value = (): Literal | string => {
    skipSpace();
    if (src[pos] === '[') {
      pos++;
      const list: Literal[] = [];
      skipSpace();
      if (src[pos] === ']') {
        pos++;
        return { list };
      }
      for (;;) {
        const item = value();
        if (typeof item === 'string') return item;
        list.push(item);
        skipSpace();
        if (src[pos] === ',') pos++;
        else if (src[pos] === ']') {
          pos++;
          return { list };
        } else return fail('"," or "]"');
      }
    }
    STRING_LITERAL_RE.lastIndex = pos;
    const quoted = STRING_LITERAL_RE.exec(src);
    if (quoted) {
      pos = STRING_LITERAL_RE.lastIndex;
      try {
        return { text: JSON.parse(quoted[0]) as string };
      } catch {
        return `${quoted[0]} is not a valid JSON string (bad escape)`;
      }
    }
    BARE_RE.lastIndex = pos;
    const bare = BARE_RE.exec(src);
    if (!bare) return fail('a value');
    pos = BARE_RE.lastIndex;
    return { text: bare[0] };
  };
  const result = value();
  if (typeof result === 'string') return result;
  skipSpace();
  return pos < src.length ? fail('the end') : result;
}

function fromLiteral(literal: Literal, kind: ScalarKind, depth: number, path: string): ParseResult {
  if (depth === 0) {
    if ('list' in literal) return { ok: false, error: `${path}: a list where a ${kind} was expected` };
    const r = scalarFromText(kind, literal.text);
    return r.ok ? r : { ok: false, error: `${path}: ${r.error}` };
  }
  if (!('list' in literal)) {
    return { ok: false, error: `${path || 'the value'}: ${quote(literal.text)} is not a list in [ ]` };
  }
  const out: JavaValue[] = [];
  for (let i = 0; i < literal.list.length; i++) {
    const r = fromLiteral(literal.list[i], kind, depth - 1, `${path}[${i}]`);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return { ok: true, value: out };
}

/**
 * Parse a value of `type` from what admins type (a string) or from a JSON value of the inputs map
 * (number, boolean, string, nested arrays). Errors say what is wrong and where (`[1][2]: ...`).
 */
export function parseValue(type: ProblemInputType, value: unknown): ParseResult {
  if (!isProblemInputType(type)) return { ok: false, error: `unknown type "${String(type)}"` };
  const { element, depth } = TYPE_SHAPES[type];
  if (depth === 0) {
    if (typeof value === 'string') return scalarFromText(element, value);
    const literal = literalFromJson(value, element);
    if (typeof literal === 'string') return { ok: false, error: literal };
    return 'list' in literal
      ? { ok: false, error: `a list is not a ${element}` }
      : scalarFromText(element, literal.text);
  }
  if (typeof value !== 'string') {
    const literal = literalFromJson(value, element);
    return typeof literal === 'string'
      ? { ok: false, error: literal }
      : fromLiteral(literal, element, depth, '');
  }
  const text = value.trim();
  if (depth === 1 && !text.startsWith('[') && (element === 'char' || element === 'string')) {
    return {
      ok: false,
      error: `write a ${element} array in brackets, like ${element === 'char' ? '["a","b"]' : '["one","two words"]'}`,
    };
  }
  if (depth === 1 && !text.startsWith('[')) {
    // Plain `1 2 3` or `1,2,3`, as the spec's int arrays accept.
    if (text === '') return { ok: true, value: [] };
    const parts = text.includes(',') ? text.split(',') : text.split(/\s+/);
    return fromLiteral({ list: parts.map((p) => ({ text: p })) }, element, 1, '');
  }
  const literal = literalFromText(text);
  return typeof literal === 'string'
    ? { ok: false, error: literal }
    : fromLiteral(literal, element, depth, '');
}

function scalarToStdin(kind: ScalarKind, value: JavaValue): string {
  if (kind === 'double') return Object.is(value, -0) ? '-0.0' : String(value);
  return String(value);
}

/** The stdin lines of a parsed value, each ending in a newline (README: "Standard input"). */
export function encodeValue(type: ProblemInputType, value: JavaValue): string {
  const { element, depth } = TYPE_SHAPES[type];
  const array = (items: JavaValue[]): string => {
    if (element === 'string') return `${items.length}\n${items.map((s) => `${String(s)}\n`).join('')}`;
    // A char may be a space, so a char array is its characters side by side.
    const separator = element === 'char' ? '' : ' ';
    return `${items.length}\n${items.map((x) => scalarToStdin(element, x)).join(separator)}\n`;
  };
  if (depth === 0) return `${scalarToStdin(element, value)}\n`;
  if (depth === 1) return array(value as JavaValue[]);
  const rows = value as JavaValue[][];
  return `${rows.length}\n${rows.map(array).join('')}`;
}

/**
 * The value written back as text that `parseValue` reads: what an admin form can show for a JSON
 * value of the inputs map (`[[1,2],[3]]`, `["a b","c"]`; a string or char stays as it is).
 */
export function formatValueText(type: ProblemInputType, value: JavaValue): string {
  const { element, depth } = TYPE_SHAPES[type];
  const scalar = (x: JavaValue) =>
    element === 'string' || element === 'char' ? JSON.stringify(x) : scalarToStdin(element, x);
  const list = (items: JavaValue[]) => `[${items.map(scalar).join(',')}]`;
  if (depth === 0) return scalarToStdin(element, value);
  if (depth === 1) return list(value as JavaValue[]);
  return `[${(value as JavaValue[][]).map(list).join(',')}]`;
}

function quote(s: string): string {
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

/** A short hint of how to type a value of `type` (README: "Test values"), for form placeholders. */
export const VALUE_PLACEHOLDERS: Record<ProblemInputType, string> = {
  int: 'e.g., 42',
  long: 'e.g., 9000000000',
  double: 'e.g., 2.5',
  char: 'one character',
  boolean: 'true or false',
  string: 'one line of text',
  array: 'e.g., [1,2,3]',
  'int[]': 'e.g., [1,2,3]',
  'long[]': 'e.g., [1,2,3]',
  'double[]': 'e.g., [0.5,1.25]',
  'boolean[]': 'e.g., [true,false]',
  'char[]': 'e.g., ["a","b"]',
  'string[]': 'e.g., ["eat","tea"]',
  'int[][]': 'e.g., [[1,3],[2,6]]',
  'char[][]': 'e.g., [["1","0"],["0","1"]]',
};
