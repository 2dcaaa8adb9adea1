import { MAX_JSON_DEPTH, ServerMessages } from '@javelin/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as argon2 from 'argon2';
import { bearer, resetDatabase, seedUser, startApp, TestApp } from './support/app';
import { databaseChecksum, tableChecksums } from './support/db-checksum';

// argon2's own hash, counted: the services' calls go through it unchanged.
vi.mock('argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('argon2')>();
  return { ...real, hash: vi.fn(real.hash) };
});

/** `levels` arrays nested inside each other, as raw JSON text (no JS value is built, so nothing here recurses). */
const nestedJson = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const withNested = (levels: number, fields: Record<string, unknown>) =>
  JSON.stringify({ ...fields, extra: 0 }).replace('0}', `${nestedJson(levels)}}`);

describe('request edge: nesting limits and nulls (issue 16 regressions)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
  });
  afterAll(() => t.close());

  it('refuses a JSON body nested 10,000 levels deep with 400 on sign-up, login and forgot-password, and writes nothing', async () => {
    const body = withNested(10_000, { email: 'deep@example.com', password: 'secret1', username: 'deepuser' });
    expect(body.length).toBeGreaterThan(20_000);
    const before = await tableChecksums(t.db);
    for (const path of ['/api/auth/register', '/api/auth/login', '/api/auth/forgot-password']) {
      const res = await t.http.post(path).set('Content-Type', 'application/json').send(body);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe(ServerMessages.bodyTooDeep);
      expect(res.body.error).toContain(String(MAX_JSON_DEPTH));
    }
    expect(await tableChecksums(t.db)).toEqual(before);
    await t.http.get('/api/health').expect(200);
  });

  it('lets a body of exactly the limit reach validation, and refuses one level more', async () => {
    const user = await seedUser(t);
    // The outer object is one level: MAX_JSON_DEPTH - 1 arrays inside it make exactly MAX_JSON_DEPTH.
    const atLimit = await t.http
      .put('/api/profiles/me')
      .set(bearer(user.token))
      .set('Content-Type', 'application/json')
      .send(withNested(MAX_JSON_DEPTH - 1, {}));
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.error).not.toBe(ServerMessages.bodyTooDeep);
    expect(atLimit.body.error).toMatch(/extra/);
    const past = await t.http
      .put('/api/profiles/me')
      .set(bearer(user.token))
      .set('Content-Type', 'application/json')
      .send(withNested(MAX_JSON_DEPTH, {}));
    expect(past.status).toBe(400);
    expect(past.body.error).toBe(ServerMessages.bodyTooDeep);
  });

  it('refuses null for optional profile fields with a 400 naming the field, and keeps the profile', async () => {
    const user = await seedUser(t);
    await t.http
      .put('/api/profiles/me')
      .set(bearer(user.token))
      .send({ fullName: 'Ada L', preferredLanguage: 'Java' })
      .expect(200);
    for (const field of ['username', 'fullName', 'preferredLanguage', 'email']) {
      const res = await t.http
        .put('/api/profiles/me')
        .set(bearer(user.token))
        .send({ [field]: null });
      expect(res.status, field).toBe(400);
      expect(res.body.error).toContain(`${field} must not be null`);
    }
    const all = await t.http
      .put('/api/profiles/me')
      .set(bearer(user.token))
      .send({ username: null, fullName: null, bio: null, preferredLanguage: null });
    expect(all.status).toBe(400);
    const me = await t.http.get('/api/profiles/me').set(bearer(user.token)).expect(200);
    expect(me.body).toMatchObject({ username: user.username, fullName: 'Ada L', preferredLanguage: 'Java' });
  });

  it('treats a null bio as clearing it', async () => {
    const user = await seedUser(t);
    await t.http
      .put('/api/profiles/me')
      .set(bearer(user.token))
      .send({ bio: 'graphs and strings' })
      .expect(200);
    const cleared = await t.http
      .put('/api/profiles/me')
      .set(bearer(user.token))
      .send({ bio: null })
      .expect(200);
    expect(cleared.body.bio).toBe('');
    const kept = await t.http
      .put('/api/profiles/me')
      .set(bearer(user.token))
      .send({ fullName: 'Someone' })
      .expect(200);
    expect(kept.body.bio).toBe('');
  });

  it('refuses null for optional fields of other bodies too (execute-code contestId, contest description)', async () => {
    const user = await seedUser(t);
    const run = await t.http.post('/api/execute-code').set(bearer(user.token)).send({
      code: 'public class Main {}',
      language: 'java',
      problemId: '00000000-0000-4000-8000-000000000000',
      runAllTestCases: false,
      contestId: null,
    });
    expect(run.status).toBe(400);
    expect(run.body.error).toContain('contestId must not be null');
    const admin = await seedUser(t, ['admin']);
    const contest = await t.http
      .post('/api/contests')
      .set(bearer(admin.token))
      .send({
        title: 'c',
        startTime: new Date(Date.now() + 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 7_200_000).toISOString(),
        problemIds: ['00000000-0000-4000-8000-000000000000'],
        description: null,
      });
    expect(contest.status).toBe(400);
    expect(contest.body.error).toContain('description must not be null');
  });

  it("the fuzz suite's write mark changes with every committed insert, update and delete, and not with a read", async () => {
    const mark = await databaseChecksum(t.db);
    const user = await seedUser(t);
    const marks = [await mark()];
    await t.http.get('/api/profiles/me').set(bearer(user.token)).expect(200);
    expect(await mark()).toBe(marks[0]);
    await t.db.query(`UPDATE users SET full_name = 'Changed' WHERE id = $1`, [user.id]);
    marks.push(await mark());
    // An update to the value it already had is still a write (a new row version).
    await t.db.query(`UPDATE users SET full_name = 'Changed' WHERE id = $1`, [user.id]);
    marks.push(await mark());
    const other = await seedUser(t);
    marks.push(await mark());
    await t.db.query(`DELETE FROM users WHERE id = $1`, [other.id]);
    marks.push(await mark());
    // A rolled-back write leaves nothing behind, and the mark says so.
    await t.db
      .transaction(async (manager) => {
        await manager.query(`DELETE FROM users WHERE id = $1`, [user.id]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await mark()).toBe(marks.at(-1));
    // Each write changed the mark from the one before it (the fuzz suite compares neighbours).
    expect(marks.slice(1).filter((m, i) => m === marks[i])).toEqual([]);
  });

  it('refuses a reset with a dead token and a second first-super-admin before hashing the password (no argon2 spent on a refusal)', async () => {
    const hash = vi.mocked(argon2.hash);
    hash.mockClear();
    {
      const reset = await t.http
        .post('/api/auth/reset-password')
        .send({ token: 'not-a-live-token', newPassword: 'secret12' });
      expect(reset.status).toBe(400);
      expect(reset.body.error).toBe(ServerMessages.invalidResetToken);
      await seedUser(t, ['super_admin']);
      const second = await t.http.post('/api/auth/create-super-admin').send({
        email: 'second-root@example.com',
        password: 'secret12',
        username: 'secondroot',
        fullName: 'Second Root',
        role: 'super_admin',
      });
      expect(second.status).toBe(403);
      expect(second.body.error).toBe(ServerMessages.superAdminExists);
      expect(hash).not.toHaveBeenCalled();
      // The spy sees the service's calls: an accepted sign-up hashes once.
      await t.http
        .post('/api/auth/register')
        .send({
          email: 'hashed@example.com',
          password: 'secret12',
          confirmPassword: 'secret12',
          username: 'hasheduser',
          fullName: 'Hashed',
        })
        .expect(201);
      expect(hash).toHaveBeenCalledTimes(1);
    }
  });
});
