import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JUDGE_JOB_VERSION,
  JUDGE_QUEUE,
  judgeQueueName,
  type JudgeJobData,
  type JudgeJobResult,
} from '@javelin/contracts';
import { ADD, ADD_TESTS, job, SECRET } from './helpers';

/** Real worker processes (apps/judge/dist/main.js) on a private BullMQ prefix, with short stall timings. */
const ROOT = join(__dirname, '..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `judge-test-${randomBytes(4).toString('hex')}`;
const connection = { url: REDIS_URL, maxRetriesPerRequest: null };

interface RunningWorker {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

const workers: RunningWorker[] = [];
let queue: Queue<object, JudgeJobResult>;
let events: QueueEvents;
/** Version 1's queue: the jobs an API of before the contract's versions queued (issue 46). */
let legacy: Queue<object, JudgeJobResult>;
let legacyEvents: QueueEvents;

/** A job as the API queues it: this version of the contract. */
const versioned = (data: JudgeJobData) => ({ version: JUDGE_JOB_VERSION, ...data });

async function startWorker(env: Record<string, string> = {}): Promise<RunningWorker> {
  const child = spawn(process.execPath, [join(ROOT, 'dist/main.js')], {
    env: {
      ...process.env,
      REDIS_URL,
      // REDIS_PREFIX (the installation's namespace) wins over JUDGE_QUEUE_PREFIX: both name the test's own.
      REDIS_PREFIX: PREFIX,
      JUDGE_QUEUE_PREFIX: PREFIX,
      JUDGE_LOCK_DURATION_MS: '4000',
      JUDGE_STALLED_INTERVAL_MS: '2000',
      // A starved (not dead) worker on a loaded machine may miss a renewal; do not fail the job for it.
      JUDGE_MAX_STALLED_COUNT: '5',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const w: RunningWorker = {
    child,
    lines: [],
    // 'close', not 'exit': by then everything it wrote to its pipes has been read into `lines`.
    exited: new Promise((r) => child.once('close', (code) => r(code))),
  };
  workers.push(w);
  let buf = '';
  const onData = (d: Buffer) => {
    buf += d.toString();
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      w.lines.push(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const t0 = Date.now();
  while (!w.lines.some((l) => l.includes('"msg":"listening"'))) {
    if (child.exitCode !== null) throw new Error(`worker exited: ${w.lines.join('\n')}`);
    if (Date.now() - t0 > 60_000) throw new Error('worker did not start');
    await sleep(50);
  }
  return w;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * The sandboxes of a worker process: every bubblewrap it started names its private state directory
 * (`j-<pid>-…`) on its command line (the JVMs inside die with their bwrap: --die-with-parent).
 */
function sandboxesOf(w: RunningWorker): string[] {
  const found: string[] = [];
  const mark = `/j-${w.child.pid}-`;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(mark) && cmd.includes('bwrap')) found.push(pid);
    } catch {
      /* exited */
    }
  }
  return found;
}

/** Until the job is active and a test of it has had time to start sleeping in its sandbox. */
async function midJob(jobId: string): Promise<void> {
  await waitForState(jobId, 'active');
  await sleep(500);
}

/** A submission whose tests each sleep `ms` and then pass. */
function slowJob(className: string, ms: number, tests = 4): JudgeJobData {
  const code = `public class ${className} {\n  public static void main(String[] args) throws Exception {\n    Thread.sleep(${ms});\n    System.out.println("slept");\n  }\n}\n`;
  return job(
    code,
    Array.from({ length: tests }, (_, i) => ({ id: `t${i}`, stdin: '', expectedOutput: 'slept' })),
    { wallTimeMs: ms + 4000 },
  );
}

async function waitForState(jobId: string, state: string, timeoutMs = 30_000): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    const j = await queue.getJob(jobId);
    if ((await j?.getState()) === state) return;
    if (Date.now() - t0 > timeoutMs) throw new Error(`job ${jobId} never became ${state}`);
    await sleep(50);
  }
}

/** dist/main.js is missing, or older than a source tsconfig.build.json compiles (or that config). */
function judgeDistIsStale(): boolean {
  const main = join(ROOT, 'dist/main.js');
  if (!existsSync(main)) return true;
  const built = statSync(main).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return newer(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && statSync(path).mtimeMs > built;
    });
  return statSync(join(ROOT, 'tsconfig.build.json')).mtimeMs > built || newer(join(ROOT, 'src'));
}

beforeAll(async () => {
  // The workers run the built judge: build it from the current sources when dist is older than them.
  // Only then: `./javelin test` builds first, and other judges (the browser journeys' stack) may be
  // running from dist beside this file, so rewriting it under them is avoided.
  if (judgeDistIsStale()) {
    const tsc = spawnSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (tsc.status !== 0) throw new Error(`tsc failed: ${tsc.stdout}${tsc.stderr}`);
  }
  queue = new Queue(JUDGE_QUEUE, { connection, prefix: PREFIX });
  events = new QueueEvents(JUDGE_QUEUE, { connection, prefix: PREFIX });
  legacy = new Queue(judgeQueueName(1), { connection, prefix: PREFIX });
  legacyEvents = new QueueEvents(judgeQueueName(1), { connection, prefix: PREFIX });
  await Promise.all([events.waitUntilReady(), legacyEvents.waitUntilReady()]);
});

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  for (const q of [queue, legacy]) {
    await q?.obliterate({ force: true }).catch(() => undefined);
    await q?.close();
  }
  await events?.close();
  await legacyEvents?.close();
});

