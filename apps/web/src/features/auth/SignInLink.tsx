import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** Where the auth screen returns after signing in: the page the user left for it. */
export interface ReturnState {
  from?: string;
}

/** A link to the auth screen that brings the user back to this page once signed in. */
export function SignInLink({
  to = '/auth',
  className,
  children,
}: {
  to?: string;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const state: ReturnState = { from: `${location.pathname}${location.search}` };
  return (
    <Link to={to} state={state} className={className}>
      {children}
    </Link>
  );
}

/** The in-app path to return to after signing in; anything else (another site, the auth screen itself) goes to the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  if (!from || !from.startsWith('/') || from.startsWith('//') || /^\/(auth|login|signup)\b/.test(from))
    return '/dashboard';
  return from;
}
