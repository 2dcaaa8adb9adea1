import type { InputVariable, TestCaseInput } from '@javelin/contracts';
import { javaType, VALUE_PLACEHOLDERS } from '@javelin/java-io';
import { valueProblem, valueText } from './problemForm';
import { TestCaseList } from './TestCaseList';

/** "Test Cases" of a function problem: a typed value per input variable and the expected output. */
export function TestCasesSection({
  tests,
  variables,
  computing,
  onAdd,
  onChange,
  onRemove,
  onCompute,
}: {
  tests: readonly TestCaseInput[];
  variables: readonly InputVariable[];
  /** The test whose expected output the reference is computing, if any. */
  computing: number | null;
  onAdd: () => void;
  onChange: (index: number, patch: Partial<TestCaseInput>) => void;
  onRemove: (index: number) => void;
  onCompute: (index: number) => void;
}) {
  return (
    <TestCaseList
      tests={tests}
      keyOf={(tc, i) => tc.id ?? tc._id ?? i}
      onAdd={onAdd}
      onRemove={onRemove}
      onExample={(i, isExample) => onChange(i, { isExample })}
      exampleLabel="Example (visible to users)"
      renderBody={(tc, i) => (
        <>
          {variables.map((v) => {
            const id = `tc-${i}-${v.id}`;
            // An empty value (a new test case) is not flagged until typed in; saving still refuses it.
            const problem =
              valueText(tc.inputs[v.name]) === '' ? null : valueProblem(v.type, tc.inputs[v.name]);
            return (
              <div className="field" key={v.id}>
                <label htmlFor={id}>
                  {v.name || '(unnamed)'} ({v.type})
                </label>
                <input
                  id={id}
                  value={valueText(tc.inputs[v.name])}
                  placeholder={VALUE_PLACEHOLDERS[v.type]}
                  aria-invalid={!!problem}
                  aria-describedby={problem ? `${id}-error` : undefined}
                  onChange={(e) => onChange(i, { inputs: { ...tc.inputs, [v.name]: e.target.value } })}
                />
                {problem && (
                  <span id={`${id}-error`} className="hint" style={{ color: 'var(--destructive)' }}>
                    {v.name} ({javaType(v.type)}): {problem}
                  </span>
                )}
              </div>
            );
          })}
          <div className="field">
            <div className="row" style={{ justifyContent: 'space-between' }}>
              <label htmlFor={`tc-${i}-expected`}>Expected Output</label>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Compute expected for test case ${i + 1}`}
                title="Fill in what the reference solution prints for these inputs"
                disabled={computing !== null}
                onClick={() => onCompute(i)}
              >
                {computing === i ? 'Computing...' : 'Compute expected'}
              </button>
            </div>
            <textarea
              id={`tc-${i}-expected`}
              value={tc.expectedOutput}
              onChange={(e) => onChange(i, { expectedOutput: e.target.value })}
              style={{ minHeight: 50 }}
            />
          </div>
        </>
      )}
    />
  );
}
