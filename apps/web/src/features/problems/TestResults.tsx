import {
  PracticeMessages,
  STDERR_DISPLAY_LIMIT,
  type InputVariable,
  type ShownResult,
} from '@javelin/contracts';
import { useState } from 'react';
import { formatInputs } from './ProblemStatement';

export function verdictLabel(verdict: string | undefined): string {
  return verdict ? verdict.replace(/_/g, ' ') : '';
}

/** Long debug output is cut so a print in a loop cannot flood the page. */
export function truncateStderr(stderr: string): string {
  return stderr.length > STDERR_DISPLAY_LIMIT
    ? `${stderr.slice(0, STDERR_DISPLAY_LIMIT)}\n${PracticeMessages.stderrTruncated}`
    : stderr;
}

/** Hidden tests reach non-admins with no input or outputs: only pass/fail, time and verdict. */
function isMasked(r: ShownResult): boolean {
  return !r.isExample && !r.input && !r.expectedOutput && !r.actualOutput;
}

export function CompileErrorBox({ compileError }: { compileError: string }) {
  return (
    <div className="result-box fail" data-testid="compile-error">
      <strong>Compilation error</strong>
      <pre>{compileError}</pre>
    </div>
  );
}

function TestResultDetail({
  result,
  index,
  variables,
}: {
  result: ShownResult;
  index: number;
  variables: readonly InputVariable[];
}) {
  const masked = isMasked(result);
  return (
    <div
      className={`test-case ${result.passed ? 'pass' : 'fail'}`}
      data-testid="test-result"
      aria-live="polite"
    >
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <strong>
          Test Case {index + 1} {result.isExample ? '' : '(Hidden)'}
        </strong>
        <span className="muted" style={{ fontSize: '0.8rem' }}>
          {result.passed ? 'Passed' : verdictLabel(result.verdict) || 'Failed'} · {result.executionTime} ms
        </span>
      </div>
      {masked ? (
        <p className="muted" style={{ fontSize: '0.85rem', margin: 0 }}>
          {PracticeMessages.hiddenTest}
        </p>
      ) : (
        <>
          <div className="muted" style={{ fontSize: '0.8rem' }}>
            Input:
          </div>
          <pre>{formatInputs(result.input, variables)}</pre>
          <div className="muted" style={{ fontSize: '0.8rem' }}>
            Expected Output:
          </div>
          <pre>{result.expectedOutput}</pre>
          <div className="muted" style={{ fontSize: '0.8rem' }}>
            Your Output:
          </div>
          <pre>{result.actualOutput}</pre>
          {!!result.stderr && (
            <>
              <div className="muted" style={{ fontSize: '0.8rem' }}>
                Standard Error:
              </div>
              <pre data-testid="stderr">{truncateStderr(result.stderr)}</pre>
            </>
          )}
        </>
      )}
      {result.error && <pre style={{ color: 'var(--destructive)' }}>{result.error}</pre>}
    </div>
  );
}

/**
 * One chip per test (LeetCode style) with the chosen test's details below; the first failing test is
 * chosen at first. A compile error is shown once, above the chips.
 */
export function TestResultsList({
  results,
  compileError,
  variables = [],
}: {
  results: readonly ShownResult[];
  compileError?: string;
  variables?: readonly InputVariable[];
}) {
  const firstFailing = results.findIndex((r) => !r.passed);
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen !== null && chosen < results.length ? chosen : Math.max(firstFailing, 0);
  return (
    <div>
      {compileError && <CompileErrorBox compileError={compileError} />}
      {results.length > 0 && (
        <>
          <div className="chip-row" role="group" aria-label="Test results">
            {results.map((r, i) => (
              <button
                key={r.testCaseId ?? i}
                type="button"
                className={`chip ${r.passed ? 'pass' : 'fail'}`}
                aria-pressed={i === selected}
                title={r.passed ? 'Passed' : verdictLabel(r.verdict) || 'Failed'}
                data-testid="test-chip"
                onClick={() => setChosen(i)}
              >
                <span aria-hidden="true">{r.passed ? '✓' : '✗'}</span> Test {i + 1}
                <span className="sr-only">{r.passed ? ' passed' : ' failed'}</span>
              </button>
            ))}
          </div>
          <TestResultDetail result={results[selected]} index={selected} variables={variables} />
        </>
      )}
    </div>
  );
}
