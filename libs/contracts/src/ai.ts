import { z } from 'zod';
import { MAX_CODE_BYTES } from './messages';
import { javaCodeBodyFields } from './execution';
import { FieldSentences, typeError, type Issue } from './request-rules';
import { ResponseSchemas } from './response-rules';
import type { JudgeJobData, JudgeLimits } from './judge';
import type { InlineJudgeTest } from './judge-job';
import type { ProblemInputType } from './problem-types';

/**
 * The AI features' jobs on the judge queue (issue 19). They travel on JUDGE_QUEUE beside the judging
 * jobs, told apart by the BullMQ job name, and at a lower priority so a contest's submissions go first.
 * Nothing of the user's code ever runs in the API: the judge compiles and runs it in its sandbox.
 */
export const AI_JOB_NAMES = ['ai-lint', 'ai-measure', 'ai-counterexample'] as const;
export type AiJobName = (typeof AI_JOB_NAMES)[number];

export function isAiJobName(name: unknown): name is AiJobName {
  return typeof name === 'string' && (AI_JOB_NAMES as readonly string[]).includes(name);
}

/** BullMQ priority of the AI jobs (a larger number runs later; judging jobs carry none and go first). */
export const AI_JOB_PRIORITY = 10;

/** `ai-lint`: compile with `javac -Xlint:all` in the warm compile service; nothing runs. */
export interface AiLintJobData {
  code: string;
}

export interface AiLintResult {
  /** False when the judge could not compile (no warm compile service, a compile timeout). */
  ran: boolean;
  compiled: boolean;
  /** javac's own text (`Main.java:5: warning: [rawtypes] …`), errors and warnings. */
  diagnostics: string;
  /** The file name the diagnostics name (`Main.java`). */
  fileName: string;
  note?: string;
}

/** A range of numbers a generated value is drawn from (inclusive). */
export interface NumberRange {
  min: number;
  max: number;
}

/**
 * How to generate one input variable (libs/java-io/src/generators.ts): built by the API from the
 * problem's typed signature and constraints, never from its tests.
 */
export interface GeneratedVariable {
  name: string;
  type: ProblemInputType;
  /** 'size': grows with n (an array's or string's length, or an int's value); 'value': drawn from its range. */
  role: 'size' | 'value';
  /** An array's, a string's or a matrix's row count. */
  length: NumberRange;
  /** A number's range, or a numeric array's elements'. */
  values: NumberRange;
  /** The characters of strings and chars. */
  alphabet: string;
  /** A matrix's fixed column count (`intervals[i].length == 2`); square when absent. */
  columns?: number;
  /** A value bounded by the input's size (`k <= nums.length`): drawn from [min, n]. */
  atMostSize?: boolean;
  /**
   * Generation constraints the constraints text states (issue 34): values at most another variable's
   * value or length plus `plus` (`left <= right`, `graph[u][i] <= n - 1`), …
   */
  maxFrom?: { name: string; aspect: 'length' | 'values'; plus: number };
  /** … a length equal to `times` another's length or value plus `plus` (`nums.length == 2 * n`), … */
  lengthFrom?: { name: string; aspect: 'length' | 'values'; times: number; plus: number };
  /** … values only from a list (`nums[i] is either 0 or 1`), pairwise distinct elements, a bound on their sum, … */
  oneOf?: number[];
  distinct?: boolean;
  sumMax?: number;
  /** … each matrix row ascending (`0 <= start_i <= end_i`), and a string array's element length. */
  sortedRows?: boolean;
  elementLength?: NumberRange;
}

export interface InputSpec {
  variables: GeneratedVariable[];
}

/**
 * `ai-measure`: run the code on generated inputs of growing size and time each run. The examples, limits
 * and the problem's checker fields come from the API's one job builder (apps/api/src/execution/judge-job.ts),
 * so the examples are judged as a submission judges them (issue 27).
 */
