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
import type { Observable } from 'rxjs';
import { AdminOnly, Authenticated, CurrentUser, OptionalAuth } from '../auth/guards';
import { sendPreparedJson } from '../common/prepared-json';
import { uuidParam } from '../common/uuid.pipe';
import type { AuthUser } from '../users/users.service';
import { ContestStreamService } from './contest-stream.service';
import { CONTEST_NOT_FOUND, ContestsService } from './contests.service';
import { CreateContestDto, LeaderboardQueryDto } from './dto';
import { DEFAULT_LEADERBOARD_LIMIT, StandingsService } from './standings.service';
import { ZodBody, ZodQuery } from '../common/zod';

@Controller()
export class ContestsController {
  constructor(
    private readonly contests: ContestsService,
    private readonly standings: StandingsService,
    private readonly streams: ContestStreamService,
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

  /** Server-sent events: the standings, announcements and clarifications (ContestStreamService). */
  @Sse('contests/:id/leaderboard/stream')
  @OptionalAuth()
  async stream(
    @Param('id', uuidParam('id')) id: string,
    @CurrentUser() viewer?: AuthUser,
  ): Promise<Observable<MessageEvent>> {
    return this.streams.open(id, viewer);
  }
}
