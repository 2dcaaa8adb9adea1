import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDINGS_COALESCE_MS } from '../src/contests/standings.service';
import { redisChannel } from '../src/redis/redis.module';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { createContest, recordPassingJudgement, startNow, submitAndSolve } from './support/contests';
import { TEST_REDIS_URL } from './support/env';
import { createProblem } from './support/problems';

interface Entry {
  userId: string;
  score: number;
  problemsSolved: number;
}

/**
 * Issue 35: changes to a contest's standings are shown together, one refresh per window of
 * STANDINGS_COALESCE_MS instead of one per judgement and solve, and the board is still right for
 * whoever reads it after their change: after a burst, and after a change late in a window.
 */
describe('coalesced standings refreshes', () => {
  let t: TestApp;
  let admin: SeededUser;
  let problemA: string;
  let problemB: string;
  let subscriber: Redis;
  /** Announcements of a standings change on the installation's channel, by contest id. */
  const announced = new Map<string, number>();

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    problemA = (await createProblem(t, admin.token, { points: 30 }))._id;
    problemB = (await createProblem(t, admin.token, { points: 20 }))._id;
    subscriber = new Redis(TEST_REDIS_URL);
    subscriber.on('message', (_channel, message: string) => {
      const contestId = message.split(' ').at(-1)!;
      announced.set(contestId, (announced.get(contestId) ?? 0) + 1);
    });
    await subscriber.subscribe(redisChannel(t.env, 'contest-standings'));
  });
  afterAll(async () => {
    subscriber.disconnect();
    await t.close();
  });

  async function activeContest(users: SeededUser[]): Promise<string> {
    const contest = await createContest(t, admin.token, [problemA, problemB]);
    for (const u of users)
      await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(u.token)).expect(200);
    await startNow(t, contest._id);
    return contest._id;
  }

  async function board(contestId: string): Promise<Map<string, Entry>> {
    const res = await t.http.get(`/api/leaderboard/contests/${contestId}`).expect(200);
    return new Map((res.body as Entry[]).map((e) => [e.userId, e]));
  }

  it('shows every solve of a burst to the next reader, and announces the burst in fewer refreshes than solves', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => seedUser(t)));
    const contestId = await activeContest(users);
    const code = 'class Burst {}';
    for (const u of users) {
      await recordPassingJudgement(t, u, problemA, contestId, code);
      await recordPassingJudgement(t, u, problemB, contestId, code);
    }
    // The board is read (and cached) before the burst: a stale copy would still be served after it.
    expect([...(await board(contestId)).values()].filter((e) => e.score > 0)).toEqual([]);
    // Every user solves A, and the first half B too, all at once: 18 changes of the standings.
    const solves = [
      ...users.map((u) => [u, problemA] as const),
      ...users.slice(0, 6).map((u) => [u, problemB] as const),
    ];
    const answers = await Promise.all(solves.map(([u, p]) => submitAndSolve(t, u, p, contestId, code)));
    expect(answers.map((a) => a.status)).toEqual(solves.map(() => 200));

    // Read at once, inside the window of the burst's last solve: the reader waits for its refresh.
    const after = await board(contestId);
    expect(after.size).toBe(12);
    users.forEach((u, i) =>
      expect(after.get(u.id)).toMatchObject({ score: i < 6 ? 50 : 30, problemsSolved: i < 6 ? 2 : 1 }),
    );
    // The last window's refresh is announced when it ends.
    await new Promise((r) => setTimeout(r, STANDINGS_COALESCE_MS * 2 + 200));
    const announcements = announced.get(contestId) ?? 0;
    expect(announcements).toBeGreaterThanOrEqual(1);
    expect(announcements).toBeLessThan(solves.length);
    // Nothing more to apply: the board read later is the same.
    expect(await board(contestId)).toEqual(after);
  });

  it('shows a change made late in a window, right after it and once the window has passed', async () => {
    const [first, second] = [await seedUser(t), await seedUser(t)];
    const contestId = await activeContest([first, second]);
    const code = 'class Late {}';
    for (const u of [first, second]) await recordPassingJudgement(t, u, problemA, contestId, code);
    await board(contestId);
    // The first change of a quiet contest is applied at once and opens a window ...
    expect((await submitAndSolve(t, first, problemA, contestId, code)).status).toBe(200);
    expect((await board(contestId)).get(first.id)).toMatchObject({ score: 30 });
    // ... the next one, inside that window, waits for the window's end, and its reader with it.
    expect((await submitAndSolve(t, second, problemA, contestId, code)).status).toBe(200);
    const late = await board(contestId);
    expect(late.get(first.id)).toMatchObject({ score: 30 });
    expect(late.get(second.id)).toMatchObject({ score: 30 });
    await new Promise((r) => setTimeout(r, STANDINGS_COALESCE_MS * 2 + 200));
    expect(await board(contestId)).toEqual(late);
  });

  it('streams the standings after a burst to a live viewer, ending with every solve', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => seedUser(t)));
    const contestId = await activeContest(users);
    const code = 'class Live {}';
    for (const u of users) await recordPassingJudgement(t, u, problemB, contestId, code);
    await t.app.listen(0, '127.0.0.1');
    const url = `${await t.app.getUrl()}/api/contests/${contestId}/leaderboard/stream`.replace(
      '[::1]',
      '127.0.0.1',
    );
    const controller = new AbortController();
    const res = await fetch(url, { signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const lastBoard = () => {
      const blocks = text
        .split('\n\n')
        .slice(0, -1)
        .filter((b) => b.includes('event: leaderboard'));
      const data = blocks
        .at(-1)
        ?.split('\n')
        .find((l) => l.startsWith('data: '));
      return data ? (JSON.parse(data.slice(6)) as Entry[]) : [];
    };
    try {
      const answers = await Promise.all(users.map((u) => submitAndSolve(t, u, problemB, contestId, code)));
      expect(answers.map((a) => a.status)).toEqual(users.map(() => 200));
      const deadline = Date.now() + 20_000;
      const complete = () => lastBoard().length === users.length && lastBoard().every((e) => e.score === 20);
      while (!complete()) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, rej) =>
            setTimeout(() => rej(new Error('timed out')), deadline - Date.now()),
          ),
        ]);
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      expect(new Set(lastBoard().map((e) => e.userId))).toEqual(new Set(users.map((u) => u.id)));
      expect(lastBoard().every((e) => e.score === 20)).toBe(true);
    } finally {
      controller.abort();
    }
  });
});
