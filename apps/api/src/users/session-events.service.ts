import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { EventEmitter } from 'node:events';
import { ENV, Env } from '../config/env';
import { RedisChannel } from '../redis/redis-channel';
import { REDIS } from '../redis/redis.module';

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
  private readonly channel: RedisChannel;

  constructor(@Inject(REDIS) redis: Redis, @Inject(ENV) env: Env) {
    this.local.setMaxListeners(0);
    this.channel = new RedisChannel(redis, env, CHANNEL, this.logger);
  }

  onModuleInit(): void {
    this.channel.listen((userId) => this.local.emit(userId));
  }

  onModuleDestroy(): void {
    this.channel.close();
  }

  /** Announces, after the change has committed, that these users' sessions changed. */
  async changed(...userIds: string[]): Promise<void> {
    for (const userId of new Set(userIds)) {
      // Closed here at once, even if Redis is down; other instances hear it through the channel.
      this.local.emit(userId);
      await this.channel.publish(userId);
    }
  }

  /** Calls `listener` when the user's sessions change; returns the unsubscribe. */
  onChange(userId: string, listener: () => void): () => void {
    this.local.on(userId, listener);
    return () => this.local.off(userId, listener);
  }
}
