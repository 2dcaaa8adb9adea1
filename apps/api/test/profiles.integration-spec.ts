import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, startApp, TestApp } from './support/app';

describe('profiles, stats and time', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
  });
  afterAll(() => t.close());

  it('shows the owner their profile with email, and others the public profile without it', async () => {
    const user = await seedUser(t);
    const mine = await t.http.get('/api/profiles/me').set(bearer(user.token)).expect(200);
    expect(mine.body).toMatchObject({
      userId: user.id,
      username: user.username,
      email: user.email,
      bio: '',
      preferredLanguage: 'Java',
      totalScore: 0,
      problemsSolved: 0,
      rating: 1500,
      contestsParticipated: 0,
    });
    const publicView = await t.http.get(`/api/profiles/${user.id}`).expect(200);
    expect(publicView.body.username).toBe(user.username);
    expect(publicView.body.email).toBeUndefined();
    await t.http.get('/api/profiles/me').expect(401);
    const missing = await t.http.get('/api/profiles/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Profile not found');
  });

  it('updates username, full name, bio and language; Cancel-safe partial updates keep the rest', async () => {
    const user = await seedUser(t);
    const newName = `renamed${Date.now() % 100000}`;
    const res = await t.http
      .put('/api/profiles/me')
      .set(bearer(user.token))
      .send({
        username: newName,
        fullName: 'New Name',
        bio: 'I like graphs',
        preferredLanguage: 'Java',
        email: user.email,
      })
      .expect(200);
    expect(res.body).toMatchObject({ username: newName, fullName: 'New Name', bio: 'I like graphs' });
    const partial = await t.http
      .put('/api/profiles/me')
      .set(bearer(user.token))
      .send({ bio: 'only bio' })
      .expect(200);
    expect(partial.body).toMatchObject({ username: newName, fullName: 'New Name', bio: 'only bio' });
    const me = await t.http.get('/api/auth/me').set(bearer(user.token)).expect(200);
    expect(me.body.user.username).toBe(newName);
  });

  it('refuses a taken username, also differing in case, and a changed email', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const taken = await t.http
      .put('/api/profiles/me')
      .set(bearer(b.token))
      .send({ username: a.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Username is already taken');
    const email = await t.http
      .put('/api/profiles/me')
      .set(bearer(b.token))
      .send({ email: 'other@example.com' });
    expect(email.status).toBe(400);
    expect(email.body.error).toBe('Email cannot be changed');
  });

  it('gives one name to exactly one of many users racing for it', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => seedUser(t)));
    const name = `race${Date.now() % 100000}`;
    const results = await Promise.all(
      users.map((u) => t.http.put('/api/profiles/me').set(bearer(u.token)).send({ username: name })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM users WHERE lower(username) = lower($1)`,
      [name],
    );
    expect(n).toBe(1);
  });

  it.each([
    [{ username: 'ab' }, 'username must be at least 3 characters long'],
    [{ username: 'bad name' }, 'username may contain only letters, digits, dot, dash and underscore'],
    [{ fullName: '' }, 'fullName must not be empty'],
    [{ bio: 'x'.repeat(2001) }, 'bio must be at most 2000 characters long'],
    [{ bio: 42 }, 'bio must be a string'],
    [{ totalScore: 1000 }, 'property totalScore should not exist'],
    [{ rating: 3000 }, 'property rating should not exist'],
  ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
    const user = await seedUser(t);
    const res = await t.http.put('/api/profiles/me').set(bearer(user.token)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    const after = await t.http.get('/api/profiles/me').set(bearer(user.token)).expect(200);
    expect(after.body).toMatchObject({ username: user.username, totalScore: 0, rating: 1500, bio: '' });
  });

  it('reports no recent activity and no rating history for a new user', async () => {
    const user = await seedUser(t);
    expect((await t.http.get(`/api/profiles/${user.id}/activity`).expect(200)).body).toEqual([]);
    expect((await t.http.get(`/api/profiles/${user.id}/rating-history`).expect(200)).body).toEqual([]);
    await t.http.get('/api/profiles/00000000-0000-4000-8000-000000000000/activity').expect(404);
  });

  it('counts visible problems, contests and active users (those the problem leaderboard ranks) in /stats', async () => {
    const before = (await t.http.get('/api/stats').expect(200)).body;
    const newcomer = await seedUser(t);
    expect((await t.http.get('/api/stats').expect(200)).body.users).toBe(before.users);
    // With points the user is on the leaderboard, and counted as active.
    await t.db.query(`UPDATE profiles SET total_score = 5 WHERE user_id = $1`, [newcomer.id]);
    const after = (await t.http.get('/api/stats').expect(200)).body;
    expect(after.users).toBe(before.users + 1);
    const board = (await t.http.get('/api/leaderboard/problems?limit=100').expect(200)).body as unknown[];
    expect(board.length).toBe(after.users);
    expect(Object.keys(after).sort()).toEqual(['contests', 'problems', 'users']);
  });

  it('tells the server time for the clock sync', async () => {
    const res = await t.http.get('/api/time').expect(200);
    expect(Math.abs(new Date(res.body.utc_datetime).getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('validates leaderboard paging', async () => {
    expect((await t.http.get('/api/leaderboard/problems?limit=0')).body.error).toBe(
      'limit must be at least 1',
    );
    expect((await t.http.get('/api/leaderboard/problems?limit=abc')).body.error).toBe(
      'limit must be a whole number',
    );
    expect((await t.http.get('/api/leaderboard/contests?offset=-1')).body.error).toBe(
      'offset must not be negative',
    );
    await t.http.get('/api/leaderboard/problems?limit=5&offset=0').expect(200);
  });
});

describe('when Redis is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ REDIS_URL: 'redis://127.0.0.1:6390', RATE_LIMIT_DISABLED: 'false' });
  });
  afterAll(() => t.close());

  it('answers run requests with 503 and a clear message, quickly, and readiness names Redis', async () => {
    const admin = await seedUser(t, ['admin']);
    const problem = await t.http
      .post('/api/problems')
      .set(bearer(admin.token))
      .send({
        title: 'P',
        description: 'd',
        functionName: 'f',
        inputVariables: [{ name: 'a', type: 'int' }],
        testCases: [{ inputs: { a: '1' }, expectedOutput: '1', isExample: true }],
      })
      .expect(201);
    const started = Date.now();
    const res = await t.http
      .post('/api/execute-code')
      .set(bearer(admin.token))
      .send({ code: 'class Main {}', language: 'java', problemId: problem.body._id });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('The judge is unavailable right now, please try again shortly');
    expect(Date.now() - started).toBeLessThan(5_000);
    const ready = await t.http.get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error).toBe('Not ready: Redis unavailable');
    expect(ready.body.postgres).toBe('up');
    await t.http.get('/api/health').expect(200);
  });
});
