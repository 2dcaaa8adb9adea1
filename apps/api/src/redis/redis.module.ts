import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { failFast } from './connections';

export const REDIS = Symbol('REDIS');

/** A pub/sub channel of this installation: ioredis' keyPrefix covers keys, never channel names. */
export function redisChannel(env: Env, name: string): string {
  return `${env.redisPrefix}:${name}`;
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}

/** One shared command connection for rate limits, caches and leaderboards; every key it names lives under REDIS_PREFIX. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [ENV],
      useFactory: (env: Env) => {
        const redis = new Redis(env.redisUrl, {
          ...failFast,
          keyPrefix: `${env.redisPrefix}:`,
        });
        const logger = new Logger('Redis');
        let lastLogged = 0;
        redis.on('error', (error: Error) => {
          // Reconnection is automatic; say so once in a while rather than on every attempt.
          if (Date.now() - lastLogged > 10_000) {
            lastLogged = Date.now();
            logger.warn(`${error.message} (reconnecting)`);
          }
        });
        return redis;
      },
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
