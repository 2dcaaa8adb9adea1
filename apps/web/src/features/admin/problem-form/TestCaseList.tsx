import type { ReactNode } from 'react';

/**
 * "Test Cases": the list both forms share — its heading and Add button, the empty state, and per
 * test its fieldset, the Example checkbox and Remove. `renderBody` draws a test's own fields (a
 * function problem's typed inputs, or a classic problem's raw input and answer).
 */
export function TestCaseList<T extends { id?: string; isExample: boolean }>({
  tests,
  keyOf,
  onAdd,
  onRemove,
  onExample,
  exampleLabel,
  hint,
  renderBody,
}: {
  tests: readonly T[];
  keyOf: (test: T, index: number) => string | number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onExample: (index: number, isExample: boolean) => void;
  exampleLabel: string;
  hint?: ReactNode;
  renderBody: (test: T, index: number) => ReactNode;
}) {
  return (
    <section className="section" aria-labelledby="tests-heading">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="tests-heading">Test Cases</h2>
        <button type="button" className="btn btn-outline btn-sm" onClick={onAdd}>
          Add Test Case
        </button>
      </div>
      {hint}
      {tests.length === 0 && <p className="muted">No test cases yet.</p>}
      {tests.map((tc, i) => (
        <fieldset key={keyOf(tc, i)} className="test-case" data-testid="test-case-form">
          <legend style={{ fontWeight: 600 }}>Test Case {i + 1}</legend>
          {renderBody(tc, i)}
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <label className="row" style={{ fontWeight: 400 }}>
              <input
                type="checkbox"
                checked={tc.isExample}
                onChange={(e) => onExample(i, e.target.checked)}
              />
              {exampleLabel}
            </label>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={`Remove test case ${i + 1}`}
              onClick={() => onRemove(i)}
            >
              Remove
            </button>
          </div>
        </fieldset>
      ))}
    </section>
  );
}
