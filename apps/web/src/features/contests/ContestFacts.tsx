import { ContestScreenMessages, VirtualMessages, type Contest, type ContestStatus } from '@javelin/contracts';
import { formatDateTime, viewerTimeZone } from './contestRules';

/** Start, end and participants (cards side by side on a wide screen, one line each on a phone). */
export function ContestFacts({ contest }: { contest: Contest }) {
  return (
    <>
      <dl className="grid-3 contest-facts" data-testid="contest-facts">
        <div className="card stat-card">
          <dt className="stat-label">Start</dt>
          <dd>{formatDateTime(contest.startTime)}</dd>
        </div>
        <div className="card stat-card">
          <dt className="stat-label">End</dt>
          <dd>{formatDateTime(contest.endTime)}</dd>
        </div>
        <div className="card stat-card">
          <dt className="stat-label">Participants</dt>
          <dd data-testid="participants">
            {contest.participantCount ?? 0} / {contest.maxParticipants}
          </dd>
        </div>
      </dl>
      <p className="muted" style={{ fontSize: '0.8rem', marginTop: '-0.5rem' }} data-testid="time-zone">
        Times are shown in your time zone, {viewerTimeZone()}.
      </p>
    </>
  );
}

/** What the contest's phase means for the viewer: not started, running without them, or ended. */
export function ContestPhaseNote({
  contest,
  status,
  isAdmin,
}: {
  contest: Contest;
  status: ContestStatus;
  isAdmin: boolean;
}) {
  if (status === 'upcoming') {
    return (
      <div className="alert alert-info" role="note">
        This contest has not started yet. Problems can be solved once it starts
        {contest.userJoined ? '' : ' — join now to take part'}.
      </div>
    );
  }
  if (status === 'active' && !contest.userJoined && !isAdmin) {
    return (
      <div className="alert alert-info" role="note" data-testid="started-note">
        {ContestScreenMessages.startedWithoutYou}
      </div>
    );
  }
  if (status !== 'ended') return null;
  return (
    <div className="alert alert-warning" role="note">
      This contest has ended. Submissions are closed; the final results are below.{' '}
      {contest.userJoined ? VirtualMessages.endedOpenToParticipant : VirtualMessages.endedOpen}
    </div>
  );
}
