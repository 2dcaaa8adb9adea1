import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { sha256 } from '../common/hash';
import { REDIS } from '../redis/redis.module';
import { AI_CONFIG, AiConfig } from './ai.config';

/** Answers kept in Redis by a hash of everything that shaped them; a cache that fails is skipped. */
@Injectable()
export class AiCache {
  private readonly logger = new Logger('AiCache');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  static keyOf(parts: unknown): string {
    return `ai:answer:${sha256(JSON.stringify(parts))}`;
  }

  async get(key: string): Promise<string | null> {
    try {
      return await this.redis.get(key);
    } catch (error) {
      this.logger.warn(`AI cache read skipped: ${(error as Error).message}`);
      return null;
    }
  }

  async set(key: string, answer: string): Promise<void> {
    try {
      await this.redis.set(key, answer, 'EX', this.config.cacheTtlSeconds);
    } catch (error) {
      this.logger.warn(`AI cache write skipped: ${(error as Error).message}`);
    }
  }
}
