import { describe, expect, it } from 'vitest';
import { DEFAULT_JUDGE_LIMITS, HARNESS_PROTOCOL_ERROR, type JudgeTest } from '@javelin/contracts';
import type { TestOutcome } from '../sandbox/types';
import { classifyOutcome } from './verdict';

const test: JudgeTest = { id: 't1', stdin: '1 2\n', expectedOutput: '3' };

/** Outcomes as the sandbox and the harness recorded them for real programs. */
function outcome(o: Partial<TestOutcome>): TestOutcome {
  return {
    exitCode: 0,
    signal: null,
    stdout: Buffer.from('3\n'),
    stderr: '',
    outputExceeded: false,
    timedOut: false,
    stderrMatched: false,
    cpuExceeded: false,
    oomKilled: false,
    executionMs: 4.4,
    ...o,
  };
}

const classify = (o: Partial<TestOutcome>, max = 65536) =>
  classifyOutcome(test, outcome(o), DEFAULT_JUDGE_LIMITS, max);

describe('classifyOutcome', () => {
  it('accepted: exit 0 and the output matches (trailing whitespace ignored); the time is rounded', () => {
    expect(classify({ stdout: Buffer.from('3   \n\n') })).toEqual({
      id: 't1',
      verdict: 'accepted',
      actualOutput: '3   \n\n',
      executionTime: 4,
      error: '',
    });
  });

  it('wrong_answer: exit 0 with other output, also after System.exit(0) before printing', () => {
    expect(classify({ stdout: Buffer.from('4\n') })).toMatchObject({
      verdict: 'wrong_answer',
      error: 'Wrong answer',
    });
    expect(classify({ stdout: Buffer.alloc(0) })).toMatchObject({
      verdict: 'wrong_answer',
      actualOutput: '',
    });
  });

  it('runtime_error: the uncaught exception line, the exit code, the signal', () => {
    const trace =
      'Exception in thread "main" java.lang.IllegalStateException: boom\n\tat Main.main(Main.java:2)\n\tat Harness$MainThread.run(Harness.java:271)\n';
    expect(classify({ exitCode: 1, stderr: trace })).toMatchObject({
      verdict: 'runtime_error',
      error: 'java.lang.IllegalStateException: boom',
    });
    expect(classify({ exitCode: 3, stdout: Buffer.from('partial\n') })).toMatchObject({
      verdict: 'runtime_error',
      error: 'Exited with code 3',
      actualOutput: 'partial\n',
    });
    expect(classify({ exitCode: 137 })).toMatchObject({
      verdict: 'runtime_error',
      error: 'Killed by signal 9',
    });
    expect(classify({ exitCode: null, signal: 'SIGSEGV' })).toMatchObject({
      verdict: 'runtime_error',
      error: 'Killed by SIGSEGV',
    });
    expect(
      classify({
        exitCode: 1,
        stderr: 'Exception in thread "main" java.lang.StackOverflowError\n\tat Main.f(Main.java:3)\n',
      }),
    ).toMatchObject({ error: 'java.lang.StackOverflowError' });
  });

  it('memory_limit_exceeded: -XX:+ExitOnOutOfMemoryError (its line removed from the output), an uncaught OOM, the cgroup OOM killer', () => {
    const exitOom = classify({
      exitCode: 3,
      stdout: Buffer.from('1\nTerminating due to java.lang.OutOfMemoryError: Java heap space\n'),
    });
    expect(exitOom).toMatchObject({
      verdict: 'memory_limit_exceeded',
      error: 'java.lang.OutOfMemoryError: Java heap space',
      actualOutput: '1',
    });
    expect(
      classify({
        exitCode: 1,
        stderr: 'Exception in thread "main" java.lang.OutOfMemoryError: Direct buffer memory\n',
      }),
    ).toMatchObject({
      verdict: 'memory_limit_exceeded',
      error: 'java.lang.OutOfMemoryError: Direct buffer memory',
    });
    expect(classify({ exitCode: 137, oomKilled: true })).toMatchObject({
      verdict: 'memory_limit_exceeded',
      error: 'Memory limit exceeded (256 MiB)',
    });
    // The cgroup's OOM kill decides even when a timer fired too (a slow machine's memory bomb: the CI saw TLE).
    expect(classify({ exitCode: 137, oomKilled: true, cpuExceeded: true, timedOut: true })).toMatchObject({
      verdict: 'memory_limit_exceeded',
    });
  });

  it('time_limit_exceeded: CPU before wall; limits beat every other sign of the kill', () => {
    expect(classify({ exitCode: 137, cpuExceeded: true, timedOut: true })).toMatchObject({
      verdict: 'time_limit_exceeded',
      error: 'Time limit exceeded (CPU 2 s)',
    });
    expect(classify({ exitCode: null, signal: 'SIGKILL', timedOut: true })).toMatchObject({
      verdict: 'time_limit_exceeded',
      error: 'Time limit exceeded (wall 5 s)',
    });
  });

  it('output_limit_exceeded comes first; the reported output is cut', () => {
    const big = Buffer.alloc(200_000, 'x');
    const r = classify({ exitCode: 137, stdout: big, outputExceeded: true, cpuExceeded: true }, 1000);
    expect(r).toMatchObject({
      verdict: 'output_limit_exceeded',
      error: 'Output limit exceeded (1048576 bytes)',
    });
    expect(r.actualOutput).toBe(`${'x'.repeat(1000)}\n… (output truncated)`);
  });

  it('the thread/process limit, from the JVM log or an unable-to-create-thread OOM', () => {
    const msg =
      'Too many threads or processes (limit 64): java.lang.OutOfMemoryError: unable to create native thread';
    expect(classify({ exitCode: 137, stderrMatched: true })).toMatchObject({
      verdict: 'runtime_error',
      error: msg,
    });
    expect(
      classify({
        exitCode: 1,
        stderr:
          'Exception in thread "main" java.lang.OutOfMemoryError: unable to create native thread: possibly out of memory or process/resource limits reached\n',
      }),
    ).toMatchObject({ verdict: 'runtime_error', error: msg });
  });

  it('a program that broke the harness protocol: runtime_error, unless a limit explains the end', () => {
    expect(classify({ exitCode: null, signal: 'SIGKILL', protocolViolation: true })).toMatchObject({
      verdict: 'runtime_error',
      error: HARNESS_PROTOCOL_ERROR,
    });
    expect(
      classify({ exitCode: null, signal: 'SIGKILL', protocolViolation: true, timedOut: true }),
    ).toMatchObject({ verdict: 'time_limit_exceeded' });
  });

  it('the launcher errors of a main class that cannot run', () => {
    expect(
      classify({
        exitCode: 1,
        stderr:
          'Error: Main method not found in class Main, please define the main method as:\n   public static void main(String[] args)\n',
      }),
    ).toMatchObject({
      verdict: 'runtime_error',
      error: 'Error: Main method not found in class Main, please define the main method as:',
    });
  });
});

