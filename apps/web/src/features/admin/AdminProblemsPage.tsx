import { PackageUiMessages, type ProblemKind } from '@javelin/contracts';
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/Spinner';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { Messages } from '../../lib/messages';
import { useToast } from '../toast/useToast';
import { useAdminProblemsQuery } from '../problems/problemsApi';
import { AdminProblemsTable } from './AdminProblemsTable';
import { ImportPackageDialog } from './ImportPackageDialog';
import { ClassicProblemFormView } from './problem-form/ClassicProblemFormView';
import { ProblemFormView } from './problem-form/ProblemFormView';
import { useAdminProblems } from './useAdminProblems';

export { DESCRIPTION_PREVIEW_LENGTH } from './AdminProblemsTable';

/** A new problem's kind: a function problem or a classic (stdin/stdout) one. */
function KindChoice({ kind, onChange }: { kind: ProblemKind; onChange: (kind: ProblemKind) => void }) {
  return (
    <fieldset className="kind-choice">
      <legend>Problem kind</legend>
      <label className="row" style={{ fontWeight: 400 }}>
        <input
          type="radio"
          name="problem-kind"
          checked={kind === 'function'}
          onChange={() => onChange('function')}
        />
        Function problem (a signature, typed inputs, generated main)
      </label>
      <label className="row" style={{ fontWeight: 400 }}>
        <input
          type="radio"
          name="problem-kind"
          checked={kind === 'stdio'}
          onChange={() => onChange('stdio')}
        />
        Classic problem (a whole program reading stdin, as in ICPC)
      </label>
    </fieldset>
  );
}

/** The problem form of the kind being edited (a stored problem's kind never changes). */
function ProblemEditor({ manager }: { manager: ReturnType<typeof useAdminProblems> }) {
  const { editing, saving, backToList } = manager;
  const common = { editing: !!editing.id, saving, onCancel: backToList };
  return (
    <>
      {!editing.id && <KindChoice kind={editing.kind} onChange={manager.setKind} />}
      {editing.kind === 'stdio' ? (
        <ClassicProblemFormView
          key={editing.formKey}
          {...common}
          initial={editing.classicInitial}
          onSave={(f) => void manager.save(f)}
        />
      ) : (
        <ProblemFormView
          key={editing.formKey}
          {...common}
          initial={editing.initial}
          onSave={(f) => void manager.save(f)}
        />
      )}
    </>
  );
}

export function AdminProblemsPage() {
  useDocumentTitle('Problem Management');
  const toast = useToast();
  const [importing, setImporting] = useState(false);
  const problems = useAdminProblemsQuery();
  const manager = useAdminProblems();
  useEffect(() => {
    if (problems.error) toast.message(Messages.fetchProblemsFailed);
  }, [problems.error, toast]);
  const list = problems.data ?? [];
  const onTab = (next: 'list' | 'edit') => (next === 'list' ? manager.backToList() : manager.setTab('edit'));
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
        value={manager.tab}
        onChange={onTab}
        items={[
          { value: 'list', label: 'Problems List' },
          { value: 'edit', label: 'Create/Edit Problem' },
        ]}
      />
      <div {...tabPanelProps('problem-manager', manager.tab)}>
        {manager.tab === 'edit' ? (
          <ProblemEditor manager={manager} />
        ) : problems.isLoading ? (
          <Spinner />
        ) : list.length === 0 ? (
          <div className="card empty">No problems yet. Create the first one.</div>
        ) : (
          <AdminProblemsTable
            problems={list}
            savedId={manager.savedId}
            exportingId={manager.exportingId}
            onEdit={(id) => void manager.edit(id)}
            onExport={(id) => void manager.exportProblem(id)}
            onDelete={(id) => void manager.remove(id)}
          />
        )}
      </div>
    </>
  );
}

export default AdminProblemsPage;
