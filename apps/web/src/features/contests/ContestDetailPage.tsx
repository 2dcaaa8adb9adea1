import { useCallback, useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { useNow } from '../clock/useNow';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorStatus } from '../../lib/api';
import { useContestLeaderboardQuery } from '../leaderboard/leaderboardApi';
import { ContestAnnouncements } from './ContestAnnouncements';
import { ContestBoards } from './ContestBoards';
import { ContestClarifications } from './ContestClarifications';
import { ContestFacts, ContestPhaseNote } from './ContestFacts';
import { ContestHeader } from './ContestHeader';
import { ContestProblemList } from './ContestProblemList';
import { effectiveStatus, firstUnsolvedProblem, freezePhase } from './contestRules';
import { useContestQuery, useContestSolvedProblemsQuery } from './contestsApi';
import { useContestLeaderboardStream } from './useContestLeaderboardStream';
import { useRefetchAtBoundaries } from './useRefetchAtBoundaries';
import { useVirtualBoard } from './useVirtualBoard';
import { VirtualRunPanel } from './VirtualRunPanel';

export { VIRTUAL_BOARD_POLL_MS } from './useVirtualBoard';

function ContestNotFound() {
  return (
    <div className="card center-card" role="alert">
      <h1 style={{ fontSize: '1.5rem' }}>{Messages.contestNotFound}</h1>
      <p className="muted">The contest you're looking for doesn't exist.</p>
      <Link to="/contests" className="btn btn-outline">
        Back to Contests
      </Link>
    </div>
  );
}

/** The contest, its live leaderboard (SSE while it can change) and the refetches at its boundaries. */
function useContestPage(contestId: string) {
  const { status: session, isAdmin, user } = useAuth();
  const toast = useToast();
  const now = useNow();
  const contestQuery = useContestQuery(contestId);
  const { data: contest, error, refetch } = contestQuery;
  const leaderboard = useContestLeaderboardQuery(contestId);
  const status = contest ? effectiveStatus(contest, now()) : 'upcoming';
  const personal = session === 'authenticated';
  // Open while the contest can still change: announcements may come before the start too.
  useContestLeaderboardStream(contestId, !!contest && status !== 'ended', !!contest?.frozen && personal, {
    username: user?.username ?? null,
    isAdmin,
  });
  const refetchLeaderboard = leaderboard.refetch;
  const refetchAll = useCallback(() => {
    void refetch();
    void refetchLeaderboard();
  }, [refetch, refetchLeaderboard]);
  useRefetchAtBoundaries(contest, refetchAll, now);
  const notFound = errorStatus(error) === 404 || errorStatus(error) === 400;
  useEffect(() => {
    if (error && !notFound) toast.message(Messages.fetchContestFailed);
  }, [error, notFound, toast]);
  useEffect(() => {
    if (leaderboard.error) toast.message(Messages.fetchLeaderboardFailed);
  }, [leaderboard.error, toast]);
  return { contestQuery, leaderboard, status, personal, refetchAll, now, session, isAdmin, user };
}

export function ContestDetailPage() {
  const { contestId = '' } = useParams();
  const page = useContestPage(contestId);
  const { contestQuery, status, personal, isAdmin, user, now } = page;
  const contest = contestQuery.data;
  useDocumentTitle(contest?.title ?? 'Contest');
  const { data: solved = [] } = useContestSolvedProblemsQuery(contestId, {
    skip: !personal || !contest?.userJoined,
  });
  const virtual = useVirtualBoard(contestId, personal, status, now);
  const solvedSet = useMemo(() => new Set(solved), [solved]);
  const problems = useMemo(
    () => [...(contest?.contestProblems ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
    [contest],
  );

  if (contestQuery.isLoading) return <Spinner label="Loading contest..." />;
  if (!contest) return <ContestNotFound />;
  const firstUnsolved = firstUnsolvedProblem(problems, solvedSet);
  const phase = freezePhase(contest, now());
  return (
    <>
      <ContestHeader
        contest={contest}
        status={status}
        isAdmin={isAdmin}
        attemptTo={firstUnsolved && `/contests/${contestId}/problems/${firstUnsolved.problemId._id}`}
        refreshing={contestQuery.isFetching}
        onRefresh={page.refetchAll}
      />
      <ContestFacts contest={contest} />
      <ContestPhaseNote contest={contest} status={status} isAdmin={isAdmin} />
      {status === 'ended' && (
        <VirtualRunPanel
          contest={contest}
          signedIn={personal}
          run={virtual.run}
          standings={virtual.standings}
        />
      )}
      <ContestAnnouncements contestId={contestId} isAdmin={isAdmin} />
      <div className="split">
        <ContestProblemList
          contestId={contestId}
          problems={problems}
          solved={solvedSet}
          icpc={contest.format === 'icpc'}
          canSolve={!!contest.userJoined || isAdmin}
          status={status}
          virtualRunning={virtual.running}
        />
        <ContestBoards
          contest={contest}
          entries={page.leaderboard.data ?? []}
          ended={status === 'ended'}
          frozen={phase === 'pending-release' ? phase : phase === 'frozen'}
          problems={problems.map((cp) => ({ id: cp.problemId._id, title: cp.problemId.title }))}
          viewerId={user?.id}
          virtual={virtual.run ? virtual.standings : undefined}
        />
      </div>
      <ContestClarifications
        contestId={contestId}
        status={status}
        problems={problems}
        joined={contest.userJoined}
        isAdmin={isAdmin}
        signedIn={personal}
      />
    </>
  );
}

export default ContestDetailPage;
