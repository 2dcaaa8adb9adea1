import {
  AccountMessages,
  ContestPackageUiMessages,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@javelin/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks';
import { useAuth } from './useAuth';
import { Messages } from '../../lib/messages';
import { ErrorBox } from '../../components/ErrorBox';
import { PasswordInput } from '../../components/PasswordInput';
import {
  useAuthConfigQuery,
  useLoginMutation,
  useRegisterMutation,
  useResendVerificationMutation,
  type RegisterRequest,
} from './authApi';
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
import { errorMessage } from '../../lib/api';

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

export type SignupErrors = Partial<Record<keyof RegisterRequest, string>>;

const FIELD_LABELS: Record<keyof RegisterRequest, string> = {
  email: 'Email',
  username: 'Username',
  fullName: 'Full Name',
  password: 'Password',
  confirmPassword: 'Confirm Password',
};

/** The rule of each sign-up field, shown under it from the start (the server's own limits). */
export const SIGNUP_RULES: Partial<Record<keyof RegisterRequest, string>> = {
  username: AccountMessages.usernameRule,
  password: AccountMessages.passwordRule,
  confirmPassword: AccountMessages.confirmRule,
};

/** Every sign-up field checked at once, by the rules the server applies; empty when all are fine. */
export function signupErrors(form: RegisterRequest): SignupErrors {
  const errors: SignupErrors = {};
  for (const field of Object.keys(FIELD_LABELS) as (keyof RegisterRequest)[]) {
    if (!form[field].trim()) errors[field] = AccountMessages.fieldRequired(FIELD_LABELS[field]);
  }
  const email = form.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = AccountMessages.emailInvalid;
  const username = form.username.trim();
  if (
    username &&
    (username.length < USERNAME_MIN_LENGTH ||
      username.length > USERNAME_MAX_LENGTH ||
      !USERNAME_PATTERN.test(username))
  )
    errors.username = AccountMessages.usernameRule;
  if (form.fullName.trim().length > FULL_NAME_MAX_LENGTH)
    errors.fullName = `Full Name must be at most ${FULL_NAME_MAX_LENGTH} characters`;
  if (form.password && form.password.length < PASSWORD_MIN_LENGTH)
    errors.password = Messages.passwordTooShort;
  if (form.confirmPassword && form.password !== form.confirmPassword)
    errors.confirmPassword = Messages.passwordsDoNotMatch;
  return errors;
}

/** The one sentence above the form: the only problem's, else how many fields need fixing. */
function signupSummary(errors: SignupErrors): string | null {
  const messages = Object.values(errors);
  if (messages.length === 0) return null;
  return messages.length === 1 ? messages[0] : AccountMessages.fixFields(messages.length);
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
  const [fieldErrors, setFieldErrors] = useState<SignupErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resend, { isLoading: resending }] = useResendVerificationMutation();
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
    if (fieldErrors[field]) setFieldErrors(({ [field]: _fixed, ...rest }) => rest);
    if (error && mode === 'signup' && Date.now() - errorShownAt.current >= SIGNUP_ERROR_CLEAR_DELAY_MS)
      setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNotice(null);
    setUnverifiedEmail(null);
    if (mode === 'login') {
      if (!form.email.trim() || !form.password) {
        showError(ContestPackageUiMessages.signInMissing);
        return;
      }
      try {
        const { token } = await login({ email: form.email.trim(), password: form.password }).unwrap();
        await finishSignIn(token);
      } catch (err) {
        const message = loginErrorMessage(err);
        showError(message);
        // An unverified account can ask for a new link right here, with the address it typed.
        if (message === Messages.verifyBeforeLogin) setUnverifiedEmail(form.email.trim());
      }
      return;
    }
    const errors = signupErrors(form);
    setFieldErrors(errors);
    const invalid = signupSummary(errors);
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
        setSentTo(form.email.trim());
        setForm(EMPTY_SIGNUP);
      } else {
        showError(registrationErrorMessage(err));
      }
    }
  };

  const busy = loggingIn || registering;
  const isSignup = mode === 'signup';
  const onResend = async () => {
    if (!unverifiedEmail) return;
    try {
      await resend({ email: unverifiedEmail }).unwrap();
      setError(null);
      setNotice(AccountMessages.verificationResentTo(unverifiedEmail));
      setUnverifiedEmail(null);
    } catch (err) {
      showError(errorMessage(err, Messages.resendFailed));
    }
  };
  const fieldProps = (field: keyof RegisterRequest) => {
    const hint = isSignup ? SIGNUP_RULES[field] : undefined;
    const problem = isSignup ? fieldErrors[field] : undefined;
    const describedBy = [hint && `${field}-hint`, problem && `${field}-error`].filter(Boolean).join(' ');
    return {
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': describedBy || undefined,
    } as const;
  };
  const fieldNotes = (field: keyof RegisterRequest) => (
    <>
      {isSignup && SIGNUP_RULES[field] && (
        <p className="field-hint" id={`${field}-hint`}>
          {SIGNUP_RULES[field]}
        </p>
      )}
      {isSignup && fieldErrors[field] && (
        <p className="field-error" id={`${field}-error`}>
          {fieldErrors[field]}
        </p>
      )}
    </>
  );

  // After a sign-up that needs verification: where the mail went, instead of an emptied form.
  if (isSignup && sentTo) {
    return (
      <div className="card" style={{ maxWidth: 440, margin: '1.5rem auto' }}>
        <h1 style={{ fontSize: '1.6rem' }}>Check your email</h1>
        <div className="alert alert-success" role="status" data-testid="signup-sent">
          <p style={{ margin: 0 }}>
            <strong>{AccountMessages.verificationSentTo(sentTo)}</strong>
          </p>
          <p style={{ margin: '0.5rem 0 0' }}>{notice}</p>
        </div>
        <Link
          to="/login"
          state={location.state}
          className="btn btn-outline btn-block"
          onClick={() => setSentTo(null)}
        >
          {AccountMessages.backToSignIn}
        </Link>
      </div>
    );
  }

  return (
    <div className="card" style={{ maxWidth: 440, margin: '1.5rem auto' }}>
      <h1 style={{ fontSize: '1.6rem' }}>{isSignup ? 'Create your account' : 'Welcome back'}</h1>
      <p className="muted">
        {isSignup ? 'Sign up to start solving problems in Java.' : 'Sign in to continue to Javelin.'}
      </p>
      {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
      {error && unverifiedEmail && !isSignup && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          style={{ marginBottom: '0.75rem' }}
          onClick={() => void onResend()}
          disabled={resending}
        >
          {resending ? 'Sending...' : AccountMessages.resendVerification}
        </button>
      )}
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      <form onSubmit={submit} noValidate aria-label={isSignup ? 'Sign up' : 'Sign in'}>
        <div className="field">
          {/* Issue 43: a contest package's team signs in with its username in the same field. */}
          <label htmlFor="email">{isSignup ? 'Email' : ContestPackageUiMessages.signInIdentifier}</label>
          <input
            id="email"
            name="email"
            type={isSignup ? 'email' : 'text'}
            autoComplete={isSignup ? 'email' : 'username'}
            required
            value={form.email}
            onChange={(e) => update('email')(e.target.value)}
            {...fieldProps('email')}
          />
          {fieldNotes('email')}
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
                {...fieldProps('username')}
              />
              {fieldNotes('username')}
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
                {...fieldProps('fullName')}
              />
              {fieldNotes('fullName')}
            </div>
          </>
        )}
        <PasswordInput
          id="password"
          label="Password"
          value={form.password}
          onChange={update('password')}
          autoComplete={isSignup ? 'new-password' : 'current-password'}
          hint={isSignup ? SIGNUP_RULES.password : undefined}
          error={isSignup ? fieldErrors.password : undefined}
        />
        {isSignup && (
          <PasswordInput
            id="confirmPassword"
            label="Confirm Password"
            value={form.confirmPassword}
            onChange={update('confirmPassword')}
            autoComplete="new-password"
            hint={SIGNUP_RULES.confirmPassword}
            error={fieldErrors.confirmPassword}
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
