import { Body, Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ENV, Env } from '../config/env';
import { RateLimit, RateLimitGuard } from '../common/rate-limit.guard';
import type { AuthUser } from '../users/users.service';
import { AuthService } from './auth.service';
import { CreateSuperAdminDto, EmailDto, LoginDto, RegisterDto, ResetPasswordDto, TokenDto } from './dto';
import { Authenticated, CurrentUser } from './guards';

const LOGIN_LIMIT = { name: 'login', limit: 10, windowSeconds: 60, perEmail: true };

@Controller('auth')
@UseGuards(RateLimitGuard)
export class AuthController {
  constructor(
    private readonly auth: AuthService,
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
