import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CheckerErrors,
  DEFAULT_FLOAT_TOLERANCE,
  type JudgeJobData,
  type JudgeLimits,
  type JudgeTest,
  type JudgeTestResult,
} from '@javelin/contracts';
import type { CompileResult } from '../compiler';
import type { JudgeMode } from '../config';
import { writeClasses } from '../grader';
import type { Sandbox } from '../sandbox';
import { classifyOutcome, type OutputCheck, type TestOutcome } from '../verdict';
import { ACCEPTED, type CheckResult } from './checker';
import { allFailed, CHECKER_LIMITS, runCustomChecker } from './custom';
import { checkerFor } from './index';

export interface CheckingContext {
  sandbox: Sandbox;
  mode: JudgeMode;
  cdsArchive: string | null;
  parallelism: number;
  maxReportedOutputBytes: number;
  /** A fresh host directory for the checker's classes and files. */
  workDir: string;
  /** Compiles the custom checker as the judge compiles submissions (warm service and cache, or cold, sandboxed). */
  compile: (
    code: string,
    limits: JudgeLimits,
    dir: string,
  ) => Promise<CompileResult & { mainClass?: string | null }>;
}

/** A tolerance from the job, or the default when it is missing or not a usable number. */
function toleranceOf(data: Pick<JudgeJobData, 'tolerance'>): number {
  const t = data.tolerance;
  return typeof t === 'number' && Number.isFinite(t) && t > 0 ? t : DEFAULT_FLOAT_TOLERANCE;
}

/**
 * Every test's verdict, its output compared by the job's checker: a built-in one in this process,
 * or the author's 'custom' Java checker in the sandbox for the tests whose program ran to the end.
 */
export async function classifyWithChecker(
  data: Pick<JudgeJobData, 'checker' | 'tolerance' | 'checkerCode'>,
  tests: JudgeTest[],
  outcomes: TestOutcome[],
  limits: JudgeLimits,
  ctx: CheckingContext,
): Promise<JudgeTestResult[]> {
  const classify = (i: number, check: OutputCheck) =>
    classifyOutcome(tests[i], outcomes[i], limits, ctx.maxReportedOutputBytes, check);
  const name = data.checker ?? 'exact';
  if (name !== 'custom') {
    const checker = checkerFor(name);
    if (name === 'exact') return outcomes.map((_, i) => classify(i, checker));
    const options = { tolerance: toleranceOf(data) };
    return outcomes.map((_, i) => classify(i, (expected, actual) => checker(expected, actual, options)));
  }
  // Which tests reach the checker (their program ran to the end), and what they printed.
  const reached = new Map<number, string>();
  outcomes.forEach((_, i) =>
    classify(i, (_expected, actual) => {
      reached.set(i, actual);
      return ACCEPTED;
    }),
  );
  const indices = [...reached.keys()];
  const checks = new Map<number, CheckResult>();
  if (indices.length > 0) {
    const items = indices.map((i) => ({
      input: tests[i].stdin ?? '',
      expected: tests[i].expectedOutput ?? '',
      actual: reached.get(i)!,
    }));
    const verdicts = await checkAll(data.checkerCode ?? '', items, ctx);
    indices.forEach((i, k) => checks.set(i, verdicts[k]));
  }
  return outcomes.map((_, i) => classify(i, () => checks.get(i) ?? ACCEPTED));
}

async function checkAll(
  code: string,
  items: { input: string; expected: string; actual: string }[],
  ctx: CheckingContext,
): Promise<CheckResult[]> {
  mkdirSync(join(ctx.workDir, 'compile'), { recursive: true, mode: 0o755 });
  const compiled = await ctx.compile(code, CHECKER_LIMITS, join(ctx.workDir, 'compile'));
  if (!compiled.ok) return allFailed(items, CheckerErrors.doesNotCompile(compiled.message.slice(0, 2000)));
  if (!compiled.mainClass) return allFailed(items, CheckerErrors.noMain);
  const classesDir = join(ctx.workDir, 'classes');
  writeClasses(compiled.classes, classesDir);
  return runCustomChecker(
    {
      sandbox: ctx.sandbox,
      classesDir,
      mainClass: compiled.mainClass,
      workDir: join(ctx.workDir, 'files'),
      mode: ctx.mode,
      cdsArchive: ctx.cdsArchive,
      parallelism: ctx.parallelism,
    },
    items,
  );
}
