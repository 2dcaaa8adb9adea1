import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Activity, Profile as ProfileDto, RatingChange, ServerMessages } from '@javelin/contracts';
import { DataSource, QueryFailedError } from 'typeorm';
import type { AuthUser } from '../users/users.service';
import { UpdateProfileDto } from './dto';

export const PROFILE_NOT_FOUND = ServerMessages.profileNotFound;
const RECENT_ACTIVITY = 5;

interface ProfileRow {
  user_id: string;
  username: string;
  full_name: string;
  email: string;
  bio: string;
  preferred_language: string;
  total_score: number;
  problems_solved: number;
  rating: number;
  contests_participated: number;
}

@Injectable()
export class ProfilesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async get(userId: string, includeEmail: boolean): Promise<ProfileDto> {
    const [row]: ProfileRow[] = await this.db.query(
      `SELECT p.*, u.username, u.full_name, u.email FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.user_id = $1`,
      [userId],
    );
    if (!row) throw new NotFoundException(PROFILE_NOT_FOUND);
    return {
      userId: row.user_id,
      username: row.username,
      fullName: row.full_name,
      ...(includeEmail ? { email: row.email } : {}),
      bio: row.bio,
      preferredLanguage: row.preferred_language,
      totalScore: row.total_score,
      problemsSolved: row.problems_solved,
      rating: row.rating,
      contestsParticipated: row.contests_participated,
    };
  }

  async update(user: AuthUser, dto: UpdateProfileDto): Promise<ProfileDto> {
    if (dto.email !== undefined && dto.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new BadRequestException(ServerMessages.emailCannotChange);
    }
    try {
      await this.db.transaction(async (m) => {
        if (dto.username !== undefined || dto.fullName !== undefined) {
          if (dto.username !== undefined) {
            const taken = await m.query(
              `SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2`,
              [dto.username, user.id],
            );
            if (taken.length) throw new ConflictException(ServerMessages.usernameTaken);
          }
          await m.query(
            `UPDATE users SET username = COALESCE($2, username), full_name = COALESCE($3, full_name) WHERE id = $1`,
            [user.id, dto.username ?? null, dto.fullName ?? null],
          );
        }
        await m.query(
          `UPDATE profiles SET bio = COALESCE($2, bio), preferred_language = COALESCE($3, preferred_language) WHERE user_id = $1`,
          // A null bio clears it; an absent one keeps it.
          [user.id, dto.bio === null ? '' : (dto.bio ?? null), dto.preferredLanguage ?? null],
        );
      });
    } catch (error) {
      // Two users taking one name at the same moment meet the unique index.
      if (error instanceof QueryFailedError && (error as { code?: string }).code === '23505') {
        throw new ConflictException(ServerMessages.usernameTaken);
      }
      throw error;
    }
    return this.get(user.id, true);
  }

  async activity(userId: string): Promise<Activity[]> {
    await this.assertExists(userId);
    const rows: { problem_id: string; title: string; difficulty: string; points: number; solved_at: Date }[] =
      await this.db.query(
        `SELECT s.problem_id, p.title, p.difficulty, s.points, s.solved_at
           FROM solved_problems s JOIN problems p ON p.id = s.problem_id
          WHERE s.user_id = $1 ORDER BY s.solved_at DESC LIMIT $2`,
        [userId, RECENT_ACTIVITY],
      );
    return rows.map((r) => ({
      problemId: r.problem_id,
      problemTitle: r.title,
      difficulty: r.difficulty,
      points: r.points,
      solvedAt: r.solved_at.toISOString(),
    }));
  }

  async ratingHistory(userId: string): Promise<RatingChange[]> {
    await this.assertExists(userId);
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

  private async assertExists(userId: string): Promise<void> {
    const rows = await this.db.query(`SELECT 1 FROM profiles WHERE user_id = $1`, [userId]);
    if (rows.length === 0) throw new NotFoundException(PROFILE_NOT_FOUND);
  }
}
