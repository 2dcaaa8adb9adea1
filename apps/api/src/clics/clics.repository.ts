import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ExecutionResult } from '@javelin/contracts';
import { DataSource } from 'typeorm';

export interface ClicsContestRow {
  id: string;
  title: string;
  startTime: Date;
  endTime: Date;
  penaltyMinutes: number;
  freezeMinutes: number;
  unfrozenAt: Date | null;
  finalizedAt: Date | null;
  createdAt: Date;
}

export interface ClicsProblemRow {
  id: string;
  title: string;
  position: number;
  timeLimitMs: number | null;
  testCount: number;
  /** A hidden problem is named to the public only from the contest's start (issue 47). */
  isVisible: boolean;
}

export interface ClicsOrganizationRow {
  id: string;
  name: string;
  formalName: string | null;
  country: string | null;
}

export interface ClicsTeamRow {
  id: string;
  username: string;
  fullName: string;
  joinedAt: Date;
  organization: ClicsOrganizationRow | null;
}

/** A submit in the contest: in Javelin one row is both the submission and its (final) judgement. */
export interface ClicsJudgementRow {
  id: string;
  userId: string;
  problemId: string;
  createdAt: Date;
  verdict: string;
  maxTimeMs: number;
  /** Per-test results: read for admins only (runs). */
  results: ExecutionResult[] | null;
}

export interface ClicsClarificationRow {
  id: string;
  userId: string;
  problemId: string | null;
  question: string;
  answer: string | null;
  isPublic: boolean;
  answeredAt: Date | null;
  createdAt: Date;
}

/** Teams are the contest's participants who are not admins (an admin's own tries never count as a team's). */
const TEAM_IDS = `
  SELECT cp.user_id FROM contest_participants cp
   WHERE cp.contest_id = $1
     AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = cp.user_id AND r.role IN ('admin', 'super_admin'))`;

