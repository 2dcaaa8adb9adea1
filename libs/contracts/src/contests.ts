import { z } from 'zod';
import isISO8601 from 'validator/lib/isISO8601';
import isUUID from 'validator/lib/isUUID';
import { FieldSentences, queryWholeNumber, requiredText, typeError } from './request-rules';
import { problemSchema } from './problems';
import { organizationRefSchema } from './profiles';
import { ResponseSchemas } from './response-rules';

export const CONTEST_STATUSES = ['upcoming', 'active', 'ended'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];
export const contestStatusSchema = z
  .enum(CONTEST_STATUSES)
  .register(ResponseSchemas, { id: 'ContestStatus' });

export const DEFAULT_MAX_PARTICIPANTS = 100;

/** 'points': the spec's sum of points; 'icpc': problems solved, then penalty minutes. */
/** `ioi` (issue 31): each problem scores the sum over its groups of the best each group got in the contest. */
export const CONTEST_FORMATS = ['points', 'icpc', 'ioi'] as const;
export type ContestFormat = (typeof CONTEST_FORMATS)[number];
export const contestFormatSchema = z.enum(CONTEST_FORMATS).register(ResponseSchemas, { id: 'ContestFormat' });
export const DEFAULT_CONTEST_FORMAT: ContestFormat = 'points';
/** ICPC: minutes added for each rejected try before a problem's first accept. */
export const DEFAULT_PENALTY_MINUTES = 20;
/** The freeze before the end, in minutes; 0 means the standings never freeze. */
export const DEFAULT_FREEZE_MINUTES = 0;

export const contestProblemSchema = z
  .object({ problemId: problemSchema, points: z.number(), order: z.number() })
  .register(ResponseSchemas, { id: 'ContestProblem' });
export type ContestProblem = z.infer<typeof contestProblemSchema>;

export const contestSchema = z
  .object({
    _id: z.string(),
    id: z.string(),
    title: z.string(),
    description: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    status: contestStatusSchema,
    maxParticipants: z.number(),
    participantCount: z.number(),
    userJoined: z.boolean(),
    contestProblems: z.array(contestProblemSchema),
    format: contestFormatSchema,
    penaltyMinutes: z.number(),
    freezeMinutes: z.number(),
    /** When the standings froze (endTime − freezeMinutes), or null when the contest has no freeze. */
    freezeTime: z.string().nullable(),
    /** True while others' results after freezeTime are hidden: a freeze until an admin unfreezes. */
    frozen: z.boolean(),
    /** Issue 47: whether participants may use AI help on its problems while it runs (false unless an admin allowed it; the API always sends it). */
    allowAiHelp: z.boolean().optional(),
  })
  .register(ResponseSchemas, { id: 'Contest' });
export type Contest = z.infer<typeof contestSchema>;

/** Inferred from createContestSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type CreateContestRequest = z.infer<typeof createContestSchema>;

/** Contest status from the server's clock: before start upcoming, start..end inclusive active, after end ended. */
export function contestStatusAt(
  contest: { startTime: string | Date; endTime: string | Date },
  now: Date,
): ContestStatus {
  const t = now.getTime();
  if (t < new Date(contest.startTime).getTime()) return 'upcoming';
  if (t <= new Date(contest.endTime).getTime()) return 'active';
  return 'ended';
}

/** One participant's result on one problem of a contest. */
export const scoreboardCellSchema = z
  .object({
    problemId: z.string(),
    /** Rejected tries (compile errors never count) before the first accept, or all of them while unsolved. */
    attempts: z.number(),
    /** Whole minutes from the contest's start to the first accept, or null when not (visibly) solved. */
    acceptedAtMinutes: z.number().nullable(),
    /** Tries hidden by the freeze: shown as '?' with this number; 0 outside a freeze. */
    pending: z.number(),
    /** The earliest accept of this problem in the contest (among what this viewer may see). */
    firstSolve: z.boolean(),
    /** IOI contests (issue 31): the problem's score, the best of each group over the participant's submits. */
    score: z.number().optional(),
  })
  .register(ResponseSchemas, { id: 'ScoreboardCell' });
export type ScoreboardCell = z.infer<typeof scoreboardCellSchema>;

