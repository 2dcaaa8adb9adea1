import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../src/database/data-source';
import { migrate } from '../src/database/migrate';
import { RunningApi, startApiProcess } from './support/api-process';
import { resetDatabase, seedUser, startApp, TestApp } from './support/app';
import { createContest } from './support/contests';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './support/env';
import { createProblem } from './support/problems';

const CONTESTS_EACH = 3;

/**
 * Two installations on one Redis, each with its own database and REDIS_PREFIX: neither takes the
 * other's scheduled contest ends (a job taken by the wrong instance would finalise nothing, since
 * the contest is not in its database, and the contest would stay unrated).
 */
describe('one Redis, two namespaces', () => {
  const run = randomBytes(3).toString('hex');
  const secondUrl = `${TEST_DATABASE_URL}_ns${run}`;
  let first: TestApp;
  let secondApi: RunningApi;
  let secondDb: DataSource;
  let second: TestApp;

  beforeAll(async () => {
    await migrate(secondUrl, () => undefined);
    first = await startApp({ REDIS_PREFIX: `ns-a-${run}` });
    await resetDatabase(first.db);
    secondApi = await startApiProcess({ DATABASE_URL: secondUrl, REDIS_PREFIX: `ns-b-${run}` });
    secondDb = createDataSource(secondUrl);
    await secondDb.initialize();
    // The helpers need only a database and an HTTP client; here they reach the second process.
    second = { ...first, db: secondDb, http: request(secondApi.url) };
  });

  afterAll(async () => {
    secondApi?.process.kill('SIGTERM');
    await secondApi?.exited;
    await secondDb?.destroy();
    await first?.close();
    const url = new URL(secondUrl);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  async function contestsEndingSoon(t: TestApp): Promise<string[]> {
    const admin = await seedUser(t, ['admin']);
    const problem = await createProblem(t, admin.token);
    const ids: string[] = [];
    for (let i = 0; i < CONTESTS_EACH; i++) {
      const contest = await createContest(t, admin.token, [problem._id], {
        startTime: new Date(Date.now() - 60_000).toISOString(),
        endTime: new Date(Date.now() + 2_000).toISOString(),
      });
      ids.push(contest._id);
    }
    return ids;
  }

  async function unfinalised(db: DataSource, ids: string[]): Promise<number> {
    const [{ count }] = await db.query(
      `SELECT count(*)::int AS count FROM contests WHERE id = ANY($1) AND finalized_at IS NULL`,
      [ids],
    );
    return count;
  }

  it('each instance finalises its own contests through its own scheduled jobs', async () => {
    const [mine, theirs] = [await contestsEndingSoon(first), await contestsEndingSoon(second)];
    const deadline = Date.now() + 20_000;
    while (
      Date.now() < deadline &&
      (await unfinalised(first.db, mine)) + (await unfinalised(secondDb, theirs)) > 0
    ) {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await unfinalised(first.db, mine)).toBe(0);
    expect(await unfinalised(secondDb, theirs)).toBe(0);
  });

  it('announces contest changes, standings and contest events on channels of its own namespace', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const channels = async (ns: string) => ((await redis.pubsub('CHANNELS', `${ns}:*`)) as string[]).sort();
    try {
      for (const ns of [`ns-a-${run}`, `ns-b-${run}`])
        expect(await channels(ns)).toEqual([
          `${ns}:contest-changed`,
          `${ns}:contest-events`,
          `${ns}:contest-standings`,
          `${ns}:session-changes`,
        ]);
    } finally {
      redis.disconnect();
    }
  });
});
