import type { ProblemForm } from '@javelin/contracts';
import { ErrorBox } from '../../../components/ErrorBox';
import { BoilerplateSection } from './BoilerplateSection';
import { DetailsSection } from './DetailsSection';
import { FormActions } from './FormActions';
import { InputVariablesSection } from './InputVariablesSection';
import { JudgingSection } from './JudgingSection';
import { SignatureFields } from './SignatureFields';
import { TestCasesSection } from './TestCasesSection';
import { TestGroupsSection } from './TestGroupsSection';
import { useProblemForm } from './useProblemForm';
import { VisibilitySection } from './VisibilitySection';
import { newInputVariable, newTestCase } from './problemForm';

/**
 * The spec's problem form for a function problem: one component per section (problem-form/), the
 * state and actions in useProblemForm. A classic problem has its own form (ClassicProblemFormView),
 * built from the same shared sections.
 */
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
  const state = useProblemForm(initial, onSave);
  const { form, set, error, setError } = state;
  return (
    <form
      className="card"
      onSubmit={(e) => void state.submit(e)}
      noValidate
      aria-label={editing ? 'Edit problem' : 'Create problem'}
    >
      {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
      <DetailsSection
        details={{
          title: form.title,
          description: form.description,
          constraints: form.constraints ?? '',
          difficulty: form.difficulty,
          points: form.points,
        }}
        onChange={(key, value) => set(key, value as ProblemForm[typeof key])}
        tagsText={state.tagsText}
        onTagsText={state.setTagsText}
        descriptionLabel="Description *"
        tagsPlaceholder="e.g., arrays, math"
        kindFields={
          <SignatureFields
            functionName={form.functionName}
            returnType={form.returnType}
            onFunctionName={(name) => set('functionName', name)}
            onReturnType={(type) => set('returnType', type)}
          />
        }
      />
      <InputVariablesSection
        variables={form.inputVariables}
        onAdd={() => set('inputVariables', [...form.inputVariables, newInputVariable()])}
        onChange={state.updateVariable}
        onRemove={state.removeVariable}
      />
      <TestCasesSection
        tests={form.testCases}
        variables={form.inputVariables}
        computing={state.computing}
        onAdd={() => state.addTest(newTestCase(form.inputVariables))}
        onChange={state.updateTest}
        onRemove={state.removeTest}
        onCompute={(i) => void state.compute(i)}
      />
      <TestGroupsSection form={form} onChange={state.setForm} />
      <JudgingSection
        form={form}
        set={set}
        validate={state.validate}
        validating={state.validating}
        validation={state.validation}
      />
      <BoilerplateSection
        code={form.boilerplateCode ?? ''}
        onChange={(code) => set('boilerplateCode', code)}
        onGenerate={state.generate}
      />
      <VisibilitySection visible={form.isVisible ?? true} onChange={(v) => set('isVisible', v)} />
      <FormActions editing={editing} saving={saving} validating={state.validating} onCancel={onCancel} />
    </form>
  );
}
