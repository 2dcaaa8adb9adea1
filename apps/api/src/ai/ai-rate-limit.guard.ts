import { CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { REDIS } from '../redis/redis.module';
import type { AuthUser } from '../users/users.service';
import { AI_CONFIG, AiConfig } from './ai.config';
import { aiRateLimitedMessage } from './ai.messages';

/**
 * Per-user fixed window for the AI calls (analyze and debug share one budget), in Redis so every
 * API instance counts together. Runs after the JWT guard, which puts the user on the request.
 */
@Injectable()
export class AiRateLimitGuard implements CanActivate {
  private readonly logger = new Logger('AiRateLimit');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: Env,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.env.rateLimitDisabled) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user) return true;
    const key = `rl:ai:user:${user.id}`;
    let count: number;
    let ttl: number;
    try {
      const replies = (await this.redis.multi().incr(key).expire(key, this.config.rateWindowSeconds, 'NX').ttl(key).exec()) as [Error | null, number][];
      count = replies[0][1];
      ttl = replies[2][1];
    } catch (error) {
      // Counting failed: answering is better than refusing everyone while Redis is away.
      this.logger.warn(`AI rate limit skipped: ${(error as Error).message}`);
      return true;
    }
    if (count > this.config.rateLimit) {
      const retryAfter = ttl > 0 ? ttl : this.config.rateWindowSeconds;
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(retryAfter));
      const message = aiRateLimitedMessage(this.config.rateLimit, this.config.rateWindowSeconds, retryAfter);
      throw new HttpException({ message, success: false }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}
