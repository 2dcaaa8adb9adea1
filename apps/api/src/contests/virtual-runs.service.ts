import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  ServerMessages,
  type VirtualRun,
  type VirtualRunState,
  type VirtualStandings,
} from '@javelin/contracts';
import type { AuthUser } from '../users/users.service';
import { freezeTimeOf, isFrozen } from './contest.entity';
import { ContestsService } from './contests.service';
import { BoardSetting, rankBoard, realBoardCells, virtualBoardCells } from './virtual-board';
import { VirtualRunRow, VirtualRunsRepository } from './virtual-runs.repository';

/**
 * Virtual participation (issue 21 item 4), as Codeforces has it: after a contest ends, a user who did
 * not take part runs it under its own clock. Their tries are scored as if live and shown among the
 * real standings as they were at the same minute. A run never touches the contest's standings or
 * ratings: its judgements carry no contest_id. One run at a time per user.
 */
@Injectable()
export class VirtualRunsService {
  constructor(
    private readonly repository: VirtualRunsRepository,
    private readonly contests: ContestsService,
  ) {}

  /**
   * Starts the caller's run of an ended contest, for its whole duration from now. Refused before the
   * end, to those who took part (joined, or tried as an admin), and while another run of theirs runs.
   */
  async start(contestId: string, user: AuthUser): Promise<VirtualRun> {
    const contest = await this.contests.requireContest(contestId);
    if (this.contests.statusOf(contest) !== 'ended')
      throw new ConflictException(ServerMessages.virtualOnlyAfterEnd);
    if (await this.repository.tookPart(contestId, user.id))
      throw new ForbiddenException(ServerMessages.virtualNotForParticipants);
    const now = this.contests.now();
    const duration = contest.endTime.getTime() - contest.startTime.getTime();
    const run = await this.repository.start(
      { contestId, userId: user.id, startedAt: now, endsAt: new Date(now.getTime() + duration) },
      now,
    );
    if (run === 'in-progress') throw new ConflictException(ServerMessages.virtualRunInProgress);
    return this.toDto(run);
  }

  /** The caller's latest run of the contest, or null. */
  async state(contestId: string, user: AuthUser): Promise<VirtualRunState> {
    await this.contests.requireContest(contestId);
    const run = await this.repository.latest(contestId, user.id);
    return { run: run && this.toDto(run) };
  }

  /** Ends the caller's running run now: later tries no longer count in it. */
  async finish(contestId: string, user: AuthUser): Promise<VirtualRun> {
    await this.contests.requireContest(contestId);
    const now = this.contests.now();
    const running = await this.repository.running(contestId, user.id, now);
    const finished = running && (await this.repository.finish(running.id, now));
    if (!finished) throw new ConflictException(ServerMessages.noVirtualRunInProgress);
    return this.toDto(finished);
  }

  /** The run a try by this user in this contest counts in now, or null. */
  running(contestId: string, userId: string): Promise<VirtualRunRow | null> {
    return this.repository.running(contestId, userId, this.contests.now());
  }

  /**
   * The real standings at the caller's latest run's elapsed time, with the run's row among them. While
   * the contest is still frozen, others' results after the freeze stay hidden here as on its board.
   */
  async standings(
    contestId: string,
    user: AuthUser,
    limit: number,
    offset: number,
  ): Promise<VirtualStandings> {
    const contest = await this.contests.requireContest(contestId);
    const run = await this.repository.latest(contestId, user.id);
    if (!run) throw new NotFoundException(ServerMessages.noVirtualRun);
    const now = this.contests.now();
    const durationMs = contest.endTime.getTime() - contest.startTime.getTime();
    const elapsedMs = Math.max(0, Math.min(now.getTime(), run.endsAt.getTime()) - run.startedAt.getTime());
    const frozen = isFrozen(contest);
    const setting: BoardSetting = {
      format: contest.format,
      penaltyMinutes: contest.penaltyMinutes,
      startTime: contest.startTime,
      problems: await this.repository.problems(contestId),
      freezeAt: frozen ? freezeTimeOf(contest) : null,
    };
    const sameMoment = new Date(contest.startTime.getTime() + elapsedMs);
    const real = realBoardCells(
      setting,
      await this.repository.realCellsAt(contestId, sameMoment, setting.freezeAt),
    );
    const running = now.getTime() < run.endsAt.getTime();
    const tries = await this.repository.tries(run.id, running ? now : null);
    const names = await this.repository.names([...real.keys(), user.id]);
    const nameOf = (id: string) => names.get(id) ?? { username: '', fullName: '' };
    const entries = rankBoard(setting, [
      ...[...real].map(([userId, cells]) => ({ userId, ...nameOf(userId), cells, virtual: false })),
      {
        userId: user.id,
        ...nameOf(user.id),
        cells: virtualBoardCells(setting, tries, run.startedAt),
        virtual: true,
      },
    ]);
    return {
      run: this.toDto(run),
      elapsedSeconds: Math.floor(elapsedMs / 1000),
      durationSeconds: Math.floor(durationMs / 1000),
      frozen,
      entries: entries.slice(offset, offset + limit),
      own: entries.find((e) => e.virtual)!,
    };
  }

  private toDto(run: VirtualRunRow): VirtualRun {
    return {
      _id: run.id,
      contestId: run.contestId,
      startedAt: run.startedAt.toISOString(),
      endsAt: run.endsAt.toISOString(),
      status: this.contests.now().getTime() < run.endsAt.getTime() ? 'running' : 'finished',
    };
  }
}
