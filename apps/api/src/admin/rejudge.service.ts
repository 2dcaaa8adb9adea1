import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { DEFAULT_PROBLEM_POINTS, RejudgeProgress, ServerMessages, ShownResult } from '@javelin/contracts';
import { Job, Queue, Worker } from 'bullmq';
import { closeWithin, SHUTDOWN_CLOSE_MS } from '../common/shutdown';
import { Transactions } from '../common/transactions';
import { ENV, Env } from '../config/env';
import { ContestsService } from '../contests/contests.service';
import { RatingsService } from '../contests/ratings.service';
import { StandingsRepository } from '../contests/standings.repository';
import { StandingsService } from '../contests/standings.service';
import { ExecutionService } from '../execution/execution.service';
import { ProblemsService } from '../problems/problems.service';
import { bullConnection, failFast, waitForRedis } from '../redis/connections';
import type { AuthUser } from '../users/users.service';
import { RejudgeRepository } from './rejudge.repository';

const REJUDGE_QUEUE = 'rejudge';
const REJUDGE_ATTEMPTS = 5;

/**
 * Rejudges every submit of one problem (in one contest, or in practice) after its tests changed. Each
 * submit is judged again through the judge queue behind live submissions; its new verdict replaces the
 * old one in the user's history. Then solves, points (a practice problem's partial points too),
 * standings and (for a finalised contest) ratings follow the new verdicts. Every step is idempotent, so a retried job finishes the work exactly once,
 * and rejudging again with unchanged tests changes nothing.
 */
@Injectable()
export class RejudgeService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Rejudge');
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly transactions: Transactions,
    private readonly repository: RejudgeRepository,
    private readonly execution: ExecutionService,
    private readonly problems: ProblemsService,
    private readonly contests: ContestsService,
    private readonly standings: StandingsService,
    private readonly contestStandings: StandingsRepository,
    private readonly ratings: RatingsService,
  ) {}

  onApplicationBootstrap(): void {
    const prefix = this.env.redisPrefix;
    this.queue = new Queue(REJUDGE_QUEUE, { prefix, connection: bullConnection(this.env, failFast) });
    this.queue.on('error', (e) => this.logger.warn(`queue: ${e.message}`));
    this.worker = new Worker(REJUDGE_QUEUE, (job: Job<{ jobId: string }>) => this.process(job.data.jobId), {
      prefix,
      connection: bullConnection(this.env, waitForRedis),
      concurrency: 1,
    });
    this.worker.on('error', (e) => this.logger.warn(`worker: ${e.message}`));
    this.worker.on('failed', (job, e) => this.logger.warn(`rejudge ${job?.data.jobId} failed: ${e.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWithin(SHUTDOWN_CLOSE_MS, this.worker?.close(), this.queue?.close());
  }

  async start(problemId: string, contestId: string | undefined, admin: AuthUser): Promise<{ jobId: string }> {
    await this.problems.requireProblem(problemId);
    if (contestId) {
      await this.contests.requireContest(contestId);
      if ((await this.contests.pointsFor(contestId, problemId)) === null)
        throw new BadRequestException(ServerMessages.problemNotPartOfContest);
    }
    const jobId = await this.repository.create(problemId, contestId ?? null, admin.id);
    await this.queue!.add(
      'rejudge',
      { jobId },
      {
        jobId,
        attempts: REJUDGE_ATTEMPTS,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: true,
        removeOnFail: { age: 86_400 },
      },
    );
    return { jobId };
  }

  async progress(jobId: string): Promise<RejudgeProgress> {
    const progress = await this.repository.progress(jobId);
    if (!progress) throw new NotFoundException(ServerMessages.rejudgeNotFound);
    return progress;
  }

  /** Runs (or resumes) one job: judge what is left, then settle the solves the new verdicts changed. */
  async process(jobId: string): Promise<void> {
    const job = await this.repository.job(jobId);
    if (!job || job.finished) return;
    for (const item of await this.repository.pending(jobId)) {
      const response = await this.execution.rejudge(item.problemId, item.code);
      // Kept as any non-admin is shown them (hidden tests masked); standard error is never kept.
      const kept = response.results.map((r) => {
        const { stderr: _stderr, ...rest } = r as ShownResult;
        return rest;
      });
      await this.repository.recordVerdict(jobId, item.judgementId, response, kept);
    }
    const keys = await this.repository.changedKeys(jobId);
    const points = job.contestId
      ? ((await this.contests.pointsFor(job.contestId, job.problemId)) ?? 0)
      : ((await this.problems.requireProblem(job.problemId)).points ?? DEFAULT_PROBLEM_POINTS);
    for (const key of keys) {
      await this.transactions.run(async (m) => {
        const solve = await this.repository.settleSolve(m, key, points);
        // Practice partial points follow the rejudged scores (issue 31): the best reached, counted once.
        if (!key.contestId) await this.repository.settlePracticeScore(m, key, points, solve);
        if (key.contestId)
          await this.contestStandings.refreshParticipant(m, key.contestId, key.userId, key.problemId);
      });
    }
    if (job.contestId && keys.length > 0) {
      const revised = await this.ratings.rerate(job.contestId);
      if (revised > 0) this.logger.log(`contest ${job.contestId}: ${revised} rating changes revised`);
      this.standings.contestChanged(job.contestId);
    }
    await this.repository.finish(jobId);
    this.logger.log(`rejudge ${jobId} finished: ${keys.length} solves settled`);
  }
}
