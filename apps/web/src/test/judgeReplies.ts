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
