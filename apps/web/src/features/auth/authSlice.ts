import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { User } from '@javelin/contracts';
import { api, unauthorized } from '../../lib/api';
import { getToken, removeToken, storeToken } from '../../lib/token';
import { NOT_ADMIN, resolveAdminStatus, type AdminStatus } from './adminStatus';
import { authApi } from './authApi';

export type SessionStatus = 'anonymous' | 'loading' | 'authenticated';

export interface AuthState extends AdminStatus {
  token: string | null;
  user: User | null;
  status: SessionStatus;
}

export function initialAuthState(): AuthState {
  const token = getToken();
  return { token, user: null, status: token ? 'loading' : 'anonymous', ...NOT_ADMIN };
}

export interface SessionPayload extends AdminStatus {
  user: User;
}

/** Loads the current user for the stored token; on failure the token is removed (spec §4). */
export const loadSession = createAsyncThunk<SessionPayload, void>(
  'auth/loadSession',
  async (_, { dispatch }) => {
    const me = dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
    try {
      const { user, roles } = await me.unwrap();
      const withRoles = { ...user, roles: Array.isArray(user.roles) ? user.roles : roles };
      const admin = await resolveAdminStatus(withRoles, async () => {
        const lookup = dispatch(authApi.endpoints.userRoles.initiate(undefined, { forceRefetch: true }));
        try {
          return await lookup.unwrap();
        } finally {
          lookup.unsubscribe();
        }
      });
      return { user: withRoles as User, ...admin };
    } catch (err) {
      console.error('Auth check failed', err);
      removeToken();
      throw err;
    } finally {
      me.unsubscribe();
    }
  },
);

/** Sign in: store the token, then load the current user. */
export const signIn = createAsyncThunk<SessionPayload, string>('auth/signIn', async (token, { dispatch }) => {
  storeToken(token);
  dispatch(tokenStored(token));
  return dispatch(loadSession()).unwrap();
});

/**
 * Sign out: end the session on the server (its token, and every other of the account, stops working),
 * then remove the token and forget everything fetched for the session. The local sign-out happens
 * whatever the server answers: an unreachable server must not keep anyone signed in on this browser.
 */
export const signOut = createAsyncThunk<void, void>('auth/signOut', async (_, { dispatch }) => {
  if (getToken()) {
    const logout = dispatch(authApi.endpoints.logout.initiate());
    try {
      await logout.unwrap();
    } catch (err) {
      console.warn('Server-side logout failed', err);
    } finally {
      logout.reset();
    }
  }
  removeToken();
  dispatch(signedOut());
  dispatch(api.util.resetApiState());
});

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    tokenStored(state, action: { payload: string }) {
      state.token = action.payload;
      state.status = 'loading';
    },
    signedOut() {
      return { token: null, user: null, status: 'anonymous' as const, ...NOT_ADMIN };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(unauthorized, () => ({ token: null, user: null, status: 'anonymous' as const, ...NOT_ADMIN }))
      .addCase(loadSession.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(loadSession.fulfilled, (state, action) => {
        state.user = action.payload.user;
        state.isAdmin = action.payload.isAdmin;
        state.isSuperAdmin = action.payload.isSuperAdmin;
        state.status = 'authenticated';
      })
      .addCase(loadSession.rejected, () => ({
        token: null,
        user: null,
        status: 'anonymous' as const,
        ...NOT_ADMIN,
      }));
  },
});

export const { tokenStored, signedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;
