import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  InteractiveMessages,
  type JudgeJobData,
  type JudgeLimits,
  type JudgeTest,
  type JudgeTestResult,
} from '@javelin/contracts';
import type { CheckResult } from '../checkers';
import { RAN_TO_THE_END, type CheckingContext } from './apply-checker';
import { checkerFailed } from './custom-checker';
import type { PreparedValidator } from './output-validator';
import { GroupStops, type TestRunner } from './run-tests';
import { classifyOutcome } from './verdict';

/**
 * Multi-pass problems (issue 42), as the problem package format defines them: the submission runs on
 * the test's input; the output validator judges that pass's output (with that pass's input and the
 * test's answer, its feedback directory kept from pass to pass) and, to ask for another pass, exits 42 with
 * the next input in `nextpass.in`; the submission then runs again on it, in a fresh run with its
 * own time and memory limits, at most `passes` times in all. A nextpass.in with any exit code but 42,
 * or one pass too many, is a judge error. A test's time is its slowest pass's.
 */
export async function gradeMultiPass(
  job: Pick<JudgeJobData, 'outputValidation' | 'stopAtFirstFailure'>,
  tests: JudgeTest[],
  limits: JudgeLimits,
  runner: TestRunner,
  ctx: CheckingContext,
  onTest?: (index: number, passed: boolean | null) => void,
): Promise<JudgeTestResult[]> {
  const validation = job.outputValidation;
  if (!validation?.custom) throw new Error(InteractiveMessages.noValidator);
  const prepared = await ctx.validators.prepare(validation.custom);
  const passes = Math.max(2, Math.floor(validation.passes ?? 2));
  const stops = new GroupStops(tests);
  const results: JudgeTestResult[] = [];
  try {
    for (const [i, test] of tests.entries()) {
      if (stops.skips(i)) continue;
      const flags = test.validatorFlags ?? validation.flags ?? [];
      const pass = { runner, limits, ctx, flags, passes };
      const r = prepared.ok ? await judgeTest(test, i, prepared, pass) : failedTest(test, prepared.error);
      results.push(r);
      onTest?.(i, r.verdict === 'accepted');
      if (job.stopAtFirstFailure && r.verdict !== 'accepted') stops.stopAt(i);
    }
  } finally {
    runner.close();
  }
  return results;
}

interface Passes {
  runner: TestRunner;
  limits: JudgeLimits;
  ctx: CheckingContext;
  flags: string[];
  passes: number;
}

/** One test, pass after pass, until the validator stops asking for another (or something fails). */
async function judgeTest(
  test: JudgeTest,
  index: number,
  prepared: Extract<PreparedValidator, { ok: true }>,
  { runner, limits, ctx, flags, passes }: Passes,
): Promise<JudgeTestResult> {
  const dir = join(ctx.workDir, 'passes', `t${index}`);
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  let input = test.stdin ?? '';
  let slowest = 0;
  for (let pass = 1; ; pass++) {
    const outcome = await runner.run({ ...test, stdin: input }, index);
    slowest = Math.max(slowest, outcome.executionMs);
    const timed = (r: JudgeTestResult) => ({ ...r, executionTime: Math.round(slowest) });
    const ran = classifyOutcome(test, outcome, limits, ctx.maxReportedOutputBytes, RAN_TO_THE_END);
    if (ran.verdict !== 'accepted') return timed(ran);
    // The validator's input file is the pass's input (the format's input_file: what the program was given).
    const item = {
      input,
      expected: test.expectedOutput ?? '',
      actual: outcome.stdout.toString('utf8'),
    };
    const v = await ctx.validators.validatePass(prepared, flags, item, dir);
    if (v.accepted && v.nextPass !== null && pass < passes) {
      input = v.nextPass;
      continue;
    }
    const check: CheckResult =
      v.nextPass === null
        ? v
        : !v.accepted
          ? checkerFailed(InteractiveMessages.nextPassWithoutAccept)
          : checkerFailed(InteractiveMessages.tooManyPasses(passes));
    const result = classifyOutcome(test, outcome, limits, ctx.maxReportedOutputBytes, () => check);
    return timed(v.feedback ? { ...result, feedback: v.feedback } : result);
  }
}

/** A test that could not be judged because the validator does not compile (nothing ran). */
function failedTest(test: JudgeTest, error: CheckResult & { feedback?: string }): JudgeTestResult {
  return {
    id: test.id,
    verdict: 'runtime_error',
    actualOutput: '',
    executionTime: 0,
    error: error.message ?? '',
    ...(error.feedback ? { feedback: error.feedback } : {}),
  };
}
