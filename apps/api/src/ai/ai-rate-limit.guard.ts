import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { UserRateLimiter } from '../common/user-rate-limit';
import { AI_CONFIG, AiConfig } from './ai.config';
import { aiRateLimitedMessage } from './ai.messages';

/**
 * Per-user fixed window for the AI calls (analyze and debug share one budget), in Redis so every
 * API instance counts together. Runs after the JWT guard, which puts the user on the request.
 */
@Injectable()
export class AiRateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: UserRateLimiter,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    const { rateLimit, rateWindowSeconds } = this.config;
    return this.limiter.check(context, {
      bucket: 'ai',
      limit: rateLimit,
      windowSeconds: rateWindowSeconds,
      message: (retryAfter) => aiRateLimitedMessage(rateLimit, rateWindowSeconds, retryAfter),
      extra: { success: false },
    });
  }
}
