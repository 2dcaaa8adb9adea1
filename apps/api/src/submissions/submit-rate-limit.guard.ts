import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { UserRateLimiter } from '../common/user-rate-limit';
import { ENV, Env } from '../config/env';

export function submitRateLimitedMessage(
  limit: number,
  windowSeconds: number,
  retryAfterSeconds: number,
): string {
  return `Too many code runs and submissions: at most ${limit} every ${windowSeconds} seconds. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
}

/** Per-user budget of judging requests (runs and submits together): SUBMIT_RATE_LIMIT per SUBMIT_RATE_WINDOW_SECONDS. */
@Injectable()
export class SubmitRateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: UserRateLimiter,
    @Inject(ENV) private readonly env: Env,
  ) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    const { submitRateLimit: limit, submitRateWindowSeconds: windowSeconds } = this.env;
    return this.limiter.check(context, {
      bucket: 'judge',
      limit,
      windowSeconds,
      message: (retryAfter) => submitRateLimitedMessage(limit, windowSeconds, retryAfter),
    });
  }
}
