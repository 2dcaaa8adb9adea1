import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContestFormat, ContestLeaderboardEntry, ScoreboardCell } from '@javelin/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { contestMinuteSql } from './ranking';
import { REFRESH_CELLS, REFRESH_SCORES } from './standings-refresh.sql';

/** Which results a standings read shows: all of them, or only those from before the freeze. */
export type StandingsView = 'real' | 'frozen';

/**
 * A participant's standing without its rank (the place it is shown at) and its cells (read per
 * page): what ranking and placing a row need, with the time that breaks its ties (kept off the wire).
 */
export interface BoardRow {
  entry: Omit<ContestLeaderboardEntry, 'rank' | 'cells'>;
  /** The tie-breaking time as StandingKey has it: ICPC, the last accept's contest minute; points, epoch ms. */
  lastAt: number | null;
  /**
   * ICPC and IOI contests: the rank, shared by the rows the ranking rule ties (compareStandings: IOI's
   * equal scores, issue 31; ICPC's equal solved, penalty and last accept minute); points: none, rows
   * are ranked by their place.
   */
  sharedRank?: number;
}

/** What a standings read needs to know of its contest. */
export interface BoardContest {
  id: string;
  format: ContestFormat;
}

interface ScoreRow {
  user_id: string;
  username: string;
  full_name: string;
  score: number;
  problems_solved: number;
  penalty: number;
  /** The tie-breaking time as BoardRow has it (numbers, so no dates are parsed per row). */
  last_at: number | null;
  old_rating: number | null;
  new_rating: number | null;
  shared_rank?: string | number | null;
  organization_id: string | null;
  organization_name: string | null;
  team_label?: string | null;
  team_groups?: { id: string; name: string }[] | null;
}

/** A cell as read for the wire: minutes from the start instead of the accept's time. */
interface CellRow {
  user_id: string;
  problem_id: string;
  attempts: number;
  accepted_minutes: number | null;
  pending: number;
  /** The IOI cell score (null outside IOI contests); named apart from a row's total `score`. */
  cell_score: number | null;
}

/** problemId → the user who accepted it first. */
export type FirstSolvers = Map<string, string>;

/** Both views read the same rows through these column sets. */
const VIEW_COLUMNS: Record<
  StandingsView,
  { score: string; solved: string; penalty: string; improved: string; accepted: string }
> = {
  real: {
    score: 's.score',
    solved: 's.problems_solved',
    penalty: 's.penalty',
    improved: 's.last_improved_at',
    accepted: 's.last_accepted_at',
  },
  frozen: {
    score: 's.visible_score',
    solved: 's.visible_solved',
    penalty: 's.visible_penalty',
    improved: 's.visible_last_improved_at',
    accepted: 's.visible_last_accepted_at',
  },
};

/**
 * The time that breaks a tie in `view`, as BoardRow.lastAt has it: ICPC, the last accept's whole minute
 * from the contest's start (`c`, the contests row; ranking.ts contestMinute); points, the last
 * score-raising accept in epoch milliseconds. IOI has none.
 */
function tieTime(format: ContestFormat, view: StandingsView): string {
  const c = VIEW_COLUMNS[view];
  return format === 'icpc' ? contestMinuteSql(c.accepted, 'c.start_time') : epochMs(c.improved);
}

/**
 * What ranks a row, best first (compareStandings in SQL). Points: score, then the earlier last
 * score-raising accept. ICPC: solved, less penalty, the earlier last accept's minute. IOI: score alone.
 */
function rankOrder(format: ContestFormat, view: StandingsView): string {
  const c = VIEW_COLUMNS[view];
  if (format === 'ioi') return `${c.score} DESC`;
  return format === 'icpc'
    ? `${c.solved} DESC, ${c.penalty} ASC, ${tieTime(format, view)} ASC NULLS LAST`
    : `${c.score} DESC, ${tieTime(format, view)} ASC NULLS LAST`;
}

/** The board's order: the ranking rule, then the user id within a tie (those share a rank: sharedRankSql). */
function orderBy(format: ContestFormat, view: StandingsView): string {
  return `${rankOrder(format, view)}, s.user_id ASC`;
}

/** ICPC and IOI: the rank shared by tied rows (1, 1, 3), over every row of the board; points: none. */
function sharedRankSql(format: ContestFormat, view: StandingsView): string {
  return format === 'points' ? 'NULL' : `rank() OVER (ORDER BY ${rankOrder(format, view)})`;
}

