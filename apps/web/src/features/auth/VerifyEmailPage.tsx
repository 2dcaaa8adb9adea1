import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Messages } from '../../lib/messages';
import { ErrorBox } from '../../components/ErrorBox';
import { errorMessage, errorStatus } from '../../lib/api';
import { useResendVerificationMutation, useVerifyEmailMutation } from './authApi';
import { StatusCard, StatusLoading, StatusSuccess } from './StatusCard';
import { useEmailRequest } from './useEmailRequest';
import { useDocumentTitle } from '../../components/useDocumentTitle';

export type VerifyState = 'loading' | 'success' | 'already' | 'error' | 'resend';

function ResendForm() {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const { email, setEmail, error, setError, sent, submit } = useEmailRequest(resend, Messages.resendFailed);
  return (
    <form onSubmit={submit} noValidate style={{ textAlign: 'left' }}>
      <p className="muted">Enter your email address to receive a new verification link.</p>
      {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
      {sent && (
        <div className="alert alert-success" role="status">
          {Messages.resendSucceeded}
        </div>
      )}
      <div className="field">
        <label htmlFor="resend-email">Email</label>
        <input
          id="resend-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-block" disabled={isLoading}>
        {isLoading ? 'Sending...' : 'Resend Verification Email'}
      </button>
    </form>
  );
}

export function VerifyEmailPage() {
  useDocumentTitle('Email Verification');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [state, setState] = useState<VerifyState>(token ? 'loading' : 'resend');
  const [message, setMessage] = useState('');
  const [verify] = useVerifyEmailMutation();
  const attempted = useRef<string | null>(null);

  useEffect(() => {
    if (!token || attempted.current === token) return;
    attempted.current = token;
    setState('loading');
    verify({ token })
      .unwrap()
      .then(() => setState('success'))
      .catch((err) => {
        setMessage(errorMessage(err, Messages.verificationFailed));
        // A link opened again after it verified the account (409): it is verified, not failed (issue 45).
        setState(errorStatus(err) === 409 ? 'already' : 'error');
      });
  }, [token, verify]);

  return (
    <StatusCard title="Email Verification">
      {state === 'loading' && <StatusLoading text="Verifying your email..." />}
      {state === 'success' && <StatusSuccess message="Email verified successfully! You can now log in." />}
      {state === 'already' && <StatusSuccess message={message} />}
      {state === 'error' && (
        <>
          <ErrorBox message={`${Messages.verificationFailed}: ${message}`} />
          <div className="row" style={{ justifyContent: 'center' }}>
            <button type="button" className="btn" onClick={() => navigate('/auth')}>
              Try Again
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setState('resend')}>
              Resend Verification Email
            </button>
          </div>
        </>
      )}
      {state === 'resend' && <ResendForm />}
    </StatusCard>
  );
}

export default VerifyEmailPage;
