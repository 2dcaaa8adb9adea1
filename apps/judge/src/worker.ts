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
      // Each finished test as the job's progress (not awaited: the judging never waits for Redis).
      const onTestDone = (judged: number, marks?: string) => {
        const progress: JudgeJobProgress = { judged, total, ...(marks ? { marks } : {}) };
        void job.updateProgress({ ...progress }).catch(() => undefined);
      };
      const result = await judge.judge(data, { mode: config.mode, onTestDone });
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
