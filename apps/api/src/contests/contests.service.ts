import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Contest as ContestDto,
  ContestProblem,
  contestStatusAt,
  ContestStatus,
  isAdminRoles,
  Problem as ProblemDto,
  ServerMessages,
} from '@javelin/contracts';
import { DataSource, In } from 'typeorm';
import { returningRows } from '../common/sql';
import { Problem } from '../problems/problem.entity';
import { ProblemsService } from '../problems/problems.service';
import type { AuthUser } from '../users/users.service';
import { Contest } from './contest.entity';
import { ContestScheduler } from './contest-scheduler.service';
import { CreateContestDto } from './dto';
import { RatingsService } from './ratings.service';
import { StandingsService } from './standings.service';

export const CONTEST_NOT_FOUND = 'Contest not found';
const CATALOG_TTL_MS = 1_000;

interface ContestCatalog {
  at: number;
  contests: Contest[];
  links: Map<string, ContestProblemRow[]>;
  problems: Map<string, ProblemDto>;
}

interface ContestProblemRow {
  contest_id: string;
  problem_id: string;
  position: number;
  points: number;
}

/** Clock of the server; a function so tests can look at exact boundaries. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

@Injectable()
export class ContestsService {
  private clock: Clock = systemClock;
  private cachedCatalog?: ContestCatalog;
  private catalogInflight?: Promise<ContestCatalog>;
  private catalogGeneration = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly problems: ProblemsService,
    private readonly ratings: RatingsService,
    private readonly scheduler: ContestScheduler,
    private readonly standings: StandingsService,
  ) {}

  now(): Date {
    return this.clock();
  }

  useClock(clock: Clock): void {
    this.clock = clock;
  }

  async requireContest(id: string): Promise<Contest> {
    const contest = await this.db.getRepository(Contest).findOne({ where: { id } });
    if (!contest) throw new NotFoundException(CONTEST_NOT_FOUND);
    return contest;
  }

  statusOf(contest: Contest): ContestStatus {
    return contestStatusAt(contest, this.now());
  }

  async isParticipant(contestId: string, userId: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM contest_participants WHERE contest_id = $1 AND user_id = $2`, [
      contestId,
      userId,
    ]);
    return rows.length > 0;
  }

  /** Every contest, newest start first, with the caller's joined flag and problem summaries. */
  async list(viewer?: AuthUser): Promise<ContestDto[]> {
    const catalog = await this.catalog();
    const joined = viewer ? await this.joinedIds(viewer.id, catalog.contests.map((c) => c.id)) : new Set<string>();
    return catalog.contests.map((c) => this.toDto(c, catalog.links.get(c.id) ?? [], catalog.problems, joined.has(c.id)));
  }

  /**
   * The same for every caller, so it is kept for a moment: a burst of readers costs one set of
   * queries. An entry past its lifetime is served while a background refresh replaces it.
   */
  private async catalog(): Promise<ContestCatalog> {
    const cached = this.cachedCatalog;
    if (cached) {
      if (Date.now() - cached.at >= CATALOG_TTL_MS) void this.loadCatalog().catch(() => undefined);
      return cached;
    }
    return this.loadCatalog();
  }

  private loadCatalog(): Promise<ContestCatalog> {
    if (this.catalogInflight) return this.catalogInflight;
    const generation = this.catalogGeneration;
    const loading = (async () => {
      const contests = await this.db.getRepository(Contest).find({ order: { startTime: 'DESC' } });
      const rows = await this.links(contests.map((c) => c.id));
      const links = new Map<string, ContestProblemRow[]>();
      for (const row of rows) links.set(row.contest_id, [...(links.get(row.contest_id) ?? []), row]);
      const problems = await this.problemSummaries([...new Set(rows.map((l) => l.problem_id))]);
      const catalog = { at: Date.now(), contests, links, problems };
      // A load that began before a change made here must not be kept as current.
      if (generation === this.catalogGeneration) this.cachedCatalog = catalog;
      return catalog;
    })().finally(() => {
      if (this.catalogInflight === loading) this.catalogInflight = undefined;
    });
    this.catalogInflight = loading;
    return loading;
  }

  /** Forget the cached list after a change made here (other instances see it within CATALOG_TTL_MS). */
  private catalogChanged(): void {
    this.catalogGeneration++;
    this.cachedCatalog = undefined;
    this.catalogInflight = undefined;
  }

  /**
   * One contest. Until it starts, its problems show title, difficulty and points only; once active,
   * joined participants (and admins) get statements and example tests; after it ends, everyone does.
   */
  async get(id: string, viewer?: AuthUser): Promise<ContestDto> {
    const contest = await this.requireContest(id);
    const links = await this.links([id]);
    const joined = viewer ? await this.isParticipant(id, viewer.id) : false;
    const status = this.statusOf(contest);
    const full = isAdminRoles(viewer?.roles) || status === 'ended' || (status === 'active' && joined);
    const ids = links.map((l) => l.problem_id);
    const problems = full ? await this.problems.problemsByIds(ids) : await this.problemSummaries(ids);
    return this.toDto(contest, links, problems, joined);
  }

  /** A contest problem's statement and examples, for those the rules above let see it. */
  async problem(contestId: string, problemId: string, viewer?: AuthUser): Promise<ProblemDto> {
    const contest = await this.requireContest(contestId);
    const [link] = (await this.links([contestId])).filter((l) => l.problem_id === problemId);
    if (!link) throw new NotFoundException('Problem not found in this contest');
    const status = this.statusOf(contest);
    const admin = isAdminRoles(viewer?.roles);
    if (!admin && status !== 'ended') {
      if (!viewer) throw new ForbiddenException(ServerMessages.mustJoinContest);
      if (!(await this.isParticipant(contestId, viewer.id))) throw new ForbiddenException(ServerMessages.mustJoinContest);
      if (status !== 'active') throw new ForbiddenException('The contest has not started yet');
    }
    const problem = await this.problems.viewProblem(problemId, viewer, true);
    return { ...problem, points: link.points };
  }

  async create(dto: CreateContestDto, author: AuthUser): Promise<ContestDto> {
    const start = new Date(dto.startTime);
    const end = new Date(dto.endTime);
    if (end.getTime() <= start.getTime()) throw new BadRequestException('endTime must be after startTime');
    const problemIds = [...new Set(dto.problemIds)];
    const found = await this.db.getRepository(Problem).find({ where: { id: In(problemIds) } });
    const missing = problemIds.filter((id) => !found.some((p) => p.id === id));
    if (missing.length) throw new BadRequestException(`Unknown problem id: ${missing.join(', ')}`);
    const byId = new Map(found.map((p) => [p.id, p]));
    const contest = await this.db.transaction(async (m) => {
      const saved = await m.getRepository(Contest).save(
        m.getRepository(Contest).create({
          title: dto.title,
          description: dto.description ?? '',
          startTime: start,
          endTime: end,
          maxParticipants: dto.maxParticipants,
          createdBy: author.id,
        }),
      );
      for (const [position, problemId] of problemIds.entries()) {
        await m.query(`INSERT INTO contest_problems (contest_id, problem_id, position, points) VALUES ($1, $2, $3, $4)`, [
          saved.id,
          problemId,
          position,
          byId.get(problemId)!.points,
        ]);
      }
      return saved;
    });
    this.catalogChanged();
    await this.scheduler.scheduleEnd(contest.id, contest.endTime);
    return this.get(contest.id, author);
  }

  /** Ends an active contest now and finalises it (ratings) at once. */
  async complete(id: string): Promise<{ success: true; message: string; contest: ContestDto }> {
    const contest = await this.requireContest(id);
    if (this.statusOf(contest) !== 'active') throw new ConflictException('Only an active contest can be completed');
    const now = this.now();
    await this.db.query(`UPDATE contests SET end_time = $2 WHERE id = $1 AND end_time > $2`, [id, now]);
    this.catalogChanged();
    await this.ratings.finalize(id, now);
    this.standings.contestChanged(id);
    return { success: true, message: 'Contest completed', contest: await this.get(id) };
  }

  async remove(id: string): Promise<{ success: true; message: string }> {
    await this.requireContest(id);
    await this.db.transaction(async (m) => {
      await m.query(`DELETE FROM solved_problems WHERE contest_id = $1`, [id]);
      await m.query(`DELETE FROM contests WHERE id = $1`, [id]);
    });
    this.catalogChanged();
    return { success: true, message: 'Contest deleted successfully' };
  }

  /** Joins while upcoming, once, never past maxParticipants — also under many simultaneous requests. */
  async join(id: string, user: AuthUser): Promise<{ success: true; message: string; participantCount: number }> {
    const now = this.now();
    const count = await this.db.transaction(async (m) => {
      // The conditional increment locks the contest row: concurrent joins queue here, one at a time.
      const [row] = await returningRows<{ participant_count: number }>(
        m,
        `UPDATE contests SET participant_count = participant_count + 1
          WHERE id = $1 AND start_time > $2 AND participant_count < max_participants
          RETURNING participant_count`,
        [id, now],
      );
      if (!row) return null;
      const inserted = await m.query(
        `INSERT INTO contest_participants (contest_id, user_id, joined_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [id, user.id, now],
      );
      if (inserted.length === 0) throw new ConflictException('You have already joined this contest');
      return row.participant_count;
    });
    if (count === null) {
      // Work out why outside the transaction, so a refused join holds no connection while it explains.
      const contest = await this.requireContest(id);
      if (await this.isParticipant(id, user.id)) throw new ConflictException('You have already joined this contest');
      if (this.statusOf(contest) !== 'upcoming') throw new ConflictException('Joining is closed: the contest has already started');
      throw new ConflictException('The contest is full');
    }
    this.catalogChanged();
    return { success: true, message: 'Successfully joined the contest!', participantCount: count };
  }

  async solvedProblemIds(contestId: string, userId: string): Promise<string[]> {
    await this.requireContest(contestId);
    const rows: { problem_id: string }[] = await this.db.query(
      `SELECT problem_id FROM solved_problems WHERE contest_id = $1 AND user_id = $2 ORDER BY solved_at`,
      [contestId, userId],
    );
    return rows.map((r) => r.problem_id);
  }

  async pointsFor(contestId: string, problemId: string): Promise<number | null> {
    const rows: { points: number }[] = await this.db.query(
      `SELECT points FROM contest_problems WHERE contest_id = $1 AND problem_id = $2`,
      [contestId, problemId],
    );
    return rows[0]?.points ?? null;
  }

  private links(contestIds: string[]): Promise<ContestProblemRow[]> {
    if (contestIds.length === 0) return Promise.resolve([]);
    return this.db.query(
      `SELECT contest_id, problem_id, position, points FROM contest_problems WHERE contest_id = ANY($1) ORDER BY position`,
      [contestIds],
    );
  }

  private async joinedIds(userId: string, contestIds: string[]): Promise<Set<string>> {
    if (contestIds.length === 0) return new Set();
    const rows: { contest_id: string }[] = await this.db.query(
      `SELECT contest_id FROM contest_participants WHERE user_id = $1 AND contest_id = ANY($2)`,
      [userId, contestIds],
    );
    return new Set(rows.map((r) => r.contest_id));
  }

  /** Title, difficulty and points only: what anyone may know of a contest's problems before it starts. */
  private async problemSummaries(ids: string[]): Promise<Map<string, ProblemDto>> {
    if (ids.length === 0) return new Map();
    const problems = await this.db.getRepository(Problem).find({
      where: { id: In(ids) },
      select: { id: true, title: true, difficulty: true, points: true },
    });
    return new Map(
      problems.map((p) => [
        p.id,
        {
          _id: p.id,
          id: p.id,
          title: p.title,
          difficulty: p.difficulty,
          points: p.points,
          description: '',
          constraints: '',
          inputVariables: [],
          testCases: [],
          functionName: '',
          returnType: 'int',
          boilerplateCode: '',
          tags: [],
          isVisible: true,
          testCaseCount: 0,
        } satisfies ProblemDto,
      ]),
    );
  }

  private toDto(contest: Contest, links: ContestProblemRow[], problems: Map<string, ProblemDto>, joined: boolean): ContestDto {
    const contestProblems: ContestProblem[] = links
      .filter((l) => problems.has(l.problem_id))
      .map((l) => ({ problemId: { ...problems.get(l.problem_id)!, points: l.points }, points: l.points, order: l.position + 1 }));
    return {
      _id: contest.id,
      id: contest.id,
      title: contest.title,
      description: contest.description,
      startTime: contest.startTime.toISOString(),
      endTime: contest.endTime.toISOString(),
      status: this.statusOf(contest),
      maxParticipants: contest.maxParticipants,
      participantCount: contest.participantCount,
      userJoined: joined,
      contestProblems,
    };
  }
}
