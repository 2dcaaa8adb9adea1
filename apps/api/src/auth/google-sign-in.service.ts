import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { createRemoteJWKSet, errors, JWTPayload, jwtVerify } from 'jose';
import { ENV, Env } from '../config/env';
import { AuthService } from './auth.service';
import { OAuthAccountsService, OAuthSignInError, PROVIDER_TIMEOUT_MS } from './oauth-accounts.service';
import { OAuthMessages } from '@javelin/contracts';

/** Google signs ID tokens with RS256 only; anything else is refused before the signature is checked. */
const GOOGLE_ALGORITHMS = ['RS256'];
/** Allowed difference between Google's clock and ours when checking exp, iat and nbf. */
const CLOCK_TOLERANCE_SECONDS = 30;

interface GoogleClaims extends JWTPayload {
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  picture?: unknown;
}

/**
 * Google sign-in: the web posts the ID token ("credential") Google Identity Services gave it. The token's
 * signature (against the issuer's JWKS), audience, issuer and expiry are checked, and only its claims are used.
 */
@Injectable()
export class GoogleSignInService {
  private readonly logger = new Logger('GoogleSignIn');
  // Fetched on first use and cached by jose, refetched when a token names a key id it has not seen.
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly accounts: OAuthAccountsService,
    private readonly auth: AuthService,
  ) {
    this.jwks = createRemoteJWKSet(new URL(env.googleJwksUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS });
  }

  async signIn(idToken: string): Promise<{ success: true; token: string }> {
    const audience = this.env.googleClientId;
    if (!audience)
      throw new OAuthSignInError(OAuthMessages.googleNotConfigured, HttpStatus.SERVICE_UNAVAILABLE);
    const claims = await this.verify(idToken, audience);
    if (typeof claims.sub !== 'string' || !claims.sub)
      throw new OAuthSignInError(OAuthMessages.googleTokenInvalid);
    const userId = await this.accounts.signIn({
      provider: 'google',
      providerUserId: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      // Older Google tokens carry the flag as the string "true".
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      displayName: typeof claims.name === 'string' ? claims.name : null,
      usernameHint: typeof claims.name === 'string' ? claims.name : null,
    });
    return { success: true, token: await this.auth.signToken(userId) };
  }

  private async verify(idToken: string, audience: string): Promise<GoogleClaims> {
    try {
      const { payload } = await jwtVerify<GoogleClaims>(idToken, this.jwks, {
        audience,
        issuer: this.env.googleIssuers,
        algorithms: GOOGLE_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    } catch (error) {
      throw this.refusal(error);
    }
  }

  private refusal(error: unknown): OAuthSignInError {
    if (error instanceof errors.JWTExpired) return new OAuthSignInError(OAuthMessages.googleTokenExpired);
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'aud') return new OAuthSignInError(OAuthMessages.googleWrongAudience);
      if (error.claim === 'iss') return new OAuthSignInError(OAuthMessages.googleWrongIssuer);
      return new OAuthSignInError(OAuthMessages.googleTokenInvalid);
    }
    if (
      error instanceof errors.JOSEError &&
      !(error instanceof errors.JWKSTimeout) &&
      !isJwksFetchFailure(error)
    ) {
      // Bad signature, unknown key id, malformed token, disallowed algorithm: all the caller's token.
      return new OAuthSignInError(OAuthMessages.googleTokenInvalid);
    }
    this.logger.warn(`Google keys unavailable: ${(error as Error).message}`);
    return new OAuthSignInError(OAuthMessages.googleUnreachable, HttpStatus.SERVICE_UNAVAILABLE);
  }
}

/** jose reports a JWKS answer that is not a key set (an HTTP error page, bad JSON) as JOSEError itself. */
function isJwksFetchFailure(error: errors.JOSEError): boolean {
  return error.constructor === errors.JOSEError || error instanceof errors.JWKSInvalid;
}
