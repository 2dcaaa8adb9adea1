import { Injectable } from '@nestjs/common';
import { ContestRatingLeaderboardEntry, PlatformStats, ProblemLeaderboardEntry } from '@javelin/contracts';
import { LeaderboardRepository } from './leaderboard.repository';

const DEFAULT_LIMIT = 100;

@Injectable()
export class LeaderboardService {
  constructor(private readonly repository: LeaderboardRepository) {}

  /** Practice standings: total score, ties by username. */
  practice(
    limit = DEFAULT_LIMIT,
    offset = 0,
  ): Promise<(ProblemLeaderboardEntry & { problemsSolved: number })[]> {
    return this.repository.practice(limit, offset);
  }

  /** Rated users by contest rating. */
  ratings(limit = DEFAULT_LIMIT, offset = 0): Promise<ContestRatingLeaderboardEntry[]> {
    return this.repository.ratings(limit, offset);
  }

  stats(): Promise<PlatformStats> {
    return this.repository.stats();
  }
}
