import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { closeWithin, SHUTDOWN_CLOSE_MS } from '../common/shutdown';
import { ENV, Env } from '../config/env';
import { bullConnection, failFast, waitForRedis } from '../redis/connections';
import { ContestsRepository } from './contests.repository';
import { RatingsService } from './ratings.service';

export const CONTEST_EVENTS_QUEUE = 'contest-events';
const FINALIZE = 'finalize';

/**
 * Finalises each contest when its end time passes, through a delayed BullMQ job (not a request).
 * Every API instance runs a worker; the finaliser itself makes a second run a no-op.
 */
@Injectable()
export class ContestScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ContestScheduler');
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly contests: ContestsRepository,
    private readonly ratings: RatingsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const prefix = this.env.redisPrefix;
    this.queue = new Queue(CONTEST_EVENTS_QUEUE, {
      prefix,
      connection: bullConnection(this.env, failFast),
    });
    this.queue.on('error', (e) => this.logger.warn(`queue: ${e.message}`));
    this.worker = new Worker(
      CONTEST_EVENTS_QUEUE,
      (job: Job<{ contestId: string }>) => this.ratings.finalize(job.data.contestId),
      {
        prefix,
        connection: bullConnection(this.env, waitForRedis),
        concurrency: 1,
      },
    );
    this.worker.on('error', (e) => this.logger.warn(`worker: ${e.message}`));
    void this.catchUp();
  }

  /** Schedules (or reschedules) the finalisation of a contest at its end time. */
  async scheduleEnd(contestId: string, endTime: Date): Promise<void> {
    if (!this.queue) return;
    const jobId = `${FINALIZE}-${contestId}-${endTime.getTime()}`;
    try {
      await this.queue.add(
        FINALIZE,
        { contestId },
        {
          jobId,
          delay: Math.max(0, endTime.getTime() - Date.now()),
          attempts: 5,
          backoff: { type: 'exponential', delay: 2_000 },
          removeOnComplete: true,
          removeOnFail: { age: 86_400 },
        },
      );
    } catch (error) {
      // The start-up sweep finalises it later if the job could not be queued now.
      this.logger.warn(`could not schedule the end of contest ${contestId}: ${(error as Error).message}`);
    }
  }

  /** After a restart: finalise what ended meanwhile and make sure every future end has a job. */
  private async catchUp(): Promise<void> {
    try {
      for (const id of await this.ratings.overdue()) await this.ratings.finalize(id);
      for (const c of await this.contests.pendingEnds()) await this.scheduleEnd(c.id, c.endTime);
    } catch (error) {
      this.logger.warn(`catch-up failed: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWithin(SHUTDOWN_CLOSE_MS, this.worker?.close(), this.queue?.close());
  }
}
