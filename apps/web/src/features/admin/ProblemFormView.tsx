import {
  CHECKER_LABELS,
  CHECKERS,
  checkerDescription,
  DEFAULT_FLOAT_TOLERANCE,
  DIFFICULTIES,
  expectedOutputSchema,
  PROBLEM_INPUT_TYPES,
  PROBLEM_RETURN_TYPES,
  ProblemFormMessages,
  type CheckerName,
  type InputVariable,
  type ProblemForm,
  type ReferenceTestResult,
  type TestCaseInput,
  validateDraftSchema,
} from '@javelin/contracts';
import { generateBoilerplate, javaType, VALUE_PLACEHOLDERS } from '@javelin/java-io';
import { useState, type FormEvent } from 'react';
import { ErrorBox } from '../../components/ErrorBox';
import { errorMessage } from '../../services/api';
import { useExpectedOutputMutation, useValidateTestsMutation } from './adminApi';
import {
  hasInvalidValues,
  newInputVariable,
  newTestCase,
  parseTags,
  renameVariableInTests,
  requestProblem,
  validateProblemForm,
  valueProblem,
  valueText,
} from './problemForm';

/** What the form sends to validate its tests: the reference, the variables, the tests and the checker. */
function validationRequest(form: ProblemForm) {
  return {
    referenceSolution: form.referenceSolution ?? '',
    inputVariables: form.inputVariables,
    testCases: form.testCases.map((tc, i) => ({
      id: tc.id ?? tc._id ?? `test-${i + 1}`,
      inputs: tc.inputs,
      expectedOutput: tc.expectedOutput,
      isExample: tc.isExample,
    })),
    checker: form.checker ?? 'exact',
    ...(form.checker === 'float' && form.tolerance !== undefined ? { tolerance: form.tolerance } : {}),
    ...(form.checker === 'custom' ? { checkerCode: form.checkerCode ?? '' } : {}),
  };
}

/** The reference's failures on the form's tests, each with the number of its test. */
function failuresOf(results: readonly ReferenceTestResult[]) {
  return results.map((r, i) => ({ ...r, number: i + 1 })).filter((r) => !r.passed);
}

