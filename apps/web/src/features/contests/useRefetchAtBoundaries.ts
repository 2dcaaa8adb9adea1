import type { Contest } from '@javelin/contracts';
import { useEffect } from 'react';

/** setTimeout's largest delay; boundaries further away are reached by a later render. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** Ask a little after the boundary so the server's clock has certainly passed it. */
const BOUNDARY_SLACK_MS = 250;

type Timed = Pick<Contest, 'startTime' | 'endTime'>;

/**
 * Refetch when the clock crosses a contest's start or end (the earliest ahead among `contests`), so
 * the status shown follows the server without a reload.
 */
export function useRefetchAtBoundaries(
  contests: Timed | readonly Timed[] | undefined,
  refetch: () => void,
  now: () => Date,
) {
  useEffect(() => {
    if (!contests) return;
    const list: readonly Timed[] = Array.isArray(contests) ? contests : [contests as Timed];
    const t = now().getTime();
    const next = list
      .flatMap((c) => [new Date(c.startTime).getTime(), new Date(c.endTime).getTime() + 1])
      .filter((b) => b > t)
      .sort((a, b) => a - b)[0];
    if (next === undefined || next - t > MAX_TIMEOUT_MS) return;
    const timer = setTimeout(refetch, next - t + BOUNDARY_SLACK_MS);
    return () => clearTimeout(timer);
  }, [contests, refetch, now]);
}
