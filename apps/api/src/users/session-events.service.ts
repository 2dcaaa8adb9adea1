import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { EventEmitter } from 'node:events';
import { ENV, Env } from '../config/env';
import { waitForRedis } from '../redis/connections';
import { REDIS, redisChannel } from '../redis/redis.module';

const CHANNEL = 'session-changes';

/**
 * Tells every API instance that a user's sessions changed: their tokens were revoked (a logout, a
 * password reset, a role removal) or their roles changed. Whatever an instance holds open for that
 * user on the strength of an earlier check — a live stream — closes, and a reconnect is checked anew.
 */
@Injectable()
export class SessionEvents implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SessionEvents');
  private readonly local = new EventEmitter();
  private readonly channel: string;
  private subscriber?: Redis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) env: Env,
  ) {
    this.local.setMaxListeners(0);
    this.channel = redisChannel(env, CHANNEL);
  }

  onModuleInit(): void {
    this.subscriber = this.redis.duplicate(waitForRedis);
    this.subscriber.on('error', (e) => this.logger.warn(`subscriber: ${e.message}`));
    this.subscriber.on('message', (_channel, userId: string) => this.local.emit(userId));
    void this.subscriber
      .subscribe(this.channel)
      .catch((e: Error) => this.logger.warn(`subscribe failed: ${e.message}`));
  }

  onModuleDestroy(): void {
    this.subscriber?.disconnect();
  }

  /** Announces, after the change has committed, that these users' sessions changed. */
  async changed(...userIds: string[]): Promise<void> {
    for (const userId of new Set(userIds)) {
      // Closed here at once, even if Redis is down; other instances hear it through the channel.
      this.local.emit(userId);
      await this.redis
        .publish(this.channel, userId)
        .catch((e: Error) => this.logger.warn(`publish failed: ${e.message}`));
    }
  }

  /** Calls `listener` when the user's sessions change; returns the unsubscribe. */
  onChange(userId: string, listener: () => void): () => void {
    this.local.on(userId, listener);
    return () => this.local.off(userId, listener);
  }
}
