import {
  ContestScreenMessages,
  ScoringSentences,
  ServerMessages,
  VirtualMessages,
  elapsedMinutes,
} from '@javelin/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { useNow } from '../clock/useNow';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { Badge, DifficultyBadge } from '../../components/Badge';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { Tooltip } from '../../components/Tooltip';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessage, errorStatus } from '../../lib/api';
import { useContestLeaderboardQuery } from '../leaderboard/leaderboardApi';
import { pointsOf } from '../problems/solving';
import { ContestActionButton } from './ContestActionButton';
import { ContestAnnouncements } from './ContestAnnouncements';
import { ContestClarifications } from './ContestClarifications';
import { ContestLeaderboard } from './ContestScoreboard';
import { Countdown } from './Countdown';
import { isRunning } from './virtualRules';
import {
  STATUS_BADGE,
  effectiveStatus,
  firstUnsolvedProblem,
  formatDateTime,
  freezePhase,
  problemLetter,
  viewerTimeZone,
} from './contestRules';
import { useContestQuery, useContestSolvedProblemsQuery, useUnfreezeContestMutation } from './contestsApi';
import { useContestLeaderboardStream } from './useContestLeaderboardStream';
import { useRefetchAtBoundaries } from './useRefetchAtBoundaries';
import { VirtualRunPanel } from './VirtualRunPanel';
import { useVirtualRunQuery, useVirtualStandingsQuery } from './virtualApi';

/** How often a running virtual run's board moves on: the real standings advance with its clock. */
export const VIRTUAL_BOARD_POLL_MS = 10_000;

