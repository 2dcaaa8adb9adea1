import { leaderboardQuerySchema } from '@javelin/contracts';
import { Controller, Get } from '@nestjs/common';
import { LeaderboardQueryDto } from '../contests/dto';
import { LeaderboardService } from './leaderboard.service';
import { ZodQuery } from '../common/zod';

@Controller()
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardService) {}

  @Get('leaderboard/problems')
  problems(@ZodQuery(leaderboardQuerySchema) query: LeaderboardQueryDto) {
    return this.leaderboard.practice(query.limit, query.offset);
  }

  @Get('leaderboard/contests')
  contests(@ZodQuery(leaderboardQuerySchema) query: LeaderboardQueryDto) {
    return this.leaderboard.ratings(query.limit, query.offset);
  }

  @Get('stats')
  stats() {
    return this.leaderboard.stats();
  }
}
