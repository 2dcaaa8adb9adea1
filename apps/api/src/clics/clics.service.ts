import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { isAdminRoles, ServerMessages } from '@javelin/contracts';
import { ENV, Env } from '../config/env';
import { ContestsService } from '../contests/contests.service';
import { StandingsRepository } from '../contests/standings.repository';
import type { StandingKey } from '../contests/ranking';
import { PackagesService } from '../packages/packages.service';
import { writeZip } from '../packages/zip';
import type { AuthUser } from '../users/users.service';
import { clicsError } from './clics-error';
import { clicsRelTime, clicsTime } from './clics-format';
import {
  clarificationMessages,
  contestObject,
  JAVA_LANGUAGE,
  JUDGEMENT_TYPES,
  judgementObject,
  judgementShownAt,
  organizationObject,
  problemObject,
  rosterOf,
  runObjects,
  shownProblems,
  stateAt,
  submissionObject,
  teamObject,
  type ClicsRoster,
  type ClicsViewer,
} from './clics-objects';
import { ClicsRepository } from './clics.repository';
import type { ClicsContestRow, ClicsJudgementRow, ClicsTeamRow } from './clics-rows';
import { awardsOf, scoreboardRows, type Award, type ScoreboardRow, type TeamStanding } from './scoreboard';

export const CLICS_VERSION = '2023-06';
const CLICS_VERSION_URL = 'https://ccs-specs.icpc.io/2023-06/contest_api';
/** Every participant's row: the CLICS scoreboard lists all teams. */
const ALL_ROWS = 100_000;

const CLICS_ID = /^[A-Za-z0-9_.-]{1,36}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The collections of a contest the API serves, by the spec's endpoint names. */
export const COLLECTIONS = [
  'judgement-types',
  'languages',
  'problems',
  'groups',
  'organizations',
  'teams',
  'submissions',
  'judgements',
  'runs',
  'clarifications',
  'awards',
] as const;
export type Collection = (typeof COLLECTIONS)[number];

/**
 * The CLICS Contest API 2023-06, read-only, over Javelin's ICPC contests (other formats are not
 * served: 404). Everything is read from the tables the contest already keeps, so the endpoints, the
 * event feed and the exported package agree, and the scoreboard is the board's own standings.
 */
