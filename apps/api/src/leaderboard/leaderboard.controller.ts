import { Controller, Get, Query } from '@nestjs/common';
import { LeaderboardQueryDto } from '../contests/dto';
import { LeaderboardService } from './leaderboard.service';

@Controller()
export class LeaderboardController {
  constructor(private readonly leaderboard: LeaderboardService) {}

  @Get('leaderboard/problems')
  problems(@Query() query: LeaderboardQueryDto) {
    return this.leaderboard.practice(query.limit, query.offset);
  }

  @Get('leaderboard/contests')
  contests(@Query() query: LeaderboardQueryDto) {
    return this.leaderboard.ratings(query.limit, query.offset);
  }

  @Get('stats')
  stats() {
    return this.leaderboard.stats();
  }
}
