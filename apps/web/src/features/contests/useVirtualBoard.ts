import { VirtualMessages, type ContestStatus } from '@javelin/contracts';
import { useEffect } from 'react';
import { useToast } from '../toast/useToast';
import { isRunning } from './virtualRules';
import { useVirtualRunQuery, useVirtualStandingsQuery } from './virtualApi';

/** How often a running virtual run's board moves on: the real standings advance with its clock. */
export const VIRTUAL_BOARD_POLL_MS = 10_000;

/**
 * The viewer's virtual run of an ended contest and its standings. While the run goes on its board is
 * polled; when its time is up, the run and its board are read again (finished, at the contest's length).
 */
export function useVirtualBoard(
  contestId: string,
  personal: boolean,
  status: ContestStatus,
  now: () => Date,
) {
  const toast = useToast();
  const virtualRun = useVirtualRunQuery(contestId, { skip: !personal || status !== 'ended' });
  const run = virtualRun.data?.run ?? null;
  const running = isRunning(run, now());
  const virtualBoard = useVirtualStandingsQuery(contestId, {
    skip: !run,
    pollingInterval: running ? VIRTUAL_BOARD_POLL_MS : 0,
  });
  const { refetch: refetchRun } = virtualRun;
  const { refetch: refetchVirtualBoard } = virtualBoard;
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
  return { run, running, standings: virtualBoard.data };
}
