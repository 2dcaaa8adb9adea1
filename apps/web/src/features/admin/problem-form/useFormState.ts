import { useCallback, useState } from 'react';

/** What both problem forms (function and classic) keep: the fields, the tags as typed, the error shown. */
export interface FormState<F extends { testCases: T[] }, T> {
  form: F;
  setForm: React.Dispatch<React.SetStateAction<F>>;
  set: <K extends keyof F>(key: K, value: F[K]) => void;
  /** Changes one test's fields. */
  updateTest: (index: number, patch: Partial<T>) => void;
  addTest: (test: T) => void;
  removeTest: (index: number) => void;
  /** The tags as the admin types them (parsed on submit). */
  tagsText: string;
  setTagsText: (text: string) => void;
  error: string | null;
  setError: (error: string | null) => void;
}

/**
 * The state every problem form shares (ProblemFormView and ClassicProblemFormView, through
 * useProblemForm and useClassicProblemForm): the form's fields, its list of tests, the tags text and
 * the error. A form section reads and changes the form only through what this returns.
 */
export function useFormState<F extends { testCases: T[] }, T>(
  initial: F,
  initialTags: readonly string[] | undefined,
): FormState<F, T> {
  const [form, setForm] = useState<F>(initial);
  const [tagsText, setTagsText] = useState((initialTags ?? []).join(', '));
  const [error, setError] = useState<string | null>(null);
  const set = useCallback(
    <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value })),
    [],
  );
  const updateTest = useCallback(
    (index: number, patch: Partial<T>) =>
      setForm((f) => ({
        ...f,
        testCases: f.testCases.map((tc, i) => (i === index ? { ...tc, ...patch } : tc)),
      })),
    [],
  );
  const addTest = useCallback((test: T) => setForm((f) => ({ ...f, testCases: [...f.testCases, test] })), []);
  const removeTest = useCallback(
    (index: number) => setForm((f) => ({ ...f, testCases: f.testCases.filter((_, j) => j !== index) })),
    [],
  );
  return { form, setForm, set, updateTest, addTest, removeTest, tagsText, setTagsText, error, setError };
}
