import {
  InteractiveMessages,
  type JudgeLimits,
  type JudgeTest,
  type JudgeTestResult,
} from '@javelin/contracts';
import type { CheckResult } from '../checkers';
import { checkerFailed } from './custom-checker';
import { classifyInteractive, type InteractiveOutcome, type Interactor } from './interactive';
import { GroupStops, type TestRunner } from './run-tests';

/**
 * Interactive multi-pass problems (issue 42; the 2023-07 / 2025-09 format's `type: interactive multi-pass`):
 * every pass is an interaction of the submission with the output validator, as grader/interactive.ts runs
 * one. When the validator accepts the pass (42) having written `nextpass.in` to its feedback directory,
 * the submission runs again, interactively, the validator given nextpass.in as its input file and the
 * feedback directory of the pass before (nextpass.in aside), at most `passes` passes in all. nextpass.in
 * with any other exit code, or one pass too many, is a judge error. A test's time is its slowest pass's.
 */
export async function gradeInteractivePasses(
  tests: JudgeTest[],
  run: { limits: JudgeLimits; runner: TestRunner; interactor: Interactor; passes: number },
  stop: boolean,
  maxReportedOutputBytes: number,
  onTest?: (index: number, passed: boolean | null) => void,
): Promise<JudgeTestResult[]> {
  const stops = new GroupStops(tests);
  const results: JudgeTestResult[] = [];
  try {
    for (const [i, test] of tests.entries()) {
      if (stops.skips(i)) continue;
      const r = await judgeTest(test, i, run, maxReportedOutputBytes);
      results.push(r);
      onTest?.(i, r.verdict === 'accepted');
      if (stop && r.verdict !== 'accepted') stops.stopAt(i);
    }
  } finally {
    run.interactor.carryFrom(null);
    run.runner.close();
  }
  return results;
}

/** One test, pass after pass, until the validator stops asking for another (or a pass fails). */
async function judgeTest(
  test: JudgeTest,
  index: number,
  { limits, runner, interactor, passes }: Parameters<typeof gradeInteractivePasses>[1],
  maxReportedOutputBytes: number,
): Promise<JudgeTestResult> {
  let input = test.stdin ?? '';
  let slowest = 0;
  interactor.carryFrom(null);
  for (let pass = 1; ; pass++) {
    const out: InteractiveOutcome = await runner.run({ ...test, stdin: input }, index);
    slowest = Math.max(slowest, out.executionMs);
    const classify = (o: InteractiveOutcome) => ({
      ...classifyInteractive(test, o, limits, maxReportedOutputBytes),
      executionTime: Math.round(slowest),
    });
    const interaction = out.interaction;
    const v = interaction?.validator;
    const next = interaction?.nextPass ?? null;
    if (next !== null && v && !v.accepted && !v.checkerFailed)
      return classify(judgeError(out, InteractiveMessages.nextPassWithoutAccept));
    const result = classify(out);
    if (result.verdict !== 'accepted' || next === null || !interaction) return result;
    if (pass >= passes) return classify(judgeError(out, InteractiveMessages.tooManyPasses(passes)));
    input = next;
    interactor.carryFrom(interaction.dir);
  }
}

/** The pass's outcome with the validator's verdict replaced by a judge error (classifyInteractive then says so). */
function judgeError(out: InteractiveOutcome, message: string): InteractiveOutcome {
  const failed: CheckResult & { feedback?: string } = checkerFailed(message);
  const feedback = out.interaction?.validator?.feedback;
  const validator = feedback ? { ...failed, feedback } : failed;
  return {
    ...out,
    interaction: {
      validatorFirst: false,
      dir: '',
      nextPass: null,
      ...out.interaction,
      validator,
      brokenPipe: false,
    },
  };
}
