import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ContestTeam,
  PlagiarismFragment,
  PlagiarismPair,
  PlagiarismPairDetail,
  PlagiarismStatus,
} from '@javelin/contracts';
import { DataSource } from 'typeorm';
import { returningRows } from '../common/sql';

/** A queued or running check older than this is taken as lost (its worker died with its Redis data) and may be started again. */
const LOST_RUN_AFTER = '1 hour';

export interface ReportRow {
  runId: string;
  status: Exclude<PlagiarismStatus, 'idle'>;
  done: number;
  total: number;
  threshold: number;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface ContestProblemSource {
  problemId: string;
  boilerplate: string;
}

export interface AcceptedSolution {
  submissionId: string;
  userId: string;
  code: string;
}

export interface FoundPair {
  problemId: string;
  a: AcceptedSolution;
  b: AcceptedSolution;
  similarity: number;
  fragments: PlagiarismFragment[];
}

interface PairRecord {
  id: string;
  problem_id: string;
  problem_title: string;
  user_a: string;
  user_b: string;
  username_a: string;
  username_b: string;
  similarity: number;
  submission_a: string;
  submission_b: string;
  team_a: ContestTeam | null;
  team_b: ContestTeam | null;
}

/** A contest package's team account (issue 43) as the boards show it: label, team name, organization. */
const teamOf = (side: 'a' | 'b') =>
  `(SELECT json_build_object('label', ct.label, 'name', coalesce(ct.display_name, ct.name), 'organization', co.name)
      FROM contest_teams ct
      LEFT JOIN contest_organizations co ON co.contest_id = ct.contest_id AND co.clics_id = ct.organization_id
     WHERE ct.contest_id = pp.contest_id AND ct.user_id = pp.user_${side}) AS team_${side}`;

const PAIR_COLUMNS = `pp.id, pp.problem_id, p.title AS problem_title, pp.user_a, pp.user_b,
  ua.username AS username_a, ub.username AS username_b, pp.similarity, pp.submission_a, pp.submission_b,
  ${teamOf('a')}, ${teamOf('b')}`;
const PAIR_FROM = `plagiarism_pairs pp
  JOIN problems p ON p.id = pp.problem_id
  JOIN users ua ON ua.id = pp.user_a
  JOIN users ub ON ub.id = pp.user_b`;

function toPair(r: PairRecord): PlagiarismPair {
  return {
    id: r.id,
    problemId: r.problem_id,
    problemTitle: r.problem_title,
    userA: r.user_a,
    userB: r.user_b,
    usernameA: r.username_a,
    usernameB: r.username_b,
    similarity: Number(r.similarity),
    submissionA: r.submission_a,
    submissionB: r.submission_b,
    ...(r.team_a ? { teamA: r.team_a } : {}),
    ...(r.team_b ? { teamB: r.team_b } : {}),
  };
}

/** The SQL of plagiarism reports: their state, the solutions they compare and the pairs they found. */
@Injectable()
export class PlagiarismRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Queues a new run unless one is queued or running (atomically, so simultaneous starts queue one).
   * Returns the run's id, or null when another run is under way.
   */
  async start(contestId: string, runId: string, threshold: number): Promise<string | null> {
    const rows = await returningRows<{ run_id: string }>(
      this.db.manager,
      `INSERT INTO plagiarism_reports (contest_id, run_id, status, threshold)
       VALUES ($1, $2, 'queued', $3)
       ON CONFLICT (contest_id) DO UPDATE
         SET run_id = EXCLUDED.run_id, status = 'queued', done = 0, total = 0, threshold = EXCLUDED.threshold,
             error = NULL, started_at = now(), finished_at = NULL
         WHERE plagiarism_reports.status NOT IN ('queued', 'running')
            OR plagiarism_reports.started_at < now() - interval '${LOST_RUN_AFTER}'
       RETURNING run_id`,
      [contestId, runId, threshold],
    );
    return rows[0]?.run_id ?? null;
  }

