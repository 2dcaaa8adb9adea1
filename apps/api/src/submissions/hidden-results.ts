import {
  ExecutionMessages,
  type ExecutionResult,
  isNotJudged,
  type Verdict,
  withoutFeedback,
} from '@javelin/contracts';

/** What a hidden test's `error` says to a non-admin: the verdict, never data from the test. */
export const VERDICT_LABEL: Record<Verdict, string> = {
  accepted: '',
  wrong_answer: 'Wrong answer',
  time_limit_exceeded: 'Time limit exceeded',
  memory_limit_exceeded: 'Memory limit exceeded',
  runtime_error: 'Runtime error',
  output_limit_exceeded: 'Output limit exceeded',
  compilation_error: 'Compilation error',
};

/** The judgement's slowest test, milliseconds: what a non-admin is shown as each hidden test's time. */
export function slowestOf(results: readonly { executionTime: number }[]): number {
  return Math.round(Math.max(0, ...results.map((r) => r.executionTime)));
}

/**
 * Stored results as a non-admin sees them: a hidden test shows whether it passed and its verdict, never
 * its data, and the judgement's slowest time instead of its own (as Codeforces shows it).
 */
export function maskHiddenResults(results: readonly ExecutionResult[]): ExecutionResult[] {
  const slowest = slowestOf(results.filter((r) => !isNotJudged(r)));
  // A validator's feedback is for admins, on examples too (it may speak of the answer).
  return withoutFeedback(results).map((result) => {
    if (result.isExample) return result;
    const notJudged = isNotJudged(result);
    return {
      ...result,
      input: '',
      expectedOutput: '',
      actualOutput: '',
      executionTime: notJudged ? 0 : slowest,
      error: notJudged ? ExecutionMessages.notJudgedError : (VERDICT_LABEL[result.verdict] ?? ''),
    };
  });
}
