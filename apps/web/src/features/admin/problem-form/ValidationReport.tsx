import { ProblemFormMessages, type ReferenceTestResult } from '@javelin/contracts';
import { failuresOf } from './useProblemForm';

/** What 'Validate tests' found: all passing, or each mismatch with the reference's output. */
export function ValidationReport({ results }: { results: readonly ReferenceTestResult[] }) {
  const failures = failuresOf(results);
  if (failures.length === 0) {
    return (
      <div className="alert alert-success" role="status" data-testid="validation-report">
        {ProblemFormMessages.allPassed(results.length)}
      </div>
    );
  }
  return (
    <div className="alert alert-error validation-report" role="status" data-testid="validation-report">
      <div style={{ minWidth: 0, flex: 1 }}>
        <strong>{ProblemFormMessages.someFailed(failures.length, results.length)}</strong>
        <ul>
          {failures.map((f) => (
            <li key={f.number} data-testid="validation-failure">
              Test Case {f.number}:{' '}
              {f.error ? (
                <span>{f.error}</span>
              ) : (
                <>
                  expected <code>{f.expectedOutput || '(empty)'}</code>, the reference printed{' '}
                  <code>{f.actualOutput || '(nothing)'}</code>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
