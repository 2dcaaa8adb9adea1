import type { Role, UserRoleRecord } from '@javelin/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useAuth } from '../auth/useAuth';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { Badge } from '../../components/Badge';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { errorMessage, errorStatus } from '../../lib/api';
import {
  ROLE_LABELS,
  useAddRoleMutation,
  useAdminUsersQuery,
  useAllUsersQuery,
  useRemoveRoleMutation,
} from './adminApi';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** Admins may grant admin; only super admins may also grant super_admin (spec §6). */
export function grantableRoles(viewerIsSuperAdmin: boolean): Role[] {
  return viewerIsSuperAdmin ? ['admin', 'super_admin'] : ['admin'];
}

/** The admins and super admins, each with Remove (a super admin's only for super admins). */
function CurrentAdmins({ records, isSuperAdmin }: { records: UserRoleRecord[]; isSuperAdmin: boolean }) {
  const toast = useToast();
  const [removeRole] = useRemoveRoleMutation();
  const remove = async (id: string) => {
    try {
      await removeRole(id).unwrap();
      toast.show({ title: Messages.roleRemoved, variant: 'success' });
    } catch (err) {
      toast.show({
        title: Messages.removeRoleFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  return (
    <section className="card" aria-labelledby="admins-heading">
      <h2 id="admins-heading">Current Admin Users</h2>
      {records.length === 0 ? (
        <p className="empty">No admin users found</p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {records.map((r) => (
            <li key={r._id} className="lb-row" data-testid="admin-row">
              <div className="lb-name">
                <div className="full">{r.user?.fullName}</div>
                <div className="muted" style={{ fontSize: '0.8rem' }}>
                  {r.user?.email}
                </div>
              </div>
              <Badge variant={r.role === 'super_admin' ? 'destructive' : 'secondary'}>
                {ROLE_LABELS[r.role] ?? 'User'}
              </Badge>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={`Remove ${ROLE_LABELS[r.role] ?? r.role} role from ${r.user?.fullName}`}
                onClick={() => void remove(r._id)}
                disabled={r.role === 'super_admin' && !isSuperAdmin}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AdminUsersPage() {
  useDocumentTitle('User Management');
  const { isSuperAdmin } = useAuth();
  const toast = useToast();
  const users = useAllUsersQuery();
  const admins = useAdminUsersQuery();
  const [addRole, { isLoading: adding }] = useAddRoleMutation();
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [formError, setFormError] = useState<string | null>(null);
  const loadError = users.error ?? admins.error;

  useEffect(() => {
    if (loadError) toast.message(Messages.unauthorized);
  }, [loadError, toast]);

  if (users.isLoading || admins.isLoading) return <Spinner />;
  if (loadError && errorStatus(loadError) === 403) {
    return (
      <div className="card center-card" role="alert">
        <h1 style={{ fontSize: '1.4rem' }}>Access Denied</h1>
        <p>{Messages.superAdminsOnly}</p>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!userId || !role) {
      setFormError(Messages.selectUserAndRole);
      return;
    }
    try {
      await addRole({ userId, role }).unwrap();
      toast.show({ title: Messages.roleAdded(ROLE_LABELS[role]), variant: 'success' });
      setUserId('');
      setRole('');
    } catch (err) {
      toast.show({ title: Messages.addRoleFailed, description: errorMessage(err), variant: 'destructive' });
    }
  };

  const records = admins.data ?? [];

  return (
    <>
      <div className="page-header">
        <div>
          <h1>User Management</h1>
          <p className="muted">Grant and revoke admin roles.</p>
        </div>
      </div>
      <div className="split">
        <form className="card" onSubmit={submit} aria-labelledby="add-role-heading" noValidate>
          <h2 id="add-role-heading">Add Admin Role</h2>
          {formError && <ErrorBox message={formError} onDismiss={() => setFormError(null)} />}
          <div className="field">
            <label htmlFor="role-user">User</label>
            <select id="role-user" value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">Select a user</option>
              {(users.data ?? []).map((u) => (
                <option key={u.id ?? u._id} value={u.id ?? u._id}>
                  {u.fullName} ({u.email})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="role-role">Role</label>
            <select id="role-role" value={role} onChange={(e) => setRole(e.target.value as Role | '')}>
              <option value="">Select a role</option>
              {grantableRoles(isSuperAdmin).map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn" disabled={adding}>
            {adding ? 'Adding...' : 'Add Role'}
          </button>
        </form>
        <CurrentAdmins records={records} isSuperAdmin={isSuperAdmin} />
      </div>
    </>
  );
}

export default AdminUsersPage;
