import type { RedisOptions } from 'ioredis';
import type { Env } from '../config/env';

const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnects forever, at most every two seconds. */
const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2_000);

/**
 * The two ways this API talks to Redis. A request's command fails fast while Redis is down (the
 * caller answers 503 instead of hanging); a listener (a BullMQ worker, queue events, a subscriber)
 * waits for Redis to come back.
 */
export const failFast: RedisOptions = {
  connectTimeout: CONNECT_TIMEOUT_MS,
  retryStrategy,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
};
export const waitForRedis: RedisOptions = {
  connectTimeout: CONNECT_TIMEOUT_MS,
  retryStrategy,
  maxRetriesPerRequest: null,
  enableOfflineQueue: true,
};

/** A BullMQ connection of this installation under one of the policies above. */
export function bullConnection(env: Env, policy: RedisOptions): RedisOptions & { url: string } {
  return { url: env.redisUrl, ...policy };
}
