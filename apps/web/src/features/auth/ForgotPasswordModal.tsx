import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import { ErrorBox } from '../../components/ErrorBox';
import { Messages } from '../../app/messages';
import { errorMessage } from '../../services/api';
import { useForgotPasswordMutation } from './authApi';

/** Spec §9: the modal closes 3 s after a successful request. */
export const FORGOT_PASSWORD_CLOSE_DELAY_MS = 3_000;

export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(onClose, FORGOT_PASSWORD_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [sent, onClose]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    try {
      await forgotPassword({ email: email.trim() }).unwrap();
      setSent(true);
    } catch (err) {
      setError(errorMessage(err, Messages.resetEmailFailed));
    }
  };

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
            <input id="forgot-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
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
