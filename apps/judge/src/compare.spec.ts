import { describe, expect, it } from 'vitest';
import { normalizeOutput, outputsMatch } from './compare';

describe('output comparison', () => {
  it('ignores trailing whitespace on lines and trailing blank lines', () => {
    expect(outputsMatch('1 2  \n3\t\n\n\n', '1 2\n3')).toBe(true);
    expect(outputsMatch('a\r\nb\r\n', 'a\nb\n')).toBe(true);
    expect(outputsMatch('', '\n\n')).toBe(true);
  });

  it('keeps everything else significant', () => {
    expect(outputsMatch(' 1', '1')).toBe(false);
    expect(outputsMatch('1\n\n2', '1\n2')).toBe(false);
    expect(outputsMatch('1 2', '1  2')).toBe(false);
    expect(outputsMatch('True', 'true')).toBe(false);
    expect(normalizeOutput('x  \n\n')).toBe('x');
  });
});
