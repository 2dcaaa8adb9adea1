import type { InputVariable, JudgeJobData, JudgeLimits } from '@javelin/contracts';
import { serializeInputs } from '@javelin/java-io';
import { checkerOfProblem, examplesFirst } from '../problems/problems.service';
import type { Problem } from '../problems/problem.entity';

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
 * A rejudge stops as a submit does: the verdict is the first failing test's in the same order either
 * way, and its `passedCount` then means what a fresh submit's means (the tests before the failure).
 */
export type JudgingPurpose = 'submit' | 'rejudge' | 'run' | 'validate' | 'measure' | 'output';

declare const built: unique symbol;
/**
 * A judge job made by buildJudgeJob: JudgeClient takes only these, so no job reaches the judge built by
 * hand (the brand exists for the type checker only; the job travels as plain JSON).
 */
export type BuiltJudgeJob = JudgeJobData & { readonly [built]: true };

const STOPS_AT_FIRST_FAILURE: ReadonlySet<JudgingPurpose> = new Set(['submit', 'rejudge']);

/** What of a problem decides how code is judged on it: a stored problem, or a problem form not saved yet. */
export type JudgedProblem = Pick<Problem, 'checker' | 'tolerance' | 'checkerCode'> & {
  inputVariables: readonly Pick<InputVariable, 'name' | 'type'>[];
};

/** A test as the builder takes it: its inputs as the problem stores them (the JSON map's text, or the map). */
export interface JudgedTest {
  id: string;
  input: string | Readonly<Record<string, string>>;
  expectedOutput: string;
  isExample: boolean;
}

export interface JudgeJobRequest<T extends JudgedTest> {
  purpose: JudgingPurpose;
  problem: JudgedProblem;
  tests: readonly T[];
  code: string;
  /** The installation's limits per test (Env.judgeLimits). */
  limits: JudgeLimits;
  requestId?: string;
}

/**
 * The one judge job for `code` on `tests` of `problem`, for `purpose` (see JudgingPurpose). The tests are
 * judged examples first (examplesFirst), whatever order they come in.
 */
export function buildJudgeJob<T extends JudgedTest>(request: JudgeJobRequest<T>): BuiltJudgeJob {
  const { purpose, problem, code, limits, requestId } = request;
  const compared = purpose !== 'output';
  const job: JudgeJobData = {
    code,
    language: 'java',
    tests: examplesFirst(request.tests).map((t) => ({
      id: t.id,
      stdin: serializeInputs(problem.inputVariables, t.input),
      expectedOutput: compared ? t.expectedOutput : '',
    })),
    limits,
    ...(requestId === undefined ? {} : { requestId }),
    ...(compared ? checkerOfProblem(problem) : { checker: 'exact' as const }),
    ...(STOPS_AT_FIRST_FAILURE.has(purpose) ? { stopAtFirstFailure: true } : {}),
  };
  return job as BuiltJudgeJob;
}

/** The checker fields of a built job (for jobs that carry them beside their own fields: the AI's measurement). */
export function checkingOf(job: JudgeJobData): Pick<JudgeJobData, 'checker' | 'tolerance' | 'checkerCode'> {
  return {
    ...(job.checker === undefined ? {} : { checker: job.checker }),
    ...(job.tolerance === undefined ? {} : { tolerance: job.tolerance }),
    ...(job.checkerCode === undefined ? {} : { checkerCode: job.checkerCode }),
  };
}
