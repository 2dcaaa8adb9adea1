import { ServerMessages, VirtualMessages } from '@javelin/contracts';
import { useCallback, useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { useNow } from '../clock/useNow';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { Badge } from '../../components/Badge';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSolver } from '../problems/solving';
import {
  ContestProblemHeader,
  ContestProblemNotFound,
  ContestSolveSplit,
  useContestProblem,
  useReturnToContestAfterSolve,
} from './ContestSolveSplit';
import { useTicker } from './Countdown';
import { effectiveStatus, formatCountdown } from './contestRules';
import { useContestQuery } from './contestsApi';
import { useVirtualRunQuery } from './virtualApi';
import { isRunning } from './virtualRules';

/**
 * A problem of an ended contest, solved from the contest's page (issue 21): as practice, kept in the
 * user's submissions and never counted in the contest; or, while the user's virtual run of the
 * contest is running, as a try in that run, scored as if live. The spec's contest problem page
 * (/contests/:id/problems/:pid) keeps its rules: its Submit stays closed after the end.
 */
export function ContestPracticePage() {
  const { contestId = '', problemId = '' } = useParams();
  const { status: session } = useAuth();
  const toast = useToast();
  const now = useNow();
  const { data: contest, isLoading, isError } = useContestQuery(contestId);
  const { data: virtual } = useVirtualRunQuery(contestId, { skip: session !== 'authenticated' });
  const run = virtual?.run ?? null;
  const running = isRunning(run, now());
  useTicker(running);
  const { problem, solving } = useContestProblem(contest, contestId, problemId);
  const examples = (problem?.testCases ?? []).filter((t) => t.isExample);
  const returnToContest = useReturnToContestAfterSolve(contestId);
  // A virtual run goes back to the contest (its board) after an accept, as the live contest page does.
  const onSolved = useCallback(() => {
    if (running) returnToContest();
  }, [running, returnToContest]);
  const acceptedToast = useCallback(
    () => ({
      title: Messages.accepted,
      description: VirtualMessages.acceptedInVirtual(
        run ? Math.floor((now().getTime() - new Date(run.startedAt).getTime()) / 60_000) : 0,
      ),
    }),
    [run, now],
  );
  const solver = useSolver({
    problemId,
    contestId,
    contestMode: running ? 'virtual' : 'practice',
    points: solving.points,
    onSolved,
    ...(running ? { acceptedToast } : {}),
  });

  useDocumentTitle(problem ? `${problem.title} · ${contest?.title}` : 'Practice');
  useEffect(() => {
    if (isError) toast.message(Messages.fetchContestOrProblemFailed);
  }, [isError, toast]);

  if (isLoading) return <Spinner label="Loading problem..." />;
  if (!contest || !problem) {
    return <ContestProblemNotFound contestId={contestId} contestFound={!!contest} />;
  }
  const ended = effectiveStatus(contest, now()) === 'ended';

  return (
    <>
      <ContestProblemHeader
        contestId={contestId}
        contestTitle={contest.title}
        note={running ? VirtualMessages.virtualNote : VirtualMessages.practiceNote}
        practice
      >
        <Badge variant={running ? 'warning' : 'secondary'}>
          {running ? VirtualMessages.virtualRunBadge : VirtualMessages.practiceBadge}
        </Badge>
        {running && run && (
          <span className="countdown countdown-compact" role="timer" data-testid="virtual-countdown">
            {VirtualMessages.virtualEndsIn}{' '}
            <strong className="mono">
              {formatCountdown(new Date(run.endsAt).getTime() - now().getTime())}
            </strong>
          </span>
        )}
      </ContestProblemHeader>
      <ContestSolveSplit
        solving={solving}
        problem={problem}
        testCases={examples}
        solver={solver}
        submitDisabledReason={ended ? undefined : ServerMessages.practiceOnlyAfterEnd}
      />
    </>
  );
}

export default ContestPracticePage;
