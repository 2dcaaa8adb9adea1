import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { makeStore, type RootState } from '../app/store';
import { setUnauthorizedRedirect } from '../lib/api';
import { Toaster } from '../features/toast/Toaster';

/** A reply's body is sent as JSON, unless it is bytes (a download: sent as they are, with `headers`). */
export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A function reply may take its time (a promise): a test then decides when the answer arrives. */
export type MockReply =
  | MockResponse
  | ((req: { url: URL; body: unknown }) => MockResponse | Promise<MockResponse>);

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/**
 * Stubs fetch with replies keyed 'METHOD /path' (path after /api, query string ignored).
 * Unmatched calls answer 404 so a test notices what it forgot.
 */
export function mockApi(replies: Record<string, MockReply>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    // An upload is recorded by its content type only: a test reads what was appended to its FormData.
    const contentType = request.headers.get('Content-Type') ?? '';
    const multipart = contentType.startsWith('multipart/form-data');
    const text = request.method === 'GET' || multipart ? '' : await request.text();
    const body = multipart ? { contentType } : text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path, body, authorization: request.headers.get('Authorization') });
    // The shell syncs its clock on start; answer it unless a test says otherwise.
    const reply =
      replies[`${request.method} ${path}`] ??
      (path === '/time' ? { body: { utc_datetime: new Date().toISOString() } } : undefined);
    const resolved = typeof reply === 'function' ? await reply({ url, body }) : reply;
    const status = resolved?.status ?? (reply ? 200 : 404);
    const payload =
      resolved?.body ?? (reply ? {} : { statusCode: 404, error: 'Not Found', message: 'Not Found' });
    if (payload instanceof Uint8Array)
      return new Response(payload as Uint8Array<ArrayBuffer>, { status, headers: resolved?.headers });
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const sampleUser = {
  id: 'u1',
  _id: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  fullName: 'Ada Lovelace',
  roles: [] as string[],
  isAdmin: false,
  isSuperAdmin: false,
  emailVerified: true,
};

export function signedInState(overrides: Partial<RootState['auth']> = {}): Partial<RootState> {
  return {
    auth: {
      token: 'tok',
      user: sampleUser,
      status: 'authenticated',
      isAdmin: false,
      isSuperAdmin: false,
      ...overrides,
    },
  };
}

/** Renders routes (or one element at `path`) at `url` with a fresh store. */
export function renderRoute(
  element: ReactElement | RouteObject[],
  {
    url = '/',
    path = '*',
    preloadedState,
  }: { url?: string; path?: string; preloadedState?: Partial<RootState> } = {},
) {
  const store = makeStore(preloadedState);
  const routes: RouteObject[] = Array.isArray(element)
    ? element
    : [
        { path, element },
        { path: '/auth', element: <h1>Auth screen</h1> },
        { path: '*', element: <h1>Elsewhere</h1> },
      ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  setUnauthorizedRedirect(() => void router.navigate('/auth'));
  const utils = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { ...utils, store, router };
}
