import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContestFormat } from '@javelin/contracts';
import { DataSource } from 'typeorm';
import { returningRows } from '../common/sql';
import { Contest } from './contest.entity';

/** A problem's place and points in a contest. */
export interface ContestProblemLink {
  contestId: string;
  problemId: string;
  position: number;
  points: number;
}

export interface NewContest {
  title: string;
  description: string;
  startTime: Date;
  endTime: Date;
  maxParticipants: number;
  format: ContestFormat;
  penaltyMinutes: number;
  freezeMinutes: number;
  allowAiHelp: boolean;
  createdBy: string;
  /** In contest order, each with the points it is worth in this contest. */
  problems: { problemId: string; points: number }[];
}

/** The SQL of contests, their problems and participants, and the rows mapped to plain objects. */
/** Joins remembered at most (then forgotten all at once and read again). */
const JOINED_KEPT = 200_000;

@Injectable()
export class ContestsRepository {
  /**
   * (contest, user) pairs known to have joined. Nothing leaves contest_participants (a join is for
   * good), so a yes once read stays true: every run, submit and solve of a contest asks, and only the
   * first per participant goes to the database.
   */
  private readonly joined = new Set<string>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  findById(id: string): Promise<Contest | null> {
    return this.db.getRepository(Contest).findOne({ where: { id } });
  }

  newestFirst(): Promise<Contest[]> {
    return this.db.getRepository(Contest).find({ order: { startTime: 'DESC' } });
  }

  async links(contestIds: string[]): Promise<ContestProblemLink[]> {
    if (contestIds.length === 0) return [];
    const rows: { contest_id: string; problem_id: string; position: number; points: number }[] =
      await this.db.query(
        `SELECT contest_id, problem_id, position, points FROM contest_problems WHERE contest_id = ANY($1) ORDER BY position`,
        [contestIds],
      );
    return rows.map((r) => ({
      contestId: r.contest_id,
      problemId: r.problem_id,
      position: r.position,
      points: r.points,
    }));
  }

  /** What a problem is worth in a contest, or null when it is not one of the contest's problems. */
  async pointsFor(contestId: string, problemId: string): Promise<number | null> {
    const rows: { points: number }[] = await this.db.query(
      `SELECT points FROM contest_problems WHERE contest_id = $1 AND problem_id = $2`,
      [contestId, problemId],
    );
    return rows[0]?.points ?? null;
  }

  async isParticipant(contestId: string, userId: string): Promise<boolean> {
    const key = `${contestId}/${userId}`;
    if (this.joined.has(key)) return true;
    const rows = await this.db.query(
      `SELECT 1 FROM contest_participants WHERE contest_id = $1 AND user_id = $2`,
      [contestId, userId],
    );
    if (rows.length === 0) return false;
    if (this.joined.size >= JOINED_KEPT) this.joined.clear();
    this.joined.add(key);
    return true;
  }

  async joinedIds(userId: string, contestIds: string[]): Promise<Set<string>> {
    if (contestIds.length === 0) return new Set();
    const rows: { contest_id: string }[] = await this.db.query(
      `SELECT contest_id FROM contest_participants WHERE user_id = $1 AND contest_id = ANY($2)`,
      [userId, contestIds],
    );
    return new Set(rows.map((r) => r.contest_id));
  }

  create(contest: NewContest): Promise<Contest> {
    return this.db.transaction(async (m) => {
      const { problems, ...fields } = contest;
      const saved = await m.getRepository(Contest).save(m.getRepository(Contest).create(fields));
      for (const [position, { problemId, points }] of problems.entries()) {
        await m.query(
          `INSERT INTO contest_problems (contest_id, problem_id, position, points) VALUES ($1, $2, $3, $4)`,
          [saved.id, problemId, position, points],
        );
      }
      return saved;
    });
  }

  /** Moves a running contest's end to `now`. */
  async endAt(id: string, now: Date): Promise<void> {
    await this.db.query(`UPDATE contests SET end_time = $2 WHERE id = $1 AND end_time > $2`, [id, now]);
  }

  /** Lifts a contest's freeze; false when it was not frozen (or another request lifted it first). */
  async unfreeze(id: string, now: Date): Promise<boolean> {
    const rows = await returningRows<{ id: string }>(
      this.db.manager,
      `UPDATE contests SET unfrozen_at = $2 WHERE id = $1 AND freeze_minutes > 0 AND unfrozen_at IS NULL RETURNING id`,
      [id, now],
    );
    return rows.length > 0;
  }

  /** Deletes a contest with its solves (their points go with it). */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(`DELETE FROM solved_problems WHERE contest_id = $1`, [id]);
      await m.query(`DELETE FROM contests WHERE id = $1`, [id]);
    });
  }

  /**
   * Joins while upcoming and not full: the new participant count, null when the contest refused
   * (unknown, started or full), 'already-joined' for a second join.
   */
  join(id: string, userId: string, now: Date): Promise<number | null | 'already-joined'> {
    return this.db
      .transaction(async (m) => {
        // The conditional increment locks the contest row: concurrent joins queue here, one at a time.
        const [row] = await returningRows<{ participant_count: number }>(
          m,
          `UPDATE contests SET participant_count = participant_count + 1
          WHERE id = $1 AND start_time > $2 AND participant_count < max_participants
          RETURNING participant_count`,
          [id, now],
        );
        if (!row) return null;
        const inserted = await m.query(
          `INSERT INTO contest_participants (contest_id, user_id, joined_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING user_id`,
          [id, userId, now],
        );
        if (inserted.length > 0) return row.participant_count;
        // Undo the increment: the transaction rolls back.
        throw new AlreadyJoined();
      })
      .catch((error: unknown) => {
        if (error instanceof AlreadyJoined) return 'already-joined' as const;
        throw error;
      });
  }

  async solvedProblemIds(contestId: string, userId: string): Promise<string[]> {
    const rows: { problem_id: string }[] = await this.db.query(
      `SELECT problem_id FROM solved_problems WHERE contest_id = $1 AND user_id = $2 ORDER BY solved_at`,
      [contestId, userId],
    );
    return rows.map((r) => r.problem_id);
  }

  /** Contests whose end is still ahead and not yet rated, for the scheduler after a restart. */
  async pendingEnds(): Promise<{ id: string; endTime: Date }[]> {
    const rows: { id: string; end_time: Date }[] = await this.db.query(
      `SELECT id, end_time FROM contests WHERE finalized_at IS NULL AND end_time > now()`,
    );
    return rows.map((r) => ({ id: r.id, endTime: r.end_time }));
  }
}

class AlreadyJoined extends Error {}
