import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CheckerErrors, type JudgeLimits } from '@javelin/contracts';
import type { JudgeMode } from '../config';
import { checkerProcessLimits, jvmArgs, STDERR_LIMIT } from '../executor/jvm';
import type { Sandbox } from '../sandbox/sandbox';
import type { RunOutcome } from '../sandbox/types';
import { ACCEPTED, type CheckResult } from '../checkers';

/**
 * The 'custom' checker: the problem author's Java program, compiled by the judge and run in the
 * sandbox (never in the judge's process), once per test whose program ran to the end. It is
 * launched as `java <its main class> /check/input /check/expected /check/actual` with the test's
 * stdin, its expected output and the submission's output as files, and must print `accepted` or
 * `wrong` on its first line (a reason may follow on the next line) and exit with code 0. Anything
 * else (no answer, another word, a crash, a loop past its limits) is a judge error: never accepted.
 */

/** A checker's limits: it reads three outputs of at most a few MiB and compares them. */
export const CHECKER_LIMITS: JudgeLimits = {
  cpuTimeMs: 3_000,
  wallTimeMs: 6_000,
  memoryMb: 256,
  stackMb: 64,
  outputBytes: 64 * 1024,
  maxProcesses: 64,
  compileWallTimeMs: 10_000,
};

/** The files a checker reads, as it sees them in the sandbox. */
const CHECKER_ARGS = ['/check/input', '/check/expected', '/check/actual'] as const;

/** One test to check: its stdin, its expected output and what the submission printed. */
export interface CustomCheckItem {
  input: string;
  expected: string;
  actual: string;
  /** An output validator's arguments for this test (its group's own flags, issue 42); the job's when absent. */
  flags?: string[];
}

interface CustomCheckerRun {
  sandbox: Sandbox;
  /** The checker's compiled classes, on the host. */
  classesDir: string;
  mainClass: string;
  /** A fresh host directory for the three files of each test. */
  workDir: string;
  mode: JudgeMode;
  cdsArchive: string | null;
  /** How many checker JVMs run at once. */
  parallelism: number;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

export function checkerFailed(message: string): CheckResult {
  return { accepted: false, checkerFailed: true, message };
}

/** A checker's (or output validator's) run that hit a limit: a judge error saying which; null when none was hit. */
export function checkerLimitFailure(
  out: RunOutcome,
  limits: JudgeLimits = CHECKER_LIMITS,
): CheckResult | null {
  if (out.cpuExceeded) return checkerFailed(CheckerErrors.timedOut(`${seconds(limits.cpuTimeMs)} of CPU`));
  if (out.timedOut) return checkerFailed(CheckerErrors.timedOut(seconds(limits.wallTimeMs)));
  if (out.outputExceeded)
    return checkerFailed(CheckerErrors.crashed(`more than ${limits.outputBytes} bytes of output`));
  if (out.oomKilled) return checkerFailed(CheckerErrors.crashed(`out of memory (${limits.memoryMb} MiB)`));
  return null;
}

/** The checker's answer from its run: pure, no JVM. */
export function interpretCheckerRun(out: RunOutcome, limits: JudgeLimits = CHECKER_LIMITS): CheckResult {
  const limited = checkerLimitFailure(out, limits);
  if (limited) return limited;
  if (out.exitCode !== 0) {
    const exception = /Exception in thread "[^"\n]*" ([^\n]+)/.exec(out.stderr);
    const reason = exception
      ? exception[1].trim().slice(0, 200)
      : out.signal
        ? `killed by ${out.signal}`
        : `exit code ${out.exitCode}`;
    return checkerFailed(CheckerErrors.crashed(reason));
  }
  const lines = out.stdout.toString('utf8').split('\n');
  const answer = (lines[0] ?? '').trim();
  const reason = (lines[1] ?? '').trim().slice(0, 200);
  if (/^accepted$/i.test(answer)) return ACCEPTED;
  if (/^wrong$/i.test(answer)) return { accepted: false, ...(reason ? { message: reason } : {}) };
  const shown =
    answer === '' ? 'nothing' : JSON.stringify(answer.length > 40 ? `${answer.slice(0, 40)}…` : answer);
  return checkerFailed(CheckerErrors.badAnswer(shown));
}

/** Runs the compiled checker once per item, `parallelism` at a time; results in the items' order. */
export async function runCustomChecker(
  run: CustomCheckerRun,
  items: CustomCheckItem[],
): Promise<CheckResult[]> {
  const limits = CHECKER_LIMITS;
  // A fresh JVM per test: the harness is for submissions, and a checker's flags need no attach guard.
  const mode: JudgeMode = run.mode === 'harness' ? 'per-test' : run.mode;
  const results: CheckResult[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const dir = join(run.workDir, `c${i}`);
      mkdirSync(dir, { recursive: true, mode: 0o755 });
      writeFileSync(join(dir, 'input'), items[i].input, { mode: 0o644 });
      writeFileSync(join(dir, 'expected'), items[i].expected, { mode: 0o644 });
      writeFileSync(join(dir, 'actual'), items[i].actual, { mode: 0o644 });
      const binds = [
        { src: run.classesDir, dest: '/classes' },
        { src: dir, dest: '/check' },
      ];
      if (mode !== 'cold' && run.cdsArchive) binds.push({ src: run.cdsArchive, dest: '/cds' });
      const out = await run.sandbox.run({
        argv: [
          join(run.sandbox.javaHome, 'bin/java'),
          ...jvmArgs(limits, mode, run.cdsArchive),
          '-cp',
          '/classes',
          run.mainClass,
          ...CHECKER_ARGS,
        ],
        binds,
        stdin: '',
        limits: checkerProcessLimits(limits),
        wallTimeMs: limits.wallTimeMs,
        cpuLimitMs: limits.cpuTimeMs,
        maxStdoutBytes: limits.outputBytes,
        maxStderrBytes: STDERR_LIMIT,
      });
      results[i] = interpretCheckerRun(out, limits);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, run.parallelism), Math.max(1, items.length)) }, worker),
  );
  return results;
}

/** Every item failed the same way (the checker did not compile or has no main). */
export function allFailed(items: readonly unknown[], message: string): CheckResult[] {
  return items.map(() => checkerFailed(message));
}
