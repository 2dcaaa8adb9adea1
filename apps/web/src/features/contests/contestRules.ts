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

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function contestId(contest: Pick<Contest, '_id' | 'id'>): string {
  return contest._id ?? contest.id;
}
