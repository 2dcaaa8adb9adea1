import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { insertTakingParticipantLock } from '../contests/standings.repository';
import { Judgement } from './judgement.entity';
import { Submission } from './submission.entity';

type NewJudgement = Omit<Judgement, 'id'>;
type NewSubmission = Omit<Submission, 'id' | 'createdAt'>;

interface NewSolve {
  userId: string;
  problemId: string;
  contestId: string | null;
  submissionId: string;
  points: number;
  solvedAt: Date;
}

/** The partial points a user holds of a problem, its row locked until the transaction ends (made when missing). */
async function lockPracticeScore(m: EntityManager, userId: string, problemId: string): Promise<number> {
  await m.query(`INSERT INTO practice_scores (user_id, problem_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    userId,
    problemId,
  ]);
  const [row]: { awarded: number }[] = await m.query(
    `SELECT awarded FROM practice_scores WHERE user_id = $1 AND problem_id = $2 FOR UPDATE`,
    [userId, problemId],
  );
  return row?.awarded ?? 0;
}

/** Every column of a judgement but its id, $1..$17 (the JSON ones as text). */
const INSERT_JUDGEMENT = `INSERT INTO judgements (user_id, problem_id, contest_id, via_contest_id, virtual_run_id, code_hash,
    all_tests, verdict, passed_count, total_count, max_time_ms, code, results, compile_error, score, groups, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16::jsonb, $17)`;

/** The SQL of judgements, submissions and solved problems. */
@Injectable()
export class SubmissionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Keeps a judgement; `alongside` runs in the same transaction (the standings it changes), after the
   * insert took the lock of `participant` when given (participantLock: one statement for both).
   */
  async recordJudgement(
    judgement: NewJudgement,
    alongside?: (m: EntityManager) => Promise<void>,
    participant?: { contestId: string; userId: string },
  ): Promise<void> {
    const values = [
      judgement.userId,
      judgement.problemId,
      judgement.contestId,
      judgement.viaContestId,
      judgement.virtualRunId,
      judgement.codeHash,
      judgement.allTests,
      judgement.verdict,
      judgement.passedCount,
      judgement.totalCount,
      judgement.maxTimeMs,
      judgement.code,
      judgement.results === null ? null : JSON.stringify(judgement.results),
      judgement.compileError,
      judgement.score,
      judgement.groups === null ? null : JSON.stringify(judgement.groups),
      judgement.createdAt,
    ];
    if (!alongside) {
      await this.db.query(INSERT_JUDGEMENT, values);
      return;
    }
    await this.db.transaction(async (m) => {
      if (participant)
        await m.query(
          ...insertTakingParticipantLock(`${INSERT_JUDGEMENT} RETURNING id`, values, participant),
        );
      else await m.query(INSERT_JUDGEMENT, values);
      await alongside(m);
    });
  }

  /**
   * The latest judgement of exactly this code against every test, by this user, for this problem and
   * contest: what a submission cites (raw SQL on the hot path, issue 35).
   */
  async latestFullJudgement(of: {
    userId: string;
    problemId: string;
    contestId: string | null;
    codeHash: string;
  }): Promise<Pick<Judgement, 'id' | 'verdict' | 'passedCount' | 'totalCount'> | null> {
    const rows: { id: string; verdict: string; passed_count: number; total_count: number }[] =
      await this.db.query(
        `SELECT id, verdict, passed_count, total_count FROM judgements
          WHERE user_id = $1 AND problem_id = $2 AND ${of.contestId === null ? 'contest_id IS NULL' : 'contest_id = $4'}
            AND code_hash = $3 AND all_tests
          ORDER BY created_at DESC LIMIT 1`,
        of.contestId === null
          ? [of.userId, of.problemId, of.codeHash]
          : [of.userId, of.problemId, of.codeHash, of.contestId],
      );
    const row = rows[0];
    return row
      ? { id: row.id, verdict: row.verdict, passedCount: row.passed_count, totalCount: row.total_count }
      : null;
  }

  /** Keeps a submission; its id and creation time come from the database. */
  async saveSubmission(submission: NewSubmission): Promise<Submission> {
    const [row]: { id: string; created_at: Date }[] = await this.db.query(
      `INSERT INTO submissions (user_id, problem_id, contest_id, judgement_id, code, language, status, test_cases_passed, total_test_cases)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, created_at`,
      [
        submission.userId,
        submission.problemId,
        submission.contestId,
        submission.judgementId,
        submission.code,
        submission.language,
        submission.status,
        submission.testCasesPassed,
        submission.totalTestCases,
      ],
    );
    return { ...submission, id: row!.id, createdAt: row!.created_at };
  }

  /** What a solve checks of the caller's own submission. */
  async findOwnSubmission(
    id: string,
    userId: string,
  ): Promise<Pick<Submission, 'id' | 'problemId' | 'contestId' | 'status'> | null> {
    const rows: { id: string; problem_id: string; contest_id: string | null; status: string }[] =
      await this.db.query(
        `SELECT id, problem_id, contest_id, status FROM submissions WHERE id = $1 AND user_id = $2`,
        [id, userId],
      );
    const row = rows[0];
    return row
      ? { id: row.id, problemId: row.problem_id, contestId: row.contest_id, status: row.status }
      : null;
  }

  /**
   * Records a solve unless this user already solved this problem (in this contest); when it is new,
   * `award` runs in the same transaction, so the points and the solve commit together. False when it was not new.
   */
  recordSolve(
    solve: NewSolve,
    award: (m: EntityManager) => Promise<void>,
    /** A contest solve: the insert takes the participant's lock (participantLock) when it records. */
    lockParticipant = false,
  ): Promise<boolean> {
    const insert = `INSERT INTO solved_problems (user_id, problem_id, contest_id, submission_id, points, solved_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING RETURNING id`;
    const values = [
      solve.userId,
      solve.problemId,
      solve.contestId,
      solve.submissionId,
      solve.points,
      solve.solvedAt,
    ];
    return this.db.transaction(async (m) => {
      const rows: { id: string }[] =
        lockParticipant && solve.contestId
          ? await m.query(
              ...insertTakingParticipantLock(insert, values, {
                contestId: solve.contestId,
                userId: solve.userId,
              }),
            )
          : await m.query(insert, values);
      if (rows.length === 0) return false;
      await award(m);
      return true;
    });
  }

  /**
   * A practice solve's points. Of a scoring problem (issue 31) the user may already hold partial points
   * (awardPracticeScore): the solve adds only the rest, so the problem counts once, at its full points.
   */
  async addPracticePoints(
    m: EntityManager,
    userId: string,
    points: number,
    problemId: string,
  ): Promise<void> {
    const held = await lockPracticeScore(m, userId, problemId);
    await m.query(
      `UPDATE profiles SET total_score = total_score + $2, problems_solved = problems_solved + 1 WHERE user_id = $1`,
      [userId, Math.max(0, points - held)],
    );
    await m.query(
      `UPDATE practice_scores SET awarded = GREATEST(awarded, $3) WHERE user_id = $1 AND problem_id = $2`,
      [userId, problemId, points],
    );
  }

  /**
   * A practice submit's partial score on a scoring problem (issue 31): the problem's points scaled by
   * score / maxScore count once, at the best reached, until it is solved (the solve then adds the rest).
   * The row lock orders it with simultaneous submits and the solve, so no best is lost or counted twice.
   */
  async awardPracticeScore(
    m: EntityManager,
    userId: string,
    problemId: string,
    score: number,
    maxScore: number,
  ): Promise<void> {
    if (maxScore <= 0 || score <= 0) return;
    const held = await lockPracticeScore(m, userId, problemId);
    const [row]: { points: number; solved: boolean }[] = await m.query(
      `SELECT floor(p.points * $3::numeric / $4)::int AS points,
              EXISTS (SELECT 1 FROM solved_problems s WHERE s.user_id = $1 AND s.problem_id = p.id AND s.contest_id IS NULL) AS solved
         FROM problems p WHERE p.id = $2`,
      [userId, problemId, Math.min(score, maxScore), maxScore],
    );
    if (!row || row.solved || row.points <= held) return;
    await m.query(`UPDATE profiles SET total_score = total_score + $2 WHERE user_id = $1`, [
      userId,
      row.points - held,
    ]);
    await m.query(`UPDATE practice_scores SET awarded = $3 WHERE user_id = $1 AND problem_id = $2`, [
      userId,
      problemId,
      row.points,
    ]);
  }

  /**
   * The problems the user solved, in practice or in a contest (issue 45: as Codeforces counts them), one
   * row each at its first solve; `points` are the practice points when solved in practice (what Total
   * Score holds), else 0: a contest solve's points count in its contest only.
   */
  async solves(
    userId: string,
  ): Promise<{ problemId: string; points: number; solvedAt: Date; inContest: boolean }[]> {
    const rows: { problem_id: string; points: number; solved_at: Date; in_contest: boolean }[] = await this.db.query(
      `SELECT problem_id,
              COALESCE(max(points) FILTER (WHERE contest_id IS NULL), 0)::int AS points,
              min(solved_at) AS solved_at,
              bool_and(contest_id IS NOT NULL) AS in_contest
         FROM solved_problems WHERE user_id = $1
        GROUP BY problem_id ORDER BY min(solved_at) DESC`,
      [userId],
    );
    return rows.map((r) => ({
      problemId: r.problem_id,
      points: r.points,
      solvedAt: r.solved_at,
      inContest: r.in_contest,
    }));
  }
}
