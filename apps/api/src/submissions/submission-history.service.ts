import { Injectable, NotFoundException } from '@nestjs/common';
import {
  isAdminRoles,
  ServerMessages,
  SUBMISSIONS_PAGE_DEFAULT,
  type SubmissionDetail,
  type SubmissionPage,
} from '@javelin/contracts';
import type { AuthUser } from '../users/users.service';
import { SubmissionHistoryQueryDto } from './dto';
import { maskHiddenResults } from './hidden-results';
import { SubmissionHistoryRepository } from './submission-history.repository';

interface AcceptanceRate {
  problemId: string;
  solvedUsers: number;
  submittedUsers: number;
  acceptedSubmissions: number;
  judgedSubmissions: number;
  /** Accepted submissions ÷ all judged submissions (LeetCode's rule; the profile's too). */
  acceptanceRate: number;
}

/** What users can read back of their own submits: the list, one submission with its code, and acceptance rates. */
@Injectable()
export class SubmissionHistoryService {
  constructor(private readonly history: SubmissionHistoryRepository) {}

  async list(user: AuthUser, query: SubmissionHistoryQueryDto): Promise<SubmissionPage> {
    const limit = query.limit ?? SUBMISSIONS_PAGE_DEFAULT;
    const offset = query.offset ?? 0;
    const { items, total } = await this.history.page({
      userId: user.id,
      problemId: query.problemId,
      contestId: query.contestId,
      limit,
      offset,
    });
    return { items, total, limit, offset };
  }

  /** The owner reads their own, admins any; for anyone else it does not exist (404, not 403, so ids reveal nothing). */
  async get(user: AuthUser, id: string): Promise<SubmissionDetail> {
    const stored = await this.history.find(id);
    const admin = isAdminRoles(user.roles);
    if (!stored || (stored.userId !== user.id && !admin))
      throw new NotFoundException(ServerMessages.submissionNotFound);
    const { userId: _owner, compileError, results, groups, ...summary } = stored;
    return {
      ...summary,
      language: 'java',
      // Stored as the submitter saw them; masked again so a non-admin never reads hidden data, whoever submitted.
      results: admin ? results : maskHiddenResults(results),
      ...(compileError ? { compileError } : {}),
      ...(groups ? { groups } : {}),
    };
  }

  async acceptanceRates(): Promise<AcceptanceRate[]> {
    const rows = await this.history.acceptance();
    return rows.map((r) => ({
      ...r,
      acceptanceRate: r.judgedSubmissions ? r.acceptedSubmissions / r.judgedSubmissions : 0,
    }));
  }
}
