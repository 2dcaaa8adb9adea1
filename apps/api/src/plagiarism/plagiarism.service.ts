import { ConflictException, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import {
  PLAGIARISM_DEFAULT_THRESHOLD,
  PlagiarismPairDetail,
  PlagiarismReport,
  ServerMessages,
} from '@javelin/contracts';
import { randomUUID } from 'node:crypto';
import { ContestsService } from '../contests/contests.service';
import { StartPlagiarismDto } from './dto';
import { PlagiarismRunner } from './plagiarism-runner.service';
import { PlagiarismRepository } from './plagiarism.repository';

/** The admins' plagiarism report of an ended contest: started here, computed by PlagiarismRunner's jobs. */
@Injectable()
export class PlagiarismService {
  private readonly logger = new Logger('Plagiarism');

  constructor(
    private readonly repository: PlagiarismRepository,
    private readonly runner: PlagiarismRunner,
    private readonly contests: ContestsService,
  ) {}

  async report(contestId: string): Promise<PlagiarismReport> {
    await this.contests.requireContest(contestId);
    const row = await this.repository.report(contestId);
    if (!row) {
      return {
        status: 'idle',
        progress: { done: 0, total: 0 },
        threshold: PLAGIARISM_DEFAULT_THRESHOLD,
        startedAt: null,
        finishedAt: null,
        error: null,
        pairs: [],
      };
    }
    return {
      status: row.status,
      progress: { done: row.done, total: row.total },
      threshold: row.threshold,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      error: row.error,
      pairs: row.status === 'done' ? await this.repository.pairs(contestId) : [],
    };
  }

  /** Queues a check of an ended contest; one at a time per contest. */
  async start(contestId: string, dto: StartPlagiarismDto): Promise<PlagiarismReport> {
    const contest = await this.contests.requireContest(contestId);
    if (this.contests.statusOf(contest) !== 'ended') throw new ConflictException(ServerMessages.plagiarismAfterEnd);
    const threshold = dto.threshold ?? PLAGIARISM_DEFAULT_THRESHOLD;
    const runId = await this.repository.start(contestId, randomUUID(), threshold);
    if (!runId) throw new ConflictException(ServerMessages.plagiarismRunning);
    try {
      await this.runner.enqueue({ contestId, runId, threshold });
    } catch (error) {
      this.logger.warn(`could not queue the check of contest ${contestId}: ${(error as Error).message}`);
      await this.repository.fail(contestId, runId, ServerMessages.serviceUnavailable);
      throw new ServiceUnavailableException(ServerMessages.serviceUnavailable);
    }
    return this.report(contestId);
  }

  async pair(contestId: string, pairId: string): Promise<PlagiarismPairDetail> {
    await this.contests.requireContest(contestId);
    const pair = await this.repository.pair(contestId, pairId);
    if (!pair) throw new NotFoundException(ServerMessages.plagiarismPairNotFound);
    return pair;
  }
}
