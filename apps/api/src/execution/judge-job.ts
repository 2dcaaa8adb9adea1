import {
  isScoring,
  JUDGE_JOB_VERSION,
  JUDGE_TEST_INLINE_MAX_BYTES,
  judgeJobSchema,
  type InputVariable,
  type JudgeJobData,
  type JudgeLimits,
  type JudgeTest,
  type OutputValidation,
  type VersionedJudgeJob,
} from '@javelin/contracts';
import { serializeInputs } from '@javelin/java-io';
import { checkerOfProblem, examplesFirst } from '../problems/problem-judging';
import type { Problem } from '../problems/problem.entity';
import type { TextDigests } from '../problems/problems.repository';

/**
 * Why code is judged. Every judge job the API sends is built here (issue 27), so a rejudge, a reference
 * validation and the AI's measurement judge exactly as a submission does; only these rules differ:
 *
 * | purpose     | tests                     | stops at the first failure | outputs compared by      |
 * | ----------- | ------------------------- | -------------------------- | ------------------------ |
 * | `submit`    | every test, examples first | yes                       | the problem's checker    |
 * | `rejudge`   | as `submit`               | yes                        | the problem's checker    |
 * | `run`       | the examples              | no: every example is shown | the problem's checker    |
 * | `validate`  | every test (reference)    | no: every test is reported | the problem's checker    |
 * | `measure`   | the examples (AI)         | no                         | the problem's checker    |
 * | `output`    | the caller's own input    | no                         | nothing (empty expected) |
 *
 * A classic problem (`kind: 'stdio'`, issue 29) is judged the same way, except that each test's stdin is
 * its stored raw input text (nothing serialised), its outputs are compared by the package format's
 * output validation (the default validator with the problem's flags, or its custom validator), and its
 * own time and memory limits replace the deployment's, the time scaled by JUDGE_TIME_SCALE.
 *
 * A scoring problem (issue 31: test groups with points) stops per group: each hidden test carries its
 * group, and a failure ends only its own group's tests (the examples are a group of their own).
 *
 * A rejudge stops as a submit does: the verdict is the first failing test's in the same order either
 * way, and its `passedCount` then means what a fresh submit's means (the tests before the failure).
 */
export type JudgingPurpose = 'submit' | 'rejudge' | 'run' | 'validate' | 'measure' | 'output';

declare const built: unique symbol;
/**
 * A judge job made by buildJudgeJob: JudgeClient takes only these, so no job reaches the judge built by
 * hand (the brand exists for the type checker only; the job travels as plain JSON). It carries the
 * contract's version (issue 46) and has passed the contract's schema, as the judge will parse it.
 */
export type BuiltJudgeJob = VersionedJudgeJob & { readonly [built]: true };

const STOPS_AT_FIRST_FAILURE: ReadonlySet<JudgingPurpose> = new Set(['submit', 'rejudge']);

/** What of a problem decides how code is judged on it: a stored problem, or a problem form not saved yet. */
export type JudgedProblem = Pick<Problem, 'checker' | 'tolerance' | 'checkerCode'> & {
  inputVariables: readonly Pick<InputVariable, 'name' | 'type'>[];
} & Partial<
    Pick<
      Problem,
      | 'kind'
      | 'timeLimitMs'
      | 'memoryLimitMb'
      | 'validatorFlags'
      | 'outputValidator'
      | 'testGroups'
      | 'interaction'
      | 'validationPasses'
    >
  >;

/**
 * A test as the builder takes it: its inputs as the problem stores them (the JSON map's text, or the map).
 * A stored test carries its texts' digests: a classic input or an expected output over
 * JUDGE_TEST_INLINE_MAX_BYTES then travels as its SHA-256 (issue 42), and its text may be left unread (null).
 */
export interface JudgedTest {
  id: string;
  input: string | Readonly<Record<string, string>> | null;
  expectedOutput: string | null;
  digests?: TextDigests;
  isExample: boolean;
  /** A hidden test's group on a scoring problem (issue 31). */
  group?: string | null;
  /** A classic test's group's own validator flags (issue 42). */
  validatorFlags?: string[] | null;
}

export interface JudgeJobRequest<T extends JudgedTest> {
  purpose: JudgingPurpose;
  problem: JudgedProblem;
  tests: readonly T[];
  code: string;
  /** A program of several files (a package's jury submission, issue 42): compiled together instead of `code`. */
  files?: readonly { path: string; content: string }[];
  /** The installation's limits per test (Env.judgeLimits). */
  limits: JudgeLimits;
  /**
   * Env.judgeTimeScale: multiplies a classic problem's own time limit. Only a function problem's jobs may
   * leave it out (the AI's measurement, which never runs on classic problems): they use `limits` as they are.
   */
  timeScale?: number;
  requestId?: string;
}

/**
 * The one judge job for `code` on `tests` of `problem`, for `purpose` (see JudgingPurpose). The tests are
 * judged examples first (examplesFirst), whatever order they come in.
 */
