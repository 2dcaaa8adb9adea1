import { Worker, type Job } from 'bullmq';
import {
  isAiJobName,
  JUDGE_QUEUE,
  type JudgeJobData,
  type JudgeJobProgress,
  type JudgeJobResult,
} from '@javelin/contracts';
import { runAiJob, type AiJobData, type AiJobResult } from './ai/jobs';
import type { JudgeConfig } from './config';
import type { Judge } from './judge';
import { log } from './log';

/**
 * How often at most a job's progress (its finished tests) goes to Redis while it is judged. Every update
 * is a script in Redis and an event that every API instance's QueueEvents reads and parses: one per test
 * cost each 10-test submission ten of each, though a page shows progress only while tests take long
 * enough to watch (issue 35). A progress held back is sent when the interval is over, so a test that
 * takes longer shows the tests before it as finished within this interval.
 */
export const PROGRESS_INTERVAL_MS = 200;

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
 * The BullMQ worker: consumes JUDGE_QUEUE, returns a JudgeJobResult per job.
 *
 * Stalled jobs: the worker holds a lock of `lockDurationMs` on its active job and renews it every
 * half lock while the job runs (judging is asynchronous, so the event loop stays free to renew).
 * A worker killed with kill -9 stops renewing; once the lock expires, any worker's stalled-job
 * check (every `stalledIntervalMs`) moves the job back to waiting and a live worker judges it.
 * A job that stalls more than `maxStalledCount` times fails (a submission that kills judges).
 */
export function createWorker(
  judge: Judge,
  config: JudgeConfig,
): Worker<JudgeJobData | AiJobData, JudgeJobResult | AiJobResult> {
  const worker = new Worker<JudgeJobData | AiJobData, JudgeJobResult | AiJobResult>(
    JUDGE_QUEUE,
    async (job: Job<JudgeJobData | AiJobData, JudgeJobResult | AiJobResult>) => {
      const t0 = performance.now();
      // The AI features' jobs (ai/jobs.ts), told apart by the job's name.
      if (isAiJobName(job.name)) {
        const answer = await runAiJob(judge, job.name, job.data as AiJobData);
        log('ai job done', { jobId: job.id, name: job.name, ms: Math.round(performance.now() - t0) });
        return answer;
      }
      const data = job.data as JudgeJobData;
      const total = Array.isArray(data?.tests) ? data.tests.length : 0;
      // Finished tests as the job's progress (not awaited: the judging never waits for Redis), at most
      // one update per PROGRESS_INTERVAL_MS and the last test's at once.
      const progress = throttledProgress(
        (p) => void job.updateProgress({ ...p }).catch(() => undefined),
        PROGRESS_INTERVAL_MS,
      );
      const onTestDone = (judged: number, marks?: string) =>
        progress.report({ judged, total, ...(marks ? { marks } : {}) }, judged === total);
      const result = await judge
        .judge(data, { mode: config.mode, onTestDone })
        .finally(() => progress.stop());
      log('job done', {
        jobId: job.id,
        requestId: data?.requestId,
        verdict: result.verdict,
        ms: Math.round(performance.now() - t0),
        attempt: job.attemptsMade + 1,
      });
      return result;
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
