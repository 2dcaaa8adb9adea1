import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PLAGIARISM_QUEUE } from '@javelin/contracts';
import { Job, Queue, Worker } from 'bullmq';
import { closeWithin, SHUTDOWN_CLOSE_MS } from '../common/shutdown';
import { withTimeout } from '../common/timeout';
import { ENV, Env } from '../config/env';
import { bullConnection, failFast, waitForRedis } from '../redis/connections';
import { DolosComparer } from './dolos-comparer';
import { FoundPair, PlagiarismRepository } from './plagiarism.repository';

/** Per problem, at most this many pairs are kept (the most similar): enough to act on, bounded for the page. */
export const MAX_PAIRS_PER_PROBLEM = 200;
/**
 * Code shared by more than this share of a problem's solutions (and by more than COMMON_CODE_MIN_SOLUTIONS)
 * is what everyone writes for it, not copying: left out, so that among hundreds of short solutions a
 * copy stands out instead of drowning among identical idioms. The price: a source copied by more than
 * that many participants is not reported either.
 */
const COMMON_CODE_SHARE = 0.02;
const COMMON_CODE_MIN_SOLUTIONS = 10;
/** Queueing waits for Redis at most this long; past it the start answers 503. */
const ENQUEUE_TIMEOUT_MS = 3_000;

export interface PlagiarismJobData {
  contestId: string;
  runId: string;
  threshold: number;
}

/**
 * Runs plagiarism checks as BullMQ jobs, never on a request: every API instance has a worker taking
 * one check at a time, and Dolos itself works on a thread of its own so requests keep being served.
 */
@Injectable()
export class PlagiarismRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Plagiarism');
  private queue?: Queue<PlagiarismJobData>;
  private worker?: Worker<PlagiarismJobData>;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly repository: PlagiarismRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker(PLAGIARISM_QUEUE, (job: Job<PlagiarismJobData>) => this.run(job), {
      prefix: this.env.redisPrefix,
      connection: bullConnection(this.env, waitForRedis),
      concurrency: 1,
    });
    this.worker.on('error', (e) => this.logger.warn(`worker: ${e.message}`));
  }

  async enqueue(data: PlagiarismJobData): Promise<void> {
    // Opened on first use: most instances never start a check, and need no connection for it.
    if (!this.queue) {
      this.queue = new Queue(PLAGIARISM_QUEUE, {
        prefix: this.env.redisPrefix,
        connection: bullConnection(this.env, failFast),
      });
      this.queue.on('error', (e) => this.logger.warn(`queue: ${e.message}`));
    }
    await withTimeout(
      this.queue.add('check', data, {
        jobId: data.runId,
        removeOnComplete: true,
        removeOnFail: { age: 86_400 },
      }),
      ENQUEUE_TIMEOUT_MS,
      'Redis',
    );
  }

  /** One check: every problem of the contest in turn, progress after each, the pairs written at the end. */
  private async run(job: Job<PlagiarismJobData>): Promise<void> {
    const { contestId, runId, threshold } = job.data;
    const problems = await this.repository.problems(contestId);
    if (!(await this.repository.progress(contestId, runId, 0, problems.length))) return;
    const comparer = new DolosComparer();
    const started = Date.now();
    try {
      const found: FoundPair[] = [];
      for (const [index, problem] of problems.entries()) {
        const solutions = await this.repository.acceptedSolutions(contestId, problem.problemId);
        const pairs = await comparer.compare({
          solutions: solutions.map((s) => s.code),
          template: problem.boilerplate.trim() ? problem.boilerplate : null,
          threshold,
          maxPairs: MAX_PAIRS_PER_PROBLEM,
          maxFingerprintCount: Math.max(COMMON_CODE_MIN_SOLUTIONS, Math.ceil(solutions.length * COMMON_CODE_SHARE)),
        });
        for (const pair of pairs) {
          found.push({
            problemId: problem.problemId,
            a: solutions[pair.a],
            b: solutions[pair.b],
            similarity: pair.similarity,
            fragments: pair.fragments,
          });
        }
        // A newer run of the same contest took over: this one stops quietly.
        if (!(await this.repository.progress(contestId, runId, index + 1, problems.length))) return;
        await job.updateProgress({ done: index + 1, total: problems.length });
      }
      await this.repository.finish(contestId, runId, found);
      this.logger.log(
        `contest ${contestId}: ${problems.length} problems, ${found.length} pairs, ${Date.now() - started} ms`,
      );
    } catch (error) {
      const message = (error as Error).message;
      this.logger.error(`contest ${contestId}: ${message}`);
      await this.repository.fail(contestId, runId, message);
    } finally {
      await comparer.close();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    // A worker closed while it is still connecting leaves BullMQ's start-up promises rejected and unhandled.
    await closeWithin(SHUTDOWN_CLOSE_MS, this.worker?.waitUntilReady());
    await closeWithin(SHUTDOWN_CLOSE_MS, this.worker?.close(), this.queue?.close());
  }
}
