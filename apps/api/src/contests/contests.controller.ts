import {
  Controller,
  Delete,
  Get,
  HttpCode,
  MessageEvent,
  NotFoundException,
  Param,
  Post,
  Res,
  Sse,
} from '@nestjs/common';
import type { Response } from 'express';
import { isAdminRoles, leaderboardQuerySchema, createContestSchema } from '@javelin/contracts';
import { Observable } from 'rxjs';
import { AdminOnly, Authenticated, CurrentUser, OptionalAuth } from '../auth/guards';
import { sendPreparedJson } from '../common/prepared-json';
import { uuidParam } from '../common/uuid.pipe';
import { SessionEvents } from '../users/session-events.service';
import type { AuthUser } from '../users/users.service';
import { ContestEventsService, mayReceive } from './contest-events.service';
import { CONTEST_NOT_FOUND, ContestsService } from './contests.service';
import { CreateContestDto, LeaderboardQueryDto } from './dto';
import { DEFAULT_LEADERBOARD_LIMIT, StandingsService } from './standings.service';
import { ZodBody, ZodQuery } from '../common/zod';

/** Pushes at most this often, however fast accepts arrive. */
const STREAM_THROTTLE_MS = 250;
const STREAM_HEARTBEAT_MS = 25_000;

@Controller()
export class ContestsController {
  constructor(
    private readonly contests: ContestsService,
    private readonly standings: StandingsService,
    private readonly events: ContestEventsService,
    private readonly sessions: SessionEvents,
  ) {}

  @Get('contests')
  @OptionalAuth()
  async list(@Res() res: Response, @CurrentUser() viewer?: AuthUser): Promise<void> {
    await sendPreparedJson(res.req, res, await this.contests.listBody(viewer));
  }

  @Get('contests/:id')
  @OptionalAuth()
  get(@Param('id', uuidParam('id')) id: string, @CurrentUser() viewer?: AuthUser) {
    return this.contests.get(id, viewer);
  }

  @Get('contests/:id/problems/:problemId')
  @OptionalAuth()
  problem(
    @Param('id', uuidParam('id')) id: string,
    @Param('problemId', uuidParam('problemId')) problemId: string,
    @CurrentUser() viewer?: AuthUser,
  ) {
    return this.contests.problem(id, problemId, viewer);
  }

  @Post('contests')
  @AdminOnly()
  create(@ZodBody(createContestSchema) dto: CreateContestDto, @CurrentUser() author: AuthUser) {
    return this.contests.create(dto, author);
  }

  @Delete('contests/:id')
  @AdminOnly()
  remove(@Param('id', uuidParam('id')) id: string) {
    return this.contests.remove(id);
  }

  @Post('contests/:id/join')
  @HttpCode(200)
  @Authenticated()
  join(@Param('id', uuidParam('id')) id: string, @CurrentUser() user: AuthUser) {
    return this.contests.join(id, user);
  }

  @Post('contests/:id/complete')
  @HttpCode(200)
  @AdminOnly()
  complete(@Param('id', uuidParam('id')) id: string) {
    return this.contests.complete(id);
  }

  @Post('contests/:id/unfreeze')
  @HttpCode(200)
  @AdminOnly()
  unfreeze(@Param('id', uuidParam('id')) id: string) {
    return this.contests.unfreeze(id);
  }

  @Get('contests/:id/solved-problems')
  @Authenticated()
  solved(@Param('id', uuidParam('id')) id: string, @CurrentUser() user: AuthUser) {
    return this.contests.solvedProblemIds(id, user.id);
  }

  /** During a freeze, a signed-in participant also sees their own row as it is, and an admin sees through it. */
  @Get('leaderboard/contests/:id')
  @OptionalAuth()
  async leaderboard(
    @Param('id', uuidParam('id')) id: string,
    @ZodQuery(leaderboardQuerySchema) query: LeaderboardQueryDto,
    @Res() res: Response,
    @CurrentUser() viewer?: AuthUser,
  ): Promise<void> {
    const body = await this.standings.standingsBody(
      id,
      query.limit ?? DEFAULT_LEADERBOARD_LIMIT,
      query.offset ?? 0,
      viewer ? { id: viewer.id, admin: isAdminRoles(viewer.roles) } : undefined,
    );
    if (body === null) throw new NotFoundException(CONTEST_NOT_FOUND);
    // Prepared bytes (shared pages once per refresh), gzipped when accepted, 304 when unchanged.
    await sendPreparedJson(res.req, res, body);
  }

  /**
   * Server-sent events: the standings now, then again within a second of every change; announcements
   * and clarifications as they happen, each only to the viewers (bearer token, optional) allowed to read it.
   * A signed-in viewer's stream closes when their sessions change (a role granted or removed, their tokens
   * revoked): what it may receive was decided by the roles it was opened with, so a reconnect decides anew.
   */
  @Sse('contests/:id/leaderboard/stream')
  @OptionalAuth()
  async stream(
    @Param('id', uuidParam('id')) id: string,
    @CurrentUser() viewer?: AuthUser,
  ): Promise<Observable<MessageEvent>> {
    await this.contests.requireContest(id);
    return new Observable<MessageEvent>((subscriber) => {
      let timer: NodeJS.Timeout | undefined;
      let closed = false;
      const push = () => {
        timer = undefined;
        // The shared page's JSON as prepared for the leaderboard route: no serialising per viewer.
        this.standings
          .sharedJson(id)
          .then((json) => !closed && subscriber.next({ type: 'leaderboard', data: json }))
          .catch(() => undefined);
      };
      const schedule = () => {
        timer ??= setTimeout(push, STREAM_THROTTLE_MS);
      };
      const unsubscribe = this.standings.onChange(id, schedule);
      const stopEvents = this.events.onEvent(id, (event) => {
        if (!closed && mayReceive(event.audience, viewer))
          subscriber.next({ type: event.type, data: event.data });
      });
      const stopOnClose = this.standings.onClosing(() => subscriber.complete());
      const stopOnSessionChange = viewer
        ? this.sessions.onChange(viewer.id, () => subscriber.complete())
        : () => undefined;
      const heartbeat = setInterval(
        () => subscriber.next({ type: 'heartbeat', data: {} }),
        STREAM_HEARTBEAT_MS,
      );
      push();
      return () => {
        closed = true;
        unsubscribe();
        stopEvents();
        stopOnClose();
        stopOnSessionChange();
        clearInterval(heartbeat);
        if (timer) clearTimeout(timer);
      };
    });
  }
}