/**
 * The lock that orders a participant's standings refreshes in a contest (until the transaction ends),
 * as SQL of two text parameters (the contest's and the user's ids, as given): refreshParticipant
 * takes it, unless the statement that wrote the try took it already (one round trip less, issue 35).
 */
export function participantLock(contestParam: string, userParam: string): string {
  return `pg_advisory_xact_lock(hashtextextended(${contestParam} || ':' || ${userParam}, 20))`;
}

/**
 * `insert` (an INSERT … RETURNING id with `values` as its parameters) that also takes the participant's
 * lock (participantLock) when it inserted a row: one statement, its rows are the inserted ids.
 */
export function insertTakingParticipantLock(
  insert: string,
  values: readonly unknown[],
  participant: { contestId: string; userId: string },
): [sql: string, values: unknown[]] {
  const n = values.length;
  return [
    `WITH inserted AS (${insert}) SELECT inserted.id, ${participantLock(`$${n + 1}`, `$${n + 2}`)} FROM inserted`,
    [...values, participant.contestId, participant.userId],
  ];
}

/**
 * The SQL of the maintained standings: `contest_cells` (one row per participant and problem) and
 * `contest_scores` (one row per participant), both recomputed from judgements and solves inside the
 * transaction that changed them, so reads never rescan submissions.
 */
