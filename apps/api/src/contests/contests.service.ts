import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  Contest as ContestDto,
  ContestProblem,
  ContestStatus,
  contestStatusAt,
  isAdminRoles,
  Problem as ProblemDto,
  ServerMessages,
  ServerSentences,
  unrevealedProblemTitle,
} from '@javelin/contracts';
import { PreparedJson } from '../common/prepared-json';
import { StaleWhileRevalidate } from '../common/stale-while-revalidate';
import { ProblemsService } from '../problems/problems.service';
import type { AuthUser } from '../users/users.service';
import { Contest, freezeTimeOf, isFrozen } from './contest.entity';
import { CachedContest, ContestCache } from './contest-cache.service';
import { ContestScheduler } from './contest-scheduler.service';
import { ContestProblemLink, ContestsRepository } from './contests.repository';
import { CreateContestDto } from './dto';
import { RatingsService } from './ratings.service';
import { StandingsService } from './standings.service';

export const CONTEST_NOT_FOUND = ServerMessages.contestNotFound;
const CATALOG_TTL_MS = 1_000;

interface ContestCatalog {
  contests: Contest[];
  links: Map<string, ContestProblemLink[]>;
  problems: Map<string, ProblemDto>;
  /** The list written as JSON, kept until a contest's status changes (or the catalog is refreshed). */
  written?: WrittenList;
}

/** The list as JSON: whole for anonymous readers, and per contest for each joined flag. */
interface WrittenList {
  /** The epoch-ms interval [from, until) between two status changes of any contest that it was written in. */
  from: number;
  until: number;
  anonymous: PreparedJson;
  notJoined: string[];
  joined: string[];
}

