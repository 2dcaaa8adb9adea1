import type { ContestLeaderboardEntry } from '@javelin/contracts';
import { EventSource } from 'eventsource';
import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { getToken } from '../../lib/token';
import { leaderboardApi } from '../leaderboard/leaderboardApi';
import { useToast } from '../toast/useToast';
import { contestTalkListeners, type TalkViewer } from './contestTalkEvents';

const ANONYMOUS: TalkViewer = { username: null, isAdmin: false };

/**
 * While a contest page is open, it follows the server's SSE stream: every 'leaderboard' message is
 * the whole list, written into the RTK Query cache so every reader of the leaderboard updates;
 * 'announcement' and 'clarification' messages update their lists and toast. The stream is read
 * with the bearer token (fetch-based EventSource), so it also carries what only this viewer may read.
 * During a freeze the stream carries what everyone may see; a signed-in viewer's own row differs from
 * it, so each leaderboard message then only triggers a refetch of the viewer's own view.
 */
export function useContestLeaderboardStream(
  contestId: string,
  active: boolean,
  personalView = false,
  viewer: TalkViewer = ANONYMOUS,
) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { username, isAdmin } = viewer;
  useEffect(() => {
    if (!active || !contestId) return;
    const token = getToken();
    const source = new EventSource(`/api/contests/${encodeURIComponent(contestId)}/leaderboard/stream`, {
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: token ? { ...init.headers, Authorization: `Bearer ${token}` } : init.headers,
        }),
    });
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
    const talk = contestTalkListeners(contestId, dispatch, { username, isAdmin }, toast.show);
    source.addEventListener('announcement', talk.announcement);
    source.addEventListener('clarification', talk.clarification);
    return () => source.close();
  }, [contestId, active, personalView, dispatch, toast, username, isAdmin]);
}
