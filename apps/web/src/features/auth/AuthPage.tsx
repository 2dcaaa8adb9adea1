import { AccountMessages } from '@javelin/contracts';
import { useCallback, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { ErrorBox } from '../../components/ErrorBox';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuthFields } from './AuthFields';
import { OAuthButtons, SignupSent } from './AuthPageParts';
import { useAuthConfigQuery } from './authApi';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { returnPath } from './SignInLink';
import { useAuth } from './useAuth';
import { useAuthForm } from './useAuthForm';
import { useGoogleSignIn } from './useGoogleSignIn';
import { useOAuthReturn } from './useOAuthReturn';

export { SIGNUP_RULES, signupErrors, validateSignup, type SignupErrors } from './signupRules';

export type AuthMode = 'login' | 'signup';

export function modeFromPath(pathname: string): AuthMode {
  return pathname.startsWith('/signup') ? 'signup' : 'login';
}

/** Sign in (/login, /auth) or sign up (/signup): the form, OAuth, and the return to where the visitor was. */
export function AuthPage() {
  const location = useLocation();
  const mode = modeFromPath(location.pathname);
  const isSignup = mode === 'signup';
  useDocumentTitle(isSignup ? 'Sign up' : 'Sign in');
  const { status } = useAuth();
  const auth = useAuthForm(mode);
  const { error, setError, notice } = auth;
  const oauthPending = useOAuthReturn(auth.finishSignIn, auth.showError);
  const [forgotOpen, setForgotOpen] = useState(false);
  const closeForgot = useCallback(() => setForgotOpen(false), []);
  const { data: config } = useAuthConfigQuery();
  const googleSignIn = useGoogleSignIn(config?.googleClientId, auth.finishSignIn, auth.showError);

  if (status === 'authenticated' && !oauthPending)
    return <Navigate to={returnPath(location.state)} replace />;
  if (isSignup && auth.sentTo)
    return <SignupSent sentTo={auth.sentTo} notice={notice} onBack={auth.clearSentTo} />;
  return (
    <div className="card" style={{ maxWidth: 440, margin: '1.5rem auto' }}>
      <h1 style={{ fontSize: '1.6rem' }}>{isSignup ? 'Create your account' : 'Welcome back'}</h1>
      <p className="muted">
        {isSignup ? 'Sign up to start solving problems in Java.' : 'Sign in to continue to Javelin.'}
      </p>
      {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
      {error && auth.unverifiedEmail && !isSignup && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          style={{ marginBottom: '0.75rem' }}
          onClick={() => void auth.onResend()}
          disabled={auth.resending}
        >
          {auth.resending ? 'Sending...' : AccountMessages.resendVerification}
        </button>
      )}
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      <form onSubmit={auth.submit} noValidate aria-label={isSignup ? 'Sign up' : 'Sign in'}>
        <AuthFields isSignup={isSignup} form={auth.form} errors={auth.fieldErrors} update={auth.update} />
        {!isSignup && (
          <p style={{ textAlign: 'right' }}>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setForgotOpen(true)}>
              Forgot your password?
            </button>
          </p>
        )}
        <button type="submit" className="btn btn-block" disabled={auth.busy}>
          {auth.busy ? 'Please wait...' : isSignup ? 'Sign Up' : 'Sign In'}
        </button>
      </form>
      <OAuthButtons config={config} onGoogle={() => void googleSignIn()} />
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
