import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ServerMessages } from '@javelin/contracts';
import { createSecretKey } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ENV, Env } from '../config/env';
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
      // A KeyObject, made once: given the string, jsonwebtoken first tries to read it as a PEM public
      // key on every request and throws (~0.5 ms of each signed-in request). passport-jwt hands it to
      // jsonwebtoken as is; its typings predate KeyObject.
      secretOrKey: createSecretKey(Buffer.from(env.jwtSecret)) as unknown as Buffer,
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
