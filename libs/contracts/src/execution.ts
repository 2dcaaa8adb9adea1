import type { solveSchema, submissionSchema } from './practice';
import type { debugHelpSchema } from './ai';
import { z } from 'zod';
import { MAX_CODE_BYTES, ServerMessages } from './messages';
import { FieldSentences, requiredUuid, typeError, utf8Bytes, uuidField } from './request-rules';
import { verdictSchema, type Verdict } from './judge';
import { ResponseSchemas } from './response-rules';
import { groupResultSchema } from './scoring';
import { CONTEST_MODES } from './contest-modes';

/** Inferred from executeCodeSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type ExecuteCodeRequest = z.infer<typeof executeCodeSchema>;

/**
 * One test's result as the web sees it; hidden tests carry no input or outputs for non-admins, and
 * (for non-admins) a hidden test's `executionTime` is the judgement's slowest time, never its own.
 */
export const executionResultSchema = z
  .object({
    testCaseId: z.string(),
    input: z.string(),
    expectedOutput: z.string(),
    actualOutput: z.string(),
    passed: z.boolean(),
    executionTime: z.number(),
    error: z.string(),
    isExample: z.boolean(),
    verdict: verdictSchema,
    /**
     * True on a test a submit did not judge: the judge stops at the first failing test (examples run
     * first) and the tests after it are never run. Absent on every judged test (see ExecutionMessages).
     */
    notJudged: z.boolean().optional(),
    /**
     * A problem package's output validator feedback on this test (its judgemessage.txt; issue 29): for
     * admins only. The API keeps it with a submission and strips it from every answer to anyone else.
     */
    feedback: z.string().optional(),
  })
  .register(ResponseSchemas, { id: 'ExecutionResult' });
export type ExecutionResult = z.infer<typeof executionResultSchema>;

/**
 * How a test that was not judged travels (a submit stopped at its first failure; issue 27):
 *
 * - `notJudged: true`, `passed: false`, `executionTime: 0`, `actualOutput: ''`, `error` the sentence
 *   `ExecutionMessages.notJudgedError`; an example keeps its input and expected output, a hidden test
 *   is masked as any hidden test.
 * - `verdict` is the verdict the judgement stopped on (the first failing test's), as a compilation
 *   error marks every test `compilation_error`: no new value joins `VERDICTS`, so the verdict metrics,
 *   the stored history and any client that reads only the spec's fields keep working, and such a
 *   client sees the submission's reason on every test it did not pass.
 * - `passedCount` counts the tests that passed (all before the first failure), `totalCount` every test;
 *   `results` still has one entry per test, in the order judged (examples first).
 */
export const ExecutionMessages = {
  /** The results panel's label for a test that was not judged (chip and detail). */
  notJudged: 'Not judged',
  /** The `error` of a test that was not judged. */
  notJudgedError: 'Not judged: the submission stopped at its first failing test',
  /** Beside a submit's "passed" count, when tests were not judged. */
  notJudgedCount: (count: number) => `${count} not judged`,
} as const;

/** The results without the validator's feedback: what anyone but an admin is shown. */
export function withoutFeedback<T extends Pick<ExecutionResult, 'feedback'>>(results: readonly T[]): T[] {
  return results.map((r) => {
    if (r.feedback === undefined) return r;
    const { feedback: _feedback, ...rest } = r;
    return rest as T;
  });
}

/** Whether a shown result is a test that was not judged (see ExecutionMessages). */
export const isNotJudged = (r: Pick<ExecutionResult, 'notJudged'>): boolean => r.notJudged === true;

export const executeCodeResponseSchema = z
  .object({
    results: z.array(executionResultSchema),
    overallPassed: z.boolean(),
    passedCount: z.number(),
    totalCount: z.number(),
    verdict: verdictSchema,
    compileError: z.string().optional(),
    /** A scoring problem's submit (issue 31): the earned groups' points (`overallPassed` stays "every test passed"). */
    score: z.number().optional(),
    /** A scoring problem's submit: the sum of its groups' points. */
    maxScore: z.number().optional(),
    /** A scoring problem's submit: each group's result, in order. */
    groups: z.array(groupResultSchema).optional(),
  })
  .register(ResponseSchemas, { id: 'ExecuteCodeResponse' });
export type ExecuteCodeResponse = z.infer<typeof executeCodeResponseSchema>;

