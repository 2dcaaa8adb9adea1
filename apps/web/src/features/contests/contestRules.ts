import { contestStatusAt, type Contest, type ContestStatus } from '@javelin/contracts';

/** Spec §4: the server's status when present, else derived from the (server-corrected) clock. */
export function effectiveStatus(
  contest: Pick<Contest, 'startTime' | 'endTime'> & { status?: ContestStatus | null },
  now: Date,
): ContestStatus {
  return contest.status ?? contestStatusAt(contest, now);
}

export type ContestAction =
  | { kind: 'join'; label: 'Join Contest' }
  | { kind: 'disabled'; label: 'Joined' | 'Contest Started' }
  | { kind: 'link'; label: 'Attempt Contest' | 'View Results' };

/**
 * Spec §4 "Joining": join only while upcoming and not yet joined, then Joined; when active joined
 * users Attempt and others see Contest Started (disabled); ended shows View Results.
 */
export function contestAction(status: ContestStatus, joined: boolean): ContestAction {
  if (status === 'upcoming')
    return joined ? { kind: 'disabled', label: 'Joined' } : { kind: 'join', label: 'Join Contest' };
  if (status === 'active')
    return joined
      ? { kind: 'link', label: 'Attempt Contest' }
      : { kind: 'disabled', label: 'Contest Started' };
  return { kind: 'link', label: 'View Results' };
}

export const STATUS_BADGE: Record<
  ContestStatus,
  { label: string; variant: 'default' | 'success' | 'secondary' }
> = {
  upcoming: { label: 'Upcoming', variant: 'default' },
  active: { label: 'Active', variant: 'success' },
  ended: { label: 'Ended', variant: 'secondary' },
};

/** A date and time in the viewer's time zone, with the zone's short name (e.g. 'Mar 1, 2031, 10:00 AM GMT+1'). */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** The viewer's IANA time zone (e.g. 'Europe/Paris'), the one every time on the page is shown in. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** What a contest counts down to at `now`: its start, then its end; null once it has ended. */
export function countdownTarget(
  contest: Pick<Contest, 'startTime' | 'endTime'>,
  now: Date,
): { label: 'Starts in' | 'Ends in'; at: number } | null {
  const t = now.getTime();
  const start = new Date(contest.startTime).getTime();
  const end = new Date(contest.endTime).getTime();
  if (t < start) return { label: 'Starts in', at: start };
  if (t <= end) return { label: 'Ends in', at: end };
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A remaining time as '1d 02:03:04' or '02:03:04' (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** Problem labels as contests print them: A, B, …, Z, AA, AB, … */
export function problemLetter(index: number): string {
  let label = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    label = String.fromCharCode(65 + ((n - 1) % 26)) + label;
  return label;
}

export function contestId(contest: Pick<Contest, '_id' | 'id'>): string {
  return contest._id ?? contest.id;
}

/**
 * What the board's freeze badge says at `now`: nothing before the freeze (or without one, or once
 * unfrozen), 'frozen' from the freeze to the end, 'pending-release' after the end until an admin unfreezes.
 */
export function freezePhase(
  contest: Pick<Contest, 'frozen' | 'freezeTime' | 'startTime' | 'endTime'> & {
    status?: ContestStatus | null;
  },
  now: Date,
): 'none' | 'frozen' | 'pending-release' {
  if (!contest.frozen || !contest.freezeTime) return 'none';
  const status = effectiveStatus(contest, now);
  if (status === 'ended') return 'pending-release';
  if (status === 'active' && now.getTime() >= new Date(contest.freezeTime).getTime()) return 'frozen';
  return 'none';
}

/** Where 'Attempt Contest' goes: the first problem (in contest order) the user has not solved, else the first. */
export function firstUnsolvedProblem<T extends { problemId: { _id: string } }>(
  problems: readonly T[],
  solved: ReadonlySet<string>,
): T | undefined {
  return problems.find((cp) => !solved.has(cp.problemId._id)) ?? problems[0];
}
