import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INPUT_TYPES,
  PROBLEM_INPUT_TYPES,
  PROBLEM_RETURN_TYPES,
  type ProblemInputType,
} from '@javelin/contracts';
import {
  encodeValue,
  formatValueText,
  javaType,
  parseValue,
  serializeInputs,
  serializeValue,
  validateInputs,
  validateValue,
  type JavaValue,
} from './index';
import { valueArbitrary } from './arbitraries.test-support';

function parsed(type: ProblemInputType, value: unknown): JavaValue {
  const r = parseValue(type, value);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** The value as JSON.parse would give it; a long becomes a string, as README.md tells admins to write longs past 2^53. */
function toJsonValue(value: JavaValue): unknown {
  if (Array.isArray(value)) return value.map(toJsonValue);
  return typeof value === 'bigint' ? String(value) : value;
}

function errorOf(type: ProblemInputType, value: unknown): string {
  const r = validateValue(type, value);
  return r.valid ? '(valid)' : r.error;
}

describe('the type names', () => {
  it('cover the spec types, and every type has a Java type', () => {
    expect(errorOf('constructor' as ProblemInputType, '1')).toBe('unknown type "constructor"');
    expect(() => javaType('toString' as ProblemInputType)).toThrow('Unknown type "toString"');
    for (const t of INPUT_TYPES) expect(PROBLEM_INPUT_TYPES).toContain(t);
    expect(PROBLEM_RETURN_TYPES).toContain('void');
    const java = PROBLEM_RETURN_TYPES.map((t) => javaType(t));
    expect(java).toEqual([
      'int',
      'long',
      'double',
      'char',
      'boolean',
      'String',
      'int[]',
      'int[]',
      'long[]',
      'double[]',
      'boolean[]',
      'char[]',
      'String[]',
      'int[][]',
      'char[][]',
      'void',
    ]);
  });
});

describe('parseValue: typed text and JSON values', () => {
  it('long: the full 64-bit range, as text or as a JSON string; JSON numbers only within ±2^53', () => {
    expect(parsed('long', '-9223372036854775808')).toBe(-(2n ** 63n));
    expect(parsed('long', ' 9223372036854775807 ')).toBe(2n ** 63n - 1n);
    expect(parsed('long', 42)).toBe(42n);
    expect(errorOf('long', '9223372036854775808')).toBe('"9223372036854775808" is not a 64-bit integer');
    expect(errorOf('long', 2 ** 60)).toMatch(/past ±2\^53.*write the long as a string/);
    expect(errorOf('long', '1.0')).toMatch(/not a 64-bit integer/);
    expect(parsed('long[]', ['9223372036854775807', -1])).toEqual([2n ** 63n - 1n, -1n]);
  });

  it('double: finite decimals; -0 stays negative; NaN, Infinity, hex and suffixes are refused', () => {
    expect(parsed('double', '1.5')).toBe(1.5);
    expect(parsed('double', '-2')).toBe(-2);
    expect(parsed('double', '.5e-3')).toBe(0.0005);
    expect(Object.is(parsed('double', '-0.0'), -0)).toBe(true);
    expect(Object.is(parsed('double', -0), -0)).toBe(true);
    for (const bad of [
      'NaN',
      'Infinity',
      '-Infinity',
      '1e400',
      '0x1p3',
      '1.5d',
      '2f',
      '1,5',
      '',
      '.',
      'e5',
    ]) {
      expect(errorOf('double', bad), bad).toMatch(/is not a finite decimal number/);
    }
  });

  it('char: exactly one character, spaces included; never a line break or half a surrogate pair', () => {
    expect(parsed('char', 'a')).toBe('a');
    expect(parsed('char', ' ')).toBe(' ');
    expect(parsed('char', 7)).toBe('7');
    expect(errorOf('char', 'ab')).toBe('"ab" is not a single character');
    expect(errorOf('char', '')).toBe('"" is not a single character');
    expect(errorOf('char', '\n')).toMatch(/not a single character/);
    expect(errorOf('char', '😀')).toMatch(/not a single character/);
    expect(errorOf('char', ['a'])).toBe('a list is not a char');
  });

  it('1-D arrays of numbers and booleans: [..], plain space- or comma-separated, or a JSON array', () => {
    expect(parsed('int[]', '[1, -2, 3]')).toEqual([1, -2, 3]);
    expect(parsed('int[]', '1 2 3')).toEqual([1, 2, 3]);
    expect(parsed('int[]', '')).toEqual([]);
    expect(parsed('int[]', [4, 5])).toEqual([4, 5]);
    expect(parsed('double[]', '0.5, -1e3')).toEqual([0.5, -1000]);
    expect(parsed('boolean[]', '[true,false]')).toEqual([true, false]);
    expect(parsed('boolean[]', [false])).toEqual([false]);
    expect(errorOf('int[]', '[1,2')).toMatch(/ends early: expected "," or "]"/);
    expect(errorOf('int[]', '[1,x]')).toBe('[1]: "x" is not a 32-bit integer');
    expect(errorOf('int[]', [1, 2.5])).toBe('[1]: "2.5" is not a 32-bit integer');
    expect(errorOf('boolean[]', 'true yes')).toBe('[1]: "yes" is not true or false');
    expect(errorOf('double[]', [[1]])).toBe('[0]: a list where a double was expected');
  });

  it('string[] and char[]: brackets with JSON strings or bare words; elements keep their spaces', () => {
    expect(parsed('string[]', '["eat", "tea tan", ""]')).toEqual(['eat', 'tea tan', '']);
    expect(parsed('string[]', '[eat, tea]')).toEqual(['eat', 'tea']);
    expect(parsed('string[]', ['a, b', ' c '])).toEqual(['a, b', ' c ']);
    expect(parsed('string[]', '["quote \\" and \\\\ slash"]')).toEqual(['quote " and \\ slash']);
    expect(parsed('char[]', '["h","e"," "]')).toEqual(['h', 'e', ' ']);
    expect(parsed('char[]', '[a, b]')).toEqual(['a', 'b']);
    expect(errorOf('string[]', 'eat tea')).toBe('write a string array in brackets, like ["one","two words"]');
    expect(errorOf('string[]', '[hello world]')).toBe('unexpected "w" at character 8: expected "," or "]"');
    expect(errorOf('string[]', ['a\nb'])).toBe('[0]: "a\\nb" is not a single line');
    expect(errorOf('string[]', '["bad \\q escape"]')).toBe(
      '"bad \\q escape" is not a valid JSON string (bad escape)',
    );
    expect(errorOf('char[]', '["ab"]')).toBe('[0]: "ab" is not a single character');
    expect(errorOf('char[]', 'abc')).toMatch(/write a char array in brackets/);
  });

  it('matrices: a list of rows, which may differ in length or be empty', () => {
    expect(parsed('int[][]', '[[1,3],[2,6],[8,10]]')).toEqual([
      [1, 3],
      [2, 6],
      [8, 10],
    ]);
    expect(parsed('int[][]', '[[1],[],[2,3,4]]')).toEqual([[1], [], [2, 3, 4]]);
    expect(parsed('int[][]', '[]')).toEqual([]);
    expect(parsed('int[][]', [[-1, 2]])).toEqual([[-1, 2]]);
    expect(parsed('char[][]', '[["1","0"],["0","1"]]')).toEqual([
      ['1', '0'],
      ['0', '1'],
    ]);
    expect(parsed('char[][]', [[1, 0]])).toEqual([['1', '0']]);
    expect(errorOf('int[][]', '[1,2]')).toBe('[0]: "1" is not a list in [ ]');
    expect(errorOf('int[][]', '[[1],[2,x]]')).toBe('[1][1]: "x" is not a 32-bit integer');
    expect(errorOf('int[][]', [[1], [2, 'x']])).toBe('[1][1]: "x" is not a 32-bit integer');
    expect(errorOf('char[][]', [['a'], [null]])).toBe('[1][0]: null is not a value');
    expect(errorOf('int[][]', '[[1]] extra')).toBe('unexpected "e" at character 7: expected the end');
  });

  it('keeps the spec types exactly as before, also when their values arrive as JSON', () => {
    expect(errorOf('int', 'x')).toBe('"x" is not a 32-bit integer');
    expect(errorOf('array', '[1,a]')).toBe('"[1,a]" is not an int array like [1,2,3]');
    expect(errorOf('string', 'a\nb')).toBe('a string value must be a single line');
    expect(validateValue('int', 7)).toEqual({ valid: true });
    expect(serializeValue('array', [1, 2])).toBe('2\n1 2\n');
    expect(serializeValue('string', '  spaced ')).toBe('  spaced \n');
  });
});

describe('stdin encoding', () => {
  it('encodes each type as README.md says', () => {
    const vars = PROBLEM_INPUT_TYPES.map((type, i) => ({ name: `v${i}`, type }));
    const values: Record<string, unknown> = {
      v0: '-5',
      v1: '9223372036854775807',
      v2: '-0.0',
      v3: ' ',
      v4: 'true',
      v5: 'a line ',
      v6: '[1,2]',
      v7: [],
      v8: [-1, '2'],
      v9: '[1e-7, 2.5, 1e21]',
      v10: [true, false],
      v11: ['a', ' ', 'b'],
      v12: ['x y', '', 'z'],
      v13: [[1, 2], [], [3]],
      v14: [['#', '.'], [' ']],
    };
    expect(serializeInputs(vars, JSON.stringify(values))).toBe(
      [
        '-5',
        '9223372036854775807',
        '-0.0',
        ' ',
        'true',
        'a line ',
        '2',
        '1 2',
        '0',
        '',
        '2',
        '-1 2',
        '3',
        '1e-7 2.5 1e+21',
        '2',
        'true false',
        '3',
        'a b',
        '3',
        'x y',
        '',
        'z',
        '3',
        '2',
        '1 2',
        '0',
        '',
        '1',
        '3',
        '2',
        '2',
        '#.',
        '1',
        ' ',
        '',
      ].join('\n'),
    );
  });

  it('names every wrong or missing variable with its type', () => {
    const vars = [
      { name: 'grid', type: 'char[][]' as const },
      { name: 'k', type: 'long' as const },
      { name: 'words', type: 'string[]' as const },
    ];
    expect(validateInputs(vars, { grid: '[["1","10"]]', k: 'big' })).toEqual([
      'grid (char[][]): [0][1]: "10" is not a single character',
      'k (long): "big" is not a 64-bit integer',
      'Missing value for input words',
    ]);
    expect(validateInputs(vars, { grid: [], k: 1, words: [] })).toEqual([]);
    expect(() => serializeInputs(vars, { grid: [], k: 'x', words: [] })).toThrow(
      'Invalid value for k (long): "x" is not a 64-bit integer',
    );
  });
});

describe('round trips (property tests)', () => {
  it('a value written as text by formatValueText parses back to the same value, for every type', () => {
    for (const type of PROBLEM_INPUT_TYPES) {
      fc.assert(
        fc.property(valueArbitrary(type), (value) => {
          const text = formatValueText(type, value);
          expect(parsed(type, text)).toEqual(value);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('the typed text and the JSON value of a test encode to the same stdin', () => {
    for (const type of PROBLEM_INPUT_TYPES) {
      fc.assert(
        fc.property(valueArbitrary(type), (value) => {
          const fromJson = serializeValue(type, toJsonValue(value));
          expect(fromJson).toBe(serializeValue(type, formatValueText(type, value)));
          expect(fromJson).toBe(encodeValue(type, value));
        }),
        { numRuns: 60 },
      );
    }
  });

  it('the stdin of an array has its length on the first line and one line (or one per string) after it', () => {
    fc.assert(
      fc.property(valueArbitrary('string[]'), (value) => {
        const lines = encodeValue('string[]', value).split('\n');
        expect(lines.shift()).toBe(String((value as string[]).length));
        expect(lines).toEqual([...(value as string[]), '']);
      }),
    );
    fc.assert(
      fc.property(valueArbitrary('long[]'), (value) => {
        const [n, elements, end] = encodeValue('long[]', value).split('\n');
        expect(Number(n)).toBe((value as bigint[]).length);
        expect(elements === '' ? [] : elements.split(' ').map(BigInt)).toEqual(value);
        expect(end).toBe('');
      }),
    );
  });
});
