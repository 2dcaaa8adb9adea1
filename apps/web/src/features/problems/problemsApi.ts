import type {
  AiResponse,
  DebugHelpRequest,
  ExecuteCodeRequest,
  ExecuteCodeResponse,
  Problem,
  ProblemForm,
  SolvedProblemEntry,
  SolveRequest,
  SolveResponse,
  SubmissionRequest,
  TestCase,
} from '@javelin/contracts';
import { api } from '../../lib/api';
import type { AnyProblem, ClassicProblemBody } from './classic';

export type { DebugHelpRequest, SolvedProblemEntry };

export function solvedIds(entries: readonly SolvedProblemEntry[] | undefined): Set<string> {
  const ids = new Set<string>();
  for (const e of entries ?? []) {
    const id = typeof e.problemId === 'object' && e.problemId ? e.problemId._id : (e.problemId ?? e._id);
    if (id) ids.add(id);
  }
  return ids;
}

export const problemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    problems: build.query<Problem[], void>({
      query: () => '/problems',
      providesTags: ['Problems'],
    }),
    problem: build.query<AnyProblem, string>({
      query: (id) => `/problems/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Problem', id }],
    }),
    /** Spec §7: test-case fetch errors are swallowed and yield an empty list. */
    testCases: build.query<TestCase[], { problemId: string; all?: boolean }>({
      async queryFn({ problemId, all }, _api, _extra, baseQuery) {
        const result = await baseQuery(`/problems/${problemId}/test-cases${all ? '/all' : ''}`);
        return { data: result.error ? [] : ((result.data as TestCase[]) ?? []) };
      },
      providesTags: (_r, _e, { problemId }) => [{ type: 'Problem', id: problemId }],
    }),
    solvedProblems: build.query<SolvedProblemEntry[], void>({
      query: () => '/solved-problems',
      providesTags: ['Solved'],
    }),
    /** The spec's exchange; `requestId` travels as X-Request-Id, the key of the judgement's progress stream. */
    executeCode: build.mutation<ExecuteCodeResponse, { body: ExecuteCodeRequest; requestId?: string }>({
      query: ({ body, requestId }) => ({
        url: '/execute-code',
        method: 'POST',
        body,
        ...(requestId ? { headers: { 'X-Request-Id': requestId } } : {}),
      }),
    }),
    submitSolution: build.mutation<{ _id: string }, SubmissionRequest>({
      query: (body) => ({ url: '/submissions', method: 'POST', body }),
    }),
    markSolved: build.mutation<SolveResponse, SolveRequest>({
      query: (body) => ({ url: '/solve', method: 'POST', body }),
      invalidatesTags: ['Solved', 'Profile', 'Leaderboard', 'ContestLeaderboard', 'Stats'],
    }),
    analyzeCode: build.mutation<AiResponse, { problemId: string; code: string; language: 'java' }>({
      query: (body) => ({ url: '/analyze-code', method: 'POST', body }),
    }),
    debugHelp: build.mutation<AiResponse, DebugHelpRequest>({
      query: (body) => ({ url: '/debug-help', method: 'POST', body }),
    }),
    adminProblems: build.query<AnyProblem[], void>({
      query: () => '/admin/problems',
      providesTags: ['Problems'],
    }),
    createProblem: build.mutation<Problem, ProblemForm | ClassicProblemBody>({
      query: (body) => ({ url: '/problems', method: 'POST', body }),
      invalidatesTags: ['Problems', 'Stats'],
    }),
    updateProblem: build.mutation<Problem, { id: string; form: ProblemForm | ClassicProblemBody }>({
      query: ({ id, form }) => ({ url: `/problems/${id}`, method: 'PUT', body: form }),
      invalidatesTags: (_r, _e, { id }) => ['Problems', { type: 'Problem', id }],
    }),
    deleteProblem: build.mutation<unknown, string>({
      query: (id) => ({ url: `/problems/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Problems', 'Stats'],
    }),
  }),
});

export const {
  useProblemsQuery,
  useProblemQuery,
  useTestCasesQuery,
  useSolvedProblemsQuery,
  useExecuteCodeMutation,
  useSubmitSolutionMutation,
  useMarkSolvedMutation,
  useAnalyzeCodeMutation,
  useDebugHelpMutation,
  useAdminProblemsQuery,
  useCreateProblemMutation,
  useUpdateProblemMutation,
  useDeleteProblemMutation,
} = problemsApi;
