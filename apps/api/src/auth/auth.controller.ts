import { Controller, Get, HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ENV, Env } from '../config/env';
import {
  createSuperAdminSchema,
  registerSchema,
  resetPasswordSchema,
  loginSchema,
  emailSchema,
  tokenSchema,
  googleLoginSchema,
} from '@javelin/contracts';
import { RateLimit, RateLimitRule } from '../common/rate-limit';
import { ZodBody } from '../common/zod';
import type { AuthUser } from '../users/users.service';
import { AuthService } from './auth.service';
import {
  type CreateSuperAdminDto,
  EmailDto,
  GoogleLoginDto,
  LoginDto,
  type RegisterDto,
  ResetPasswordDto,
  TokenDto,
} from './dto';
import { GitHubSignInService } from './github-sign-in.service';
import { GoogleSignInService } from './google-sign-in.service';
import { Authenticated, CurrentUser } from './guards';

/**
 * Only wrong passwords count, per account (brute force of one account, from however many addresses)
 * and per address (guessing across accounts); a lab of students signing in from one address is never refused.
 */
const LOGIN_FAILURES: RateLimitRule[] = [
  { setting: 'loginFailuresPerAccount', per: 'email', failures: [HttpStatus.UNAUTHORIZED] },
  { setting: 'loginFailuresPerAddress', per: 'address', failures: [HttpStatus.UNAUTHORIZED] },
];
/** Mail sent on request: a budget per address and a smaller one per account. */
const MAIL_BY_EMAIL: RateLimitRule[] = [
  { setting: 'mailPerAddress', per: 'address' },
  { setting: 'mailPerAccount', per: 'email' },
];
const EMAIL_TOKENS: RateLimitRule = { setting: 'emailTokensPerAddress', per: 'address' };

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly google: GoogleSignInService,
    private readonly github: GitHubSignInService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Post('register')
  @RateLimit({ setting: 'signUpPerAddress', per: 'address' })
  register(@ZodBody(registerSchema) dto: RegisterDto) {
    return this.auth.register(dto);
  }

  @Post('login')
  @HttpCode(200)
  @RateLimit(...LOGIN_FAILURES)
  login(@ZodBody(loginSchema) dto: LoginDto) {
    return this.auth.login(dto);
  }

  @Post('manual-login')
  @HttpCode(200)
  @RateLimit(...LOGIN_FAILURES)
  manualLogin(@ZodBody(loginSchema) dto: LoginDto) {
    return this.auth.login(dto);
  }

  @Get('me')
  @Authenticated()
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  /** Ends every session of the caller (every token signed for them so far), not only this one. */
  @Post('logout')
  @HttpCode(200)
  @Authenticated()
  logout(@CurrentUser() user: AuthUser) {
    return this.auth.logout(user);
  }

  @Post('forgot-password')
  @HttpCode(200)
  @RateLimit(...MAIL_BY_EMAIL)
  forgotPassword(@ZodBody(emailSchema) dto: EmailDto) {
    return this.auth.forgotPassword(dto.email);
  }

  @Post('send-password-reset')
  @HttpCode(200)
  @Authenticated()
  @RateLimit({ setting: 'mailPerAccount', per: 'user' })
  sendPasswordReset(@CurrentUser() user: AuthUser) {
    return this.auth.sendPasswordResetTo(user.id);
  }

  @Post('reset-password')
  @HttpCode(200)
  @RateLimit(EMAIL_TOKENS)
  resetPassword(@ZodBody(resetPasswordSchema) dto: ResetPasswordDto) {
    return this.auth.resetPassword(dto);
  }

  @Post('verify-email')
  @HttpCode(200)
  @RateLimit(EMAIL_TOKENS)
  verifyEmail(@ZodBody(tokenSchema) dto: TokenDto) {
    return this.auth.verifyEmail(dto.token);
  }

  @Post('resend-verification')
  @HttpCode(200)
  @RateLimit(...MAIL_BY_EMAIL)
  resendVerification(@ZodBody(emailSchema) dto: EmailDto) {
    return this.auth.resendVerification(dto.email);
  }

  @Post('create-super-admin')
  @RateLimit({ setting: 'createSuperAdminPerAddress', per: 'address' })
  createSuperAdmin(@ZodBody(createSuperAdminSchema) dto: CreateSuperAdminDto) {
    return this.auth.createSuperAdmin(dto);
  }

  /** Signs in with a Google ID token; only the token's verified claims are used, never `userInfo`. */
  @Post('google')
  @HttpCode(200)
  @RateLimit({ setting: 'googleSignInPerAddress', per: 'address' })
  googleLogin(@ZodBody(googleLoginSchema) dto: GoogleLoginDto) {
    return this.google.signIn(dto.accessToken);
  }

  /** Starts the GitHub redirect flow (a browser navigation, not an API call). */
  @Get('github')
  githubLogin(@Req() req: Request, @Res() res: Response) {
    this.github.start(req, res);
  }

  /** GitHub sends the browser back here; it leaves for the web's /auth page with a token or an error. */
  @Get('github/callback')
  async githubCallback(@Req() req: Request, @Res() res: Response) {
    res.redirect(await this.github.finish(req, res));
  }

  /** What the web needs to know at start to show the sign-in options. */
  @Get('config')
  config() {
    return {
      googleClientId: this.env.googleClientId ?? null,
      githubEnabled: !!(this.env.githubClientId && this.env.githubClientSecret),
      emailVerification: this.env.emailVerification,
    };
  }
}
