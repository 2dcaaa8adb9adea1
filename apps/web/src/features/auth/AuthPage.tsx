import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { useAuth } from './useAuth';
import { Messages } from '../../app/messages';
import { ErrorBox } from '../../components/ErrorBox';
import { PasswordInput } from '../../components/PasswordInput';
import { useAuthConfigQuery, useLoginMutation, useRegisterMutation, type RegisterRequest } from './authApi';
import {
  EmailVerificationRequired,
  SIGNUP_ERROR_CLEAR_DELAY_MS,
  loginErrorMessage,
  registrationErrorMessage,
  storeAuthError,
  takeStoredAuthError,
} from './authErrors';
import { signIn } from './authSlice';
import { returnPath } from './SignInLink';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { useGoogleSignIn } from './useGoogleSignIn';
import { useDocumentTitle } from '../../components/useDocumentTitle';

export type AuthMode = 'login' | 'signup';

export function modeFromPath(pathname: string): AuthMode {
  return pathname.startsWith('/signup') ? 'signup' : 'login';
}

const EMPTY_SIGNUP: RegisterRequest = {
  email: '',
  username: '',
  fullName: '',
  password: '',
  confirmPassword: '',
};

/** Spec §5: every signup field is required and the passwords must match. */
export function validateSignup(form: RegisterRequest): string | null {
  if (
    !form.email.trim() ||
    !form.username.trim() ||
    !form.fullName.trim() ||
    !form.password ||
    !form.confirmPassword
  ) {
    return 'Please fill in all fields';
  }
  if (form.password !== form.confirmPassword) return Messages.passwordsDoNotMatch;
  return null;
}

export function AuthPage() {
  const location = useLocation();
  useDocumentTitle(modeFromPath(location.pathname) === 'signup' ? 'Sign up' : 'Sign in');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const { status } = useAuth();
  const mode = modeFromPath(location.pathname);

  const [form, setForm] = useState<RegisterRequest>(EMPTY_SIGNUP);
  const [error, setError] = useState<string | null>(() => takeStoredAuthError());
  const errorShownAt = useRef<number>(error ? Date.now() : 0);
  const [notice, setNotice] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [oauthPending, setOauthPending] = useState(false);

  const [login, { isLoading: loggingIn }] = useLoginMutation();
  const [register, { isLoading: registering }] = useRegisterMutation();
  const { data: config } = useAuthConfigQuery();

  const showError = useCallback((message: string) => {
    errorShownAt.current = Date.now();
    setError(message);
  }, []);

  const finishSignIn = useCallback(
    async (token: string) => {
      try {
        await dispatch(signIn(token)).unwrap();
        navigate(returnPath(location.state));
      } catch {
        showError(Messages.loginFailed);
      }
    },
    [dispatch, navigate, showError, location.state],
  );

  // OAuth return: ?token=…&success=true, or ?error=…
  useEffect(() => {
    const token = params.get('token');
    const oauthError = params.get('error');
    if (!token && !oauthError) return;
    setParams({}, { replace: true });
    if (oauthError || params.get('success') === 'false' || !token) {
      const message = Messages.oauthFailed(oauthError ?? 'unknown error');
      storeAuthError(message);
      showError(message);
      return;
    }
    setOauthPending(true);
    void finishSignIn(token).finally(() => setOauthPending(false));
  }, [params, setParams, finishSignIn, showError]);

  const closeForgot = useCallback(() => setForgotOpen(false), []);
  const googleSignIn = useGoogleSignIn(config?.googleClientId, finishSignIn, showError);

  if (status === 'authenticated' && !oauthPending)
    return <Navigate to={returnPath(location.state)} replace />;

  const update = (field: keyof RegisterRequest) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (error && mode === 'signup' && Date.now() - errorShownAt.current >= SIGNUP_ERROR_CLEAR_DELAY_MS)
      setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    if (mode === 'login') {
      if (!form.email.trim() || !form.password) {
        showError('Please enter your email and password');
        return;
      }
      try {
        const { token } = await login({ email: form.email.trim(), password: form.password }).unwrap();
        await finishSignIn(token);
      } catch (err) {
        showError(loginErrorMessage(err));
      }
      return;
    }
    const invalid = validateSignup(form);
    if (invalid) {
      showError(invalid);
      return;
    }
    try {
      const result = await register({ ...form, email: form.email.trim() }).unwrap();
      if (result.requiresVerification || !result.token) throw new EmailVerificationRequired();
      await finishSignIn(result.token);
    } catch (err) {
      if (err instanceof EmailVerificationRequired) {
        setNotice(Messages.checkEmail);
        setForm(EMPTY_SIGNUP);
      } else {
        showError(registrationErrorMessage(err));
      }
    }
  };

  const busy = loggingIn || registering;
  const isSignup = mode === 'signup';

  return (
    <div className="card" style={{ maxWidth: 440, margin: '1.5rem auto' }}>
      <h1 style={{ fontSize: '1.6rem' }}>{isSignup ? 'Create your account' : 'Welcome back'}</h1>
      <p className="muted">
        {isSignup ? 'Sign up to start solving problems in Java.' : 'Sign in to continue to Javelin.'}
      </p>
      {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      <form onSubmit={submit} noValidate aria-label={isSignup ? 'Sign up' : 'Sign in'}>
        <div className="field">
          <label htmlFor="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => update('email')(e.target.value)}
          />
        </div>
        {isSignup && (
          <>
            <div className="field">
              <label htmlFor="username">Username</label>
              <input
                id="username"
                name="username"
                autoComplete="username"
                required
                value={form.username}
                onChange={(e) => update('username')(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="fullName">Full Name</label>
              <input
                id="fullName"
                name="fullName"
                autoComplete="name"
                required
                value={form.fullName}
                onChange={(e) => update('fullName')(e.target.value)}
              />
            </div>
          </>
        )}
        <PasswordInput
          id="password"
          label="Password"
          value={form.password}
          onChange={update('password')}
          autoComplete={isSignup ? 'new-password' : 'current-password'}
        />
        {isSignup && (
          <PasswordInput
            id="confirmPassword"
            label="Confirm Password"
            value={form.confirmPassword}
            onChange={update('confirmPassword')}
            autoComplete="new-password"
          />
        )}
        {!isSignup && (
          <p style={{ textAlign: 'right' }}>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setForgotOpen(true)}>
              Forgot your password?
            </button>
          </p>
        )}
        <button type="submit" className="btn btn-block" disabled={busy}>
          {busy ? 'Please wait...' : isSignup ? 'Sign Up' : 'Sign In'}
        </button>
      </form>
      {(config?.googleClientId || config?.githubEnabled) && (
        <div className="stack" style={{ marginTop: '1rem' }}>
          <div className="muted" style={{ textAlign: 'center', fontSize: '0.85rem' }}>
            Or continue with
          </div>
          {config.googleClientId && (
            <button type="button" className="btn btn-outline btn-block" onClick={() => void googleSignIn()}>
              Sign in with Google
            </button>
          )}
          {config.githubEnabled && (
            <a className="btn btn-outline btn-block" href="/api/auth/github">
              Sign in with GitHub
            </a>
          )}
        </div>
      )}
      <p style={{ marginTop: '1rem', textAlign: 'center' }}>
        {isSignup ? 'Already have an account? ' : "Don't have an account? "}
        <Link to={isSignup ? '/login' : '/signup'} state={location.state} onClick={() => setError(null)}>
          {isSignup ? 'Sign in' : 'Sign up'}
        </Link>
      </p>
      {forgotOpen && <ForgotPasswordModal onClose={closeForgot} />}
    </div>
  );
}

export default AuthPage;
