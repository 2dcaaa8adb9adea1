import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { Messages } from './messages';
import { getToken, removeToken } from './token';

/** Dispatched when any call answers 401: the token is gone and the user goes to /auth (spec §4). */
export const unauthorized = createAction('auth/unauthorized');

export interface ApiExtraOptions {
  /** Calls whose 401 means "wrong credentials" or "stale token at start" rather than "session over". */
  skipAuthRedirect?: boolean;
}

let redirectToAuth: () => void = () => {
  window.location.assign('/auth');
};

/** The router registers how to reach /auth without a page reload. */
export function setUnauthorizedRedirect(redirect: () => void): void {
  redirectToAuth = redirect;
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute so that the same code runs under jsdom, whose fetch needs a full URL.
  baseUrl: `${window.location.origin}/api`,
  prepareHeaders: (headers) => {
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept', 'application/json');
    return headers;
  },
});

export const baseQueryWithAuthRedirect: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions ?? {});
  if (result.error?.status === 401 && !extraOptions?.skipAuthRedirect) {
    removeToken();
    api.dispatch(unauthorized());
    redirectToAuth();
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithAuthRedirect,
  tagTypes: [
    'Me',
    'Problems',
    'Problem',
    'Solved',
    'Contests',
    'Contest',
    'ContestLeaderboard',
    'Leaderboard',
    'Profile',
    'Admins',
    'Stats',
    'Submissions',
    'VirtualRun',
  ],
  endpoints: () => ({}),
});

interface ErrorBody {
  error?: unknown;
  message?: unknown;
}

/**
 * The human message of a failed call: the server's `error`, then `message`, else the fallback.
 * A 401 reads 'Unauthorized' and other failures without a body 'HTTP error! status: {code}' (spec §8).
 */
export function errorMessage(err: unknown, fallback?: string): string {
  if (err && typeof err === 'object' && 'status' in err) {
    const { status, data } = err as { status: unknown; data?: unknown };
    if (data && typeof data === 'object') {
      const body = data as ErrorBody;
      if (typeof body.error === 'string' && body.error) return body.error;
      if (typeof body.message === 'string' && body.message) return body.message;
      if (Array.isArray(body.message) && body.message.length) return body.message.join(', ');
    }
    if (fallback) return fallback;
    if (status === 401) return Messages.unauthorized;
    if (typeof status === 'number') return Messages.httpError(status);
    if (status === 'FETCH_ERROR') return Messages.networkError;
  }
  if (fallback) return fallback;
  return err instanceof Error ? err.message : Messages.genericError;
}

export function errorStatus(err: unknown): number | undefined {
  if (err && typeof err === 'object' && 'status' in err) {
    const status = (err as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}