/** The SQL behind the CLICS Contest API: only ICPC contests are served. */
@Injectable()
export class ClicsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async icpcContestIds(): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM contests WHERE format = 'icpc' ORDER BY start_time, id`,
    );
    return rows.map((r) => r.id);
  }

  async contest(id: string): Promise<ClicsContestRow | null> {
    const [row]: Record<string, unknown>[] = await this.db.query(
      `SELECT id, title, start_time, end_time, penalty_minutes, freeze_minutes, unfrozen_at, finalized_at, created_at
         FROM contests WHERE id = $1 AND format = 'icpc'`,
      [id],
    );
    if (!row) return null;
    return {
      id: row.id as string,
      title: row.title as string,
      startTime: row.start_time as Date,
      endTime: row.end_time as Date,
      penaltyMinutes: row.penalty_minutes as number,
      freezeMinutes: row.freeze_minutes as number,
      unfrozenAt: (row.unfrozen_at as Date | null) ?? null,
      finalizedAt: (row.finalized_at as Date | null) ?? null,
      createdAt: row.created_at as Date,
    };
  }

  async problems(contestId: string): Promise<ClicsProblemRow[]> {
    const rows: {
      id: string;
      title: string;
      position: number;
      time_limit_ms: number | null;
      test_count: number;
      is_visible: boolean;
    }[] = await this.db.query(
      `SELECT p.id, p.title, cp.position, p.time_limit_ms, p.is_visible,
              (SELECT count(*)::int FROM test_cases t WHERE t.problem_id = p.id) AS test_count
         FROM contest_problems cp JOIN problems p ON p.id = cp.problem_id
        WHERE cp.contest_id = $1 ORDER BY cp.position`,
      [contestId],
    );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      position: r.position,
      timeLimitMs: r.time_limit_ms,
      testCount: r.test_count,
      isVisible: r.is_visible,
    }));
  }

  async teams(contestId: string): Promise<ClicsTeamRow[]> {
    const rows: {
      id: string;
      username: string;
      full_name: string;
      joined_at: Date;
      org_id: string | null;
      org_name: string | null;
      org_formal_name: string | null;
      org_country: string | null;
    }[] = await this.db.query(
      `SELECT u.id, u.username, u.full_name, cp.joined_at,
              o.id AS org_id, o.name AS org_name, o.formal_name AS org_formal_name, o.country AS org_country
         FROM contest_participants cp JOIN users u ON u.id = cp.user_id
         LEFT JOIN profiles pr ON pr.user_id = u.id
         LEFT JOIN organizations o ON o.id = pr.organization_id
        WHERE cp.contest_id = $1 AND cp.user_id IN (${TEAM_IDS})
        ORDER BY cp.joined_at, u.id`,
      [contestId],
    );
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      fullName: r.full_name,
      joinedAt: r.joined_at,
      organization: r.org_id
        ? {
            id: r.org_id,
            name: r.org_name!,
            formalName: r.org_formal_name,
            country: r.org_country?.trim() ?? null,
          }
        : null,
    }));
  }

  /** The teams' submits on the contest's problems, oldest first; `withResults` reads the per-test results. */
  async judgements(contestId: string, withResults: boolean): Promise<ClicsJudgementRow[]> {
    return this.teamJudgements(contestId, withResults ? 'j.results' : 'NULL::jsonb AS results');
  }

  /**
   * The teams' submits without their per-test results, each with its row version (`xmin`: a rejudge
   * changes it), so the event log's sync reads the results of the new and changed ones only.
   */
  async judgementVersions(contestId: string): Promise<(ClicsJudgementRow & { version: string })[]> {
    return this.teamJudgements(contestId, 'NULL::jsonb AS results, j.xmin::text AS version');
  }

  private async teamJudgements<Row extends ClicsJudgementRow>(
    contestId: string,
    extra: string,
  ): Promise<Row[]> {
    const rows: {
      id: string;
      user_id: string;
      problem_id: string;
      created_at: Date;
      verdict: string;
      max_time_ms: number;
      results: ExecutionResult[] | null;
      version?: string;
    }[] = await this.db.query(
      `SELECT j.id, j.user_id, j.problem_id, j.created_at, j.verdict, j.max_time_ms, ${extra}
         FROM judgements j
         JOIN contest_problems cp ON cp.contest_id = j.contest_id AND cp.problem_id = j.problem_id
        WHERE j.contest_id = $1 AND j.all_tests AND j.user_id IN (${TEAM_IDS})
        ORDER BY j.created_at, j.id`,
      [contestId],
    );
    return rows.map(
      (r) =>
        ({
          id: r.id,
          userId: r.user_id,
          problemId: r.problem_id,
          createdAt: r.created_at,
          verdict: r.verdict,
          maxTimeMs: r.max_time_ms,
          results: r.results,
          ...(r.version === undefined ? {} : { version: r.version }),
        }) as Row,
    );
  }

  /** The per-test results of some submits of the contest, by id. */
  async results(contestId: string, ids: string[]): Promise<Map<string, ExecutionResult[] | null>> {
    const found = new Map<string, ExecutionResult[] | null>();
    for (let i = 0; i < ids.length; i += 1000) {
      const rows: { id: string; results: ExecutionResult[] | null }[] = await this.db.query(
        `SELECT id, results FROM judgements WHERE contest_id = $1 AND id = ANY($2::uuid[])`,
        [contestId, ids.slice(i, i + 1000)],
      );
      for (const r of rows) found.set(r.id, r.results);
    }
    return found;
  }

  /**
   * A fingerprint of everything a contest's CLICS objects are made of (the contest, its problems and
   * their test counts, its teams and their organizations, the submits and their versions, the
   * clarifications): equal fingerprints, equal objects, so an idle sync stops at this one query.
   */
  async fingerprint(contestId: string): Promise<string | null> {
    const [row]: {
      contest: string | null;
      problems: string;
      teams: string;
      judgements: string;
      clars: string;
    }[] = await this.db.query(
      `SELECT
           (SELECT concat_ws('|', title, start_time, end_time, penalty_minutes, freeze_minutes, unfrozen_at,
                             finalized_at, created_at, format)
              FROM contests WHERE id = $1) AS contest,
           (SELECT count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', p.id, cp.position, p.title, p.time_limit_ms,
                     (SELECT count(*) FROM test_cases t WHERE t.problem_id = p.id)))), 0)
              FROM contest_problems cp JOIN problems p ON p.id = cp.problem_id WHERE cp.contest_id = $1) AS problems,
           (SELECT count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', u.id, u.username, u.full_name, cp.joined_at,
                     o.id, o.name, o.formal_name, o.country))), 0)
              FROM contest_participants cp JOIN users u ON u.id = cp.user_id
              LEFT JOIN profiles pr ON pr.user_id = u.id
              LEFT JOIN organizations o ON o.id = pr.organization_id
             WHERE cp.contest_id = $1 AND cp.user_id IN (${TEAM_IDS})) AS teams,
           (SELECT count(*) || ':' || coalesce(sum(hashtext(j.id::text || ':' || j.xmin::text)), 0)
              FROM judgements j
              JOIN contest_problems cp ON cp.contest_id = j.contest_id AND cp.problem_id = j.problem_id
             WHERE j.contest_id = $1 AND j.all_tests AND j.user_id IN (${TEAM_IDS})) AS judgements,
           (SELECT count(*) || ':' || coalesce(sum(hashtext(c.id::text || ':' || c.xmin::text)), 0)
              FROM contest_clarifications c WHERE c.contest_id = $1) AS clars`,
      [contestId],
    );
    if (!row?.contest) return null;
    return [row.contest, row.problems, row.teams, row.judgements, row.clars].join('#');
  }

  /** The code of one submit of a team in the contest, or null. */
  async code(contestId: string, judgementId: string): Promise<string | null> {
    const [row]: { code: string | null }[] = await this.db.query(
      `SELECT j.code FROM judgements j
        WHERE j.id = $2 AND j.contest_id = $1 AND j.all_tests AND j.user_id IN (${TEAM_IDS})`,
      [contestId, judgementId],
    );
    return row?.code ?? null;
  }

  async clarifications(contestId: string): Promise<ClicsClarificationRow[]> {
    const rows: {
      id: string;
      user_id: string;
      problem_id: string | null;
      question: string;
      answer: string | null;
      is_public: boolean;
      answered_at: Date | null;
      created_at: Date;
    }[] = await this.db.query(
      `SELECT c.id, c.user_id, cp.problem_id, c.question, c.answer, c.is_public, c.answered_at, c.created_at
         FROM contest_clarifications c
         LEFT JOIN contest_problems cp ON cp.contest_id = c.contest_id AND cp.problem_id = c.problem_id
        WHERE c.contest_id = $1 ORDER BY c.created_at, c.id`,
      [contestId],
    );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      problemId: r.problem_id,
      question: r.question,
      answer: r.answer,
      isPublic: r.is_public,
      answeredAt: r.answered_at,
      createdAt: r.created_at,
    }));
  }
}
