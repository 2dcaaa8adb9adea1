import { Controller, Get, HttpException, HttpStatus, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../redis/redis.module';

const CHECK_TIMEOUT_MS = 1_500;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer in time`)), CHECK_TIMEOUT_MS)),
  ]);
}

@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Liveness: the process answers. */
  @Get('health')
  health() {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL and Redis both answer; otherwise 503 naming what is down. */
  @Get('health/ready')
  async ready() {
    const checks = await Promise.allSettled([
      withTimeout(this.db.query('SELECT 1'), 'PostgreSQL'),
      withTimeout(this.redis.ping(), 'Redis'),
    ]);
    const [postgres, redis] = checks.map((c) => (c.status === 'fulfilled' ? 'up' : `down: ${(c.reason as Error).message}`));
    const body = { status: postgres === 'up' && redis === 'up' ? 'ok' : 'unavailable', postgres, redis };
    if (body.status !== 'ok') {
      const down = [postgres !== 'up' && 'PostgreSQL', redis !== 'up' && 'Redis'].filter(Boolean).join(' and ');
      throw new HttpException(
        { ...body, message: `Not ready: ${down} unavailable`, error: `Not ready: ${down} unavailable` },
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
