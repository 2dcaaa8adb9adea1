import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, Queue, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { closeWithin, SHUTDOWN_CLOSE_MS } from '../common/shutdown';
import { ENV, Env } from '../config/env';
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
    @InjectDataSource() private readonly db: DataSource,
    private readonly ratings: RatingsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const connection = { url: this.env.redisUrl, connectTimeout: 2_000 };
    const prefix = this.env.redisPrefix;
    this.queue = new Queue(CONTEST_EVENTS_QUEUE, {
      prefix,
      connection: { ...connection, enableOfflineQueue: false, maxRetriesPerRequest: 1 },
    });
    this.queue.on('error', (e) => this.logger.warn(`queue: ${e.message}`));
    this.worker = new Worker(CONTEST_EVENTS_QUEUE, (job: Job<{ contestId: string }>) => this.ratings.finalize(job.data.contestId), {
      prefix,
      connection: { ...connection, maxRetriesPerRequest: null },
      concurrency: 1,
    });
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
      const upcoming: { id: string; end_time: Date }[] = await this.db.query(
        `SELECT id, end_time FROM contests WHERE finalized_at IS NULL AND end_time > now()`,
      );
      for (const c of upcoming) await this.scheduleEnd(c.id, c.end_time);
    } catch (error) {
      this.logger.warn(`catch-up failed: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWithin(SHUTDOWN_CLOSE_MS, this.worker?.close(), this.queue?.close());
  }
}
