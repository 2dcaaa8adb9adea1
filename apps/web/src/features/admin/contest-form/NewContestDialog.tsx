import {
  AdminScreenMessages,
  DEFAULT_PENALTY_MINUTES,
  ScoringSentences,
  type ContestFormat,
  type Problem,
} from '@javelin/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { DifficultyBadge } from '../../../components/Badge';
import { ErrorBox } from '../../../components/ErrorBox';
import type { FieldProps } from '../../../components/fieldProps';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { Messages } from '../../../lib/messages';
import { useToast } from '../../toast/useToast';
import { useCreateContestMutation } from '../../contests/contestsApi';
import {
  EMPTY_FORM,
  MIN_PARTICIPANTS,
  SNIPPET_LENGTH,
  matchProblems,
  validateContestForm,
  withTimes,
  type ContestFormState,
} from './contestForm';

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

/** Start, end and duration: each sets the others (withTimes). */
function ContestTimes({
  form,
  setForm,
}: {
  form: ContestFormState;
  setForm: (form: ContestFormState) => void;
}) {
  return (
    <>
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
    </>
  );
}

/** Max participants, format, an ICPC penalty and the freeze. */
function ContestRules({
  form,
  setForm,
}: {
  form: ContestFormState;
  setForm: (form: ContestFormState) => void;
}) {
  return (
    <>
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
    </>
  );
}

/** The contest's problems: a search and a checkbox per problem with its difficulty, points and first words. */
function ProblemPicker({
  problems,
  selected,
  onToggle,
}: {
  problems: Problem[];
  selected: string[];
  onToggle: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => matchProblems(problems, search), [problems, search]);
  return (
    <fieldset className="field" style={{ border: 0, padding: 0, margin: '0 0 0.85rem' }}>
      <legend style={{ fontWeight: 500, fontSize: '0.9rem', marginBottom: '0.3rem' }}>
        Problems ({selected.length} selected)
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
              checked={selected.includes(p._id)}
              onChange={() => onToggle(p._id)}
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
  );
}

/** The admin's new contest: title, times, rules and problems, checked before it is sent. */
export function NewContestDialog({ problems, onClose }: { problems: Problem[]; onClose: () => void }) {
  const [form, setForm] = useState<ContestFormState>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [createContest, { isLoading }] = useCreateContestMutation();
  const toast = useToast();

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
        // The request type is the route's schema (issue 45): a format without penalties sends the default.
        penaltyMinutes: form.format === 'icpc' ? Number(form.penaltyMinutes) : DEFAULT_PENALTY_MINUTES,
        freezeMinutes: Number(form.freezeMinutes),
        // AI help stays off for the contest's participants on its problems while it runs (issue 47 item 4).
        allowAiHelp: false,
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
        <ContestTimes form={form} setForm={setForm} />
        <ContestRules form={form} setForm={setForm} />
        <ProblemPicker problems={problems} selected={form.problemIds} onToggle={toggle} />
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
