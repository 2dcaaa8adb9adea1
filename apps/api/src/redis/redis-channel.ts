import type { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Env } from '../config/env';
import { waitForRedis } from './connections';
import { redisChannel } from './redis.module';

/**
 * One pub/sub channel of the installation (under REDIS_PREFIX) that every API instance listens to:
 * a subscriber connection of its own, opened and closed with its module. A publish that fails is
 * logged, never thrown: the caller has already told its own instance, and the others only hear late.
 */
export class RedisChannel {
  readonly name: string;
  private subscriber?: Redis;

  constructor(
    private readonly redis: Redis,
    env: Env,
    channel: string,
    private readonly logger: Logger,
  ) {
    this.name = redisChannel(env, channel);
  }

  /** Subscribes (OnModuleInit); every message of the channel goes to `onMessage`. */
  listen(onMessage: (message: string) => void): void {
    this.subscriber = this.redis.duplicate(waitForRedis);
    this.subscriber.on('error', (e) => this.logger.warn(`subscriber: ${e.message}`));
    this.subscriber.on('message', (_channel, message: string) => onMessage(message));
    void this.subscriber
      .subscribe(this.name)
      .catch((e: Error) => this.logger.warn(`subscribe failed: ${e.message}`));
  }

  /** Closes the subscriber connection (OnModuleDestroy). */
  close(): void {
    this.subscriber?.disconnect();
  }

  async publish(message: string): Promise<void> {
    await this.redis
      .publish(this.name, message)
      .catch((e: Error) => this.logger.warn(`publish failed: ${e.message}`));
  }
}
