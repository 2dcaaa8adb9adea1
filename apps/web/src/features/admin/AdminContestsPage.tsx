import {
  ContestPackageUiMessages,
  ContestScreenMessages,
  ScoringSentences,
  ServerMessages,
  type Contest,
  type ContestStatus,
} from '@javelin/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { useNow } from '../clock/useNow';
import { useToast } from '../toast/useToast';
import { Messages, splitMessage } from '../../lib/messages';
import { Badge } from '../../components/Badge';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { STATUS_BADGE, contestId, effectiveStatus, formatDateTime } from '../contests/contestRules';
import {
  useCompleteContestMutation,
  useUnfreezeContestMutation,
  useContestsQuery,
  useDeleteContestMutation,
} from '../contests/contestsApi';
import { useAdminProblemsQuery } from '../problems/problemsApi';
import { RejudgePanel } from './RejudgePanel';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { NewContestDialog } from './contest-form/NewContestDialog';
import { ImportContestPackageDialog, ImportedAccountsTable } from './ImportContestPackageDialog';
import { Modal } from '../../components/Modal';

export {
  MIN_PARTICIPANTS,
  matchProblems,
  toLocalInput,
  validateContestForm,
  withTimes,
  type ContestFormState,
} from './contest-form/contestForm';

/** One contest: its title and status, its facts, and what an admin can do with it now. */
function ContestAdminCard({
  contest: c,
  status,
  onComplete,
  onUnfreeze,
  onDelete,
  onAccounts,
}: {
  contest: Contest;
  status: ContestStatus;
  onComplete: () => void;
  onUnfreeze: () => void;
  onDelete: () => void;
  /** The accounts a contest package brought (issue 43). */
  onAccounts: () => void;
}) {
  const id = contestId(c);
  return (
    <article className="card" aria-label={c.title}>
      <div className="card-header">
        <div>
          <div className="row">
            <h2 style={{ margin: 0 }}>
              <Link to={`/contests/${id}`}>{c.title}</Link>
            </h2>
            <Badge variant={STATUS_BADGE[status].variant}>{STATUS_BADGE[status].label}</Badge>
          </div>
          <p className="muted" style={{ margin: '0.3rem 0' }}>
            {c.description}
          </p>
        </div>
        <div className="row">
          {status === 'active' && (
            <button type="button" className="btn btn-sm btn-secondary" onClick={onComplete}>
              Complete
            </button>
          )}
          {status === 'ended' && c.frozen && (
            <button type="button" className="btn btn-sm" onClick={onUnfreeze}>
              Unfreeze
            </button>
          )}
          {status === 'ended' && (
            <Link
              to={`/admin/contests/${id}/plagiarism`}
              className="btn btn-sm btn-outline"
              aria-label={`Plagiarism report of ${c.title}`}
            >
              Plagiarism
            </Link>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline"
            aria-label={`${ContestPackageUiMessages.importedAccounts} of ${c.title}`}
            onClick={onAccounts}
          >
            {ContestPackageUiMessages.accounts}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            aria-label={`Edit ${c.title}`}
            title="Editing contests is not available"
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-sm btn-destructive"
            aria-label={`Delete ${c.title}`}
            onClick={onDelete}
          >
            Delete
          </button>
        </div>
      </div>
      <div className="row muted" style={{ fontSize: '0.85rem', gap: '1rem' }}>
        <span>Start: {formatDateTime(c.startTime)}</span>
        <span>End: {formatDateTime(c.endTime)}</span>
        <span>
          Participants: {c.participantCount ?? 0} / {c.maxParticipants}
        </span>
        <span>Problems: {c.contestProblems?.length ?? 0}</span>
        <span>
          Format:{' '}
          {c.format === 'icpc'
            ? `ICPC (+${c.penaltyMinutes} min)`
            : c.format === 'ioi'
              ? ScoringSentences.ioiFormatLabel
              : 'Points'}
          {c.freezeMinutes > 0 && ` · freeze ${c.freezeMinutes} min${c.frozen ? '' : ' (unfrozen)'}`}
        </span>
      </div>
    </article>
  );
}

/** Delete, complete and unfreeze a contest, each saying how it went. */
function useContestActions() {
  const toast = useToast();
  const [deleteContest] = useDeleteContestMutation();
  const [completeContest] = useCompleteContestMutation();
  const [unfreezeContest] = useUnfreezeContestMutation();
  const remove = async (id: string, title: string) => {
    if (!window.confirm(`Delete the contest "${title}"?`)) return;
    try {
      await deleteContest(id).unwrap();
      toast.show({ title: Messages.contestDeleted, variant: 'success' });
    } catch (err) {
      toast.show({
        title: Messages.deleteContestFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  const complete = async (id: string) => {
    try {
      await completeContest(id).unwrap();
      toast.show({ title: 'Contest completed', variant: 'success' });
    } catch (err) {
      toast.show({
        title: 'Failed to complete contest',
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  const unfreeze = async (id: string) => {
    if (!window.confirm(ContestScreenMessages.unfreezeConfirm)) return;
    try {
      await unfreezeContest(id).unwrap();
      toast.show({ title: ServerMessages.contestUnfrozen, variant: 'success' });
    } catch (err) {
      toast.show({ title: 'Failed to unfreeze', description: errorMessage(err), variant: 'destructive' });
    }
  };

  return { remove, complete, unfreeze };
}

export function AdminContestsPage() {
  useDocumentTitle('Contest Management');
  const { isAdmin, isSuperAdmin } = useAuth();
  const toast = useToast();
  const now = useNow();
  const contests = useContestsQuery();
  const problems = useAdminProblemsQuery();
  const actions = useContestActions();
  const [dialogOpen, setDialogOpen] = useState(false);
  const closeDialog = useCallback(() => setDialogOpen(false), []);
  const [importingPackage, setImportingPackage] = useState(false);
  const [accountsOf, setAccountsOf] = useState<{ id: string; title: string } | null>(null);

  useEffect(() => {
    if (contests.error || problems.error) toast.message(Messages.fetchDataFailed);
  }, [contests.error, problems.error, toast]);

  if (!isAdmin && !isSuperAdmin) {
    const { title, description } = splitMessage(Messages.adminPermissionDenied);
    return (
      <div className="card center-card" role="alert">
        <h1 style={{ fontSize: '1.4rem' }}>{title}</h1>
        <p>{description}</p>
      </div>
    );
  }

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Contest Management</h1>
          <p className="muted">Create, complete and delete contests.</p>
        </div>
        <div className="row">
          <button type="button" className="btn btn-secondary" onClick={() => setImportingPackage(true)}>
            {ContestPackageUiMessages.importTitle}
          </button>
          <button type="button" className="btn" onClick={() => setDialogOpen(true)}>
            New Contest
          </button>
        </div>
      </div>
      <RejudgePanel problems={problems.data ?? []} contests={contests.data ?? []} />
      {contests.isLoading ? (
        <Spinner />
      ) : (contests.data ?? []).length === 0 ? (
        <div className="card empty">No contests yet</div>
      ) : (
        <div className="stack">
          {(contests.data ?? []).map((c) => {
            const status = effectiveStatus(c, now());
            const id = contestId(c);
            return (
              <ContestAdminCard
                key={id}
                contest={c}
                status={status}
                onComplete={() => void actions.complete(id)}
                onUnfreeze={() => void actions.unfreeze(id)}
                onDelete={() => void actions.remove(id, c.title)}
                onAccounts={() => setAccountsOf({ id, title: c.title })}
              />
            );
          })}
        </div>
      )}
      {dialogOpen && <NewContestDialog problems={problems.data ?? []} onClose={closeDialog} />}
      {importingPackage && <ImportContestPackageDialog onClose={() => setImportingPackage(false)} />}
      {accountsOf && (
        <Modal
          title={`${ContestPackageUiMessages.importedAccounts}: ${accountsOf.title}`}
          onClose={() => setAccountsOf(null)}
        >
          <ImportedAccountsTable contestId={accountsOf.id} />
        </Modal>
      )}
    </>
  );
}

export default AdminContestsPage;
