import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returningRows } from '../common/sql';
import { eloRatingChanges, sharedRanks } from './rating';

interface Standing {
  user_id: string;
  score: number;
  last_improved_at: Date | null;
}

/** Applies a finished contest's rating changes, exactly once however many instances try. */
@Injectable()
export class RatingsService {
  private readonly logger = new Logger('Ratings');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Returns false when the contest is unknown, not over, or already finalised. */
  async finalize(contestId: string, now = new Date()): Promise<boolean> {
    const rated = await this.db.transaction(async (m) => {
      const claimed = await returningRows<{ id: string }>(
        m,
        `UPDATE contests SET finalized_at = $2 WHERE id = $1 AND finalized_at IS NULL AND end_time <= $2 RETURNING id`,
        [contestId, now],
      );
      if (claimed.length === 0) return null;
      // Rated: participants with at least one judged submission in the contest.
      const standings: Standing[] = await m.query(
        `SELECT p.user_id, COALESCE(s.score, 0) AS score, s.last_improved_at
           FROM contest_participants p
           LEFT JOIN contest_scores s ON s.contest_id = p.contest_id AND s.user_id = p.user_id
          WHERE p.contest_id = $1
            AND EXISTS (SELECT 1 FROM judgements j WHERE j.contest_id = p.contest_id AND j.user_id = p.user_id AND j.all_tests)
          ORDER BY score DESC, s.last_improved_at ASC NULLS LAST, p.user_id`,
        [contestId],
      );
      if (standings.length === 0) return 0;
      const ranks = sharedRanks(
        standings,
        (a, b) => a.score === b.score && a.last_improved_at?.getTime() === b.last_improved_at?.getTime(),
      );
      // Lock the profiles in a fixed order so two contests finalising together cannot deadlock.
      const profiles: { user_id: string; rating: number }[] = await m.query(
        `SELECT user_id, rating FROM profiles WHERE user_id = ANY($1) ORDER BY user_id FOR UPDATE`,
        [standings.map((s) => s.user_id)],
      );
      const ratingOf = new Map(profiles.map((p) => [p.user_id, p.rating]));
      const players = standings.map((s, i) => ({ userId: s.user_id, rating: ratingOf.get(s.user_id) ?? 1500, rank: ranks[i] }));
      const changes = eloRatingChanges(players);
      for (const player of players) {
        const newRating = Math.max(0, player.rating + (changes.get(player.userId) ?? 0));
        await m.query(
          `INSERT INTO rating_changes (contest_id, user_id, old_rating, new_rating, rank, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
          [contestId, player.userId, player.rating, newRating, Math.floor(player.rank), now],
        );
        await m.query(`UPDATE profiles SET rating = $2, contests_participated = contests_participated + 1 WHERE user_id = $1`, [
          player.userId,
          newRating,
        ]);
      }
      return players.length;
    });
    if (rated !== null) this.logger.log(`contest ${contestId} finalised: ${rated} participants rated`);
    return rated !== null;
  }

  /** Contests that are over but not yet rated (a restart may have missed their moment). */
  async overdue(now = new Date()): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM contests WHERE finalized_at IS NULL AND end_time <= $1 ORDER BY end_time`,
      [now],
    );
    return rows.map((r) => r.id);
  }
}
