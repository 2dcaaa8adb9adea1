import { useCallback } from 'react';
import { Messages } from '../../lib/messages';
import { errorMessage } from '../../lib/api';
import { useGoogleLoginMutation } from './authApi';

interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: { client_id: string; callback: (r: GoogleCredentialResponse) => void }): void;
      prompt(): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';

function loadGoogleScript(): Promise<GoogleIdentity> {
  if (window.google) return Promise.resolve(window.google);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error(Messages.googleFailed)));
    script.onerror = () => reject(new Error(Messages.googleFailed));
    document.head.appendChild(script);
  });
}

/** Decodes the ID token's payload (the userInfo the spec posts beside the credential). */
export function decodeGoogleCredential(credential: string) {
  const payload = credential.split('.')[1] ?? '';
  const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const claims = JSON.parse(json) as { sub: string; email: string; name: string; picture?: string };
  return { id: claims.sub, email: claims.email, name: claims.name, picture: claims.picture };
}

/** Google sign-in, loaded only when the user asks for it (the script needs the internet). */
export function useGoogleSignIn(
  clientId: string | undefined,
  onToken: (token: string) => void,
  onError: (message: string) => void,
) {
  const [googleLogin] = useGoogleLoginMutation();
  return useCallback(async () => {
    if (!clientId) return;
    try {
      const google = await loadGoogleScript();
      google.accounts.id.initialize({
        client_id: clientId,
        callback: async ({ credential }) => {
          if (!credential) {
            onError(Messages.noGoogleCredential);
            return;
          }
          try {
            const result = await googleLogin({
              provider: 'google',
              accessToken: credential,
              userInfo: decodeGoogleCredential(credential),
            }).unwrap();
            if (result.success && result.token) onToken(result.token);
            else onError(result.error ?? Messages.googleFailed);
          } catch (err) {
            onError(errorMessage(err, Messages.googleFailed));
          }
        },
      });
      google.accounts.id.prompt();
    } catch {
      onError(Messages.googleFailed);
    }
  }, [clientId, googleLogin, onError, onToken]);
}
