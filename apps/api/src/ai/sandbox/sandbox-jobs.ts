import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { AI_JOB_PRIORITY, AiJobName, JUDGE_QUEUE } from '@javelin/contracts';
import { Job, Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { closeWithin, SHUTDOWN_CLOSE_MS } from '../../common/shutdown';
import { withTimeout } from '../../common/timeout';
import { ENV, Env } from '../../config/env';
import { bullConnection, failFast, waitForRedis } from '../../redis/connections';

/** BullMQ waits for a connection before each command; while Redis is down that wait must end. */
const QUEUE_OP_TIMEOUT_MS = 3_000;
/** How often a waiting call looks at its job directly, in case its finish event was missed. */
const WATCH_INTERVAL_MS = 1_000;

/**
 * The AI features' jobs on the judge queue (libs/contracts/src/ai.ts): the judge compiles and runs the
 * user's code in its sandbox, never the API. A job waits behind every submission (a lower priority),
 * and a call that gets no answer in time gets null, never an error: the analysis then says which
 * findings are unavailable.
 */
@Injectable()
export class SandboxJobs implements OnApplicationShutdown {
  private readonly logger = new Logger('SandboxJobs');
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private ready: Promise<unknown> | null = null;

  constructor(@Inject(ENV) env: Env) {
    this.queue = new Queue(JUDGE_QUEUE, {
      prefix: env.redisPrefix,
      connection: bullConnection(env, failFast),
    });
    this.events = new QueueEvents(JUDGE_QUEUE, {
      prefix: env.redisPrefix,
      connection: bullConnection(env, waitForRedis),
    });
    this.queue.on('error', (e) => this.logger.warn(`queue connection: ${e.message}`));
    this.events.on('error', (e) => this.logger.warn(`queue events connection: ${e.message}`));
  }

  /** The job's result, or null when no judge finished it within `timeoutMs` (or Redis is away). */
  async run<R>(name: AiJobName, data: object, timeoutMs: number): Promise<R | null> {
    const deadline = Date.now() + timeoutMs;
    let job: Job;
    try {
      this.ready ??= this.events.waitUntilReady().catch(() => (this.ready = null));
      await withTimeout(this.ready, QUEUE_OP_TIMEOUT_MS, 'Redis');
      job = await withTimeout(
        this.queue.add(name, data, {
          jobId: randomUUID(),
          priority: AI_JOB_PRIORITY,
          removeOnComplete: { age: 600, count: 1_000 },
          removeOnFail: { age: 3_600 },
        }),
        QUEUE_OP_TIMEOUT_MS,
        'Redis',
      );
    } catch (error) {
      this.logger.warn(`${name} not queued: ${(error as Error).message}`);
      return null;
    }
    const watch = { stopped: false };
    try {
      return (await Promise.race([
        job.waitUntilFinished(this.events, Math.max(1, deadline - Date.now())),
        this.watch(job, watch),
      ])) as R;
    } catch (error) {
      this.logger.warn(`${name} job ${job.id} gave no answer: ${(error as Error).message}`);
      // A job still waiting is withdrawn, so no judge spends time on it after the caller gave up.
      await withTimeout(job.remove(), QUEUE_OP_TIMEOUT_MS, 'Redis').catch(() => undefined);
      return null;
    } finally {
      watch.stopped = true;
    }
  }

  /** Settles with the job's result if its finish event was missed; never settles otherwise. */
  private async watch(job: Job, watch: { stopped: boolean }): Promise<unknown> {
    for (;;) {
      await new Promise((r) => setTimeout(r, WATCH_INTERVAL_MS).unref());
      if (watch.stopped) return new Promise(() => undefined);
      try {
        const state = await withTimeout(this.queue.getJobState(job.id!), QUEUE_OP_TIMEOUT_MS, 'Redis');
        if (state !== 'completed' && state !== 'failed') continue;
        const finished = await withTimeout(Job.fromId(this.queue, job.id!), QUEUE_OP_TIMEOUT_MS, 'Redis');
        if (!finished) continue;
        if (state === 'failed') throw new Error(finished.failedReason || 'the job failed');
        return finished.returnvalue;
      } catch (error) {
        if ((error as Error).message.includes('did not answer in time')) continue;
        throw error;
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWithin(SHUTDOWN_CLOSE_MS, this.events.close(), this.queue.close());
  }
}
