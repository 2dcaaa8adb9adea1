import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ServerMessages } from '@javelin/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ENV, Env } from '../config/env';
import { jwtKey } from './jwt-key';
import { AuthUser, UsersService } from '../users/users.service';

/** Validates the bearer token, then loads the user and roles fresh, so a revoked role takes effect at once. */
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
    });
  }

  async validate(payload: { sub?: unknown }): Promise<AuthUser> {
    if (typeof payload.sub !== 'string') throw new UnauthorizedException(ServerMessages.unauthorized);
    const user = await this.users.authUser(payload.sub);
    if (!user) throw new UnauthorizedException(ServerMessages.unauthorized);
    return user;
  }
}
