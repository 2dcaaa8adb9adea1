import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ServerMessages } from '@javelin/contracts';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ENV, Env } from '../config/env';
import { jwtKey } from './jwt-key';
import { AuthUser, UsersService } from '../users/users.service';

/** What Javelin signs into a token: its user, its version of the user's tokens, when it was issued and until when it holds. */
interface TokenClaims {
  sub: string;
  /** The user's token version at signing; absent in tokens signed before versions existed, which count as 0. */
  ver?: number;
  iat: number;
  exp: number;
}

function isTokenClaims(payload: Record<string, unknown>): payload is Record<string, unknown> & TokenClaims {
  return (
    typeof payload.sub === 'string' &&
    Number.isInteger(payload.iat) &&
    Number.isInteger(payload.exp) &&
    (payload.ver === undefined || (Number.isInteger(payload.ver) && (payload.ver as number) >= 0))
  );
}

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();
/** Verified tokens kept at most (the map is emptied when full: they are verified again). */
const VERIFIED_TOKENS_MAX = 20_000;

/**
 * Validates the bearer token — HS256, issued and expiring (a token without `iat` or `exp` is refused,
 * and none lives longer than JWT_EXPIRES_IN whatever its `exp` says) — then loads the user and roles
 * (UsersRepository.authUser, whose cache hears every change) with the check of the token's version, so a
 * revoked session or role ends at once. A token whose signature and times were verified once is not
 * verified again until it expires (issue 35: each contestant sends the same token many times); its
 * user and version are still checked on every request.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  /** Token -> its verified claims and until when (epoch ms) jsonwebtoken would still accept it. */
  private readonly verified = new Map<string, { claims: Readonly<Record<string, unknown>>; until: number }>();
  private readonly maxAgeSeconds: number;

  constructor(
    @Inject(ENV) env: Env,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: bearerToken,
      passReqToCallback: true,
      secretOrKey: jwtKey(env) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      jsonWebTokenOptions: { maxAge: env.jwtLifetimeSeconds },
    });
    this.maxAgeSeconds = env.jwtLifetimeSeconds;
  }

  /** jsonwebtoken refuses a token from its `exp`, and from `iat` + maxAge: it is reused until the earlier. */
  private remember(token: string, claims: TokenClaims): void {
    if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.clear();
    const until = Math.min(claims.exp, claims.iat + this.maxAgeSeconds) * 1000;
    this.verified.set(token, { claims: Object.freeze({ ...claims }), until });
  }

  /** A token verified before and still within its times goes straight to validate; any other to passport-jwt. */
  override authenticate(req: Request, options?: object): void {
    const token = bearerToken(req);
    const hit = token ? this.verified.get(token) : undefined;
    if (!hit || Date.now() >= hit.until) {
      if (hit) this.verified.delete(token!);
      super.authenticate(req, options);
      return;
    }
    // As passport-jwt hands a verified token's claims on: an error is an error, no user a failure.
    this.validate(req, hit.claims).then(
      (user) => this.success(user),
      (error: Error) => this.error(error),
    );
  }

  async validate(req: Request, payload: Record<string, unknown>): Promise<AuthUser> {
    if (!isTokenClaims(payload)) throw new UnauthorizedException(ServerMessages.unauthorized);
    const token = bearerToken(req);
    if (token && !this.verified.has(token)) this.remember(token, payload);
    const user = await this.users.authUser(payload.sub, payload.ver ?? 0);
    if (!user) throw new UnauthorizedException(ServerMessages.unauthorized);
    return user;
  }
}
