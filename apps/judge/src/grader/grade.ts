import type { JudgeJobData, JudgeLimits, JudgeTest, JudgeTestResult } from '@javelin/contracts';
import { builtInCheck, classifyWithChecker, RAN_TO_THE_END, type CheckingContext } from './apply-checker';
import { GroupStops, runTests, type TestRunner } from './run-tests';
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
 * On a scoring problem (tests with groups, issue 31) that holds per group: a failure ends its own
 * group only, and the other groups' tests are still judged. The results keep the tests' order.
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
  const slots = await runTests(
    tests,
    runner,
    parallel,
    (i, outcome) => stop && classifyOutcome(tests[i], outcome, limits, 0, check).verdict !== 'accepted',
  );
  const judged = slots.flatMap((outcome, i) => (outcome ? [{ test: tests[i], outcome }] : []));
  const results = await classifyWithChecker(
    job,
    judged.map((j) => j.test),
    judged.map((j) => j.outcome),
    limits,
    ctx,
  );
  if (!stop) return results;
  // A custom checker's rejection ends its group as a failing run does.
  const stops = new GroupStops(judged.map((j) => j.test));
  results.forEach((r, i) => {
    if (r.verdict !== 'accepted') stops.stopAt(i);
  });
  return results.filter((_, i) => !stops.skips(i));
}