  async report(contestId: string): Promise<ReportRow | null> {
    const rows: {
      run_id: string;
      status: ReportRow['status'];
      done: number;
      total: number;
      threshold: number;
      error: string | null;
      started_at: Date;
      finished_at: Date | null;
    }[] = await this.db.query(
      `SELECT run_id, status, done, total, threshold, error, started_at, finished_at FROM plagiarism_reports WHERE contest_id = $1`,
      [contestId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      runId: r.run_id,
      status: r.status,
      done: r.done,
      total: r.total,
      threshold: Number(r.threshold),
      error: r.error,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
    };
  }

  /** Moves this run on (status, progress); false when a newer run replaced it. */
  async progress(contestId: string, runId: string, done: number, total: number): Promise<boolean> {
    const rows = await returningRows<{ contest_id: string }>(
      this.db.manager,
      `UPDATE plagiarism_reports SET status = 'running', done = $3, total = $4
        WHERE contest_id = $1 AND run_id = $2 RETURNING contest_id`,
      [contestId, runId, done, total],
    );
    return rows.length > 0;
  }

  async fail(contestId: string, runId: string, error: string): Promise<void> {
    await this.db.query(
      `UPDATE plagiarism_reports SET status = 'failed', error = $3, finished_at = now() WHERE contest_id = $1 AND run_id = $2`,
      [contestId, runId, error],
    );
  }

  /** Replaces the contest's pairs with this run's and marks it done, in one transaction. */
  async finish(contestId: string, runId: string, pairs: FoundPair[]): Promise<void> {
    await this.db.transaction(async (m) => {
      const current = await returningRows<{ contest_id: string }>(
        m,
        `UPDATE plagiarism_reports SET status = 'done', done = total, finished_at = now()
          WHERE contest_id = $1 AND run_id = $2 RETURNING contest_id`,
        [contestId, runId],
      );
      if (current.length === 0) return;
      await m.query(`DELETE FROM plagiarism_pairs WHERE contest_id = $1`, [contestId]);
      if (pairs.length === 0) return;
      const records = pairs.map((p) => ({
        problem_id: p.problemId,
        user_a: p.a.userId,
        user_b: p.b.userId,
        submission_a: p.a.submissionId,
        submission_b: p.b.submissionId,
        similarity: p.similarity,
        fragments: p.fragments,
      }));
      await m.query(
        `INSERT INTO plagiarism_pairs (contest_id, problem_id, user_a, user_b, submission_a, submission_b, similarity, fragments)
         SELECT $1, x.problem_id, x.user_a, x.user_b, x.submission_a, x.submission_b, x.similarity, x.fragments
           FROM jsonb_to_recordset($2::jsonb) AS x(problem_id uuid, user_a uuid, user_b uuid, submission_a uuid,
                                                   submission_b uuid, similarity real, fragments jsonb)`,
        [contestId, JSON.stringify(records)],
      );
    });
  }

  /** Most similar first. */
  async pairs(contestId: string): Promise<PlagiarismPair[]> {
    const rows: PairRecord[] = await this.db.query(
      `SELECT ${PAIR_COLUMNS} FROM ${PAIR_FROM} WHERE pp.contest_id = $1 ORDER BY pp.similarity DESC, pp.id`,
      [contestId],
    );
    return rows.map(toPair);
  }

  async pair(contestId: string, pairId: string): Promise<PlagiarismPairDetail | null> {
    const rows: (PairRecord & { code_a: string; code_b: string; fragments: PlagiarismFragment[] })[] =
      await this.db.query(
        `SELECT ${PAIR_COLUMNS}, pp.fragments, sa.code AS code_a, sb.code AS code_b
           FROM ${PAIR_FROM}
           JOIN submissions sa ON sa.id = pp.submission_a
           JOIN submissions sb ON sb.id = pp.submission_b
          WHERE pp.contest_id = $1 AND pp.id = $2`,
        [contestId, pairId],
      );
    const r = rows[0];
    if (!r) return null;
    return { ...toPair(r), codeA: r.code_a, codeB: r.code_b, fragments: r.fragments };
  }

  /** The contest's problems in order, with the boilerplate every solution starts from. */
  async problems(contestId: string): Promise<ContestProblemSource[]> {
    const rows: { problem_id: string; boilerplate_code: string }[] = await this.db.query(
      `SELECT cp.problem_id, p.boilerplate_code FROM contest_problems cp JOIN problems p ON p.id = cp.problem_id
        WHERE cp.contest_id = $1 ORDER BY cp.position`,
      [contestId],
    );
    return rows.map((r) => ({ problemId: r.problem_id, boilerplate: r.boilerplate_code }));
  }

  /** Each participant's latest accepted solution of a problem in the contest. */
  async acceptedSolutions(contestId: string, problemId: string): Promise<AcceptedSolution[]> {
    const rows: { id: string; user_id: string; code: string }[] = await this.db.query(
      `SELECT DISTINCT ON (user_id) id, user_id, code FROM submissions
        WHERE contest_id = $1 AND problem_id = $2 AND status = 'accepted'
        ORDER BY user_id, created_at DESC, id`,
      [contestId, problemId],
    );
    return rows.map((r) => ({ submissionId: r.id, userId: r.user_id, code: r.code }));
  }
}
