import type { Role, User, UserRoleRecord } from '@javelin/contracts';
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
  }),
});

export const { useAllUsersQuery, useAdminUsersQuery, useAddRoleMutation, useRemoveRoleMutation } = adminApi;

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', super_admin: 'Super Admin' };
