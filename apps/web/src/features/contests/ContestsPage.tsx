import type { Contest, ContestStatus } from '@javelin/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useNow } from '../clock/useNow';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { Badge } from '../../components/Badge';
import { Spinner } from '../../components/Spinner';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { ContestActionButton } from './ContestActionButton';
import { Countdown } from './Countdown';
import { STATUS_BADGE, contestId, effectiveStatus, formatDateTime, viewerTimeZone } from './contestRules';
import { useRefetchAtBoundaries } from './useRefetchAtBoundaries';
import { useContestsQuery } from './contestsApi';
import { useDocumentTitle } from '../../components/useDocumentTitle';

type Tab = 'all' | 'active' | 'upcoming' | 'completed';
const TAB_STATUS: Record<Exclude<Tab, 'all'>, ContestStatus> = {
  active: 'active',
  upcoming: 'upcoming',
  completed: 'ended',
};

/** One contest of the list: status, countdown, times, participants, View Details and its action. */
function ContestCard({ contest, status }: { contest: Contest; status: ContestStatus }) {
  return (
    <article className="card" aria-label={contest.title}>
      <div className="card-header">
        <h2>{contest.title}</h2>
        <Badge variant={STATUS_BADGE[status].variant}>{STATUS_BADGE[status].label}</Badge>
      </div>
      <p className="muted">{contest.description}</p>
      <Countdown contest={contest} compact />
      <dl className="stack" style={{ gap: '0.2rem', fontSize: '0.88rem', margin: 0 }}>
        <div>
          <dt style={{ display: 'inline', fontWeight: 600 }}>Start: </dt>
          <dd style={{ display: 'inline', margin: 0 }}>{formatDateTime(contest.startTime)}</dd>
        </div>
        <div>
          <dt style={{ display: 'inline', fontWeight: 600 }}>End: </dt>
          <dd style={{ display: 'inline', margin: 0 }}>{formatDateTime(contest.endTime)}</dd>
        </div>
        <div>
          <dt style={{ display: 'inline', fontWeight: 600 }}>Participants: </dt>
          <dd style={{ display: 'inline', margin: 0 }} data-testid="participants">
            {contest.participantCount ?? 0} / {contest.maxParticipants}
          </dd>
        </div>
      </dl>
      <div className="card-footer">
        <Link to={`/contests/${contestId(contest)}`} className="btn btn-outline btn-sm">
          View Details
        </Link>
        <ContestActionButton contest={contest} status={status} />
      </div>
    </article>
  );
}

export function ContestsPage() {
  useDocumentTitle('Contests');
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const { data: contests = [], isLoading, isError, refetch } = useContestsQuery();
  const toast = useToast();
  const now = useNow();
  // The list switches a contest's status (and its tab) at its start and end without a reload.
  useRefetchAtBoundaries(contests, refetch, now);

  useEffect(() => {
    if (isError) toast.message(Messages.fetchContestsFailed);
  }, [isError, toast]);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const at = now();
    return contests
      .map((c) => ({ contest: c, status: effectiveStatus(c, at) }))
      .filter(
        ({ contest, status }) =>
          (tab === 'all' || status === TAB_STATUS[tab]) &&
          (!q || contest.title.toLowerCase().includes(q) || contest.description.toLowerCase().includes(q)),
      );
  }, [contests, search, tab, now]);

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Contests</h1>
          <p className="muted">Compete in timed contests and climb the leaderboard.</p>
          <p className="muted" style={{ fontSize: '0.8rem' }} data-testid="time-zone">
            Times are shown in your time zone, {viewerTimeZone()}.
          </p>
        </div>
      </div>
      <div style={{ marginBottom: '1rem' }}>
        <label htmlFor="contest-search" className="sr-only">
          Search contests
        </label>
        <input
          id="contest-search"
          type="search"
          placeholder="Search contests..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <Tabs
        label="Contest status"
        idPrefix="contests"
        value={tab}
        onChange={setTab}
        items={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'upcoming', label: 'Upcoming' },
          { value: 'completed', label: 'Completed' },
        ]}
      />
      <div {...tabPanelProps('contests', tab)}>
        {isLoading ? (
          <Spinner label="Loading contests..." />
        ) : rows.length === 0 ? (
          <div className="card empty">No contests found</div>
        ) : (
          <div className="grid">
            {rows.map(({ contest, status }) => (
              <ContestCard key={contestId(contest)} contest={contest} status={status} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}

export default ContestsPage;
