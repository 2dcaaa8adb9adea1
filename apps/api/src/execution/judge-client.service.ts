import {
  GatewayTimeoutException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  OnApplicationShutdown,
} from '@nestjs/common';
import {
  JUDGE_QUEUE,
  JUDGE_JOB_NAME,
  JudgeJobRefusals,
  TestDataErrors,
  judgeJobProgressSchema,
  judgeJobResultSchema,
  JudgeJobResult,
  ServerMessages,
  VersionedJudgeJob,
} from '@javelin/contracts';
import { Job, Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { isConnectionError } from '../common/connection-errors';
import { closeWithin, SHUTDOWN_CLOSE_MS } from '../common/shutdown';
import { withTimeout } from '../common/timeout';
import { ENV, Env } from '../config/env';
import { Metrics } from '../observability/metrics';
import { ProblemsRepository } from '../problems/problems.repository';
import { bullConnection, failFast, waitForRedis } from '../redis/connections';
import type { BuiltJudgeJob } from './judge-job';
import { TestDataRefs, type TestDataRedis } from './test-data-refs';

const RETRY_AFTER_SECONDS = 10;
/** What a 503 for an unreachable or restarted judge queue tells the client to wait before retrying. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/** BullMQ waits for a connection before each command; while Redis is down that wait must end. */
const QUEUE_OP_TIMEOUT_MS = 3_000;
/** How often a waiting request checks its job directly, in case its finish event never arrives. */
const WATCH_INTERVAL_MS = 5_000;

/** The judge cannot take or finish this request now: a 503 that tells the client when to try again. */
export function judgeUnavailable(message: string = ServerMessages.judgeUnavailable): HttpException {
  return new HttpException(
    { message, retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS },
    HttpStatus.SERVICE_UNAVAILABLE,
  );
}

export const JUDGE_LOST_JOB = ServerMessages.judgeLostJob;
/** The job is gone from the queue: Redis restarted without its data. */
export class JobVanished extends Error {}

/** A job for the judge queue: the judge tells judging from the AI's jobs by its name. */
export interface JudgeQueueJob {
  name: string;
  data: object;
  /** Absent: ahead of every job that has one (live submissions). */
  priority?: number;
  /** How many finished jobs of this kind Redis keeps for a while (results a missed event can still be read from). */
  keepCompleted: number;
  /** The job's id when the caller follows it (judging progress); a fresh UUID otherwise. */
  jobId?: string;
}

/** Where a queued job stands: waiting (1 = next), running (tests judged of total), or neither any more. */
export type JobStanding =
  | { state: 'waiting'; position: number }
  | { state: 'active'; judged: number; total: number; marks?: string }
  | { state: 'other' };

/** BullMQ runs jobs without a priority first; background work (rejudges) waits behind every live submission. */
export const BACKGROUND_PRIORITY = 100;
/** A background job may wait behind a contest's whole queue: it waits this many times a live request's limit. */
const BACKGROUND_WAIT_FACTOR = 10;

const bounded = <T>(work: Promise<T>): Promise<T> => withTimeout(work, QUEUE_OP_TIMEOUT_MS, 'Redis');

/**
 * Sends jobs to the judge queue and waits, bounded, for their verdicts. The AI's sandbox jobs
 * (ai/sandbox/sandbox-jobs.ts) travel the same way, through enqueue() and waitFor(), with their own policy.
 */
@Injectable()
export class JudgeClient implements OnApplicationShutdown {
  private readonly logger = new Logger('JudgeClient');
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  /**
   * The same queue on a connection that waits for Redis, used only to wait for verdicts: BullMQ's
   * waitUntilFinished checks the job from inside a promise executor, where a command failing fast
   * while Redis restarts would be an unhandled rejection that ends the process. The watch loop
   * below still answers the request (503) when Redis is away.
   */
  private readonly waiting: Queue;
  private readonly testData: TestDataRefs;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly metrics: Metrics,
    problems: ProblemsRepository,
  ) {
    this.queue = new Queue(JUDGE_QUEUE, {
      prefix: env.redisPrefix,
      // Fail fast while Redis is down: the caller gets a 503 instead of a request that hangs.
      connection: bullConnection(env, failFast),
    });
    this.events = new QueueEvents(JUDGE_QUEUE, {
      prefix: env.redisPrefix,
      connection: bullConnection(env, waitForRedis),
    });
    this.waiting = new Queue(JUDGE_QUEUE, {
      prefix: env.redisPrefix,
      connection: bullConnection(env, waitForRedis),
    });
    // BullMQ's client is an ioredis connection (its own type names only what BullMQ calls).
    this.testData = new TestDataRefs(
      () => bounded(this.queue.client) as Promise<unknown> as Promise<TestDataRedis>,
      env.redisPrefix,
      problems,
    );
    this.waiting.on('error', (e) => this.logger.warn(`queue (waiting) connection: ${e.message}`));
    this.queue.on('error', (e) => this.logger.warn(`queue connection: ${e.message}`));
    this.events.on('error', (e) => this.logger.warn(`queue events connection: ${e.message}`));
    metrics.reportJudgeQueueDepth(() => this.waitingCount());
  }

  /**
   * Queues a job built by buildJudgeJob (judge-job.ts), the one place a judge job is made, and waits for
   * its verdict; a full queue is refused first (503 with Retry-After).
   */
  async requestJudgement(data: BuiltJudgeJob): Promise<JudgeJobResult> {
    await this.refuseWhenFull();
    return this.run(data, undefined, this.env.judgeResultTimeoutMs);
  }

  /**
   * As requestJudgement, for a request JudgeBacklogGuard already admitted: the queue was counted once
   * for it, before sign-in, and is not counted again (one Redis call fewer per run or submit).
   */
  requestAdmittedJudgement(data: BuiltJudgeJob, jobId?: string): Promise<JudgeJobResult> {
    return this.run(data, undefined, this.env.judgeResultTimeoutMs, jobId);
  }

  /**
   * Where the job stands now: its place among the jobs waiting (oldest first), or the tests the judge
   * has finished (the judge reports them as the job's progress). Rejects, bounded, while Redis is away.
   */
  async standing(jobId: string): Promise<JobStanding> {
    const state = await bounded(this.queue.getJobState(jobId));
    if (state === 'waiting') {
      const waiting = await bounded(this.queue.getRanges(['wait'], 0, -1, true));
      const index = waiting.indexOf(jobId);
      return { state: 'waiting', position: index < 0 ? 1 : index + 1 };
    }
    if (state !== 'active') return { state: 'other' };
    const job = await bounded(Job.fromId(this.queue, jobId));
    // The contract's progress (a job not started yet has none: 0 of 0).
    const progress = judgeJobProgressSchema.safeParse(job?.progress);
    if (!progress.success) return { state: 'active', judged: 0, total: 0 };
    const { judged, total, marks } = progress.data;
    // A scoring problem's tests as they finish (JudgeJobProgress.marks): the API makes group states of them.
    return { state: 'active', judged, total, ...(marks === undefined ? {} : { marks }) };
  }

  /** Judges behind every live submission (never refused for a backlog: it waits its turn). */
  requestBackgroundJudgement(data: BuiltJudgeJob): Promise<JudgeJobResult> {
    return this.run(data, BACKGROUND_PRIORITY, this.env.judgeResultTimeoutMs * BACKGROUND_WAIT_FACTOR);
  }

  private async run(
    data: VersionedJudgeJob,
    priority: number | undefined,
    waitMs: number,
    jobId?: string,
    testDataAgain = false,
  ): Promise<JudgeJobResult> {
    let job: Job;
    try {
      // Large tests by reference (issue 42): their bytes in Redis, the job itself a few kilobytes.
      const sent = await this.testData.externalize(data, testDataAgain);
      job = await this.enqueue({ name: JUDGE_JOB_NAME, data: sent, priority, keepCompleted: 10_000, jobId });
    } catch (error) {
      this.logger.warn(`enqueue failed: ${(error as Error).message}`);
      throw judgeUnavailable();
    }
    let answer: unknown;
    try {
      answer = await this.waitFor<unknown>(job, waitMs, WATCH_INTERVAL_MS);
    } catch (error) {
      if (error instanceof JobVanished) {
        this.logger.warn(`judge job ${job.id} vanished from the queue (Redis lost its data)`);
        throw judgeUnavailable(JUDGE_LOST_JOB);
      }
      const message = (error as Error).message ?? '';
      if (/timed out/i.test(message)) throw new GatewayTimeoutException(ServerMessages.judgeTimeout);
      if (isConnectionError(error)) throw judgeUnavailable();
      if (message.startsWith(TestDataErrors.prefix) && !testDataAgain) {
        // The test data's bytes left Redis between the queueing and the judge (evicted, or Redis
        // restarted): written again, and the job queued once more under its id.
        this.logger.warn(`judge job ${job.id}: ${message}; queued again with its test data`);
        await bounded(job.remove()).catch(() => undefined);
        return this.run(data, priority, waitMs, jobId, true);
      }
      if (message.startsWith(JudgeJobRefusals.prefix)) {
        // Issue 46: no judge understood the job (a judge of another version, mid-upgrade): no verdict.
        this.metrics.judgeRefusals.inc({ reason: /malformed/.test(message) ? 'malformed' : 'foreign' });
        this.logger.warn(`judge job ${job.id}: ${message}`);
        throw judgeUnavailable();
      }
      this.logger.error(`judge job ${job.id} failed: ${message}`);
      throw judgeUnavailable();
    }
    // The judge's answer as the contract says it (a field a newer judge adds is dropped, never trusted).
    const result = judgeJobResultSchema.safeParse(answer);
    if (!result.success) {
      this.logger.error(
        `judge job ${job.id}: an answer outside the contract: ${result.error.issues[0]?.message}`,
      );
      throw judgeUnavailable();
    }
    return result.data;
  }

  /** Adds a job to the judge queue; rejects, bounded, while Redis cannot take it. */
  enqueue(job: JudgeQueueJob): Promise<Job> {
    return bounded(
      // A unique id: BullMQ's own counter starts again at 1 if Redis loses its data, and a request still
      // waiting for an old job must never receive the verdict of a new job that reused its number.
      this.queue.add(job.name, job.data, {
        jobId: job.jobId ?? randomUUID(),
        ...(job.priority === undefined ? {} : { priority: job.priority }),
        removeOnComplete: { age: 600, count: job.keepCompleted },
        removeOnFail: { age: 3_600 },
      }),
    );
  }

  /**
   * The result of a queued job, waited for at most `waitMs`: rejects when the wait times out, the
   * job fails, or it vanished (JobVanished). Looks at the job itself every `watchEveryMs` besides.
   */
  async waitFor<R>(job: Job, waitMs: number, watchEveryMs: number): Promise<R> {
    const watch = { stopped: false };
    try {
      return await Promise.race([
        new Job(this.waiting, job.name, job.data, job.opts, job.id).waitUntilFinished(this.events, waitMs),
        this.watch<R>(job, watchEveryMs, watch),
      ]);
    } finally {
      watch.stopped = true;
    }
  }

  /**
   * Looks at the job itself while its caller waits: a finish event missed while the events
   * connection was down still delivers the result, and a job that vanished (Redis restarted without
   * its data) ends the wait instead of a hang. Never settles while Redis is away. The looks fall on
   * the clock's multiples of `everyMs`, so every job watched at once is probed in one pipeline
   * (mayHaveEnded); only a job that may have ended is looked at closely.
   */
  private async watch<R>(job: Job, everyMs: number, watch: { stopped: boolean }): Promise<R> {
    const id = job.id!;
    for (;;) {
      await new Promise((r) => setTimeout(r, everyMs - (Date.now() % everyMs)).unref());
      if (watch.stopped) return new Promise<R>(() => undefined);
      let state: string;
      try {
        if (!(await this.mayHaveEnded(id))) continue;
        state = await bounded(this.queue.getJobState(id));
        if (state === 'completed' || state === 'failed') {
          const finished = await bounded(Job.fromId(this.queue, id));
          if (!finished) continue;
          if (state === 'failed') throw new Error(finished.failedReason || 'judge job failed');
          return finished.returnvalue as R;
        }
      } catch (error) {
        if (isConnectionError(error)) continue;
        throw error;
      }
      if (state === 'unknown') throw new JobVanished();
    }
  }

  /** Jobs probed in this moment, answered together by probeBatch. */
  private probes: { id: string; resolve: (ended: boolean) => void; reject: (error: unknown) => void }[] = [];

  /**
   * Whether the job may have finished or vanished: its hash has a finish time, or is gone. Every
   * probe of the same moment goes to Redis in one pipeline (issue 35: one BullMQ script per waiting
   * job every 5 s was a good part of the API's Redis work while a contest's queue was long).
   */
  private mayHaveEnded(id: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.probes.push({ id, resolve, reject });
      if (this.probes.length === 1) setImmediate(() => void this.probeBatch());
    });
  }

  private async probeBatch(): Promise<void> {
    const batch = this.probes;
    this.probes = [];
    try {
      const client = await bounded(this.queue.client);
      const pipeline = client.pipeline();
      for (const { id } of batch)
        pipeline.runCommand('hmget', [this.queue.toKey(id), 'finishedOn', 'timestamp']);
      const replies = (await bounded(pipeline.exec())) ?? [];
      batch.forEach(({ resolve, reject }, i) => {
        const [error, fields] = replies[i] ?? [new Error('no reply from Redis'), null];
        if (error) return reject(error);
        const [finishedOn, timestamp] = fields as (string | null)[];
        resolve(finishedOn !== null || timestamp === null);
      });
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }

  /**
   * Jobs waiting for a judge; used for backpressure and metrics. BullMQ's getWaitingCount, the lengths
   * of its wait and paused lists, read in one pipeline of two LLENs instead of its counting script
   * (issue 35: every execute-code call counts the queue first, thousands of refusals included).
   */
  async waitingCount(): Promise<number> {
    const client = await bounded(this.queue.client);
    const replies = await bounded(
      client.pipeline().llen(this.queue.toKey('wait')).llen(this.queue.toKey('paused')).exec(),
    );
    let waiting = 0;
    for (const [error, count] of replies ?? [[new Error('no reply from Redis'), 0]]) {
      if (error) throw error;
      waiting += Number(count);
    }
    return waiting;
  }

  /**
   * The refusal of a full queue (JudgeBacklogGuard before sign-in, or requestJudgement). A queue that
   * cannot be counted (Redis away) cannot judge either: the request is refused as unavailable at once.
   */
  async refuseWhenFull(): Promise<void> {
    let waiting: number;
    try {
      waiting = await this.waitingCount();
    } catch {
      throw judgeUnavailable();
    }
    if (waiting >= this.env.judgeQueueLimit) throw this.busy();
  }

  private busy(): HttpException {
    return new HttpException(
      { message: ServerMessages.judgeBusy, retryAfter: RETRY_AFTER_SECONDS },
      HttpStatus.SERVICE_UNAVAILABLE,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWithin(SHUTDOWN_CLOSE_MS, this.events.close(), this.queue.close(), this.waiting.close());
  }
}
