import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { startJudge, RunningJudge } from './support/judge';
import { createProblem, SUM_ACCEPTED, SUM_WRONG_ON_HIDDEN } from './support/problems';

describe('run and submit through the real judge', () => {
  let judge: RunningJudge;
  let t: TestApp;
  let admin: SeededUser;
  let user: SeededUser;
  let problemId: string;

  beforeAll(async () => {
    judge = await startJudge();
    t = await startApp({ JUDGE_QUEUE_PREFIX: judge.prefix });
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    problemId = (await createProblem(t, admin.token, { points: 15 }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await judge?.stop();
  });

  const execute = (token: string, body: Record<string, unknown>) =>
    t.http
      .post('/api/execute-code')
      .set(bearer(token))
      .send({ language: 'java', problemId, ...body });

  it('runs the example tests only and shows their data', async () => {
    const res = await execute(user.token, { code: SUM_ACCEPTED, runAllTestCases: false }).expect(200);
    expect(res.body).toMatchObject({
      overallPassed: true,
      passedCount: 2,
      totalCount: 2,
      verdict: 'accepted',
    });
    expect(res.body.results[0]).toMatchObject({
      input: JSON.stringify({ a: '1', b: '2' }),
      expectedOutput: '3',
      actualOutput: '3',
      passed: true,
      isExample: true,
      error: '',
    });
    expect(typeof res.body.results[0].executionTime).toBe('number');
  });

  it('submits against every test and never shows hidden data to a user', async () => {
    const res = await execute(user.token, { code: SUM_WRONG_ON_HIDDEN, runAllTestCases: true }).expect(200);
    // Wrong on the first hidden test: the submit stops there, the two after it are not judged (issue 27).
    expect(res.body).toMatchObject({
      overallPassed: false,
      passedCount: 2,
      totalCount: 5,
      verdict: 'wrong_answer',
    });
    expect(res.body.results.map((r: { notJudged?: boolean }) => r.notJudged === true)).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    const hidden = res.body.results.filter((r: { isExample: boolean }) => !r.isExample);
    expect(hidden).toHaveLength(3);
    for (const r of hidden) expect(r).toMatchObject({ input: '', expectedOutput: '', actualOutput: '' });
    expect(hidden.find((r: { passed: boolean }) => !r.passed)).toMatchObject({
      verdict: 'wrong_answer',
      error: 'Wrong answer',
    });
    // Ids and timings are not test data and may contain any digits.
    const visible = JSON.stringify(
      res.body.results.map(
        ({ testCaseId: _id, executionTime: _ms, ...rest }: { testCaseId: string; executionTime: number }) =>
          rest,
      ),
    );
    for (const secret of ['42', '1002345', '40', '1000000', '2345']) expect(visible).not.toContain(secret);
  });

  it('shows the admin every test with its data', async () => {
    const res = await execute(admin.token, { code: SUM_WRONG_ON_HIDDEN, runAllTestCases: true }).expect(200);
    const failing = res.body.results.find((r: { passed: boolean }) => !r.passed);
    expect(failing).toMatchObject({ expectedOutput: '42', actualOutput: '0', isExample: false });
  });

  it('reports a compilation error with the compiler message', async () => {
    const res = await execute(user.token, {
      code: SUM_ACCEPTED.replace('return a + b;', 'return a + ;'),
      runAllTestCases: false,
    }).expect(200);
    expect(res.body).toMatchObject({ overallPassed: false, passedCount: 0, verdict: 'compilation_error' });
    expect(res.body.compileError).toMatch(/error/i);
    expect(res.body.results[0].error).toMatch(/error/i);
  });

  it('records a submission as accepted only after the server judged that exact code', async () => {
    const lie = await t.http
      .post('/api/submissions')
      .set(bearer(user.token))
      .send({
        problemId,
        code: SUM_ACCEPTED + '// untested',
        language: 'java',
        status: 'accepted',
        testCasesPassed: 5,
        totalTestCases: 5,
      });
    expect(lie.status).toBe(409);
    expect(lie.body.error).toBe(
      'This code has not been judged against all tests yet: submit it for judging first',
    );

    // The client claims accepted for code the judge failed: the server records its own verdict.
    const wrong = await t.http
      .post('/api/submissions')
      .set(bearer(user.token))
      .send({
        problemId,
        code: SUM_WRONG_ON_HIDDEN,
        language: 'java',
        status: 'accepted',
        testCasesPassed: 5,
        totalTestCases: 5,
      })
      .expect(201);
    expect(wrong.body).toMatchObject({ status: 'wrong_answer', testCasesPassed: 2, totalTestCases: 5 });
    const refused = await t.http
      .post('/api/solve')
      .set(bearer(user.token))
      .send({ problemId, submissionId: wrong.body._id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Only an accepted submission can solve a problem');
  });

  it('awards points once for a correct solution, also under concurrent solves, and keeps the profile consistent', async () => {
    const runner = await seedUser(t);
    await t.http
      .post('/api/execute-code')
      .set(bearer(runner.token))
      .send({ language: 'java', problemId, code: SUM_ACCEPTED, runAllTestCases: true })
      .expect(200);
    const sub = await t.http
      .post('/api/submissions')
      .set(bearer(runner.token))
      .send({
        problemId,
        code: SUM_ACCEPTED,
        language: 'java',
        status: 'accepted',
        testCasesPassed: 5,
        totalTestCases: 5,
      })
      .expect(201);
    expect(sub.body.status).toBe('accepted');
    const solves = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.http.post('/api/solve').set(bearer(runner.token)).send({ problemId, submissionId: sub.body._id }),
      ),
    );
    expect(solves.every((s) => s.status === 200)).toBe(true);
    const winners = solves.filter((s) => !s.body.alreadySolved);
    expect(winners).toHaveLength(1);
    expect(winners[0].body).toMatchObject({ points: 15, message: 'Problem solved! You earned 15 points!' });

    const profile = await t.http.get('/api/profiles/me').set(bearer(runner.token)).expect(200);
    expect(profile.body).toMatchObject({ totalScore: 15, problemsSolved: 1 });
    const solved = await t.http.get('/api/solved-problems').set(bearer(runner.token)).expect(200);
    expect(solved.body).toEqual([expect.objectContaining({ problemId, _id: problemId, points: 15 })]);
    const list = await t.http.get('/api/problems').set(bearer(runner.token)).expect(200);
    expect(list.body.find((p: { _id: string }) => p._id === problemId).solved).toBe(true);
    const activity = await t.http.get('/api/profiles/me/activity').set(bearer(runner.token)).expect(200);
    expect(activity.body[0]).toMatchObject({ problemId, points: 15, difficulty: 'easy' });
    const board = await t.http.get('/api/leaderboard/problems').expect(200);
    expect(board.body.find((e: { userId: string }) => e.userId === runner.id)).toMatchObject({
      totalScore: 15,
    });
  });

  it.each([
    ['code over 64 KiB', { code: 'x'.repeat(64 * 1024 + 1) }, 'code must be at most 64 KiB'],
    ['python', { language: 'python' }, 'language must be java'],
    ['a bad problemId', { problemId: 'nope' }, 'problemId must be a UUID'],
    ['a non-boolean runAllTestCases', { runAllTestCases: 'yes' }, 'runAllTestCases must be true or false'],
    ['no code', { code: undefined }, 'code is required'],
  ])('rejects %s with 400 "%s"', async (_label, overrides, message) => {
    const res = await execute(user.token, { code: SUM_ACCEPTED, runAllTestCases: false, ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('answers 401 without a token and 404 for an unknown problem', async () => {
    await t.http
      .post('/api/execute-code')
      .send({ code: SUM_ACCEPTED, language: 'java', problemId })
      .expect(401);
    const res = await execute(user.token, {
      code: SUM_ACCEPTED,
      problemId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.status).toBe(404);
  });
});

describe('judge unavailable', () => {
  let t: TestApp;
  let user: SeededUser;
  let problemId: string;

  afterAll(() => t?.close());

  it('answers 504 with a message, not a hang, when no judge takes the job in time', async () => {
    t = await startApp({ JUDGE_QUEUE_PREFIX: 'nobody-listens', JUDGE_RESULT_TIMEOUT_MS: '1500' });
    const admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    problemId = (await createProblem(t, admin.token))._id;
    const started = Date.now();
    const res = await t.http
      .post('/api/execute-code')
      .set(bearer(user.token))
      .send({ code: SUM_ACCEPTED, language: 'java', problemId, runAllTestCases: false });
    expect(res.status).toBe(504);
    expect(res.body.error).toBe('The judge did not answer in time, please try again');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
