import type { GeneratedVariable, InputSpec } from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import {
  edgeInputs,
  encodeInput,
  formatInput,
  generateInput,
  inputSize,
  satisfies,
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

describe('generation constraints the constraints text states (issue 34)', () => {
  const value = (name: string, type: GeneratedVariable['type'], extra: Partial<GeneratedVariable> = {}) =>
    v(name, type, { role: 'value', ...extra });

  it('keeps a chain, a tied length, an enumeration, distinct elements, a sum and ordered rows', () => {
    const spec: InputSpec = {
      variables: [
        value('left', 'int', {
          values: { min: 0, max: 1e9 },
          maxFrom: { name: 'right', aspect: 'values', plus: 0 },
        }),
        value('right', 'int', { values: { min: 0, max: 1e9 } }),
        value('n', 'int', { values: { min: 1, max: 50 } }),
        v('nums', 'int[]', {
          length: { min: 2, max: 100 },
          lengthFrom: { name: 'n', aspect: 'values', times: 2, plus: 0 },
          oneOf: [0, 1],
        }),
        v('ids', 'int[]', { length: { min: 1, max: 30 }, values: { min: 1, max: 40 }, distinct: true }),
        v('w', 'int[]', { length: { min: 1, max: 50 }, values: { min: 1, max: 100 }, sumMax: 120 }),
        v('intervals', 'int[][]', {
          columns: 2,
          length: { min: 1, max: 20 },
          values: { min: 0, max: 1e4 },
          sortedRows: true,
        }),
      ],
    };
    const rng = seededRandom(7);
    for (let i = 0; i < 200; i++) {
      const x = generateInput(spec, 1 + (i % 30), rng, { smallValues: i % 2 === 0 });
      expect(Number(x.left)).toBeLessThanOrEqual(Number(x.right));
      expect((x.nums as number[]).length).toBe(2 * Number(x.n));
      expect((x.nums as number[]).every((e) => e === 0 || e === 1)).toBe(true);
      expect(new Set(x.ids as number[]).size).toBe((x.ids as number[]).length);
      expect((x.w as number[]).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(120);
      for (const row of x.intervals as number[][]) expect(row[0]).toBeLessThanOrEqual(row[1]);
      expect(satisfies(spec, x)).toBe(true);
    }
    // The measurement grows n through the array tied to it: nums.length = 2n follows the size.
    expect((generateInput(spec, 40, rng).nums as number[]).length).toBe(40);
  });

  it('makes the edge cases: each bound, 0 and +-1, empty, one element, all equal, sorted, reversed, each character class', () => {
    const spec: InputSpec = {
      variables: [
        value('a', 'int', { values: { min: -100, max: 100 } }),
        v('nums', 'int[]', { length: { min: 0, max: 10 }, values: { min: -5, max: 5 } }),
        v('s', 'string', { length: { min: 1, max: 10 }, alphabet: 'abcABC0-' }),
      ],
    };
    const edges = edgeInputs(spec, 3, seededRandom(1));
    const as = new Set(edges.map((e) => e.a));
    for (const x of [-100, 100, 0, 1, -1]) expect(as.has(x)).toBe(true);
    const arrays = edges.map((e) => e.nums as number[]);
    expect(arrays.some((a) => a.length === 0)).toBe(true);
    expect(arrays.some((a) => a.length === 1)).toBe(true);
    expect(arrays.some((a) => a.length === 3 && a.every((x) => x === -5))).toBe(true);
    expect(arrays.some((a) => a.length === 3 && a.every((x) => x === 5))).toBe(true);
    expect(arrays.some((a) => a.length > 1 && new Set(a).size === 1)).toBe(true);
    const sorted = (a: number[]) => a.every((x, i) => i === 0 || a[i - 1] <= x);
    expect(arrays.some((a) => a.length === 3 && sorted(a) && new Set(a).size > 1)).toBe(true);
    expect(arrays.some((a) => a.length === 3 && sorted([...a].reverse()) && new Set(a).size > 1)).toBe(true);
    const strings = edges.map((e) => e.s as string);
    for (const re of [/[a-z]/, /[A-Z]/, /[0-9]/, /-/]) expect(strings.some((x) => re.test(x))).toBe(true);
    expect(edges.length).toBeLessThanOrEqual(96);
  });

  it('edge cases and shrinking keep the relations: never left > right', () => {
    const spec: InputSpec = {
      variables: [
        value('left', 'int', {
          values: { min: 0, max: 1e9 },
          maxFrom: { name: 'right', aspect: 'values', plus: 0 },
        }),
        value('right', 'int', { values: { min: 0, max: 1e9 } }),
      ],
    };
    const edges = edgeInputs(spec, 3, seededRandom(3));
    expect(edges.some((e) => e.left === 0 && e.right === 0)).toBe(true);
    expect(edges.some((e) => e.left === 1e9 && e.right === 1e9)).toBe(true);
    for (const e of edges) expect(Number(e.left)).toBeLessThanOrEqual(Number(e.right));
    const shrunk = shrinkCandidates(spec, { left: 7, right: 9 });
    expect(shrunk.length).toBeGreaterThan(0);
    for (const c of shrunk) expect(Number(c.left)).toBeLessThanOrEqual(Number(c.right));
    expect(shrunk.some((c) => c.right === 7)).toBe(false);
  });
});
