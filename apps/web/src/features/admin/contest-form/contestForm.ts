import {
  DEFAULT_CONTEST_FORMAT,
  DEFAULT_FREEZE_MINUTES,
  DEFAULT_MAX_PARTICIPANTS,
  DEFAULT_PENALTY_MINUTES,
  type ContestFormat,
  type Problem,
} from '@javelin/contracts';
import { Messages } from '../../../lib/messages';

export const MIN_PARTICIPANTS = 1;
export const SNIPPET_LENGTH = 80;

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

export const EMPTY_FORM: ContestFormState = {
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
