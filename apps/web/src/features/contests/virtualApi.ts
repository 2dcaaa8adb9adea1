import type { VirtualRun, VirtualRunState, VirtualStandings } from '@javelin/contracts';
import { api } from '../../lib/api';

/** Virtual runs of an ended contest (issue 21 item 4): the caller's own run and its board. */
export const virtualApi = api.injectEndpoints({
  endpoints: (build) => ({
    virtualRun: build.query<VirtualRunState, string>({
      query: (contestId) => `/contests/${contestId}/virtual`,
      providesTags: (_r, _e, id) => [{ type: 'VirtualRun', id }],
    }),
    virtualStandings: build.query<VirtualStandings, string>({
      query: (contestId) => `/contests/${contestId}/virtual/standings`,
      providesTags: (_r, _e, id) => [{ type: 'VirtualRun', id }],
    }),
    startVirtualRun: build.mutation<VirtualRun, string>({
      query: (contestId) => ({ url: `/contests/${contestId}/virtual`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'VirtualRun', id }],
    }),
    finishVirtualRun: build.mutation<VirtualRun, string>({
      query: (contestId) => ({ url: `/contests/${contestId}/virtual/finish`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'VirtualRun', id }],
    }),
  }),
});

export const {
  useVirtualRunQuery,
  useVirtualStandingsQuery,
  useStartVirtualRunMutation,
  useFinishVirtualRunMutation,
} = virtualApi;
