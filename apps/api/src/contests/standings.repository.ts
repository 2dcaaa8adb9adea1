import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContestLeaderboardEntry } from '@javelin/contracts';
import { DataSource, EntityManager } from 'typeorm';

/** The SQL of `contest_scores`: one row per participant with points, kept as solves commit. */
@Injectable()
export class StandingsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Adds a contest solve's points inside the solve's transaction `m`. */
  async recordSolve(
    m: EntityManager,
    userId: string,
    contestId: string,
    points: number,
    at: Date,
  ): Promise<void> {
    await m.query(
      `INSERT INTO contest_scores (contest_id, user_id, score, problems_solved, last_improved_at)
       VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT (contest_id, user_id) DO UPDATE SET
         score = contest_scores.score + EXCLUDED.score,
         problems_solved = contest_scores.problems_solved + 1,
         last_improved_at = CASE WHEN EXCLUDED.score > 0 THEN EXCLUDED.last_improved_at ELSE contest_scores.last_improved_at END`,
      [contestId, userId, points, at],
    );
  }

  async contestExists(contestId: string): Promise<boolean> {
    return (await this.db.query(`SELECT 1 FROM contests WHERE id = $1`, [contestId])).length > 0;
  }

  /** Best first: score, then the earlier last score-raising accept, then user id. */
  async page(contestId: string, limit: number, offset: number): Promise<ContestLeaderboardEntry[]> {
    const rows: {
      user_id: string;
      username: string;
      full_name: string;
      score: number;
      problems_solved: number;
    }[] = await this.db.query(
      `SELECT s.user_id, u.username, u.full_name, s.score, s.problems_solved
           FROM contest_scores s JOIN users u ON u.id = s.user_id
          WHERE s.contest_id = $1
          ORDER BY s.score DESC, s.last_improved_at ASC, s.user_id ASC
          LIMIT $2 OFFSET $3`,
      [contestId, limit, offset],
    );
    return rows.map((r, i) => ({
      userId: r.user_id,
      username: r.username,
      fullName: r.full_name,
      score: r.score,
      problemsSolved: r.problems_solved,
      rank: offset + i + 1,
    }));
  }
}
