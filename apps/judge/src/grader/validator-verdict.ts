import { CheckerErrors } from '@javelin/contracts';
import { ACCEPTED, type CheckResult } from '../checkers';
import type { RunOutcome } from '../sandbox/types';
import { checkerFailed as failed, checkerLimitFailure } from './custom-checker';

/** What an output validator's run means, by the package format's exit codes (issue 29). */
export const VALIDATOR_ACCEPTED = 42;
export const VALIDATOR_WRONG_ANSWER = 43;

/** A validator or checker that does not compile: a judge error; the compiler's output for admins only (feedback). */
export function compileFailure(message: string): CheckResult & { feedback: string } {
  return { ...failed(CheckerErrors.doesNotCompile), feedback: message.slice(0, 2000) };
}

/** The verdict of one validator run: pure. */
export function interpretValidatorRun(
  out: RunOutcome,
  feedback: { team: string; judge: string },
): CheckResult & { feedback?: string } {
  const limited = checkerLimitFailure(out);
  if (limited) return limited;
  const judge = feedback.judge ? { feedback: feedback.judge } : {};
  if (out.exitCode === VALIDATOR_ACCEPTED) return { ...ACCEPTED, ...judge };
  if (out.exitCode === VALIDATOR_WRONG_ANSWER)
    return { accepted: false, ...(feedback.team ? { message: feedback.team } : {}), ...judge };
  const code = out.exitCode;
  const reason = out.signal
    ? `killed by ${out.signal}`
    : code !== null && code > 128
      ? `killed by signal ${code - 128}`
      : `exit code ${code}; 42 accepts, 43 rejects`;
  // What a failing validator wrote is what its author needs to see (admins only, as always).
  return { ...failed(CheckerErrors.crashed(reason)), ...judge };
}
