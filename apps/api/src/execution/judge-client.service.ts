import {
  GatewayTimeoutException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  OnApplicationShutdown,
  ServiceUnavailableException,
} from '@nestjs/common';
import { JUDGE_QUEUE, JudgeJobData, JudgeJobResult, ServerMessages } from '@javelin/contracts';
import { Queue, QueueEvents } from 'bullmq';
import { closeWithin, SHUTDOWN_CLOSE_MS } from '../common/shutdown';
import { ENV, Env } from '../config/env';

const RETRY_AFTER_SECONDS = 10;
/** BullMQ waits for a connection before each command; while Redis is down that wait must end. */
const QUEUE_OP_TIMEOUT_MS = 3_000;

function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), QUEUE_OP_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Sends jobs to the judge queue and waits, bounded, for their verdicts. */
@Injectable()
export class JudgeClient implements OnApplicationShutdown {
  private readonly logger = new Logger('JudgeClient');
  private readonly queue: Queue<JudgeJobData, JudgeJobResult>;
  private readonly events: QueueEvents;

  constructor(@Inject(ENV) private readonly env: Env) {
    this.queue = new Queue(JUDGE_QUEUE, {
      prefix: env.judgeQueuePrefix,
      // Fail fast while Redis is down: the caller gets a 503 instead of a request that hangs.
      connection: { url: env.redisUrl, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 },
    });
    this.events = new QueueEvents(JUDGE_QUEUE, { prefix: env.judgeQueuePrefix, connection: { url: env.redisUrl, connectTimeout: 2_000 } });
    this.queue.on('error', (e) => this.logger.warn(`queue connection: ${e.message}`));
    this.events.on('error', (e) => this.logger.warn(`queue events connection: ${e.message}`));
  }

  async judge(data: JudgeJobData): Promise<JudgeJobResult> {
    await this.refuseWhenBacklogged();
    let job;
    try {
      job = await bounded(
        this.queue.add('judge', data, {
          removeOnComplete: { age: 600, count: 10_000 },
          removeOnFail: { age: 3_600 },
        }),
      );
    } catch (error) {
      this.logger.warn(`enqueue failed: ${(error as Error).message}`);
      throw new ServiceUnavailableException(ServerMessages.judgeUnavailable);
    }
    try {
      return await job.waitUntilFinished(this.events, this.env.judgeResultTimeoutMs);
    } catch (error) {
      const message = (error as Error).message ?? '';
      if (/timed out/i.test(message)) throw new GatewayTimeoutException(ServerMessages.judgeTimeout);
      if (/ECONNREFUSED|Connection is closed|Stream isn't writeable/i.test(message)) {
        throw new ServiceUnavailableException(ServerMessages.judgeUnavailable);
      }
      this.logger.error(`judge job ${job.id} failed: ${message}`);
      throw new ServiceUnavailableException(ServerMessages.judgeUnavailable);
    }
  }

  /** Jobs waiting for a judge; used for backpressure and metrics. */
  waitingCount(): Promise<number> {
    return bounded(this.queue.getWaitingCount());
  }

  private async refuseWhenBacklogged(): Promise<void> {
    let waiting: number;
    try {
      waiting = await this.waitingCount();
    } catch {
      throw new ServiceUnavailableException(ServerMessages.judgeUnavailable);
    }
    if (waiting >= this.env.judgeQueueLimit) {
      throw new HttpException(
        { message: 'The judge is busy right now, please try again in a few seconds', retryAfter: RETRY_AFTER_SECONDS },
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWithin(SHUTDOWN_CLOSE_MS, this.events.close(), this.queue.close());
  }
}
