import type { RejudgeProgress, Role, User, UserRoleRecord } from '@javelin/contracts';
import { api } from '../../services/api';

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
  }),
});

export const {
  useAllUsersQuery,
  useAdminUsersQuery,
  useAddRoleMutation,
  useRemoveRoleMutation,
  useStartRejudgeMutation,
  useRejudgeProgressQuery,
} = adminApi;

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', super_admin: 'Super Admin' };
