import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { Judgement } from './judgement.entity';
import { Submission } from './submission.entity';

export type NewJudgement = Omit<Judgement, 'id'>;
export type NewSubmission = Omit<Submission, 'id' | 'createdAt'>;

export interface NewSolve {
  userId: string;
  problemId: string;
  contestId: string | null;
  submissionId: string;
  points: number;
  solvedAt: Date;
}

/** The SQL of judgements, submissions and solved problems. */
@Injectable()
export class SubmissionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Keeps a judgement; `alongside` runs in the same transaction (the standings it changes). */
  async recordJudgement(judgement: NewJudgement, alongside?: (m: EntityManager) => Promise<void>): Promise<void> {
    if (!alongside) {
      await this.db.getRepository(Judgement).insert(judgement);
      return;
    }
    await this.db.transaction(async (m) => {
      await m.getRepository(Judgement).insert(judgement);
      await alongside(m);
    });
  }

  /** The latest judgement of exactly this code against every test, by this user, for this problem and contest. */
  latestFullJudgement(of: {
    userId: string;
    problemId: string;
    contestId: string | null;
    codeHash: string;
  }): Promise<Judgement | null> {
    return this.db.getRepository(Judgement).findOne({
      where: { ...of, contestId: of.contestId ?? IsNull(), allTests: true },
      order: { createdAt: 'DESC' },
    });
  }

  saveSubmission(submission: NewSubmission): Promise<Submission> {
    return this.db.getRepository(Submission).save(submission);
  }

  findOwnSubmission(id: string, userId: string): Promise<Submission | null> {
    return this.db.getRepository(Submission).findOne({ where: { id, userId } });
  }

  /**
   * Records a solve unless this user already solved this problem (in this contest); when it is new,
   * `award` runs in the same transaction, so the points and the solve commit together. False when it was not new.
   */
  recordSolve(solve: NewSolve, award: (m: EntityManager) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const rows: { id: string }[] = await m.query(
        `INSERT INTO solved_problems (user_id, problem_id, contest_id, submission_id, points, solved_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING RETURNING id`,
        [solve.userId, solve.problemId, solve.contestId, solve.submissionId, solve.points, solve.solvedAt],
      );
      if (rows.length === 0) return false;
      await award(m);
      return true;
    });
  }

  async addPracticePoints(m: EntityManager, userId: string, points: number): Promise<void> {
    await m.query(
      `UPDATE profiles SET total_score = total_score + $2, problems_solved = problems_solved + 1 WHERE user_id = $1`,
      [userId, points],
    );
  }

  async practiceSolves(userId: string): Promise<{ problemId: string; points: number; solvedAt: Date }[]> {
    const rows: { problem_id: string; points: number; solved_at: Date }[] = await this.db.query(
      `SELECT problem_id, points, solved_at FROM solved_problems WHERE user_id = $1 AND contest_id IS NULL ORDER BY solved_at DESC`,
      [userId],
    );
    return rows.map((r) => ({ problemId: r.problem_id, points: r.points, solvedAt: r.solved_at }));
  }
}
