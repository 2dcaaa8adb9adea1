import type { runCustomSchema } from './execution';
import { z } from 'zod';
import { contestModeField, javaCodeFields, modeNeedsContest, modeNeedsContestProblem } from './execution';
import { FieldSentences, queryWholeNumber, typeError, uuidField } from './request-rules';
import { executionResultSchema, type ExecutionResult } from './execution';
import { verdictSchema } from './judge';
import { ResponseSchemas } from './response-rules';
import { groupResultSchema } from './scoring';
import { contestModeSchema } from './virtual';

/** Sentences of the practice pages (issue 17) that the spec does not word; the spec's own live in the web's catalogue. */
export const PracticeMessages = {
  alreadySolvedTitle: 'Already solved',
  alreadySolved: 'You have already solved this problem, so no new points were awarded.',
  signInToRun: 'Sign in to run and submit your solution.',
  signInKeepsCode: 'Your code stays in this browser while you sign in.',
  confirmReset: 'Reset the editor to the starter code? Your current code will be lost.',
  stderrTruncated: '… (standard error truncated)',
  hiddenTest: 'Hidden test case — input and output are not shown.',
  unrated: 'Unrated',
  noSubmissions: 'No submissions yet',
  customInputInvalid: (name: string, type: string) => `${name} must be a valid ${type}`,
} as const;

/** What the server says about a custom run's input map, naming the variable. */
export const CustomInputSentences = {
  notAnInput: (name: string) => `inputs.${name} is not an input of this problem`,
  required: (name: string) => `inputs.${name} is required`,
  invalid: (name: string, reason: string) => `inputs.${name}: ${reason}`,
} as const;

/** How much of a run's standard error the results panel shows. */
export const STDERR_DISPLAY_LIMIT = 2_000;

/** A test result as the results panel shows it: example and custom runs may carry the program's standard error. */
export type ShownResult = ExecutionResult & { stderr?: string };

/** One full judgement (a submit) in the caller's history: GET /api/submissions. */
export const submissionSummarySchema = z
  .object({
    _id: z.string(),
    problemId: z.string(),
    problemTitle: z.string(),
    contestId: z.string().nullable(),
    /** A practice or virtual-run submit made from an ended contest's page: which, and that contest. */
    contestMode: contestModeSchema.optional(),
    viaContestId: z.string().optional(),
    verdict: verdictSchema,
    passedCount: z.number(),
    totalCount: z.number(),
    /** The slowest test's time, milliseconds. */
    maxTimeMs: z.number(),
    createdAt: z.string(),
    /** A scoring problem's submit (issue 31): its score and the most it could have scored. */
    score: z.number().optional(),
    maxScore: z.number().optional(),
  })
  .register(ResponseSchemas, { id: 'SubmissionSummary' });
export type SubmissionSummary = z.infer<typeof submissionSummarySchema>;

/** GET /api/submissions/:id: the code and per-test results, hidden tests masked as execute-code masks them. */
export const submissionDetailSchema = z
  .object({
    ...submissionSummarySchema.shape,
    code: z.string(),
    language: z.literal('java'),
    results: z.array(executionResultSchema),
    compileError: z.string().optional(),
    /** A scoring problem's submit (issue 31): each group's result. */
    groups: z.array(groupResultSchema).optional(),
  })
  .register(ResponseSchemas, { id: 'SubmissionDetail' });
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

export const submissionPageSchema = z
  .object({
    items: z.array(submissionSummarySchema),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  })
  .register(ResponseSchemas, { id: 'SubmissionPage' });
export type SubmissionPage = z.infer<typeof submissionPageSchema>;

/** POST /api/submissions → 201. */
export const submissionCreatedSchema = z.object({ _id: z.string() });

/** POST /api/submissions/solve. */
export const solveResponseSchema = z.object({
  success: z.literal(true),
  alreadySolved: z.boolean(),
  points: z.number(),
  message: z.string(),
});
export type SolveResponse = z.infer<typeof solveResponseSchema>;