describe('classifyOutcome with a problem checker', () => {
  const unordered = (expected: string, actual: string) =>
    expected.split(' ').sort().join(' ') === actual.trim().split(' ').sort().join(' ')
      ? { accepted: true }
      : { accepted: false, message: 'Your answer does not hold the expected values (in any order)' };

  it('asks the checker only when the program ran to the end, and says where a wrong answer went wrong', () => {
    const perm = classifyOutcome(
      test,
      outcome({ stdout: Buffer.from('2 1\n') }),
      DEFAULT_JUDGE_LIMITS,
      100,
      (e, a) => unordered('1 2', a),
    );
    expect(perm.verdict).toBe('accepted');
    const wrong = classifyOutcome(
      test,
      outcome({ stdout: Buffer.from('2 2\n') }),
      DEFAULT_JUDGE_LIMITS,
      100,
      (e, a) => unordered('1 2', a),
    );
    expect(wrong).toMatchObject({
      verdict: 'wrong_answer',
      error: 'Wrong answer: Your answer does not hold the expected values (in any order)',
    });
    let asked = false;
    const crashed = classifyOutcome(test, outcome({ exitCode: 1 }), DEFAULT_JUDGE_LIMITS, 100, () => {
      asked = true;
      return { accepted: true };
    });
    expect([crashed.verdict, asked]).toEqual(['runtime_error', false]);
  });

  it("a checker that failed (the author's, not the submission's) is a runtime_error with its message, never accepted", () => {
    const r = classifyOutcome(test, outcome({}), DEFAULT_JUDGE_LIMITS, 100, () => ({
      accepted: false,
      checkerFailed: true,
      message: 'Judge error: the checker broke',
    }));
    expect(r).toMatchObject({ verdict: 'runtime_error', error: 'Judge error: the checker broke' });
  });
});
