import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { judgingRateLimitedMessage, ServerMessages } from '@javelin/contracts';
import type { Request, Response } from 'express';
import Redis from 'ioredis';
import { Observable, tap } from 'rxjs';
import { ENV, Env, RateLimitName, RateWindow } from '../config/env';
import { REDIS } from '../redis/redis.module';

export interface RateLimitRule {
  /** The setting that bounds it (config/env.ts); it also names the counter. */
  setting: RateLimitName;
  /** Whose budget: the client's address, the email in the body (one account), or the signed-in user. */
  per: 'address' | 'email' | 'user';
  /**
   * Count only answers with these statuses (failed sign-ins). Every attempt is counted while it runs,
   * so parallel guesses cannot slip past the limit; any other answer gives its count back.
   */
  failures?: number[];
  /** The 429's sentence given the seconds left in the window; without one, the catalogue's and the whole window. */
  message?: (window: RateWindow, retryAfterSeconds: number) => string;
  /** Extra fields of the 429 body. */
  extra?: Record<string, unknown>;
}

interface Counted {
  rule: RateLimitRule;
  key: string;
  window: RateWindow;
}

const RATE_LIMIT_RULES = 'rateLimitRules';
/** Longer is no email (validation refuses it), and must not become a Redis key. */
const MAX_EMAIL_LENGTH = 254;
/** A count given back only while its window lives: a key that expired meanwhile must not come back negative and eternal. */
const GIVE_BACK = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0`;

/** Limits a route (or every route of a controller) by fixed windows counted in Redis, shared by every API instance. */
export const RateLimit = (...rules: RateLimitRule[]) =>
  applyDecorators(SetMetadata(RATE_LIMIT_RULES, rules), UseInterceptors(RateLimitInterceptor));

/**
 * The per-user judging budget: runs, submits, custom runs and admins' reference runs all cost the
 * judge alike, so they count against one budget (a 429 with Retry-After past it).
 */
export const JudgingBudget = () =>
  RateLimit({
    setting: 'judgingPerUser',
    per: 'user',
    message: (window, retryAfter) =>
      judgingRateLimitedMessage(window.limit, window.windowSeconds, retryAfter),
  });

/**
 * Counts before the body is validated (an invalid request still spends budget) and after the guards
 * (the signed-in user is known). While Redis cannot count, requests pass: refusing everyone would be
 * worse than an uncounted minute.
 */
@Injectable()
class RateLimitInterceptor implements NestInterceptor {
  private readonly logger = new Logger('RateLimit');

  constructor(
    private readonly reflector: Reflector,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const rules = this.reflector.getAllAndOverride<RateLimitRule[] | undefined>(RATE_LIMIT_RULES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rules?.length || this.env.rateLimitDisabled) return next.handle();
    const request = context.switchToHttp().getRequest<Request & { user?: { id: string } }>();
    const counted = rules.flatMap((rule): Counted[] => {
      const subject = subjectOf(rule, request);
      return subject
        ? [
            {
              rule,
              key: `rl:${rule.setting}:${rule.per}:${subject}`,
              window: this.env.rateLimits[rule.setting],
            },
          ]
        : [];
    });
    let hits: { count: number; ttl: number }[];
    try {
      hits = await Promise.all(counted.map((c) => this.hit(c)));
    } catch (error) {
      this.logger.warn(`rate limit skipped: ${(error as Error).message}`);
      return next.handle();
    }
    const provisional = counted.filter((c) => c.rule.failures);
    const over = counted.findIndex((c, i) => hits[i].count > c.window.limit);
    if (over >= 0) {
      this.giveBack(provisional);
      throw this.refusal(context, counted[over], hits[over].ttl);
    }
    if (provisional.length === 0) return next.handle();
    const failures = new Set(provisional.flatMap((c) => c.rule.failures ?? []));
    return next.handle().pipe(
      tap({
        next: () => this.giveBack(provisional),
        error: (error: unknown) => {
          if (!(error instanceof HttpException && failures.has(error.getStatus())))
            this.giveBack(provisional);
        },
      }),
    );
  }

  private async hit({ key, window }: Counted): Promise<{ count: number; ttl: number }> {
    const replies = (await this.redis
      .multi()
      .incr(key)
      .expire(key, window.windowSeconds, 'NX')
      .ttl(key)
      .exec()) as [Error | null, number][];
    return { count: replies[0][1], ttl: replies[2][1] };
  }

  private giveBack(counted: Counted[]): void {
    for (const { key } of counted) {
      this.redis
        .eval(GIVE_BACK, 1, key)
        .catch((error: Error) => this.logger.warn(`rate limit refund skipped: ${error.message}`));
    }
  }

  private refusal(context: ExecutionContext, { rule, window }: Counted, ttl: number): HttpException {
    const retryAfter = rule.message && ttl > 0 ? ttl : window.windowSeconds;
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(retryAfter));
    if (!rule.message) return new HttpException(ServerMessages.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS);
    return new HttpException(
      { message: rule.message(window, retryAfter), retryAfter, ...rule.extra },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/** Who a rule counts; nothing when the request does not name it (validation answers that request). */
function subjectOf(rule: RateLimitRule, request: Request & { user?: { id: string } }): string | undefined {
  switch (rule.per) {
    case 'address':
      return request.ip;
    case 'email': {
      const email: unknown = request.body?.email;
      if (typeof email !== 'string') return undefined;
      const normalised = email.trim().toLowerCase();
      return normalised && normalised.length <= MAX_EMAIL_LENGTH ? normalised : undefined;
    }
    case 'user':
      return request.user?.id;
  }
}