export function buildJudgeJob<T extends JudgedTest>(request: JudgeJobRequest<T>): BuiltJudgeJob {
  const { purpose, problem, code, requestId } = request;
  const compared = purpose !== 'output';
  const classic = problem.kind === 'stdio';
  const scoring = isScoring(problem.testGroups);
  const job: VersionedJudgeJob = {
    version: JUDGE_JOB_VERSION,
    code,
    ...(request.files?.length
      ? { files: request.files.map((f) => ({ path: f.path, content: f.content })) }
      : {}),
    language: 'java',
    tests: examplesFirst(request.tests).map((t) => ({
      id: t.id,
      ...(classic ? classicStdin(t) : { stdin: serializeInputs(problem.inputVariables, textOf(t.input)) }),
      ...(compared ? expectedOutputOf(t) : { expectedOutput: '' }),
      // A scoring problem's submit stops per group (issue 31): the judge reads each hidden test's group.
      ...(scoring && !t.isExample && t.group ? { group: t.group } : {}),
      ...(classic && compared && t.validatorFlags ? { validatorFlags: [...t.validatorFlags] } : {}),
    })),
    limits: classic ? classicLimits(problem, request.limits, request.timeScale ?? 1) : request.limits,
    ...(requestId === undefined ? {} : { requestId }),
    // A custom run ('output') compares nothing: a multi-pass program runs its first pass only.
    ...(compared ? comparisonOf(problem) : { checker: 'exact' as const }),
    ...(STOPS_AT_FIRST_FAILURE.has(purpose) ? { stopAtFirstFailure: true } : {}),
  };
  // The contract's own check, as strict as the judge's door: a job it would refuse is never queued.
  return judgeJobSchema.parse(job) as BuiltJudgeJob;
}

/** How a job compares outputs: a function problem's checker, or a classic problem's output validation. */
function comparisonOf(
  problem: JudgedProblem,
): Pick<JudgeJobData, 'checker' | 'tolerance' | 'checkerCode' | 'outputValidation'> {
  if (problem.kind !== 'stdio') return checkerOfProblem(problem);
  return { outputValidation: outputValidationOf(problem) };
}

/** A classic problem's output validation as the package format defines it. */
export function outputValidationOf(
  problem: Pick<JudgedProblem, 'validatorFlags' | 'outputValidator' | 'interaction' | 'validationPasses'>,
): OutputValidation {
  return {
    flags: [...(problem.validatorFlags ?? [])],
    ...(problem.outputValidator ? { custom: problem.outputValidator } : {}),
    // Issue 42: the validator talks with the program, or gives it the next pass's input, or both (an
    // interactive problem with passes: each pass an interaction, a version-3 job).
    ...(problem.interaction === 'interactive' ? { interactive: true } : {}),
    ...(problem.interaction === 'multi-pass' ? { passes: problem.validationPasses ?? 2 } : {}),
    ...(problem.interaction === 'interactive' && problem.validationPasses
      ? { passes: problem.validationPasses }
      : {}),
  };
}

/** A classic test's standard input: its raw text, or the reference to a large one. */
function classicStdin(test: JudgedTest): Pick<JudgeTest, 'stdin' | 'stdinRef'> {
  if (test.digests && test.digests.inputBytes > JUDGE_TEST_INLINE_MAX_BYTES)
    return { stdin: '', stdinRef: test.digests.inputSha256 };
  // A map here is a caller's mistake, not something to serialise.
  if (typeof test.input === 'object' && test.input !== null)
    throw new Error("A classic problem's test input is its raw text, not a map");
  return { stdin: textOf(test.input) };
}

function expectedOutputOf(test: JudgedTest): Pick<JudgeTest, 'expectedOutput' | 'expectedOutputRef'> {
  if (test.digests && test.digests.expectedOutputBytes > JUDGE_TEST_INLINE_MAX_BYTES)
    return { expectedOutput: '', expectedOutputRef: test.digests.expectedOutputSha256 };
  return { expectedOutput: textOf(test.expectedOutput) };
}

/** A text the job carries inline: one the caller left unread is its mistake (ProblemsService.testsForJudging reads these). */
function textOf<T>(text: T | null): T {
  if (text === null) throw new Error('A test text sent inline was not read');
  return text;
}

/**
 * A classic problem's limits: its own time limit scaled by the deployment's time scale (the wall time
 * keeps room for the JVM's start beyond the CPU limit), its own memory limit; the rest the deployment's.
 */
export function classicLimits(
  problem: Pick<JudgedProblem, 'timeLimitMs' | 'memoryLimitMb'>,
  deployment: JudgeLimits,
  timeScale: number,
): JudgeLimits {
  // Packages' answers are sized for the format's output limit, not for a function problem's one line.
  const limits = { ...deployment, outputBytes: Math.max(deployment.outputBytes, PACKAGE_OUTPUT_BYTES) };
  if (!problem.timeLimitMs && !problem.memoryLimitMb) return limits;
  const cpuTimeMs = problem.timeLimitMs ? Math.ceil(problem.timeLimitMs * timeScale) : limits.cpuTimeMs;
  return {
    ...limits,
    cpuTimeMs,
    wallTimeMs: Math.max(limits.wallTimeMs, cpuTimeMs * WALL_PER_CPU + limits.wallTimeMs - limits.cpuTimeMs),
    memoryMb: problem.memoryLimitMb ?? limits.memoryMb,
  };
}

/** The problem package format's default output limit (`limits.output`, 8 MiB): at least this for a classic problem. */
export const PACKAGE_OUTPUT_BYTES = 8 << 20;

/** A CPU-bound program's wall time tracks its CPU time; twice leaves room for a busy machine. */
const WALL_PER_CPU = 2;

/** The checker fields of a built job (for jobs that carry them beside their own fields: the AI's measurement). */
export function checkingOf(job: JudgeJobData): Pick<JudgeJobData, 'checker' | 'tolerance' | 'checkerCode'> {
  return {
    ...(job.checker === undefined ? {} : { checker: job.checker }),
    ...(job.tolerance === undefined ? {} : { tolerance: job.tolerance }),
    ...(job.checkerCode === undefined ? {} : { checkerCode: job.checkerCode }),
  };
}