/**
 * A contest package's team account (issue 43) as the boards show it: its label, its team's name
 * (the display name, else the name) and its organization. Plagiarism reports and clarifications
 * carry it beside the account's username.
 */
export const contestTeamSchema = z
  .object({
    label: z.string().nullable(),
    name: z.string(),
    organization: z.string().nullable(),
  })
  .register(ResponseSchemas, { id: 'ContestTeam' });
export type ContestTeam = z.infer<typeof contestTeamSchema>;

export const contestLeaderboardEntrySchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    fullName: z.string().optional(),
    problemsSolved: z.number(),
    score: z.number(),
    rank: z.number().optional(),
    /** ICPC contests: the sum over solved problems of accept minutes + penaltyMinutes per rejected try. */
    penalty: z.number().optional(),
    /** One cell per problem the participant tried, in contest order. */
    cells: z.array(scoreboardCellSchema).optional(),
    /** Once the contest is rated (and unfrozen): the rating before and after it. */
    ratingBefore: z.number().optional(),
    ratingAfter: z.number().optional(),
    /** A virtual run's row on a virtual board (never on the contest's own standings). */
    virtual: z.boolean().optional(),
    /** The school or club the participant names on their profile (issue 32); the board filters by it. */
    organization: organizationRefSchema.optional(),
    /** A contest package's team (issue 43): its label, and its groups (the board's group filter). */
    label: z.string().optional(),
    groups: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  })
  .register(ResponseSchemas, { id: 'ContestLeaderboardEntry' });
export type ContestLeaderboardEntry = z.infer<typeof contestLeaderboardEntrySchema>;

/** An admin's rejudge of every submit of one problem (in one contest, or in practice). */
export const rejudgeProgressSchema = z
  .object({
    jobId: z.string(),
    problemId: z.string(),
    contestId: z.string().nullable(),
    total: z.number(),
    done: z.number(),
    changed: z.number(),
    finished: z.boolean(),
  })
  .register(ResponseSchemas, { id: 'RejudgeProgress' });
export type RejudgeProgress = z.infer<typeof rejudgeProgressSchema>;

export const problemLeaderboardEntrySchema = z
  .object({
    userId: z.string(),
    fullName: z.string(),
    username: z.string(),
    totalScore: z.number(),
    /** Distinct problems solved, in practice or in contests (as on the profile). */
    problemsSolved: z.number().optional(),
    /** Accepted submissions ÷ all judged submissions (as on the profile); null before the first. */
    acceptanceRate: z.number().nullable().optional(),
  })
  .register(ResponseSchemas, { id: 'ProblemLeaderboardEntry' });
export type ProblemLeaderboardEntry = z.infer<typeof problemLeaderboardEntrySchema>;

export const contestRatingLeaderboardEntrySchema = z
  .object({
    userId: z.string(),
    fullName: z.string(),
    username: z.string(),
    contestRating: z.number(),
    contestsParticipated: z.number(),
  })
  .register(ResponseSchemas, { id: 'ContestRatingLeaderboardEntry' });
export type ContestRatingLeaderboardEntry = z.infer<typeof contestRatingLeaderboardEntrySchema>;

/** POST /api/contests/:id/complete and /unfreeze: the contest as it now is, rated. */
export const contestSettledSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  contest: contestSchema,
});

/** GET /api/contests/:id/solved: the ids of the contest's problems the caller solved in it. */
export const solvedProblemIdsSchema = z.array(z.string());

/* ---- POST /api/contests and the leaderboards' pages ---- */

export const CONTEST_TITLE_MAX_LENGTH = 200;
export const CONTEST_DESCRIPTION_MAX_LENGTH = 10_000;
export const CONTEST_MAX_PROBLEMS = 50;

/** A number a form may send as text; an empty field or null is left out. */
const formNumber = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (value) =>
      value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
    schema.optional(),
  );

const wholeNumber = (field: string) =>
  z
    .number({ error: FieldSentences.wholeNumber(field) })
    .int(FieldSentences.wholeNumber(field))
    .meta({ type: 'integer' });

