import {
  HARNESS_PROTOCOL_ERROR,
  type JudgeLimits,
  type JudgeTest,
  type JudgeTestResult,
  type Verdict,
} from '@javelin/contracts';
import { exactChecker, type CheckResult } from '../checkers';
import type { TestOutcome } from '../sandbox/types';

/** How a thread/process-limit verdict's error text begins. */
export const THREAD_LIMIT_ERROR = 'Too many threads or processes';
/** What -XX:+ExitOnOutOfMemoryError prints (on stdout) before exiting with code 3. */
const EXIT_ON_OOM_RE = /(?:^|\n)Terminating due to (java\.lang\.OutOfMemoryError[^\n]*)\n?$/;
const UNCAUGHT_OOM_RE = /Exception in thread "[^"\n]*" (java\.lang\.OutOfMemoryError[^\n]*)/;
const UNCAUGHT_RE = /Exception in thread "[^"\n]*" ([^\n]+)/;
const LAUNCHER_RE = /Error: (?:Main method not found|Could not find or load main class)[^\n]*/;

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** The OutOfMemoryError line, and stdout without the JVM's own "Terminating due to" line. */
function outOfMemory(out: TestOutcome, stdout: string): { line: string | null; actual: string } {
  const exitOom = out.exitCode === 3 ? EXIT_ON_OOM_RE.exec(stdout) : null;
  if (exitOom) return { line: exitOom[1].trim(), actual: stdout.slice(0, exitOom.index) };
  const m = out.exitCode !== 0 ? UNCAUGHT_OOM_RE.exec(out.stderr) : null;
  return { line: m ? m[1].trim() : null, actual: stdout };
}

function abnormalEnd(out: TestOutcome): string {
  const exc = UNCAUGHT_RE.exec(out.stderr);
  if (exc) return exc[1].trim();
  const launcher = LAUNCHER_RE.exec(out.stderr);
  if (launcher) return launcher[0];
  const sig =
    out.signal ?? (out.exitCode !== null && out.exitCode > 128 ? `signal ${out.exitCode - 128}` : null);
  if (sig) return `Killed by ${sig}`;
  const firstLine = out.stderr.split('\n').find((l) => l.trim() !== '');
  return `Exited with code ${out.exitCode}${firstLine ? `: ${firstLine.trim().slice(0, 200)}` : ''}`;
}

/** How much of a test's standard error goes back to the API: enough for the page's truncated view. */
const REPORTED_STDERR_CHARS = 4 * 1024;

/** Compares a test's output (the program ran to the end) with its expected output: the problem's checker. */
export type OutputCheck = (expected: string, actual: string) => CheckResult;

/** The spec's rule: trailing whitespace on lines and trailing blank lines ignored. */
const EXACT: OutputCheck = exactChecker;

/**
 * Verdict and error text of one test from its outcome: pure, no JVM. `check` compares the output
 * only when the program itself succeeded (no limit hit, exit code 0), as DMOJ's checkers do.
 */
export function classifyOutcome(
  test: JudgeTest,
  out: TestOutcome,
  limits: JudgeLimits,
  maxReportedOutputBytes: number,
  check: OutputCheck = EXACT,
): JudgeTestResult {
  const oom = outOfMemory(out, out.stdout.toString('utf8'));
  const actual = oom.actual;
  const actualOutput =
    actual.length > maxReportedOutputBytes
      ? `${actual.slice(0, maxReportedOutputBytes)}\n… (output truncated)`
      : actual;
  const reportedStderr = out.stderr.slice(0, REPORTED_STDERR_CHARS);
  const res = (verdict: Verdict, error: string): JudgeTestResult => ({
    id: test.id,
    verdict,
    actualOutput,
    executionTime: Math.round(out.executionMs),
    ...(out.cpuMs != null ? { cpuTimeMs: Math.round(out.cpuMs) } : {}),
    error,
    ...(reportedStderr ? { stderr: reportedStderr } : {}),
  });
  const threadLimit = `${THREAD_LIMIT_ERROR} (limit ${limits.maxProcesses}): java.lang.OutOfMemoryError: unable to create native thread`;

  if (out.outputExceeded)
    return res('output_limit_exceeded', `Output limit exceeded (${limits.outputBytes} bytes)`);
  if (out.stderrMatched) return res('runtime_error', threadLimit);
  // The cgroup's OOM kill is proof the memory limit ended the run, even when the CPU or wall timer also
  // fired: on a slow machine a memory bomb's page faults near the limit take long enough for both.
  if (out.oomKilled) return res('memory_limit_exceeded', `Memory limit exceeded (${limits.memoryMb} MiB)`);
  if (out.cpuExceeded)
    return res('time_limit_exceeded', `Time limit exceeded (CPU ${seconds(limits.cpuTimeMs)})`);
  if (out.timedOut)
    return res('time_limit_exceeded', `Time limit exceeded (wall ${seconds(limits.wallTimeMs)})`);
  if (oom.line && /unable to create native thread/.test(oom.line)) return res('runtime_error', threadLimit);
  if (oom.line) return res('memory_limit_exceeded', oom.line);
  if (out.protocolViolation) return res('runtime_error', HARNESS_PROTOCOL_ERROR);
  if (out.exitCode !== 0) return res('runtime_error', abnormalEnd(out));
  const checked = check(test.expectedOutput ?? '', actual);
  if (checked.accepted) return res('accepted', '');
  if (checked.checkerFailed) return res('runtime_error', checked.message ?? 'Judge error');
  // The spec's exact rule keeps its plain 'Wrong answer'; the other checkers say where the output went wrong.
  return res(
    'wrong_answer',
    check === EXACT || !checked.message ? 'Wrong answer' : `Wrong answer: ${checked.message}`,
  );
}
