import { PackageUiMessages, type ProblemForm, type ProblemKind } from '@javelin/contracts';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { Messages } from '../../lib/messages';
import { useToast } from '../toast/useToast';
import { isClassic, type ClassicProblemBody } from '../problems/classic';
import {
  problemsApi,
  useCreateProblemMutation,
  useDeleteProblemMutation,
  useUpdateProblemMutation,
} from '../problems/problemsApi';
import {
  classicFormFromProblem,
  emptyClassicForm,
  type ClassicProblemForm,
} from './problem-form/classicForm';
import { emptyProblemForm, formFromProblem } from './problem-form/problemForm';
import { saveDownload, useExportPackageMutation } from './packagesApi';

/** What the editor tab holds: a new problem of a kind, or a stored one's form (`formKey` remounts it). */
interface Editing {
  id: string | null;
  kind: ProblemKind;
  initial: ProblemForm;
  classicInitial: ClassicProblemForm;
  formKey: number;
}

const blank = (formKey: number): Editing => ({
  id: null,
  kind: 'function',
  initial: emptyProblemForm(),
  classicInitial: emptyClassicForm(),
  formKey,
});

/** Loads a stored problem with every test (hidden ones too) into the form's shape. */
function useLoadForEdit() {
  const dispatch = useAppDispatch();
  return async (id: string, formKey: number): Promise<Editing> => {
    const options = { forceRefetch: true, subscribe: false } as const;
    const problem = await dispatch(problemsApi.endpoints.problem.initiate(id, options)).unwrap();
    const tests = await dispatch(
      problemsApi.endpoints.testCases.initiate({ problemId: id, all: true }, options),
    ).unwrap();
    const base = { ...blank(formKey), id };
    return isClassic(problem)
      ? { ...base, kind: 'stdio', classicInitial: classicFormFromProblem(problem, tests) }
      : { ...base, initial: formFromProblem(problem, tests) };
  };
}

/**
 * The problem manager's actions. A save goes back to the list with the saved problem marked
 * (`savedId`); an edit opens the form at its top.
 */
export function useAdminProblems() {
  const toast = useToast();
  const load = useLoadForEdit();
  const [tab, setTab] = useState<'list' | 'edit'>('list');
  const [editing, setEditing] = useState<Editing>(() => blank(0));
  const [savedId, setSavedId] = useState<string | null>(null);
  const [exportingId, setExportingId] = useState<string | null>(null);
  const [exportPackage] = useExportPackageMutation();
  const [createProblem, { isLoading: creating }] = useCreateProblemMutation();
  const [updateProblem, { isLoading: updating }] = useUpdateProblemMutation();
  const [deleteProblem] = useDeleteProblemMutation();
  const fail = (title: string, err: unknown) =>
    toast.show({ title, description: errorMessage(err), variant: 'destructive' });

  const backToList = () => {
    setEditing((e) => blank(e.formKey + 1));
    setTab('list');
  };
  const edit = async (id: string) => {
    try {
      const next = await load(id, editing.formKey + 1);
      setEditing(next);
      setTab('edit');
      window.scrollTo?.({ top: 0 });
    } catch (err) {
      fail(Messages.fetchProblemFailed, err);
    }
  };
  const remove = async (id: string) => {
    if (!window.confirm(Messages.confirmDeleteProblem)) return;
    try {
      await deleteProblem(id).unwrap();
      toast.show({ title: Messages.problemDeleted, variant: 'success' });
    } catch (err) {
      fail(Messages.deleteProblemFailed, err);
    }
  };
  const exportProblem = async (id: string) => {
    setExportingId(id);
    try {
      const exported = await exportPackage(id).unwrap();
      saveDownload(exported);
      toast.show({ title: PackageUiMessages.exported(exported.fileName), variant: 'success' });
    } catch (err) {
      fail(PackageUiMessages.exportFailed, err);
    } finally {
      setExportingId(null);
    }
  };
  const save = async (form: ProblemForm | ClassicProblemBody) => {
    try {
      const saved = editing.id
        ? await updateProblem({ id: editing.id, form }).unwrap()
        : await createProblem(form).unwrap();
      toast.show({
        title: editing.id ? Messages.problemUpdated : Messages.problemCreated,
        variant: 'success',
      });
      setSavedId(saved?._id ?? editing.id);
      backToList();
    } catch (err) {
      fail(Messages.saveProblemFailed, err);
    }
  };
  const setKind = (kind: ProblemKind) => setEditing((e) => ({ ...e, kind }));
  return {
    tab,
    setTab,
    editing,
    setKind,
    savedId,
    exportingId,
    saving: creating || updating,
    backToList,
    edit,
    remove,
    exportProblem,
    save,
  };
}