const isoDateTime = (field: string) =>
  z
    .string({ error: FieldSentences.isoDateTime(field) })
    .refine((value) => isISO8601(value, { strict: true }), FieldSentences.isoDateTime(field))
    .meta({ format: 'date-time' });

/** POST /api/contests. Left out, the format and the numbers take their defaults. */
export const createContestSchema = z
  .strictObject({
    title: requiredText('title', CONTEST_TITLE_MAX_LENGTH, true),
    description: z
      .string({ error: typeError('description', FieldSentences.mustBeString('description')) })
      .max(
        CONTEST_DESCRIPTION_MAX_LENGTH,
        FieldSentences.maxLength('description', CONTEST_DESCRIPTION_MAX_LENGTH),
      )
      .optional(),
    startTime: isoDateTime('startTime'),
    endTime: isoDateTime('endTime'),
    maxParticipants: formNumber(
      wholeNumber('maxParticipants')
        .min(1, FieldSentences.atLeast('maxParticipants', 1))
        .max(1_000_000, FieldSentences.notGreaterThan('maxParticipants', 1_000_000)),
    ),
    /** One sentence for the list, the most basic problem first. */
    problemIds: z.preprocess(
      (value, ctx) => {
        const problem =
          !Array.isArray(value) || value.length === 0
            ? FieldSentences.atLeastOneContestProblem
            : value.length > CONTEST_MAX_PROBLEMS
              ? FieldSentences.maxItems('problemIds', CONTEST_MAX_PROBLEMS)
              : value.some((id) => typeof id !== 'string' || !isUUID(id, 'all'))
                ? FieldSentences.problemIdsUuids
                : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
        return value;
      },
      z
        .array(z.string().meta({ format: 'uuid' }))
        .min(1)
        .max(CONTEST_MAX_PROBLEMS),
    ),
    format: z
      .enum(CONTEST_FORMATS, { error: typeError('format', FieldSentences.oneOf('format', CONTEST_FORMATS)) })
      .optional(),
    penaltyMinutes: formNumber(
      wholeNumber('penaltyMinutes')
        .min(0, FieldSentences.notNegative('penaltyMinutes'))
        .max(1_000, FieldSentences.atMost('penaltyMinutes', 1_000)),
    ),
    freezeMinutes: formNumber(
      wholeNumber('freezeMinutes')
        .min(0, FieldSentences.notNegative('freezeMinutes'))
        .max(1_000_000, FieldSentences.freezeLongerThanContest),
    ),
    /** Issue 47: allow AI help on the contest's problems for its participants while it runs. */
    allowAiHelp: z
      .boolean({ error: typeError('allowAiHelp', FieldSentences.trueOrFalse('allowAiHelp')) })
      .optional(),
  })
  .transform((body) => ({
    ...body,
    maxParticipants: body.maxParticipants ?? DEFAULT_MAX_PARTICIPANTS,
    format: body.format ?? DEFAULT_CONTEST_FORMAT,
    penaltyMinutes: body.penaltyMinutes ?? DEFAULT_PENALTY_MINUTES,
    freezeMinutes: body.freezeMinutes ?? DEFAULT_FREEZE_MINUTES,
    allowAiHelp: body.allowAiHelp ?? false,
  }));

/** A page of a leaderboard: GET /api/leaderboard/problems, /contests, a contest's and a virtual run's. */
export const leaderboardQuerySchema = z.strictObject({
  limit: queryWholeNumber(
    'limit',
    { value: 1, message: FieldSentences.atLeast('limit', 1) },
    { value: 1000, message: FieldSentences.atMost('limit', 1000) },
  ),
  offset: queryWholeNumber('offset', { value: 0, message: FieldSentences.notNegative('offset') }),
});

export type CreateContestBody = z.output<typeof createContestSchema>;
export type LeaderboardQuery = z.output<typeof leaderboardQuerySchema>;

/**
 * What an upcoming contest shows of a hidden problem instead of its title (issue 47): hidden problems
 * are named only from the start, in the REST API and CLICS alike. `order` counts from 1 (A, B, …).
 */
export function unrevealedProblemTitle(order: number): string {
  return `Problem ${order <= 26 ? String.fromCharCode(64 + order) : order}`;
}
