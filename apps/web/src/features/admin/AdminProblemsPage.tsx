import { PackageUiMessages, type ProblemForm, type ProblemKind } from '@javelin/contracts';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { DifficultyBadge } from '../../components/Badge';
import { Spinner } from '../../components/Spinner';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { errorMessage } from '../../lib/api';
import {
  problemsApi,
  useAdminProblemsQuery,
  useCreateProblemMutation,
  useDeleteProblemMutation,
  useUpdateProblemMutation,
} from '../problems/problemsApi';
import { emptyProblemForm, formFromProblem } from './problemForm';
import { ProblemFormView } from './ProblemFormView';
import { isClassic, type ClassicProblemBody } from '../problems/classic';
import { classicFormFromProblem, emptyClassicForm, type ClassicProblemForm } from './classicForm';
import { ClassicProblemFormView } from './ClassicProblemFormView';
import { ImportPackageDialog } from './ImportPackageDialog';
import { saveDownload, useExportPackageMutation } from './packagesApi';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** Spec §9: the list cuts descriptions at 100 characters. */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

type Tab = 'list' | 'edit';

export function AdminProblemsPage() {
  useDocumentTitle('Problem Management');
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [tab, setTab] = useState<Tab>('list');
  const [editingId, setEditingId] = useState<string | null>(null);
  const [initial, setInitial] = useState<ProblemForm>(emptyProblemForm);
  const [kind, setKind] = useState<ProblemKind>('function');
  const [classicInitial, setClassicInitial] = useState<ClassicProblemForm>(emptyClassicForm);
  const [importing, setImporting] = useState(false);
  const [exportPackage] = useExportPackageMutation();
  const [exportingId, setExportingId] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const problems = useAdminProblemsQuery();
  const [createProblem, { isLoading: creating }] = useCreateProblemMutation();
  const [updateProblem, { isLoading: updating }] = useUpdateProblemMutation();
  const [deleteProblem] = useDeleteProblemMutation();

  useEffect(() => {
    if (problems.error) toast.message(Messages.fetchProblemsFailed);
  }, [problems.error, toast]);

  const resetForm = () => {
    setEditingId(null);
    setInitial(emptyProblemForm());
    setKind('function');
    setClassicInitial(emptyClassicForm());
    setFormKey((k) => k + 1);
  };

  const backToList = () => {
    resetForm();
    setTab('list');
  };

  const edit = async (id: string) => {
    try {
      const problem = await dispatch(
        problemsApi.endpoints.problem.initiate(id, { forceRefetch: true, subscribe: false }),
      ).unwrap();
      const tests = await dispatch(
        problemsApi.endpoints.testCases.initiate(
          { problemId: id, all: true },
          { forceRefetch: true, subscribe: false },
        ),
      ).unwrap();
      if (isClassic(problem)) {
        setKind('stdio');
        setClassicInitial(classicFormFromProblem(problem, tests));
      } else {
        setKind('function');
        setInitial(formFromProblem(problem, tests));
      }
      setEditingId(id);
      setFormKey((k) => k + 1);
      setTab('edit');
    } catch (err) {
      toast.show({
        title: Messages.fetchProblemFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  const remove = async (id: string) => {
    if (!window.confirm(Messages.confirmDeleteProblem)) return;
    try {
      await deleteProblem(id).unwrap();
      toast.show({ title: Messages.problemDeleted, variant: 'success' });
    } catch (err) {
      toast.show({
        title: Messages.deleteProblemFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  const exportProblem = async (id: string) => {
    setExportingId(id);
    try {
      const exported = await exportPackage(id).unwrap();
      saveDownload(exported);
      toast.show({ title: PackageUiMessages.exported(exported.fileName), variant: 'success' });
    } catch (err) {
      toast.show({ title: PackageUiMessages.exportFailed, description: errorMessage(err), variant: 'destructive' });
    } finally {
      setExportingId(null);
    }
  };

  const save = async (form: ProblemForm | ClassicProblemBody) => {
    try {
      if (editingId) {
        await updateProblem({ id: editingId, form }).unwrap();
        toast.show({ title: Messages.problemUpdated, variant: 'success' });
      } else {
        await createProblem(form).unwrap();
        toast.show({ title: Messages.problemCreated, variant: 'success' });
      }
      backToList();
    } catch (err) {
      toast.show({
        title: Messages.saveProblemFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  const onTab = (next: Tab) => {
    if (next === 'list') backToList();
    else setTab('edit');
  };

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Problem Management</h1>
          <p className="muted">Author problems, their test cases and starting code.</p>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => setImporting(true)}>
          {PackageUiMessages.importTitle}
        </button>
      </div>
      {importing && <ImportPackageDialog onClose={() => setImporting(false)} />}
      <Tabs
        label="Problem manager"
        idPrefix="problem-manager"
        value={tab}
        onChange={onTab}
        items={[
          { value: 'list', label: 'Problems List' },
          { value: 'edit', label: 'Create/Edit Problem' },
        ]}
      />
      <div {...tabPanelProps('problem-manager', tab)}>
        {tab === 'list' ? (
          problems.isLoading ? (
            <Spinner />
          ) : (problems.data ?? []).length === 0 ? (
            <div className="card empty">No problems yet. Create the first one.</div>
          ) : (
            <div className="card table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">Difficulty</th>
                    <th scope="col">Inputs</th>
                    <th scope="col">Test Cases</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(problems.data ?? []).map((p) => (
                    <tr key={p._id} data-testid="admin-problem-row">
                      <td>
                        <strong>{p.title}</strong>
                        {p.isVisible === false && <span className="muted"> (hidden)</span>}
                        {isClassic(p) && <span className="muted"> (classic)</span>}
                        <div className="muted" style={{ fontSize: '0.8rem' }}>
                          {p.description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}
                          {p.description.length > DESCRIPTION_PREVIEW_LENGTH ? '...' : ''}
                        </div>
                      </td>
                      <td>
                        <DifficultyBadge difficulty={p.difficulty} />
                      </td>
                      <td>{p.inputVariables?.length ?? 0}</td>
                      <td>{p.testCaseCount ?? p.testCases?.length ?? 0}</td>
                      <td>
                        <div className="row" style={{ justifyContent: 'flex-end' }}>
                          <button
                            type="button"
                            className="btn btn-outline btn-sm"
                            aria-label={`Edit ${p.title}`}
                            onClick={() => void edit(p._id)}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className="btn btn-outline btn-sm"
                            aria-label={`Export ${p.title}`}
                            disabled={exportingId === p._id}
                            onClick={() => void exportProblem(p._id)}
                          >
                            {exportingId === p._id ? 'Exporting...' : 'Export'}
                          </button>
                          <button
                            type="button"
                            className="btn btn-destructive btn-sm"
                            aria-label={`Delete ${p.title}`}
                            onClick={() => void remove(p._id)}
                          >
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        ) : (
          <>
            {!editingId && (
              <fieldset className="kind-choice">
                <legend>Problem kind</legend>
                <label className="row" style={{ fontWeight: 400 }}>
                  <input
                    type="radio"
                    name="problem-kind"
                    checked={kind === 'function'}
                    onChange={() => setKind('function')}
                  />
                  Function problem (a signature, typed inputs, generated main)
                </label>
                <label className="row" style={{ fontWeight: 400 }}>
                  <input
                    type="radio"
                    name="problem-kind"
                    checked={kind === 'stdio'}
                    onChange={() => setKind('stdio')}
                  />
                  Classic problem (a whole program reading stdin, as in ICPC)
                </label>
              </fieldset>
            )}
            {kind === 'stdio' ? (
              <ClassicProblemFormView
                key={formKey}
                initial={classicInitial}
                editing={!!editingId}
                saving={creating || updating}
                onSave={(f) => void save(f)}
                onCancel={backToList}
              />
            ) : (
              <ProblemFormView
                key={formKey}
                initial={initial}
                editing={!!editingId}
                saving={creating || updating}
                onSave={(f) => void save(f)}
                onCancel={backToList}
              />
            )}
          </>
        )}
      </div>
    </>
  );
}

export default AdminProblemsPage;
