import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { TestGroup } from '@javelin/contracts';
import { DataSource } from 'typeorm';
import { returningRows } from '../common/sql';
import { bestGroupsCtes } from './group-scores.sql';
import type { RealCell, VirtualTry } from './virtual-board';

/** A virtual run as stored. */
export interface VirtualRunRow {
  id: string;
  contestId: string;
  userId: string;
  startedAt: Date;
  endsAt: Date;
}

interface RunRecord {
  id: string;
  contest_id: string;
  user_id: string;
  started_at: Date;
  ends_at: Date;
}

const toRun = (r: RunRecord): VirtualRunRow => ({
  id: r.id,
  contestId: r.contest_id,
  userId: r.user_id,
  startedAt: r.started_at,
  endsAt: r.ends_at,
});

const RUN_COLUMNS = 'id, contest_id, user_id, started_at, ends_at';

/**
 * Every real participant's cell as it stood at $2 (a moment of the contest), built as the maintained
 * cells are (standings-refresh.sql.ts REFRESH_CELLS) from the contest's judgements and solves up to then.
 * $3 is the freeze (infinity without one): the visible columns count only what came before it, and
 * `pending` the tries at or after it up to the accept.
 */
const CELLS_AT = `
  WITH s AS (
    SELECT user_id, problem_id, solved_at, points FROM solved_problems
     WHERE contest_id = $1 AND solved_at <= $2
  ), j AS (
    SELECT user_id, problem_id, created_at, verdict, groups FROM judgements
     WHERE contest_id = $1 AND all_tests AND verdict <> 'compilation_error' AND created_at <= $2
  ), ${bestGroupsCtes('$3')}, keys AS (
    SELECT user_id, problem_id FROM j UNION SELECT user_id, problem_id FROM s
  )
  SELECT k.user_id, k.problem_id, s.solved_at, COALESCE(s.points, 0)::int AS points,
         COALESCE(b.score, CASE WHEN s.solved_at IS NOT NULL THEN s.points ELSE 0 END)::int AS score,
         COALESCE(b.visible_score, CASE WHEN s.solved_at < $3 THEN s.points ELSE 0 END)::int AS visible_score,
         count(j.created_at) FILTER (WHERE j.verdict <> 'accepted' AND (s.solved_at IS NULL OR j.created_at < s.solved_at))::int AS attempts,
         count(j.created_at) FILTER (WHERE j.verdict <> 'accepted' AND j.created_at < $3
                                       AND (s.solved_at IS NULL OR j.created_at < s.solved_at))::int AS visible_attempts,
         count(j.created_at) FILTER (WHERE j.created_at >= $3 AND (s.solved_at IS NULL OR j.created_at <= s.solved_at))::int AS pending
    FROM keys k
    LEFT JOIN s ON s.user_id = k.user_id AND s.problem_id = k.problem_id
    LEFT JOIN j ON j.user_id = k.user_id AND j.problem_id = k.problem_id
    LEFT JOIN best b ON b.user_id = k.user_id AND b.problem_id = k.problem_id
   GROUP BY k.user_id, k.problem_id, s.solved_at, s.points, b.score, b.visible_score`;

