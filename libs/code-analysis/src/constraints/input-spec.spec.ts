import { describe, expect, it } from 'vitest';
import { buildInputSpec } from './input-spec';

const byName = (built: ReturnType<typeof buildInputSpec>, name: string) =>
  built!.spec.variables.find((v) => v.name === name)!;

describe('the input spec read from a signature and its constraints', () => {
  it('reads an array length and element range, and states no default', () => {
    const built = buildInputSpec(
      [{ name: 'nums', type: 'array' }],
      '1 <= nums.length <= 10^5\n-10^9 <= nums[i] <= 10^9',
    );
    expect(byName(built, 'nums')).toMatchObject({
      role: 'size',
      length: { min: 1, max: 1e5 },
      values: { min: -1e9, max: 1e9 },
    });
    expect(built!.defaults).toEqual([]);
    expect(built!.sizeLabel).toBe('nums.length');
    expect(built!.sizeSymbols).toEqual(['n']);
  });

  it('reads negative powers of ten as negative', () => {
    const built = buildInputSpec(
      [{ name: 'nums', type: 'int[]' }],
      '-10^4 <= nums[i] <= 10^4\n-2 * 10^3 < nums.length',
    );
    expect(byName(built, 'nums').values).toEqual({ min: -1e4, max: 1e4 });
  });

  it('makes int inputs the sizes when nothing else grows, each bounded by its shared clause', () => {
    const built = buildInputSpec(
      [
        { name: 'a', type: 'int' },
        { name: 'b', type: 'int' },
      ],
      '-10^9 <= a, b <= 10^9',
    );
    expect(byName(built, 'a')).toMatchObject({ role: 'size', values: { min: -1e9, max: 1e9 } });
    expect(byName(built, 'b')).toMatchObject({ role: 'size', values: { min: -1e9, max: 1e9 } });
    expect(built!.sizeLabel).toBe('a = b');
    expect(built!.sizeSymbols).toEqual(['a', 'b']);
  });

  it('reads a string length, n standing for it, and its alphabet', () => {
    const built = buildInputSpec(
      [{ name: 's', type: 'string' }],
      '1 <= s.length <= 10^4\ns consists of digits only',
    );
    expect(byName(built, 's')).toMatchObject({
      role: 'size',
      length: { min: 1, max: 1e4 },
      alphabet: '0123456789',
    });
    const n = buildInputSpec([{ name: 's', type: 'string' }], '1 ≤ n ≤ 2·10^5, where n is the length');
    expect(byName(n, 's').length).toEqual({ min: 1, max: 2e5 });
  });

  it('bounds k by the size when the constraint says so, and fixes matrix columns', () => {
    const built = buildInputSpec(
      [
        { name: 'intervals', type: 'int[][]' },
        { name: 'k', type: 'int' },
      ],
      '1 <= intervals.length <= 10^4\nintervals[i].length == 2\n0 <= intervals[i][j] <= 10^4\n1 <= k <= intervals.length',
    );
    expect(byName(built, 'intervals')).toMatchObject({
      role: 'size',
      columns: 2,
      length: { min: 1, max: 1e4 },
      values: { min: 0, max: 1e4 },
    });
    expect(byName(built, 'k')).toMatchObject({ role: 'value', atMostSize: true, values: { min: 1 } });
  });

  it('reads m == grid.length and a grid of quoted characters', () => {
    const built = buildInputSpec(
      [{ name: 'grid', type: 'char[][]' }],
      "m == grid.length\nn == grid[i].length\n1 <= m, n <= 300\ngrid[i][j] is '0' or '1'.",
    );
    expect(byName(built, 'grid')).toMatchObject({
      role: 'size',
      length: { min: 1, max: 300 },
      alphabet: '01',
    });
    expect(built!.sizeLabel).toBe('cells of grid');
  });

  it('states every default it takes', () => {
    const built = buildInputSpec(
      [
        { name: 'nums', type: 'array' },
        { name: 'target', type: 'int' },
      ],
      'Each input has exactly one solution.',
    );
    expect(built!.defaults).toEqual([
      'nums.length: assumed 1 to 10^5',
      'nums[i]: assumed -10^9 to 10^9',
      'target: assumed 1 to n',
      'not read, so not used: "Each input has exactly one solution."',
    ]);
  });

  it('states the default it takes when the bounds read contradict each other', () => {
    const built = buildInputSpec([{ name: 'n', type: 'int' }], '10 <= n <= 5');
    expect(byName(built, 'n').values).toEqual({ min: 1, max: 1e9 });
    expect(built!.defaults).toEqual(['n: the constraints read 10 to 5, which is empty; assumed 1 to 10^9']);
  });

  it('refuses types it cannot generate', () => {
    expect(buildInputSpec([{ name: 'x', type: 'TreeNode' }], '')).toBeNull();
  });
});