/** Clock of the server; a function so tests can look at exact boundaries. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

@Injectable()
export class ContestsService {
  private clock: Clock = systemClock;
  /**
   * Every contest with its problems is the same for every caller, so it is kept for a moment: a burst
   * of readers costs one set of queries. Other instances see a change within CATALOG_TTL_MS.
   */
  private readonly catalog = new StaleWhileRevalidate<'all', ContestCatalog>(CATALOG_TTL_MS, () =>
    this.loadCatalog(),
  );

  constructor(
    private readonly repository: ContestsRepository,
    private readonly problems: ProblemsService,
    private readonly ratings: RatingsService,
    private readonly scheduler: ContestScheduler,
    private readonly standings: StandingsService,
    private readonly cache: ContestCache,
  ) {}

  now(): Date {
    return this.clock();
  }

  useClock(clock: Clock): void {
    this.clock = clock;
  }

  async requireContest(id: string): Promise<Contest> {
    const contest = await this.repository.findById(id);
    if (!contest) throw new NotFoundException(CONTEST_NOT_FOUND);
    return contest;
  }

  /**
   * The contest with its problems' points as read at most CONTEST_CACHE_MAX_AGE_MS ago (404 when there
   * is none): what every run, submit and solve checks, and the contest page shows. A change made here
   * shows at once, one made on another instance when its announcement arrives (within that time).
   */
  async recentContest(id: string): Promise<CachedContest> {
    const cached = await this.cache.get(id);
    if (!cached) throw new NotFoundException(CONTEST_NOT_FOUND);
    return cached;
  }

  statusOf(contest: Contest): ContestStatus {
    return contestStatusAt(contest, this.now());
  }

  isParticipant(contestId: string, userId: string): Promise<boolean> {
    return this.repository.isParticipant(contestId, userId);
  }

  /**
   * Every contest, newest start first, with the caller's joined flag and problem summaries, as JSON.
   * The list is the same for everyone but the joined flags and changes only with the catalog or a
   * contest's status, so it is written once: anonymous readers get those bytes, a signed-in reader
   * the same contests' JSON joined with their flags.
   */
  async listBody(viewer?: AuthUser): Promise<PreparedJson> {
    const catalog = await this.catalog.get('all');
    const now = this.now();
    const t = now.getTime();
    if (!catalog.written || t < catalog.written.from || t >= catalog.written.until) {
      const write = (c: Contest, joined: boolean) =>
        JSON.stringify(this.toDto(c, catalog.links.get(c.id) ?? [], catalog.problems, joined, now));
      const notJoined = catalog.contests.map((c) => write(c, false));
      // A status changes as a start is reached and just past an end (contestStatusAt).
      const changes = catalog.contests.flatMap((c) => [c.startTime.getTime(), c.endTime.getTime() + 1]);
      catalog.written = {
        from: Math.max(-Infinity, ...changes.filter((b) => b <= t)),
        until: Math.min(Infinity, ...changes.filter((b) => b > t)),
        anonymous: new PreparedJson(`[${notJoined.join(',')}]`),
        notJoined,
        joined: catalog.contests.map((c) => write(c, true)),
      };
    }
    const written = catalog.written;
    if (!viewer) return written.anonymous;
    const joined = await this.repository.joinedIds(
      viewer.id,
      catalog.contests.map((c) => c.id),
    );
    if (joined.size === 0) return written.anonymous;
    const items = catalog.contests.map((c, i) =>
      joined.has(c.id) ? written.joined[i] : written.notJoined[i],
    );
    return new PreparedJson(`[${items.join(',')}]`, 'personal');
  }

  private async loadCatalog(): Promise<ContestCatalog> {
    const contests = await this.repository.newestFirst();
    const rows = await this.repository.links(contests.map((c) => c.id));
    const links = new Map<string, ContestProblemLink[]>();
    for (const row of rows) links.set(row.contestId, [...(links.get(row.contestId) ?? []), row]);
    const problems = await this.problems.summariesByIds([...new Set(rows.map((l) => l.problemId))]);
    return { contests, links, problems };
  }

  /**
   * One contest. Until it starts, its problems show title, difficulty and points only; once active,
   * joined participants (and admins) get statements and example tests; after it ends, everyone does.
   */
  async get(id: string, viewer?: AuthUser): Promise<ContestDto> {
    const { contest, links } = await this.recentContest(id);
    const joined = viewer ? await this.isParticipant(id, viewer.id) : false;
    const status = this.statusOf(contest);
    const full = isAdminRoles(viewer?.roles) || status === 'ended' || (status === 'active' && joined);
    const ids = links.map((l) => l.problemId);
    const problems = full ? await this.problems.problemsByIds(ids) : await this.problems.summariesByIds(ids);
    return this.toDto(contest, links, problems, joined, this.now(), isAdminRoles(viewer?.roles));
  }

  /** A contest problem's statement and examples, for those the rules above let see it. */
  async problem(contestId: string, problemId: string, viewer?: AuthUser): Promise<ProblemDto> {
    const { contest, points: pointsOf } = await this.recentContest(contestId);
    const points = pointsOf.get(problemId);
    if (points === undefined) throw new NotFoundException(ServerMessages.problemNotInContest);
    const status = this.statusOf(contest);
    const admin = isAdminRoles(viewer?.roles);
    if (!admin && status !== 'ended') {
      if (!viewer) throw new ForbiddenException(ServerMessages.mustJoinContest);
      if (!(await this.isParticipant(contestId, viewer.id)))
        throw new ForbiddenException(ServerMessages.mustJoinContest);
      if (status !== 'active') throw new ForbiddenException(ServerMessages.contestNotStarted);
    }
    const problem = await this.problems.viewProblem(problemId, viewer, true);
    return { ...problem, points };
  }

  async create(dto: CreateContestDto, author: AuthUser): Promise<ContestDto> {
    const start = new Date(dto.startTime);
    const end = new Date(dto.endTime);
    if (end.getTime() <= start.getTime()) throw new BadRequestException(ServerMessages.endBeforeStart);
    if (dto.freezeMinutes * 60_000 > end.getTime() - start.getTime())
      throw new BadRequestException(ServerMessages.freezeLongerThanContest);
    const problemIds = [...new Set(dto.problemIds)];
    const found = await this.problems.summariesByIds(problemIds);
    const missing = problemIds.filter((id) => !found.has(id));
    if (missing.length) throw new BadRequestException(ServerSentences.unknownProblemIds(missing));
    const contest = await this.repository.create({
      title: dto.title,
      description: dto.description ?? '',
      startTime: start,
      endTime: end,
      maxParticipants: dto.maxParticipants,
      format: dto.format,
      penaltyMinutes: dto.penaltyMinutes,
      freezeMinutes: dto.freezeMinutes,
      allowAiHelp: dto.allowAiHelp,
      createdBy: author.id,
      problems: problemIds.map((problemId) => ({ problemId, points: found.get(problemId)!.points })),
    });
    await this.contestChanged(contest.id);
    await this.scheduler.scheduleEnd(contest.id, contest.endTime);
    return this.get(contest.id, author);
  }

  /**
   * Ends an active contest now and finalises it (ratings) at once; a frozen contest is finalised when
   * an admin unfreezes it. The freeze moves with the end, so the standings are recomputed.
   */
  async complete(id: string): Promise<{ success: true; message: string; contest: ContestDto }> {
    const contest = await this.requireContest(id);
    if (this.statusOf(contest) !== 'active')
      throw new ConflictException(ServerMessages.onlyActiveContestCompletes);
    const now = this.now();
    await this.repository.endAt(id, now);
    await this.contestChanged(id);
    if (contest.freezeMinutes > 0) await this.standings.recount(id);
    await this.ratings.finalize(id, now);
    this.standings.contestChanged(id);
    return { success: true, message: ServerMessages.contestCompleted, contest: await this.get(id) };
  }

  /** Reveals a frozen contest's final standings once it has ended, then rates it from them. */
  async unfreeze(id: string): Promise<{ success: true; message: string; contest: ContestDto }> {
    const contest = await this.requireContest(id);
    if (!isFrozen(contest)) throw new ConflictException(ServerMessages.notFrozen);
    if (this.statusOf(contest) !== 'ended')
      throw new ConflictException(ServerMessages.onlyEndedContestUnfreezes);
    const now = this.now();
    await this.repository.unfreeze(id, now);
    await this.contestChanged(id);
    await this.ratings.finalize(id, now);
    this.standings.contestChanged(id);
    return { success: true, message: ServerMessages.contestUnfrozen, contest: await this.get(id) };
  }

  async remove(id: string): Promise<{ success: true; message: string }> {
    await this.requireContest(id);
    await this.repository.remove(id);
    await this.contestChanged(id);
    return { success: true, message: ServerMessages.contestDeleted };
  }

  /** Joins while upcoming, once, never past maxParticipants — also under many simultaneous requests. */
  async join(
    id: string,
    user: AuthUser,
  ): Promise<{ success: true; message: string; participantCount: number }> {
    const now = this.now();
    const count = await this.repository.join(id, user.id, now);
    if (count === 'already-joined') throw new ConflictException(ServerMessages.alreadyJoined);
    if (count === null) {
      // Work out why outside the transaction, so a refused join holds no connection while it explains.
      const contest = await this.requireContest(id);
      if (await this.isParticipant(id, user.id)) throw new ConflictException(ServerMessages.alreadyJoined);
      if (this.statusOf(contest) !== 'upcoming') throw new ConflictException(ServerMessages.joiningClosed);
      throw new ConflictException(ServerMessages.contestFull);
    }
    await this.contestChanged(id);
    return { success: true, message: ServerMessages.contestJoined, participantCount: count };
  }

  async solvedProblemIds(contestId: string, userId: string): Promise<string[]> {
    await this.requireContest(contestId);
    return this.repository.solvedProblemIds(contestId, userId);
  }

  pointsFor(contestId: string, problemId: string): Promise<number | null> {
    return this.repository.pointsFor(contestId, problemId);
  }

  /** After a contest package was imported (issue 43): the caches learn of it, its end is scheduled. */
  async imported(id: string, endTime: Date): Promise<void> {
    await this.contestChanged(id);
    await this.scheduler.scheduleEnd(id, endTime);
  }

  /**
   * After a write to a contest (its times, freeze, problems, participants, or its removal): the list
   * and the contest are forgotten here at once, and on every other instance when Redis tells it.
   */
  async contestChanged(id: string): Promise<void> {
    this.catalog.invalidate('all');
    await this.cache.changed(id);
  }

  private toDto(
    contest: Contest,
    links: ContestProblemLink[],
    problems: Map<string, ProblemDto>,
    joined: boolean,
    now = this.now(),
    admin = false,
  ): ContestDto {
    // Issue 47: before the start, a hidden problem is no one's to name but an admin's.
    const unrevealed = !admin && contestStatusAt(contest, now) === 'upcoming';
    const contestProblems: ContestProblem[] = links
      .filter((l) => problems.has(l.problemId))
      .map((l) => {
        const problem = problems.get(l.problemId)!;
        const title =
          unrevealed && !problem.isVisible ? unrevealedProblemTitle(l.position + 1) : problem.title;
        return {
          problemId: { ...problem, title, points: l.points },
          points: l.points,
          order: l.position + 1,
        };
      });
    return {
      _id: contest.id,
      id: contest.id,
      title: contest.title,
      description: contest.description,
      startTime: contest.startTime.toISOString(),
      endTime: contest.endTime.toISOString(),
      status: contestStatusAt(contest, now),
      maxParticipants: contest.maxParticipants,
      participantCount: contest.participantCount,
      userJoined: joined,
      contestProblems,
      format: contest.format,
      penaltyMinutes: contest.penaltyMinutes,
      freezeMinutes: contest.freezeMinutes,
      freezeTime: freezeTimeOf(contest)?.toISOString() ?? null,
      frozen: isFrozen(contest),
      allowAiHelp: contest.allowAiHelp,
    };
  }
}
