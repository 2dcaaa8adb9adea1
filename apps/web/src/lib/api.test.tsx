import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { api, errorMessage } from './api';
import { AUTH_TOKEN_KEY } from './token';
import { mockApi, renderRoute, signedInState } from '../test/utils';
import { useAppDispatch } from './hooks';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/profiles/me' }) }),
});

function Probe() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(probeApi.endpoints.probe.initiate());
  }, [dispatch]);
  return <h1>Protected page</h1>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('401 flow', () => {
  it('removes the stored token, signs the user out and goes to /auth on any 401', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stale');
    const { calls } = mockApi({
      'GET /profiles/me': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' },
      },
    });
    const { store, router } = renderRoute(<Probe />, {
      url: '/dashboard',
      preloadedState: signedInState({ token: 'stale' }),
    });
    expect(await screen.findByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(store.getState().auth.user).toBeNull();
    expect(calls[0].authorization).toBe('Bearer stale');
  });

  it('keeps the user on the page when a call fails with another status', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'good');
    mockApi({
      'GET /profiles/me': { status: 500, body: { statusCode: 500, error: 'Boom', message: 'Boom' } },
    });
    const { store, router } = renderRoute(<Probe />, {
      url: '/dashboard',
      preloadedState: signedInState({ token: 'good' }),
    });
    await waitFor(() => expect(store.getState().api.queries['probe(undefined)']?.status).toBe('rejected'));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('good');
  });
});

describe('errorMessage', () => {
  it('prefers the server error field, then message, then the fallback', () => {
    expect(errorMessage({ status: 400, data: { error: 'Bad title', message: 'x' } }, 'Failed')).toBe(
      'Bad title',
    );
    expect(errorMessage({ status: 400, data: { message: 'Only message' } }, 'Failed')).toBe('Only message');
    expect(errorMessage({ status: 500, data: null }, 'Failed to save problem')).toBe(
      'Failed to save problem',
    );
  });
  it("reads 'HTTP error! status: {code}' without a body or fallback", () => {
    expect(errorMessage({ status: 502, data: 'gateway' })).toBe('HTTP error! status: 502');
    expect(errorMessage({ status: 401 })).toBe('Unauthorized');
  });
});
