import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, startApp, TestApp, unique } from './support/app';

/** Issue 47 item 8: text PostgreSQL or UTF-8 refuses, reserved usernames and look-alike display names. */

function registration(overrides: Record<string, unknown> = {}) {
  const name = unique();
  return {
    email: `${name}@example.com`,
    username: name,
    fullName: `Full ${name}`,
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    ...overrides,
  };
}

describe('text at the edge', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp({ EMAIL_VERIFICATION: 'false' });
    await resetDatabase(t.db);
  });
  afterAll(() => t?.close());

  const register = (body: Record<string, unknown>) => t.http.post('/api/auth/register').send(body);

  it('answers a NUL in any field of a sign-up, and a lone surrogate in the email, with a 400 naming it', async () => {
    for (const field of ['fullName', 'username', 'email', 'password', 'confirmPassword']) {
      const body = registration();
      const res = await register({ ...body, [field]: `${body[field as keyof typeof body]}\u0000` });
      expect(res.status, field).toBe(400);
      expect(res.body.error).toBe(`${field} must not contain NUL or other control characters`);
    }
    const res = await register(registration({ email: 'lone\ud800@example.com' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('email must be valid Unicode text (it has a lone surrogate)');
    expect(await t.db.query(`SELECT 1 FROM users WHERE full_name LIKE 'Full %'`)).toEqual([]);
  });

  it('answers a NUL in a profile, a problem and a clarification with a 400 naming the field, not a 500', async () => {
    const user = await seedUser(t);
    const admin = await seedUser(t, ['admin']);
    for (const field of ['fullName', 'bio', 'preferredLanguage']) {
      const res = await t.http
        .put('/api/profiles/me')
        .set(bearer(user.token))
        .send({ [field]: 'a\u0000b' });
      expect(res.status, field).toBe(400);
      expect(res.body.error).toContain(field);
    }
    const problem = await t.http
      .post('/api/problems')
      .set(bearer(admin.token))
      .send({ title: 'T\u0000', description: 'd', difficulty: 'Easy' });
    expect(problem.status).toBe(400);
    expect(problem.body.error).toContain('title must not contain NUL');
  });

  it('refuses reserved usernames at sign-up and on a rename', async () => {
    for (const username of ['admin', 'Admin', 'root', 'system', 'super_admin']) {
      const res = await register(registration({ username }));
      expect(res.status, username).toBe(400);
      expect(res.body.error).toBe('username is reserved: please choose another');
    }
    const user = await seedUser(t);
    const res = await t.http.put('/api/profiles/me').set(bearer(user.token)).send({ username: 'ROOT' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('username is reserved: please choose another');
  });

  it('refuses right-to-left overrides and zero-width characters in names', async () => {
    for (const fullName of ['\u202Eecalevol ada', 'Ada\u200B Lovelace', 'Ada\u2066 L']) {
      const res = await register(registration({ fullName }));
      expect(res.status, JSON.stringify(fullName)).toBe(400);
      expect(res.body.error).toBe('fullName must not contain invisible or direction-changing characters');
    }
  });

  it('two users cannot share a display name that differs only in case, spacing or compatibility forms', async () => {
    const taken = `Ada Lovelace ${unique()}`;
    expect((await register(registration({ fullName: taken }))).status).toBe(201);
    const lookAlikes = [taken, taken.toUpperCase(), taken.replace(' ', '   '), taken.replace('A', '\uFF21')];
    for (const fullName of lookAlikes) {
      const res = await register(registration({ fullName }));
      expect(res.status, JSON.stringify(fullName)).toBe(409);
      expect(res.body.error).toBe(
        'fullName is already used by another user: please add something that tells you apart',
      );
    }
    const other = await seedUser(t);
    const rename = await t.http
      .put('/api/profiles/me')
      .set(bearer(other.token))
      .send({ fullName: taken.toLowerCase() });
    expect(rename.status).toBe(409);
    expect(rename.body.error).toContain('fullName is already used');
    // Keeping one's own name (any case) is no conflict with oneself.
    const me = await t.http
      .put('/api/profiles/me')
      .set(bearer(other.token))
      .send({ fullName: `User ${other.username}`.toUpperCase() });
    expect(me.status).toBe(200);
  });
});
