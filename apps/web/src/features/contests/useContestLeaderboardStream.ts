import type { ContestLeaderboardEntry } from '@javelin/contracts';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { leaderboardApi } from '../leaderboard/leaderboardApi';

/**
 * While a contest is active, its leaderboard follows the server's SSE stream: every message is the
 * whole list (event 'leaderboard'), written into the RTK Query cache so every reader of the leaderboard updates.
 * During a freeze the stream carries what everyone may see; a signed-in viewer's own row differs from
 * it, so each message then only triggers a refetch of the viewer's own view.
 */
export function useContestLeaderboardStream(contestId: string, active: boolean, personalView = false) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!active || !contestId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/contests/${encodeURIComponent(contestId)}/leaderboard/stream`);
    const onEntries = (event: MessageEvent<string>) => {
      try {
        const entries = JSON.parse(event.data) as ContestLeaderboardEntry[];
        if (Array.isArray(entries) && personalView)
          dispatch(leaderboardApi.util.invalidateTags([{ type: 'ContestLeaderboard', id: contestId }]));
        else if (Array.isArray(entries))
          dispatch(leaderboardApi.util.upsertQueryData('contestLeaderboard', contestId, entries));
      } catch (err) {
        console.warn('Ignoring a malformed leaderboard event', err);
      }
    };
    // The API names its events 'leaderboard' (heartbeats are 'heartbeat'); unnamed events are read too.
    source.addEventListener('leaderboard', onEntries);
    source.onmessage = onEntries;
    return () => source.close();
  }, [contestId, active, personalView, dispatch]);
}
