import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CheckerErrors,
  DEFAULT_FLOAT_TOLERANCE,
  parseDefaultValidatorFlags,
  type JudgeJobData,
  type JudgeLimits,
  type JudgeTest,
  type JudgeTestResult,
} from '@javelin/contracts';
import type { CompileResult } from '../executor/compiler';
import type { JudgeMode } from '../config';
import { writeClasses } from '../executor/fresh-jvm';
import type { Sandbox } from '../sandbox/sandbox';
import type { TestOutcome } from '../sandbox/types';
import { classifyOutcome, type OutputCheck } from './verdict';
import { ACCEPTED, checkerFor, type CheckResult } from '../checkers';
import { packageDefaultCheck } from '../checkers/package-default';
import type { Interactor } from './interactive';
import type { OutputValidators } from './output-validator';
import { compileFailure } from './validator-verdict';
import { allFailed, CHECKER_LIMITS, runCustomChecker } from './custom-checker';

export interface CheckingContext {
  sandbox: Sandbox;
  mode: JudgeMode;
  cdsArchive: string | null;
  parallelism: number;
  maxReportedOutputBytes: number;
  /** A fresh host directory for the checker's classes and files. */
  workDir: string;
  /** The judge's output validators (compiled once per validator). */
  validators: OutputValidators;
  /** An interactive job's validator beside each test (the runner's own, grader/interactive.ts). */
  interactor?: Interactor | null;
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

/** The job's built-in checker as an output check, or null for the 'custom' checker (it runs in the sandbox). */
export function builtInCheck(
  data: Pick<JudgeJobData, 'checker' | 'tolerance' | 'outputValidation'>,
): OutputCheck | null {
  const validation = data.outputValidation;
  if (validation) return validation.custom ? null : defaultValidatorCheck(validation.flags ?? []);
  const name = data.checker ?? 'exact';
  if (name === 'custom') return null;
  const checker = checkerFor(name);
  if (name === 'exact') return checker;
  const options = { tolerance: toleranceOf(data) };
  return (expected, actual) => checker(expected, actual, options);
}

/** The job's built-in check for one test: its test group's own validator flags (issue 42) replace the job's. */
export function builtInCheckFor(
  data: Pick<JudgeJobData, 'checker' | 'tolerance' | 'outputValidation'>,
  test: Pick<JudgeTest, 'validatorFlags'>,
): OutputCheck | null {
  if (!test.validatorFlags || !data.outputValidation) return builtInCheck(data);
  return builtInCheck({
    ...data,
    outputValidation: { ...data.outputValidation, flags: test.validatorFlags },
  });
}

/** The problem package format's default output validator with its flags (a bad flag is a judge error on every test). */
function defaultValidatorCheck(flags: string[]): OutputCheck {
  const parsed = parseDefaultValidatorFlags(flags);
  if (!parsed.ok)
    return () => ({ accepted: false, checkerFailed: true, message: CheckerErrors.crashed(parsed.error) });
  return (expected, actual) => packageDefaultCheck(expected, actual, parsed.options);
}

/** Accepts whatever ran to the end: the verdict of a test whose output the custom checker has yet to judge. */
export const RAN_TO_THE_END: OutputCheck = () => ACCEPTED;

/**
 * Every test's verdict, its output compared by the job's checker: a built-in one in this process,
 * or the author's 'custom' Java checker in the sandbox for the tests whose program ran to the end.
 */
export async function classifyWithChecker(
  data: Pick<JudgeJobData, 'checker' | 'tolerance' | 'checkerCode' | 'outputValidation'>,
  tests: JudgeTest[],
  outcomes: TestOutcome[],
  limits: JudgeLimits,
  ctx: CheckingContext,
): Promise<JudgeTestResult[]> {
  const classify = (i: number, check: OutputCheck) =>
    classifyOutcome(tests[i], outcomes[i], limits, ctx.maxReportedOutputBytes, check);
  if (builtInCheck(data)) {
    const checks = new Map<string, OutputCheck | null>();
    const checkOf = (test: JudgeTest) => {
      const key = (test.validatorFlags ?? []).join('\u0000');
      if (!checks.has(key)) checks.set(key, builtInCheckFor(data, test));
      return checks.get(key)!;
    };
    return outcomes.map((_, i) => classify(i, checkOf(tests[i])!));
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
      ...(tests[i].validatorFlags ? { flags: tests[i].validatorFlags } : {}),
    }));
    const custom = data.outputValidation?.custom;
    const verdicts = custom
      ? await ctx.validators.validate(
          custom,
          data.outputValidation?.flags ?? [],
          items,
          join(ctx.workDir, 'validator'),
        )
      : await checkAll(data.checkerCode ?? '', items, ctx);
    indices.forEach((i, k) => checks.set(i, verdicts[k]));
  }
  return outcomes.map((_, i) => {
    const checked = checks.get(i);
    const result = classify(i, () => checked ?? ACCEPTED);
    // A validator's judgemessage.txt: for admins (the API shows it to nobody else).
    return checked?.feedback ? { ...result, feedback: checked.feedback } : result;
  });
}

async function checkAll(
  code: string,
  items: { input: string; expected: string; actual: string }[],
  ctx: CheckingContext,
): Promise<CheckResult[]> {
  mkdirSync(join(ctx.workDir, 'compile'), { recursive: true, mode: 0o755 });
  const compiled = await ctx.compile(code, CHECKER_LIMITS, join(ctx.workDir, 'compile'));
  if (!compiled.ok) return items.map(() => compileFailure(compiled.message));
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
