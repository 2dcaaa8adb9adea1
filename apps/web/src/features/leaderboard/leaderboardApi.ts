import type {
  ContestLeaderboardEntry,
  ContestRatingLeaderboardEntry,
  ProblemLeaderboardEntry,
} from '@javelin/contracts';
import { api } from '../../lib/api';

export const leaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    problemLeaderboard: build.query<ProblemLeaderboardEntry[], void>({
      query: () => '/leaderboard/problems',
      providesTags: ['Leaderboard'],
    }),
    contestRatingLeaderboard: build.query<ContestRatingLeaderboardEntry[], void>({
      query: () => '/leaderboard/contests',
      providesTags: ['Leaderboard'],
    }),
    contestLeaderboard: build.query<ContestLeaderboardEntry[], string>({
      query: (contestId) => `/leaderboard/contests/${contestId}`,
      providesTags: (_r, _e, id) => [{ type: 'ContestLeaderboard', id }],
    }),
  }),
});

export const { useProblemLeaderboardQuery, useContestRatingLeaderboardQuery, useContestLeaderboardQuery } =
  leaderboardApi;

/** '#n' for the user's place in the problem-solving leaderboard, or 'N/A' (spec §2 Dashboard). */
export function rankLabel(
  entries: readonly { userId: string }[] | undefined,
  userId: string | undefined,
): string {
  if (!entries || !userId) return 'N/A';
  const index = entries.findIndex((e) => e.userId === userId);
  return index >= 0 ? `#${index + 1}` : 'N/A';
}
