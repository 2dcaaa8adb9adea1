import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ExecutionResult } from '@javelin/contracts';
import { DataSource } from 'typeorm';
import { shortId } from './clics-format';
import type {
  ClicsClarificationRow,
  ClicsContestRow,
  ClicsGroupRow,
  ClicsJudgementRow,
  ClicsOrganizationRow,
  ClicsProblemRow,
  ClicsTeamRow,
} from './clics-rows';

/** Teams are the contest's participants who are not admins (an admin's own tries never count as a team's). */
/** A package team is hidden by itself or by any of its groups (issue 43). */
const HIDDEN = `coalesce(ct.hidden OR EXISTS (SELECT 1 FROM contest_groups g
   WHERE g.contest_id = ct.contest_id AND g.clics_id = ANY(ct.group_ids) AND g.hidden), false)`;

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

  /** A contest's UUID from the id a reader names it by: its package's id, or the UUID itself. */
  async contestKey(id: string, isUuid: boolean): Promise<string | null> {
    const [row]: { id: string }[] = await this.db.query(
      isUuid
        ? `SELECT id FROM contests WHERE (id = $1::uuid OR clics_id = $2) AND format = 'icpc'
            ORDER BY clics_id IS NOT DISTINCT FROM $2 DESC LIMIT 1`
        : `SELECT id FROM contests WHERE clics_id = $1 AND format = 'icpc'`,
      isUuid ? [id, id] : [id],
    );
    return row?.id ?? null;
  }

  async contest(id: string): Promise<ClicsContestRow | null> {
    const [row]: Record<string, unknown>[] = await this.db.query(
      `SELECT id, clics_id, title, formal_name, start_time, end_time, penalty_minutes, freeze_minutes, unfrozen_at,
              finalized_at, created_at
         FROM contests WHERE id = $1 AND format = 'icpc'`,
      [id],
    );
    if (!row) return null;
    return {
      id: row.id as string,
      clicsId: (row.clics_id as string | null) ?? (row.id as string),
      title: row.title as string,
      formalName: (row.formal_name as string | null) ?? null,
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
      clics_id: string | null;
      label: string | null;
      rgb: string | null;
      title: string;
      position: number;
      time_limit_ms: number | null;
      test_count: number;
      is_visible: boolean;
    }[] = await this.db.query(
      `SELECT p.id, cp.clics_id, cp.label, cp.rgb, p.title, cp.position, p.time_limit_ms, p.is_visible,
              (SELECT count(*)::int FROM test_cases t WHERE t.problem_id = p.id) AS test_count
         FROM contest_problems cp JOIN problems p ON p.id = cp.problem_id
        WHERE cp.contest_id = $1 ORDER BY cp.position`,
      [contestId],
    );
    return rows.map((r) => ({
      id: r.id,
      clicsId: r.clics_id ?? shortId(r.id),
      label: r.label,
      rgb: r.rgb,
      title: r.title,
      position: r.position,
      timeLimitMs: r.time_limit_ms,
      testCount: r.test_count,
      isVisible: r.is_visible,
    }));
  }

  /**
   * The contest's teams: its participants who are not admins (a package team's account goes by its
   * team: id, name, label, organization, groups), then the package's teams without an account.
   */
  async teams(contestId: string): Promise<ClicsTeamRow[]> {
    const rows: {
      id: string;
      user_id: string | null;
      username: string;
      full_name: string;
      display_name: string | null;
      label: string | null;
      joined_at: Date;
      group_ids: string[] | null;
      hidden: boolean;
      org_id: string | null;
      org_clics_id: string | null;
      org_name: string | null;
      org_formal_name: string | null;
      org_country: string | null;
    }[] = await this.db.query(
      `SELECT coalesce(ct.clics_id, u.id::text) AS id, u.id AS user_id, u.username,
              coalesce(ct.name, u.full_name) AS full_name, ct.display_name, ct.label, cp.joined_at, ct.group_ids,
              ${HIDDEN} AS hidden,
              CASE WHEN ct.clics_id IS NULL THEN o.id::text ELSE 'package:' || co.clics_id END AS org_id,
              CASE WHEN ct.clics_id IS NULL THEN left(o.id::text, 13) ELSE co.clics_id END AS org_clics_id,
              CASE WHEN ct.clics_id IS NULL THEN o.name ELSE co.name END AS org_name,
              CASE WHEN ct.clics_id IS NULL THEN o.formal_name ELSE co.formal_name END AS org_formal_name,
              CASE WHEN ct.clics_id IS NULL THEN o.country ELSE co.country END AS org_country
         FROM contest_participants cp JOIN users u ON u.id = cp.user_id
         LEFT JOIN contest_teams ct ON ct.contest_id = cp.contest_id AND ct.user_id = u.id
         LEFT JOIN contest_organizations co ON co.contest_id = ct.contest_id AND co.clics_id = ct.organization_id
         LEFT JOIN profiles pr ON pr.user_id = u.id
         LEFT JOIN organizations o ON o.id = pr.organization_id
        WHERE cp.contest_id = $1 AND cp.user_id IN (${TEAM_IDS})
       UNION ALL
       SELECT ct.clics_id, NULL, ct.clics_id, ct.name, ct.display_name, ct.label, ct.created_at, ct.group_ids,
              ${HIDDEN}, 'package:' || co.clics_id, co.clics_id, co.name, co.formal_name, co.country
         FROM contest_teams ct
         LEFT JOIN contest_organizations co ON co.contest_id = ct.contest_id AND co.clics_id = ct.organization_id
        WHERE ct.contest_id = $1 AND ct.user_id IS NULL
        ORDER BY joined_at, id`,
      [contestId],
    );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      username: r.username,
      fullName: r.full_name,
      displayName: r.display_name,
      label: r.label,
      joinedAt: r.joined_at,
      groupIds: r.group_ids,
      hidden: r.hidden,
      organization:
        r.org_id && r.org_clics_id
          ? {
              id: r.org_id,
              clicsId: r.org_clics_id,
              name: r.org_name!,
              formalName: r.org_formal_name,
              country: r.org_country?.trim() ?? null,
            }
          : null,
    }));
  }

  /** A contest package's organizations (issue 43): every one, whether or not a team names it. */
  async packageOrganizations(contestId: string): Promise<ClicsOrganizationRow[]> {
    const rows: { clics_id: string; name: string; formal_name: string | null; country: string | null }[] =
      await this.db.query(
        `SELECT clics_id, name, formal_name, country FROM contest_organizations WHERE contest_id = $1 ORDER BY clics_id`,
        [contestId],
      );
    return rows.map((r) => ({
      id: `package:${r.clics_id}`,
      clicsId: r.clics_id,
      name: r.name,
      formalName: r.formal_name,
      country: r.country?.trim() ?? null,
    }));
  }

  /** A contest package's groups (issue 43). */
  async packageGroups(contestId: string): Promise<ClicsGroupRow[]> {
    const rows: { clics_id: string; name: string; type: string | null; hidden: boolean }[] =
      await this.db.query(
        `SELECT clics_id, name, type, hidden FROM contest_groups WHERE contest_id = $1 ORDER BY clics_id`,
        [contestId],
      );
    return rows.map((r) => ({ clicsId: r.clics_id, name: r.name, type: r.type, hidden: r.hidden }));
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
      team_id: string;
      problem_id: string;
      problem_clics_id: string;
      created_at: Date;
      verdict: string;
      max_time_ms: number;
      results: ExecutionResult[] | null;
      version?: string;
    }[] = await this.db.query(
      `SELECT j.id, j.user_id, coalesce(ct.clics_id, j.user_id::text) AS team_id, j.problem_id,
              coalesce(cp.clics_id, left(j.problem_id::text, 13)) AS problem_clics_id,
              j.created_at, j.verdict, j.max_time_ms, ${extra}
         FROM judgements j
         JOIN contest_problems cp ON cp.contest_id = j.contest_id AND cp.problem_id = j.problem_id
         LEFT JOIN contest_teams ct ON ct.contest_id = j.contest_id AND ct.user_id = j.user_id
        WHERE j.contest_id = $1 AND j.all_tests AND j.user_id IN (${TEAM_IDS})
        ORDER BY j.created_at, j.id`,
      [contestId],
    );
    return rows.map(
      (r) =>
        ({
          id: r.id,
          userId: r.user_id,
          teamId: r.team_id,
          problemId: r.problem_id,
          problemClicsId: r.problem_clics_id,
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
   * their test counts and visibility, its teams and their organizations, the submits and their versions, the
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
                             finalized_at, created_at, format, clics_id, formal_name)
              FROM contests WHERE id = $1)
             || (SELECT '|' || count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', ct.clics_id, ct.user_id, ct.name,
                       ct.display_name, ct.label, ct.organization_id, ct.group_ids::text, ct.hidden))), 0)
                   FROM contest_teams ct WHERE ct.contest_id = $1)
             || (SELECT '|' || count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', g.clics_id, g.name, g.type, g.hidden))), 0)
                   FROM contest_groups g WHERE g.contest_id = $1)
             || (SELECT '|' || count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', o.clics_id, o.name, o.formal_name, o.country))), 0)
                   FROM contest_organizations o WHERE o.contest_id = $1) AS contest,
           (SELECT count(*) || ':' || coalesce(sum(hashtext(concat_ws('|', p.id, cp.position, cp.clics_id, cp.label, cp.rgb, p.title, p.time_limit_ms, p.is_visible,
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
      team_id: string;
      problem_id: string | null;
      problem_clics_id: string | null;
      question: string;
      answer: string | null;
      is_public: boolean;
      answered_at: Date | null;
      created_at: Date;
    }[] = await this.db.query(
      `SELECT c.id, c.user_id, coalesce(ct.clics_id, c.user_id::text) AS team_id, cp.problem_id,
              coalesce(cp.clics_id, left(cp.problem_id::text, 13)) AS problem_clics_id,
              c.question, c.answer, c.is_public, c.answered_at, c.created_at
         FROM contest_clarifications c
         LEFT JOIN contest_problems cp ON cp.contest_id = c.contest_id AND cp.problem_id = c.problem_id
         LEFT JOIN contest_teams ct ON ct.contest_id = c.contest_id AND ct.user_id = c.user_id
        WHERE c.contest_id = $1 ORDER BY c.created_at, c.id`,
      [contestId],
    );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      teamId: r.team_id,
      problemId: r.problem_id,
      problemClicsId: r.problem_clics_id,
      question: r.question,
      answer: r.answer,
      isPublic: r.is_public,
      answeredAt: r.answered_at,
      createdAt: r.created_at,
    }));
  }
}
