import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { ExpiringCache } from '../common/expiring-cache';
import { ENV, Env } from '../config/env';
import { KeyAnnouncements } from '../redis/key-announcements';
import { REDIS } from '../redis/redis.module';
import type { Contest } from './contest.entity';
import { ContestProblemLink, ContestsRepository } from './contests.repository';

const CHANNEL = 'contest-changed';
/**
 * The longest a contest read by one request is reused by later ones (issue 35: every run, submit and
 * solve of a contest checks its times and the problem's points). A change made through this instance
 * shows at once; one made through another instance as soon as its announcement arrives over Redis, and
 * within this time at the latest (a lost announcement, or a change made straight in SQL).
 */
export const CONTEST_CACHE_MAX_AGE_MS = 1000;

/** A contest with its problems' places and points, as a moment ago. */
export interface CachedContest {
  contest: Contest;
  /** In contest order. */
  links: ContestProblemLink[];
  /** Points by problem id. */
  points: Map<string, number>;
}

/**
 * Contests as the judging path and the contest page read them, kept for a second at most. Every
 * write to a contest or its problems calls `changed`: this instance forgets it at once and the
 * others when Redis brings them the announcement.
 */
@Injectable()
export class ContestCache implements OnModuleInit, OnModuleDestroy {
  private readonly announcements: KeyAnnouncements;
  private readonly cache = new ExpiringCache<string, CachedContest | null>(CONTEST_CACHE_MAX_AGE_MS, (id) =>
    this.load(id),
  );

  constructor(
    private readonly repository: ContestsRepository,
    @Inject(REDIS) redis: Redis,
    @Inject(ENV) env: Env,
  ) {
    this.announcements = new KeyAnnouncements(redis, env, CHANNEL, new Logger('ContestCache'));
  }

  onModuleInit(): void {
    this.announcements.listen((contestId) => this.cache.forget(contestId));
  }

  onModuleDestroy(): void {
    this.announcements.close();
  }

  /** The contest as read less than CONTEST_CACHE_MAX_AGE_MS ago (or now), or null when there is none. */
  get(id: string): Promise<CachedContest | null> {
    return this.cache.get(id);
  }

  /** A contest was written (its times, freeze, problems, participants, or it is gone): forget it everywhere. */
  async changed(id: string): Promise<void> {
    this.cache.forget(id);
    await this.announcements.announce(id);
  }

  private async load(id: string): Promise<CachedContest | null> {
    const contest = await this.repository.findById(id);
    if (!contest) return null;
    const links = await this.repository.links([id]);
    return { contest, links, points: new Map(links.map((l) => [l.problemId, l.points])) };
  }
}
