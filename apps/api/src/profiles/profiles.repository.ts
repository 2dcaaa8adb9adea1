import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Activity, Profile, RatingChange } from '@javelin/contracts';
import { DataSource } from 'typeorm';
import { returningRows } from '../common/sql';
import type { Tx } from '../common/transactions';
import { FreezeViewer, visibleThroughFreezeSql } from '../contests/freeze-visibility';
import { acceptanceRate, userNumbersSql, type UserNumbersRow } from '../contests/user-numbers';

interface ProfileRow extends UserNumbersRow {
  user_id: string;
  username: string;
  full_name: string;
  email: string;
  bio: string;
  preferred_language: string;
  total_score: number;
  solved_score: number;
  partial_score: number;
  rating: number;
  contests_participated: number;
  organization_id: string | null;
  organization_name: string | null;
}

/** A profile with its owner's names and email (whether the email goes out is the service's rule). */
type ProfileRecord = Required<Profile>;

/** The profiles table, and what a profile shows of solved problems and rating changes. */
@Injectable()
export class ProfilesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The profile with its numbers as `viewer` may see them (a freeze hides others' late results). */
  async byUserId(userId: string, viewer: FreezeViewer): Promise<ProfileRecord | null> {
    const [row]: ProfileRow[] = await this.db.query(
      `SELECT p.*, u.username, u.full_name, u.email, o.name AS organization_name,
              ${userNumbersSql('p.user_id', '$2', '$3')},
              (SELECT COALESCE(sum(s.points), 0)::int FROM solved_problems s
                WHERE s.user_id = p.user_id AND s.contest_id IS NULL) AS solved_score,
              (SELECT COALESCE(sum(ps.awarded), 0)::int FROM practice_scores ps
                WHERE ps.user_id = p.user_id AND NOT EXISTS (SELECT 1 FROM solved_problems s
                  WHERE s.user_id = ps.user_id AND s.problem_id = ps.problem_id AND s.contest_id IS NULL)) AS partial_score
         FROM profiles p JOIN users u ON u.id = p.user_id LEFT JOIN organizations o ON o.id = p.organization_id
        WHERE p.user_id = $1`,
      [userId, viewer.id, viewer.admin],
    );
    if (!row) return null;
    return {
      userId: row.user_id,
      username: row.username,
      fullName: row.full_name,
      email: row.email,
      bio: row.bio,
      preferredLanguage: row.preferred_language,
      totalScore: row.total_score,
      solvedScore: row.solved_score,
      partialScore: row.partial_score,
      problemsSolved: row.distinct_solved,
      rating: row.rating,
      contestsParticipated: row.contests_participated,
      acceptanceRate: acceptanceRate(row.accepted_submissions, row.judged_submissions),
      organization: row.organization_id ? { id: row.organization_id, name: row.organization_name! } : null,
    };
  }

  async exists(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM profiles WHERE user_id = $1`, [userId]);
    return rows.length > 0;
  }

  /** Sets the bio and the preferred language; null keeps each as it is. */
  async updateAbout(
    userId: string,
    about: { bio: string | null; preferredLanguage: string | null },
    tx: Tx,
  ): Promise<void> {
    await tx.query(
      `UPDATE profiles SET bio = COALESCE($2, bio), preferred_language = COALESCE($3, preferred_language) WHERE user_id = $1`,
      [userId, about.bio, about.preferredLanguage],
    );
  }

  /** Names the user's organization (null: none); false when no such organization exists. */
  async setOrganization(userId: string, organizationId: string | null, tx: Tx): Promise<boolean> {
    const rows = await returningRows(
      tx,
      `UPDATE profiles SET organization_id = $2 WHERE user_id = $1
          AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM organizations WHERE id = $2)) RETURNING user_id`,
      [userId, organizationId],
    );
    return rows.length > 0;
  }

  /** The user's latest solves that `viewer` may see (a frozen contest's hide its late ones), newest first. */
  async recentSolves(userId: string, limit: number, viewer: FreezeViewer): Promise<Activity[]> {
    const visible = visibleThroughFreezeSql(
      { owner: 's.user_id', contest: 's.contest_id', at: 's.solved_at' },
      '$3',
      '$4',
    );
    const rows: {
      problem_id: string;
      title: string;
      difficulty: string;
      points: number;
      solved_at: Date;
      contest_title: string | null;
    }[] = await this.db.query(
        `SELECT s.problem_id, p.title, p.difficulty, s.points, s.solved_at, c.title AS contest_title
           FROM solved_problems s JOIN problems p ON p.id = s.problem_id
           LEFT JOIN contests c ON c.id = s.contest_id
          WHERE s.user_id = $1 AND ${visible} ORDER BY s.solved_at DESC LIMIT $2`,
        [userId, limit, viewer.id, viewer.admin],
      );
    return rows.map((r) => ({
      problemId: r.problem_id,
      problemTitle: r.title,
      difficulty: r.difficulty,
      points: r.points,
      solvedAt: r.solved_at.toISOString(),
      contestTitle: r.contest_title,
    }));
  }

  /** Every rating change of the user, oldest first. */
  async ratingChanges(userId: string): Promise<RatingChange[]> {
    const rows: {
      contest_id: string;
      title: string;
      old_rating: number;
      new_rating: number;
      rank: number;
      created_at: Date;
    }[] = await this.db.query(
      `SELECT r.contest_id, c.title, r.old_rating, r.new_rating, r.rank, r.created_at
           FROM rating_changes r JOIN contests c ON c.id = r.contest_id
          WHERE r.user_id = $1 ORDER BY r.created_at, c.end_time`,
      [userId],
    );
    return rows.map((r) => ({
      contestId: r.contest_id,
      contestTitle: r.title,
      oldRating: r.old_rating,
      newRating: r.new_rating,
      rank: r.rank,
      at: r.created_at.toISOString(),
    }));
  }
}
