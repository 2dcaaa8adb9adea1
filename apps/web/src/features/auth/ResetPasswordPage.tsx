import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from '@javelin/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Messages } from '../../lib/messages';
import { ErrorBox } from '../../components/ErrorBox';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/api';
import { useResetPasswordMutation } from './authApi';
import { StatusCard, StatusLoading, StatusSuccess } from './StatusCard';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** Spec §9: passwords are at least 6 characters (the rule lives in libs/contracts, shared with the API). */
export { PASSWORD_MIN_LENGTH };

export type ResetState = 'loading' | 'form' | 'success' | 'error';

export function validateNewPassword(password: string, confirmation: string): string | null {
  if (password !== confirmation) return Messages.passwordsDoNotMatch;
  // The rule the API checks this new password with (libs/contracts): too short is Messages.passwordTooShort.
  const checked = resetPasswordSchema.shape.newPassword.safeParse(password);
  return checked.success ? null : checked.error.issues[0].message;
}

export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [state, setState] = useState<ResetState>(token ? 'form' : 'error');
  const [error, setError] = useState<string | null>(token ? null : Messages.invalidResetToken);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [reset] = useResetPasswordMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) {
      setError(Messages.invalidResetToken);
      setState('error');
      return;
    }
    const invalid = validateNewPassword(password, confirmation);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setState('loading');
    try {
      await reset({ token, newPassword: password }).unwrap();
      setState('success');
    } catch (err) {
      setError(errorMessage(err, Messages.resetFailed));
      setState('error');
    }
  };

  return (
    <StatusCard title="Reset Password">
      {state === 'loading' && <StatusLoading text="Resetting your password..." />}
      {state === 'success' && <StatusSuccess message={Messages.resetSucceeded} />}
      {state === 'error' && (
        <>
          <ErrorBox message={error ?? Messages.resetFailed} />
          <div className="row" style={{ justifyContent: 'center' }}>
            {token && (
              <button type="button" className="btn" onClick={() => setState('form')}>
                Try Again
              </button>
            )}
            <button type="button" className="btn btn-outline" onClick={() => navigate('/auth')}>
              Go to Login
            </button>
          </div>
        </>
      )}
      {state === 'form' && (
        <form onSubmit={submit} noValidate style={{ textAlign: 'left' }}>
          <p className="muted">Choose a new password for your account.</p>
          {error && <ErrorBox message={error} onDismiss={() => setError(null)} />}
          <PasswordInput
            id="newPassword"
            label="New Password"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
          />
          <PasswordInput
            id="confirmNewPassword"
            label="Confirm Password"
            value={confirmation}
            onChange={setConfirmation}
            autoComplete="new-password"
          />
          <button type="submit" className="btn btn-block">
            Reset Password
          </button>
        </form>
      )}
    </StatusCard>
  );
}

export default ResetPasswordPage;
