import type { PlagiarismPairDetail, PlagiarismReport } from '@javelin/contracts';
import { api } from '../../lib/api';

const plagiarismTagged = api.enhanceEndpoints({ addTagTypes: ['Plagiarism'] });

/** The admins' plagiarism report of a contest: started in the background, polled while it runs. */
export const plagiarismApi = plagiarismTagged.injectEndpoints({
  endpoints: (build) => ({
    plagiarismReport: build.query<PlagiarismReport, string>({
      query: (contestId) => `/admin/contests/${contestId}/plagiarism`,
      providesTags: (_r, _e, id) => [{ type: 'Plagiarism', id }],
    }),
    startPlagiarism: build.mutation<PlagiarismReport, { contestId: string; threshold: number }>({
      query: ({ contestId, threshold }) => ({
        url: `/admin/contests/${contestId}/plagiarism`,
        method: 'POST',
        body: { threshold },
      }),
      invalidatesTags: (_r, _e, { contestId }) => [{ type: 'Plagiarism', id: contestId }],
    }),
    plagiarismPair: build.query<PlagiarismPairDetail, { contestId: string; pairId: string }>({
      query: ({ contestId, pairId }) => `/admin/contests/${contestId}/plagiarism/pairs/${pairId}`,
    }),
  }),
});

export const { usePlagiarismReportQuery, useStartPlagiarismMutation, usePlagiarismPairQuery } = plagiarismApi;