export interface AiMeasureJobData extends Pick<JudgeJobData, 'checker' | 'tolerance' | 'checkerCode'> {
  code: string;
  /** The problem's example tests: the code is measured only when it passes them. */
  examples: InlineJudgeTest[];
  spec: InputSpec;
  limits: JudgeLimits;
  /** Total test time the measurement may spend, ms. */
  budgetMs: number;
  /** Seeds the generator, so the same code is measured on the same inputs. */
  seed: number;
}

export interface MeasuredPoint {
  n: number;
  /** The fastest of the runs at this size, ms: the CPU time of the program's main thread (JVM start, JIT and GC excluded). */
  ms: number;
}

export interface AiMeasureResult {
  status: 'measured' | 'too-slow' | 'too-fast' | 'fails-examples' | 'crashed' | 'compile-error';
  points: MeasuredPoint[];
  /** Log-log slope of time against n (the fixed cost subtracted) over the points clear of it. */
  slope?: number;
  /**
   * The slopes the same points allow once each time may be off by its jitter (issue 34): a class is
   * named only when the whole range falls in it, else the measurement is inconclusive.
   */
  slopeRange?: { low: number; high: number };
  /** The fixed cost subtracted before fitting: the smallest input's time, ms. */
  fixedMs?: number;
  /** The size variables that grew together (`n` is each one's size). */
  sizeNames: string[];
  /** The largest n the constraints allow (every size variable at its bound). */
  maxN: number;
  /** Test time spent, ms. */
  spentMs: number;
  /** 'cpu': the main thread's CPU time; 'wall': the test's wall time (a program the timing class does not fit). */
  clock?: 'cpu' | 'wall';
  /** Why the measurement stopped early: a crash's verdict, the run that passed the limit, 'budget' (test time) or 'wall time'. */
  detail?: string;
}

/** `ai-counterexample`: search small generated inputs where the code's output differs from the reference's. */
export interface AiCounterexampleJobData {
  code: string;
  reference: string;
  spec: InputSpec;
  limits: JudgeLimits;
  /** How outputs are compared: a built-in checker name ('exact' when absent). */
  checker?: string;
  tolerance?: number;
  budgetMs: number;
  seed: number;
}

export interface AiCounterexampleResult {
  status: 'found' | 'not-found' | 'reference-failed' | 'compile-error' | 'unsupported';
  /** The input, one entry per variable as the problem form writes it. */
  input?: { name: string; value: string }[];
  /** The input's size (elements, characters and digits) after shrinking. */
  size?: number;
  expected?: string;
  actual?: string;
  /** The code's verdict on the input (wrong_answer, runtime_error, time_limit_exceeded, …). */
  verdict?: string;
  error?: string;
  /** Inputs tried, and whether the final input failed again when re-run. */
  tried: number;
  verified?: boolean;
  detail?: string;
}

/** The measured complexity the web charts beside the analysis (a field added to AiResponse). */
export interface AiMeasurement {
  /** `O(n^2)`, `O(a·b)`, … or null when no growth could be fitted. */
  label: string | null;
  /** Time multiplier per doubling of n (2^slope). */
  doublingFactor: number | null;
  points: MeasuredPoint[];
  /** What n stands for: `nums.length`, `a = b`. */
  xLabel: string;
  status: AiMeasureResult['status'];
}

/** A measured point as the answer carries it (MeasuredPoint). */
export const measuredPointSchema = z
  .object({ n: z.number(), ms: z.number() })
  .register(ResponseSchemas, { id: 'MeasuredPoint' }) satisfies z.ZodType<MeasuredPoint>;

/** The measured complexity as Analyze Code answers it (AiMeasurement). */
export const aiMeasurementSchema = z
  .object({
    label: z.string().nullable(),
    doublingFactor: z.number().nullable(),
    points: z.array(measuredPointSchema),
    xLabel: z.string(),
    status: z.enum(['measured', 'too-slow', 'too-fast', 'fails-examples', 'crashed', 'compile-error']),
  })
  .register(ResponseSchemas, { id: 'AiMeasurement' }) satisfies z.ZodType<AiMeasurement>;

