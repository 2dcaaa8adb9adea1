import type { ClassicTestForm } from './classicForm';
import { TestCaseList } from './TestCaseList';

/** "Test Cases" of a classic problem: the raw text the program reads, and the judge's answer. */
export function ClassicTestCasesSection({
  tests,
  onAdd,
  onChange,
  onRemove,
}: {
  tests: readonly ClassicTestForm[];
  onAdd: () => void;
  onChange: (index: number, patch: Partial<ClassicTestForm>) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <TestCaseList
      tests={tests}
      keyOf={(tc, i) => tc.id ?? i}
      onAdd={onAdd}
      onRemove={onRemove}
      onExample={(i, isExample) => onChange(i, { isExample })}
      exampleLabel="Example (sample, visible to users)"
      hint={
        <p className="hint">
          Each test is the text the program reads on standard input and the judge&apos;s answer, compared by
          the validator below (not byte by byte).
        </p>
      }
      renderBody={(tc, i) => (
        <div className="classic-test">
          <div className="field">
            <label htmlFor={`tc-${i}-input`}>Input (stdin)</label>
            <textarea
              id={`tc-${i}-input`}
              className="code-area"
              value={tc.input}
              spellCheck={false}
              onChange={(e) => onChange(i, { input: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`tc-${i}-expected`}>Answer</label>
            <textarea
              id={`tc-${i}-expected`}
              className="code-area"
              value={tc.expectedOutput}
              spellCheck={false}
              onChange={(e) => onChange(i, { expectedOutput: e.target.value })}
            />
          </div>
        </div>
      )}
    />
  );
}
