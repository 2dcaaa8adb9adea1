import { describe, expect, it } from 'vitest';
import {
  decodeInputMap,
  isJavaIdentifier,
  isValidValue,
  parseIntArray,
  serializeInputs,
  validateValue,
} from './index';

describe('validateValue', () => {
  it('int: 32-bit decimal integers only', () => {
    for (const ok of ['0', '42', '-7', ' 12 ', '+5', '2147483647', '-2147483648', '007']) {
      expect(isValidValue('int', ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      'abc',
      '1.5',
      '2147483648',
      '-2147483649',
      '1e3',
      '12 3',
      '99999999999999999999',
      '0x10',
    ]) {
      expect(isValidValue('int', bad), bad).toBe(false);
    }
    const r = validateValue('int', 'x');
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.error).toMatch(/not a 32-bit integer/);
  });

  it('boolean: true or false', () => {
    expect(isValidValue('boolean', 'true')).toBe(true);
    expect(isValidValue('boolean', ' false ')).toBe(true);
    expect(isValidValue('boolean', 'True')).toBe(false);
    expect(isValidValue('boolean', '1')).toBe(false);
    expect(isValidValue('boolean', '')).toBe(false);
  });

  it('array: [1,2,3], space- or comma-separated, empty', () => {
    expect(parseIntArray('[1,2,3]')).toEqual([1, 2, 3]);
    expect(parseIntArray('[ 1 , -2 , 3 ]')).toEqual([1, -2, 3]);
    expect(parseIntArray('[]')).toEqual([]);
    expect(parseIntArray('')).toEqual([]);
    expect(parseIntArray('1 2  3')).toEqual([1, 2, 3]);
    expect(parseIntArray('1,2,3')).toEqual([1, 2, 3]);
    for (const bad of ['[1,2', '1,2]', '[1,,2]', '[a]', '[1.5]', '[2147483648]', '[1 2]', '{1}']) {
      expect(isValidValue('array', bad), bad).toBe(false);
    }
  });

  it('string: any single line', () => {
    expect(isValidValue('string', '')).toBe(true);
    expect(isValidValue('string', '  hello, "world" [1,2] ')).toBe(true);
    expect(isValidValue('string', 'a\nb')).toBe(false);
  });
});

describe('serializeInputs', () => {
  const vars = [
    { name: 'nums', type: 'array' as const },
    { name: 'target', type: 'int' as const },
    { name: 's', type: 'string' as const },
    { name: 'flag', type: 'boolean' as const },
  ];

  it('encodes values one per line in variable order, arrays as length then elements', () => {
    expect(serializeInputs(vars, { target: '9', nums: '[2,7,11,15]', s: 'hi there', flag: 'true' })).toBe(
      '4\n2 7 11 15\n9\nhi there\ntrue\n',
    );
  });

  it('encodes an empty array as 0 and an empty line', () => {
    expect(serializeInputs([{ name: 'a', type: 'array' }], { a: '[]' })).toBe('0\n\n');
  });

  it('accepts the JSON-encoded map the server stores, and JSON values', () => {
    expect(serializeInputs(vars, JSON.stringify({ nums: [1, 2], target: 3, s: 'x', flag: false }))).toBe(
      '2\n1 2\n3\nx\nfalse\n',
    );
    expect(decodeInputMap('{"a":"1"}')).toEqual({ a: '1' });
    expect(() => decodeInputMap('[1]')).toThrow(/JSON object/);
    expect(() => decodeInputMap('{')).toThrow(/not valid JSON/);
  });

  it('names the variable when a value is missing or invalid', () => {
    expect(() => serializeInputs(vars, { nums: '[1]', target: '1', s: 'x' })).toThrow(/flag/);
    expect(() => serializeInputs(vars, { nums: '[1]', target: 'one', s: 'x', flag: 'true' })).toThrow(
      /target \(int\)/,
    );
  });
});

describe('isJavaIdentifier', () => {
  it('accepts identifiers and refuses keywords, literals and bad characters', () => {
    for (const ok of ['twoSum', '_x', '$y', 'a1', 'Main']) expect(isJavaIdentifier(ok), ok).toBe(true);
    for (const bad of ['', '1a', 'class', 'int', 'true', 'null', '_', 'a-b', 'a b', 'é']) {
      expect(isJavaIdentifier(bad), bad).toBe(false);
    }
  });
});
