import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ServerMessages } from '@javelin/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ENV, Env } from '../config/env';
import { jwtKey } from './jwt-key';
import { AuthUser, UsersService } from '../users/users.service';

/** What Javelin signs into a token: its user, its version of the user's tokens, when it was issued and until when it holds. */
export interface TokenClaims {
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

/**
 * Validates the bearer token — HS256, issued and expiring (a token without `iat` or `exp` is refused,
 * and none lives longer than JWT_EXPIRES_IN whatever its `exp` says) — then loads the user and roles
 * fresh in the one query that also checks the token's version, so a revoked session or role ends at once.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(ENV) env: Env,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: jwtKey(env) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      jsonWebTokenOptions: { maxAge: env.jwtLifetimeSeconds },
    });
  }

  async validate(payload: Record<string, unknown>): Promise<AuthUser> {
    if (!isTokenClaims(payload)) throw new UnauthorizedException(ServerMessages.unauthorized);
    const user = await this.users.authUser(payload.sub, payload.ver ?? 0);
    if (!user) throw new UnauthorizedException(ServerMessages.unauthorized);
    return user;
  }
}
