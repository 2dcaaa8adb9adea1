import { useEffect } from 'react';
import { Modal } from '../../components/Modal';
import { ErrorBox } from '../../components/ErrorBox';
import { Messages } from '../../lib/messages';
import { useForgotPasswordMutation } from './authApi';
import { useEmailRequest } from './useEmailRequest';

/** Spec §9: the modal closes 3 s after a successful request. */
export const FORGOT_PASSWORD_CLOSE_DELAY_MS = 3_000;

export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const { email, setEmail, error, setError, sent, submit } = useEmailRequest(
    forgotPassword,
    Messages.resetEmailFailed,
  );

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(onClose, FORGOT_PASSWORD_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [sent, onClose]);

  return (
    <Modal title="Reset your password" onClose={onClose}>
      {sent ? (
        <div className="alert alert-success" role="status">
          {Messages.resetLinkMaybeSent}
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="muted">Enter your email address and we'll send you a link to reset your password.</p>
          {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
          <div className="field">
            <label htmlFor="forgot-email">Email</label>
            <input
              id="forgot-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              autoComplete="email"
            />
          </div>
          <div className="row" style={{ justifyContent: 'flex-end' }}>
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn" disabled={isLoading}>
              {isLoading ? 'Sending...' : 'Send Reset Link'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