/** GET /api/submissions/acceptance-rates: one per problem. */
export const acceptanceRateSchema = z.object({
  problemId: z.string(),
  solvedUsers: z.number(),
  submittedUsers: z.number(),
  acceptedSubmissions: z.number(),
  judgedSubmissions: z.number(),
  acceptanceRate: z.number(),
});
export type AcceptanceRate = z.infer<typeof acceptanceRateSchema>;

export const SUBMISSIONS_PAGE_DEFAULT = 20;
export const SUBMISSIONS_PAGE_MAX = 100;

/** POST /api/run-custom: runs the code on the user's own input; nothing is compared. */
/** Inferred from runCustomSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type RunCustomRequest = z.infer<typeof runCustomSchema>;

export const runCustomResponseSchema = z
  .object({
    actualOutput: z.string(),
    stderr: z.string(),
    executionTime: z.number(),
    verdict: verdictSchema,
    error: z.string(),
    compileError: z.string().optional(),
  })
  .register(ResponseSchemas, { id: 'RunCustomResponse' });
export type RunCustomResponse = z.infer<typeof runCustomResponseSchema>;

/** What a client may say about its own run of a submission; the server records its own judgement. */
export const CLIENT_STATUS_MAX_LENGTH = 32;
export const CLIENT_TEST_COUNT_MAX = 10_000;

/** A client's count of tests; numeric strings are read as numbers, as they always were. */
const clientCount = (field: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || Array.isArray(value) ? value : Number(value)),
    z
      .number({ error: typeError(field, FieldSentences.wholeNumber(field)) })
      .int(FieldSentences.wholeNumber(field))
      .min(0, FieldSentences.notLessThan(field, 0))
      .max(CLIENT_TEST_COUNT_MAX, FieldSentences.notGreaterThan(field, CLIENT_TEST_COUNT_MAX)),
  );

/** POST /api/submissions. */
export const submissionSchema = z
  .strictObject({
    contestId: uuidField('contestId').optional(),
    contestMode: contestModeField,
    status: z
      .string({ error: typeError('status', FieldSentences.mustBeString('status')) })
      .max(CLIENT_STATUS_MAX_LENGTH, FieldSentences.maxLength('status', CLIENT_STATUS_MAX_LENGTH))
      .optional(),
    testCasesPassed: clientCount('testCasesPassed').optional(),
    totalTestCases: clientCount('totalTestCases').optional(),
    ...javaCodeFields,
  })
  .refine(modeNeedsContest, modeNeedsContestProblem);

/** POST /api/solve. */
export const solveSchema = z
  .strictObject({
    problemId: uuidField('problemId'),
    submissionId: uuidField('submissionId'),
    contestId: uuidField('contestId').optional(),
    contestMode: contestModeField,
  })
  .refine(modeNeedsContest, modeNeedsContestProblem);

/** PostgreSQL's OFFSET takes a bigint; far past any history, and a clear 400 instead of a database error. */
export const SUBMISSIONS_OFFSET_MAX = 1_000_000_000;

/** GET /api/submissions: the caller's submits, optionally for one problem or contest, a page at a time. */
export const submissionHistoryQuerySchema = z.strictObject({
  problemId: uuidField('problemId').optional(),
  contestId: uuidField('contestId').optional(),
  limit: queryWholeNumber(
    'limit',
    { value: 1, message: FieldSentences.atLeast('limit', 1) },
    { value: SUBMISSIONS_PAGE_MAX, message: FieldSentences.atMost('limit', SUBMISSIONS_PAGE_MAX) },
  ),
  offset: queryWholeNumber(
    'offset',
    { value: 0, message: FieldSentences.notNegative('offset') },
    { value: SUBMISSIONS_OFFSET_MAX, message: FieldSentences.atMost('offset', SUBMISSIONS_OFFSET_MAX) },
  ),
});

export type SubmissionBody = z.output<typeof submissionSchema>;
export type SolveBody = z.output<typeof solveSchema>;
export type SubmissionHistoryQuery = z.output<typeof submissionHistoryQuerySchema>;
