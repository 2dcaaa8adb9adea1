import { BadRequestException } from '@nestjs/common';
import { resetPasswordSchema } from '@javelin/contracts';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ZodPipe } from '../common/zod';

function resetBodies(): { name: string; body: unknown }[] {
  const base = () => ({ token: 'a'.repeat(43), newPassword: 'secret-1' });
  const VALUES: [string, unknown][] = [
    ['missing', Symbol.for('missing')],
    ['null', null],
    ['0', 0],
    ['true', true],
    ['empty string', ''],
    ['blank', '   '],
    ['5 characters', 'x'.repeat(5)],
    ['6 characters', 'x'.repeat(6)],
    ['padded 6', ' xxxx '],
    ['128 characters', 'x'.repeat(128)],
    ['129 characters', 'x'.repeat(129)],
    ['200 characters', 'x'.repeat(200)],
    ['201 characters', 'x'.repeat(201)],
    ['array', ['secret-1']],
    ['object', {}],
  ];
  const out: { name: string; body: unknown }[] = [{ name: 'valid', body: base() }];
  for (const field of ['token', 'newPassword']) {
    for (const [label, value] of VALUES) {
      const body: Record<string, unknown> = base();
      if (value === Symbol.for('missing')) delete body[field];
      else body[field] = value;
      out.push({ name: `${field}: ${label}`, body });
    }
  }
  out.push({ name: 'empty', body: {} });
  out.push({ name: 'array', body: [] });
  out.push({ name: 'array of a body', body: [base()] });
  out.push({ name: 'unknown fields', body: { zz: 1, ...base(), password: 'x' } });
  out.push({ name: 'all wrong', body: { zz: 1, token: 5, newPassword: null } });
  out.push({ name: 'both short', body: { token: '', newPassword: '1' } });
  return out;
}

/**
 * What POST /api/auth/reset-password answered for each body, recorded from the ResetPasswordDto it
 * used before the shared schema (through the API's ValidationPipe, commit 1d4ef21): the 400
 * sentence, or 'as sent' when the body reached the service unchanged.
 */
const RECORDED: Record<string, string> = {
  valid: 'as sent',
  'token: missing': 'Invalid or missing reset token',
  'token: null': 'Invalid or missing reset token',
  'token: 0': 'Invalid or missing reset token',
  'token: true': 'Invalid or missing reset token',
  'token: empty string': 'Invalid or missing reset token',
  'token: blank': 'as sent',
  'token: 5 characters': 'as sent',
  'token: 6 characters': 'as sent',
  'token: padded 6': 'as sent',
  'token: 128 characters': 'as sent',
  'token: 129 characters': 'as sent',
  'token: 200 characters': 'as sent',
  'token: 201 characters': 'token must be shorter than or equal to 200 characters',
  'token: array': 'Invalid or missing reset token',
  'token: object': 'Invalid or missing reset token',
  'newPassword: missing': 'newPassword must be a string',
  'newPassword: null': 'newPassword must be a string',
  'newPassword: 0': 'newPassword must be a string',
  'newPassword: true': 'newPassword must be a string',
  'newPassword: empty string': 'Password must be at least 6 characters long',
  'newPassword: blank': 'Password must be at least 6 characters long',
  'newPassword: 5 characters': 'Password must be at least 6 characters long',
  'newPassword: 6 characters': 'as sent',
  'newPassword: padded 6': 'as sent',
  'newPassword: 128 characters': 'as sent',
  'newPassword: 129 characters': 'newPassword must be shorter than or equal to 128 characters',
  'newPassword: 200 characters': 'newPassword must be shorter than or equal to 128 characters',
  'newPassword: 201 characters': 'newPassword must be shorter than or equal to 128 characters',
  'newPassword: array': 'newPassword must be a string',
  'newPassword: object': 'newPassword must be a string',
  empty: 'Invalid or missing reset token; newPassword must be a string',
  array: 'Invalid or missing reset token; newPassword must be a string',
  'array of a body':
    'property 0 should not exist; Invalid or missing reset token; newPassword must be a string',
  'unknown fields': 'property zz should not exist; property password should not exist',
  'all wrong': 'property zz should not exist; Invalid or missing reset token; newPassword must be a string',
  'both short': 'Invalid or missing reset token; Password must be at least 6 characters long',
};

describe('the password reset body, checked by the schema shared with the web', () => {
  it('answers every body as the DTO did: the same sentence, or the same body for the service', () => {
    const bodies = resetBodies();
    expect(bodies.map((b) => b.name).sort()).toEqual(Object.keys(RECORDED).sort());
    const differences = bodies.flatMap(({ name, body }) => {
      let got: string;
      try {
        const parsed = new ZodPipe(resetPasswordSchema).transform(body);
        got = isDeepStrictEqual(parsed, body) ? 'as sent' : JSON.stringify(parsed);
      } catch (error) {
        expect(error).toBeInstanceOf(BadRequestException);
        got = (error as BadRequestException).message;
      }
      return got === RECORDED[name] ? [] : [{ name, expected: RECORDED[name], got }];
    });
    expect(differences).toEqual([]);
  });
});
