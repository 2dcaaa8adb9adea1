import { ContestScreenMessages, VirtualMessages } from '@javelin/contracts';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { useNow } from '../clock/useNow';
import { useToast } from '../toast/useToast';
import { Messages, splitMessage } from '../../lib/messages';
import { Badge } from '../../components/Badge';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { ReturnState } from '../auth/SignInLink';
import { useTestCasesQuery } from '../problems/problemsApi';
import { useSolver } from '../problems/solving';
import {
  ContestProblemHeader,
  ContestProblemNotFound,
  ContestSolveSplit,
  useContestProblem,
  useReturnToContestAfterSolve,
} from './ContestSolveSplit';
import { Countdown } from './Countdown';
import { STATUS_BADGE, effectiveStatus, formatDateTime, problemLetter } from './contestRules';
import { useContestQuery } from './contestsApi';
import { useRefetchAtBoundaries } from './useRefetchAtBoundaries';

export function ContestProblemPage() {
  const { contestId = '', problemId = '' } = useParams();
  const { status: session, isAdmin } = useAuth();
  const location = useLocation();
  const toast = useToast();
  const now = useNow();
  const {
    data: contest,
    isLoading,
    isError,
    refetch,
  } = useContestQuery(contestId, { skip: session !== 'authenticated' });
  useRefetchAtBoundaries(contest, refetch, now);
  const { problem, solving } = useContestProblem(contest, contestId, problemId);
  const canAccess = !!contest && (contest.userJoined || isAdmin);
  const embeddedExamples = (problem?.testCases ?? []).filter((t) => t.isExample);
  const { data: fetchedTests = [] } = useTestCasesQuery(
    { problemId },
    { skip: !canAccess || !problem || embeddedExamples.length > 0 },
  );
  const examples = embeddedExamples.length ? embeddedExamples : fetchedTests.filter((t) => t.isExample);
  const onSolved = useReturnToContestAfterSolve(contestId);
  // An ICPC contest counts solved problems and penalty minutes, so its accepted toast names no points.
  const letterIndex = [...(contest?.contestProblems ?? [])]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .findIndex((cp) => cp.problemId?._id === problemId);
  const icpcToast = useCallback(
    () => ({
      title: ContestScreenMessages.icpcSolvedTitle,
      description: ContestScreenMessages.icpcSolved(problemLetter(Math.max(0, letterIndex))),
    }),
    [letterIndex],
  );
  const solver = useSolver({
    problemId,
    contestId,
    points: solving.points,
    onSolved,
    ...(contest?.format === 'icpc' ? { acceptedToast: icpcToast } : {}),
  });

  useDocumentTitle(problem ? `${problem.title} · ${contest?.title}` : 'Contest Problem');
  useEffect(() => {
    if (isError) toast.message(Messages.fetchContestOrProblemFailed);
  }, [isError, toast]);
  useEffect(() => {
    if (contest && !canAccess) toast.message(Messages.mustJoinContest);
  }, [contest, canAccess, toast]);

  const status = useMemo(() => (contest ? effectiveStatus(contest, now()) : 'upcoming'), [contest, now]);

  if (session === 'anonymous')
    return <Navigate to="/auth" replace state={{ from: location.pathname } satisfies ReturnState} />;
  if (session === 'loading' || isLoading) return <Spinner label="Loading problem..." />;

  if (contest && !canAccess) {
    const { title, description } = splitMessage(Messages.mustJoinContestPage);
    return (
      <div className="card center-card" role="alert">
        <h1 style={{ fontSize: '1.5rem' }}>{title}</h1>
        <p>{description}</p>
        <Link to={`/contests/${contestId}`} className="btn">
          Go to Contest
        </Link>
      </div>
    );
  }
  if (!contest || !problem) {
    return <ContestProblemNotFound contestId={contestId} contestFound={!!contest} />;
  }

  return (
    <>
      <ContestProblemHeader contestId={contestId} contestTitle={contest.title} note={contest.description}>
        <Badge variant={STATUS_BADGE[status].variant}>{STATUS_BADGE[status].label}</Badge>
        <span className="muted">Ends {formatDateTime(contest.endTime)}</span>
        <Countdown contest={contest} compact />
        {status === 'ended' && (
          // Submissions here closed with the contest; its problems stay open as practice (issue 21).
          <Link to={`/contests/${contestId}/practice/${problemId}`} className="btn btn-sm btn-outline">
            {VirtualMessages.practiceLink}
          </Link>
        )}
      </ContestProblemHeader>
      <ContestSolveSplit
        solving={solving}
        problem={problem}
        testCases={examples}
        solver={solver}
        submitDisabledReason={status === 'active' ? undefined : Messages.contestNotActive}
      />
    </>
  );
}

export default ContestProblemPage;
