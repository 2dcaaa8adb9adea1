import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { InstanceEvents } from '../redis/instance-events';
import { REDIS } from '../redis/redis.module';

const CHANNEL = 'session-changes';

/**
 * Tells every API instance that a user's sessions changed: their tokens were revoked (a logout, a
 * password reset, a role removal) or their roles changed. Whatever an instance holds open for that
 * user on the strength of an earlier check — a live stream — closes, and a reconnect is checked anew.
 */
@Injectable()
export class SessionEvents extends InstanceEvents {
  constructor(@Inject(REDIS) redis: Redis, @Inject(ENV) env: Env) {
    super(redis, env, CHANNEL, new Logger('SessionEvents'));
  }

  protected deliver(userId: string): void {
    this.local.emit(userId);
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
    return this.listen(userId, listener);
  }
}
