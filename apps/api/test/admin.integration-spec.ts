import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';

describe('admin role management', () => {
  let t: TestApp;
  let superAdmin: SeededUser;
  let admin: SeededUser;

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
    superAdmin = await seedUser(t, ['super_admin']);
    admin = await seedUser(t, ['admin']);
  });
  afterAll(() => t.close());

  it('lists every user with roles and flags', async () => {
    const plain = await seedUser(t);
    const res = await t.http.get('/api/admin/all-users').set(bearer(admin.token)).expect(200);
    const byId = new Map(res.body.map((u: { id: string }) => [u.id, u]));
    expect(byId.get(plain.id)).toMatchObject({ email: plain.email, roles: [], isAdmin: false });
    expect(byId.get(superAdmin.id)).toMatchObject({
      roles: ['super_admin'],
      isAdmin: true,
      isSuperAdmin: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it('lets an admin grant admin; the grantee sees it on /me at once', async () => {
    const user = await seedUser(t);
    const res = await t.http
      .post('/api/admin/users')
      .set(bearer(admin.token))
      .send({ userId: user.id, role: 'admin' })
      .expect(201);
    expect(res.body).toMatchObject({ userId: user.id, role: 'admin', user: { email: user.email } });
    const me = await t.http.get('/api/auth/me').set(bearer(user.token)).expect(200);
    expect(me.body.user.isAdmin).toBe(true);
    expect(me.body.roles).toEqual(['admin']);

    const listed = await t.http.get('/api/admin/users').set(bearer(admin.token)).expect(200);
    expect(listed.body.find((r: { userId: string }) => r.userId === user.id)).toMatchObject({
      role: 'admin',
      _id: res.body._id,
    });
    const roles = await t.http.get('/api/admin/user-roles').set(bearer(admin.token)).expect(200);
    expect(roles.body).toContainEqual({ userId: user.id, role: 'admin' });
  });

  it('refuses an admin granting super_admin (403) and lets a super admin do it', async () => {
    const user = await seedUser(t);
    const denied = await t.http
      .post('/api/admin/users')
      .set(bearer(admin.token))
      .send({ userId: user.id, role: 'super_admin' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Only super admins can grant or revoke the super_admin role');
    await t.http
      .post('/api/admin/users')
      .set(bearer(superAdmin.token))
      .send({ userId: user.id, role: 'super_admin' })
      .expect(201);
    const me = await t.http.get('/api/auth/me').set(bearer(user.token)).expect(200);
    expect(me.body.user.isSuperAdmin).toBe(true);
  });

  it('answers 409 for a role already held, 404 for an unknown user, 400 for bad input', async () => {
    const user = await seedUser(t, ['admin']);
    const dup = await t.http
      .post('/api/admin/users')
      .set(bearer(admin.token))
      .send({ userId: user.id, role: 'admin' });
    expect(dup.status).toBe(409);
    const unknown = await t.http
      .post('/api/admin/users')
      .set(bearer(admin.token))
      .send({ userId: '00000000-0000-4000-8000-000000000000', role: 'admin' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('User not found');
    const badRole = await t.http
      .post('/api/admin/users')
      .set(bearer(admin.token))
      .send({ userId: user.id, role: 'owner' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error).toBe('role must be one of: admin, super_admin');
    const badId = await t.http
      .post('/api/admin/users')
      .set(bearer(admin.token))
      .send({ userId: 'nope', role: 'admin' });
    expect(badId.status).toBe(400);
    expect(badId.body.error).toBe('userId must be a UUID');
    const badPath = await t.http.delete('/api/admin/users/nope').set(bearer(admin.token));
    expect(badPath.status).toBe(400);
    expect(badPath.body.error).toBe('id must be a UUID');
  });

  it('revokes a role by its record id; the user loses admin access at once', async () => {
    const user = await seedUser(t);
    const grant = await t.http
      .post('/api/admin/users')
      .set(bearer(admin.token))
      .send({ userId: user.id, role: 'admin' })
      .expect(201);
    await t.http.get('/api/admin/users').set(bearer(user.token)).expect(200);
    const res = await t.http
      .delete(`/api/admin/users/${grant.body._id}`)
      .set(bearer(admin.token))
      .expect(200);
    expect(res.body.message).toBe('Role removed successfully');
    // The removal ends the sessions signed in with the role; signed in again, the user is refused.
    await t.http.get('/api/admin/users').set(bearer(user.token)).expect(401);
    const again = await t.http
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    await t.http.get('/api/admin/users').set(bearer(again.body.token)).expect(403);
    await t.http.delete(`/api/admin/users/${grant.body._id}`).set(bearer(admin.token)).expect(404);
  });

  it('refuses an admin revoking a super admin, and never removes the last super admin', async () => {
    const [record] = await t.db.query(`SELECT id FROM user_roles WHERE user_id = $1`, [superAdmin.id]);
    expect((await t.http.delete(`/api/admin/users/${record.id}`).set(bearer(admin.token))).status).toBe(403);
    // Two super admins exist (one granted above): removing one works, the last one is refused.
    const others: { id: string }[] = await t.db.query(
      `SELECT id FROM user_roles WHERE role = 'super_admin' AND user_id <> $1`,
      [superAdmin.id],
    );
    for (const other of others)
      await t.http.delete(`/api/admin/users/${other.id}`).set(bearer(superAdmin.token)).expect(200);
    const last = await t.http.delete(`/api/admin/users/${record.id}`).set(bearer(superAdmin.token));
    expect(last.status).toBe(409);
    expect(last.body.error).toBe('The last super admin cannot be removed');
  });
});

describe('authorization matrix: every admin route × role', () => {
  let t: TestApp;
  const tokens: Record<string, string | undefined> = {};
  let target: SeededUser;

  beforeAll(async () => {
    t = await startApp();
    tokens.anonymous = undefined;
    tokens.user = (await seedUser(t)).token;
    tokens.admin = (await seedUser(t, ['admin'])).token;
    tokens.superAdmin = (await seedUser(t, ['super_admin'])).token;
    target = await seedUser(t);
  });
  afterAll(() => t.close());

  type Call = {
    name: string;
    send: (token?: string) => Promise<{ status: number }>;
    expected: Record<string, number>;
  };
  const ADMIN_READ = { anonymous: 401, user: 403, admin: 200, superAdmin: 200 };
  const calls: Call[] = [
    {
      name: 'GET /admin/all-users',
      send: (tk) => withToken(t.http.get('/api/admin/all-users'), tk),
      expected: ADMIN_READ,
    },
    {
      name: 'GET /admin/users',
      send: (tk) => withToken(t.http.get('/api/admin/users'), tk),
      expected: ADMIN_READ,
    },
    {
      name: 'GET /admin/user-roles',
      send: (tk) => withToken(t.http.get('/api/admin/user-roles'), tk),
      expected: ADMIN_READ,
    },
    {
      name: 'POST /admin/users (admin role)',
      send: (tk) => withToken(t.http.post('/api/admin/users').send({ userId: target.id, role: 'admin' }), tk),
      // 409 once an earlier row granted it: the role check passed.
      expected: { anonymous: 401, user: 403, admin: 201, superAdmin: 409 },
    },
    {
      name: 'POST /admin/users (super_admin role)',
      send: (tk) =>
        withToken(t.http.post('/api/admin/users').send({ userId: target.id, role: 'super_admin' }), tk),
      expected: { anonymous: 401, user: 403, admin: 403, superAdmin: 201 },
    },
    {
      name: 'DELETE /admin/users/:id (unknown id)',
      send: (tk) => withToken(t.http.delete('/api/admin/users/00000000-0000-4000-8000-000000000001'), tk),
      expected: { anonymous: 401, user: 403, admin: 404, superAdmin: 404 },
    },
  ];

  for (const call of calls) {
    it(`${call.name} answers ${JSON.stringify(call.expected)}`, async () => {
      const seen: Record<string, number> = {};
      for (const who of ['anonymous', 'user', 'admin', 'superAdmin'])
        seen[who] = (await call.send(tokens[who])).status;
      expect(seen).toEqual(call.expected);
    });
  }
});

function withToken<T extends { set(h: Record<string, string>): T }>(req: T, token?: string): T {
  return token ? req.set(bearer(token)) : req;
}
