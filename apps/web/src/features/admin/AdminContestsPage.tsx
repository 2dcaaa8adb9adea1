import {
  ContestPackageUiMessages,
  AdminScreenMessages,
  ContestScreenMessages,
  DEFAULT_CONTEST_FORMAT,
  DEFAULT_FREEZE_MINUTES,
  DEFAULT_MAX_PARTICIPANTS,
  DEFAULT_PENALTY_MINUTES,
  ScoringSentences,
  ServerMessages,
  type ContestFormat,
  type Problem,
} from '@javelin/contracts';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ImportContestPackageDialog, ImportedAccountsTable } from './ImportContestPackageDialog';
import { useAuth } from '../auth/useAuth';
import { useNow } from '../clock/useNow';
import { useToast } from '../toast/useToast';
import { Messages, splitMessage } from '../../lib/messages';
import { Badge, DifficultyBadge } from '../../components/Badge';
import { ErrorBox } from '../../components/ErrorBox';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { STATUS_BADGE, contestId, effectiveStatus, formatDateTime } from '../contests/contestRules';
import {
  useCompleteContestMutation,
  useUnfreezeContestMutation,
  useContestsQuery,
  useCreateContestMutation,
  useDeleteContestMutation,
} from '../contests/contestsApi';
import { useAdminProblemsQuery } from '../problems/problemsApi';
import { RejudgePanel } from './RejudgePanel';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { FieldProps } from '../../components/fieldProps';

export const MIN_PARTICIPANTS = 1;
const SNIPPET_LENGTH = 80;

export interface ContestFormState {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  maxParticipants: string;
  problemIds: string[];
  format: ContestFormat;
  penaltyMinutes: string;
  freezeMinutes: string;
  /** Minutes from the start to the end: typing it sets the end (end = start + duration). */
  durationMinutes: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A local time as a datetime-local input holds it (seconds included, as the inputs take them). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}T${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}

/**
 * The form after one of start, end or duration changed: a duration moves the end (end = start +
 * duration), a new start keeps the duration, and a new end gives the duration it makes.
 */
export function withTimes(
  form: ContestFormState,
  change: Partial<Pick<ContestFormState, 'startTime' | 'endTime' | 'durationMinutes'>>,
): ContestFormState {
  const next = { ...form, ...change };
  const start = new Date(next.startTime).getTime();
  const end = new Date(next.endTime).getTime();
  const minutes = Number(next.durationMinutes);
  const durationOk = next.durationMinutes.trim() !== '' && Number.isFinite(minutes) && minutes > 0;
  const fromEnd = (): ContestFormState =>
    Number.isFinite(start) && Number.isFinite(end) && end > start
      ? { ...next, durationMinutes: String(Math.round((end - start) / 60_000)) }
      : next;
  if ('endTime' in change) return fromEnd();
  if (Number.isFinite(start) && durationOk)
    return { ...next, endTime: toLocalInput(new Date(start + minutes * 60_000)) };
  return 'startTime' in change ? fromEnd() : next;
}

