import type { EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';

/** A rated participant's final standing. */
export interface FinalStanding {
  userId: string;
  score: number;
  lastImprovedAt: Date | null;
}

/** The SQL of contest finalisation and rating changes, on one connection or transaction `m`. */
export class RatingsRepository {
  constructor(private readonly m: EntityManager) {}

  /** Marks an ended contest finalised; false when it is unknown, not over, or another instance did it first. */
  async claim(contestId: string, now: Date): Promise<boolean> {
    const claimed = await returningRows<{ id: string }>(
      this.m,
      `UPDATE contests SET finalized_at = $2 WHERE id = $1 AND finalized_at IS NULL AND end_time <= $2 RETURNING id`,
      [contestId, now],
    );
    return claimed.length > 0;
  }

  /** Participants with at least one judged submission in the contest, best first. */
  async ratedStandings(contestId: string): Promise<FinalStanding[]> {
    const rows: { user_id: string; score: number; last_improved_at: Date | null }[] = await this.m.query(
      `SELECT p.user_id, COALESCE(s.score, 0) AS score, s.last_improved_at
         FROM contest_participants p
         LEFT JOIN contest_scores s ON s.contest_id = p.contest_id AND s.user_id = p.user_id
        WHERE p.contest_id = $1
          AND EXISTS (SELECT 1 FROM judgements j WHERE j.contest_id = p.contest_id AND j.user_id = p.user_id AND j.all_tests)
        ORDER BY score DESC, s.last_improved_at ASC NULLS LAST, p.user_id`,
      [contestId],
    );
    return rows.map((r) => ({ userId: r.user_id, score: r.score, lastImprovedAt: r.last_improved_at }));
  }

  /** Current ratings, locked in a fixed order so two contests finalising together cannot deadlock. */
  async lockRatings(userIds: string[]): Promise<Map<string, number>> {
    const rows: { user_id: string; rating: number }[] = await this.m.query(
      `SELECT user_id, rating FROM profiles WHERE user_id = ANY($1) ORDER BY user_id FOR UPDATE`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.user_id, r.rating]));
  }

  async recordChange(change: {
    contestId: string;
    userId: string;
    oldRating: number;
    newRating: number;
    rank: number;
    at: Date;
  }) {
    await this.m.query(
      `INSERT INTO rating_changes (contest_id, user_id, old_rating, new_rating, rank, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [change.contestId, change.userId, change.oldRating, change.newRating, change.rank, change.at],
    );
    await this.m.query(
      `UPDATE profiles SET rating = $2, contests_participated = contests_participated + 1 WHERE user_id = $1`,
      [change.userId, change.newRating],
    );
  }

  /** Contests that are over but not yet rated. */
  async overdue(now: Date): Promise<string[]> {
    const rows: { id: string }[] = await this.m.query(
      `SELECT id FROM contests WHERE finalized_at IS NULL AND end_time <= $1 ORDER BY end_time`,
      [now],
    );
    return rows.map((r) => r.id);
  }
}
