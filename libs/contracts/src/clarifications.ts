import { z } from 'zod';
import { FieldSentences, requiredText, uuidField } from './request-rules';
import { contestTeamSchema } from './contests';
import { ResponseSchemas } from './response-rules';
/** Limits of what participants and admins write during a contest (both sides validate them). */
export const ANNOUNCEMENT_MAX_LENGTH = 2_000;
export const CLARIFICATION_QUESTION_MAX_LENGTH = 1_000;
export const CLARIFICATION_ANSWER_MAX_LENGTH = 2_000;

/** A message from the organisers to everyone on a contest's page; kept and listed newest first. */
export const contestAnnouncementSchema = z
  .object({ _id: z.string(), id: z.string(), contestId: z.string(), text: z.string(), createdAt: z.string() })
  .register(ResponseSchemas, { id: 'ContestAnnouncement' });
export type ContestAnnouncement = z.infer<typeof contestAnnouncementSchema>;

/** Inferred from createAnnouncementSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type CreateAnnouncementRequest = z.infer<typeof createAnnouncementSchema>;

/**
 * A participant's question about a contest (or one of its problems) and, once given, the answer.
 * `public` answers are shown to everyone in the contest; otherwise only to the asker and admins.
 */
export const contestClarificationSchema = z
  .object({
    _id: z.string(),
    id: z.string(),
    contestId: z.string(),
    problemId: z.string().nullable(),
    /** The problem's title, when the question is about one. */
    problemTitle: z.string().nullable(),
    question: z.string(),
    /** The asker's username, for admins and the asker; null for others reading a public answer. */
    askedBy: z.string().nullable(),
    /** Shown with askedBy when the asker is a contest package's team account (issue 43). */
    askedByTeam: contestTeamSchema.optional(),
    answer: z.string().nullable(),
    public: z.boolean(),
    createdAt: z.string(),
    answeredAt: z.string().nullable(),
  })
  .register(ResponseSchemas, { id: 'ContestClarification' });
export type ContestClarification = z.infer<typeof contestClarificationSchema>;

/** Inferred from askClarificationSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type AskClarificationRequest = z.infer<typeof askClarificationSchema>;

/** Inferred from answerClarificationSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type AnswerClarificationRequest = z.infer<typeof answerClarificationSchema>;

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

/** POST /api/contests/:id/announcements. */
export const createAnnouncementSchema = z.strictObject({
  text: requiredText(
    'text',
    ANNOUNCEMENT_MAX_LENGTH,
    true,
    FieldSentences.atMostCharacters('text', ANNOUNCEMENT_MAX_LENGTH),
  ),
});

/** POST /api/contests/:id/clarifications: a question, about one problem or the contest. */
export const askClarificationSchema = z.strictObject({
  problemId: uuidField('problemId').optional(),
  question: requiredText(
    'question',
    CLARIFICATION_QUESTION_MAX_LENGTH,
    true,
    FieldSentences.atMostCharacters('question', CLARIFICATION_QUESTION_MAX_LENGTH),
  ),
});

/** POST /api/contests/:id/clarifications/:clarificationId/answer. */
export const answerClarificationSchema = z.strictObject({
  answer: requiredText(
    'answer',
    CLARIFICATION_ANSWER_MAX_LENGTH,
    true,
    FieldSentences.atMostCharacters('answer', CLARIFICATION_ANSWER_MAX_LENGTH),
  ),
  /** true: every participant reads the answer; false: only the asker (and admins). */
  public: z.boolean({ error: FieldSentences.trueOrFalse('public') }),
});

export type CreateAnnouncementBody = z.output<typeof createAnnouncementSchema>;
export type AskClarificationBody = z.output<typeof askClarificationSchema>;
export type AnswerClarificationBody = z.output<typeof answerClarificationSchema>;