export function ContestDetailPage() {
  const { contestId = '' } = useParams();
  const { status: session, isAdmin, user } = useAuth();
  const toast = useToast();
  const now = useNow();
  const contestQuery = useContestQuery(contestId);
  const { data: contest, isLoading, error, refetch } = contestQuery;
  useDocumentTitle(contest?.title ?? 'Contest');
  const leaderboard = useContestLeaderboardQuery(contestId);
  const { data: solved = [] } = useContestSolvedProblemsQuery(contestId, {
    skip: session !== 'authenticated' || !contest?.userJoined,
  });
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
  const [unfreeze, unfreezing] = useUnfreezeContestMutation();
  const virtualRun = useVirtualRunQuery(contestId, { skip: !personal || status !== 'ended' });
  const run = virtualRun.data?.run ?? null;
  const running = isRunning(run, now());
  const virtualBoard = useVirtualStandingsQuery(contestId, {
    skip: !run,
    pollingInterval: running ? VIRTUAL_BOARD_POLL_MS : 0,
  });
  const [boardView, setBoardView] = useState<'virtual' | 'final'>('virtual');
  const [confirmUnfreeze, setConfirmUnfreeze] = useState(false);
  const { refetch: refetchRun } = virtualRun;
  const { refetch: refetchVirtualBoard } = virtualBoard;
  // When the run's time is up, its state and board are read again: finished, at the contest's full length.
  const runEndsAt = running && run ? new Date(run.endsAt).getTime() : null;
  useEffect(() => {
    if (runEndsAt === null) return;
    const timer = setTimeout(
      () => {
        void refetchRun();
        void refetchVirtualBoard();
      },
      Math.max(0, runEndsAt - now().getTime()) + 500,
    );
    return () => clearTimeout(timer);
  }, [runEndsAt, now, refetchRun, refetchVirtualBoard]);
  useEffect(() => {
    if (virtualBoard.error && run) toast.message(VirtualMessages.virtualBoardFailed);
  }, [virtualBoard.error, run, toast]);

  const notFound = errorStatus(error) === 404 || errorStatus(error) === 400;
  useEffect(() => {
    if (error && !notFound) toast.message(Messages.fetchContestFailed);
  }, [error, notFound, toast]);
  useEffect(() => {
    if (leaderboard.error) toast.message(Messages.fetchLeaderboardFailed);
  }, [leaderboard.error, toast]);

  const solvedSet = useMemo(() => new Set(solved), [solved]);
  const problems = useMemo(
    () => [...(contest?.contestProblems ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
    [contest],
  );

  if (isLoading) return <Spinner label="Loading contest..." />;
  if (!contest) {
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

  const refresh = refetchAll;
  const boardProblems = problems.map((cp) => ({ id: cp.problemId._id, title: cp.problemId.title }));
  const boardSwitch = virtualBoard.data && (
    <div className="virtual-switch">
      <Tabs
        label="Standings to show"
        idPrefix="contest-board"
        value={boardView}
        onChange={setBoardView}
        items={[
          { value: 'virtual', label: VirtualMessages.virtualBoardTitle },
          { value: 'final', label: VirtualMessages.finalResultsTab },
        ]}
      />
      {boardView === 'virtual' && (
        <p
          className="muted"
          style={{ margin: '0.25rem 0 0.5rem', fontSize: '0.85rem' }}
          data-testid="virtual-minute"
        >
          {VirtualMessages.atMinute(
            elapsedMinutes(virtualBoard.data.elapsedSeconds),
            elapsedMinutes(virtualBoard.data.durationSeconds),
          )}
        </p>
      )}
    </div>
  );
  const onUnfreeze = async () => {
    setConfirmUnfreeze(false);
    try {
      await unfreeze(contestId).unwrap();
      toast.show({ title: ServerMessages.contestUnfrozen, variant: 'success' });
    } catch (err) {
      toast.message(errorMessage(err));
    }
  };
  const icpc = contest.format === 'icpc';
  const phase = freezePhase(contest, now());
  const firstUnsolved = firstUnsolvedProblem(problems, solvedSet);

  return (
    <>
      <div className="page-header">
        <div>
          <div className="row">
            <h1>{contest.title}</h1>
            <Badge variant={STATUS_BADGE[status].variant}>{STATUS_BADGE[status].label}</Badge>
          </div>
          <p className="muted">{contest.description}</p>
          <div className="row" style={{ flexWrap: 'wrap', gap: '0.5rem' }}>
            <Countdown contest={contest} />
            <span className="muted" style={{ fontSize: '0.85rem' }} data-testid="contest-rules">
              {contest.format === 'icpc'
                ? `ICPC rules: solved, then penalty (${contest.penaltyMinutes} min per rejected try)`
                : contest.format === 'ioi'
                  ? ScoringSentences.ioiRules
                  : 'Points: sum of points, ties by the earlier last accept'}
              {contest.freezeMinutes > 0 && ` · scoreboard frozen for the last ${contest.freezeMinutes} min`}
            </span>
          </div>
        </div>
        <div className="row">
          <ContestActionButton
            contest={contest}
            status={status}
            attemptTo={firstUnsolved && `/contests/${contestId}/problems/${firstUnsolved.problemId._id}`}
            resultsHref="#contest-results"
          />
          {isAdmin && contest.frozen && status === 'ended' && (
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => setConfirmUnfreeze(true)}
              disabled={unfreezing.isLoading}
            >
              {ContestScreenMessages.unfreezeAction}
            </button>
          )}
          <Tooltip content="Reload the contest and its leaderboard">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={refresh}
              disabled={contestQuery.isFetching}
            >
              Refresh
            </button>
          </Tooltip>
        </div>
      </div>
      {confirmUnfreeze && (
        <Modal title={ContestScreenMessages.unfreezeConfirmTitle} onClose={() => setConfirmUnfreeze(false)}>
          <p>{ContestScreenMessages.unfreezeConfirm}</p>
          <div className="row" style={{ justifyContent: 'flex-end' }}>
            <button type="button" className="btn btn-outline" onClick={() => setConfirmUnfreeze(false)}>
              {ContestScreenMessages.cancel}
            </button>
            <button type="button" className="btn" onClick={() => void onUnfreeze()}>
              {ContestScreenMessages.unfreezeAction}
            </button>
          </div>
        </Modal>
      )}
      {/* Cards side by side on a wide screen; one line each on a phone. */}
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
      {status === 'upcoming' && (
        <div className="alert alert-info" role="note">
          This contest has not started yet. Problems can be solved once it starts
          {contest.userJoined ? '' : ' — join now to take part'}.
        </div>
      )}
      {status === 'ended' && (
        <div className="alert alert-warning" role="note">
          This contest has ended. Submissions are closed; the final results are below.{' '}
          {contest.userJoined ? VirtualMessages.endedOpenToParticipant : VirtualMessages.endedOpen}
        </div>
      )}
      {status === 'ended' && (
        <VirtualRunPanel contest={contest} signedIn={personal} run={run} standings={virtualBoard.data} />
      )}
      <ContestAnnouncements contestId={contestId} isAdmin={isAdmin} />
      <div className="split">
        <section className="card" aria-labelledby="contest-problems-heading">
          <h2 id="contest-problems-heading">Problems</h2>
          {problems.length === 0 ? (
            <p className="muted">No problems in this contest.</p>
          ) : (
            // Numbered by letter (A, B, …), as contests print them: the list itself shows no second number.
            <ol className="contest-problems" style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>
              {problems.map((cp) => {
                const p = cp.problemId;
                return (
                  <li
                    key={p._id}
                    className="lb-row"
                    style={{ display: 'list-item' }}
                    data-testid="contest-problem"
                  >
                    <div className="row" style={{ justifyContent: 'space-between' }}>
                      <span>
                        <strong>
                          {problemLetter(problems.indexOf(cp))}. {p.title}
                        </strong>{' '}
                        {solvedSet.has(p._id) && <Badge variant="success">Solved</Badge>}
                      </span>
                      <span className="row">
                        {icpc ? (
                          <span className="muted">{ContestScreenMessages.icpcRow}</span>
                        ) : (
                          <span className="muted">{cp.points || pointsOf(p)} points</span>
                        )}
                        <DifficultyBadge difficulty={p.difficulty} />
                        {(contest.userJoined || isAdmin) && status !== 'upcoming' && (
                          <Link to={`/contests/${contestId}/problems/${p._id}`} className="btn btn-sm">
                            Solve Problem
                          </Link>
                        )}
                        {status === 'ended' && (
                          <Link
                            to={`/contests/${contestId}/practice/${p._id}`}
                            className={`btn btn-sm${running ? '' : ' btn-outline'}`}
                          >
                            {running ? VirtualMessages.virtualSolveLink : VirtualMessages.practiceLink}
                          </Link>
                        )}
                      </span>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
        {run && virtualBoard.data && boardView === 'virtual' ? (
          <ContestLeaderboard
            entries={virtualBoard.data.entries}
            ended
            format={contest.format}
            problems={boardProblems}
            viewerId={user?.id}
            frozen={virtualBoard.data.frozen}
            title={VirtualMessages.virtualBoardTitle}
            above={boardSwitch}
          />
        ) : (
          <ContestLeaderboard
            entries={leaderboard.data ?? []}
            ended={status === 'ended'}
            format={contest.format}
            problems={boardProblems}
            viewerId={user?.id}
            frozen={phase === 'pending-release' ? phase : phase === 'frozen'}
            id="contest-results"
            above={run && virtualBoard.data ? boardSwitch : undefined}
          />
        )}
      </div>
      <ContestClarifications
        contestId={contestId}
        status={status}
        problems={problems}
        joined={contest.userJoined}
        isAdmin={isAdmin}
        signedIn={session === 'authenticated'}
      />
    </>
  );
}

export default ContestDetailPage;
