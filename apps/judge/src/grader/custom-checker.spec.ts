import { describe, expect, it } from 'vitest';
import type { RunOutcome } from '../sandbox/types';
import { interpretCheckerRun } from './custom-checker';

function run(o: Partial<RunOutcome>): RunOutcome {
  return {
    exitCode: 0,
    signal: null,
    stdout: Buffer.from('accepted\n'),
    stderr: '',
    outputExceeded: false,
    timedOut: false,
    stderrMatched: false,
    cpuExceeded: false,
    wallMs: 100,
    cpuMs: 50,
    oomKilled: false,
    peakMemoryBytes: null,
    ...o,
  };
}

describe('interpretCheckerRun: what a custom checker answered', () => {
  it('"accepted" and "wrong" (any case, surrounding spaces) with an optional reason line', () => {
    expect(interpretCheckerRun(run({}))).toEqual({ accepted: true });
    expect(interpretCheckerRun(run({ stdout: Buffer.from('  Accepted \n') }))).toEqual({ accepted: true });
    expect(interpretCheckerRun(run({ stdout: Buffer.from('WRONG\n') }))).toEqual({ accepted: false });
    expect(interpretCheckerRun(run({ stdout: Buffer.from('wrong\ngroup 2 is missing\nmore') }))).toEqual({
      accepted: false,
      message: 'group 2 is missing',
    });
  });

  it('anything else is a judge error, never accepted: junk, nothing, a crash, a limit', () => {
    const failures = [
      run({ stdout: Buffer.from('acceptedd\n') }),
      run({ stdout: Buffer.from('') }),
      run({ stdout: Buffer.from('accepted\n'), exitCode: 1 }),
      run({ exitCode: 1, stderr: 'Exception in thread "main" java.lang.NullPointerException\n\tat X' }),
      run({ timedOut: true }),
      run({ cpuExceeded: true }),
      run({ outputExceeded: true }),
      run({ oomKilled: true, exitCode: null, signal: 'SIGKILL' }),
    ].map((o) => interpretCheckerRun(o));
    for (const f of failures) {
      expect(f.accepted).toBe(false);
      expect(f.checkerFailed).toBe(true);
      expect(f.message).toMatch(/^Judge error: the problem's checker .*please tell the problem's author$/);
    }
    expect(failures[0].message).toContain('printed "acceptedd" instead of "accepted" or "wrong"');
    expect(failures[3].message).toContain('(java.lang.NullPointerException)');
    expect(failures[5].message).toContain('did not finish within 3 s of CPU');
  });
});
