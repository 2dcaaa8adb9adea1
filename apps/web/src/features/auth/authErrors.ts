import { Messages, mapAuthMessage } from '../../lib/messages';
import { errorMessage } from '../../lib/api';

/** Spec §9: an auth error kept across a redirect (e.g. the OAuth return) expires after 10 s. */
export const STORED_AUTH_ERROR_TTL_MS = 10_000;
/** Spec §9: once shown for 2 s, the signup error clears when the user types. */
export const SIGNUP_ERROR_CLEAR_DELAY_MS = 2_000;
const STORED_AUTH_ERROR_KEY = 'authError';

export function storeAuthError(message: string, now = Date.now()): void {
  localStorage.setItem(STORED_AUTH_ERROR_KEY, JSON.stringify({ message, at: now }));
}

/** Reads and forgets the stored auth error; one older than 10 s is dropped. */
export function takeStoredAuthError(now = Date.now()): string | null {
  const raw = localStorage.getItem(STORED_AUTH_ERROR_KEY);
  localStorage.removeItem(STORED_AUTH_ERROR_KEY);
  if (!raw) return null;
  try {
    const { message, at } = JSON.parse(raw) as { message: string; at: number };
    return now - at <= STORED_AUTH_ERROR_TTL_MS ? message : null;
  } catch {
    return null;
  }
}

/** Login failure: server error, else message, else 'Login failed'; then the spec's mapping. */
export function loginErrorMessage(err: unknown): string {
  return mapAuthMessage(errorMessage(err, Messages.loginFailed));
}

export function registrationErrorMessage(err: unknown): string {
  return mapAuthMessage(errorMessage(err, Messages.registrationFailed));
}

/** Thrown when registration succeeded but no token is issued until the email is verified. */
export class EmailVerificationRequired extends Error {
  constructor() {
    super(Messages.emailVerificationRequired);
  }
}
