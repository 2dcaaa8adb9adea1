import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { eloRatingChanges, sharedRanks } from './rating';
import { RatingsRepository } from './ratings.repository';

/** A rating before the first rated contest. */
const INITIAL_RATING = 1500;

/** Applies a finished contest's rating changes, exactly once however many instances try. */
@Injectable()
export class RatingsService {
  private readonly logger = new Logger('Ratings');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Returns false when the contest is unknown, not over, or already finalised. */
  async finalize(contestId: string, now = new Date()): Promise<boolean> {
    const rated = await this.db.transaction(async (m) => {
      const ratings = new RatingsRepository(m);
      if (!(await ratings.claim(contestId, now))) return null;
      const standings = await ratings.ratedStandings(contestId);
      if (standings.length === 0) return 0;
      const ranks = sharedRanks(
        standings,
        (a, b) => a.score === b.score && a.lastImprovedAt?.getTime() === b.lastImprovedAt?.getTime(),
      );
      const ratingOf = await ratings.lockRatings(standings.map((s) => s.userId));
      const players = standings.map((s, i) => ({
        userId: s.userId,
        rating: ratingOf.get(s.userId) ?? INITIAL_RATING,
        rank: ranks[i],
      }));
      const changes = eloRatingChanges(players);
      for (const player of players) {
        await ratings.recordChange({
          contestId,
          userId: player.userId,
          oldRating: player.rating,
          newRating: Math.max(0, player.rating + (changes.get(player.userId) ?? 0)),
          rank: Math.floor(player.rank),
          at: now,
        });
      }
      return players.length;
    });
    if (rated !== null) this.logger.log(`contest ${contestId} finalised: ${rated} participants rated`);
    return rated !== null;
  }

  /** Contests that are over but not yet rated (a restart may have missed their moment). */
  overdue(now = new Date()): Promise<string[]> {
    return new RatingsRepository(this.db.manager).overdue(now);
  }
}