@Injectable()
export class StandingsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Recomputes one participant's cell for one problem and their totals, inside the transaction `m`
   * that just recorded a judgement or a solve. A per-participant lock orders concurrent changes: the
   * last to take it recomputes after the others committed, so the table always ends equal to a recount.
   */
  async refreshParticipant(
    m: EntityManager,
    contestId: string,
    userId: string,
    problemId: string | null,
    /** The transaction already holds the participant's lock (participantLock, taken by its own insert). */
    locked = false,
  ): Promise<void> {
    if (!locked) await m.query(`SELECT ${participantLock('$1', '$2')}`, [contestId, userId]);
    await m.query(REFRESH_CELLS, [contestId, userId, problemId]);
    await m.query(REFRESH_SCORES, [contestId, userId]);
  }

  /** Recomputes every cell and total of a contest (after its end or freeze moved, and for recounts). */
  async refreshContest(m: EntityManager, contestId: string): Promise<void> {
    await m.query(`SELECT id FROM contests WHERE id = $1 FOR UPDATE`, [contestId]);
    await m.query(REFRESH_CELLS, [contestId, null, null]);
    await m.query(REFRESH_SCORES, [contestId, null]);
  }

  async boardContest(contestId: string): Promise<(BoardContest & { frozen: boolean }) | null> {
    const [row]: { id: string; format: ContestFormat; frozen: boolean }[] = await this.db.query(
      `SELECT id, format, (freeze_minutes > 0 AND unfrozen_at IS NULL) AS frozen FROM contests WHERE id = $1`,
      [contestId],
    );
    return row ?? null;
  }

  /**
   * Rows of the standings in `view`, best first, each with (once rated) its rating change. The
   * points format lists participants with at least one accept, as the spec's leaderboard does;
   * ICPC and IOI list everyone with a counted try (IOI's equal scores share a rank: `sharedRank`).
   */
  async rows(contest: BoardContest, view: StandingsView, limit: number, offset: number): Promise<BoardRow[]> {
    const c = VIEW_COLUMNS[view];
    const rows: ScoreRow[] = await this.db.query(
      `SELECT s.user_id, u.username, u.full_name, ${c.score} AS score, ${c.solved} AS problems_solved, ${c.penalty} AS penalty,
              ${tieTime(contest.format, view)} AS last_at, rc.old_rating, rc.new_rating,
              ${sharedRankSql(contest.format, view)} AS shared_rank, ${ORGANIZATION_COLUMNS}
         FROM contest_scores s JOIN users u ON u.id = s.user_id JOIN contests c ON c.id = s.contest_id ${ORGANIZATION_JOIN}
         LEFT JOIN rating_changes rc ON rc.contest_id = s.contest_id AND rc.user_id = s.user_id
        WHERE s.contest_id = $1 ${listsEveryone(contest.format) ? '' : `AND ${c.solved} > 0`} ${NOT_HIDDEN}
        ORDER BY ${orderBy(contest.format, view)}
        LIMIT $2 OFFSET $3`,
      [contest.id, limit, offset],
    );
    return rows.map((r) => boardRow(contest, r));
  }

  /**
   * One participant's real row and cells (placed by the caller), or null without a row, in one
   * query. `firsts` marks first solves: pass the frozen ones during a freeze, so a post-freeze accept
   * is never marked (that would tell about the others).
   */
  async ownRow(
    contest: BoardContest,
    userId: string,
    firsts: FirstSolvers,
  ): Promise<{ row: BoardRow; cells: ScoreboardCell[] } | null> {
    const c = VIEW_COLUMNS.real;
    const rows: (ScoreRow & Partial<CellRow>)[] = await this.db.query(
      `SELECT s.user_id, u.username, u.full_name, ${c.score} AS score, ${c.solved} AS problems_solved, ${c.penalty} AS penalty,
              ${tieTime(contest.format, 'real')} AS last_at, NULL::int AS old_rating, NULL::int AS new_rating,
              cc.problem_id, cc.attempts, ${CELL_MINUTES('cc.accepted_at')} AS accepted_minutes, 0 AS pending,
              ${contest.format === 'ioi' ? 'cc.score' : 'NULL'} AS cell_score, ${ORGANIZATION_COLUMNS}
         FROM contest_scores s JOIN users u ON u.id = s.user_id JOIN contests c ON c.id = s.contest_id ${ORGANIZATION_JOIN}
         LEFT JOIN (contest_cells cc JOIN contest_problems cp ON cp.contest_id = cc.contest_id AND cp.problem_id = cc.problem_id)
                ON cc.contest_id = s.contest_id AND cc.user_id = s.user_id
        WHERE s.contest_id = $1 AND s.user_id = $2 ${listsEveryone(contest.format) ? '' : `AND ${c.solved} > 0`}
          ${NOT_HIDDEN}
        ORDER BY cp.position`,
      [contest.id, userId],
    );
    if (rows.length === 0) return null;
    const cells = rows.flatMap((r) => (r.problem_id ? [cellOf(r as CellRow, firsts)] : []));
    return { row: boardRow(contest, rows[0]), cells };
  }

  /**
   * problemId → the user who accepted it first in `view`, among the ranked: a hidden team (issue 43)
   * is never first, the first solve is the next team's. One index walk per problem.
   */
  async firstSolvers(contestId: string, view: StandingsView): Promise<FirstSolvers> {
    const column = view === 'frozen' ? 'visible_accepted_at' : 'accepted_at';
    const rows: { problem_id: string; user_id: string }[] = await this.db.query(
      `SELECT cp.problem_id, f.user_id FROM contest_problems cp
         CROSS JOIN LATERAL (
           SELECT cc.user_id FROM contest_cells cc
             LEFT JOIN contest_teams ct ON ct.contest_id = cc.contest_id AND ct.user_id = cc.user_id
            WHERE cc.contest_id = cp.contest_id AND cc.problem_id = cp.problem_id AND cc.${column} IS NOT NULL
              ${NOT_HIDDEN}
            ORDER BY cc.${column}, cc.user_id LIMIT 1) f
        WHERE cp.contest_id = $1`,
      [contestId],
    );
    return new Map(rows.map((r) => [r.problem_id, r.user_id]));
  }

  /**
   * The cells of `userIds` in `view`, in contest order (problems no longer in the contest left out),
   * minutes from the start worked out by PostgreSQL (as the penalty is), first solves from `firsts`.
   */
  async cellsOf(
    contestId: string,
    view: StandingsView,
    userIds: string[],
    firsts: FirstSolvers,
  ): Promise<Map<string, ScoreboardCell[]>> {
    const byUser = new Map<string, ScoreboardCell[]>();
    if (userIds.length === 0) return byUser;
    const frozen = view === 'frozen';
    const rows: CellRow[] = await this.db.query(
      `SELECT cc.user_id, cc.problem_id, ${frozen ? 'cc.visible_attempts' : 'cc.attempts'} AS attempts,
              ${CELL_MINUTES(frozen ? 'cc.visible_accepted_at' : 'cc.accepted_at')} AS accepted_minutes,
              ${frozen ? 'cc.pending' : '0'} AS pending,
              CASE WHEN c.format = 'ioi' THEN ${frozen ? 'cc.visible_score' : 'cc.score'} END AS cell_score
         FROM contest_cells cc JOIN contests c ON c.id = cc.contest_id
         JOIN contest_problems cp ON cp.contest_id = cc.contest_id AND cp.problem_id = cc.problem_id
        WHERE cc.contest_id = $1 AND cc.user_id = ANY($2)
        ORDER BY cc.user_id, cp.position`,
      [contestId, userIds],
    );
    for (const row of rows) {
      const cell = cellOf(row, firsts);
      const list = byUser.get(row.user_id);
      if (list) list.push(cell);
      else byUser.set(row.user_id, [cell]);
    }
    return byUser;
  }
}

