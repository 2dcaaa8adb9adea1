import type {
  AnswerClarificationRequest,
  AskClarificationRequest,
  ContestAnnouncement,
  ContestClarification,
} from '@javelin/contracts';
import type { AppDispatch } from '../../lib/hooks';
import { api } from '../../lib/api';

/** Announcements and clarifications of a contest; the contest stream keeps both lists current. */
export const contestTalkApi = api.injectEndpoints({
  endpoints: (build) => ({
    contestAnnouncements: build.query<ContestAnnouncement[], string>({
      query: (contestId) => `/contests/${contestId}/announcements`,
    }),
    postAnnouncement: build.mutation<ContestAnnouncement, { contestId: string; text: string }>({
      query: ({ contestId, text }) => ({
        url: `/contests/${contestId}/announcements`,
        method: 'POST',
        body: { text },
      }),
      onQueryStarted: async ({ contestId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) upsertAnnouncement(dispatch, contestId, data);
      },
    }),
    contestClarifications: build.query<ContestClarification[], string>({
      query: (contestId) => `/contests/${contestId}/clarifications`,
    }),
    askClarification: build.mutation<ContestClarification, AskClarificationRequest & { contestId: string }>({
      query: ({ contestId, ...body }) => ({
        url: `/contests/${contestId}/clarifications`,
        method: 'POST',
        body,
      }),
      onQueryStarted: async ({ contestId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) upsertClarification(dispatch, contestId, data);
      },
    }),
    answerClarification: build.mutation<
      ContestClarification,
      AnswerClarificationRequest & { contestId: string; clarificationId: string }
    >({
      query: ({ contestId, clarificationId, ...body }) => ({
        url: `/contests/${contestId}/clarifications/${clarificationId}/answer`,
        method: 'POST',
        body,
      }),
      onQueryStarted: async ({ contestId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) upsertClarification(dispatch, contestId, data);
      },
    }),
  }),
});

export const {
  useContestAnnouncementsQuery,
  usePostAnnouncementMutation,
  useContestClarificationsQuery,
  useAskClarificationMutation,
  useAnswerClarificationMutation,
} = contestTalkApi;

/** Puts an announcement first in the cached list, once (the stream and the poster's own reply both bring it). */
export function upsertAnnouncement(
  dispatch: AppDispatch,
  contestId: string,
  announcement: ContestAnnouncement,
): void {
  dispatch(
    contestTalkApi.util.updateQueryData('contestAnnouncements', contestId, (list) => {
      if (!list.some((a) => a.id === announcement.id)) list.unshift(announcement);
    }),
  );
}

/** Replaces a clarification in the cached list by id (a new answer), or puts a new one first. */
export function upsertClarification(
  dispatch: AppDispatch,
  contestId: string,
  clarification: ContestClarification,
): void {
  dispatch(
    contestTalkApi.util.updateQueryData('contestClarifications', contestId, (list) => {
      const at = list.findIndex((c) => c.id === clarification.id);
      if (at >= 0) list[at] = clarification;
      else list.unshift(clarification);
    }),
  );
}
