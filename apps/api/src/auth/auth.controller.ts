import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ENV, Env } from '../config/env';
import { RateLimit, RateLimitGuard } from '../common/rate-limit.guard';
import type { AuthUser } from '../users/users.service';
import { AuthService } from './auth.service';
import {
  CreateSuperAdminDto,
  EmailDto,
  GoogleLoginDto,
  LoginDto,
  RegisterDto,
  ResetPasswordDto,
  TokenDto,
} from './dto';
import { GitHubSignInService } from './github-sign-in.service';
import { GoogleSignInService } from './google-sign-in.service';
import { Authenticated, CurrentUser } from './guards';

const LOGIN_LIMIT = { name: 'login', limit: 10, windowSeconds: 60, perEmail: true };

@Controller('auth')
@UseGuards(RateLimitGuard)
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly google: GoogleSignInService,
    private readonly github: GitHubSignInService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Post('register')
  @RateLimit({ name: 'register', limit: 10, windowSeconds: 600 })
  register(@Body() dto: RegisterDto) {
    return this.auth.register(dto);
  }

  @Post('login')
  @HttpCode(200)
  @RateLimit(LOGIN_LIMIT)
  login(@Body() dto: LoginDto) {
    return this.auth.login(dto);
  }

  @Post('manual-login')
  @HttpCode(200)
  @RateLimit(LOGIN_LIMIT)
  manualLogin(@Body() dto: LoginDto) {
    return this.auth.login(dto);
  }

  @Get('me')
  @Authenticated()
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  @Post('forgot-password')
  @HttpCode(200)
  @RateLimit({ name: 'forgot-password', limit: 5, windowSeconds: 600, perEmail: true })
  forgotPassword(@Body() dto: EmailDto) {
    return this.auth.forgotPassword(dto.email);
  }

  @Post('send-password-reset')
  @HttpCode(200)
  @Authenticated()
  @RateLimit({ name: 'forgot-password', limit: 5, windowSeconds: 600 })
  sendPasswordReset(@CurrentUser() user: AuthUser) {
    return this.auth.sendPasswordResetTo(user.id);
  }

  @Post('reset-password')
  @HttpCode(200)
  @RateLimit({ name: 'reset-password', limit: 20, windowSeconds: 600 })
  resetPassword(@Body() dto: ResetPasswordDto) {
    return this.auth.resetPassword(dto);
  }

  @Post('verify-email')
  @HttpCode(200)
  @RateLimit({ name: 'verify-email', limit: 20, windowSeconds: 600 })
  verifyEmail(@Body() dto: TokenDto) {
    return this.auth.verifyEmail(dto.token);
  }

  @Post('resend-verification')
  @HttpCode(200)
  @RateLimit({ name: 'resend-verification', limit: 5, windowSeconds: 600, perEmail: true })
  resendVerification(@Body() dto: EmailDto) {
    return this.auth.resendVerification(dto.email);
  }

  @Post('create-super-admin')
  @RateLimit({ name: 'create-super-admin', limit: 10, windowSeconds: 600 })
  createSuperAdmin(@Body() dto: CreateSuperAdminDto) {
    return this.auth.createSuperAdmin(dto);
  }

  /** Signs in with a Google ID token; only the token's verified claims are used, never `userInfo`. */
  @Post('google')
  @HttpCode(200)
  @RateLimit({ name: 'oauth-google', limit: 20, windowSeconds: 60 })
  googleLogin(@Body() dto: GoogleLoginDto) {
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
