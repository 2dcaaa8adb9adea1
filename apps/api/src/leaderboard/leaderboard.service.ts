import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContestRatingLeaderboardEntry, PlatformStats, ProblemLeaderboardEntry } from '@javelin/contracts';
import { DataSource } from 'typeorm';

const DEFAULT_LIMIT = 100;

@Injectable()
export class LeaderboardService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Practice standings: total score, ties by fewer problems needed, then name. */
  async practice(
    limit = DEFAULT_LIMIT,
    offset = 0,
  ): Promise<(ProblemLeaderboardEntry & { problemsSolved: number })[]> {
    const rows: {
      user_id: string;
      full_name: string;
      username: string;
      total_score: number;
      problems_solved: number;
    }[] = await this.db.query(
      `SELECT p.user_id, u.full_name, u.username, p.total_score, p.problems_solved
           FROM profiles p JOIN users u ON u.id = p.user_id
          WHERE p.total_score > 0
          ORDER BY p.total_score DESC, u.username ASC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return rows.map((r) => ({
      userId: r.user_id,
      fullName: r.full_name,
      username: r.username,
      totalScore: r.total_score,
      problemsSolved: r.problems_solved,
    }));
  }

  /** Rated users by contest rating. */
  async ratings(limit = DEFAULT_LIMIT, offset = 0): Promise<ContestRatingLeaderboardEntry[]> {
    const rows: {
      user_id: string;
      full_name: string;
      username: string;
      rating: number;
      contests_participated: number;
    }[] = await this.db.query(
      `SELECT p.user_id, u.full_name, u.username, p.rating, p.contests_participated
           FROM profiles p JOIN users u ON u.id = p.user_id
          WHERE p.contests_participated > 0
          ORDER BY p.rating DESC, p.contests_participated DESC, u.username ASC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return rows.map((r) => ({
      userId: r.user_id,
      fullName: r.full_name,
      username: r.username,
      contestRating: r.rating,
      contestsParticipated: r.contests_participated,
    }));
  }

  async stats(): Promise<PlatformStats> {
    const [row]: { problems: number; contests: number; users: number }[] = await this.db.query(
      `SELECT (SELECT count(*) FROM problems WHERE is_visible)::int AS problems,
              (SELECT count(*) FROM contests)::int AS contests,
              (SELECT count(*) FROM users)::int AS users`,
    );
    return row;
  }
}
