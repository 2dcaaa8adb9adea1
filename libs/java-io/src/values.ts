import { INPUT_TYPES, type InputType, type ProblemInputType } from '@javelin/contracts';
import { encodeValue, parseValue } from './typed-values';

/**
 * Test-case values as admins type them in the problem form, and their stdin encoding. The spec's four
 * types keep the rules below unchanged; the richer types of issue 18 are parsed in typed-values.ts
 * (README.md documents them all).
 *
 * Accepted raw formats (what `validateValue` checks):
 * - int:     a decimal 32-bit signed integer, optional sign, surrounding spaces ignored: `42`, `-7`.
 * - boolean: `true` or `false` (surrounding spaces ignored, lower case).
 * - array:   an int array. Canonical form is JSON-like `[1,2,3]` (spaces allowed, `[]` is empty);
 *            plain space- or comma-separated integers `1 2 3` / `1,2,3` are accepted too, and an
 *            empty value is the empty array.
 * - string:  any single line of text, taken verbatim (no quoting; a line break is rejected because
 *            the program reads a string as one whole line).
 *
 * Stdin encoding (one value per line, in input-variable order):
 *   int -> `42`; boolean -> `true`; string -> the text; array -> `3` then `1 2 3` (length line, then
 *   the elements space-separated on one line; an empty array is `0` then an empty line).
 */

export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;

export type ValidationResult = { valid: true } | { valid: false; error: string };

const INT_RE = /^[+-]?\d+$/;

/** Parse a 32-bit Java int; null when `raw` is not one. */
export function parseIntValue(raw: string): number | null {
  const s = raw.trim();
  if (!INT_RE.test(s)) return null;
  // Strip leading zeros safely without losing precision for long inputs.
  const digits = s.replace(/^[+-]/, '').replace(/^0+(?=\d)/, '');
  if (digits.length > 10) return null;
  const n = Number(s);
  if (!Number.isInteger(n) || n < INT_MIN || n > INT_MAX) return null;
  return n === 0 ? 0 : n;
}

/** Parse an int array in any accepted format; null when it is not one. */
export function parseIntArray(raw: string): number[] | null {
  let s = raw.trim();
  if (s.startsWith('[') || s.endsWith(']')) {
    if (!(s.startsWith('[') && s.endsWith(']'))) return null;
    s = s.slice(1, -1).trim();
    if (s === '') return [];
    // JSON-like: comma separated, no empty elements.
    const parts = s.split(',');
    const out: number[] = [];
    for (const p of parts) {
      const n = parseIntValue(p);
      if (n === null) return null;
      out.push(n);
    }
    return out;
  }
  if (s === '') return [];
  const parts = s.includes(',') ? s.split(',') : s.split(/\s+/);
  const out: number[] = [];
  for (const p of parts) {
    const n = parseIntValue(p);
    if (n === null) return null;
    out.push(n);
  }
  return out;
}

export function parseBooleanValue(raw: string): boolean | null {
  const s = raw.trim();
  if (s === 'true') return true;
  if (s === 'false') return false;
  return null;
}

/** A problem's input variable as java-io needs it (the spec's types or the richer ones). */
export interface TypedVariable {
  name: string;
  type: ProblemInputType;
}

function isSpecInputType(type: ProblemInputType): type is InputType {
  return (INPUT_TYPES as readonly string[]).includes(type);
}

/**
 * Whether `raw` is a valid test-case value of `type` (see the formats above and README.md). `raw` is
 * what an admin typed, or a JSON value of the inputs map.
 */
export function validateValue(type: ProblemInputType, raw: unknown): ValidationResult {
  if (!isSpecInputType(type)) {
    const parsed = parseValue(type, raw);
    return parsed.ok ? { valid: true } : { valid: false, error: parsed.error };
  }
  return validateSpecValue(type, rawValue(raw));
}

function validateSpecValue(type: InputType, raw: string): ValidationResult {
  switch (type) {
    case 'int':
      return parseIntValue(raw) === null
        ? { valid: false, error: `"${clip(raw)}" is not a 32-bit integer` }
        : { valid: true };
    case 'boolean':
      return parseBooleanValue(raw) === null
        ? { valid: false, error: `"${clip(raw)}" is not true or false` }
        : { valid: true };
    case 'array':
      return parseIntArray(raw) === null
        ? { valid: false, error: `"${clip(raw)}" is not an int array like [1,2,3]` }
        : { valid: true };
    case 'string':
      return /[\r\n]/.test(raw)
        ? { valid: false, error: 'a string value must be a single line' }
        : { valid: true };
  }
}

/**
 * Every invalid or missing value of a test's inputs, each naming its variable and type
 * (`nums (int[]): [2]: "x" is not a 32-bit integer`); empty when the test is valid.
 */
export function validateInputs(
  inputVariables: ReadonlyArray<TypedVariable>,
  inputs: Readonly<Record<string, unknown>>,
): string[] {
  const errors: string[] = [];
  for (const v of inputVariables) {
    if (!Object.prototype.hasOwnProperty.call(inputs, v.name)) {
      errors.push(`Missing value for input ${v.name}`);
      continue;
    }
    const check = validateValue(v.type, inputs[v.name]);
    if (!check.valid) errors.push(`${v.name} (${v.type}): ${check.error}`);
  }
  return errors;
}

export function isValidValue(type: ProblemInputType, raw: unknown): boolean {
  return validateValue(type, raw).valid;
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/**
 * Turn a value from a test-case input map into its raw string. Maps stored by older clients may
 * hold JSON numbers, booleans or arrays instead of strings; those are accepted too.
 */
export function rawValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => String(v)).join(',')}]`;
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Encode one value for stdin, including its trailing newline(s). Throws on an invalid value. */
export function serializeValue(type: ProblemInputType, raw: unknown, name = 'value'): string {
  if (!isSpecInputType(type)) {
    const parsed = parseValue(type, raw);
    if (!parsed.ok) throw new Error(`Invalid value for ${name} (${type}): ${parsed.error}`);
    return encodeValue(type, parsed.value);
  }
  const text = rawValue(raw);
  const check = validateSpecValue(type, text);
  if (!check.valid) throw new Error(`Invalid value for ${name} (${type}): ${check.error}`);
  switch (type) {
    case 'int':
      return `${parseIntValue(text)}\n`;
    case 'boolean':
      return `${parseBooleanValue(text)}\n`;
    case 'array': {
      const a = parseIntArray(text) as number[];
      return `${a.length}\n${a.join(' ')}\n`;
    }
    case 'string':
    default:
      return `${text}\n`;
  }
}

/**
 * The exact stdin text for one test case: values in input-variable order, encoded as above.
 * `inputs` maps variable name to raw value (a JSON string of that map is accepted too).
 * Throws an Error naming the variable when a value is missing or invalid.
 */
export function serializeInputs(
  inputVariables: ReadonlyArray<TypedVariable>,
  inputs: Readonly<Record<string, unknown>> | string,
): string {
  const map = typeof inputs === 'string' ? decodeInputMap(inputs) : inputs;
  let out = '';
  for (const v of inputVariables) {
    if (!Object.prototype.hasOwnProperty.call(map, v.name)) {
      throw new Error(`Missing value for input ${v.name}`);
    }
    out += serializeValue(v.type, map[v.name], v.name);
  }
  return out;
}

/** Decode the JSON-encoded input map the server stores in TestCase.input. */
export function decodeInputMap(json: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('Test case input is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('Test case input must be a JSON object of variable name to value');
  }
  return parsed as Record<string, unknown>;
}
