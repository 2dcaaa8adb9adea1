/** Limits of what participants and admins write during a contest (both sides validate them). */
export const ANNOUNCEMENT_MAX_LENGTH = 2_000;
export const CLARIFICATION_QUESTION_MAX_LENGTH = 1_000;
export const CLARIFICATION_ANSWER_MAX_LENGTH = 2_000;

/** A message from the organisers to everyone on a contest's page; kept and listed newest first. */
export interface ContestAnnouncement {
  _id: string;
  id: string;
  contestId: string;
  text: string;
  createdAt: string;
}

export interface CreateAnnouncementRequest {
  text: string;
}

/**
 * A participant's question about a contest (or one of its problems) and, once given, the answer.
 * `public` answers are shown to everyone in the contest; otherwise only to the asker and admins.
 */
export interface ContestClarification {
  _id: string;
  id: string;
  contestId: string;
  problemId: string | null;
  /** The problem's title, when the question is about one. */
  problemTitle: string | null;
  question: string;
  /** The asker's username, for admins and the asker; null for others reading a public answer. */
  askedBy: string | null;
  answer: string | null;
  public: boolean;
  createdAt: string;
  answeredAt: string | null;
}

export interface AskClarificationRequest {
  problemId?: string;
  question: string;
}

export interface AnswerClarificationRequest {
  answer: string;
  public: boolean;
}

/**
 * Named events of the contest SSE stream (`GET /api/contests/:id/leaderboard/stream`) besides
 * 'leaderboard' and 'heartbeat'. Each viewer receives only what they may read: a private answer
 * goes to its asker's streams (and admins'), a new question to admins' and the asker's.
 */
export const CONTEST_STREAM_EVENTS = {
  leaderboard: 'leaderboard',
  announcement: 'announcement',
  clarification: 'clarification',
  heartbeat: 'heartbeat',
} as const;
