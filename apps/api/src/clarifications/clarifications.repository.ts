import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContestTeam } from '@javelin/contracts';
import { DataSource } from 'typeorm';
import { returningRows } from '../common/sql';

export interface AnnouncementRow {
  id: string;
  contestId: string;
  text: string;
  createdAt: Date;
}

export interface ClarificationRow {
  id: string;
  contestId: string;
  userId: string;
  username: string;
  /** The asker's team when it is a contest package's team account (issue 43). */
  team: ContestTeam | null;
  problemId: string | null;
  problemTitle: string | null;
  question: string;
  answer: string | null;
  isPublic: boolean;
  createdAt: Date;
  answeredAt: Date | null;
}

interface ClarificationRecord {
  id: string;
  contest_id: string;
  user_id: string;
  username: string;
  team: ContestTeam | null;
  problem_id: string | null;
  problem_title: string | null;
  question: string;
  answer: string | null;
  is_public: boolean;
  created_at: Date;
  answered_at: Date | null;
}

const CLARIFICATION_COLUMNS = `c.id, c.contest_id, c.user_id, u.username, c.problem_id, p.title AS problem_title,
  c.question, c.answer, c.is_public, c.created_at, c.answered_at,
  (SELECT json_build_object('label', ct.label, 'name', coalesce(ct.display_name, ct.name), 'organization', co.name)
     FROM contest_teams ct
     LEFT JOIN contest_organizations co ON co.contest_id = ct.contest_id AND co.clics_id = ct.organization_id
    WHERE ct.contest_id = c.contest_id AND ct.user_id = c.user_id) AS team`;
const CLARIFICATION_JOINS = `JOIN users u ON u.id = c.user_id LEFT JOIN problems p ON p.id = c.problem_id`;

function toClarification(r: ClarificationRecord): ClarificationRow {
  return {
    id: r.id,
    contestId: r.contest_id,
    userId: r.user_id,
    username: r.username,
    team: r.team,
    problemId: r.problem_id,
    problemTitle: r.problem_title,
    question: r.question,
    answer: r.answer,
    isPublic: r.is_public,
    createdAt: r.created_at,
    answeredAt: r.answered_at,
  };
}

/** The SQL of a contest's announcements and clarifications. */
@Injectable()
export class ClarificationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async addAnnouncement(contestId: string, text: string, createdBy: string): Promise<AnnouncementRow> {
    const [row]: { id: string; created_at: Date }[] = await this.db.query(
      `INSERT INTO contest_announcements (contest_id, text, created_by) VALUES ($1, $2, $3) RETURNING id, created_at`,
      [contestId, text, createdBy],
    );
    return { id: row.id, contestId, text, createdAt: row.created_at };
  }

  /** Newest first. */
  async announcements(contestId: string): Promise<AnnouncementRow[]> {
    const rows: { id: string; text: string; created_at: Date }[] = await this.db.query(
      `SELECT id, text, created_at FROM contest_announcements WHERE contest_id = $1 ORDER BY created_at DESC, id`,
      [contestId],
    );
    return rows.map((r) => ({ id: r.id, contestId, text: r.text, createdAt: r.created_at }));
  }

  async addClarification(
    contestId: string,
    userId: string,
    problemId: string | null,
    question: string,
  ): Promise<ClarificationRow> {
    const [{ id }]: { id: string }[] = await this.db.query(
      `INSERT INTO contest_clarifications (contest_id, user_id, problem_id, question) VALUES ($1, $2, $3, $4) RETURNING id`,
      [contestId, userId, problemId, question],
    );
    return (await this.clarification(contestId, id))!;
  }

  async clarification(contestId: string, id: string): Promise<ClarificationRow | null> {
    const rows: ClarificationRecord[] = await this.db.query(
      `SELECT ${CLARIFICATION_COLUMNS} FROM contest_clarifications c ${CLARIFICATION_JOINS}
        WHERE c.contest_id = $1 AND c.id = $2`,
      [contestId, id],
    );
    return rows[0] ? toClarification(rows[0]) : null;
  }

  /** Newest first: every clarification (admins), or those of `userId` and the public ones. */
  async clarifications(
    contestId: string,
    visibleTo: { all: true } | { userId: string | null },
  ): Promise<ClarificationRow[]> {
    const everything = 'all' in visibleTo;
    const rows: ClarificationRecord[] = await this.db.query(
      `SELECT ${CLARIFICATION_COLUMNS} FROM contest_clarifications c ${CLARIFICATION_JOINS}
        WHERE c.contest_id = $1 AND ($2 OR c.is_public OR c.user_id = $3)
        ORDER BY c.created_at DESC, c.id`,
      [contestId, everything, everything ? null : visibleTo.userId],
    );
    return rows.map(toClarification);
  }

  /** Records (or corrects) the answer; null when no such clarification is in the contest. */
  async answer(
    contestId: string,
    id: string,
    answer: string,
    isPublic: boolean,
    answeredBy: string,
  ): Promise<ClarificationRow | null> {
    const updated = await returningRows<{ id: string }>(
      this.db.manager,
      `UPDATE contest_clarifications SET answer = $3, is_public = $4, answered_by = $5, answered_at = clock_timestamp()
        WHERE contest_id = $1 AND id = $2 RETURNING id`,
      [contestId, id, answer, isPublic, answeredBy],
    );
    if (updated.length === 0) return null;
    return this.clarification(contestId, id);
  }
}
