import { CheckerErrors } from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import type { RunOutcome } from '../sandbox/types';
import { interpretValidatorRun, VALIDATOR_ACCEPTED, VALIDATOR_WRONG_ANSWER } from './validator-verdict';

const run = (over: Partial<RunOutcome>): RunOutcome => ({
  exitCode: 0,
  signal: null,
  stdout: Buffer.alloc(0),
  stderr: '',
  outputExceeded: false,
  timedOut: false,
  stderrMatched: false,
  cpuExceeded: false,
  wallMs: 5,
  cpuMs: 3,
  oomKilled: false,
  peakMemoryBytes: null,
  ...over,
});

describe('interpretValidatorRun (recorded validator runs, no sandbox)', () => {
  const feedback = { team: 'off by one', judge: 'expected 7, read 8 on line 1' };

  it('accepts on 42 and keeps the judge message as feedback', () => {
    expect(interpretValidatorRun(run({ exitCode: VALIDATOR_ACCEPTED }), feedback)).toEqual({
      accepted: true,
      feedback: feedback.judge,
    });
  });

  it('rejects on 43 with the team message as the reason and the judge message as feedback', () => {
    expect(interpretValidatorRun(run({ exitCode: VALIDATOR_WRONG_ANSWER }), feedback)).toEqual({
      accepted: false,
      message: 'off by one',
      feedback: feedback.judge,
    });
  });

  it('keeps the feedback of a validator that failed, for the admin who must fix it', () => {
    const r = interpretValidatorRun(run({ exitCode: 1 }), { team: '', judge: 'cannot parse answer file' });
    expect(r.accepted).toBe(false);
    expect(r.message?.startsWith(CheckerErrors.prefix)).toBe(true);
    expect(r.message).toContain('exit code 1');
    expect(r.feedback).toBe('cannot parse answer file');
  });

  it('adds no feedback when the validator wrote none', () => {
    expect(interpretValidatorRun(run({ exitCode: 2 }), { team: '', judge: '' })).not.toHaveProperty(
      'feedback',
    );
  });
});
