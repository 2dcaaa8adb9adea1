import {
  CanActivate,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ServerMessages } from '@javelin/contracts';
import type { Request, Response } from 'express';
import Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { REDIS } from '../redis/redis.module';

export interface RateLimitRule {
  /** Names the counter; the client's address (and the email in the body, when given) completes the key. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** Also count per email in the body, so one account cannot be brute-forced from many addresses. */
  perEmail?: boolean;
}

const RATE_LIMIT = 'rateLimit';
export const RateLimit = (rule: RateLimitRule) => SetMetadata(RATE_LIMIT, rule);

/** Fixed-window counters in Redis, shared by every API instance. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger('RateLimit');

  constructor(
    private readonly reflector: Reflector,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT, context.getHandler());
    if (!rule || this.env.rateLimitDisabled) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const keys = [`rl:${rule.name}:ip:${request.ip}`];
    const email = typeof request.body?.email === 'string' ? request.body.email.trim().toLowerCase() : '';
    if (rule.perEmail && email) keys.push(`rl:${rule.name}:email:${email}`);
    let counts: number[];
    try {
      counts = await Promise.all(keys.map((key) => this.hit(key, rule.windowSeconds)));
    } catch (error) {
      // A limiter that cannot count must not lock everyone out of signing in.
      this.logger.warn(`rate limit skipped: ${(error as Error).message}`);
      return true;
    }
    if (counts.some((count) => count > rule.limit)) {
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(rule.windowSeconds));
      throw new HttpException(ServerMessages.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }

  private async hit(key: string, windowSeconds: number): Promise<number> {
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [
      [Error | null, number],
    ];
    return count;
  }
}
