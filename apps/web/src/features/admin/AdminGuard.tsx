import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { Messages } from '../../lib/messages';
import { statusLabel } from '../auth/adminStatus';
import type { ReturnState } from '../auth/SignInLink';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** Spec §2 "Admin guard": Checking Access..., redirect without a user, Access Denied without the rights. */
export function AdminGuard({
  children,
  requireSuperAdmin = false,
}: {
  children: ReactNode;
  requireSuperAdmin?: boolean;
}) {
  const { status, user, isAdmin, isSuperAdmin } = useAuth();
  const location = useLocation();
  const allowed = requireSuperAdmin ? isSuperAdmin : isAdmin || isSuperAdmin;
  // The guard names the tab only for its own screens; a page it lets through names itself.
  useDocumentTitle(status === 'loading' ? 'Checking Access' : user && !allowed ? 'Access Denied' : null);
  if (status === 'loading') {
    return (
      <div className="card center-card" role="status">
        <div className="spinner" aria-hidden="true" />
        <h2>Checking Access...</h2>
      </div>
    );
  }
  if (!user)
    return (
      <Navigate
        to="/auth"
        replace
        state={{ from: `${location.pathname}${location.search}` } satisfies ReturnState}
      />
    );
  if (!allowed) {
    return (
      <div className="card center-card" role="alert">
        <h2>Access Denied</h2>
        <p>{requireSuperAdmin ? Messages.needSuperAdmin : Messages.needAdmin}</p>
        <p className="muted">Current status: {statusLabel({ isAdmin, isSuperAdmin })}</p>
        <Link to="/" className="btn btn-outline">
          Go Home
        </Link>
      </div>
    );
  }
  return <>{children}</>;
}

export default AdminGuard;
