import { useAppDispatch } from '../../lib/hooks';
import { useAuth } from '../auth/useAuth';
import { getToken } from '../../lib/token';
import { statusLabel } from '../auth/adminStatus';
import { loadSession } from '../auth/authSlice';
import { useDocumentTitle } from '../../components/useDocumentTitle';

function maskToken(token: string | null): string {
  if (!token) return 'none';
  return token.length > 16 ? `${token.slice(0, 8)}…${token.slice(-6)}` : '••••';
}

/** Auth and role debug: only the signed-in user's own session, never anyone else's data. */
export function DebugAuthPage() {
  useDocumentTitle('Debug Auth');
  const { status, user, isAdmin, isSuperAdmin } = useAuth();
  const dispatch = useAppDispatch();
  const rows: [string, string][] = [
    ['Session', status],
    ['Token in local storage', maskToken(getToken())],
    ['User id', user?.id ?? '—'],
    ['Email', user?.email ?? '—'],
    ['Username', user?.username ?? '—'],
    ['Full name', user?.fullName ?? '—'],
    ['Roles', user?.roles?.length ? user.roles.join(', ') : 'none'],
    ['isAdmin', String(isAdmin)],
    ['isSuperAdmin', String(isSuperAdmin)],
    ['Current status', statusLabel({ isAdmin, isSuperAdmin })],
  ];
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Auth Debug</h1>
          <p className="muted">What the app knows about your session and roles.</p>
        </div>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void dispatch(loadSession())}
          disabled={!getToken()}
        >
          Reload Session
        </button>
      </div>
      <div className="card table-wrap">
        <table>
          <tbody>
            {rows.map(([k, v]) => (
              <tr key={k}>
                <th scope="row">{k}</th>
                <td data-testid={`debug-${k}`}>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export default DebugAuthPage;
