import type { GeneratedVariable, InputSpec } from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import {
  encodeInput,
  formatInput,
  generateInput,
  inputSize,
  seededRandom,
  shrinkCandidates,
} from './generators';
import { parseValue } from './typed-values';

const v = (
  name: string,
  type: GeneratedVariable['type'],
  extra: Partial<GeneratedVariable> = {},
): GeneratedVariable => ({
  name,
  type,
  role: 'size',
  length: { min: 1, max: 1e5 },
  values: { min: -1e9, max: 1e9 },
  alphabet: 'ab',
  ...extra,
});

describe('typed input generators', () => {
  it('grows every size variable to n within its range, and is deterministic for a seed', () => {
    const spec: InputSpec = {
      variables: [
        v('nums', 'int[]'),
        v('s', 'string'),
        v('k', 'int', { role: 'value', atMostSize: true, values: { min: 1, max: 1e5 } }),
      ],
    };
    const a = generateInput(spec, 300, seededRandom(1));
    expect((a.nums as number[]).length).toBe(300);
    expect((a.s as string).length).toBe(300);
    expect(a.k).toBeGreaterThanOrEqual(1);
    expect(a.k).toBeLessThanOrEqual(300);
    expect(generateInput(spec, 300, seededRandom(1))).toEqual(a);
    expect(generateInput(spec, 300, seededRandom(2))).not.toEqual(a);
    expect(generateInput(spec, 5e5, seededRandom(1)).nums).toHaveLength(1e5);
  });

  it('writes stdin the boilerplate reads, and text the problem form reads back', () => {
    const spec: InputSpec = {
      variables: [
        v('grid', 'char[][]', { alphabet: '01', length: { min: 1, max: 300 } }),
        v('pairs', 'int[][]', { columns: 2, values: { min: 0, max: 9 } }),
        v('big', 'long', { role: 'value', values: { min: 0, max: 2 ** 40 } }),
      ],
    };
    const values = generateInput(spec, 16, seededRandom(3));
    expect((values.grid as string[][]).length).toBe(4);
    expect(
      (values.grid as string[][]).every(
        (row) => row.length === 4 && row.every((c) => c === '0' || c === '1'),
      ),
    ).toBe(true);
    expect((values.pairs as number[][]).every((row) => row.length === 2)).toBe(true);
    expect(typeof values.big).toBe('bigint');
    const stdin = encodeInput(spec, values);
    expect(stdin.split('\n')[0]).toBe('4');
    for (const { name, value } of formatInput(spec, values)) {
      const type = spec.variables.find((x) => x.name === name)!.type;
      expect(parseValue(type, value)).toEqual({ ok: true, value: values[name] });
    }
  });

  it('draws small values when asked, within the range', () => {
    const spec: InputSpec = { variables: [v('nums', 'array', { values: { min: 100, max: 1e9 } })] };
    const values = generateInput(spec, 50, seededRandom(4), { smallValues: true }).nums as number[];
    expect(values.every((x) => x >= 100 && x <= 115)).toBe(true);
  });

  it('shrinks toward fewer elements and smaller numbers, never below the ranges', () => {
    const spec: InputSpec = {
      variables: [v('nums', 'int[]', { length: { min: 2, max: 10 }, values: { min: -5, max: 50 } })],
    };
    const start = { nums: [40, -3, 7] };
    const smaller = shrinkCandidates(spec, start);
    expect(smaller).toContainEqual({ nums: [-3, 7] });
    expect(smaller).toContainEqual({ nums: [0, -3, 7] });
    expect(smaller).toContainEqual({ nums: [40, 3, 7] });
    for (const c of smaller) {
      const nums = c.nums as number[];
      expect(nums.length).toBeGreaterThanOrEqual(2);
      expect(nums.every((x) => x >= -5 && x <= 50)).toBe(true);
      expect(inputSize(spec, c)).toBeLessThanOrEqual(inputSize(spec, start));
    }
    expect(shrinkCandidates(spec, { nums: [0, 0] })).toEqual([]);
  });
});
