import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { isAdminRoles, ServerMessages } from '@javelin/contracts';
import { ENV, Env } from '../config/env';
import { ContestsService } from '../contests/contests.service';
import { StandingsRepository } from '../contests/standings.repository';
import type { StandingKey } from '../contests/ranking';
import { writeZip } from '../packages/zip';
import type { AuthUser } from '../users/users.service';
import { clicsError } from './clics-error';
import { clicsRelTime, clicsTime, shortId } from './clics-format';
import {
  clarificationMessages,
  contestObject,
  groupObject,
  JAVA_LANGUAGE,
  JUDGEMENT_TYPES,
  judgementObject,
  judgementShownAt,
  organizationObject,
  organizationsOf,
  problemObject,
  runObjects,
  stateAt,
  submissionObject,
  teamObject,
  type ClicsViewer,
} from './clics-objects';
import { ClicsRepository, type ClicsContestRow } from './clics.repository';
import { awardsOf, scoreboardRows, type Award, type ScoreboardRow, type TeamStanding } from './scoreboard';

export const CLICS_VERSION = '2023-06';
const CLICS_VERSION_URL = 'https://ccs-specs.icpc.io/2023-06/contest_api';
/** Every participant's row: the CLICS scoreboard lists all teams. */
const ALL_ROWS = 100_000;

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

  async requireContest(id: string): Promise<ClicsContestRow> {
    const contest = UUID.test(id) ? await this.repository.contest(id) : null;
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
      const teams = await this.repository.teams(contest.id);
      const members = new Set(
        teams.filter((t) => t.organization && shortId(t.organization.id) === groupId).map((t) => t.id),
      );
      if (!organizationsOf(teams).some(({ org }) => shortId(org.id) === groupId))
        throw clicsError(HttpStatus.BAD_REQUEST, ServerMessages.clicsBadGroup);
      // Ranked within the group on its own, as the spec's group scoreboard is.
      shown = rerank(rows.filter((r) => members.has(r.team_id)));
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
    const files = new Map<string, string>([
      ['api.json', json(this.apiInfo())],
      ['contest.json', json(contestObject(contest))],
      ['state.json', json(stateAt(contest, this.now()))],
    ]);
    for (const name of COLLECTIONS) files.set(`${name}.json`, json(await this.objects(contest, name, admin)));
    files.set('scoreboard.json', json(await this.scoreboard(id, admin)));
    files.set('event-feed.ndjson', eventFeed);
    return { zip: await writeZip(files), name: `contest-${contest.id}.zip` };
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
        return (await this.repository.problems(contest.id))
          .filter((p) => viewer.admin || p.isVisible || now >= contest.startTime.getTime())
          .map((p) => problemObject(p, this.env.judgeLimits.cpuTimeMs));
      case 'groups':
        return organizationsOf(await this.repository.teams(contest.id)).map(({ org }) => groupObject(org));
      case 'organizations':
        return organizationsOf(await this.repository.teams(contest.id)).map(({ org }) =>
          organizationObject(org),
        );
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
        const teamIds = new Set(teams.map((t) => t.id));
        return threads
          .flatMap((q) => clarificationMessages(contest, q, teamIds, viewer))
          .filter((m) => m.at <= now)
          .map((m) => m.data);
      }
      case 'awards':
        return (await this.finalAwards(contest, viewer)).map((a) => ({ ...a }));
    }
  }

  /**
   * The scoreboard rows as `viewer` may see them: the board's real standings for admins and once
   * the freeze is lifted, its frozen ones (pending tries counted) for everyone else during a freeze.
   */
  private async board(contest: ClicsContestRow, viewer: ClicsViewer) {
    const frozen = contest.freezeMinutes > 0 && contest.unfrozenAt === null;
    const view = frozen && !viewer.admin ? 'frozen' : 'real';
    const boardContest = { id: contest.id, format: 'icpc' as const };
    const [teams, problems, rows, firsts] = await Promise.all([
      this.repository.teams(contest.id),
      this.repository.problems(contest.id),
      this.standings.rows(boardContest, view, ALL_ROWS, 0),
      this.standings.firstSolvers(contest.id, view),
    ]);
    const cells = await this.standings.cellsOf(
      contest.id,
      view,
      teams.map((t) => t.id),
      firsts,
    );
    const byTeam = new Map(rows.map((r) => [r.entry.userId, r]));
    const standings: TeamStanding[] = teams.map((team) => {
      const row = byTeam.get(team.id);
      const key: StandingKey = row
        ? { ...row.entry, lastAt: row.lastAt }
        : { score: 0, problemsSolved: 0, penalty: 0, lastAt: null };
      return { team, key, cells: cells.get(team.id) ?? [] };
    });
    return { rows: scoreboardRows(contest, problems, standings), teams, problems, firsts };
  }

  /** The final awards as the event log gives them (the same for every reader: a final board is unfrozen). */
  awards(contest: ClicsContestRow): Promise<Award[]> {
    return this.finalAwards(contest, { admin: true, teamId: null });
  }

  /** The awards once the contest is finalised (before, none is final, so none is given). */
  private async finalAwards(contest: ClicsContestRow, viewer: ClicsViewer): Promise<Award[]> {
    if (stateAt(contest, this.now()).finalized === null) return [];
    const { rows, teams, problems, firsts } = await this.board(contest, viewer);
    const groups = organizationsOf(teams).map(({ org }) => ({
      id: shortId(org.id),
      name: org.name,
      teamIds: new Set(teams.filter((t) => t.organization?.id === org.id).map((t) => t.id)),
    }));
    return awardsOf(rows, problems, firsts, groups, this.env.clicsMedals);
  }
}

const isShown = (at: number | null, now: number) => at !== null && at <= now;

/** Ranks of a subset of the rows (in order already), counted again from 1; ties keep sharing a rank. */
function rerank(rows: ScoreboardRow[]): ScoreboardRow[] {
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || rows[i - 1].rank !== r.rank) rank = i + 1;
    return { ...r, rank };
  });
}