@Injectable()
export class ClicsService {
  constructor(
    private readonly repository: ClicsRepository,
    private readonly standings: StandingsRepository,
    private readonly contests: ContestsService,
    private readonly problemPackages: PackagesService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  viewerOf(user: AuthUser | undefined): ClicsViewer {
    return { admin: !!user && isAdminRoles(user.roles), teamId: user?.id ?? null };
  }

  apiInfo() {
    return { version: CLICS_VERSION, version_url: CLICS_VERSION_URL, name: 'Javelin' };
  }

  async contestList() {
    const ids = await this.repository.icpcContestIds();
    const rows = await Promise.all(ids.map((id) => this.repository.contest(id)));
    return rows.filter((c): c is ClicsContestRow => c !== null).map(contestObject);
  }

  /** A contest by the id the CLICS API serves it under (its package's, issue 43) or by its UUID. */
  async requireContest(id: string): Promise<ClicsContestRow> {
    const key = CLICS_ID.test(id) ? await this.repository.contestKey(id, UUID.test(id)) : null;
    const contest = key ? await this.repository.contest(key) : null;
    if (!contest) throw clicsError(HttpStatus.NOT_FOUND, ServerMessages.clicsContestNotFound);
    return contest;
  }

  async contest(id: string) {
    return contestObject(await this.requireContest(id));
  }

  async state(id: string) {
    return stateAt(await this.requireContest(id), this.now());
  }

  /** A collection as `viewer` may see it, filtered by the query's ID properties (`to_team_id=` for null). */
  async collection(id: string, name: Collection, viewer: ClicsViewer, filters: Record<string, unknown> = {}) {
    const list = await this.objects(await this.requireContest(id), name, viewer);
    return list.filter((item) =>
      Object.entries(filters).every(([key, value]) => {
        if (typeof value !== 'string' || !(key in item) || key === 'id') return true;
        const field = item[key];
        return field === null || field === undefined ? value === '' : field === value;
      }),
    );
  }

  async object(id: string, name: Collection, objectId: string, viewer: ClicsViewer) {
    const list = await this.objects(await this.requireContest(id), name, viewer);
    const found = list.find((item) => item.id === objectId);
    if (!found) throw clicsError(HttpStatus.NOT_FOUND, ServerMessages.clicsObjectNotFound);
    return found;
  }

  async scoreboard(id: string, viewer: ClicsViewer, groupId?: string) {
    const contest = await this.requireContest(id);
    const now = this.now();
    const { rows } = await this.board(contest, viewer);
    let shown = rows;
    if (groupId !== undefined) {
      const group = (await this.roster(contest)).groups.find((g) => g.id === groupId);
      if (!group) throw clicsError(HttpStatus.BAD_REQUEST, ServerMessages.clicsBadGroup);
      // Ranked within the group on its own, as the spec's group scoreboard is.
      shown = rerank(rows.filter((r) => group.teamIds.has(r.team_id)));
    }
    return {
      time: clicsTime(now),
      contest_time: clicsRelTime(now - contest.startTime.getTime()),
      state: stateAt(contest, now),
      rows: shown,
    };
  }

  /** The source of a submission (admins only), as the spec's files.zip. */
  async submissionFiles(id: string, submissionId: string): Promise<Buffer> {
    const contest = await this.requireContest(id);
    const code = UUID.test(submissionId) ? await this.repository.code(contest.id, submissionId) : null;
    if (code === null) throw clicsError(HttpStatus.NOT_FOUND, ServerMessages.clicsObjectNotFound);
    return writeZip(new Map([['Main.java', code]]));
  }

  /**
   * The contest package (icpc/ccs-specs Contest Package): the configuration and every endpoint as
   * JSON files beside the complete event feed, as an admin sees them, so the ICPC Resolver can load
   * the folder and play the unfreeze without a network.
   */
  async contestPackage(id: string, eventFeed: string): Promise<{ zip: Buffer; name: string }> {
    const contest = await this.requireContest(id);
    const admin: ClicsViewer = { admin: true, teamId: null };
    const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
    const files = new Map<string, string | Buffer>([
      ['api.json', json(this.apiInfo())],
      ['contest.json', json(contestObject(contest))],
      ['state.json', json(stateAt(contest, this.now()))],
    ]);
    for (const name of COLLECTIONS) files.set(`${name}.json`, json(await this.objects(contest, name, admin)));
    files.set('scoreboard.json', json(await this.scoreboard(id, admin)));
    files.set('event-feed.ndjson', eventFeed);
    // For a round trip (issue 43): each problem's package, and the teams' accounts without passwords.
    for (const p of await this.repository.problems(contest.id))
      files.set(
        `problems/${p.clicsId}/${p.clicsId}.zip`,
        (await this.problemPackages.exportPackage(p.id)).zip,
      );
    const accounts = (await this.repository.teams(contest.id)).flatMap((t) =>
      t.userId ? [{ username: t.username, type: 'team', team_id: t.id }] : [],
    );
    files.set('accounts.json', json(accounts));
    return { zip: await writeZip(files), name: `contest-${contest.clicsId}.zip` };
  }

  now(): number {
    return this.contests.now().getTime();
  }

  private async objects(
    contest: ClicsContestRow,
    name: Collection,
    viewer: ClicsViewer,
  ): Promise<Record<string, unknown>[]> {
    const now = this.now();
    switch (name) {
      case 'judgement-types':
        return Object.values(JUDGEMENT_TYPES).map((t) => ({ ...t }));
      case 'languages':
        return [{ ...JAVA_LANGUAGE }];
      case 'problems':
        return shownProblems(contest, await this.repository.problems(contest.id), viewer, now).map((p) =>
          problemObject(p, this.env.judgeLimits.cpuTimeMs),
        );
      case 'groups':
        return (await this.roster(contest)).groups.map((g) => ({ ...g.data }));
      case 'organizations':
        return (await this.roster(contest)).organizations.map(({ org }) => organizationObject(org));
      case 'teams':
        return (await this.repository.teams(contest.id)).map(teamObject);
      case 'submissions':
        return (await this.repository.judgements(contest.id, false)).map((j) =>
          submissionObject(contest, j, viewer),
        );
      case 'judgements':
        return (await this.repository.judgements(contest.id, false))
          .filter((j) => isShown(judgementShownAt(contest, j, viewer), now))
          .map((j) => judgementObject(contest, j));
      case 'runs':
        if (!viewer.admin) return [];
        return (await this.repository.judgements(contest.id, true)).flatMap((j) => runObjects(contest, j));
      case 'clarifications': {
        const [teams, threads] = await Promise.all([
          this.repository.teams(contest.id),
          this.repository.clarifications(contest.id),
        ]);
        const teamIds = new Set(teams.flatMap((t) => (t.userId ? [t.userId] : [])));
        return threads
          .flatMap((q) => clarificationMessages(contest, q, teamIds, viewer))
          .filter((m) => m.at <= now)
          .map((m) => m.data);
      }
      case 'awards':
        return (await this.finalAwards(contest, viewer)).map((a) => ({ ...a }));
    }
  }

  /** The contest's teams, organizations and groups (its package's, and those of the teams Javelin made). */
  async roster(contest: ClicsContestRow): Promise<ClicsRoster> {
    const [teams, organizations, groups] = await Promise.all([
      this.repository.teams(contest.id),
      this.repository.packageOrganizations(contest.id),
      this.repository.packageGroups(contest.id),
    ]);
    return rosterOf(contest, teams, organizations, groups);
  }

  /**
   * The scoreboard rows as `viewer` may see them: the board's real standings for admins and once
   * the freeze is lifted, its frozen ones (pending tries counted) for everyone else during a freeze.
   * Hidden teams (issue 43) are on no board and never ranked; each solved cell says whether it was
   * the problem's first solve among the ranked teams, as far as the viewer sees (firstSolvesOf).
   */
  private async board(contest: ClicsContestRow, viewer: ClicsViewer) {
    const frozen = contest.freezeMinutes > 0 && contest.unfrozenAt === null;
    const view = frozen && !viewer.admin ? 'frozen' : 'real';
    const boardContest = { id: contest.id, format: 'icpc' as const };
    const [roster, allProblems, rows, judgements] = await Promise.all([
      this.roster(contest),
      this.repository.problems(contest.id),
      this.standings.rows(boardContest, view, ALL_ROWS, 0),
      this.repository.judgements(contest.id, false),
    ]);
    // Before the start the public's columns leave a hidden problem out, as /problems does (issue 47).
    const problems = shownProblems(contest, allProblems, viewer, this.now());
    const ranked = roster.teams.filter((t) => !t.hidden);
    const firsts = firstSolvesOf(contest, judgements, ranked, viewer, this.now());
    const cells = await this.standings.cellsOf(
      contest.id,
      view,
      ranked.flatMap((t) => (t.userId ? [t.userId] : [])),
      new Map(),
    );
    const byUser = new Map(rows.map((r) => [r.entry.userId, r]));
    const standings: TeamStanding[] = ranked.map((team) => {
      const row = team.userId ? byUser.get(team.userId) : undefined;
      const key: StandingKey = row
        ? { ...row.entry, lastAt: row.lastAt }
        : { score: 0, problemsSolved: 0, penalty: 0, lastAt: null };
      return { team, key, cells: (team.userId && cells.get(team.userId)) || [] };
    });
    return { rows: scoreboardRows(problems, standings, firsts), roster, problems, firsts };
  }

  /** The final awards as the event log gives them (the same for every reader: a final board is unfrozen). */
  awards(contest: ClicsContestRow): Promise<Award[]> {
    return this.finalAwards(contest, { admin: true, teamId: null });
  }

  /** The awards once the contest is finalised (before, none is final, so none is given). */
  private async finalAwards(contest: ClicsContestRow, viewer: ClicsViewer): Promise<Award[]> {
    if (stateAt(contest, this.now()).finalized === null) return [];
    const { rows, roster, problems, firsts } = await this.board(contest, viewer);
    const groups = roster.groups.map((g) => ({ id: g.id, name: g.name, teamIds: g.teamIds }));
    return awardsOf(rows, problems, firsts, groups, this.env.clicsMedals);
  }
}

const isShown = (at: number | null, now: number) => at !== null && at <= now;

/**
 * Each problem's first solver (problem UUID → [CLICS team id]) among the ranked teams, from the
 * judgements the viewer sees, in the feed's order (submission time, then id): the first accepted
 * submission of a team that is not hidden. A rejudge that turns it into a rejection hands the first
 * solve on; a solve hidden by the freeze counts for the public only once it is shown. This is the
 * rule the ICPC tools' contest model applies to the feed (one team, the earliest in feed order).
 */
function firstSolvesOf(
  contest: ClicsContestRow,
  judgements: ClicsJudgementRow[],
  ranked: ClicsTeamRow[],
  viewer: ClicsViewer,
  now: number,
): Map<string, string[]> {
  const rankedIds = new Set(ranked.map((t) => t.id));
  const firsts = new Map<string, string[]>();
  // The repository reads them in feed order: created_at, then id.
  for (const j of judgements) {
    if (j.verdict !== 'accepted' || !rankedIds.has(j.teamId) || firsts.has(j.problemId)) continue;
    if (isShown(judgementShownAt(contest, j, viewer), now)) firsts.set(j.problemId, [j.teamId]);
  }
  return firsts;
}

/** Ranks of a subset of the rows (in order already), counted again from 1; ties keep sharing a rank. */
function rerank(rows: ScoreboardRow[]): ScoreboardRow[] {
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || rows[i - 1].rank !== r.rank) rank = i + 1;
    return { ...r, rank };
  });
}