/** Problems whose title, difficulty or tags hold every word of the search. */
export function matchProblems(problems: readonly Problem[], search: string): Problem[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...problems];
  return problems.filter((p) => {
    const text = [p.title, p.difficulty, ...(p.tags ?? [])].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

const EMPTY_FORM: ContestFormState = {
  title: '',
  description: '',
  startTime: '',
  endTime: '',
  maxParticipants: String(DEFAULT_MAX_PARTICIPANTS),
  problemIds: [],
  format: DEFAULT_CONTEST_FORMAT,
  penaltyMinutes: String(DEFAULT_PENALTY_MINUTES),
  freezeMinutes: String(DEFAULT_FREEZE_MINUTES),
  durationMinutes: '',
};

/** Spec §5 "Create contest": at least one problem; max participants numeric, at least 1. */
export function validateContestForm(form: ContestFormState): string | null {
  if (!form.title.trim() || !form.startTime || !form.endTime)
    return 'Please fill in the title, start and end time';
  if (form.problemIds.length === 0) return Messages.selectProblem;
  const max = Number(form.maxParticipants);
  if (!Number.isInteger(max) || max < MIN_PARTICIPANTS)
    return `Max participants must be a number of at least ${MIN_PARTICIPANTS}`;
  if (new Date(form.endTime).getTime() <= new Date(form.startTime).getTime())
    return 'End time must be after start time';
  const penalty = Number(form.penaltyMinutes);
  if (form.format === 'icpc' && (!Number.isInteger(penalty) || penalty < 0))
    return 'Penalty minutes must be a whole number of at least 0';
  const freeze = Number(form.freezeMinutes);
  if (!Number.isInteger(freeze) || freeze < 0) return 'Freeze minutes must be a whole number of at least 0';
  if (freeze * 60_000 > new Date(form.endTime).getTime() - new Date(form.startTime).getTime())
    return 'The freeze must not be longer than the contest';
  return null;
}

/** A required start or end time, to the second, in the admin's local time. */
function DateTimeField({ id, label, value, onChange }: FieldProps<string>) {
  return (
    <div className="field" style={{ flex: '1 1 200px' }}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="datetime-local"
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
      />
    </div>
  );
}

/** A whole number the admin types, kept as its text until the form is checked. */
function NumberField({ id, label, min, value, onChange }: FieldProps<string> & { min: number }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" min={min} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function NewContestDialog({ problems, onClose }: { problems: Problem[]; onClose: () => void }) {
  const [form, setForm] = useState<ContestFormState>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [createContest, { isLoading }] = useCreateContestMutation();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => matchProblems(problems, search), [problems, search]);

  const toggle = (id: string) =>
    setForm((f) => ({
      ...f,
      problemIds: f.problemIds.includes(id) ? f.problemIds.filter((p) => p !== id) : [...f.problemIds, id],
    }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateContestForm(form);
    if (invalid) {
      setError(invalid);
      return;
    }
    try {
      await createContest({
        title: form.title.trim(),
        description: form.description,
        startTime: new Date(form.startTime).toISOString(),
        endTime: new Date(form.endTime).toISOString(),
        maxParticipants: Number(form.maxParticipants),
        problemIds: form.problemIds,
        format: form.format,
        ...(form.format === 'icpc' ? { penaltyMinutes: Number(form.penaltyMinutes) } : {}),
        freezeMinutes: Number(form.freezeMinutes),
      }).unwrap();
      toast.show({ title: Messages.contestCreated, variant: 'success' });
      onClose();
    } catch (err) {
      setError(errorMessage(err, Messages.createContestFailed));
      toast.show({
        title: Messages.createContestFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  return (
    <Modal title="New Contest" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
        <div className="field">
          <label htmlFor="contest-title">Title</label>
          <input
            id="contest-title"
            value={form.title}
            onChange={(e) => setForm({ ...form, title: e.target.value })}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="contest-description">Description</label>
          <textarea
            id="contest-description"
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </div>
        <div className="row" style={{ alignItems: 'flex-start' }}>
          <DateTimeField
            id="contest-start"
            label="Start Time"
            value={form.startTime}
            onChange={(startTime) => setForm(withTimes(form, { startTime }))}
          />
          <DateTimeField
            id="contest-end"
            label="End Time"
            value={form.endTime}
            onChange={(endTime) => setForm(withTimes(form, { endTime }))}
          />
          <div className="field" style={{ flex: '0 1 150px' }}>
            <label htmlFor="contest-duration">{AdminScreenMessages.durationLabel}</label>
            <input
              id="contest-duration"
              type="number"
              min={1}
              value={form.durationMinutes}
              onChange={(e) => setForm(withTimes(form, { durationMinutes: e.target.value }))}
              aria-describedby="contest-duration-hint"
            />
          </div>
        </div>
        <p className="field-hint" id="contest-duration-hint" style={{ margin: '-0.4rem 0 0.8rem' }}>
          {AdminScreenMessages.durationHint}
        </p>
        <NumberField
          id="contest-max"
          label="Max Participants"
          min={MIN_PARTICIPANTS}
          value={form.maxParticipants}
          onChange={(maxParticipants) => setForm({ ...form, maxParticipants })}
        />
        <div className="grid-2">
          <div className="field">
            <label htmlFor="contest-format">Format</label>
            <select
              id="contest-format"
              value={form.format}
              onChange={(e) => setForm({ ...form, format: e.target.value as ContestFormat })}
            >
              <option value="points">Points (sum of points)</option>
              <option value="icpc">ICPC (solved, then penalty)</option>
              <option value="ioi">{ScoringSentences.ioiFormatOption}</option>
            </select>
          </div>
          {form.format === 'icpc' && (
            <NumberField
              id="contest-penalty"
              label="Penalty Minutes per Rejected Try"
              min={0}
              value={form.penaltyMinutes}
              onChange={(penaltyMinutes) => setForm({ ...form, penaltyMinutes })}
            />
          )}
          <NumberField
            id="contest-freeze"
            label="Freeze Minutes Before the End (0 = none)"
            min={0}
            value={form.freezeMinutes}
            onChange={(freezeMinutes) => setForm({ ...form, freezeMinutes })}
          />
        </div>
        <fieldset className="field" style={{ border: 0, padding: 0, margin: '0 0 0.85rem' }}>
          <legend style={{ fontWeight: 500, fontSize: '0.9rem', marginBottom: '0.3rem' }}>
            Problems ({form.problemIds.length} selected)
          </legend>
          <input
            type="search"
            className="problem-search"
            placeholder={AdminScreenMessages.problemSearch}
            aria-label={AdminScreenMessages.problemSearch}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ marginBottom: '0.4rem' }}
          />
          <div className="multi-select">
            {problems.length === 0 && (
              <p className="muted" style={{ padding: '0.6rem' }}>
                No problems yet.
              </p>
            )}
            {problems.length > 0 && shown.length === 0 && (
              <p className="muted" style={{ padding: '0.6rem' }}>
                {AdminScreenMessages.problemSearchEmpty}
              </p>
            )}
            {shown.map((p) => (
              <label key={p._id}>
                <input
                  type="checkbox"
                  checked={form.problemIds.includes(p._id)}
                  onChange={() => toggle(p._id)}
                  aria-label={p.title}
                />
                <span style={{ minWidth: 0 }}>
                  <span className="row">
                    <strong>{p.title}</strong>
                    <DifficultyBadge difficulty={p.difficulty} />
                    <span className="muted" style={{ fontSize: '0.8rem' }}>
                      {p.points} pts
                    </span>
                  </span>
                  <span className="muted" style={{ fontSize: '0.8rem', display: 'block' }}>
                    {p.description.slice(0, SNIPPET_LENGTH)}
                    {p.description.length > SNIPPET_LENGTH ? '…' : ''}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={isLoading}>
            {isLoading ? 'Creating...' : 'Create Contest'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function AdminContestsPage() {
  useDocumentTitle('Contest Management');
  const { isAdmin, isSuperAdmin } = useAuth();
  const toast = useToast();
  const now = useNow();
  const contests = useContestsQuery();
  const problems = useAdminProblemsQuery();
  const [deleteContest] = useDeleteContestMutation();
  const [completeContest] = useCompleteContestMutation();
  const [unfreezeContest] = useUnfreezeContestMutation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [importingPackage, setImportingPackage] = useState(false);
  const [accountsOf, setAccountsOf] = useState<{ id: string; title: string } | null>(null);
  const closeDialog = useCallback(() => setDialogOpen(false), []);

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
              <article key={id} className="card" aria-label={c.title}>
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
                      <button
                        type="button"
                        className="btn btn-sm btn-secondary"
                        onClick={() => void complete(id)}
                      >
                        Complete
                      </button>
                    )}
                    {status === 'ended' && c.frozen && (
                      <button type="button" className="btn btn-sm" onClick={() => void unfreeze(id)}>
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
                      onClick={() => setAccountsOf({ id, title: c.title })}
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
                      onClick={() => void remove(id, c.title)}
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
                    {c.freezeMinutes > 0 &&
                      ` · freeze ${c.freezeMinutes} min${c.frozen ? '' : ' (unfrozen)'}`}
                  </span>
                </div>
              </article>
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
