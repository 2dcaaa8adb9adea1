import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_QUEUE } from '@javelin/contracts';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { TEST_REDIS_URL } from './support/env';
import { createProblem, SUM_ACCEPTED } from './support/problems';

/**
 * Backpressure: a judge queue deeper than JUDGE_QUEUE_LIMIT refuses new work with a 503 and
 * Retry-After (instead of growing without bound), and each user has a judging budget per window
 * (SUBMIT_RATE_LIMIT per SUBMIT_RATE_WINDOW_SECONDS) answered with a 429 and Retry-After past it.
 * No judge serves this queue prefix: a request that got through would wait, so the refusals below
 * are the only way these requests can end quickly.
 */
describe('backpressure: queue-depth limit and per-user judging rate limit', () => {
  const prefix = `bp${randomUUID().slice(0, 8)}`;
  let t: TestApp;
  let queue: Queue;
  let users: SeededUser[];
  let problemId: string;

  beforeAll(async () => {
    // Seed with the limits off (sign-ins from one address), then serve with them on: one Nest app at a time.
    const seeding = await startApp();
    await resetDatabase(seeding.db);
    const admin = await seedUser(seeding, ['admin']);
    users = [await seedUser(seeding), await seedUser(seeding), admin, await seedUser(seeding)];
    problemId = (await createProblem(seeding, admin.token))._id;
    await seeding.close();
    t = await startApp({
      RATE_LIMIT_DISABLED: 'false',
      SUBMIT_RATE_LIMIT: '3',
      SUBMIT_RATE_WINDOW_SECONDS: '60',
      JUDGE_QUEUE_LIMIT: '2',
      JUDGE_QUEUE_PREFIX: prefix,
      JUDGE_RESULT_TIMEOUT_MS: '1000',
    });
    queue = new Queue(JUDGE_QUEUE, { prefix, connection: { url: TEST_REDIS_URL } });
  });
  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await t?.close();
  });

  const execute = (
    user: SeededUser,
    body: Record<string, unknown> = {
      code: SUM_ACCEPTED,
      language: 'java',
      problemId,
      runAllTestCases: true,
    },
  ) => t.http.post('/api/execute-code').set(bearer(user.token)).send(body);

  it('refuses new submissions with 503 and Retry-After while the queue is at its limit, and does not grow it', async () => {
    await queue.add('judge', { filler: 1 });
    await queue.add('judge', { filler: 2 });
    expect(await queue.getWaitingCount()).toBe(2);
    const res = await execute(users[2]);
    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.error).toMatch(/judge is busy/i);
    expect(await queue.getWaitingCount()).toBe(2);
    await queue.drain();
  });

  it('refuses a full queue before anything else: no sign-in check, no judging budget spent', async () => {
    await queue.add('judge', { filler: 1 });
    await queue.add('judge', { filler: 2 });
    // Even a request without a valid token is told the judge is busy: the refusal comes before authentication.
    const anonymous = await t.http.post('/api/execute-code').set(bearer('not-a-token')).send({});
    expect(anonymous.status).toBe(503);
    expect(anonymous.body.error).toMatch(/judge is busy/i);
    const custom = await t.http.post('/api/run-custom').set(bearer(users[3].token)).send({});
    expect(custom.status).toBe(503);
    // Refusals do not count against the user's budget: after the queue drains, three requests still pass the limiter.
    for (let i = 0; i < 4; i++) expect((await execute(users[3])).status).toBe(503);
    await queue.drain();
    const invalid = { code: SUM_ACCEPTED, language: 'java', problemId: 'not-a-uuid' };
    for (let i = 0; i < 3; i++) expect((await execute(users[3], invalid)).status).toBe(400);
    expect((await execute(users[3], invalid)).status).toBe(429);
    expect(await queue.getWaitingCount()).toBe(0);
  });

  it('gives each user SUBMIT_RATE_LIMIT judging requests per window, then 429 with Retry-After and a clear message', async () => {
    const [alice, bob] = users;
    // Invalid bodies: the limiter counts before validation, and nothing reaches the queue.
    const invalid = { code: SUM_ACCEPTED, language: 'java', problemId: 'not-a-uuid' };
    for (let i = 0; i < 3; i++) expect((await execute(alice, invalid)).status).toBe(400);
    const refused = await execute(alice);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.error).toMatch(/Too many code runs and submissions: at most 3 every 60 seconds/);
    expect(refused.body.error).toContain(`${retryAfter} second`);
    // Another user's budget is their own.
    expect((await execute(bob, invalid)).status).toBe(400);
    expect(await queue.getWaitingCount()).toBe(0);
  });
});
