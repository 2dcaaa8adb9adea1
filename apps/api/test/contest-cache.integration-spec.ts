import { ServerMessages } from '@javelin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_CACHE_MAX_AGE_MS } from '../src/contests/contest-cache.service';
import { bearer, msUntilStatus, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { createContest, recordPassingJudgement, startNow } from './support/contests';
import { createProblem, sumProblem } from './support/problems';
import { acceptedSubmissionBody } from './support/submissions';

/**
 * Issue 35: every run, submit and solve of a contest checks the contest's times and the problem's
 * points, from a copy read at most CONTEST_CACHE_MAX_AGE_MS ago. A contest edited through one API
 * instance must take effect there at once, and on a second instance (same database and Redis) within
 * that second; an edit made straight in SQL within the second too.
 */
describe('the contest cache of the judging path', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: SeededUser;
  let user: SeededUser;
  let problemId: string;
  const code = 'class Cached {}';

  beforeAll(async () => {
    a = await startApp();
    b = await startApp();
    await resetDatabase(a.db);
    admin = await seedUser(a, ['admin']);
    user = await seedUser(a);
    problemId = (await createProblem(a, admin.token, { points: 40 }))._id;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  /** An active contest `user` joined, with a passing judgement of `code` to submit. */
  async function activeContest(): Promise<string> {
    const contest = await createContest(a, admin.token, [problemId]);
    await a.http.post(`/api/contests/${contest._id}/join`).set(bearer(user.token)).expect(200);
    await startNow(a, contest._id);
    await recordPassingJudgement(a, user, problemId, contest._id, code);
    return contest._id;
  }

  /** POST /api/submissions on `t`: 201 while the contest is active, 403 once it has ended. */
  const submit = (t: TestApp, contestId: string) =>
    t.http
      .post('/api/submissions')
      .set(bearer(user.token))
      .send(acceptedSubmissionBody(problemId, code, { contestId }));

  it('is at most a second', () => {
    expect(CONTEST_CACHE_MAX_AGE_MS).toBeLessThanOrEqual(1000);
  });

  it('a contest ended through an instance refuses submissions there at once, and on the other within a second', async () => {
    const contestId = await activeContest();
    // Both instances have read the contest as active just now.
    expect((await submit(a, contestId)).status).toBe(201);
    expect((await submit(b, contestId)).status).toBe(201);
    await b.http.get(`/api/contests/${contestId}`).set(bearer(user.token)).expect(200);

    await a.http.post(`/api/contests/${contestId}/complete`).set(bearer(admin.token)).expect(200);
    const ended = performance.now();
    const refused = await submit(a, contestId);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ServerMessages.contestNotActive);

    const ms = await msUntilStatus(() => submit(b, contestId), 403, ended);
    expect(ms).toBeLessThanOrEqual(CONTEST_CACHE_MAX_AGE_MS + 250);
    const page = await b.http.get(`/api/contests/${contestId}`).set(bearer(user.token)).expect(200);
    expect(page.body.status).toBe('ended');
  });

  it('a contest deleted through an instance is gone there at once, and on the other within a second', async () => {
    const contestId = await activeContest();
    expect((await submit(a, contestId)).status).toBe(201);
    expect((await submit(b, contestId)).status).toBe(201);
    await b.http.delete(`/api/contests/${contestId}`).set(bearer(admin.token)).expect(200);
    const deleted = performance.now();
    expect((await submit(b, contestId)).status).toBe(404);
    const ms = await msUntilStatus(() => a.http.get(`/api/contests/${contestId}`), 404, deleted);
    expect(ms).toBeLessThanOrEqual(CONTEST_CACHE_MAX_AGE_MS + 250);
    expect((await submit(a, contestId)).status).toBe(404);
  });

  it('a problem edited through an instance shows there at once: on the contest page, in the problem list, its examples and test count', async () => {
    const contestId = await activeContest();
    const page = async () =>
      (await a.http.get(`/api/contests/${contestId}`).set(bearer(user.token)).expect(200)).body
        .contestProblems[0].problemId;
    const listed = async () =>
      (await a.http.get('/api/problems').expect(200)).body.find((p: { _id: string }) => p._id === problemId);
    expect(await page()).toMatchObject({ testCaseCount: 5 });
    expect((await page()).testCases).toHaveLength(2);
    expect(await listed()).toMatchObject({ testCaseCount: 5 });
    const edited = sumProblem({ title: 'Sum, edited', points: 40 });
    edited.testCases = edited.testCases.slice(1);
    await a.http.put(`/api/problems/${problemId}`).set(bearer(admin.token)).send(edited).expect(200);
    expect(await page()).toMatchObject({ title: 'Sum, edited', testCaseCount: 4 });
    expect((await page()).testCases).toHaveLength(1);
    // Hidden tests never leave the server.
    expect(JSON.stringify(await page())).not.toContain('1000000');
    expect(await listed()).toMatchObject({ title: 'Sum, edited', testCaseCount: 4 });
  });

  it('reuses the contest within the second: an end moved straight in SQL shows no sooner than the cache allows, and then does', async () => {
    const contestId = await activeContest();
    expect((await submit(a, contestId)).status).toBe(201);
    const moved = performance.now();
    await a.db.query(`UPDATE contests SET end_time = now() - interval '1 second' WHERE id = $1`, [contestId]);
    // The very next submission still sees the contest read just before (the cache is used) ...
    const next = await submit(a, contestId);
    if (performance.now() - moved < CONTEST_CACHE_MAX_AGE_MS / 2) expect(next.status).toBe(201);
    // ... and within the second the end holds, with nothing announced.
    const ms = await msUntilStatus(() => submit(a, contestId), 403, moved);
    expect(ms).toBeLessThanOrEqual(CONTEST_CACHE_MAX_AGE_MS + 250);
  });
});
