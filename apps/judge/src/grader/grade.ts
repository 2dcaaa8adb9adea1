import type { JudgeJobData, JudgeLimits, JudgeTest, JudgeTestResult } from '@javelin/contracts';
import { builtInCheck, classifyWithChecker, RAN_TO_THE_END, type CheckingContext } from './apply-checker';
import { runTests, type TestRunner } from './run-tests';
import { classifyOutcome } from './verdict';

export type GradedJob = Pick<
  JudgeJobData,
  'checker' | 'tolerance' | 'checkerCode' | 'outputValidation' | 'stopAtFirstFailure'
>;

/**
 * Runs the tests and gives each its verdict by the job's checker. With `stopAtFirstFailure` (a
 * submit) the judging ends at the first test that is not accepted: with a built-in checker no test
 * after it runs; with a custom checker (which judges outputs in the sandbox afterwards) the tests
 * run until the first one whose program fails, and the results end at the first the checker rejects.
 */
export async function grade(
  job: GradedJob,
  tests: JudgeTest[],
  limits: JudgeLimits,
  runner: TestRunner,
  parallel: number,
  ctx: CheckingContext,
): Promise<JudgeTestResult[]> {
  const stop = job.stopAtFirstFailure === true;
  const check = builtInCheck(job) ?? RAN_TO_THE_END;
  const outcomes = await runTests(
    tests,
    runner,
    parallel,
    (i, outcome) => stop && classifyOutcome(tests[i], outcome, limits, 0, check).verdict !== 'accepted',
  );
  const results = await classifyWithChecker(job, tests.slice(0, outcomes.length), outcomes, limits, ctx);
  const failed = results.findIndex((r) => r.verdict !== 'accepted');
  return stop && failed >= 0 ? results.slice(0, failed + 1) : results;
}
