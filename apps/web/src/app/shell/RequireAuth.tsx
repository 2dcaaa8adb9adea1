import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../../features/auth/useAuth';
import { Spinner } from '../../components/Spinner';

/** Pages for registered users: while the session loads show a spinner; without one go to /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <Spinner />;
  if (status === 'anonymous') return <Navigate to="/auth" replace />;
  return <>{children}</>;
}
