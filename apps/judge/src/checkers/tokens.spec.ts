import { describe, expect, it } from 'vitest';
import { tokensChecker } from './tokens';

const accepts = (expected: string, actual: string) => tokensChecker(expected, actual).accepted;

describe('tokens checker', () => {
  it('ignores how values are spaced and split into lines', () => {
    expect(accepts('1 2 3', '1   2\t3')).toBe(true);
    expect(accepts('1 2 3\n', '  1\n2\r\n\n3  ')).toBe(true);
    expect(accepts('', '\n \n')).toBe(true);
  });

  it('does not ignore content, order or count', () => {
    expect(accepts('1 2 3', '1 2 4')).toBe(false);
    expect(accepts('1 2 3', '3 2 1')).toBe(false);
    expect(accepts('1 2 3', '1 2')).toBe(false);
    expect(accepts('1 2 3', '1 2 3 3')).toBe(false);
    expect(accepts('ab', 'a b')).toBe(false);
    expect(accepts('1.0', '1')).toBe(false);
  });

  it('names the first wrong token or the count', () => {
    expect(tokensChecker('a b c', 'a x c')).toEqual({ accepted: false, message: 'Token 2 differs' });
    expect(tokensChecker('a b c', 'a b')).toEqual({
      accepted: false,
      message: 'Your output has 2 tokens; 3 expected',
    });
  });
});
