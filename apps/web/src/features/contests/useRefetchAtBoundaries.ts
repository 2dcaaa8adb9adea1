import type { Contest } from '@javelin/contracts';
import { useEffect } from 'react';

/** setTimeout's largest delay; boundaries further away are reached by a later render. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** Ask a little after the boundary so the server's clock has certainly passed it. */
const BOUNDARY_SLACK_MS = 250;

/** Refetch the contest when the clock crosses its start or end, so the status follows the server. */
export function useRefetchAtBoundaries(contest: Contest | undefined, refetch: () => void, now: () => Date) {
  useEffect(() => {
    if (!contest) return;
    const t = now().getTime();
    const next = [new Date(contest.startTime).getTime(), new Date(contest.endTime).getTime() + 1]
      .filter((b) => b > t)
      .sort((a, b) => a - b)[0];
    if (next === undefined || next - t > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(refetch, next - t + BOUNDARY_SLACK_MS);
    return () => clearTimeout(timer);
  }, [contest, refetch, now]);
}