describe('BullMQ worker', () => {
  let first: RunningWorker;

  it('judges a job added the way the API adds it', async () => {
    first = await startWorker();
    const added = await queue.add('judge', versioned(job(ADD, ADD_TESTS)), {
      attempts: 2,
      removeOnComplete: 100,
      removeOnFail: 100,
    });
    const progress: unknown[] = [];
    const onProgress = ({ jobId, data }: { jobId: string; data: unknown }) => {
      if (jobId === added.id) progress.push(data);
    };
    events.on('progress', onProgress);
    const result = await added.waitUntilFinished(events, 60_000);
    expect(result.verdict).toBe('accepted');
    expect(result.results.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    // Each finished test is the job's progress (the API's "Judging… test k of n", issue 30).
    const stored = await queue.getJob(added.id!);
    expect(stored?.progress).toEqual({ judged: 3, total: 3 });
    await sleep(200);
    events.off('progress', onProgress);
    expect(progress.at(-1)).toEqual({ judged: 3, total: 3 });
    const bad = await queue.add('judge', versioned(job('class {')), { attempts: 1 });
    const r2 = await bad.waitUntilFinished(events, 60_000);
    expect(r2.verdict).toBe('compilation_error');
    expect(JSON.stringify(first.lines)).not.toContain(SECRET);
  });

  it('a worker killed with kill -9 mid-job leaves a stalled job that another worker finishes', async () => {
    const marker = `StallMarker${randomBytes(3).toString('hex')}`;
    const added = await queue.add('judge', versioned(slowJob(marker, 1500)), {
      attempts: 2,
      removeOnComplete: 100,
    });
    // Mid-job (its harness running a test, the next harness pre-started), kill the worker hard.
    await midJob(added.id as string);
    expect(sandboxesOf(first).length, 'the first worker has its sandboxes running').toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    // Its sandboxes die with it (bwrap --die-with-parent), nothing is left running.
    const t1 = Date.now();
    while (sandboxesOf(first).length > 0 && Date.now() - t1 < 5000) await sleep(50);
    expect(sandboxesOf(first), 'sandboxes of the killed worker').toEqual([]);

    const second = await startWorker();
    const result = await added.waitUntilFinished(events, 60_000);
    const log = () => second.lines.slice(-20).join('\n');
    expect(result.verdict, JSON.stringify(result)).toBe('accepted');
    expect(result.results).toHaveLength(4);
    // The worker logs before it completes the job, but its stdout is a pipe read asynchronously here:
    // on a busy machine the completion can come through Redis before the line does.
    await expect
      .poll(
        () => second.lines.some((l) => l.includes('"msg":"job done"') && l.includes(`"jobId":"${added.id}"`)),
        { message: log(), timeout: 10_000 },
      )
      .toBe(true);

    // Graceful SIGTERM: the running job is finished before the worker exits.
    const marker2 = `TermMarker${randomBytes(3).toString('hex')}`;
    const added2 = await queue.add('judge', versioned(slowJob(marker2, 1200, 2)), {
      attempts: 1,
      removeOnComplete: 100,
    });
    await midJob(added2.id as string);
    // A job queued behind it, and one of the version before (its own queue): the stopping worker takes neither.
    const behind = await queue.add('judge', versioned(job(ADD, ADD_TESTS)), { removeOnComplete: 100 });
    const legacyBehind = await legacy.add('judge', job(ADD, ADD_TESTS), { removeOnComplete: 100 });
    second.child.kill('SIGTERM');
    const result2 = await added2.waitUntilFinished(events, 30_000);
    expect(result2.verdict, JSON.stringify(result2)).toBe('accepted');
    expect(await second.exited, log()).toBe(0);
    expect(await behind.getState()).toBe('waiting');
    expect(await legacyBehind.getState()).toBe('waiting');
    await behind.remove();
    await legacyBehind.remove();
    expect(
      second.lines.some((l) => l.includes('"msg":"stopped"')),
      log(),
    ).toBe(true);
  });
});

/** Issue 46: the judge's door. Nothing of a job the judge does not fully understand runs. */
describe('the judge job contract at the worker', () => {
  let door: RunningWorker;
  const refusals = (jobId: string) =>
    door.lines.filter((l) => l.includes('"msg":"job refused"') && l.includes(`"jobId":"${jobId}"`));
  const judgedLines = () => door.lines.filter((l) => l.includes('"msg":"judged"')).length;

  beforeAll(async () => {
    door = await startWorker({ JUDGE_FOREIGN_JOB_WAIT_MS: '1500', JUDGE_FOREIGN_RETRY_MS: '200' });
  });

  it('judges a job of the version before (an API of before versions) as before', async () => {
    const right = await legacy.add('judge', job(ADD, ADD_TESTS));
    expect((await right.waitUntilFinished(legacyEvents, 60_000)).verdict).toBe('accepted');
    const wrong = await legacy.add('judge', job(ADD.replace('a + b', 'a - b'), ADD_TESTS));
    expect((await wrong.waitUntilFinished(legacyEvents, 60_000)).verdict).toBe('wrong_answer');
  });

  it('leaves a job of the next version, or with a field it does not know, for a judge that understands it; then fails it', async () => {
    const before = judgedLines();
    const next = await queue.add('judge', {
      ...versioned(job(ADD, ADD_TESTS)),
      version: JUDGE_JOB_VERSION + 1,
    });
    const unknown = await queue.add('judge', {
      ...versioned(job(ADD, ADD_TESTS)),
      outputValidation: { flags: [], grader: 'partial' },
    });
    for (const added of [next, unknown]) {
      await expect(added.waitUntilFinished(events, 30_000)).rejects.toThrow(/^judge refused the job: /);
      // Looked at more than once (left on the queue in between), never judged.
      expect(refusals(added.id!).length).toBeGreaterThan(1);
    }
    expect((await queue.getJob(unknown.id!))?.failedReason).toMatch(/outputValidation\.grader/);
    expect(judgedLines()).toBe(before);
  });

  it('fails a malformed job at once, naming what is wrong, and a job of a name it does not know is not run', async () => {
    const malformed = await queue.add('judge', { ...versioned(job(ADD, ADD_TESTS)), tests: 'all' });
    await expect(malformed.waitUntilFinished(events, 30_000)).rejects.toThrow(/malformed \(tests: /);
    // Failed, so never looked at again: one refusal in the log (its line may reach us after the failure).
    await expect.poll(() => refusals(malformed.id!).length, { timeout: 10_000 }).toBe(1);
    const stranger = await queue.add('ai-explain', { code: ADD });
    await expect(stranger.waitUntilFinished(events, 30_000)).rejects.toThrow(/a job named "ai-explain"/);
    // The AI's jobs pass the same door: one with a field this judge does not know is not run.
    const lint = await queue.add('ai-lint', { code: ADD, hints: true });
    await expect(lint.waitUntilFinished(events, 30_000)).rejects.toThrow(/does not know: hints/);
    const known = await queue.add('ai-lint', { code: ADD });
    expect(await known.waitUntilFinished(events, 60_000)).toMatchObject({ ran: true, compiled: true });
  });

  it('shares its one slot between the versions: a job of the other queue waits on its queue, not in the judge', async () => {
    const slow = await queue.add(
      'judge',
      versioned(slowJob(`Slot${randomBytes(3).toString('hex')}`, 1500, 2)),
    );
    await midJob(slow.id as string);
    const other = await legacy.add('judge', job(ADD, ADD_TESTS));
    const states = new Set<string>();
    while ((await slow.getState()) === 'active') {
      states.add(await other.getState());
      await sleep(100);
    }
    // Handed back at once while the slot was busy (never judged beside it), judged once it was free.
    expect([...states].filter((s) => s !== 'waiting' && s !== 'active')).toEqual([]);
    expect((await slow.waitUntilFinished(events, 30_000)).verdict).toBe('accepted');
    expect((await other.waitUntilFinished(legacyEvents, 60_000)).verdict).toBe('accepted');
    const starts = door.lines.filter((l) => l.includes('"msg":"job done"')).map((l) => JSON.parse(l).jobId);
    expect(starts.indexOf(other.id)).toBeGreaterThan(starts.indexOf(slow.id));
  });

  it("a judge that plays an older one (JUDGE_JOB_VERSIONS=1) never takes this version's jobs", async () => {
    door.child.kill('SIGTERM');
    await door.exited;
    const old = await startWorker({ JUDGE_JOB_VERSIONS: '1' });
    const waiting = await queue.add('judge', versioned(job(ADD, ADD_TESTS)));
    const oldJob = await legacy.add('judge', job(ADD, ADD_TESTS));
    expect((await oldJob.waitUntilFinished(legacyEvents, 60_000)).verdict).toBe('accepted');
    await sleep(1000);
    expect(await waiting.getState()).toBe('waiting');
    old.child.kill('SIGTERM');
    await old.exited;
    door = await startWorker();
    expect((await waiting.waitUntilFinished(events, 60_000)).verdict).toBe('accepted');
  });
});
