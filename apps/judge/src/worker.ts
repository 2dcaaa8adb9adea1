import { DelayedError, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { join } from 'node:path';
import {
  isAiJobName,
  JUDGE_JOB_NAME,
  judgeQueueName,
  JudgeJobRefusals,
  parseAiJob,
  parseJudgeJob,
  type JudgeJobProgress,
  type JudgeJobRefusal,
  type JudgeJobResult,
  type JudgeJobVersion,
} from '@javelin/contracts';
import { runAiJob, type AiJobResult } from './ai/jobs';
import type { JudgeConfig } from './config';
import type { Judge } from './judge';
import { log } from './log';
import { TestDataCache } from './test-data';

/**
 * How often at most a job's progress (its finished tests) goes to Redis while it is judged. Every update
 * is a script in Redis and an event that every API instance's QueueEvents reads and parses: one per test
 * cost each 10-test submission ten of each, though a page shows progress only while tests take long
 * enough to watch (issue 35). A progress held back is sent when the interval is over, so a test that
 * takes longer shows the tests before it as finished within this interval.
 */
const PROGRESS_INTERVAL_MS = 200;

/**
 * Progress reports sent at most once per `intervalMs` (the latest one; the first after the interval
 * from the start, so a job judged faster than that sends only its last), and a final report at once.
 */
export function throttledProgress(
  send: (progress: JudgeJobProgress) => void,
  intervalMs: number,
): { report(progress: JudgeJobProgress, final: boolean): void; stop(): void } {
  let last = performance.now();
  let pending: JudgeJobProgress | null = null;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    last = performance.now();
    send(pending);
    pending = null;
  };
  return {
    report(progress, final) {
      pending = progress;
      const wait = last + intervalMs - performance.now();
      if (final || wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

/**
 * The judge's job slots, shared by its workers (one per job version's queue). A worker that took a job
 * while every slot is busy (another version's worker holds them) hands the job back to its queue, where
 * any judge may take it, and stops fetching until a slot is free: a judge never holds a job it is not
 * judging, so a job never waits on a busy judge while another is idle, and on SIGTERM a judge has only
 * the jobs it is judging to finish.
 */
class JobSlots {
  private readonly parked = new Set<Worker>();

  constructor(private free: number) {}

  take(): boolean {
    if (this.free === 0) return false;
    this.free--;
    return true;
  }

  /** Stops `worker` fetching (at once: BullMQ's pause sets its flag before any wait) until a slot frees. */
  park(worker: Worker): void {
    this.parked.add(worker);
    void worker.pause(true);
  }

  give(): void {
    this.free++;
    for (const worker of this.parked) if (!worker.closing) worker.resume();
    this.parked.clear();
  }
}
type QueuedJob = Job<unknown, JudgeJobResult | AiJobResult>;

/**
 * The judge's door (issue 46): a job is judged only when this judge understands all of it. A job of
 * another version, a field no schema of its version names, or a job name this judge does not know came
 * from a newer API: it is left on its queue for a judge that understands it (looked at again after
 * `foreignRetryMs`) until `foreignJobWaitMs` after it was queued, and then fails with a judge error (the
 * API answers 503 and counts it). A malformed job fails at once. Nothing of a refused job runs.
 */
async function refuse(
  job: QueuedJob,
  token: string | undefined,
  refusal: JudgeJobRefusal,
  config: JudgeConfig,
): Promise<never> {
  log('job refused', { jobId: job.id, queue: job.queueName, name: job.name, ...refusal });
  if (refusal.kind === 'malformed') throw new UnrecoverableError(JudgeJobRefusals.malformed(refusal.detail));
  if (token && Date.now() - job.timestamp < config.foreignJobWaitMs) {
    await job.moveToDelayed(Date.now() + config.foreignRetryMs, token);
    throw new DelayedError();
  }
  throw new UnrecoverableError(JudgeJobRefusals.foreign(refusal.detail));
}

/**
 * The judge's BullMQ workers, one per job version it consumes (config.jobVersions; each version's queue is
 * judgeQueueName(version)), sharing `config.concurrency` slots: a judge of a new version judges the jobs an
 * API of the version before still queues during an upgrade, and never more at once than before.
 * Each returns a JudgeJobResult per judging job (an AiJobResult per AI job).
 */
export function createWorkers(judge: Judge, config: JudgeConfig): Worker[] {
  const slots = new JobSlots(config.concurrency);
  const testData = new TestDataCache(
    config.redisUrl,
    config.queuePrefix,
    join(config.workRoot, 'test-data'),
    config.testDataCacheBytes,
  );
  return config.jobVersions.map((version) => createWorker({ judge, config, testData }, version, slots));
}

/**
 * The BullMQ worker of one job version's queue.
 *
 * Stalled jobs: the worker holds a lock of `lockDurationMs` on its active job and renews it every
 * half lock while the job runs (judging is asynchronous, so the event loop stays free to renew).
 * A worker killed with kill -9 stops renewing; once the lock expires, any worker's stalled-job
 * check (every `stalledIntervalMs`) moves the job back to waiting and a live worker judges it.
 * A job that stalls more than `maxStalledCount` times fails (a submission that kills judges).
 */
/** What every worker of this judge shares. */
interface JudgeParts {
  judge: Judge;
  config: JudgeConfig;
  testData: TestDataCache;
}

function createWorker(parts: JudgeParts, version: JudgeJobVersion, slots: JobSlots): Worker {
  const { config } = parts;
  const worker: Worker = new Worker<unknown, JudgeJobResult | AiJobResult>(
    judgeQueueName(version),
    async (job: QueuedJob, token?: string) => {
      if (!slots.take()) {
        slots.park(worker);
        await job.moveToWait(token);
        throw new WaitingError();
      }
      try {
        return await judgeOne(parts, version, job, token);
      } finally {
        slots.give();
      }
    },
    {
      connection: { url: config.redisUrl, maxRetriesPerRequest: null },
      prefix: config.queuePrefix,
      concurrency: config.concurrency,
      lockDuration: config.lockDurationMs,
      stalledInterval: config.stalledIntervalMs,
      maxStalledCount: config.maxStalledCount,
      autorun: true,
    },
  );

  worker.on('failed', (job, err) => log('job failed', { jobId: job?.id, error: err.message }));
  worker.on('error', (err) => log('worker error', { error: err.message }));
  worker.on('stalled', (jobId) => log('job stalled; re-queued', { jobId }));
  return worker;
}

/** One job this judge has a slot for: an AI job, or a judging job once its version's schema took it whole. */
async function judgeOne(
  { judge, config, testData }: JudgeParts,
  version: JudgeJobVersion,
  job: QueuedJob,
  token: string | undefined,
): Promise<JudgeJobResult | AiJobResult> {
  const t0 = performance.now();
  // The AI features' jobs (ai/jobs.ts), told apart by the job's name, checked whole as a judging job is.
  if (isAiJobName(job.name)) {
    const ai = parseAiJob(job.name, job.data, version);
    if (!ai.ok) return refuse(job, token, ai, config);
    const answer = await runAiJob(judge, job.name, ai.data);
    log('ai job done', { jobId: job.id, name: job.name, ms: Math.round(performance.now() - t0) });
    return answer;
  }
  const parsed =
    job.name === JUDGE_JOB_NAME
      ? parseJudgeJob(job.data, version)
      : ({ ok: false, kind: 'foreign', detail: `a job named "${job.name}"` } as const);
  if (!parsed.ok) return refuse(job, token, parsed, config);
  // Large tests by reference (version 3): fetched once per judge, checked against their hash.
  const data = { ...parsed.job, tests: await testData.resolve(parsed.job.tests) };
  const total = data.tests.length;
  // Finished tests as the job's progress (not awaited: the judging never waits for Redis), at most
  // one update per PROGRESS_INTERVAL_MS and the last test's at once.
  const progress = throttledProgress(
    (p) => void job.updateProgress({ ...p }).catch(() => undefined),
    PROGRESS_INTERVAL_MS,
  );
  const onTestDone = (judged: number, marks?: string) =>
    progress.report({ judged, total, ...(marks ? { marks } : {}) }, judged === total);
  const result = await judge.judge(data, { mode: config.mode, onTestDone }).finally(() => progress.stop());
  log('job done', {
    jobId: job.id,
    requestId: data.requestId,
    version,
    verdict: result.verdict,
    ms: Math.round(performance.now() - t0),
    attempt: job.attemptsMade + 1,
  });
  return result;
}
