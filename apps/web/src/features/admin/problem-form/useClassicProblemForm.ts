import type { FormEvent } from 'react';
import type { ClassicProblemBody } from '../../problems/classic';
import {
  classicProblemBody,
  validateClassicForm,
  type ClassicProblemForm,
  type ClassicTestForm,
} from './classicForm';
import { parseTags } from './problemForm';
import { useFormState } from './useFormState';

/** The classic problem form's state (ClassicProblemFormView): the shared fields, and a submit that checks them. */
export function useClassicProblemForm(
  initial: ClassicProblemForm,
  onSave: (body: ClassicProblemBody) => void,
) {
  const state = useFormState<ClassicProblemForm, ClassicTestForm>(initial, initial.tags);
  const { form, tagsText, setError } = state;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const complete = { ...form, title: form.title.trim(), tags: parseTags(tagsText) };
    const invalid = validateClassicForm(complete);
    setError(invalid);
    if (!invalid) onSave(classicProblemBody(complete));
  };
  return { ...state, submit };
}

export type ClassicProblemFormState = ReturnType<typeof useClassicProblemForm>;
