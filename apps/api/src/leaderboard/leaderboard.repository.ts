import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ContestRatingLeaderboardEntry,
  PlatformStats,
  ProblemLeaderboardEntry,
} from '@javelin/contracts';
import { DataSource } from 'typeorm';
import { acceptanceRate, userNumbersSql, type UserNumbersRow } from '../contests/user-numbers';

/** The SQL of the practice and rating leaderboards and the platform counts, rows mapped to the wire's shapes. */
@Injectable()
export class LeaderboardRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Users with practice points: total score, ties by username; each with the profile's numbers
   * (problems solved, acceptance) as the public sees them (a freeze hides its late results).
   */
  async practice(
    limit: number,
    offset: number,
  ): Promise<(ProblemLeaderboardEntry & { problemsSolved: number })[]> {
    const rows: ({
      user_id: string;
      full_name: string;
      username: string;
      total_score: number;
    } & UserNumbersRow)[] = await this.db.query(
      `SELECT top.*, ${userNumbersSql('top.user_id', '$3', '$4')}
         FROM (SELECT p.user_id, u.full_name, u.username, p.total_score
                 FROM profiles p JOIN users u ON u.id = p.user_id
                WHERE p.total_score > 0
                ORDER BY p.total_score DESC, u.username ASC LIMIT $1 OFFSET $2) top
        ORDER BY top.total_score DESC, top.username ASC`,
      [limit, offset, null, false],
    );
    return rows.map((r) => ({
      userId: r.user_id,
      fullName: r.full_name,
      username: r.username,
      totalScore: r.total_score,
      problemsSolved: r.distinct_solved,
      acceptanceRate: acceptanceRate(r.accepted_submissions, r.judged_submissions),
    }));
  }

  /** Users with at least one rated contest: rating, then more contests, then username. */
  async ratings(limit: number, offset: number): Promise<ContestRatingLeaderboardEntry[]> {
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

  /**
   * Visible problems, contests and active users: the users with points, the same people the problem
   * leaderboard ranks, so the home page's 'Active Users' and its 'Total Participants' agree (issue 45).
   */
  async stats(): Promise<PlatformStats> {
    const [row]: PlatformStats[] = await this.db.query(
      `SELECT (SELECT count(*) FROM problems WHERE is_visible)::int AS problems,
              (SELECT count(*) FROM contests)::int AS contests,
              (SELECT count(*) FROM profiles WHERE total_score > 0)::int AS users`,
    );
    return row;
  }
}