/**
 * Where a run or submit stands while it is judged, keyed by the X-Request-Id its POST /api/execute-code
 * carried: `GET /api/execute-code/{requestId}/progress` streams these (server-sent events named
 * 'progress'), only to the request's owner, and ends with the 'done' (or 'failed') one.
 * - queued: waiting for a judge, `position` 1 = next.
 * - judging: `judged` of `total` tests have finished.
 * - done: the verdict the POST answers with; `failedTest` the 1-based first failing test in the order
 *   judged (examples first), absent when accepted or for a compilation error.
 * - failed: the judgement ended without a verdict (the POST answers with an error).
 */
export type JudgingProgress =
  | { state: 'queued'; position: number; total: number; groups?: GroupProgress[] }
  | { state: 'judging'; judged: number; total: number; groups?: GroupProgress[] }
  | {
      state: 'done';
      verdict: Verdict;
      failedTest?: number;
      passedCount: number;
      totalCount: number;
      groups?: GroupProgress[];
    }
  | { state: 'failed' };

/**
 * Where a scoring problem's test group stands while a submit is judged (issue 31), in a progress event's
 * `groups` (one per group, in order): none of its tests finished (pending), some finished and none
 * failed (judging), every test passed and every group it depends on was earned (earned), or it cannot
 * be earned any more: one of its tests failed, or a group it depends on failed (failed). The counts
 * and `firstFailedTest` mean what they mean in the final answer's GroupResult; nothing of a test's data.
 */
export type GroupProgressState = 'pending' | 'judging' | 'earned' | 'failed';

export interface GroupProgress {
  name: string;
  points: number;
  state: GroupProgressState;
  passedCount: number;
  totalCount: number;
  /** The 1-based number (examples first, as in `results`) of the group's first failing test; null when none. */
  firstFailedTest: number | null;
}

/** The headline of a judgement and the words of its progress (issue 30). */
export const VerdictMessages = {
  accepted: 'Accepted',
  compilationError: 'Compilation Error',
  /** "Wrong Answer on test 4"; without a test number the verdict alone. */
  onTest: (verdict: Verdict, test?: number) =>
    test ? `${VERDICT_TITLES[verdict]} on test ${test}` : VERDICT_TITLES[verdict],
  judging: (k: number, n: number) => `Judging… test ${k} of ${n}`,
  /**
   * A partial score's headline (issue 45): the score first, never a plain failure. Its line under it
   * names the first group that failed: "Group g2: Time Limit Exceeded on test 11".
   */
  partial: (score: number, maxScore: number) => `Partial — ${score} / ${maxScore}`,
  inGroup: (group: string, headline: string) => `Group ${group}: ${headline}`,
  compiling: 'Judging…',
  inQueue: (position: number) => `In queue (position ${position})`,
  /** Says which judgement the AI debug help explains. */
  debugAbout: (kind: 'run' | 'submit', headline: string) =>
    `Explaining your last ${kind === 'run' ? 'run' : 'submission'}: ${headline}`,
  debugNothing: 'Nothing to explain yet: run or submit your code, and ask again when a test fails.',
  analyzeUnlocked: 'Get feedback on complexity and style of your accepted solution.',
  progressNotFound: 'No judging in progress with this request id',
  badRequestId: 'requestId must be 1 to 100 letters, digits, dots, dashes or underscores',
} as const;

/** Each verdict as a judge names it to people (Codeforces' words). */
export const VERDICT_TITLES: Record<Verdict, string> = {
  accepted: 'Accepted',
  wrong_answer: 'Wrong Answer',
  time_limit_exceeded: 'Time Limit Exceeded',
  memory_limit_exceeded: 'Memory Limit Exceeded',
  runtime_error: 'Runtime Error',
  output_limit_exceeded: 'Output Limit Exceeded',
  compilation_error: 'Compilation Error',
};

/** The shape a request id has (X-Request-Id): what the progress of a judgement is keyed by. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

export type SubmissionStatus = 'accepted' | 'wrong_answer' | 'pending' | string;

/** Inferred from submissionSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type SubmissionRequest = z.infer<typeof submissionSchema>;

/** Inferred from solveSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type SolveRequest = z.infer<typeof solveSchema>;

/** Spec §3 "Solved-problem entry": problemId or _id. */
export const solvedProblemEntrySchema = z
  .object({
    problemId: z.union([z.string(), z.object({ _id: z.string() })]).optional(),
    _id: z.string().optional(),
    /** Practice points of the solve (0 when solved only in a contest: those count in the contest). */
    points: z.number().optional(),
    solvedAt: z.string().optional(),
    /** Solved in a contest only (issue 45: still solved, as Codeforces counts it). */
    inContest: z.boolean().optional(),
  })
  .register(ResponseSchemas, { id: 'SolvedProblemEntry' });
export type SolvedProblemEntry = z.infer<typeof solvedProblemEntrySchema>;

