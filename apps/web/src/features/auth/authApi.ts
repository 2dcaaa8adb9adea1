import type {
  AuthConfig,
  CreateSuperAdminRequest,
  GoogleLoginRequest,
  LoginRequest,
  MeResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  TokenResponse,
  UserRoleRecord,
} from '@javelin/contracts';
import { api } from '../../lib/api';

export type {
  AuthConfig,
  CreateSuperAdminRequest,
  GoogleLoginRequest,
  LoginRequest,
  MessageResponse,
  RegisterRequest,
};

/** Calls made without a session, or whose 401 means "wrong credentials", never redirect. */
const noRedirect = { skipAuthRedirect: true };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      extraOptions: noRedirect,
    }),
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      extraOptions: noRedirect,
    }),
    manualLogin: build.mutation<TokenResponse & MessageResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/manual-login', method: 'POST', body }),
      extraOptions: noRedirect,
    }),
    me: build.query<MeResponse, void>({
      query: () => '/auth/me',
      providesTags: ['Me'],
      extraOptions: noRedirect,
    }),
    /** Ends every session of the account on the server; a 401 (already ended) is no reason to redirect. */
    logout: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      extraOptions: noRedirect,
    }),
    authConfig: build.query<AuthConfig, void>({
      query: () => '/auth/config',
      extraOptions: noRedirect,
    }),
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
      extraOptions: noRedirect,
    }),
    resetPassword: build.mutation<MessageResponse, { token: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
      extraOptions: noRedirect,
    }),
    verifyEmail: build.mutation<MessageResponse & { token?: string }, { token: string }>({
      query: (body) => ({ url: '/auth/verify-email', method: 'POST', body }),
      extraOptions: noRedirect,
    }),
    resendVerification: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/auth/resend-verification', method: 'POST', body }),
      extraOptions: noRedirect,
    }),
    sendPasswordReset: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/send-password-reset', method: 'POST' }),
    }),
    googleLogin: build.mutation<{ success: boolean; token?: string; error?: string }, GoogleLoginRequest>({
      query: (body) => ({ url: '/auth/google', method: 'POST', body }),
      extraOptions: noRedirect,
    }),
    createSuperAdmin: build.mutation<MessageResponse, CreateSuperAdminRequest>({
      query: (body) => ({ url: '/auth/create-super-admin', method: 'POST', body }),
      extraOptions: noRedirect,
    }),
    userRoles: build.query<Pick<UserRoleRecord, 'userId' | 'role'>[], void>({
      query: () => '/admin/user-roles',
      extraOptions: noRedirect,
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useManualLoginMutation,
  useMeQuery,
  useLogoutMutation,
  useAuthConfigQuery,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useSendPasswordResetMutation,
  useGoogleLoginMutation,
  useCreateSuperAdminMutation,
} = authApi;
