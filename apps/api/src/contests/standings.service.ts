import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnModuleDestroy,
  OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContestLeaderboardEntry } from '@javelin/contracts';
import Redis from 'ioredis';
import { EventEmitter } from 'node:events';
import { DataSource, EntityManager } from 'typeorm';
import { ENV, Env } from '../config/env';
import { REDIS, redisChannel } from '../redis/redis.module';

const CHANNEL = 'contest-standings';
const CLOSING = Symbol('closing');
/** How long a computed top list is reused; bounds staleness across API instances. */
const CACHE_TTL_MS = 1_000;
/** The longest top list kept in memory per contest. */
const CACHED_ROWS = 1_000;
export const DEFAULT_LEADERBOARD_LIMIT = 100;

interface CachedStandings {
  at: number;
  /** A change happened after these rows were read; a refresh is on its way. */
  stale: boolean;
  /** Null when no such contest exists (cached too, so unknown ids cost no more than known ones). */
  rows: ContestLeaderboardEntry[] | null;
}

/**
 * Contest standings, maintained in `contest_scores` as solves commit (so reads never rescan
 * submissions), served from a short-lived cache, and announced to every API instance over Redis.
 */
@Injectable()
export class StandingsService implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('Standings');
  private readonly cache = new Map<string, CachedStandings>();
  private readonly inflight = new Map<
    string,
    { generation: number; rows: Promise<ContestLeaderboardEntry[] | null> }
  >();
  /** Bumped on every change, so a query that started before it is never cached as current. */
  private readonly generation = new Map<string, number>();
  private readonly changes = new EventEmitter();
  private subscriber?: Redis;
  private readonly channel: string;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) env: Env,
  ) {
    this.changes.setMaxListeners(0);
    this.channel = redisChannel(env, CHANNEL);
  }

  onModuleInit(): void {
    this.subscriber = this.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
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

  /** Runs inside the solve's transaction, so the standing and the solve commit together. */
  async recordContestSolve(
    m: EntityManager,
    userId: string,
    contestId: string,
    points: number,
    at: Date,
  ): Promise<void> {
    await m.query(
      `INSERT INTO contest_scores (contest_id, user_id, score, problems_solved, last_improved_at)
       VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT (contest_id, user_id) DO UPDATE SET
         score = contest_scores.score + EXCLUDED.score,
         problems_solved = contest_scores.problems_solved + 1,
         last_improved_at = CASE WHEN EXCLUDED.score > 0 THEN EXCLUDED.last_improved_at ELSE contest_scores.last_improved_at END`,
      [contestId, userId, points, at],
    );
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
    const cached = this.cache.get(contestId);
    let rows: ContestLeaderboardEntry[] | null;
    if (cached && !cached.stale) {
      if (Date.now() - cached.at >= CACHE_TTL_MS) void this.refresh(contestId).catch(() => undefined);
      rows = cached.rows;
    } else {
      rows = await this.refresh(contestId);
    }
    return this.page(contestId, rows, limit, offset);
  }

  private async page(
    contestId: string,
    rows: ContestLeaderboardEntry[] | null,
    limit: number,
    offset: number,
  ) {
    if (rows === null) return null;
    if (offset + limit > CACHED_ROWS) return this.query(contestId, limit, offset);
    return rows.slice(offset, offset + limit);
  }

  /** One query per contest and generation at a time, however many readers arrive together. */
  private refresh(contestId: string): Promise<ContestLeaderboardEntry[] | null> {
    const generation = this.generation.get(contestId) ?? 0;
    const running = this.inflight.get(contestId);
    if (running && running.generation === generation) return running.rows;
    const rows = this.topIfExists(contestId)
      .then((result) => {
        // A change that arrived meanwhile keeps the entry marked stale; its own refresh follows.
        const current = (this.generation.get(contestId) ?? 0) === generation;
        this.cache.set(contestId, { at: Date.now(), rows: result, stale: !current });
        return result;
      })
      .finally(() => {
        if (this.inflight.get(contestId)?.rows === rows) this.inflight.delete(contestId);
      });
    this.inflight.set(contestId, { generation, rows });
    return rows;
  }

  private async topIfExists(contestId: string): Promise<ContestLeaderboardEntry[] | null> {
    const [exists, rows] = await Promise.all([
      this.db.query(`SELECT 1 FROM contests WHERE id = $1`, [contestId]),
      this.query(contestId, CACHED_ROWS, 0),
    ]);
    return exists.length ? rows : null;
  }

  private async query(contestId: string, limit: number, offset: number): Promise<ContestLeaderboardEntry[]> {
    const rows: {
      user_id: string;
      username: string;
      full_name: string;
      score: number;
      problems_solved: number;
    }[] = await this.db.query(
      `SELECT s.user_id, u.username, u.full_name, s.score, s.problems_solved
           FROM contest_scores s JOIN users u ON u.id = s.user_id
          WHERE s.contest_id = $1
          ORDER BY s.score DESC, s.last_improved_at ASC, s.user_id ASC
          LIMIT $2 OFFSET $3`,
      [contestId, limit, offset],
    );
    return rows.map((r, i) => ({
      userId: r.user_id,
      username: r.username,
      fullName: r.full_name,
      score: r.score,
      problemsSolved: r.problems_solved,
      rank: offset + i + 1,
    }));
  }

  private invalidate(contestId: string): void {
    this.generation.set(contestId, (this.generation.get(contestId) ?? 0) + 1);
    const cached = this.cache.get(contestId);
    if (cached) cached.stale = true;
    this.changes.emit(contestId);
  }
}
