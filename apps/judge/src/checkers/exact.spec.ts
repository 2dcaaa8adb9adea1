import { describe, expect, it } from 'vitest';
import { exactChecker } from './exact';

const accepts = (expected: string, actual: string) => exactChecker(expected, actual).accepted;

describe('exact checker', () => {
  it('ignores trailing whitespace on lines, Windows line ends and trailing blank lines', () => {
    expect(accepts('1 2\n3', '1 2  \n3\t\n\n\n')).toBe(true);
    expect(accepts('a\nb\n', 'a\r\nb\r\n')).toBe(true);
    expect(accepts('\n\n', '')).toBe(true);
    expect(accepts('x', 'x  \n\n')).toBe(true);
  });

  it('keeps everything else significant: leading spaces, inner blank lines, inner spacing, case', () => {
    expect(accepts('1', ' 1')).toBe(false);
    expect(accepts('1\n2', '1\n\n2')).toBe(false);
    expect(accepts('1  2', '1 2')).toBe(false);
    expect(accepts('true', 'True')).toBe(false);
  });

  it('says which line differs or how many lines there are, never what was expected', () => {
    expect(exactChecker('a\nsecret\nc', 'a\nb\nc')).toEqual({ accepted: false, message: 'Line 2 differs' });
    expect(exactChecker('a\nb', 'a\nb\nc')).toEqual({
      accepted: false,
      message: 'Your output has 3 lines; 2 expected',
    });
    expect(exactChecker('a\nb', 'a')).toEqual({
      accepted: false,
      message: 'Your output has 1 line; 2 expected',
    });
    expect(exactChecker('a', 'a\n')).toEqual({ accepted: true });
  });
});
