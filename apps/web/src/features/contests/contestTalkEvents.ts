import { ContestTalkMessages, type ContestAnnouncement, type ContestClarification } from '@javelin/contracts';
import type { AppDispatch } from '../../lib/hooks';
import type { ShowToast } from '../toast/toastSlice';
import { upsertAnnouncement, upsertClarification } from './contestTalkApi';

export interface TalkViewer {
  username: string | null;
  isAdmin: boolean;
}

/** The toast a clarification event deserves for this viewer, if any. */
export function clarificationToast(c: ContestClarification, viewer: TalkViewer): ShowToast | null {
  const mine = !!viewer.username && c.askedBy === viewer.username;
  if (c.answer === null) {
    return viewer.isAdmin && !mine
      ? { title: ContestTalkMessages.newQuestion, description: c.question, variant: 'warning' }
      : null;
  }
  if (mine)
    return { title: ContestTalkMessages.yourQuestionAnswered, description: c.answer, variant: 'success' };
  if (c.public && !viewer.isAdmin)
    return { title: ContestTalkMessages.newClarification, description: `${c.question} — ${c.answer}` };
  return null;
}

/**
 * Reads the 'announcement' and 'clarification' events of the contest stream into the cached lists,
 * with a toast for what the viewer should notice.
 */
export function contestTalkListeners(
  contestId: string,
  dispatch: AppDispatch,
  viewer: TalkViewer,
  toast: (t: ShowToast) => void,
): Record<'announcement' | 'clarification', (event: MessageEvent<string>) => void> {
  const parse = <T>(event: MessageEvent<string>): T | null => {
    try {
      return JSON.parse(event.data) as T;
    } catch (err) {
      console.warn('Ignoring a malformed contest event', err);
      return null;
    }
  };
  return {
    announcement: (event) => {
      const announcement = parse<ContestAnnouncement>(event);
      if (!announcement) return;
      upsertAnnouncement(dispatch, contestId, announcement);
      toast({ title: ContestTalkMessages.announcement, description: announcement.text });
    },
    clarification: (event) => {
      const clarification = parse<ContestClarification>(event);
      if (!clarification) return;
      upsertClarification(dispatch, contestId, clarification);
      const shown = clarificationToast(clarification, viewer);
      if (shown) toast(shown);
    },
  };
}
