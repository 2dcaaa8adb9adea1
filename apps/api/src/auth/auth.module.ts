import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ENV, Env } from '../config/env';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AuthTokensRepository } from './auth-tokens.repository';
import { GitHubSignInService } from './github-sign-in.service';
import { GoogleSignInService } from './google-sign-in.service';
import { jwtKey } from './jwt-key';
import { JwtStrategy } from './jwt.strategy';
import { OAuthAccountsService } from './oauth-accounts.service';
import { OAuthIdentitiesRepository } from './oauth-identities.repository';
import { TokensService } from './tokens.service';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [ENV],
      useFactory: (env: Env) => ({
        secret: jwtKey(env) as unknown as string,
        signOptions: { algorithm: 'HS256', expiresIn: env.jwtLifetimeSeconds },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    TokensService,
    AuthTokensRepository,
    JwtStrategy,
    OAuthAccountsService,
    OAuthIdentitiesRepository,
    GoogleSignInService,
    GitHubSignInService,
  ],
  exports: [AuthService],
})
export class AuthModule {}
