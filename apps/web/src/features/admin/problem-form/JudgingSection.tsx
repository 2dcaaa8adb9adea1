import {
  CHECKER_LABELS,
  CHECKERS,
  checkerDescription,
  DEFAULT_FLOAT_TOLERANCE,
  type CheckerName,
  type ProblemForm,
} from '@javelin/contracts';
import { ValidationReport } from './ValidationReport';
import type { ProblemFormState } from './useProblemForm';

/** "Judging" of a function problem: the output checker, and the reference solution with its validation. */
export function JudgingSection({
  form,
  set,
  validate,
  validating,
  validation,
}: Pick<ProblemFormState, 'set' | 'validate' | 'validating' | 'validation'> & { form: ProblemForm }) {
  return (
    <section className="section" aria-labelledby="judging-heading">
      <h2 id="judging-heading">Judging</h2>
      <div className="grid-4">
        <div className="field">
          <label htmlFor="problem-checker">Output Checker</label>
          <select
            id="problem-checker"
            value={form.checker ?? 'exact'}
            onChange={(e) => set('checker', e.target.value as CheckerName)}
          >
            {CHECKERS.map((c) => (
              <option key={c} value={c}>
                {CHECKER_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        {form.checker === 'float' && (
          <div className="field">
            <label htmlFor="problem-tolerance">Tolerance</label>
            <input
              id="problem-tolerance"
              type="number"
              step="any"
              min={0}
              value={form.tolerance ?? ''}
              placeholder={String(DEFAULT_FLOAT_TOLERANCE)}
              onChange={(e) => set('tolerance', e.target.value === '' ? undefined : Number(e.target.value))}
            />
          </div>
        )}
      </div>
      <p className="hint" data-testid="checker-preview">
        Users read: {checkerDescription(form.checker ?? 'exact', form.tolerance ?? DEFAULT_FLOAT_TOLERANCE)}
      </p>
      {form.checker === 'custom' && (
        <div className="field">
          <label htmlFor="problem-checker-code">Checker Code (Java)</label>
          <textarea
            id="problem-checker-code"
            className="code-area"
            value={form.checkerCode ?? ''}
            onChange={(e) => set('checkerCode', e.target.value)}
            spellCheck={false}
            placeholder={
              'A program run as: java Checker input expected actual (three file paths).\nPrint "accepted" or "wrong" (then, optionally, a reason) on its first line.'
            }
          />
        </div>
      )}
      <div className="field">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <label htmlFor="problem-reference">Reference Solution (Java, admins only)</label>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={validating}
            onClick={() => void validate()}
          >
            {validating ? 'Validating...' : 'Validate tests'}
          </button>
        </div>
        <textarea
          id="problem-reference"
          className="code-area"
          value={form.referenceSolution ?? ''}
          onChange={(e) => set('referenceSolution', e.target.value)}
          spellCheck={false}
          placeholder="A complete Java program (the boilerplate with the function written): it is run on every test to check the expected outputs."
        />
      </div>
      {validation && <ValidationReport results={validation} />}
    </section>
  );
}