/** Inferred from debugHelpSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type DebugHelpRequest = z.infer<typeof debugHelpSchema>;

/**
 * The `code` of every run, submission and AI call: Java source of at most MAX_CODE_BYTES in UTF-8.
 */
export const javaSourceSchema = z
  .string({ error: typeError('code', FieldSentences.isRequired('code')) })
  .refine((value) => utf8Bytes(value) <= MAX_CODE_BYTES, FieldSentences.codeTooLarge)
  .meta({ maxLength: MAX_CODE_BYTES, description: `at most ${MAX_CODE_BYTES} bytes in UTF-8` });

/** Java source for a problem: what run and submit start from. */
export const javaCodeFields = {
  code: javaSourceSchema,
  language: z.literal('java', { error: FieldSentences.languageJava }),
  problemId: uuidField('problemId'),
};

/**
 * How a try with a contestId uses the contest (issue 21): absent, the live contest; 'practice', an
 * ended contest's problem practised from its page; 'virtual', the caller's running virtual run.
 */
export const contestModeField = z
  .enum(CONTEST_MODES, { error: typeError('contestMode', FieldSentences.contestMode) })
  .optional()
  .meta({
    description:
      "Only with contestId. Absent: the live contest (joined, while active). 'practice': a problem of the ended contest practised from its page, kept as practice, never counted in the contest. 'virtual': a try in the caller's running virtual run of the contest (POST /api/contests/{id}/virtual).",
  });

/** A contestMode names how a contestId is used, so it comes with one. */
export const modeNeedsContest = (body: { contestId?: string; contestMode?: string }) =>
  body.contestMode === undefined || body.contestId !== undefined;
export const modeNeedsContestProblem = {
  message: ServerMessages.contestModeNeedsContestId,
  path: ['contestMode'],
};

/** POST /api/execute-code. */
export const executeCodeSchema = z
  .strictObject({
    runAllTestCases: z
      .boolean({ error: typeError('runAllTestCases', FieldSentences.runAllTestCasesBoolean) })
      .optional(),
    contestId: uuidField('contestId').optional(),
    contestMode: contestModeField,
    ...javaCodeFields,
  })
  .refine(modeNeedsContest, modeNeedsContestProblem);

/**
 * The `code` of a request that must carry it (run-custom, analyze-code, debug-help): the same rule,
 * null refused as a missing one ("code is required"), like its neighbours.
 */
const requiredJavaSource = z
  .string({ error: FieldSentences.isRequired('code') })
  .refine((value) => utf8Bytes(value) <= MAX_CODE_BYTES, FieldSentences.codeTooLarge)
  .meta({ maxLength: MAX_CODE_BYTES, description: `at most ${MAX_CODE_BYTES} bytes in UTF-8` });

/** Java source for a problem, every field required (null refused as any wrong value): custom runs and the AI calls. */
export const javaCodeBodyFields = {
  code: requiredJavaSource,
  language: z.literal('java', { error: FieldSentences.languageJava }),
  problemId: requiredUuid('problemId'),
};

/** Bounds of a custom run's input map: a problem has a handful of variables, each one line or one array. */
export const CUSTOM_INPUT_MAX_KEYS = 50;
export const CUSTOM_INPUT_MAX_CHARS = 100_000;

function isInputMap(value: unknown): value is Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= CUSTOM_INPUT_MAX_KEYS &&
    entries.every(([, v]) => typeof v === 'string' && v.length <= CUSTOM_INPUT_MAX_CHARS)
  );
}

/** POST /api/run-custom: the caller's own input values, by variable name, each as typed. */
export const runCustomSchema = z.strictObject({
  ...javaCodeBodyFields,
  contestId: uuidField('contestId').optional(),
  inputs: z.preprocess(
    (value, ctx) => {
      if (!isInputMap(value))
        ctx.addIssue({
          code: 'custom',
          message: FieldSentences.customInputValues(CUSTOM_INPUT_MAX_KEYS, CUSTOM_INPUT_MAX_CHARS),
          input: value,
        });
      return value;
    },
    z
      .record(z.string(), z.string().max(CUSTOM_INPUT_MAX_CHARS))
      .meta({ maxProperties: CUSTOM_INPUT_MAX_KEYS }),
  ),
});

/** The `:requestId` of GET /api/execute-code/{requestId}/progress: an X-Request-Id's shape. */
export const requestIdParamSchema = z
  .string({ error: VerdictMessages.badRequestId })
  .regex(REQUEST_ID_PATTERN, VerdictMessages.badRequestId);

export type ExecuteCodeBody = z.output<typeof executeCodeSchema>;
export type RunCustomBody = z.output<typeof runCustomSchema>;
