import { leaderboardQuerySchema } from '@javelin/contracts';
import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Authenticated, CurrentUser } from '../auth/guards';
import { uuidParam } from '../common/uuid.pipe';
import type { AuthUser } from '../users/users.service';
import { LeaderboardQueryDto } from './dto';
import { DEFAULT_LEADERBOARD_LIMIT } from './standings.service';
import { VirtualRunsService } from './virtual-runs.service';
import { ZodQuery } from '../common/zod';

/** Virtual participation in an ended contest (issue 21 item 4): every route is the caller's own run. */
@Controller()
export class VirtualRunsController {
  constructor(private readonly virtualRuns: VirtualRunsService) {}

  @Post('contests/:id/virtual')
  @Authenticated()
  start(@Param('id', uuidParam('id')) id: string, @CurrentUser() user: AuthUser) {
    return this.virtualRuns.start(id, user);
  }

  @Get('contests/:id/virtual')
  @Authenticated()
  state(@Param('id', uuidParam('id')) id: string, @CurrentUser() user: AuthUser) {
    return this.virtualRuns.state(id, user);
  }

  @Post('contests/:id/virtual/finish')
  @HttpCode(200)
  @Authenticated()
  finish(@Param('id', uuidParam('id')) id: string, @CurrentUser() user: AuthUser) {
    return this.virtualRuns.finish(id, user);
  }

  @Get('contests/:id/virtual/standings')
  @Authenticated()
  standings(
    @Param('id', uuidParam('id')) id: string,
    @ZodQuery(leaderboardQuerySchema) query: LeaderboardQueryDto,
    @CurrentUser() user: AuthUser,
  ) {
    return this.virtualRuns.standings(id, user, query.limit ?? DEFAULT_LEADERBOARD_LIMIT, query.offset ?? 0);
  }
}
