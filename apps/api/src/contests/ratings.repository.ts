import type { ContestFormat } from '@javelin/contracts';
import type { EntityManager } from 'typeorm';
import { returningRows } from '../common/sql';
import { contestMinuteSql } from './ranking';

/** A rated participant's real final standing (never the frozen one). */
export interface FinalStanding {
  userId: string;
  score: number;
  problemsSolved: number;
  penalty: number;
  /** The time that breaks ties, as StandingKey has it: ICPC, the last accept's contest minute; points, epoch ms. */
  lastAt: number | null;
}

/** A rating change already applied for a contest. */
export interface AppliedChange {
  userId: string;
  oldRating: number;
  newRating: number;
}

/** The SQL of contest finalisation and rating changes, on one connection or transaction `m`. */
export class RatingsRepository {
  constructor(private readonly m: EntityManager) {}

  /**
   * Marks an ended contest finalised; false when it is unknown, not over, still frozen (it is rated
   * when an admin unfreezes it), or another instance did it first.
   */
  async claim(contestId: string, now: Date): Promise<boolean> {
    const claimed = await returningRows<{ id: string }>(
      this.m,
      `UPDATE contests SET finalized_at = $2
        WHERE id = $1 AND finalized_at IS NULL AND end_time <= $2 AND (freeze_minutes = 0 OR unfrozen_at IS NOT NULL)
        RETURNING id`,
      [contestId, now],
    );
    return claimed.length > 0;
  }

  /** The contest's format once it is finalised (locked, so two re-ratings queue), or null when it is not. */
  async lockFinalised(contestId: string): Promise<ContestFormat | null> {
    const rows: { format: ContestFormat }[] = await this.m.query(
      `SELECT format FROM contests WHERE id = $1 AND finalized_at IS NOT NULL FOR UPDATE`,
      [contestId],
    );
    return rows[0]?.format ?? null;
  }

  async formatOf(contestId: string): Promise<ContestFormat> {
    const [row]: { format: ContestFormat }[] = await this.m.query(
      `SELECT format FROM contests WHERE id = $1`,
      [contestId],
    );
    return row?.format ?? 'points';
  }

  /** Participants with at least one judged submission in the contest, best first in its format (compareStandings). */
  async ratedStandings(contestId: string, format: ContestFormat): Promise<FinalStanding[]> {
    const order =
      format === 'icpc'
        ? `problems_solved DESC, penalty ASC, last_minute ASC NULLS LAST, p.user_id`
        : format === 'ioi'
          ? `score DESC, p.user_id`
          : `score DESC, last_at ASC NULLS LAST, p.user_id`;
    const rows: {
      user_id: string;
      score: number;
      problems_solved: number;
      penalty: number;
      last_at: Date | null;
      last_minute: number | null;
    }[] = await this.m.query(
      `SELECT p.user_id, COALESCE(s.score, 0) AS score, COALESCE(s.problems_solved, 0) AS problems_solved,
                COALESCE(s.penalty, 0) AS penalty, s.last_improved_at AS last_at,
                ${contestMinuteSql('s.last_accepted_at', 'c.start_time')} AS last_minute
           FROM contest_participants p JOIN contests c ON c.id = p.contest_id
           LEFT JOIN contest_scores s ON s.contest_id = p.contest_id AND s.user_id = p.user_id
          WHERE p.contest_id = $1
            AND EXISTS (SELECT 1 FROM judgements j WHERE j.contest_id = p.contest_id AND j.user_id = p.user_id AND j.all_tests)
          ORDER BY ${order}`,
      [contestId],
    );
    return rows.map((r) => ({
      userId: r.user_id,
      score: r.score,
      problemsSolved: r.problems_solved,
      penalty: r.penalty,
      lastAt: format === 'icpc' ? r.last_minute : (r.last_at?.getTime() ?? null),
    }));
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

  /** The changes a finalised contest applied. */
  async appliedChanges(contestId: string): Promise<AppliedChange[]> {
    const rows: { user_id: string; old_rating: number; new_rating: number }[] = await this.m.query(
      `SELECT user_id, old_rating, new_rating FROM rating_changes WHERE contest_id = $1`,
      [contestId],
    );
    return rows.map((r) => ({ userId: r.user_id, oldRating: r.old_rating, newRating: r.new_rating }));
  }

  /** Replaces an applied change: the profile moves by the difference, so later contests' changes stay on top. */
  async reviseChange(
    contestId: string,
    userId: string,
    newRating: number,
    rank: number,
    previous: number,
  ): Promise<void> {
    await this.m.query(
      `UPDATE rating_changes SET new_rating = $3, rank = $4 WHERE contest_id = $1 AND user_id = $2`,
      [contestId, userId, newRating, rank],
    );
    await this.m.query(`UPDATE profiles SET rating = GREATEST(0, rating + $2) WHERE user_id = $1`, [
      userId,
      newRating - previous,
    ]);
  }

  /** Contests that are over, not yet rated, and not waiting for an unfreeze. */
  async overdue(now: Date): Promise<string[]> {
    const rows: { id: string }[] = await this.m.query(
      `SELECT id FROM contests WHERE finalized_at IS NULL AND end_time <= $1 AND (freeze_minutes = 0 OR unfrozen_at IS NOT NULL) ORDER BY end_time`,
      [now],
    );
    return rows.map((r) => r.id);
  }
}
