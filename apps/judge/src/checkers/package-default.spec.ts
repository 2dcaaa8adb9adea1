import { describe, expect, it } from 'vitest';
import { parseDefaultValidatorFlags } from '@javelin/contracts';
import { packageDefaultCheck } from './package-default';

function check(flags: string, answer: string, output: string): boolean {
  const parsed = parseDefaultValidatorFlags(flags.split(' ').filter((f) => f !== ''));
  if (!parsed.ok) throw new Error(parsed.error);
  return packageDefaultCheck(answer, output, parsed.options).accepted;
}

describe('the package format default output validator', () => {
  it.each([
    ['', '', ' \n\t\n'],
    ['', 'A B', ' A  B \t\n'],
    ['', 'Yes', 'yes'],
    ['', '1 2\n3', '1\n2 3'],
    ['space_change_sensitive', 'A B\n', 'A B\n'],
    ['case_sensitive', 'Yes', 'Yes'],
    ['float_tolerance 1e-6', '0.5', '0.5000001'],
    ['float_absolute_tolerance 0.01', '100', '100.009'],
    ['float_relative_tolerance 0.01', '100', '100.9'],
    ['float_absolute_tolerance 1e-9 float_relative_tolerance 0.01', '100', '99.5'],
    ['float_tolerance 1e-6', 'case 1: 2.5', 'Case 1: 2.5000004'],
    ['float_tolerance 1e-6', '3', '3.0000000'],
  ])('accepts with flags "%s": %j against %j', (flags, answer, output) => {
    expect(check(flags, answer, output)).toBe(true);
  });

  it.each([
    ['', 'A B', 'A B X'],
    ['', 'A B', 'X A B'],
    ['', 'A B', 'A'],
    ['', '', 'x'],
    ['', '0.5', '0.50'],
    ['space_change_sensitive', 'A B\n', 'A  B\n'],
    ['space_change_sensitive', 'A B\n', 'A B'],
    ['space_change_sensitive', '', '\n'],
    ['case_sensitive', 'Yes', 'yes'],
    ['float_absolute_tolerance 0.01', '100', '100.02'],
    ['float_relative_tolerance 0.01', '100', '101.5'],
    ['float_tolerance 1e-6', '0.5', 'half'],
    ['float_tolerance 1e-6', '0.5', 'NaN'],
  ])('rejects with flags "%s": %j against %j', (flags, answer, output) => {
    expect(check(flags, answer, output)).toBe(false);
  });

  it('says where the output went wrong without quoting the answer', () => {
    const parsed = parseDefaultValidatorFlags(['float_tolerance', '1e-6']);
    if (!parsed.ok) throw new Error(parsed.error);
    const r = packageDefaultCheck('secret 41.5', 'secret 40', parsed.options);
    expect(r).toEqual({
      accepted: false,
      message: 'Token 2 of your output is not within the tolerance of the expected number',
    });
    expect(r.message).not.toContain('41.5');
  });

  it('refuses flags it does not know and tolerances that are not numbers', () => {
    expect(parseDefaultValidatorFlags(['case_insensitive'])).toEqual({
      ok: false,
      error: expect.stringContaining('Unknown default validator flag "case_insensitive"'),
    });
    expect(parseDefaultValidatorFlags(['float_tolerance'])).toEqual({
      ok: false,
      error: 'The default validator flag float_tolerance needs a non-negative number, got nothing',
    });
    expect(parseDefaultValidatorFlags(['float_tolerance', '-1'])).toMatchObject({ ok: false });
  });
});
