import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { ENV, Env } from '../config/env';

export const REDIS = Symbol('REDIS');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}

/** One shared command connection for rate limits, caches and leaderboards. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [ENV],
      useFactory: (env: Env) =>
        new Redis(env.redisUrl, {
          // Fail commands fast while Redis is down instead of queueing them forever.
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          connectTimeout: 2_000,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
        }),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
