import type { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { EventEmitter } from 'node:events';
import type { Env } from '../config/env';
import { RedisChannel } from './redis-channel';

/**
 * Events every API instance hears: a Redis channel of the installation, delivered on each instance to
 * the listeners it holds per key (a user, a contest). A subclass says how a channel message becomes
 * local events (`deliver`) and what it publishes.
 */
export abstract class InstanceEvents implements OnModuleInit, OnModuleDestroy {
  protected readonly local = new EventEmitter();
  protected readonly channel: RedisChannel;

  protected constructor(
    redis: Redis,
    env: Env,
    channel: string,
    protected readonly logger: Logger,
  ) {
    this.local.setMaxListeners(0);
    this.channel = new RedisChannel(redis, env, channel, logger);
  }

  onModuleInit(): void {
    this.channel.listen((message) => this.deliver(message));
  }

  onModuleDestroy(): void {
    this.channel.close();
  }

  /** Turns one message of the channel into this instance's local events. */
  protected abstract deliver(message: string): void;

  /** Calls `listener` with every local event of `key`; returns the unsubscribe. */
  protected listen<Args extends unknown[]>(key: string, listener: (...args: Args) => void): () => void {
    const handler = listener as (...args: unknown[]) => void;
    this.local.on(key, handler);
    return () => this.local.off(key, handler);
  }
}
