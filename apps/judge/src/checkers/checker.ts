import { DEFAULT_FLOAT_TOLERANCE } from '@javelin/contracts';

interface CheckerOptions {
  /** The 'float' checker's absolute or relative error; DEFAULT_FLOAT_TOLERANCE when unset. */
  tolerance?: number;
}

/**
 * A checker's verdict on one test. `message` says where the output went wrong without quoting the
 * expected output, so it is safe to show for hidden tests.
 */
export interface CheckResult {
  accepted: boolean;
  message?: string;
  /**
   * The checker itself failed (a custom checker that did not compile, crashed, looped or answered
   * nonsense): the judge's fault, so the test is not accepted and `message` says so (CheckerErrors).
   */
  checkerFailed?: boolean;
  /** A package output validator's judgemessage.txt (for admins only). */
  feedback?: string;
}

/** Compares a test's output with its expected output; runs only when the program itself succeeded. */
export type Checker = (expected: string, actual: string, options?: CheckerOptions) => CheckResult;

export const ACCEPTED: CheckResult = { accepted: true };

export function rejected(message: string): CheckResult {
  return { accepted: false, message };
}

export function toleranceOf(options: CheckerOptions | undefined): number {
  return options?.tolerance ?? DEFAULT_FLOAT_TOLERANCE;
}

/** The output's lines with trailing whitespace and trailing blank lines dropped: the spec's 'exact' rule. */
export function significantLines(output: string): string[] {
  const lines = output.split('\n').map((line) => line.replace(/\s+$/u, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function tokensOf(text: string): string[] {
  return text.split(/\s+/u).filter((t) => t !== '');
}

export function countMismatch(what: string, actual: number, expected: number): CheckResult {
  return rejected(`Your output has ${actual} ${what}${actual === 1 ? '' : 's'}; ${expected} expected`);
}