/** Whole minutes from the contest's start (`c`) to an accept, as the ICPC penalty counts them; null without one. */
const CELL_MINUTES = (acceptedAt: string) => contestMinuteSql(acceptedAt, 'c.start_time');

function cellOf(row: CellRow, firsts: FirstSolvers): ScoreboardCell {
  return {
    problemId: row.problem_id,
    attempts: row.attempts,
    acceptedAtMinutes: row.accepted_minutes,
    pending: row.pending,
    firstSolve: row.accepted_minutes !== null && firsts.get(row.problem_id) === row.user_id,
    ...(row.cell_score === null || row.cell_score === undefined ? {} : { score: row.cell_score }),
  };
}

/** The formats whose boards list everyone with a counted try, not only those with an accept. */
function listsEveryone(format: ContestFormat): boolean {
  return format === 'icpc' || format === 'ioi';
}

/**
 * A participant's organization (issue 32), named on their profile: for the board's filter. A contest
 * package's team (issue 43) shows its package's organization (by its package id), label and groups.
 */
const ORGANIZATION_COLUMNS = `CASE WHEN ct.clics_id IS NULL THEN o.id::text ELSE co.clics_id END AS organization_id,
  CASE WHEN ct.clics_id IS NULL THEN o.name ELSE co.name END AS organization_name, ct.label AS team_label,
  (SELECT json_agg(json_build_object('id', g.clics_id, 'name', g.name) ORDER BY g.clics_id) FROM contest_groups g
    WHERE g.contest_id = ct.contest_id AND g.clics_id = ANY(ct.group_ids)) AS team_groups`;
const ORGANIZATION_JOIN = `LEFT JOIN profiles pr ON pr.user_id = s.user_id LEFT JOIN organizations o ON o.id = pr.organization_id
  LEFT JOIN contest_teams ct ON ct.contest_id = s.contest_id AND ct.user_id = s.user_id
  LEFT JOIN contest_organizations co ON co.contest_id = ct.contest_id AND co.clics_id = ct.organization_id`;
/** A package's hidden team (by itself or a hidden group, issue 43) is on no board and never ranked. */
const NOT_HIDDEN = `AND NOT coalesce(ct.hidden OR EXISTS (SELECT 1 FROM contest_groups hg
  WHERE hg.contest_id = ct.contest_id AND hg.clics_id = ANY(ct.group_ids) AND hg.hidden), false)`;

/** A timestamp column as epoch milliseconds (a float: PostgreSQL keeps microseconds). */
function epochMs(column: string): string {
  return `(extract(epoch FROM ${column}) * 1000)::float8`;
}

function boardRow(contest: BoardContest, r: ScoreRow): BoardRow {
  return {
    entry: {
      userId: r.user_id,
      username: r.username,
      fullName: r.full_name,
      score: r.score,
      problemsSolved: r.problems_solved,
      ...(contest.format === 'icpc' ? { penalty: r.penalty } : {}),
      ...(r.old_rating !== null && r.new_rating !== null
        ? { ratingBefore: r.old_rating, ratingAfter: r.new_rating }
        : {}),
      ...(r.organization_id && r.organization_name
        ? { organization: { id: r.organization_id, name: r.organization_name } }
        : {}),
      ...(r.team_label ? { label: r.team_label } : {}),
      ...(r.team_groups?.length ? { groups: r.team_groups } : {}),
    },
    lastAt: r.last_at,
    ...(r.shared_rank === null || r.shared_rank === undefined ? {} : { sharedRank: Number(r.shared_rank) }),
  };
}
