import { Controller, Get, HttpException, HttpStatus, Inject, OnApplicationShutdown } from '@nestjs/common';
import { ServerSentences } from '@javelin/contracts';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { withTimeout } from '../common/timeout';
import { ENV, Env } from '../config/env';
import { REDIS } from '../redis/redis.module';

const CHECK_TIMEOUT_MS = 1_500;

@Controller()
export class HealthController implements OnApplicationShutdown {
  /**
   * Its own connection, apart from the request pool: a pool drained by a burst of traffic is not
   * PostgreSQL being down, and must not take the instance out of service.
   */
  private readonly probe: Pool;

  constructor(
    @Inject(ENV) env: Env,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.probe = new Pool({
      connectionString: env.databaseUrl,
      max: 1,
      connectionTimeoutMillis: CHECK_TIMEOUT_MS,
    });
    this.probe.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.probe.end().catch(() => undefined);
  }

  /** Liveness: the process answers. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL and Redis both answer; otherwise 503 naming what is down. */
  @Get('health/ready')
  async ready() {
    const checks = await Promise.allSettled([
      withTimeout(this.probe.query('SELECT 1'), CHECK_TIMEOUT_MS, 'PostgreSQL'),
      withTimeout(this.redis.ping(), CHECK_TIMEOUT_MS, 'Redis'),
    ]);
    const [postgres, redis] = checks.map((c) =>
      c.status === 'fulfilled' ? 'up' : `down: ${(c.reason as Error).message}`,
    );
    const body = { status: postgres === 'up' && redis === 'up' ? 'ok' : 'unavailable', postgres, redis };
    if (body.status !== 'ok') {
      const down = [postgres !== 'up' && 'PostgreSQL', redis !== 'up' && 'Redis']
        .filter(Boolean)
        .join(' and ');
      throw new HttpException(
        { ...body, message: ServerSentences.notReady(down), error: ServerSentences.notReady(down) },
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    return body;
  }

  /** The server's clock, for the web's clock sync. */
  @Get('time')
  time() {
    return { utc_datetime: new Date().toISOString() };
  }
}
