import type { JudgeJobData, JudgeLimits, JudgeTest, JudgeTestResult } from '@javelin/contracts';
import {
  builtInCheck,
  builtInCheckFor,
  classifyWithChecker,
  RAN_TO_THE_END,
  type CheckingContext,
} from './apply-checker';
import { classifyInteractive } from './interactive';
import { gradeInteractivePasses } from './interactive-passes';
import { gradeMultiPass } from './multi-pass';
import { GroupStops, runTests, type TestRunner } from './run-tests';
import { classifyOutcome } from './verdict';

type GradedJob = Pick<
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
 * `onTest` hears of each judged test as it finishes: passed, failed, or (custom checker) null.
 */
export async function grade(
  job: GradedJob,
  tests: JudgeTest[],
  limits: JudgeLimits,
  runner: TestRunner,
  parallel: number,
  ctx: CheckingContext,
  onTest?: (index: number, passed: boolean | null) => void,
): Promise<JudgeTestResult[]> {
  const stop = job.stopAtFirstFailure === true;
  const { interactive, passes } = job.outputValidation ?? {};
  if (interactive && passes && ctx.interactor) {
    const run = { limits, runner, interactor: ctx.interactor, passes };
    return gradeInteractivePasses(tests, run, stop, ctx.maxReportedOutputBytes, onTest);
  }
  if (interactive) return gradeInteractive(tests, limits, runner, stop, ctx, onTest);
  if (job.outputValidation?.passes) return gradeMultiPass(job, tests, limits, runner, ctx, onTest);
  const builtIn = builtInCheck(job);
  const slots = await runTests(tests, runner, parallel, (i, outcome) => {
    if (!stop && !onTest) return false;
    const own = builtIn && tests[i].validatorFlags ? builtInCheckFor(job, tests[i]) : builtIn;
    const check = own ?? RAN_TO_THE_END;
    const passed = classifyOutcome(tests[i], outcome, limits, 0, check).verdict === 'accepted';
    // With a custom checker a test that ran to the end is judged afterwards: not yet passed.
    onTest?.(i, passed && !builtIn ? null : passed);
    return stop && !passed;
  });
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

/** An interactive problem's tests: each test's verdict is known when it ends (its validator ran beside it). */
async function gradeInteractive(
  tests: JudgeTest[],
  limits: JudgeLimits,
  runner: TestRunner,
  stop: boolean,
  ctx: CheckingContext,
  onTest?: (index: number, passed: boolean | null) => void,
): Promise<JudgeTestResult[]> {
  const results: (JudgeTestResult | undefined)[] = new Array(tests.length);
  const slots = await runTests(tests, runner, 1, (i, outcome) => {
    results[i] = classifyInteractive(tests[i], outcome, limits, ctx.maxReportedOutputBytes);
    const passed = results[i]!.verdict === 'accepted';
    onTest?.(i, passed);
    return stop && !passed;
  });
  return slots.flatMap((outcome, i) => (outcome && results[i] ? [results[i]!] : []));
}
