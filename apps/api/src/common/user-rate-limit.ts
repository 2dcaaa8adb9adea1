import { ExecutionContext, HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { REDIS } from '../redis/redis.module';

export interface UserRateRule {
  /** Names the counter: calls sharing a bucket share one budget. */
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** The 429's sentence, given the seconds until the window ends. */
  message: (retryAfterSeconds: number) => string;
  /** Extra fields sent along with the 429 body. */
  extra?: Record<string, unknown>;
}

/**
 * Per-user fixed windows in Redis, so every API instance counts together. Used by guards that run
 * after the JWT guard, which puts the user on the request. While Redis cannot count, calls pass:
 * refusing everyone would be worse than an uncounted minute.
 */
@Injectable()
export class UserRateLimiter {
  private readonly logger = new Logger('UserRateLimit');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Counts one call of the request's user; throws a 429 with Retry-After past the limit. */
  async check(context: ExecutionContext, rule: UserRateRule): Promise<true> {
    if (this.env.rateLimitDisabled) return true;
    const user = context.switchToHttp().getRequest<{ user?: { id: string } }>().user;
    if (!user) return true;
    const key = `rl:${rule.bucket}:user:${user.id}`;
    let count: number;
    let ttl: number;
    try {
      const replies = (await this.redis
        .multi()
        .incr(key)
        .expire(key, rule.windowSeconds, 'NX')
        .ttl(key)
        .exec()) as [Error | null, number][];
      count = replies[0][1];
      ttl = replies[2][1];
    } catch (error) {
      this.logger.warn(`${rule.bucket} rate limit skipped: ${(error as Error).message}`);
      return true;
    }
    if (count > rule.limit) {
      const retryAfter = ttl > 0 ? ttl : rule.windowSeconds;
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(retryAfter));
      throw new HttpException(
        { message: rule.message(retryAfter), retryAfter, ...rule.extra },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    return true;
  }
}
