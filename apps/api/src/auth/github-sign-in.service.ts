import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { OAuthMessages } from '@javelin/contracts';
import type { Request, Response } from 'express';
import passport from 'passport';
import { Strategy as GitHubStrategy } from 'passport-github2';
import { TimeoutError, withTimeout } from '../common/timeout';
import { ENV, Env } from '../config/env';
import { AuthService } from './auth.service';
import { SignedCookieStateStore, STATE_COOKIE, STATE_COOKIE_PATH } from './github-state.store';
import {
  OAuthAccountsService,
  OAuthSignInError,
  PROVIDER_TIMEOUT_MS,
  ProviderIdentity,
} from './oauth-accounts.service';

const GITHUB_CALLBACK_PATH = '/api/auth/github/callback';

interface GitHubUser {
  id?: unknown;
  login?: unknown;
  name?: unknown;
}

interface GitHubEmail {
  email?: unknown;
  primary?: unknown;
  verified?: unknown;
}

/**
 * GitHub sign-in as a browser redirect flow: passport-github2 sends the browser to GitHub and exchanges the code
 * for an access token; the user and their emails are then read here (with timeouts and checked JSON — the
 * strategy's own profile loader parses GitHub's answers unguarded). The result goes back to the web's /auth page.
 */
@Injectable()
export class GitHubSignInService {
  private readonly logger = new Logger('GitHubSignIn');
  /** Held by this service rather than registered globally with passport, so each app uses its own settings. */
  private readonly strategy: GitHubStrategy | null;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly accounts: OAuthAccountsService,
    private readonly auth: AuthService,
  ) {
    const { githubClientId: clientID, githubClientSecret: clientSecret } = env;
    this.strategy =
      clientID && clientSecret
        ? new GitHubStrategy(
            {
              clientID,
              clientSecret,
              callbackURL: `${env.publicUrl}${GITHUB_CALLBACK_PATH}`,
              authorizationURL: env.githubAuthorizeUrl,
              tokenURL: env.githubTokenUrl,
              scope: ['user:email'],
              skipUserProfile: true,
              store: new SignedCookieStateStore(env.jwtSecret, env.publicUrl.startsWith('https:')),
            },
            (
              accessToken: string,
              _refreshToken: string,
              _profile: unknown,
              done: (e: null, u: object) => void,
            ) => done(null, { accessToken }),
          )
        : null;
  }

  /** GET /api/auth/github: off to GitHub's consent screen, or back to /auth when GitHub is not configured. */
  start(req: Request, res: Response): void {
    const strategy = this.strategy;
    if (!strategy) return res.redirect(this.authPage({ error: OAuthMessages.githubNotConfigured }));
    passport.authenticate(perRequest(strategy), { session: false })(req, res, (error: unknown) => {
      this.logger.warn(`GitHub sign-in could not start: ${String(error)}`);
      res.redirect(this.authPage({ error: OAuthMessages.githubFailed }));
    });
  }

  /** GET /api/auth/github/callback: where to send the browser — /auth with a token, or with a readable error. */
  async finish(req: Request, res: Response): Promise<string> {
    res.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
    if (!this.strategy) return this.authPage({ error: OAuthMessages.githubNotConfigured });
    if (req.query.error) {
      const denied = req.query.error === 'access_denied';
      return this.authPage({
        error: denied ? OAuthMessages.githubAccessDenied : OAuthMessages.githubRefused,
      });
    }
    if (!req.query.code) return this.authPage({ error: OAuthMessages.githubMissingCode });
    try {
      const accessToken = await this.exchangeCode(this.strategy, req, res);
      const userId = await this.accounts.signIn(await this.identity(accessToken));
      return this.authPage({ token: await this.auth.signToken(userId), success: 'true' });
    } catch (error) {
      return this.authPage({ error: this.reason(error) });
    }
  }

  /** Checks the state against this browser's cookie, then trades the code for an access token. */
  private async exchangeCode(strategy: GitHubStrategy, req: Request, res: Response): Promise<string> {
    const exchange = new Promise<string>((resolve, reject) => {
      const settle = (
        error: unknown,
        user?: { accessToken?: string } | false,
        info?: { message?: string },
      ) => {
        if (error) return reject(error);
        if (!user || !user.accessToken)
          return reject(new OAuthSignInError(info?.message ?? OAuthMessages.githubFailed));
        resolve(user.accessToken);
      };
      passport.authenticate(perRequest(strategy), { session: false }, settle)(req, res, settle);
    });
    try {
      // The token request has no timeout of its own; the user gets an answer either way.
      return await withTimeout(exchange, PROVIDER_TIMEOUT_MS, 'GitHub');
    } catch (error) {
      if (error instanceof TimeoutError) throw new OAuthSignInError(OAuthMessages.githubUnreachable);
      throw error;
    }
  }

  private async identity(accessToken: string): Promise<ProviderIdentity> {
    const user = await this.fetchJson<GitHubUser>(this.env.githubUserUrl, accessToken);
    const id = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : '';
    if (!id) throw new OAuthSignInError(OAuthMessages.githubFailed);
    const emails = await this.fetchJson<GitHubEmail[]>(this.env.githubEmailsUrl, accessToken);
    const primary = Array.isArray(emails) ? emails.find((e) => e.primary === true) : undefined;
    const verified = primary?.verified === true && typeof primary.email === 'string';
    const login = typeof user.login === 'string' ? user.login : null;
    return {
      provider: 'github',
      providerUserId: id,
      email: verified ? (primary.email as string) : null,
      emailVerified: verified,
      displayName: typeof user.name === 'string' && user.name.trim() ? user.name : login,
      usernameHint: login,
    };
  }

  private async fetchJson<T>(url: string, accessToken: string): Promise<T> {
    let response: globalThis.Response;
    try {
      response = await fetch(url, {
        headers: {
          Authorization: `Bearer ${accessToken}`,
          Accept: 'application/vnd.github+json',
          'User-Agent': 'Javelin',
        },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn(`GitHub ${url} unreachable: ${(error as Error).message}`);
      throw new OAuthSignInError(OAuthMessages.githubUnreachable);
    }
    if (!response.ok) {
      this.logger.warn(`GitHub ${url} answered ${response.status}`);
      throw new OAuthSignInError(OAuthMessages.githubFailed);
    }
    try {
      return (await response.json()) as T;
    } catch {
      throw new OAuthSignInError(OAuthMessages.githubFailed);
    }
  }

  /** A sentence for the /auth page; passport-oauth2's errors are told apart by name. */
  private reason(error: unknown): string {
    if (error instanceof HttpException) return messageOf(error);
    const name = (error as { name?: string })?.name;
    const status = (error as { oauthError?: { statusCode?: number } })?.oauthError?.statusCode;
    if (name === 'TokenError' || (name === 'InternalOAuthError' && status !== undefined && status < 500)) {
      return OAuthMessages.githubCodeRejected;
    }
    if (name === 'InternalOAuthError') return OAuthMessages.githubUnreachable;
    // GitHub answers a bad or reused code with 200 and an error body, which passport reports like this.
    if (error instanceof Error && error.message === 'Failed to obtain access token')
      return OAuthMessages.githubCodeRejected;
    this.logger.error(`GitHub sign-in failed: ${error instanceof Error ? error.stack : String(error)}`);
    return OAuthMessages.githubFailed;
  }

  private authPage(params: Record<string, string>): string {
    return `${this.env.publicUrl}/auth?${new URLSearchParams(params).toString()}`;
  }
}

/**
 * passport binds a request's success/fail/error callbacks onto the strategy object it is given; a shared instance
 * would let concurrent sign-ins answer each other's requests, so each request gets its own object.
 */
function perRequest(strategy: GitHubStrategy): GitHubStrategy {
  return Object.create(strategy) as GitHubStrategy;
}

function messageOf(error: HttpException): string {
  const body = error.getResponse();
  return typeof body === 'string' ? body : String((body as { message?: unknown }).message ?? error.message);
}
