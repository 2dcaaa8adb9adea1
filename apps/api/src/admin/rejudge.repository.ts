import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ExecuteCodeResponse, ExecutionResult, RejudgeProgress } from '@javelin/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

/** One submit (a full judgement that kept its code) a rejudge runs again. */
interface RejudgeItem {
  judgementId: string;
  userId: string;
  problemId: string;
  contestId: string | null;
  code: string;
}

/** Whose solve a rejudge may have changed: one user's one problem, in a contest or in practice. */
interface SolveKey {
  userId: string;
  problemId: string;
  contestId: string | null;
}

/** Whether a problem was solved before a rejudge settled it, and is after. */
interface SolveChange {
  before: boolean;
  after: boolean;
}

/** The SQL of rejudge jobs: their items, the judgements they rewrite and the solves they settle. */
@Injectable()
export class RejudgeRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A new job over every submit of the problem (in the contest, or in practice), with each verdict as it stands. */
  async create(problemId: string, contestId: string | null, createdBy: string): Promise<string> {
    return this.db.transaction(async (m) => {
      const [job] = await returningRows<{ id: string }>(
        m,
        `INSERT INTO rejudge_jobs (problem_id, contest_id, created_by) VALUES ($1, $2, $3) RETURNING id`,
        [problemId, contestId, createdBy],
      );
      await m.query(
        `INSERT INTO rejudge_items (job_id, judgement_id, old_verdict, old_score)
         SELECT $1, id, verdict, score FROM judgements
          WHERE problem_id = $2 AND contest_id IS NOT DISTINCT FROM $3 AND all_tests AND code IS NOT NULL`,
        [job.id, problemId, contestId],
      );
      return job.id;
    });
  }

  async progress(jobId: string): Promise<RejudgeProgress | null> {
    const [row]: {
      id: string;
      problem_id: string;
      contest_id: string | null;
      total: number;
      done: number;
      changed: number;
      finished_at: Date | null;
    }[] = await this.db.query(
      `SELECT j.id, j.problem_id, j.contest_id, j.finished_at,
              count(i.judgement_id)::int AS total,
              count(i.new_verdict)::int AS done,
              count(*) FILTER (WHERE i.new_verdict IS NOT NULL AND i.new_verdict <> i.old_verdict)::int AS changed
         FROM rejudge_jobs j LEFT JOIN rejudge_items i ON i.job_id = j.id
        WHERE j.id = $1 GROUP BY j.id`,
      [jobId],
    );
    if (!row) return null;
    return {
      jobId: row.id,
      problemId: row.problem_id,
      contestId: row.contest_id,
      total: row.total,
      done: row.done,
      changed: row.changed,
      finished: row.finished_at !== null,
    };
  }

  async job(
    jobId: string,
  ): Promise<{ problemId: string; contestId: string | null; finished: boolean } | null> {
    const [row]: { problem_id: string; contest_id: string | null; finished_at: Date | null }[] =
      await this.db.query(`SELECT problem_id, contest_id, finished_at FROM rejudge_jobs WHERE id = $1`, [
        jobId,
      ]);
    return row
      ? { problemId: row.problem_id, contestId: row.contest_id, finished: row.finished_at !== null }
      : null;
  }

  /** The items not judged again yet, oldest submit first (a retried job carries on where it stopped). */
  async pending(jobId: string): Promise<RejudgeItem[]> {
    const rows: {
      id: string;
      user_id: string;
      problem_id: string;
      contest_id: string | null;
      code: string;
    }[] = await this.db.query(
      `SELECT j.id, j.user_id, j.problem_id, j.contest_id, j.code
           FROM rejudge_items i JOIN judgements j ON j.id = i.judgement_id
          WHERE i.job_id = $1 AND i.new_verdict IS NULL
          ORDER BY j.created_at, j.id`,
      [jobId],
    );
    return rows.map((r) => ({
      judgementId: r.id,
      userId: r.user_id,
      problemId: r.problem_id,
      contestId: r.contest_id,
      code: r.code,
    }));
  }

  /** Rewrites a judgement (and the submissions citing it) with its new verdict, and marks the item done. */
  async recordVerdict(
    jobId: string,
    judgementId: string,
    response: ExecuteCodeResponse,
    results: ExecutionResult[],
  ): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(
        `UPDATE judgements SET verdict = $2, passed_count = $3, total_count = $4, max_time_ms = $5, results = $6, compile_error = $7,
                score = $8, groups = $9
          WHERE id = $1`,
        [
          judgementId,
          response.verdict,
          response.passedCount,
          response.totalCount,
          Math.round(Math.max(0, ...response.results.map((r) => r.executionTime))),
          JSON.stringify(results),
          response.compileError ?? null,
          response.score ?? null,
          response.groups ? JSON.stringify(response.groups) : null,
        ],
      );
      await m.query(
        `UPDATE submissions SET status = $2, test_cases_passed = $3, total_test_cases = $4 WHERE judgement_id = $1`,
        [judgementId, response.verdict, response.passedCount, response.totalCount],
      );
      await m.query(
        `UPDATE rejudge_items SET new_verdict = $3, new_score = $4 WHERE job_id = $1 AND judgement_id = $2`,
        [jobId, judgementId, response.verdict, response.score ?? null],
      );
    });
  }

  /** The (user, problem) pairs whose verdicts (or, on a scoring problem, scores) this job changed. */
  async changedKeys(jobId: string): Promise<SolveKey[]> {
    const rows: { user_id: string; problem_id: string; contest_id: string | null }[] = await this.db.query(
      `SELECT DISTINCT j.user_id, j.problem_id, j.contest_id
         FROM rejudge_items i JOIN judgements j ON j.id = i.judgement_id
        WHERE i.job_id = $1 AND i.new_verdict IS NOT NULL
          AND (i.new_verdict <> i.old_verdict OR i.new_score IS DISTINCT FROM i.old_score)
        ORDER BY j.user_id`,
      [jobId],
    );
    return rows.map((r) => ({ userId: r.user_id, problemId: r.problem_id, contestId: r.contest_id }));
  }

  async finish(jobId: string): Promise<void> {
    await this.db.query(`UPDATE rejudge_jobs SET finished_at = now() WHERE id = $1 AND finished_at IS NULL`, [
      jobId,
    ]);
  }

  /**
   * Makes the solve follow the verdicts inside `m`: the problem counts as solved by the earliest accepted
   * submit. A solve citing a submit that is no longer accepted goes (with its points); a solve appears at
   * the time of the first accepted submit when there was none. Practice points move the profile;
   * contest points are recomputed by the caller from the solves. Settling twice changes nothing.
   * Answers whether the problem was solved before and is after (the solve's row then locked).
   */
  async settleSolve(m: EntityManager, key: SolveKey, points: number): Promise<SolveChange> {
    const params = [key.userId, key.problemId, key.contestId];
    const [target]: {
      id: string;
      created_at: Date;
      code: string;
      passed_count: number;
      total_count: number;
    }[] = await m.query(
      `SELECT id, created_at, code, passed_count, total_count FROM judgements
        WHERE user_id = $1 AND problem_id = $2 AND contest_id IS NOT DISTINCT FROM $3 AND all_tests AND code IS NOT NULL
          AND verdict = 'accepted'
        ORDER BY created_at, id LIMIT 1`,
      params,
    );
    const [solve]: { id: string; points: number; verdict: string | null; judgement_id: string | null }[] =
      await m.query(
        `SELECT sp.id, sp.points, j.verdict, s.judgement_id
         FROM solved_problems sp
         LEFT JOIN submissions s ON s.id = sp.submission_id
         LEFT JOIN judgements j ON j.id = s.judgement_id
        WHERE sp.user_id = $1 AND sp.problem_id = $2 AND sp.contest_id IS NOT DISTINCT FROM $3
        FOR UPDATE OF sp`,
        params,
      );
    if (solve && (solve.verdict === 'accepted' || (solve.judgement_id === null && target)))
      return { before: true, after: true };
    const practice = key.contestId === null;
    if (solve) {
      await m.query(`DELETE FROM solved_problems WHERE id = $1`, [solve.id]);
      if (practice)
        await m.query(
          `UPDATE profiles SET total_score = total_score - $2, problems_solved = problems_solved - 1 WHERE user_id = $1`,
          [key.userId, solve.points],
        );
    }
    if (!target) return { before: !!solve, after: false };
    const [cited]: { id: string }[] = await m.query(
      `SELECT id FROM submissions WHERE judgement_id = $1 ORDER BY created_at LIMIT 1`,
      [target.id],
    );
    const submissionId =
      cited?.id ??
      (
        await returningRows<{ id: string }>(
          m,
          `INSERT INTO submissions (user_id, problem_id, contest_id, judgement_id, code, language, status, test_cases_passed, total_test_cases, created_at)
           VALUES ($1, $2, $3, $4, $5, 'java', 'accepted', $6, $7, $8) RETURNING id`,
          [...params, target.id, target.code, target.passed_count, target.total_count, target.created_at],
        )
      )[0].id;
    await m.query(
      `INSERT INTO solved_problems (user_id, problem_id, contest_id, submission_id, points, solved_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [...params, submissionId, points, target.created_at],
    );
    if (practice)
      await m.query(
        `UPDATE profiles SET total_score = total_score + $2, problems_solved = problems_solved + 1 WHERE user_id = $1`,
        [key.userId, points],
      );
    return { before: !!solve, after: true };
  }

  /**
   * A practice problem's partial points after a rejudge (issue 31), inside `m` after settleSolve: while
   * unsolved a user holds the problem's points scaled by their best practice score (counted once, as a
   * submit awards them), and nothing beside a solve's points once solved. The best is read again from
   * the rejudged judgements, so a score that went down takes points back and one that went up adds
   * them; the practice_scores row lock orders it with simultaneous submits and solves (which read what
   * it leaves). Settling twice changes nothing.
   */
  async settlePracticeScore(
    m: EntityManager,
    key: SolveKey,
    points: number,
    solve: SolveChange,
  ): Promise<void> {
    await m.query(
      `INSERT INTO practice_scores (user_id, problem_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [key.userId, key.problemId],
    );
    const [held]: { awarded: number }[] = await m.query(
      `SELECT awarded FROM practice_scores WHERE user_id = $1 AND problem_id = $2 FOR UPDATE`,
      [key.userId, key.problemId],
    );
    // The best practice score (virtual runs and contests aside) of the problem's groups as they stand now.
    const [best]: { awarded: number }[] = await m.query(
      `SELECT COALESCE(floor($3::numeric * LEAST(b.score, g.max_score) / NULLIF(g.max_score, 0)), 0)::int AS awarded
         FROM (SELECT max(score) AS score FROM judgements
                WHERE user_id = $1 AND problem_id = $2 AND contest_id IS NULL AND virtual_run_id IS NULL
                  AND all_tests AND score > 0) b,
              (SELECT COALESCE(sum((g->>'points')::int), 0) AS max_score
                 FROM problems p LEFT JOIN LATERAL jsonb_array_elements(p.test_groups) g ON true
                WHERE p.id = $2) g`,
      [key.userId, key.problemId, points],
    );
    const before = solve.before ? 0 : (held?.awarded ?? 0);
    const after = solve.after ? 0 : (best?.awarded ?? 0);
    if (after !== before)
      await m.query(`UPDATE profiles SET total_score = total_score + $2 WHERE user_id = $1`, [
        key.userId,
        after - before,
      ]);
    await m.query(`UPDATE practice_scores SET awarded = $3 WHERE user_id = $1 AND problem_id = $2`, [
      key.userId,
      key.problemId,
      solve.after ? points : after,
    ]);
  }
}
