import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { startJudge, RunningJudge } from './support/judge';
import { createProblem, SUM_ACCEPTED, SUM_WRONG_ON_HIDDEN } from './support/problems';

const HIDDEN_SECRETS = ['1002345', '2345', '-15'];

const SUM_WITH_DEBUG = SUM_ACCEPTED.replace(
  'System.out.println(sum(a, b));',
  'System.err.println("debug a=" + a + " b=" + b);\n        System.out.println(sum(a, b));',
);
const SPINS = SUM_ACCEPTED.replace('System.out.println(sum(a, b));', 'while (true) { a++; }');

/** A result list without what may hold any digits (ids and timings), to look for hidden test data. */
function dataOf(results: { testCaseId: string; executionTime: number }[]): string {
  return JSON.stringify(results.map(({ testCaseId: _id, executionTime: _ms, ...rest }) => rest));
}

describe('submission history and custom runs through the real judge', () => {
  let judge: RunningJudge;
  let t: TestApp;
  let admin: SeededUser;
  let alice: SeededUser;
  let bob: SeededUser;
  let problemId: string;
  let otherProblemId: string;

  beforeAll(async () => {
    judge = await startJudge();
    t = await startApp({ JUDGE_QUEUE_PREFIX: judge.prefix });
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    alice = await seedUser(t);
    bob = await seedUser(t);
    problemId = (await createProblem(t, admin.token))._id;
    otherProblemId = (await createProblem(t, admin.token))._id;
  });
  afterAll(async () => {
    await t?.close();
    await judge?.stop();
  });

  const execute = (user: SeededUser, body: Record<string, unknown>) =>
    t.http
      .post('/api/execute-code')
      .set(bearer(user.token))
      .send({ language: 'java', problemId, ...body })
      .expect(200);
  const history = (user: SeededUser, query: Record<string, string | number> = {}) =>
    t.http.get('/api/submissions').query(query).set(bearer(user.token));
  const runCustom = (user: SeededUser, body: Record<string, unknown>) =>
    t.http
      .post('/api/run-custom')
      .set(bearer(user.token))
      .send({ language: 'java', problemId, code: SUM_ACCEPTED, inputs: { a: '2', b: '3' }, ...body });

  describe('history', () => {
    beforeAll(async () => {
      await execute(alice, { code: SUM_WRONG_ON_HIDDEN, runAllTestCases: true });
      await execute(alice, { code: SUM_ACCEPTED, runAllTestCases: false });
      await execute(alice, { code: SUM_ACCEPTED, runAllTestCases: true });
      await execute(alice, { code: SUM_ACCEPTED, runAllTestCases: true, problemId: otherProblemId });
      await execute(bob, { code: SUM_WRONG_ON_HIDDEN, runAllTestCases: true });
    });

    it("lists exactly the caller's submits, newest first, with verdicts and counts; runs are not listed", async () => {
      const res = await history(alice).expect(200);
      expect(res.body).toMatchObject({ total: 3, limit: 20, offset: 0 });
      expect(
        res.body.items.map(
          (s: { problemId: string; verdict: string; passedCount: number; totalCount: number }) => [
            s.problemId,
            s.verdict,
            s.passedCount,
            s.totalCount,
          ],
        ),
      ).toEqual([
        [otherProblemId, 'accepted', 5, 5],
        [problemId, 'accepted', 5, 5],
        // Wrong on the first hidden test: the submit stopped there (issue 27), 2 of 5 passed.
        [problemId, 'wrong_answer', 2, 5],
      ]);
      const times = res.body.items.map((s: { createdAt: string }) => Date.parse(s.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(res.body.items[0]).toMatchObject({
        contestId: null,
        problemTitle: expect.stringMatching(/^Sum of two/),
      });
      expect(res.body.items[0].maxTimeMs).toBeGreaterThanOrEqual(0);
      expect(res.body.items[0]).not.toHaveProperty('code');

      const bobs = await history(bob).expect(200);
      expect(bobs.body.total).toBe(1);
      expect(bobs.body.items[0].verdict).toBe('wrong_answer');
    });

    it('filters by problem and pages', async () => {
      const one = await history(alice, { problemId }).expect(200);
      expect(one.body.total).toBe(2);
      expect(one.body.items.every((s: { problemId: string }) => s.problemId === problemId)).toBe(true);
      const page2 = await history(alice, { limit: 1, offset: 1 }).expect(200);
      expect(page2.body).toMatchObject({ total: 3, limit: 1, offset: 1 });
      expect(page2.body.items).toHaveLength(1);
      expect(page2.body.items[0]).toMatchObject({ problemId, verdict: 'accepted' });
      const past = await history(alice, { offset: 10 }).expect(200);
      expect(past.body.items).toEqual([]);
    });

    it('refuses bad paging and filter values with 400 naming the field', async () => {
      for (const [query, field] of [
        [{ limit: 0 }, 'limit'],
        [{ limit: 101 }, 'limit'],
        [{ limit: 'ten' }, 'limit'],
        [{ limit: '1.5' }, 'limit'],
        [{ offset: -1 }, 'offset'],
        [{ offset: 'x' }, 'offset'],
        [{ problemId: 'not-a-uuid' }, 'problemId'],
        [{ contestId: "' OR 1=1 --" }, 'contestId'],
        [{ sort: 'asc' }, 'sort'],
      ] as const) {
        const res = await history(alice, query);
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.error).toContain(field);
      }
      expect((await t.http.get('/api/submissions/not-a-uuid').set(bearer(alice.token))).status).toBe(400);
      expect((await t.http.get('/api/submissions')).status).toBe(401);
    });

    it('opens a submission with its code and results; hidden tests are masked for its owner; others get 404, admins read it', async () => {
      const list = await history(alice, { problemId }).expect(200);
      const wrong = list.body.items.find((s: { verdict: string }) => s.verdict === 'wrong_answer');
      const own = await t.http.get(`/api/submissions/${wrong._id}`).set(bearer(alice.token)).expect(200);
      expect(own.body).toMatchObject({
        _id: wrong._id,
        code: SUM_WRONG_ON_HIDDEN,
        language: 'java',
        verdict: 'wrong_answer',
      });
      expect(own.body.results).toHaveLength(5);
      const hidden = own.body.results.filter((r: { isExample: boolean }) => !r.isExample);
      for (const r of hidden) expect(r).toMatchObject({ input: '', expectedOutput: '', actualOutput: '' });
      expect(hidden.find((r: { passed: boolean }) => !r.passed)).toMatchObject({ error: 'Wrong answer' });
      const examples = own.body.results.filter((r: { isExample: boolean }) => r.isExample);
      expect(examples[0]).toMatchObject({ expectedOutput: '3', actualOutput: '3' });
      for (const secret of HIDDEN_SECRETS) expect(dataOf(own.body.results)).not.toContain(secret);

      const stranger = await t.http.get(`/api/submissions/${wrong._id}`).set(bearer(bob.token));
      expect(stranger.status).toBe(404);
      expect(stranger.body.error).toBe('Submission not found');
      expect(JSON.stringify(stranger.body)).not.toContain('class Main');
      await t.http.get(`/api/submissions/${wrong._id}`).set(bearer(admin.token)).expect(200);
      const unknown = await t.http.get(`/api/submissions/${crypto.randomUUID()}`).set(bearer(alice.token));
      expect(unknown.status).toBe(404);
    });

    it('never puts hidden test data in any response to a plain user', async () => {
      const list = await history(bob).expect(200);
      const detail = await t.http
        .get(`/api/submissions/${list.body.items[0]._id}`)
        .set(bearer(bob.token))
        .expect(200);
      for (const secret of HIDDEN_SECRETS) {
        expect(dataOf(detail.body.results)).not.toContain(secret);
        expect(
          JSON.stringify(
            list.body.items.map(
              ({ _id: _i, problemId: _p, createdAt: _c, ...rest }: Record<string, unknown>) => rest,
            ),
          ),
        ).not.toContain(secret);
      }
    });

    it('gives each problem its acceptance rate: accepted submissions over all judged submissions (runs not counted)', async () => {
      const res = await t.http.get('/api/acceptance-rates').expect(200);
      const rate = res.body.find((r: { problemId: string }) => r.problemId === problemId);
      // alice: wrong, then accepted; bob: wrong; alice's example run is not a judged submission.
      expect(rate).toMatchObject({
        solvedUsers: 1,
        submittedUsers: 2,
        acceptedSubmissions: 1,
        judgedSubmissions: 3,
        acceptanceRate: 1 / 3,
      });
      const other = res.body.find((r: { problemId: string }) => r.problemId === otherProblemId);
      expect(other).toMatchObject({ acceptedSubmissions: 1, judgedSubmissions: 1, acceptanceRate: 1 });
    });
  });

  describe('run-custom', () => {
    it("returns stdout and stderr of a run on the caller's own input, comparing nothing, and keeps no history", async () => {
      const before = (await history(alice).expect(200)).body.total;
      const res = await runCustom(alice, { code: SUM_WITH_DEBUG, inputs: { a: '40', b: '-1' } }).expect(200);
      expect(res.body).toMatchObject({ actualOutput: '39', verdict: 'accepted', error: '' });
      expect(res.body.stderr).toContain('debug a=40 b=-1');
      expect(typeof res.body.executionTime).toBe('number');
      expect((await history(alice).expect(200)).body.total).toBe(before);
    });

    it('honours the time limit', async () => {
      const res = await runCustom(alice, { code: SPINS }).expect(200);
      expect(res.body.verdict).toBe('time_limit_exceeded');
      expect(res.body.error).toMatch(/Time limit exceeded/);
    });

    it('reports a compile error', async () => {
      const res = await runCustom(alice, {
        code: SUM_ACCEPTED.replace('return a + b;', 'return a + ;'),
      }).expect(200);
      expect(res.body.verdict).toBe('compilation_error');
      expect(res.body.compileError).toMatch(/Main\.java:\d+: error/);
    });

    it('validates each input by its type and names the variable', async () => {
      for (const [inputs, message] of [
        [{ a: 'one', b: '2' }, 'inputs.a'],
        [{ a: '1' }, 'inputs.b is required'],
        [{ a: '1', b: '2', c: '3' }, 'inputs.c is not an input of this problem'],
        [{ a: '1', b: 2 }, 'inputs must map'],
        [[], 'inputs'],
      ] as const) {
        const res = await runCustom(alice, { inputs });
        expect(res.status, JSON.stringify(inputs)).toBe(400);
        expect(res.body.error).toContain(message);
      }
      expect((await runCustom(alice, { problemId: crypto.randomUUID() })).status).toBe(404);
      expect((await t.http.post('/api/run-custom').send({})).status).toBe(401);
    });
  });
});

describe('run-custom counts against the judging rate limit', () => {
  let t: TestApp;
  let user: SeededUser;
  let problemId: string;

  beforeAll(async () => {
    // Seed with the limits off (sign-ins from one address), then serve with them on.
    const seeding = await startApp();
    await resetDatabase(seeding.db);
    const admin = await seedUser(seeding, ['admin']);
    user = await seedUser(seeding);
    problemId = (await createProblem(seeding, admin.token))._id;
    await seeding.close();
    t = await startApp({
      RATE_LIMIT_DISABLED: 'false',
      SUBMIT_RATE_LIMIT: '2',
      SUBMIT_RATE_WINDOW_SECONDS: '60',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shares the budget of execute-code and answers 429 with Retry-After past it', async () => {
    // Invalid bodies: the limiter counts before validation, so no judge is needed.
    const invalid = { problemId, code: SUM_ACCEPTED, language: 'java', inputs: { a: 'x', b: '1' } };
    expect((await t.http.post('/api/run-custom').set(bearer(user.token)).send(invalid)).status).toBe(400);
    expect(
      (
        await t.http
          .post('/api/execute-code')
          .set(bearer(user.token))
          .send({ ...invalid, inputs: undefined, problemId: 'bad' })
      ).status,
    ).toBe(400);
    const refused = await t.http.post('/api/run-custom').set(bearer(user.token)).send(invalid);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
