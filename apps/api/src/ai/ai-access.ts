import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { sha256 } from '../common/hash';
import { ContestsService } from '../contests/contests.service';

/**
 * What the AI routes ask of contests and submissions, in plain SQL on their tables (the AI module
 * reads them, it never writes them).
 */
@Injectable()
export class AiAccess {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    /** Its clock: a contest runs by the API's time, as everywhere else. */
    private readonly contests: ContestsService,
  ) {}

  /**
   * Issue 47: the user takes part in a contest that is running now, has this problem, and does not
   * allow AI help. Their practice of other problems is unaffected; after the contest ends it is false.
   */
  async blockedByRunningContest(
    userId: string,
    problemId: string,
    now = this.contests.now(),
  ): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM contests c
         JOIN contest_problems cp ON cp.contest_id = c.id AND cp.problem_id = $2
         JOIN contest_participants p ON p.contest_id = c.id AND p.user_id = $1
        WHERE c.start_time <= $3 AND c.end_time > $3 AND NOT c.allow_ai_help
        LIMIT 1`,
      [userId, problemId, now],
    );
    return rows.length > 0;
  }

  /**
   * Issue 44: the judge accepted this very code from this user on this problem, against every test and
   * within the time limit (a full judgement, as a submission cites): the analysis never calls it too slow.
   */
  async accepted(userId: string, problemId: string, code: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM judgements
        WHERE user_id = $1 AND problem_id = $2 AND code_hash = $3 AND all_tests AND verdict = 'accepted'
        LIMIT 1`,
      [userId, problemId, sha256(code)],
    );
    return rows.length > 0;
  }
}
