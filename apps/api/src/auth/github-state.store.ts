import type { Request, Response } from 'express';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  Metadata,
  StateStore,
  StateStoreStoreCallback,
  StateStoreVerifyCallback,
} from 'passport-oauth2';
import { OAuthMessages } from '@javelin/contracts';

export const STATE_COOKIE = 'javelin_github_state';
/** The cookie only travels to the GitHub start and callback routes. */
export const STATE_COOKIE_PATH = '/api/auth/github';
/** How long a user may spend on GitHub's consent screen. */
const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * OAuth `state` without server sessions: a random nonce goes into an httpOnly SameSite=Lax cookie and, signed
 * with the server's secret and stamped with its time, into the state sent to GitHub. The callback is accepted
 * only when the returned state is genuine, fresh, and carries the nonce of this browser's cookie — so a
 * callback started in another browser (login CSRF) is refused.
 */
export class SignedCookieStateStore implements StateStore {
  constructor(
    private readonly secret: string,
    private readonly secureCookie: boolean,
  ) {}

  // passport-oauth2 chooses the call form by arity: these signatures keep it at (req, meta, callback).
  store(req: Request, meta: Metadata | StateStoreStoreCallback, callback?: StateStoreStoreCallback): void {
    const done = (callback ?? meta) as StateStoreStoreCallback;
    const nonce = randomBytes(24).toString('base64url');
    (req.res as Response).cookie(STATE_COOKIE, nonce, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookie,
      path: STATE_COOKIE_PATH,
      maxAge: STATE_TTL_MS,
    });
    const body = `${nonce}.${Date.now()}`;
    done(null, `${body}.${this.sign(body)}`);
  }

  verify(
    req: Request,
    state: string,
    meta: Metadata | StateStoreVerifyCallback,
    callback?: StateStoreVerifyCallback,
  ): void {
    const done = (callback ?? meta) as StateStoreVerifyCallback;
    const ok = this.isValid(
      typeof state === 'string' ? state : '',
      readCookie(req.headers.cookie, STATE_COOKIE),
    );
    done(null, ok, ok ? undefined : { message: OAuthMessages.githubStateMismatch });
  }

  private isValid(state: string, cookieNonce: string | undefined): boolean {
    const [nonce, issuedAt, signature, ...rest] = state.split('.');
    if (!nonce || !issuedAt || !signature || rest.length || !cookieNonce) return false;
    if (!sameText(signature, this.sign(`${nonce}.${issuedAt}`))) return false;
    const age = Date.now() - Number(issuedAt);
    if (!Number.isFinite(age) || age < 0 || age > STATE_TTL_MS) return false;
    return sameText(nonce, cookieNonce);
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(`github-state.${body}`).digest('base64url');
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The nonce is base64url, which cookies carry unencoded. */
function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
