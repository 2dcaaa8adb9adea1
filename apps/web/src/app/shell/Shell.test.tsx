import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Layout } from './Layout';
import { RequireAuth } from './RequireAuth';
import { AuthPage } from '../../features/auth/AuthPage';
import { NotFoundPage } from './NotFoundPage';
import { mockApi, renderRoute, sampleUser, signedInState } from '../../test/utils';
import { AUTH_TOKEN_KEY } from '../../lib/token';
import { makeStore, type RootState } from '../store';
import { TOAST_DURATION_MS, toastShown } from '../../features/toast/toastSlice';
import { Toaster } from '../../features/toast/Toaster';
import { Provider } from 'react-redux';
import { render } from '@testing-library/react';
import { THEME_STORAGE_KEY, themeChanged } from '../../features/theme/themeSlice';

const shell = (preloadedState?: Partial<RootState>, url = '/') =>
  renderRoute(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <h1>Home page</h1> },
          { path: '/auth', element: <h1>Auth screen</h1> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { url, preloadedState },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('navigation', () => {
  it('shows Login and Sign Up to visitors and no admin menu', async () => {
    mockApi({ 'GET /time': { body: { utc_datetime: new Date().toISOString() } } });
    shell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Problems', 'Contests', 'Leaderboard']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: /Admin/ })).not.toBeInTheDocument();
  });

  it("issue 45: the header's Login returns to the page the visitor was on, not to /dashboard", async () => {
    mockApi({
      'POST /auth/login': { body: { token: 'tok' } },
      'GET /auth/me': { body: { user: sampleUser, roles: [] } },
    });
    const user = userEvent.setup();
    renderRoute(
      [
        {
          element: <Layout />,
          children: [
            { path: '/contests/c1', element: <h1>Contest page</h1> },
            { path: '/login', element: <AuthPage /> },
            { path: '/dashboard', element: <h1>Dashboard page</h1> },
          ],
        },
      ],
      { url: '/contests/c1' },
    );
    await user.click(await screen.findByRole('link', { name: 'Login' }));
    await user.type(await screen.findByLabelText('Email or username'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Contest page' })).toBeInTheDocument();
  });

  it('gives admins the admin dropdown and the Admin badge', async () => {
    mockApi({});
    const user = userEvent.setup();
    shell(signedInState({ isAdmin: true }));
    expect(screen.getByText('Admin', { selector: '.badge' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Admin/ }));
    const menu = screen.getByRole('menu', { name: 'Admin' });
    expect(within(menu).getByRole('menuitem', { name: 'User Management' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Contest Management' })).toHaveAttribute(
      'href',
      '/admin/contests',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Problem Management' })).toHaveAttribute(
      'href',
      '/admin/problems',
    );
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it("badges super admins 'Super Admin' and lists the Admin Panel in the mobile menu", async () => {
    mockApi({});
    const user = userEvent.setup();
    shell(signedInState({ isAdmin: true, isSuperAdmin: true }));
    expect(screen.getByText('Super Admin', { selector: '.badge' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    const mobile = document.getElementById('mobile-menu') as HTMLElement;
    expect(within(mobile).getByText('Admin Panel')).toBeInTheDocument();
    expect(within(mobile).getByRole('link', { name: 'Problem Management' })).toBeInTheDocument();
  });

  it('Logout ends the session on the server with its token, removes the token and goes to /auth', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const { calls } = mockApi({
      'GET /auth/me': { body: { user: sampleUser, roles: [] } },
      'POST /auth/logout': { body: { success: true, message: 'Signed out' } },
    });
    const user = userEvent.setup();
    const { store } = shell(signedInState());
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/auth/logout')).toEqual([
      expect.objectContaining({ authorization: 'Bearer tok' }),
    ]);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('Logout still signs out on this browser when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    mockApi({
      'GET /auth/me': { body: { user: sampleUser, roles: [] } },
      'POST /auth/logout': {
        status: 503,
        body: { statusCode: 503, error: 'Unavailable', message: 'Unavailable' },
      },
    });
    const user = userEvent.setup();
    const { store } = shell(signedInState());
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(store.getState().auth.status).toBe('anonymous');
  });
});

describe('session at start', () => {
  it('loads the current user for a stored token and computes admin status from roles', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    mockApi({
      'GET /auth/me': { body: { user: { ...sampleUser, roles: ['super_admin'] }, roles: ['super_admin'] } },
    });
    const { store } = shell();
    await waitFor(() => expect(store.getState().auth.status).toBe('authenticated'));
    expect(store.getState().auth).toMatchObject({ isAdmin: true, isSuperAdmin: true });
    expect(screen.getByText('Super Admin', { selector: '.badge' })).toBeInTheDocument();
  });

  it('removes the token, without redirecting, when loading the user fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(AUTH_TOKEN_KEY, 'expired');
    mockApi({
      'GET /auth/me': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' },
      },
    });
    const { store, router } = shell();
    await waitFor(() => expect(store.getState().auth.status).toBe('anonymous'));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('syncs the clock against GET /api/time', async () => {
    const serverTime = new Date(Date.now() + 3_600_000).toISOString();
    mockApi({ 'GET /time': { body: { utc_datetime: serverTime } } });
    const { store } = shell();
    await waitFor(() => expect(store.getState().clock.synced).toBe(true));
    expect(store.getState().clock.offsetMs).toBeGreaterThan(3_590_000);
  });
});

describe('404 page', () => {
  it('offers Go Home and Go Back', async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = shell(undefined, '/no/such/page');
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('Go Back with no history goes to /, and the tab is titled for the page', async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = shell(undefined, '/no/such/page');
    expect(document.title).toBe('Page not found · Javelin');
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('toasts', () => {
  it('shows one toast at a time and hides it after 5 seconds', () => {
    vi.useFakeTimers();
    const store = makeStore();
    render(
      <Provider store={store}>
        <Toaster />
      </Provider>,
    );
    act(() => {
      store.dispatch(toastShown({ title: 'First' }));
      store.dispatch(toastShown({ title: 'Second', description: 'Newest wins' }));
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(store.getState().toast.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });
});

describe('theme', () => {
  it('defaults to system and keeps the choice in local storage', () => {
    const store = makeStore();
    expect(store.getState().theme.theme).toBe('system');
    store.dispatch(themeChanged('dark'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(makeStore().getState().theme.theme).toBe('dark');
  });
});

describe('page titles (issue 30)', () => {
  it("names every route '<page> · Javelin' with one separator, before its data loads", async () => {
    const { routeTitle, documentTitle } = await import('../../components/useDocumentTitle');
    const { routes } = await import('../router');
    const paths = (routes[0].children ?? []).map((r) => r.path ?? '').filter((p) => p && p !== '*');
    const sample = (p: string) => p.replace(/:[A-Za-z]+/g, 'x1');
    for (const path of paths.filter((p) => !/^\/(test-auth|debug-auth)$/.test(p)))
      expect(routeTitle(sample(path)), path).not.toBe('Loading');
    expect(documentTitle(routeTitle('/contests/abc'))).toBe('Contest · Javelin');
    expect(documentTitle(routeTitle('/'))).toBe('Home · Javelin');
  });

  it("titles the access-denied screen 'Access Denied · Javelin'", async () => {
    mockApi({});
    const { AdminGuard } = await import('../../features/admin/AdminGuard');
    renderRoute(
      <AdminGuard>
        <h1>Admin only</h1>
      </AdminGuard>,
      { preloadedState: signedInState() },
    );
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(document.title).toBe('Access Denied · Javelin');
  });
});

describe('signing in from a guarded page', () => {
  it('returns to the page that sent the user to sign in', async () => {
    mockApi({
      'GET /auth/config': { body: { githubEnabled: false } },
      'POST /auth/login': { body: { token: 'jwt-1' } },
      'GET /auth/me': { body: { user: sampleUser, roles: [] } },
    });
    const user = userEvent.setup();
    const { router } = renderRoute(
      [
        { path: '/auth', element: <AuthPage /> },
        { path: '/login', element: <AuthPage /> },
        { path: '/signup', element: <AuthPage /> },
        { path: '/dashboard', element: <h1>Dashboard</h1> },
        {
          path: '/profile',
          element: (
            <RequireAuth>
              <h1>My profile</h1>
            </RequireAuth>
          ),
        },
      ],
      { url: '/profile' },
    );
    await screen.findByRole('form', { name: 'Sign in' });
    await user.type(screen.getByLabelText('Email or username'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });
});
