import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { ReturnState } from '../../features/auth/SignInLink';
import { useAuth } from '../../features/auth/useAuth';
import { Spinner } from '../../components/Spinner';

/** Pages for registered users: while the session loads show a spinner; without one go to /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner />;
  // Signing in brings the user back here (spec: sign-in returns to the page that sent you).
  if (status === 'anonymous')
    return (
      <Navigate
        to="/auth"
        replace
        state={{ from: `${location.pathname}${location.search}` } satisfies ReturnState}
      />
    );
  return <>{children}</>;
}
