import { DIFFICULTIES, PackageUiMessages, type Difficulty } from '@javelin/contracts';
import { useState, type FormEvent } from 'react';
import { ErrorBox } from '../../components/ErrorBox';
import { classicJudgingSentence } from '../problems/ProblemStatement';
import {
  classicProblemBody,
  flagsOf,
  newClassicTest,
  validateClassicForm,
  type ClassicProblemForm,
  type ClassicTestForm,
} from './classicForm';
import type { ClassicProblemBody } from '../problems/classic';
import { parseTags } from './problemForm';

/** A whole number typed in a field, or undefined while it is empty. */
const numberOrUndefined = (text: string) => (text === '' ? undefined : Number(text));

/**
 * The problem form for a classic problem (kind 'stdio', issue 29): the statement in Markdown, the
 * time and memory limits, the tests as raw input and answer text, and the default validator's flags.
 * A function problem keeps the spec's form (ProblemFormView).
 */
export function ClassicProblemFormView({
  initial,
  editing,
  saving,
  onSave,
  onCancel,
}: {
  initial: ClassicProblemForm;
  editing: boolean;
  saving: boolean;
  onSave: (body: ClassicProblemBody) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<ClassicProblemForm>(initial);
  const [tagsText, setTagsText] = useState(initial.tags.join(', '));
  const [error, setError] = useState<string | null>(null);

  const set = <K extends keyof ClassicProblemForm>(key: K, value: ClassicProblemForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const updateTest = (index: number, patch: Partial<ClassicTestForm>) =>
    setForm((f) => ({ ...f, testCases: f.testCases.map((tc, i) => (i === index ? { ...tc, ...patch } : tc)) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const complete = { ...form, title: form.title.trim(), tags: parseTags(tagsText) };
    const invalid = validateClassicForm(complete);
    setError(invalid);
    if (!invalid) onSave(classicProblemBody(complete));
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-label={editing ? 'Edit problem' : 'Create problem'}>
      {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
      <section aria-labelledby="details-heading">
        <h2 id="details-heading">Problem Details</h2>
        <div className="field">
          <label htmlFor="problem-title">Title *</label>
          <input id="problem-title" value={form.title} onChange={(e) => set('title', e.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor="problem-description">Statement (Markdown, math as $…$ and $$…$$) *</label>
          <textarea
            id="problem-description"
            className="statement-source"
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="problem-constraints">Constraints</label>
          <textarea
            id="problem-constraints"
            value={form.constraints}
            onChange={(e) => set('constraints', e.target.value)}
            style={{ minHeight: 60 }}
          />
        </div>
        <div className="grid-4">
          <div className="field">
            <label htmlFor="problem-difficulty">Difficulty</label>
            <select
              id="problem-difficulty"
              value={form.difficulty}
              onChange={(e) => set('difficulty', e.target.value as Difficulty)}
            >
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="problem-points">Points</label>
            <input
              id="problem-points"
              type="number"
              min={0}
              value={form.points ?? ''}
              onChange={(e) => set('points', numberOrUndefined(e.target.value))}
            />
          </div>
          <div className="field">
            <label htmlFor="problem-time-limit">Time limit (ms) *</label>
            <input
              id="problem-time-limit"
              type="number"
              min={1}
              step={1}
              value={form.timeLimitMs ?? ''}
              onChange={(e) => set('timeLimitMs', numberOrUndefined(e.target.value))}
            />
          </div>
          <div className="field">
            <label htmlFor="problem-memory-limit">Memory limit (MB) *</label>
            <input
              id="problem-memory-limit"
              type="number"
              min={1}
              step={1}
              value={form.memoryLimitMb ?? ''}
              onChange={(e) => set('memoryLimitMb', numberOrUndefined(e.target.value))}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="problem-tags">Tags (comma separated)</label>
          <input
            id="problem-tags"
            value={tagsText}
            onChange={(e) => setTagsText(e.target.value)}
            placeholder="e.g., graphs, icpc"
          />
        </div>
      </section>

      <section className="section" aria-labelledby="tests-heading">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h2 id="tests-heading">Test Cases</h2>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => set('testCases', [...form.testCases, newClassicTest()])}
          >
            Add Test Case
          </button>
        </div>
        <p className="hint">
          Each test is the text the program reads on standard input and the judge&apos;s answer, compared by
          the validator below (not byte by byte).
        </p>
        {form.testCases.length === 0 && <p className="muted">No test cases yet.</p>}
        {form.testCases.map((tc, i) => (
          <fieldset key={tc.id ?? i} className="test-case" data-testid="test-case-form">
            <legend style={{ fontWeight: 600 }}>Test Case {i + 1}</legend>
            <div className="classic-test">
              <div className="field">
                <label htmlFor={`tc-${i}-input`}>Input (stdin)</label>
                <textarea
                  id={`tc-${i}-input`}
                  className="code-area"
                  value={tc.input}
                  spellCheck={false}
                  onChange={(e) => updateTest(i, { input: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`tc-${i}-expected`}>Answer</label>
                <textarea
                  id={`tc-${i}-expected`}
                  className="code-area"
                  value={tc.expectedOutput}
                  spellCheck={false}
                  onChange={(e) => updateTest(i, { expectedOutput: e.target.value })}
                />
              </div>
            </div>
            <div className="row" style={{ justifyContent: 'space-between' }}>
              <label className="row" style={{ fontWeight: 400 }}>
                <input
                  type="checkbox"
                  checked={tc.isExample}
                  onChange={(e) => updateTest(i, { isExample: e.target.checked })}
                />
                Example (sample, visible to users)
              </label>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Remove test case ${i + 1}`}
                onClick={() =>
                  set(
                    'testCases',
                    form.testCases.filter((_, j) => j !== i),
                  )
                }
              >
                Remove
              </button>
            </div>
          </fieldset>
        ))}
      </section>

      <section className="section" aria-labelledby="judging-heading">
        <h2 id="judging-heading">Judging</h2>
        <div className="field">
          <label htmlFor="problem-validator-flags">Validator flags</label>
          <input
            id="problem-validator-flags"
            value={form.validatorFlags}
            spellCheck={false}
            onChange={(e) => set('validatorFlags', e.target.value)}
            placeholder="e.g., float_tolerance 1e-6   case_sensitive   space_change_sensitive"
          />
        </div>
        {form.outputValidator ? (
          <p className="hint">
            {PackageUiMessages.customValidatorKept(form.outputValidator.language, form.outputValidator.files.length)}
          </p>
        ) : (
          <p className="hint" data-testid="checker-preview">
            Users read:{' '}
            {classicJudgingSentence({ validatorFlags: flagsOf(form.validatorFlags) })}
          </p>
        )}
      </section>

      <section className="section" aria-labelledby="visibility-heading">
        <h2 id="visibility-heading">Visibility Settings</h2>
        <label className="row" style={{ fontWeight: 400 }}>
          <input type="checkbox" checked={form.isVisible} onChange={(e) => set('isVisible', e.target.checked)} />
          Visible in the problem list (hidden problems can still be used in contests)
        </label>
      </section>

      <div className="row" style={{ justifyContent: 'flex-end', marginTop: '1rem' }}>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Saving...' : editing ? 'Update Problem' : 'Create Problem'}
        </button>
      </div>
    </form>
  );
}
