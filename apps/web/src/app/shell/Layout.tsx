import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatch } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { loadSession } from '../../features/auth/authSlice';
import { CLOCK_RESYNC_MS, clockApi, clockSynced } from '../../features/clock/clockSlice';
import { resolveTheme } from '../../features/theme/themeSlice';
import { Toaster } from '../../features/toast/Toaster';
import { getToken } from '../../lib/token';
import { NavBar } from './NavBar';
import { Spinner } from '../../components/Spinner';
import { routeTitle, useDocumentTitle } from '../../components/useDocumentTitle';

/** While a page's code loads, the tab already carries the route's name. */
function RouteLoading() {
  useDocumentTitle(routeTitle(useLocation().pathname));
  return <Spinner />;
}

function useApplyTheme() {
  const theme = useAppSelector((s) => s.theme.theme);
  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    const apply = () => {
      document.documentElement.dataset.theme = resolveTheme(theme, media?.matches ?? false);
    };
    apply();
    media?.addEventListener?.('change', apply);
    return () => media?.removeEventListener?.('change', apply);
  }, [theme]);
}

function useClockSync() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const sync = () => {
      const request = dispatch(clockApi.endpoints.serverTime.initiate(undefined, { forceRefetch: true }));
      request
        .unwrap()
        .then((r) => dispatch(clockSynced({ serverTime: r.utc_datetime, localTime: Date.now() })))
        .catch((err) => console.warn('Clock sync failed', err))
        .finally(() => request.unsubscribe());
    };
    sync();
    const timer = setInterval(sync, CLOCK_RESYNC_MS);
    return () => clearInterval(timer);
  }, [dispatch]);
}

/** On start, a stored token loads the current user (spec §4). */
function useSessionBootstrap() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (getToken()) void dispatch(loadSession());
  }, [dispatch]);
}

export function Layout() {
  useApplyTheme();
  useClockSync();
  useSessionBootstrap();
  // The solving pages use the whole width for the statement and the editor side by side.
  const practice = useMatch('/problems/:id');
  const contest = useMatch('/contests/:contestId/problems/:problemId');
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className={`main${practice || contest ? ' wide' : ''}`}>
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Toaster />
    </div>
  );
}
