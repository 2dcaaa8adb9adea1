import { Job, Queue, QueueEvents } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_JUDGE_LIMITS,
  JUDGE_QUEUE,
  judgeQueueName,
  ServerMessages,
  type JudgeJobResult,
} from '@javelin/contracts';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { TEST_REDIS_URL } from './support/env';
import { startJudge, RunningJudge } from './support/judge';
import { DECLARATIONS, DOUBLING, doublingPackage } from './support/doubling-package';
import { importPackage } from './support/packages';
import { createProblem, SUM_ACCEPTED, SUM_WRONG_ON_HIDDEN } from './support/problems';
import { buildZip } from './support/zip';

/**
 * Issue 46: a rolling upgrade on one Redis. "Old" judges and APIs are played by what they put on and take
 * from the queues: a judge of before this API's job version consumes only version 1's queue
 * (JUDGE_JOB_VERSIONS=1), an API of before versions queues unversioned jobs on 'judge'.
 */
describe('a rolling upgrade: judges and APIs of two versions on one Redis', () => {
  const prefix = `up${randomBytes(4).toString('hex')}`;
  const SCRAPE_TOKEN = randomBytes(16).toString('hex');
  const connection = { url: TEST_REDIS_URL, maxRetriesPerRequest: null };
  const judges: RunningJudge[] = [];
  let t: TestApp;
  let user: SeededUser;
  let admin: SeededUser;
  let problemId: string;
  let legacy: Queue;
  let legacyEvents: QueueEvents;
  let current: Queue;

  const submit = (code: string) =>
    t.http
      .post('/api/execute-code')
      .set(bearer(user.token))
      .send({ language: 'java', problemId, code, runAllTestCases: true });

  /** A job exactly as an API of before versions queued it (no version, on 'judge'). */
  const oldApiJudges = async (code: string): Promise<JudgeJobResult> => {
    const job = await legacy.add('judge', {
      code,
      language: 'java',
      tests: [{ id: 'h1', stdin: '40\n2\n', expectedOutput: '42' }],
      limits: DEFAULT_JUDGE_LIMITS,
      stopAtFirstFailure: true,
    });
    return job.waitUntilFinished(legacyEvents, 90_000);
  };

  const judged = (judge: RunningJudge) => judge.output().match(/"msg":"judged"/g)?.length ?? 0;

  beforeAll(async () => {
    legacy = new Queue(judgeQueueName(1), { prefix, connection });
    legacyEvents = new QueueEvents(judgeQueueName(1), { prefix, connection });
    current = new Queue(JUDGE_QUEUE, { prefix, connection });
    await legacyEvents.waitUntilReady();
    t = await startApp({
      JUDGE_QUEUE_PREFIX: prefix,
      JUDGE_RESULT_TIMEOUT_MS: '120000',
      METRICS_TOKEN: SCRAPE_TOKEN,
    });
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    problemId = (await createProblem(t, admin.token))._id;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all(judges.map((j) => j.stop('SIGKILL')));
    await legacy?.obliterate({ force: true }).catch(() => undefined);
    await current?.obliterate({ force: true }).catch(() => undefined);
    await Promise.all([legacy?.close(), legacyEvents?.close(), current?.close()]);
  });

  it("API first: a new API's submission waits for a judge that understands it while an old judge keeps judging the old API's jobs; then it is judged right, nothing lost", async () => {
    const oldJudge = await startJudge({ JUDGE_JOB_VERSIONS: '1' }, prefix);
    judges.push(oldJudge);
    const inFlight = submit(SUM_WRONG_ON_HIDDEN).then((r) => r);
    // The old API's own job in the meantime: the old judge judges it, as before.
    expect((await oldApiJudges(SUM_WRONG_ON_HIDDEN)).verdict).toBe('wrong_answer');
    await expect.poll(() => judged(oldJudge)).toBe(1);
    await expect.poll(() => current.getWaitingCount(), { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 1_500));
    // Still waiting: the old judge never took the new API's job.
    expect(await current.getWaitingCount()).toBe(1);
    expect(judged(oldJudge)).toBe(1);

    const newJudge = await startJudge({}, prefix);
    judges.push(newJudge);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verdict: 'wrong_answer', passedCount: 2 });
    await expect.poll(() => judged(newJudge)).toBe(1);
    // The old judge leaves (SIGTERM), the new one judges everything from now on.
    await oldJudge.stop();
    expect(oldJudge.output()).toMatch(/"msg":"stopped"/);
    const after = await submit(SUM_ACCEPTED).expect(200);
    expect(after.body.verdict).toBe('accepted');
  });

  it('judges first: a new judge judges the jobs an old API still queues, as before', async () => {
    expect((await oldApiJudges(SUM_ACCEPTED)).verdict).toBe('accepted');
    expect((await oldApiJudges(SUM_WRONG_ON_HIDDEN)).verdict).toBe('wrong_answer');
  });

  it("a job with a field no judge understands is never judged: the user gets the spec's error, counted in /metrics", async () => {
    // No judge of the current version for a moment: the job waits, and is changed as a newer API would have
    // built it (a field this version does not have).
    for (const j of judges) await j.stop();
    const inFlight = submit(SUM_ACCEPTED).then((r) => r);
    let waiting: Job[] = [];
    await expect.poll(async () => (waiting = await current.getWaiting()).length, { timeout: 10_000 }).toBe(1);
    const job = waiting[0];
    await job.updateData({
      ...job.data,
      tests: job.data.tests.map((test: object) => ({ ...test, weight: 2 })),
    });
    const strict = await startJudge(
      { JUDGE_FOREIGN_JOB_WAIT_MS: '1500', JUDGE_FOREIGN_RETRY_MS: '200' },
      prefix,
    );
    judges.push(strict);
    const res = await inFlight;
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(ServerMessages.judgeUnavailable);
    expect(res.body).not.toHaveProperty('verdict');
    expect(strict.output()).toMatch(/"msg":"job refused".*tests\.0\.weight/);
    expect(judged(strict)).toBe(0);
    const metrics = await t.http.get('/metrics').set(bearer(SCRAPE_TOKEN)).expect(200);
    expect(metrics.text).toMatch(/^judge_jobs_refused_total\{reason="foreign"\} 1$/m);
  });

  it('a version-3 job (an interactive multi-pass problem) waits for a judge that knows version 3; a version-2 judge never takes it', async () => {
    for (const j of judges) await j.stop();
    const imported = await importPackage(t, admin.token, buildZip(doublingPackage(DECLARATIONS[1][1])));
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    // The release before this one: versions 1 and 2 (it would judge this problem in one pass).
    const v2Judge = await startJudge({ JUDGE_JOB_VERSIONS: '1,2' }, prefix);
    judges.push(v2Judge);
    const inFlight = t.http
      .post('/api/execute-code')
      .set(bearer(user.token))
      .send({ language: 'java', problemId: imported.body._id, code: DOUBLING, runAllTestCases: true })
      .then((r) => r);
    // This API's queue is version 3's.
    expect(JUDGE_QUEUE).toBe(judgeQueueName(3));
    await expect.poll(() => current.getWaitingCount(), { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await current.getWaitingCount()).toBe(1);
    expect(judged(v2Judge)).toBe(0);
    const v3Judge = await startJudge({}, prefix);
    judges.push(v3Judge);
    const res = await inFlight;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.verdict).toBe('accepted');
    await expect.poll(() => judged(v3Judge)).toBe(1);
    expect(judged(v2Judge)).toBe(0);
  });
});
