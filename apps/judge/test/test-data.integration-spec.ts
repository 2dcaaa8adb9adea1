import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JUDGE_JOB_VERSION,
  JUDGE_QUEUE,
  TestDataErrors,
  testDataKey,
  type JudgeJobResult,
  type JudgeTest,
} from '@javelin/contracts';
import { job, mainWith } from './helpers';

/**
 * Large test data by reference (issue 42, contract version 3): a real worker process
 * (apps/judge/dist/main.js) fetches each reference from Redis once, checks its hash, keeps it on disk.
 */
const ROOT = join(__dirname, '..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `judge-data-${randomBytes(4).toString('hex')}`;
const connection = { url: REDIS_URL, maxRetriesPerRequest: null };
const workDir = mkdtempSync(join(tmpdir(), 'judge-test-data-'));

let worker: ChildProcess;
let queue: Queue<object, JudgeJobResult>;
let events: QueueEvents;
let redis: Redis;

/** Reads n numbers (one a line) and prints their sum: its input is the large part. */
const SUM = mainWith(`BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(r.readLine().trim());
        long s = 0;
        for (int i = 0; i < n; i++) s += Long.parseLong(r.readLine().trim());
        System.out.println(s);`);

const sha = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
const N = 40_000;
const bigInput = `${N}\n${Array.from({ length: N }, (_, i) => String(i)).join('\n')}\n`;
const bigSum = String((N * (N - 1)) / 2);

async function putData(text: string): Promise<string> {
  const ref = sha(text);
  await redis.set(testDataKey(PREFIX, ref), Buffer.from(text, 'utf8'));
  return ref;
}

async function judge(tests: JudgeTest[]): Promise<{ result?: JudgeJobResult; failed?: string }> {
  const queued = await queue.add('judge', { version: JUDGE_JOB_VERSION, ...job(SUM, tests) });
  try {
    return { result: await queued.waitUntilFinished(events, 120_000) };
  } catch (error) {
    return { failed: (error as Error).message };
  }
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL);
  queue = new Queue(JUDGE_QUEUE, { connection, prefix: PREFIX });
  events = new QueueEvents(JUDGE_QUEUE, { connection, prefix: PREFIX });
  await events.waitUntilReady();
  worker = spawn(process.execPath, [join(ROOT, 'dist/main.js')], {
    env: { ...process.env, REDIS_URL, REDIS_PREFIX: PREFIX, JUDGE_WORK_DIR: workDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  worker.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  worker.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const t0 = Date.now();
  while (!out.includes('"msg":"listening"')) {
    if (worker.exitCode !== null) throw new Error(`worker exited: ${out}`);
    if (Date.now() - t0 > 60_000) throw new Error(`worker did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}, 90_000);

afterAll(async () => {
  worker?.kill('SIGTERM');
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await Promise.all([queue?.close(), events?.close()]);
  const keys = await redis.keys(`${PREFIX}:*`);
  if (keys.length) await redis.del(...keys);
  redis?.disconnect();
  rmSync(workDir, { recursive: true, force: true });
});

describe('test data by reference (issue 42)', () => {
  it('judges a test whose input and answer are fetched by their hash, and keeps them on the judge', async () => {
    const input = await putData(bigInput);
    const answer = await putData(`${bigSum}\n`);
    const { result, failed } = await judge([
      { id: 'small', stdin: '2\n1\n2\n', expectedOutput: '3\n' },
      { id: 'big', stdin: '', stdinRef: input, expectedOutput: '', expectedOutputRef: answer },
    ]);
    expect(failed).toBeUndefined();
    expect(result?.verdict).toBe('accepted');
    expect(result?.results.map((r) => [r.id, r.verdict])).toEqual([
      ['small', 'accepted'],
      ['big', 'accepted'],
    ]);
    expect(readdirSync(join(workDir, 'test-data')).sort()).toEqual([input, answer].sort());

    // Gone from Redis (evicted): the judge's own copy still judges the next submission, right and wrong.
    await redis.del(testDataKey(PREFIX, input), testDataKey(PREFIX, answer));
    const again = await judge([
      { id: 'big', stdin: '', stdinRef: input, expectedOutput: '', expectedOutputRef: answer },
    ]);
    expect(again.result).toMatchObject({ verdict: 'accepted' });
    const wrong = await judge([{ id: 'big', stdin: '', stdinRef: input, expectedOutput: `${bigSum}1\n` }]);
    expect(wrong.result).toMatchObject({ verdict: 'wrong_answer' });
  }, 240_000);

  it('fails the job, naming the hash, when the data is nowhere: never judged against an empty input', async () => {
    const absent = sha(`${bigInput}absent`);
    const { result, failed } = await judge([
      { id: 'big', stdin: '', stdinRef: absent, expectedOutput: '0\n' },
    ]);
    expect(result).toBeUndefined();
    expect(failed).toBe(TestDataErrors.missing(absent));
  }, 120_000);

  it('refuses bytes that do not hash to their reference (and does not keep them)', async () => {
    const claimed = sha(`${bigInput}claimed`);
    await redis.set(testDataKey(PREFIX, claimed), Buffer.from(bigInput, 'utf8'));
    const { failed } = await judge([
      { id: 'big', stdin: '', stdinRef: claimed, expectedOutput: `${bigSum}\n` },
    ]);
    expect(failed).toBe(TestDataErrors.corrupt(claimed));
    expect(readdirSync(join(workDir, 'test-data'))).not.toContain(claimed);
  }, 120_000);
});