export function ProblemFormView({
  initial,
  editing,
  saving,
  onSave,
  onCancel,
}: {
  initial: ProblemForm;
  editing: boolean;
  saving: boolean;
  onSave: (form: ProblemForm) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState<ProblemForm>(initial);
  const [tagsText, setTagsText] = useState((initial.tags ?? []).join(', '));
  const [error, setError] = useState<string | null>(null);
  const [validation, setValidation] = useState<ReferenceTestResult[] | null>(null);
  const [computing, setComputing] = useState<number | null>(null);
  const [validateTests, { isLoading: validating }] = useValidateTestsMutation();
  const [computeExpected] = useExpectedOutputMutation();
  const hasReference = !!form.referenceSolution?.trim();

  const set = <K extends keyof ProblemForm>(key: K, value: ProblemForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const updateVariable = (index: number, patch: Partial<InputVariable>) =>
    setForm((f) => {
      const before = f.inputVariables[index];
      const inputVariables = f.inputVariables.map((v, i) => (i === index ? { ...v, ...patch } : v));
      const testCases =
        patch.name !== undefined ? renameVariableInTests(f.testCases, before.name, patch.name) : f.testCases;
      return { ...f, inputVariables, testCases };
    });
  const removeVariable = (index: number) =>
    setForm((f) => {
      const name = f.inputVariables[index].name;
      return {
        ...f,
        inputVariables: f.inputVariables.filter((_, i) => i !== index),
        testCases: f.testCases.map((tc) => {
          const { [name]: _dropped, ...inputs } = tc.inputs;
          return { ...tc, inputs };
        }),
      };
    });
  const updateTest = (index: number, patch: Partial<TestCaseInput>) =>
    setForm((f) => ({
      ...f,
      testCases: f.testCases.map((tc, i) => (i === index ? { ...tc, ...patch } : tc)),
    }));

  const generate = () => {
    setError(null);
    try {
      set(
        'boilerplateCode',
        generateBoilerplate({
          functionName: form.functionName.trim(),
          returnType: form.returnType ?? 'int',
          inputVariables: form.inputVariables,
        }),
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  /** Runs the reference on the form's tests; the results, or why the judge could not be asked. */
  const runValidation = async (): Promise<ReferenceTestResult[] | string> => {
    const request = validationRequest(form);
    const refused = requestProblem(validateDraftSchema, request);
    if (refused) return refused;
    try {
      const { results } = await validateTests(request).unwrap();
      setValidation(results);
      return results;
    } catch (err) {
      return errorMessage(err);
    }
  };

  const validate = async () => {
    setError(null);
    setValidation(null);
    if (!hasReference) return setError(ProblemFormMessages.referenceNeeded);
    if (hasInvalidValues(form)) return setError(ProblemFormMessages.invalidValues);
    const outcome = await runValidation();
    if (typeof outcome === 'string') setError(`${ProblemFormMessages.validationFailed}: ${outcome}`);
  };

  const compute = async (index: number) => {
    setError(null);
    if (!hasReference) return setError(ProblemFormMessages.referenceNeeded);
    const request = {
      referenceSolution: form.referenceSolution ?? '',
      inputVariables: form.inputVariables,
      inputs: form.testCases[index].inputs,
    };
    const refused = requestProblem(expectedOutputSchema, request);
    if (refused) return setError(`${ProblemFormMessages.computeFailed}: ${refused}`);
    setComputing(index);
    try {
      const { expectedOutput } = await computeExpected(request).unwrap();
      updateTest(index, { expectedOutput });
    } catch (err) {
      setError(`${ProblemFormMessages.computeFailed}: ${errorMessage(err)}`);
    } finally {
      setComputing(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const complete = {
      ...form,
      title: form.title.trim(),
      functionName: form.functionName.trim(),
      tags: parseTags(tagsText),
    };
    const invalid = validateProblemForm(complete);
    if (invalid) {
      setError(invalid);
      return;
    }
    if (hasInvalidValues(complete)) {
      setError(ProblemFormMessages.invalidValues);
      return;
    }
    setError(null);
    // A problem whose reference fails its own tests is saved only when the admin confirms.
    if (hasReference && complete.testCases.length > 0) {
      const outcome = await runValidation();
      if (typeof outcome === 'string') {
        if (!window.confirm(ProblemFormMessages.confirmSaveUnvalidated(outcome))) return;
      } else {
        const failed = failuresOf(outcome).length;
        if (failed > 0 && !window.confirm(ProblemFormMessages.confirmSaveFailing(failed, outcome.length)))
          return;
      }
    }
    onSave(complete);
  };

  return (
    <form
      className="card"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={editing ? 'Edit problem' : 'Create problem'}
    >
      {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
      <section aria-labelledby="details-heading">
        <h2 id="details-heading">Problem Details</h2>
        <div className="field">
          <label htmlFor="problem-title">Title *</label>
          <input
            id="problem-title"
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="problem-description">Description *</label>
          <textarea
            id="problem-description"
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="problem-constraints">Constraints</label>
          <textarea
            id="problem-constraints"
            value={form.constraints ?? ''}
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
              onChange={(e) => set('difficulty', e.target.value as ProblemForm['difficulty'])}
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
              onChange={(e) => set('points', e.target.value === '' ? undefined : Number(e.target.value))}
            />
          </div>
          <div className="field">
            <label htmlFor="problem-function">Function Name *</label>
            <input
              id="problem-function"
              value={form.functionName}
              onChange={(e) => set('functionName', e.target.value)}
              required
              placeholder="e.g., twoSum"
            />
          </div>
          <div className="field">
            <label htmlFor="problem-return">Return Type</label>
            <select
              id="problem-return"
              value={form.returnType}
              onChange={(e) => set('returnType', e.target.value as ProblemForm['returnType'])}
            >
              {PROBLEM_RETURN_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor="problem-tags">Tags (comma separated)</label>
          <input
            id="problem-tags"
            value={tagsText}
            onChange={(e) => setTagsText(e.target.value)}
            placeholder="e.g., arrays, math"
          />
        </div>
      </section>

      <section className="section" aria-labelledby="inputs-heading">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h2 id="inputs-heading">Input Variables</h2>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => set('inputVariables', [...form.inputVariables, newInputVariable()])}
          >
            Add Variable
          </button>
        </div>
        {form.inputVariables.length === 0 && <p className="muted">No input variables yet.</p>}
        {form.inputVariables.map((v, i) => (
          <div
            key={v.id}
            className="row"
            style={{ alignItems: 'flex-end', marginBottom: '0.5rem' }}
            data-testid="input-variable"
          >
            <div className="field" style={{ flex: '1 1 140px', margin: 0 }}>
              <label htmlFor={`var-name-${v.id}`}>Variable {i + 1} name</label>
              <input
                id={`var-name-${v.id}`}
                value={v.name}
                onChange={(e) => updateVariable(i, { name: e.target.value })}
              />
            </div>
            <div className="field" style={{ flex: '0 1 120px', margin: 0 }}>
              <label htmlFor={`var-type-${v.id}`}>Variable {i + 1} type</label>
              <select
                id={`var-type-${v.id}`}
                value={v.type}
                onChange={(e) => updateVariable(i, { type: e.target.value as InputVariable['type'] })}
              >
                {PROBLEM_INPUT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
            <div className="field" style={{ flex: '2 1 200px', margin: 0 }}>
              <label htmlFor={`var-desc-${v.id}`}>Variable {i + 1} description</label>
              <input
                id={`var-desc-${v.id}`}
                value={v.description}
                onChange={(e) => updateVariable(i, { description: e.target.value })}
              />
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={`Remove variable ${i + 1}`}
              onClick={() => removeVariable(i)}
            >
              Remove
            </button>
          </div>
        ))}
      </section>

      <section className="section" aria-labelledby="tests-heading">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h2 id="tests-heading">Test Cases</h2>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => set('testCases', [...form.testCases, newTestCase(form.inputVariables)])}
          >
            Add Test Case
          </button>
        </div>
        {form.testCases.length === 0 && <p className="muted">No test cases yet.</p>}
        {form.testCases.map((tc, i) => (
          <fieldset key={tc.id ?? tc._id ?? i} className="test-case" data-testid="test-case-form">
            <legend style={{ fontWeight: 600 }}>Test Case {i + 1}</legend>
            {form.inputVariables.map((v) => {
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
                    onChange={(e) => updateTest(i, { inputs: { ...tc.inputs, [v.name]: e.target.value } })}
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
                  onClick={() => void compute(i)}
                >
                  {computing === i ? 'Computing...' : 'Compute expected'}
                </button>
              </div>
              <textarea
                id={`tc-${i}-expected`}
                value={tc.expectedOutput}
                onChange={(e) => updateTest(i, { expectedOutput: e.target.value })}
                style={{ minHeight: 50 }}
              />
            </div>
            <div className="row" style={{ justifyContent: 'space-between' }}>
              <label className="row" style={{ fontWeight: 400 }}>
                <input
                  type="checkbox"
                  checked={tc.isExample}
                  onChange={(e) => updateTest(i, { isExample: e.target.checked })}
                />
                Example (visible to users)
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

      <section className="section" aria-labelledby="boilerplate-heading">
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <h2 id="boilerplate-heading">Boilerplate Code</h2>
          <button type="button" className="btn btn-secondary btn-sm" onClick={generate}>
            Generate Code
          </button>
        </div>
        <label htmlFor="problem-boilerplate" className="sr-only">
          Boilerplate code
        </label>
        <textarea
          id="problem-boilerplate"
          className="code-area"
          value={form.boilerplateCode ?? ''}
          onChange={(e) => set('boilerplateCode', e.target.value)}
          spellCheck={false}
        />
      </section>

      <section className="section" aria-labelledby="visibility-heading">
        <h2 id="visibility-heading">Visibility Settings</h2>
        <label className="row" style={{ fontWeight: 400 }}>
          <input
            type="checkbox"
            checked={form.isVisible ?? true}
            onChange={(e) => set('isVisible', e.target.checked)}
          />
          Visible in the problem list (hidden problems can still be used in contests)
        </label>
      </section>

      <div className="row" style={{ justifyContent: 'flex-end', marginTop: '1rem' }}>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn" disabled={saving || validating}>
          {saving
            ? 'Saving...'
            : validating
              ? 'Validating...'
              : editing
                ? 'Update Problem'
                : 'Create Problem'}
        </button>
      </div>
    </form>
  );
}

/** What 'Validate tests' found: all passing, or each mismatch with the reference's output. */
function ValidationReport({ results }: { results: readonly ReferenceTestResult[] }) {
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
