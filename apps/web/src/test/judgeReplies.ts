import type { ShownResult } from '@javelin/contracts';

/** One test's result in the judge's answer: example test t1, passed in 5 ms; `over` changes the rest. */
export const testResult = (over: Partial<ShownResult> = {}) => ({
  testCaseId: 't1',
  input: 'a = 1',
  expectedOutput: '4',
  actualOutput: '4',
  passed: true,
  executionTime: 5,
  error: '',
  isExample: true,
  verdict: 'accepted',
  ...over,
});

/**
 * The judge's answer to `POST /execute-code` for these per-test results, as the mocked API replies:
 * passed and total counted from the results, overall passed when every one passed.
 */
export const judged = (results: readonly { passed: boolean }[], verdict: string) => ({
  body: {
    results,
    overallPassed: results.every((r) => r.passed),
    passedCount: results.filter((r) => r.passed).length,
    totalCount: results.length,
    verdict,
  },
});
