import type { PlatformStats } from '@javelin/contracts';
import { api } from '../../lib/api';

export const ZERO_STATS: PlatformStats = { problems: 0, contests: 0, users: 0 };

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    stats: build.query<PlatformStats, void>({
      query: () => '/stats',
      providesTags: ['Stats'],
      extraOptions: { skipAuthRedirect: true },
    }),
  }),
});

export const { useStatsQuery } = statsApi;
