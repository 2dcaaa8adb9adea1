import type { ExecutionResult, InputVariable } from '@javelin/contracts';
import { Badge } from '../../components/Badge';
import { formatInputs } from './ProblemStatement';

function verdictLabel(verdict: string | undefined): string {
  return verdict ? verdict.replace(/_/g, ' ') : '';
}

/** One row per test; hidden tests (no input or outputs for non-admins) show only pass/fail, time and verdict. */
export function TestResultsList({
  results,
  compileError,
  variables = [],
}: {
  results: readonly ExecutionResult[];
  compileError?: string;
  variables?: readonly InputVariable[];
}) {
  return (
    <div>
      {compileError && (
        <div className="result-box fail">
          <strong>Compilation error</strong>
          <pre>{compileError}</pre>
        </div>
      )}
      {results.map((r, i) => {
        const hidden = !r.isExample && !r.input && !r.expectedOutput && !r.actualOutput;
        return (
          <div key={r.testCaseId ?? i} className={`test-case ${r.passed ? 'pass' : 'fail'}`} data-testid="test-result">
            <div className="row" style={{ justifyContent: 'space-between' }}>
              <strong>
                Test Case {i + 1} {r.isExample ? '' : '(Hidden)'}
              </strong>
              <span className="row">
                <Badge variant={r.passed ? 'success' : 'destructive'}>{r.passed ? 'Passed' : 'Failed'}</Badge>
                <span className="muted" style={{ fontSize: '0.8rem' }}>
                  {r.executionTime} ms
                </span>
              </span>
            </div>
            {!r.passed && r.verdict && <div className="muted" style={{ fontSize: '0.8rem' }}>{verdictLabel(r.verdict)}</div>}
            {hidden ? (
              <p className="muted" style={{ fontSize: '0.85rem', margin: 0 }}>
                Hidden test case — input and output are not shown.
              </p>
            ) : (
              <>
                <div className="muted" style={{ fontSize: '0.8rem' }}>Input:</div>
                <pre>{formatInputs(r.input, variables)}</pre>
                <div className="muted" style={{ fontSize: '0.8rem' }}>Expected Output:</div>
                <pre>{r.expectedOutput}</pre>
                <div className="muted" style={{ fontSize: '0.8rem' }}>Your Output:</div>
                <pre>{r.actualOutput}</pre>
              </>
            )}
            {r.error && <pre style={{ color: 'var(--destructive)' }}>{r.error}</pre>}
          </div>
        );
      })}
    </div>
  );
}
