import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Messages } from '../../lib/messages';
import { storeAuthError } from './authErrors';

/**
 * An OAuth provider's return to the sign-in page: `?token=…&success=true` signs in, `?error=…` shows
 * why not. The query is removed at once; `pending` holds the page while the token is being used.
 */
export function useOAuthReturn(
  finishSignIn: (token: string) => Promise<void>,
  showError: (message: string) => void,
) {
  const [params, setParams] = useSearchParams();
  const [pending, setPending] = useState(false);
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
    setPending(true);
    void finishSignIn(token).finally(() => setPending(false));
  }, [params, setParams, finishSignIn, showError]);
  return pending;
}
