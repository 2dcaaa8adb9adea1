import type { Contest, CreateContestRequest } from '@javelin/contracts';
import { api } from '../../lib/api';

/** Ending a contest or lifting its freeze settles its standings, and with them ratings and profiles. */
const standingsSettled = (id: string) =>
  [
    'Contests',
    { type: 'Contest', id },
    { type: 'ContestLeaderboard', id },
    'Leaderboard',
    'Profile',
  ] as const;

export const contestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    contests: build.query<Contest[], void>({
      query: () => '/contests',
      providesTags: ['Contests'],
    }),
    contest: build.query<Contest, string>({
      query: (id) => `/contests/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Contest', id }],
    }),
    contestSolvedProblems: build.query<string[], string>({
      query: (id) => `/contests/${id}/solved-problems`,
      providesTags: ['Solved'],
    }),
    joinContest: build.mutation<unknown, string>({
      query: (id) => ({ url: `/contests/${id}/join`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => ['Contests', { type: 'Contest', id }],
    }),
    createContest: build.mutation<Contest, CreateContestRequest>({
      query: (body) => ({ url: '/contests', method: 'POST', body }),
      invalidatesTags: ['Contests', 'Stats'],
    }),
    deleteContest: build.mutation<unknown, string>({
      query: (id) => ({ url: `/contests/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Contests', 'Stats'],
    }),
    completeContest: build.mutation<unknown, string>({
      query: (id) => ({ url: `/contests/${id}/complete`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => standingsSettled(id),
    }),
    unfreezeContest: build.mutation<unknown, string>({
      query: (id) => ({ url: `/contests/${id}/unfreeze`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => standingsSettled(id),
    }),
  }),
});

export const {
  useContestsQuery,
  useContestQuery,
  useContestSolvedProblemsQuery,
  useJoinContestMutation,
  useCreateContestMutation,
  useDeleteContestMutation,
  useCompleteContestMutation,
  useUnfreezeContestMutation,
} = contestsApi;
