import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unorderedChecker } from './unordered';

const accepts = (expected: string, actual: string) => unorderedChecker(expected, actual).accepted;

/** A random reordering of `items` driven by fast-check's `keys`. */
function shuffled<T>(items: T[], keys: number[]): T[] {
  return items
    .map((item, i) => ({ item, key: keys[i] ?? 0 }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

const element = fc.integer({ min: -50, max: 50 }).map(String);

describe('unordered checker', () => {
  it('accepts any permutation of an array printed on one line', () => {
    expect(accepts('0 1', '1 0')).toBe(true);
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 12 }),
        fc.array(fc.double(), { minLength: 12, maxLength: 12 }),
        (xs, keys) => {
          expect(accepts(xs.join(' '), shuffled(xs, keys).join(' '))).toBe(true);
        },
      ),
    );
  });

  it('rejects an answer with an element missing, duplicated or replaced', () => {
    expect(accepts('1 2 3', '3 1')).toBe(false);
    expect(accepts('1 2 3', '3 1 2 2')).toBe(false);
    expect(accepts('1 2 2', '1 2 3')).toBe(false);
    fc.assert(
      fc.property(fc.array(element, { minLength: 1, maxLength: 12 }), fc.nat(), (xs, at) => {
        const i = at % xs.length;
        const missing = xs.filter((_, j) => j !== i);
        const duplicated = [...xs, xs[i]];
        expect(accepts(xs.join(' '), missing.join(' '))).toBe(false);
        expect(accepts(xs.join(' '), duplicated.join(' '))).toBe(false);
      }),
    );
  });

  it('accepts groups in any order with values in any order inside each group (Group Anagrams)', () => {
    const expected = 'ate eat tea\nnat tan\nbat';
    expect(accepts(expected, 'bat\ntan nat\ntea ate eat')).toBe(true);
    expect(accepts(expected, 'bat\ntan nat\ntea ate')).toBe(false);
    expect(accepts(expected, 'bat tan nat\ntea ate eat')).toBe(false);
    expect(accepts(expected, 'bat\nbat\ntan nat\ntea ate eat')).toBe(false);
    expect(accepts('1 3\n2 6\n8 10', '8 10\n1 3\n2 6\n')).toBe(true);
  });

  it('ignores spacing and trailing blank lines; an empty answer matches an empty array', () => {
    expect(accepts('1 2', ' 2   1  \n\n')).toBe(true);
    expect(accepts('\n', '')).toBe(true);
    expect(accepts('', '1')).toBe(false);
  });

  it('says which line of the output matches nothing, never what was expected', () => {
    expect(unorderedChecker('1 2 3', '1 2 4')).toEqual({
      accepted: false,
      message: 'Your answer does not hold the expected values (in any order)',
    });
    expect(unorderedChecker('a\nb', 'b\nc')).toEqual({
      accepted: false,
      message: 'Line 2 of your output matches no remaining expected line (in any order)',
    });
    expect(unorderedChecker('a\nb', 'b')).toEqual({
      accepted: false,
      message: 'Your output has 1 line; 2 expected',
    });
  });
});
