import { Injectable, Logger } from '@nestjs/common';
import { INITIAL_RATING } from '@javelin/contracts';
import type { ContestFormat } from '@javelin/contracts';
import { Transactions } from '../common/transactions';
import { compareStandings } from './ranking';
import { codeforcesRatingChanges, RatedPlayer, sharedRanks } from './rating';
import { FinalStanding, RatingsRepository } from './ratings.repository';

/** Two final standings share a place when the contest's ranking rule ties them (ranking.ts). */
function tied(format: ContestFormat) {
  return (a: FinalStanding, b: FinalStanding) => compareStandings(format, a, b) === 0;
}

/** Applies a finished contest's rating changes, exactly once however many instances try. */
@Injectable()
export class RatingsService {
  private readonly logger = new Logger('Ratings');

  constructor(private readonly transactions: Transactions) {}

  /** Returns false when the contest is unknown, not over, still frozen, or already finalised. */
  async finalize(contestId: string, now = new Date()): Promise<boolean> {
    const rated = await this.transactions.run(async (m) => {
      const ratings = new RatingsRepository(m);
      if (!(await ratings.claim(contestId, now))) return null;
      const format = await ratings.formatOf(contestId);
      const standings = await ratings.ratedStandings(contestId, format);
      if (standings.length === 0) return 0;
      const ratingOf = await ratings.lockRatings(standings.map((s) => s.userId));
      const players = this.players(format, standings, (id) => ratingOf.get(id) ?? INITIAL_RATING);
      const changes = codeforcesRatingChanges(players);
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

  /**
   * After a rejudge changed a finalised contest's standings: the changes are computed again from the
   * same ratings before, and each profile moves by the difference. Running it again changes nothing.
   * Returns the number of changes revised (0 when the contest is not finalised).
   */
  async rerate(contestId: string): Promise<number> {
    return this.transactions.run(async (m) => {
      const ratings = new RatingsRepository(m);
      const format = await ratings.lockFinalised(contestId);
      if (format === null) return 0;
      const applied = new Map((await ratings.appliedChanges(contestId)).map((c) => [c.userId, c]));
      const standings = (await ratings.ratedStandings(contestId, format)).filter((s) =>
        applied.has(s.userId),
      );
      await ratings.lockRatings(standings.map((s) => s.userId));
      const players = this.players(format, standings, (id) => applied.get(id)!.oldRating);
      const changes = codeforcesRatingChanges(players);
      let revised = 0;
      for (const player of players) {
        const before = applied.get(player.userId)!;
        const newRating = Math.max(0, player.rating + (changes.get(player.userId) ?? 0));
        if (newRating === before.newRating) continue;
        await ratings.reviseChange(
          contestId,
          player.userId,
          newRating,
          Math.floor(player.rank),
          before.newRating,
        );
        revised++;
      }
      return revised;
    });
  }

  /** Contests that are over but not yet rated (a restart may have missed their moment). */
  overdue(now = new Date()): Promise<string[]> {
    return this.transactions.run((m) => new RatingsRepository(m).overdue(now));
  }

  private players(
    format: ContestFormat,
    standings: FinalStanding[],
    ratingOf: (userId: string) => number,
  ): RatedPlayer[] {
    const ranks = sharedRanks(standings, tied(format));
    return standings.map((s, i) => ({ userId: s.userId, rating: ratingOf(s.userId), rank: ranks[i] }));
  }
}
