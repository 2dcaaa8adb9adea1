import {
  expectedOutputSchema,
  ProblemFormMessages,
  validateDraftSchema,
  type InputVariable,
  type ProblemForm,
  type ReferenceTestResult,
  type TestCaseInput,
} from '@javelin/contracts';
import { generateBoilerplate } from '@javelin/java-io';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { useExpectedOutputMutation, useValidateTestsMutation } from '../adminApi';
import {
  hasInvalidValues,
  parseTags,
  renameVariableInTests,
  requestProblem,
  validateProblemForm,
} from './problemForm';
import { useFormState } from './useFormState';

/** What the form sends to validate its tests: the reference, the variables, the tests and the checker. */
export function validationRequest(form: ProblemForm) {
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
export function failuresOf(results: readonly ReferenceTestResult[]) {
  return results.map((r, i) => ({ ...r, number: i + 1 })).filter((r) => !r.passed);
}

/** The form with variable `index` changed; a new name is renamed in every test too. */
function withVariableChanged(f: ProblemForm, index: number, patch: Partial<InputVariable>): ProblemForm {
  const before = f.inputVariables[index];
  const inputVariables = f.inputVariables.map((v, i) => (i === index ? { ...v, ...patch } : v));
  const testCases =
    patch.name !== undefined ? renameVariableInTests(f.testCases, before.name, patch.name) : f.testCases;
  return { ...f, inputVariables, testCases };
}

/** The form without variable `index`, and without its value in every test. */
function withoutVariable(f: ProblemForm, index: number): ProblemForm {
  const name = f.inputVariables[index].name;
  return {
    ...f,
    inputVariables: f.inputVariables.filter((_, i) => i !== index),
    testCases: f.testCases.map((tc) => {
      const { [name]: _dropped, ...inputs } = tc.inputs;
      return { ...tc, inputs };
    }),
  };
}

/**
 * The reference solution's checks: validating the form's tests with it, and "Compute expected" for
 * one test. Errors go to the form's error line.
 */
function useReferenceChecks(
  form: ProblemForm,
  setError: (error: string | null) => void,
  updateTest: (index: number, patch: Partial<TestCaseInput>) => void,
) {
  const [validation, setValidation] = useState<ReferenceTestResult[] | null>(null);
  const [computing, setComputing] = useState<number | null>(null);
  const [validateTests, { isLoading: validating }] = useValidateTestsMutation();
  const [computeExpected] = useExpectedOutputMutation();
  const hasReference = !!form.referenceSolution?.trim();

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
  return { hasReference, runValidation, validate, compute, validation, computing, validating };
}

/**
 * The function problem form's state and actions (ProblemFormView): the shared fields (useFormState),
 * its input variables (renaming one renames it in every test), the boilerplate generator, the
 * reference solution's validation and "Compute expected", and the submit that validates first.
 */
export function useProblemForm(initial: ProblemForm, onSave: (form: ProblemForm) => void) {
  const state = useFormState<ProblemForm, TestCaseInput>(initial, initial.tags);
  const { form, setForm, set, setError, updateTest, tagsText } = state;
  const checks = useReferenceChecks(form, setError, updateTest);

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

  /** A problem whose reference fails its own tests is saved only when the admin confirms. */
  const confirmedAgainstReference = async (complete: ProblemForm): Promise<boolean> => {
    if (!checks.hasReference || complete.testCases.length === 0) return true;
    const outcome = await checks.runValidation();
    if (typeof outcome === 'string')
      return window.confirm(ProblemFormMessages.confirmSaveUnvalidated(outcome));
    const failed = failuresOf(outcome).length;
    return failed === 0 || window.confirm(ProblemFormMessages.confirmSaveFailing(failed, outcome.length));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const complete = {
      ...form,
      title: form.title.trim(),
      functionName: form.functionName.trim(),
      tags: parseTags(tagsText),
    };
    const invalid =
      validateProblemForm(complete) ??
      (hasInvalidValues(complete) ? ProblemFormMessages.invalidValues : null);
    if (invalid) return setError(invalid);
    setError(null);
    if (await confirmedAgainstReference(complete)) onSave(complete);
  };

  return {
    ...state,
    updateVariable: (index: number, patch: Partial<InputVariable>) =>
      setForm((f) => withVariableChanged(f, index, patch)),
    removeVariable: (index: number) => setForm((f) => withoutVariable(f, index)),
    generate,
    validate: checks.validate,
    compute: checks.compute,
    submit,
    validation: checks.validation,
    computing: checks.computing,
    validating: checks.validating,
  };
}

export type ProblemFormState = ReturnType<typeof useProblemForm>;
