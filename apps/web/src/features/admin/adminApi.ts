import type {
  ExpectedOutputRequest,
  ExpectedOutputResponse,
  RejudgeProgress,
  Role,
  User,
  UserRoleRecord,
  ValidateDraftRequest,
  ValidateTestsResponse,
} from '@javelin/contracts';
import { api } from '../../lib/api';

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    allUsers: build.query<User[], void>({
      query: () => '/admin/all-users',
      providesTags: ['Admins'],
    }),
    adminUsers: build.query<UserRoleRecord[], void>({
      query: () => '/admin/users',
      providesTags: ['Admins'],
    }),
    addRole: build.mutation<UserRoleRecord, { userId: string; role: Role }>({
      query: (body) => ({ url: '/admin/users', method: 'POST', body }),
      invalidatesTags: ['Admins'],
    }),
    removeRole: build.mutation<unknown, string>({
      query: (id) => ({ url: `/admin/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Admins'],
    }),
    startRejudge: build.mutation<{ jobId: string }, { problemId: string; contestId?: string }>({
      query: (body) => ({ url: '/admin/rejudge', method: 'POST', body }),
    }),
    rejudgeProgress: build.query<RejudgeProgress, string>({
      query: (jobId) => `/admin/rejudge/${jobId}`,
    }),
    /** The form's reference solution on the form's tests, through the judge (nothing is saved). */
    validateTests: build.mutation<ValidateTestsResponse, ValidateDraftRequest>({
      query: (body) => ({ url: '/problems/validate', method: 'POST', body }),
    }),
    /** What the reference solution prints for one test's inputs. */
    expectedOutput: build.mutation<ExpectedOutputResponse, ExpectedOutputRequest>({
      query: (body) => ({ url: '/problems/expected-output', method: 'POST', body }),
    }),
  }),
});

export const {
  useAllUsersQuery,
  useAdminUsersQuery,
  useAddRoleMutation,
  useRemoveRoleMutation,
  useStartRejudgeMutation,
  useRejudgeProgressQuery,
  useValidateTestsMutation,
  useExpectedOutputMutation,
} = adminApi;

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', super_admin: 'Super Admin' };
