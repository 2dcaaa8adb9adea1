import { describe, expect, it } from 'vitest';
import { checkRequest } from './request-rules';
import { registerSchema } from './auth';
import { findTextProblems, isReservedUsername, textProblem, withoutHiddenCharacters } from './text-rule';

describe('the text rule (issue 47 item 8)', () => {
  it('refuses NUL and other control characters, and lone surrogates, in every field', () => {
    expect(textProblem('bio', 'a\u0000b')).toBe('bio must not contain NUL or other control characters');
    expect(textProblem('code', '\u001b[31m')).toBe('code must not contain NUL or other control characters');
    expect(textProblem('email', 'a\ud800@example.com')).toBe(
      'email must be valid Unicode text (it has a lone surrogate)',
    );
    expect(textProblem('bio', 'x\udc00')).toContain('lone surrogate');
    expect(textProblem('bio', 'a pair 👍🏽 is fine')).toBeUndefined();
  });

  it('lets multi-line fields keep tabs and line breaks; single-line ones refuse them', () => {
    expect(textProblem('description', 'line 1\r\n\tline 2')).toBeUndefined();
    expect(textProblem('fullName', 'Ada\tLovelace')).toBe(
      'fullName must be a single line (no tabs or line breaks)',
    );
    expect(textProblem('email', 'a@b.c\n')).toContain('single line');
  });

  it('refuses bidi overrides and zero-width characters in names only', () => {
    expect(textProblem('fullName', '\u202Eecila')).toBe(
      'fullName must not contain invisible or direction-changing characters',
    );
    expect(textProblem('username', 'ad\u200Bmin')).toContain('invisible');
    expect(textProblem('title', 'A\uFEFFB')).toContain('invisible');
    expect(textProblem('description', 'Arabic \u200F mark')).toBeUndefined();
    expect(textProblem('fullName', 'Zoë Ünal-Ğ 李小龍')).toBeUndefined();
  });

  it('checks keys and nested values at every depth, names by path, and kinds only at the top level', () => {
    expect(
      findTextProblems({ testCases: [{ input: 'ok' }, { input: 'a\u0000' }], inputs: { 'k\u0000': '1' } }),
    ).toEqual({
      'testCases.1.input': 'testCases.1.input must not contain NUL or other control characters',
      inputs: 'inputs must not have a field name with control characters or a lone surrogate',
    });
    // A test's input variable called `name` holds data, not a name.
    expect(findTextProblems({ testCases: [{ inputs: { name: 'two\nlines' } }] })).toEqual({});
  });

  it('answers before the schema, naming the field', () => {
    const checked = checkRequest(registerSchema, { email: 'a@b.co', fullName: 'x\u0000', username: 'abc' });
    expect(checked).toMatchObject({
      ok: false,
      problems: { messages: ['fullName must not contain NUL or other control characters'] },
    });
  });

  it('reserves the roles’ names and the platform’s words, whatever the case', () => {
    for (const name of ['admin', 'ADMIN', 'super_admin', 'Root', 'system', 'javelin'])
      expect(isReservedUsername(name)).toBe(true);
    expect(isReservedUsername('admiral')).toBe(false);
    const checked = checkRequest(registerSchema, {
      email: 'a@b.co',
      password: 'correct-horse-1',
      confirmPassword: 'correct-horse-1',
      username: 'Admin',
      fullName: 'A',
    });
    expect(checked.ok ? [] : checked.problems.messages).toEqual([
      'username is reserved: please choose another',
    ]);
  });

  it('cleans a name from elsewhere (an OAuth provider) to one line without hidden characters', () => {
    expect(withoutHiddenCharacters(' \u202EAda\u200B  Love\nlace\u0000 ')).toBe('Ada Love lace');
  });
});