/** The SQL of virtual runs: the runs themselves, their tries, and the real cells at a moment of the contest. */
@Injectable()
export class VirtualRunsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Starts a run unless the user has one running (in any contest) at `now`. A per-user lock orders
   * simultaneous starts, so of two at once exactly one finds no run and inserts.
   */
  start(run: Omit<VirtualRunRow, 'id'>, now: Date): Promise<VirtualRunRow | 'in-progress'> {
    return this.db.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('virtual-run:' || $1, 21))`, [run.userId]);
      const running: { id: string }[] = await m.query(
        `SELECT id FROM virtual_runs WHERE user_id = $1 AND started_at <= $2 AND ends_at > $2 LIMIT 1`,
        [run.userId, now],
      );
      if (running.length > 0) return 'in-progress' as const;
      const [row]: RunRecord[] = await m.query(
        `INSERT INTO virtual_runs (contest_id, user_id, started_at, ends_at) VALUES ($1, $2, $3, $4) RETURNING ${RUN_COLUMNS}`,
        [run.contestId, run.userId, run.startedAt, run.endsAt],
      );
      return toRun(row);
    });
  }

  /** The user's latest run of the contest, running or not. */
  async latest(contestId: string, userId: string): Promise<VirtualRunRow | null> {
    const [row]: RunRecord[] = await this.db.query(
      `SELECT ${RUN_COLUMNS} FROM virtual_runs WHERE contest_id = $1 AND user_id = $2 ORDER BY started_at DESC LIMIT 1`,
      [contestId, userId],
    );
    return row ? toRun(row) : null;
  }

  /** The user's run of the contest that is running at `now` (from its start until, not at, its end). */
  async running(contestId: string, userId: string, now: Date): Promise<VirtualRunRow | null> {
    const [row]: RunRecord[] = await this.db.query(
      `SELECT ${RUN_COLUMNS} FROM virtual_runs
        WHERE contest_id = $1 AND user_id = $2 AND started_at <= $3 AND ends_at > $3
        ORDER BY started_at DESC LIMIT 1`,
      [contestId, userId, now],
    );
    return row ? toRun(row) : null;
  }

  /** Ends a running run at `now`; null when it was no longer running. */
  async finish(runId: string, now: Date): Promise<VirtualRunRow | null> {
    const [row] = await returningRows<RunRecord>(
      this.db.manager,
      `UPDATE virtual_runs SET ends_at = $2 WHERE id = $1 AND ends_at > $2 RETURNING ${RUN_COLUMNS}`,
      [runId, now],
    );
    return row ? toRun(row) : null;
  }

  /** True when the user took part in the real contest: joined it, or had a try judged in it. */
  async tookPart(contestId: string, userId: string): Promise<boolean> {
    const [row]: { took_part: boolean }[] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM contest_participants WHERE contest_id = $1 AND user_id = $2)
           OR EXISTS (SELECT 1 FROM judgements WHERE contest_id = $1 AND user_id = $2 AND all_tests) AS took_part`,
      [contestId, userId],
    );
    return row?.took_part ?? false;
  }

  /**
   * The run's counted tries (full judgements, compile errors never count), oldest first, up to `until`
   * (null: all of them, also a try sent before the end and judged just after it, as in a live contest).
   */
  async tries(runId: string, until: Date | null): Promise<VirtualTry[]> {
    const rows: { problem_id: string; verdict: string; created_at: Date; earned: string[] | null }[] =
      await this.db.query(
        `SELECT problem_id, verdict, created_at,
              (SELECT jsonb_agg(e->>'name') FROM jsonb_array_elements(COALESCE(groups, '[]'::jsonb)) e
                WHERE (e->>'earned')::boolean) AS earned
         FROM judgements
        WHERE virtual_run_id = $1 AND all_tests AND verdict <> 'compilation_error' AND ($2::timestamptz IS NULL OR created_at <= $2)
        ORDER BY created_at, id`,
        [runId, until],
      );
    return rows.map((r) => ({
      problemId: r.problem_id,
      accepted: r.verdict === 'accepted',
      at: r.created_at,
      ...(r.earned ? { earned: r.earned } : {}),
    }));
  }

  /** Every real participant's cell at `at`; `freezeAt` null when the standings are not frozen. */
  async realCellsAt(contestId: string, at: Date, freezeAt: Date | null): Promise<RealCell[]> {
    const rows: {
      user_id: string;
      problem_id: string;
      solved_at: Date | null;
      points: number;
      attempts: number;
      visible_attempts: number;
      pending: number;
      score: number;
      visible_score: number;
    }[] = await this.db.query(CELLS_AT, [contestId, at, freezeAt ?? 'infinity']);
    return rows.map((r) => ({
      userId: r.user_id,
      problemId: r.problem_id,
      solvedAt: r.solved_at,
      points: r.points,
      attempts: r.attempts,
      visibleAttempts: r.visible_attempts,
      pending: r.pending,
      score: r.score,
      visibleScore: r.visible_score,
    }));
  }

  /** Problem ids in contest order with their points. */
  async problems(
    contestId: string,
  ): Promise<{ problemId: string; points: number; testGroups: TestGroup[] }[]> {
    const rows: { problem_id: string; points: number; test_groups: TestGroup[] }[] = await this.db.query(
      `SELECT cp.problem_id, cp.points, p.test_groups FROM contest_problems cp JOIN problems p ON p.id = cp.problem_id
        WHERE cp.contest_id = $1 ORDER BY cp.position`,
      [contestId],
    );
    return rows.map((r) => ({ problemId: r.problem_id, points: r.points, testGroups: r.test_groups ?? [] }));
  }

  async names(userIds: string[]): Promise<Map<string, { username: string; fullName: string }>> {
    if (userIds.length === 0) return new Map();
    const rows: { id: string; username: string; full_name: string }[] = await this.db.query(
      `SELECT id, username, full_name FROM users WHERE id = ANY($1)`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.id, { username: r.username, fullName: r.full_name }]));
  }
}
