import { ExecutionContext, HttpStatus, Inject, Injectable, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ServerMessages } from '@javelin/contracts';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import Redis from 'ioredis';
import { AuthService } from '../auth/auth.service';
import { ENV, Env } from '../config/env';
import { REDIS } from '../redis/redis.module';
import { isConnectionError } from '../common/connection-errors';
import { UsersService, type AuthUser } from '../users/users.service';
import { clicsError } from './clics-error';

/** How long a checked Basic credential is trusted without hashing it again (the ICPC tools poll often). */
const CHECKED_FOR_MS = 30_000;
/** The most checked credentials remembered. */
const CHECKED_MAX = 1_000;
export const BASIC_REALM = 'Basic realm="Javelin CLICS", charset="UTF-8"';

/**
 * The CLICS API's authentication, as the ICPC tools send it: HTTP Basic with an account's email and
 * password, or the usual bearer token; nothing means the public. Wrong credentials are a 401 with a
 * Basic challenge. A password check costs an argon2 hash, so a right one is remembered briefly by its
 * SHA-256 (never the password itself); the user and roles are still loaded fresh on every request,
 * through the same query as a bearer token, so a revoked session or role ends at once.
 */
@Injectable()
export class ClicsAuthGuard extends AuthGuard('jwt') {
  private readonly checked = new Map<string, { userId: string; tokenVersion: number; until: number }>();

  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) private readonly env: Env,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const header = request.headers.authorization;
    if (!header) return true;
    if (/^basic /i.test(header)) {
      const user = await this.basicUser(header.slice(6).trim(), request.ip);
      if (!user) {
        context.switchToHttp().getResponse<Response>().setHeader('WWW-Authenticate', BASIC_REALM);
        throw clicsError(HttpStatus.UNAUTHORIZED, ServerMessages.invalidCredentials);
      }
      request.user = user;
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error && isConnectionError(error)) throw error;
    if (error || !user) throw clicsError(HttpStatus.UNAUTHORIZED, ServerMessages.unauthorized);
    return user;
  }

  private async basicUser(encoded: string, address: string | undefined): Promise<AuthUser | null> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0 || decoded.length > 400) return null;
    const [email, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    const key = createHash('sha256').update(decoded).digest('hex');
    const now = Date.now();
    let known = this.checked.get(key);
    if (!known || known.until < now) {
      this.checked.delete(key);
      const counters = this.failureCounters(email, address);
      await this.refuseWhenOverLimit(counters);
      const account = await this.auth.userWithPassword(email, password);
      if (!account || !account.emailVerified) {
        await this.countFailure(counters);
        return null;
      }
      known = { userId: account.id, tokenVersion: account.tokenVersion, until: now + CHECKED_FOR_MS };
      if (this.checked.size >= CHECKED_MAX) this.checked.delete(this.checked.keys().next().value!);
      this.checked.set(key, known);
    }
    const user = await this.users.authUser(known.userId, known.tokenVersion);
    if (!user) this.checked.delete(key);
    return user;
  }

  /**
   * Wrong Basic passwords spend the sign-in's own budgets (the counters of POST /api/auth/login's
   * RATE_LIMIT_LOGIN_ACCOUNT and RATE_LIMIT_LOGIN_ADDRESS), so the CLICS API is no way around them.
   */
  private failureCounters(email: string, address: string | undefined): FailureCounter[] {
    if (this.env.rateLimitDisabled) return [];
    const { loginFailuresPerAccount: perAccount, loginFailuresPerAddress: perAddress } = this.env.rateLimits;
    return [
      { key: `rl:loginFailuresPerAccount:email:${email.trim().toLowerCase()}`, ...perAccount },
      ...(address ? [{ key: `rl:loginFailuresPerAddress:address:${address}`, ...perAddress }] : []),
    ];
  }

  private async refuseWhenOverLimit(counters: FailureCounter[]): Promise<void> {
    if (counters.length === 0) return;
    const counts = await this.redis.mget(...counters.map((c) => c.key)).catch(() => []);
    if (counters.some((c, i) => Number(counts[i] ?? 0) >= c.limit))
      throw clicsError(HttpStatus.TOO_MANY_REQUESTS, ServerMessages.tooManyRequests);
  }

  private async countFailure(counters: FailureCounter[]): Promise<void> {
    const multi = this.redis.multi();
    for (const c of counters) multi.incr(c.key).expire(c.key, c.windowSeconds, 'NX');
    await multi.exec().catch(() => undefined);
  }
}

/** A Redis counter of failed sign-ins and its window. */
interface FailureCounter {
  key: string;
  limit: number;
  windowSeconds: number;
}
/** The caller by HTTP Basic or bearer token when one is sent, else the public. */
export const ClicsAuth = () => UseGuards(ClicsAuthGuard);
