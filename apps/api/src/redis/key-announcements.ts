import type { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Env } from '../config/env';
import { RedisChannel } from './redis-channel';

/**
 * Keys (a contest id) one API instance announces to the others over a channel of the installation,
 * so each drops what it holds of them. An announcement carries its instance's id: the announcer has
 * already acted on its own, so it skips them when Redis brings them back.
 */
export class KeyAnnouncements {
  private readonly instance = randomUUID();
  private readonly channel: RedisChannel;

  constructor(redis: Redis, env: Env, channel: string, logger: Logger) {
    this.channel = new RedisChannel(redis, env, channel, logger);
  }

  /** Subscribes (OnModuleInit): `onAnnounced` gets every key another instance announces. */
  listen(onAnnounced: (key: string) => void): void {
    this.channel.listen((message) => {
      const [from, key] = message.includes(' ') ? message.split(' ') : ['', message];
      if (from !== this.instance && key) onAnnounced(key);
    });
  }

  announce(key: string): Promise<void> {
    return this.channel.publish(`${this.instance} ${key}`);
  }

  /** Closes the subscriber connection (OnModuleDestroy). */
  close(): void {
    this.channel.close();
  }
}
