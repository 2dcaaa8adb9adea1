import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnModuleDestroy,
  OnModuleInit,
} from '@nestjs/common';
import type { ContestLeaderboardEntry } from '@javelin/contracts';
import Redis from 'ioredis';
import { EventEmitter } from 'node:events';
import { StaleWhileRevalidate } from '../common/stale-while-revalidate';
import { ENV, Env } from '../config/env';
import { waitForRedis } from '../redis/connections';
import { REDIS, redisChannel } from '../redis/redis.module';
import { StandingsRepository } from './standings.repository';

const CHANNEL = 'contest-standings';
const CLOSING = Symbol('closing');
/** How long a computed top list is reused; bounds staleness across API instances. */
const CACHE_TTL_MS = 1_000;
/** The longest top list kept in memory per contest. */
const CACHED_ROWS = 1_000;
export const DEFAULT_LEADERBOARD_LIMIT = 100;

/**
 * Contest standings, maintained in `contest_scores` as solves commit (so reads never rescan
 * submissions), served from a short-lived cache, and announced to every API instance over Redis.
 */
@Injectable()
export class StandingsService implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('Standings');
  /** The top rows per contest, or null when no such contest exists (cached too, so unknown ids cost no more than known ones). */
  private readonly top = new StaleWhileRevalidate<string, ContestLeaderboardEntry[] | null>(
    CACHE_TTL_MS,
    (contestId) => this.topIfExists(contestId),
  );
  private readonly changes = new EventEmitter();
  private subscriber?: Redis;
  private readonly channel: string;

  constructor(
    private readonly repository: StandingsRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) env: Env,
  ) {
    this.changes.setMaxListeners(0);
    this.channel = redisChannel(env, CHANNEL);
  }

  onModuleInit(): void {
    this.subscriber = this.redis.duplicate(waitForRedis);
    this.subscriber.on('error', (e) => this.logger.warn(`subscriber: ${e.message}`));
    this.subscriber.on('message', (_channel, contestId: string) => this.invalidate(contestId));
    void this.subscriber
      .subscribe(this.channel)
      .catch((e: Error) => this.logger.warn(`subscribe failed: ${e.message}`));
  }

  onModuleDestroy(): void {
    this.subscriber?.disconnect();
  }

  /** Ends every live stream, so the HTTP server can finish its in-flight requests and close. */
  beforeApplicationShutdown(): void {
    this.changes.emit(CLOSING);
  }

  onClosing(listener: () => void): () => void {
    this.changes.once(CLOSING, listener);
    return () => this.changes.off(CLOSING, listener);
  }

  /** Runs after a change commits, to push the new standings to live viewers on every instance. */
  contestChanged(contestId: string): void {
    this.invalidate(contestId);
    this.redis
      .publish(this.channel, contestId)
      .catch((e: Error) => this.logger.warn(`publish failed: ${e.message}`));
  }

  /** Calls `listener` whenever the contest's standings change, on this or another instance; returns an unsubscribe. */
  onChange(contestId: string, listener: () => void): () => void {
    this.changes.on(contestId, listener);
    return () => this.changes.off(contestId, listener);
  }

  /** Standings best first: score, then the earlier last score-raising accept, then user id. */
  async standings(
    contestId: string,
    limit = DEFAULT_LEADERBOARD_LIMIT,
    offset = 0,
  ): Promise<ContestLeaderboardEntry[]> {
    return (await this.standingsIfExists(contestId, limit, offset)) ?? [];
  }

  /**
   * As `standings`, or null when the contest does not exist. After a change this instance saw,
   * readers wait for the refresh (they see their own accept). An entry that merely aged past the TTL
   * is served at once and refreshed in the background, so readers never queue behind that query.
   */
  async standingsIfExists(
    contestId: string,
    limit = DEFAULT_LEADERBOARD_LIMIT,
    offset = 0,
  ): Promise<ContestLeaderboardEntry[] | null> {
    const rows = await this.top.get(contestId);
    if (rows === null) return null;
    if (offset + limit > CACHED_ROWS) return this.repository.page(contestId, limit, offset);
    return rows.slice(offset, offset + limit);
  }

  private async topIfExists(contestId: string): Promise<ContestLeaderboardEntry[] | null> {
    const [exists, rows] = await Promise.all([
      this.repository.contestExists(contestId),
      this.repository.page(contestId, CACHED_ROWS, 0),
    ]);
    return exists ? rows : null;
  }

  private invalidate(contestId: string): void {
    this.top.invalidate(contestId);
    this.changes.emit(contestId);
  }
}
