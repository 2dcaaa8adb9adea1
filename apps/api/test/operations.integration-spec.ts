import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { startApiProcess } from './support/api-process';
import { RunningJudge, startJudge } from './support/judge';
import { createProblem, SUM_ACCEPTED } from './support/problems';

/** Made up per run: the scraper's token is a secret like any other. */
const SCRAPE_TOKEN = randomBytes(24).toString('hex');

describe('operations: health, metrics, request ids, graceful shutdown', () => {
  let t: TestApp;
  let user: SeededUser;
  let problemId: string;
  const judges: RunningJudge[] = [];

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
    const admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    problemId = (await createProblem(t, admin.token))._id;
  });
  afterAll(async () => {
    await Promise.all(judges.map((j) => j.stop('SIGKILL')));
    await t.close();
  });

  const submit = (url: string) =>
    fetch(`${url}/api/execute-code`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(user.token) },
      body: JSON.stringify({ code: SUM_ACCEPTED, language: 'java', problemId, runAllTestCases: true }),
    }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { verdict?: string; overallPassed?: boolean },
    }));

  it('reports liveness and readiness with PostgreSQL and Redis up', async () => {
    await t.http.get('/api/health').expect(200, { status: 'ok' });
    const ready = await t.http.get('/api/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ok', postgres: 'up', redis: 'up' });
  });

  it('stays ready while every request connection is busy: a drained pool is not PostgreSQL down', async () => {
    const busy = Array.from({ length: 20 }, () => t.db.query('SELECT pg_sleep(2)'));
    await new Promise((r) => setTimeout(r, 200));
    const ready = await t.http.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.postgres).toBe('up');
    await Promise.all(busy);
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const given = await t.http.get('/api/health').set('X-Request-Id', 'trace-42');
    expect(given.headers['x-request-id']).toBe('trace-42');
    const made = await t.http.get('/api/health').set('X-Request-Id', 'bad id with spaces');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves Prometheus metrics: HTTP latency by route pattern, judge duration, verdicts and queue depth', async () => {
    const judge = await startJudge();
    judges.push(judge);
    // One Nest app per process (passport strategies are process-wide): this one replaces the first.
    await t.close();
    t = await startApp({ JUDGE_QUEUE_PREFIX: judge.prefix, METRICS_TOKEN: SCRAPE_TOKEN });
    const app = t;
    {
      await app.http.get(`/api/problems/${problemId}`).expect(200);
      await app.http
        .post('/api/execute-code')
        .set(bearer(user.token))
        .send({ code: SUM_ACCEPTED, language: 'java', problemId, runAllTestCases: true })
        .expect(200);
      const res = await app.http.get('/metrics').set(bearer(SCRAPE_TOKEN)).expect(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/problems\/:id",status="200"\} 1/,
      );
      expect(res.text).toMatch(/judge_verdicts_total\{verdict="accepted",kind="submit"\} 1/);
      expect(res.text).toMatch(/judge_duration_seconds_count\{kind="submit"\} 1/);
      expect(res.text).toMatch(/^judge_queue_waiting 0$/m);
    }
  });

  it('on SIGTERM the API finishes every in-flight submission, then exits', async () => {
    const judge = await startJudge({ JUDGE_CONCURRENCY: '2' });
    judges.push(judge);
    const api = await startApiProcess({ JUDGE_QUEUE_PREFIX: judge.prefix });
    const burst = Array.from({ length: 8 }, () => submit(api.url));
    await new Promise((r) => setTimeout(r, 400));
    api.process.kill('SIGTERM');
    const results = await Promise.all(burst);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(results.every((r) => r.body.verdict === 'accepted')).toBe(true);
    expect([0, 'SIGTERM']).toContain(await api.exited);
    expect(api.output()).not.toMatch(/"level":50/);
    await expect(fetch(`${api.url}/api/health`)).rejects.toThrow();
  });

  it('on SIGTERM a judge finishes its running job and leaves the rest queued for another judge: nothing is lost', async () => {
    const first = await startJudge();
    judges.push(first);
    const api = await startApiProcess({ JUDGE_QUEUE_PREFIX: first.prefix });
    try {
      const burst = Array.from({ length: 6 }, () => submit(api.url));
      await new Promise((r) => setTimeout(r, 500));
      await first.stop('SIGTERM');
      expect(first.output()).toMatch(/stopped/);
      const second = await startJudge({}, first.prefix);
      judges.push(second);
      const results = await Promise.all(burst);
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
      expect(results.every((r) => r.body.overallPassed === true)).toBe(true);
    } finally {
      api.process.kill('SIGTERM');
      await api.exited;
    }
  });
});
