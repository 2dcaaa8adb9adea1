import type {
  AcceptanceRate,
  RunCustomRequest,
  RunCustomResponse,
  SubmissionDetail,
  SubmissionPage,
} from '@javelin/contracts';
import { api } from '../../lib/api';

export interface SubmissionsQuery {
  problemId?: string;
  contestId?: string;
  limit?: number;
}

export const submissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    submissions: build.query<SubmissionPage, SubmissionsQuery>({
      query: (params) => ({ url: '/submissions', params }),
      providesTags: ['Submissions'],
    }),
    submission: build.query<SubmissionDetail, string>({
      query: (id) => `/submissions/${id}`,
    }),
    acceptanceRates: build.query<AcceptanceRate[], void>({
      query: () => '/acceptance-rates',
      providesTags: ['Submissions'],
    }),
    runCustom: build.mutation<RunCustomResponse, RunCustomRequest>({
      query: (body) => ({ url: '/run-custom', method: 'POST', body }),
    }),
  }),
});

export const { useSubmissionsQuery, useSubmissionQuery, useAcceptanceRatesQuery, useRunCustomMutation } =
  submissionsApi;
