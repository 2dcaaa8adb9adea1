import { z } from 'zod';
import { FieldSentences, typeError } from './request-rules';
import { contestTeamSchema } from './contests';
import { ResponseSchemas } from './response-rules';
/** Pairs of accepted solutions at least this similar (Dolos' 0..1 similarity) are reported. */
export const PLAGIARISM_DEFAULT_THRESHOLD = 0.7;

export const PLAGIARISM_STATUSES = ['idle', 'queued', 'running', 'done', 'failed'] as const;
/** idle: never run; queued/running: a job is under way; done: `pairs` is the report; failed: `error` says why. */
export const plagiarismStatusSchema = z
  .enum(PLAGIARISM_STATUSES)
  .register(ResponseSchemas, { id: 'PlagiarismStatus' });
export type PlagiarismStatus = z.infer<typeof plagiarismStatusSchema>;

/** A run of lines and columns in a solution (0-based rows and columns, end exclusive), as Dolos reports it. */
export const codeRegionSchema = z
  .object({ startRow: z.number(), startCol: z.number(), endRow: z.number(), endCol: z.number() })
  .register(ResponseSchemas, { id: 'CodeRegion' });
export type CodeRegion = z.infer<typeof codeRegionSchema>;

/** One matching fragment: where it lies in solution A and in solution B. */
export const plagiarismFragmentSchema = z
  .object({ a: codeRegionSchema, b: codeRegionSchema })
  .register(ResponseSchemas, { id: 'PlagiarismFragment' });
export type PlagiarismFragment = z.infer<typeof plagiarismFragmentSchema>;

const pairFields = {
  id: z.string(),
  problemId: z.string(),
  problemTitle: z.string(),
  userA: z.string(),
  userB: z.string(),
  usernameA: z.string(),
  usernameB: z.string(),
  similarity: z.number(),
  submissionA: z.string(),
  submissionB: z.string(),
  /** A contest package's team account (issue 43): its label, team name and organization. */
  teamA: contestTeamSchema.optional(),
  teamB: contestTeamSchema.optional(),
};

export const plagiarismPairSchema = z.object(pairFields).register(ResponseSchemas, { id: 'PlagiarismPair' });
export type PlagiarismPair = z.infer<typeof plagiarismPairSchema>;

/** GET /api/admin/contests/:id/plagiarism. */
export const plagiarismReportSchema = z
  .object({
    status: plagiarismStatusSchema,
    /** Problems analysed so far out of all the contest's problems. */
    progress: z.object({ done: z.number(), total: z.number() }),
    threshold: z.number(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    error: z.string().nullable(),
    /** Most similar first. */
    pairs: z.array(plagiarismPairSchema),
  })
  .register(ResponseSchemas, { id: 'PlagiarismReport' });
export type PlagiarismReport = z.infer<typeof plagiarismReportSchema>;

/** One reported pair with both solutions and the fragments they share, for the side-by-side view. */
export const plagiarismPairDetailSchema = z
  .object({
    ...pairFields,
    codeA: z.string(),
    codeB: z.string(),
    fragments: z.array(plagiarismFragmentSchema),
  })
  .register(ResponseSchemas, { id: 'PlagiarismPairDetail' });
export type PlagiarismPairDetail = z.infer<typeof plagiarismPairDetailSchema>;

/** The API's queue of plagiarism jobs (under REDIS_PREFIX). */
export const PLAGIARISM_QUEUE = 'plagiarism';

/** Pairs less alike than this are noise: a shared boilerplate alone reaches it. */
const PLAGIARISM_MIN_THRESHOLD = 0.1;

/** POST /api/admin/contests/:id/plagiarism. */
export const startPlagiarismSchema = z.strictObject({
  /** Pairs at least this similar (0.1..1) are reported; the default is PLAGIARISM_DEFAULT_THRESHOLD. */
  threshold: z
    .number({ error: typeError('threshold', FieldSentences.mustBeNumber('threshold')) })
    .min(PLAGIARISM_MIN_THRESHOLD, FieldSentences.atLeast('threshold', PLAGIARISM_MIN_THRESHOLD))
    .max(1, FieldSentences.atMost('threshold', 1))
    .optional(),
});

export type StartPlagiarismBody = z.output<typeof startPlagiarismSchema>;
