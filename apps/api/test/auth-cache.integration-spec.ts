import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_USER_MAX_AGE_MS } from '../src/users/users.repository';
import { bearer, msUntilStatus, resetDatabase, seedUser, startApp, TestApp } from './support/app';

/**
 * A signed-in request reuses the user and roles an earlier request of the same token read less than
 * AUTH_USER_MAX_AGE_MS (1 s) ago. A change made elsewhere — another API instance, or straight in
 * SQL as here — must still take effect within that second; one made through this API at once.
 */
describe('the signed-in user cache is revocation-aware', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Requests `path` until it answers `status`; the ms from `since` until it did. */
  const untilStatus = (path: string, token: string, status: number, since: number) =>
    msUntilStatus(() => t.http.get(path).set(bearer(token)), status, since);

  it('is at most a second', () => {
    expect(AUTH_USER_MAX_AGE_MS).toBeLessThanOrEqual(1000);
  });

  it('a token revoked in the database (token_version) is refused within a second, though it was just used', async () => {
    const user = await seedUser(t);
    await t.http.get('/api/auth/me').set(bearer(user.token)).expect(200);
    const revoked = performance.now();
    await t.db.query(`UPDATE users SET token_version = token_version + 1 WHERE id = $1`, [user.id]);
    const ms = await untilStatus('/api/auth/me', user.token, 401, revoked);
    expect(ms).toBeLessThanOrEqual(AUTH_USER_MAX_AGE_MS + 250);
  });

  it('a role removed in the database ends admin access within a second, though it was just used', async () => {
    const admin = await seedUser(t, ['admin']);
    await t.http.get('/api/admin/users').set(bearer(admin.token)).expect(200);
    const removed = performance.now();
    await t.db.query(`DELETE FROM user_roles WHERE user_id = $1`, [admin.id]);
    const ms = await untilStatus('/api/admin/users', admin.token, 403, removed);
    expect(ms).toBeLessThanOrEqual(AUTH_USER_MAX_AGE_MS + 250);
  });

  it('reuses the user within the second: a role granted in the database shows no sooner than the cache allows, and then does', async () => {
    const user = await seedUser(t);
    await t.http.get('/api/admin/users').set(bearer(user.token)).expect(403);
    const granted = performance.now();
    await t.db.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [user.id]);
    // The very next request still sees the roles read just before (the cache is used)...
    const next = await t.http.get('/api/admin/users').set(bearer(user.token));
    if (performance.now() - granted < AUTH_USER_MAX_AGE_MS / 2) expect(next.status).toBe(403);
    // ...and within the second the grant holds.
    const ms = await untilStatus('/api/admin/users', user.token, 200, granted);
    expect(ms).toBeLessThanOrEqual(AUTH_USER_MAX_AGE_MS + 250);
  });

  it('a change made through this API takes effect at once: a revoked role, a sign-out of every session', async () => {
    const superAdmin = await seedUser(t, ['super_admin']);
    const user = await seedUser(t);
    const grant = await t.http
      .post('/api/admin/users')
      .set(bearer(superAdmin.token))
      .send({ userId: user.id, role: 'admin' })
      .expect(201);
    const again = await t.http
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    await t.http.get('/api/admin/users').set(bearer(again.body.token)).expect(200);
    await t.http.delete(`/api/admin/users/${grant.body._id}`).set(bearer(superAdmin.token)).expect(200);
    await t.http.get('/api/admin/users').set(bearer(again.body.token)).expect(401);
  });
});
