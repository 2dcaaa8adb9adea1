import { ErrorBox } from '../../../components/ErrorBox';
import type { ClassicProblemBody } from '../../problems/classic';
import { newClassicTest, type ClassicProblemForm } from './classicForm';
import { ClassicJudgingSection } from './ClassicJudgingSection';
import { ClassicTestCasesSection } from './ClassicTestCasesSection';
import { DetailsSection } from './DetailsSection';
import { InteractionFields } from './InteractionFields';
import { FormActions } from './FormActions';
import { LimitsFields } from './LimitsFields';
import { TestGroupsSection } from './TestGroupsSection';
import { useClassicProblemForm } from './useClassicProblemForm';
import { VisibilitySection } from './VisibilitySection';

/**
 * The problem form for a classic problem (kind 'stdio', issue 29): the statement in Markdown, the
 * time and memory limits, the tests as raw input and answer text, and the default validator's flags.
 * The details, the test list, visibility and the buttons are the function form's own sections
 * (problem-form/); a function problem keeps the spec's form (ProblemFormView).
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
  const state = useClassicProblemForm(initial, onSave);
  const { form, set, error, setError } = state;
  return (
    <form
      className="card"
      onSubmit={state.submit}
      noValidate
      aria-label={editing ? 'Edit problem' : 'Create problem'}
    >
      {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
      <DetailsSection
        details={form}
        onChange={(key, value) => set(key, value as ClassicProblemForm[typeof key])}
        tagsText={state.tagsText}
        onTagsText={state.setTagsText}
        descriptionLabel="Statement (Markdown, math as $…$ and $$…$$) *"
        descriptionClassName="statement-source"
        tagsPlaceholder="e.g., graphs, icpc"
        kindFields={
          <LimitsFields
            timeLimitMs={form.timeLimitMs}
            basis={form.timeLimitBasis}
            memoryLimitMb={form.memoryLimitMb}
            onTimeLimit={(ms) => set('timeLimitMs', ms)}
            onMemoryLimit={(mb) => set('memoryLimitMb', mb)}
          />
        }
      />
      <ClassicTestCasesSection
        tests={form.testCases}
        onAdd={() => state.addTest(newClassicTest())}
        onChange={state.updateTest}
        onRemove={state.removeTest}
      />
      <TestGroupsSection form={form} onChange={state.setForm} />
      <ClassicJudgingSection
        validatorFlags={form.validatorFlags}
        outputValidator={form.outputValidator}
        onFlags={(flags) => set('validatorFlags', flags)}
      >
        <InteractionFields
          interaction={form.interaction}
          passes={form.validationPasses}
          onInteraction={(i) => set('interaction', i)}
          onPasses={(n) => set('validationPasses', n)}
          onValidator={(v) => state.setForm((f) => ({ ...f, outputValidator: v, validatorChanged: true }))}
        />
      </ClassicJudgingSection>
      <VisibilitySection visible={form.isVisible} onChange={(v) => set('isVisible', v)} />
      <FormActions editing={editing} saving={saving} onCancel={onCancel} />
    </form>
  );
}