/* ---- POST /api/ai/analyze-code and /api/ai/debug-help ---- */

/** POST /api/ai/analyze-code: Java source for a problem. */
export const analyzeCodeSchema = z.strictObject(javaCodeBodyFields);

export const MAX_TEST_RESULTS = 200;
/** Outputs and messages beyond this are cut: nothing useful for a diagnosis lies past them. */
const MAX_AI_TEXT = MAX_CODE_BYTES;

const resultText = (field: string, max = MAX_AI_TEXT) =>
  z
    .string({ error: typeError(field, FieldSentences.mustBeString(field)) })
    .max(max, FieldSentences.maxLength(field, max))
    .optional();

/** One test result as the web got it from /execute-code (spec §7 names passed, expectedOutput, actualOutput, error). */
const testResultItem = z.strictObject({
  passed: z.boolean({ error: FieldSentences.trueOrFalse('testResults.passed') }),
  expectedOutput: resultText('expectedOutput'),
  actualOutput: resultText('actualOutput'),
  error: resultText('error'),
  input: resultText('input'),
  isExample: z
    .boolean({ error: typeError('isExample', FieldSentences.trueOrFalse('testResults.isExample')) })
    .optional(),
  testCaseId: resultText('testCaseId', 100),
  _id: resultText('_id', 100),
  executionTime: z
    .number({
      error: typeError(
        'executionTime',
        'executionTime must be a number conforming to the specified constraints',
      ),
    })
    .optional(),
  verdict: resultText('verdict', 50),
});

/**
 * The test results of a debug-help call: a list of results, each checked as one; what is not a
 * list is refused as one, a lone object also checked as one result; anything else that is not an
 * object (the list itself, or an item) is refused as "not a list of test results".
 */
const testResults = z
  .preprocess((value, ctx) => {
    if (value === undefined) return value;
    const problems: Issue[] = [];
    const list = FieldSentences.testResultsList;
    const item = (entry: unknown, path: PropertyKey[]) => {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
        problems.push({ code: 'custom', path, message: list });
        return;
      }
      const checked = testResultItem.safeParse(entry);
      if (!checked.success)
        problems.push(
          ...checked.error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] }) as Issue),
        );
    };
    if (value === null || typeof value !== 'object') problems.push({ code: 'custom', message: list });
    else if (!Array.isArray(value)) {
      problems.push({ code: 'custom', message: FieldSentences.mustBeArray('testResults') });
      item(value, []);
    } else {
      if (value.length > MAX_TEST_RESULTS)
        problems.push({
          code: 'custom',
          message: FieldSentences.atMostItems('testResults', MAX_TEST_RESULTS),
        });
      value.forEach((entry, i) => item(entry, [i]));
    }
    for (const issue of problems) ctx.addIssue({ ...issue, input: value } as Issue);
    return value;
  }, z.array(testResultItem).max(MAX_TEST_RESULTS))
  .optional();

/** POST /api/ai/debug-help: the code, what went wrong and the results the web showed. */
export const debugHelpSchema = z.strictObject({
  ...javaCodeBodyFields,
  errorMessage: z
    .string({ error: typeError('errorMessage', FieldSentences.mustBeText('errorMessage')) })
    .max(MAX_AI_TEXT, FieldSentences.atMostKiB('errorMessage', MAX_AI_TEXT))
    .optional(),
  testResults,
});

export type AnalyzeCodeBody = z.output<typeof analyzeCodeSchema>;
export type DebugHelpBody = z.output<typeof debugHelpSchema>;
export type TestResultBody = z.output<typeof testResultItem>;

/**
 * Issue 47: the 403 of POST /api/analyze-code and /api/debug-help for a participant of a running
 * contest that has the problem (an admin may allow AI help per contest: `allowAiHelp`).
 */
export const aiHelpOffInContest =
  'AI help is off for this problem while the contest you take part in is running. It comes back when the contest ends; your practice of other problems keeps it.';
