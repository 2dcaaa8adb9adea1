import { createHash, randomBytes } from 'node:crypto';
import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_QUEUE, TEST_DATA_TTL_SECONDS, testDataKey } from '@javelin/contracts';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { TEST_REDIS_URL } from './support/env';
import { startJudge, RunningJudge } from './support/judge';
import { importPackage } from './support/packages';
import { buildZip } from './support/zip';

/**
 * Issue 42: a real regional's tests are tens of megabytes a problem. A judge job (contract version 3)
 * carries a large test's input and answer by their SHA-256, the bytes kept in Redis once for every job;
 * when they are gone before a judge fetched them, the API puts them back and queues the job again.
 */
describe('large test data travels by reference', () => {
  const prefix = `td${randomBytes(4).toString('hex')}`;
  const connection = { url: TEST_REDIS_URL, maxRetriesPerRequest: null };
  const judges: RunningJudge[] = [];
  let t: TestApp;
  let user: SeededUser;
  let problemId: string;
  let queue: Queue;
  let redis: Redis;

  const N = 60_000;
  const bigInput = `${N}\n${Array.from({ length: N }, (_, i) => String(i * 7)).join(' ')}\n`;
  const bigAnswer = `${(7 * N * (N - 1)) / 2}\n`;
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  const SUM = `import java.io.*;
import java.util.*;
public class Main {
    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedInputStream(System.in));
        in.nextToken();
        int n = (int) in.nval;
        long s = 0;
        for (int i = 0; i < n; i++) { in.nextToken(); s += (long) in.nval; }
        System.out.println(s);
    }
}
`;
  const submit = () =>
    t.http
      .post('/api/execute-code')
      .set(bearer(user.token))
      .send({ language: 'java', problemId, code: SUM, runAllTestCases: true });

  beforeAll(async () => {
    queue = new Queue(JUDGE_QUEUE, { prefix, connection });
    redis = new Redis(TEST_REDIS_URL);
    t = await startApp({ JUDGE_QUEUE_PREFIX: prefix, JUDGE_RESULT_TIMEOUT_MS: '120000' });
    await resetDatabase(t.db);
    const admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    const zip = buildZip({
      'problem.yaml': 'name: Big Sum\n',
      '.timelimit': '4\n',
      'data/sample/1.in': '3\n1 2 3\n',
      'data/sample/1.ans': '6\n',
      'data/secret/big.in': bigInput,
      'data/secret/big.ans': bigAnswer,
    });
    problemId = (await importPackage(t, admin.token, zip).expect(201)).body._id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all(judges.map((j) => j.stop('SIGKILL')));
    const keys = await redis.keys(`${prefix}:test-data:*`);
    if (keys.length) await redis.del(...keys);
    redis?.disconnect();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
  });

  it('queues a job of kilobytes whose large test is a reference, its bytes kept in Redis', async () => {
    judges.push(await startJudge({}, prefix));
    const res = await submit().expect(200);
    expect(res.body).toMatchObject({ verdict: 'accepted', passedCount: 2, totalCount: 2 });
    const [job] = await queue.getJobs(['completed']);
    const sent = job.data as { tests: { stdin: string; stdinRef?: string; expectedOutputRef?: string }[] };
    expect(bigInput.length).toBeGreaterThan(300_000);
    expect(JSON.stringify(job.data).length).toBeLessThan(10_000);
    // The sample is small: inline. The big test: both texts by reference.
    expect(sent.tests.map((x) => [x.stdin === '', x.stdinRef ?? null])).toEqual([
      [false, null],
      [true, sha(bigInput)],
    ]);
    expect(sent.tests[1].expectedOutputRef).toBeUndefined(); // its answer is one short line
    const key = testDataKey(prefix, sha(bigInput));
    expect((await redis.getBuffer(key))?.toString('utf8')).toBe(bigInput);
    expect(await redis.ttl(key)).toBeGreaterThan(TEST_DATA_TTL_SECONDS - 600);
  }, 180_000);

  it('puts the bytes back and queues the job again when they left Redis before any judge had them', async () => {
    for (const judge of judges.splice(0)) await judge.stop('SIGTERM');
    const key = testDataKey(prefix, sha(bigInput));
    // No judge yet: the submission waits in the queue with its reference…
    const pending = submit();
    const answer = pending.then((r) => r);
    const t0 = Date.now();
    let waiting: Job | undefined;
    while (!waiting && Date.now() - t0 < 30_000) {
      [waiting] = await queue.getJobs(['waiting', 'prioritized']);
      if (!waiting) await new Promise((r) => setTimeout(r, 100));
    }
    expect(waiting).toBeDefined();
    // …its bytes are evicted, and a judge that never saw them (a fresh work directory) takes it.
    await redis.del(key);
    judges.push(await startJudge({ JUDGE_WORK_DIR: `/tmp/javelin-td-${prefix}` }, prefix));
    const res = await answer;
    expect([res.status, res.body.verdict]).toEqual([200, 'accepted']);
    expect(judges[0].output()).toContain(`test data ${sha(bigInput)} is not in Redis`);
    expect((await redis.getBuffer(key))?.toString('utf8')).toBe(bigInput);
  }, 240_000);
});
