import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useAuth } from '../../features/auth/useAuth';
import { signOut } from '../../features/auth/authSlice';
import { THEMES, themeChanged, type Theme } from '../../features/theme/themeSlice';
import { Badge } from '../../components/Badge';
import { Icon } from '../../components/Icon';
import { SignInLink } from '../../features/auth/SignInLink';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/problems', label: 'Problems' },
  { to: '/contests', label: 'Contests' },
  { to: '/leaderboard', label: 'Leaderboard' },
] as const;

export const ADMIN_LINKS = [
  { to: '/admin/users', label: 'User Management' },
  { to: '/admin/contests', label: 'Contest Management' },
  { to: '/admin/problems', label: 'Problem Management' },
] as const;

const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

function RoleBadge() {
  const { isAdmin, isSuperAdmin } = useAuth();
  if (isSuperAdmin) return <Badge variant="destructive">Super Admin</Badge>;
  if (isAdmin) return <Badge variant="secondary">Admin</Badge>;
  return null;
}

function AdminDropdown() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="nav-link"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Admin <Icon name="expand" size={14} />
      </button>
      {open && (
        <div className="dropdown-menu" role="menu" aria-label="Admin">
          {ADMIN_LINKS.map((l) => (
            <Link key={l.to} to={l.to} role="menuitem">
              {l.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}

function ThemeSelect({ id }: { id: string }) {
  const theme = useAppSelector((s) => s.theme.theme);
  const dispatch = useAppDispatch();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Theme
      </label>
      <select
        id={id}
        value={theme}
        onChange={(e) => dispatch(themeChanged(e.target.value as Theme))}
        style={{ width: 'auto' }}
      >
        {THEMES.map((t) => (
          <option key={t} value={t}>
            {THEME_LABELS[t]}
          </option>
        ))}
      </select>
    </>
  );
}

type LinkClass = (state: { isActive: boolean }) => string;

/** The phone's menu: the main links, the admin's, the account's and the theme. */
function MobileMenu({
  signedIn,
  isAdmin,
  onLogout,
  linkClass,
}: {
  signedIn: boolean;
  isAdmin: boolean;
  onLogout: () => void;
  linkClass: LinkClass;
}) {
  return (
    <div id="mobile-menu" className="mobile-menu">
      {NAV_LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} end={l.to === '/'} className={linkClass}>
          {l.label}
        </NavLink>
      ))}
      {signedIn && isAdmin && (
        <>
          <div className="mobile-section">Admin Panel</div>
          {ADMIN_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </>
      )}
      <div className="mobile-section">Account</div>
      {signedIn ? (
        <>
          <NavLink to="/profile" className={linkClass}>
            Profile
          </NavLink>
          <button type="button" className="nav-link" style={{ textAlign: 'left' }} onClick={onLogout}>
            Logout
          </button>
        </>
      ) : (
        <>
          <SignInLink to="/login" className="nav-link">
            Login
          </SignInLink>
          <SignInLink to="/signup" className="nav-link">
            Sign Up
          </SignInLink>
        </>
      )}
      <div className="row" style={{ padding: '0.5rem 0.7rem' }}>
        <ThemeSelect id="theme-select-mobile" />
      </div>
    </div>
  );
}

/** The header: brand, main links, the admin menu, theme and account; Login and Sign Up return to this page. */
export function NavBar() {
  const { user, status, isAdmin } = useAuth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  useEffect(() => setMobileOpen(false), [location.pathname]);
  const signedIn = status === 'authenticated' && !!user;

  const logout = async () => {
    await dispatch(signOut());
    navigate('/auth');
  };

  const linkClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

  return (
    <header className="nav">
      <nav className="nav-inner" aria-label="Main">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            J
          </span>
          Javelin
        </Link>
        <div className="nav-links">
          {NAV_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
          {signedIn && isAdmin && <AdminDropdown />}
        </div>
        <div className="nav-right">
          <span className="desktop-only">
            <ThemeSelect id="theme-select" />
          </span>
          {signedIn && <RoleBadge />}
          {signedIn ? (
            <span className="row desktop-only">
              <NavLink to="/profile" className={linkClass}>
                Profile
              </NavLink>
              <button type="button" className="btn btn-outline btn-sm" onClick={logout}>
                Logout
              </button>
            </span>
          ) : (
            status !== 'loading' && (
              <span className="row desktop-only">
                <SignInLink to="/login" className="btn btn-ghost btn-sm">
                  Login
                </SignInLink>
                <SignInLink to="/signup" className="btn btn-sm">
                  Sign Up
                </SignInLink>
              </span>
            )
          )}
          <button
            type="button"
            className="btn btn-ghost btn-icon menu-toggle"
            aria-label="Toggle menu"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((o) => !o)}
          >
            <Icon name="menu" size={20} />
          </button>
        </div>
      </nav>
      {mobileOpen && (
        <MobileMenu signedIn={signedIn} isAdmin={isAdmin} onLogout={logout} linkClass={linkClass} />
      )}
    </header>
  );
}
