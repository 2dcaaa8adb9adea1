import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { createContest, startNow } from './support/contests';
import { createProblem } from './support/problems';
import { OpenStream, openContestStream, StreamEvent } from './support/sse';

const isEvent = (name: string, match: (data: Record<string, unknown>) => boolean) => (e: StreamEvent) =>
  e.event === name && match(e.data as Record<string, unknown>);

describe('announcements and clarifications', () => {
  let t: TestApp;
  let admin: SeededUser;
  let problem: string;
  let otherProblem: string;

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    problem = (await createProblem(t, admin.token, { title: 'Clarified sum' }))._id;
    otherProblem = (await createProblem(t, admin.token))._id;
  });
  afterAll(() => t.close());

  /** An active contest with `count` joined participants. */
  async function activeContest(count: number) {
    const contest = await createContest(t, admin.token, [problem]);
    const users: SeededUser[] = [];
    for (let i = 0; i < count; i++) {
      const user = await seedUser(t);
      await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(user.token)).expect(200);
      users.push(user);
    }
    await startNow(t, contest._id);
    return { contestId: contest._id, users };
  }

  describe('announcements', () => {
    it('reaches every open contest page within a second, signed in or not, and stays listed', async () => {
      const { contestId, users } = await activeContest(1);
      const streams = await Promise.all([
        openContestStream(t, contestId),
        openContestStream(t, contestId, users[0].token),
        openContestStream(t, contestId, admin.token),
      ]);
      try {
        const sentAt = Date.now();
        const posted = await t.http
          .post(`/api/contests/${contestId}/announcements`)
          .set(bearer(admin.token))
          .send({ text: '  Problem A: n may be 0.  ' })
          .expect(201);
        expect(posted.body).toMatchObject({ contestId, text: 'Problem A: n may be 0.' });
        for (const stream of streams) {
          const event = await stream.next(isEvent('announcement', (d) => d.id === posted.body.id), 1_000);
          expect(event.data).toEqual(posted.body);
        }
        expect(Date.now() - sentAt).toBeLessThan(1_000);
        await t.http.post(`/api/contests/${contestId}/announcements`).set(bearer(admin.token)).send({ text: 'Second' }).expect(201);
        const list = await t.http.get(`/api/contests/${contestId}/announcements`).expect(200);
        expect(list.body.map((a: { text: string }) => a.text)).toEqual(['Second', 'Problem A: n may be 0.']);
      } finally {
        streams.forEach((s) => s.close());
      }
    });

    it('lets only admins announce, and validates the text', async () => {
      const { contestId, users } = await activeContest(1);
      const url = `/api/contests/${contestId}/announcements`;
      await t.http.post(url).send({ text: 'x' }).expect(401);
      const plain = await t.http.post(url).set(bearer(users[0].token)).send({ text: 'x' });
      expect(plain.status).toBe(403);
      expect(plain.body.error).toBe('You need admin privileges to access this page.');
      for (const [body, message] of [
        [{}, 'text is required'],
        [{ text: '   ' }, 'text is required'],
        [{ text: 42 }, 'text is required'],
        [{ text: 'x'.repeat(2_001) }, 'text must be at most 2000 characters'],
        [{ text: 'ok', extra: 1 }, 'property extra should not exist'],
      ] as const) {
        const res = await t.http.post(url).set(bearer(admin.token)).send(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error).toBe(message);
      }
      const missing = await t.http
        .post('/api/contests/00000000-0000-4000-8000-000000000000/announcements')
        .set(bearer(admin.token))
        .send({ text: 'x' });
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('Contest not found');
      expect((await t.http.get(url).expect(200)).body).toEqual([]);
    });
  });

  describe('clarifications', () => {
    it('sends a private answer only to the asker’s stream, and a public one to every stream', async () => {
      const { contestId, users } = await activeContest(2);
      const [asker, other] = users;
      const streams: Record<string, OpenStream> = {
        asker: await openContestStream(t, contestId, asker.token),
        askerSecondTab: await openContestStream(t, contestId, asker.token),
        other: await openContestStream(t, contestId, other.token),
        anonymous: await openContestStream(t, contestId),
        admin: await openContestStream(t, contestId, admin.token),
      };
      try {
        const asked = await t.http
          .post(`/api/contests/${contestId}/clarifications`)
          .set(bearer(asker.token))
          .send({ problemId: problem, question: 'May n be 0?' })
          .expect(201);
        expect(asked.body).toMatchObject({
          contestId,
          problemId: problem,
          problemTitle: 'Clarified sum',
          question: 'May n be 0?',
          askedBy: asker.username,
          answer: null,
          public: false,
        });
        const id = asked.body.id as string;
        // Admins see the open question live, and so do the asker's own pages.
        for (const name of ['admin', 'asker', 'askerSecondTab'])
          await streams[name].next(isEvent('clarification', (d) => d.id === id && d.answer === null));

        const secret = 'Yes, n may be 0 (private)';
        await t.http
          .post(`/api/contests/${contestId}/clarifications/${id}/answer`)
          .set(bearer(admin.token))
          .send({ answer: secret, public: false })
          .expect(200);
        for (const name of ['asker', 'askerSecondTab', 'admin'])
          await streams[name].next(isEvent('clarification', (d) => d.id === id && d.answer === secret));

        // A public marker after the private answer: once every stream has it, the private one would have arrived too.
        const marker = await t.http
          .post(`/api/contests/${contestId}/announcements`)
          .set(bearer(admin.token))
          .send({ text: 'marker' })
          .expect(201);
        for (const stream of Object.values(streams))
          await stream.next(isEvent('announcement', (d) => d.id === marker.body.id));
        for (const name of ['other', 'anonymous']) {
          expect(streams[name].raw).not.toContain(secret);
          expect(streams[name].raw).not.toContain('May n be 0?');
          expect(streams[name].raw).not.toContain(asker.username);
          expect(streams[name].events.filter((e) => e.event === 'clarification')).toEqual([]);
        }

        const question2 = await t.http
          .post(`/api/contests/${contestId}/clarifications`)
          .set(bearer(asker.token))
          .send({ question: 'Is the input sorted?' })
          .expect(201);
        const id2 = question2.body.id as string;
        await t.http
          .post(`/api/contests/${contestId}/clarifications/${id2}/answer`)
          .set(bearer(admin.token))
          .send({ answer: 'No.', public: true })
          .expect(200);
        for (const name of ['other', 'anonymous']) {
          const event = await streams[name].next(isEvent('clarification', (d) => d.id === id2 && d.answer === 'No.'));
          expect(event.data).toMatchObject({ question: 'Is the input sorted?', public: true, askedBy: null });
          expect(streams[name].raw).not.toContain(asker.username);
        }
        const mine = await streams.asker.next(isEvent('clarification', (d) => d.id === id2 && d.answer === 'No.'));
        expect(mine.data).toMatchObject({ askedBy: asker.username, public: true });
        // The asker's and admins' streams get the public answer once, not twice.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(streams.asker.events.filter(isEvent('clarification', (d) => d.id === id2 && d.answer === 'No.'))).toHaveLength(1);
        expect(streams.admin.events.filter(isEvent('clarification', (d) => d.id === id2 && d.answer === 'No.'))).toHaveLength(1);

        // Kept, and listed by the same rules.
        const list = async (token?: string) =>
          (await t.http.get(`/api/contests/${contestId}/clarifications`).set(token ? bearer(token) : {}).expect(200)).body as {
            id: string;
            answer: string | null;
            askedBy: string | null;
          }[];
        expect((await list(asker.token)).map((c) => [c.id, c.answer, c.askedBy])).toEqual([
          [id2, 'No.', asker.username],
          [id, secret, asker.username],
        ]);
        expect((await list(other.token)).map((c) => [c.id, c.answer, c.askedBy])).toEqual([[id2, 'No.', null]]);
        expect((await list()).map((c) => c.id)).toEqual([id2]);
        expect((await list(admin.token)).map((c) => c.id)).toEqual([id2, id]);
      } finally {
        Object.values(streams).forEach((s) => s.close());
      }
    });

    it('shows admins every open question, from every participant', async () => {
      const { contestId, users } = await activeContest(3);
      for (const [i, user] of users.entries())
        await t.http
          .post(`/api/contests/${contestId}/clarifications`)
          .set(bearer(user.token))
          .send({ question: `Question ${i}` })
          .expect(201);
      const all = await t.http.get(`/api/contests/${contestId}/clarifications`).set(bearer(admin.token)).expect(200);
      expect(all.body.map((c: { question: string }) => c.question).sort()).toEqual(['Question 0', 'Question 1', 'Question 2']);
      expect(all.body.every((c: { answer: null; askedBy: string }) => c.answer === null && c.askedBy)).toBe(true);
      const own = await t.http.get(`/api/contests/${contestId}/clarifications`).set(bearer(users[1].token)).expect(200);
      expect(own.body.map((c: { question: string }) => c.question)).toEqual(['Question 1']);
    });

    it('refuses questions from non-participants, outside the active window, and malformed ones', async () => {
      const { contestId, users } = await activeContest(1);
      const url = `/api/contests/${contestId}/clarifications`;
      const outsider = await seedUser(t);
      await t.http.post(url).send({ question: 'Hi?' }).expect(401);
      const refused = await t.http.post(url).set(bearer(outsider.token)).send({ question: 'Hi?' });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('Only participants who joined the contest can ask questions');
      for (const [body, message] of [
        [{}, 'question is required'],
        [{ question: '  ' }, 'question is required'],
        [{ question: 'x'.repeat(1_001) }, 'question must be at most 1000 characters'],
        [{ question: 'ok', problemId: 'abc' }, 'problemId must be a UUID'],
        [{ question: 'ok', problemId: null }, 'problemId must not be null (leave it out to keep the current value)'],
        [{ question: 'ok', problemId: otherProblem }, 'Problem is not part of this contest'],
      ] as const) {
        const res = await t.http.post(url).set(bearer(users[0].token)).send(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error).toBe(message);
      }
      const upcoming = await createContest(t, admin.token, [problem]);
      await t.http.post(`/api/contests/${upcoming._id}/join`).set(bearer(users[0].token)).expect(200);
      const early = await t.http.post(`/api/contests/${upcoming._id}/clarifications`).set(bearer(users[0].token)).send({ question: 'Hi?' });
      expect(early.status).toBe(409);
      expect(early.body.error).toBe('Questions can be asked only while the contest is active');
      // Ended as an admin does (finalised at once: no contest is left for a later start-up to finalise).
      await t.http.post(`/api/contests/${contestId}/complete`).set(bearer(admin.token)).expect(200);
      const late = await t.http.post(url).set(bearer(users[0].token)).send({ question: 'Hi?' });
      expect(late.status).toBe(409);
      const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM contest_clarifications WHERE contest_id = ANY($1)`, [
        [contestId, upcoming._id],
      ]);
      expect(count).toBe(0);
    });

    it('lets only admins answer, and validates answers', async () => {
      const { contestId, users } = await activeContest(1);
      const asked = await t.http
        .post(`/api/contests/${contestId}/clarifications`)
        .set(bearer(users[0].token))
        .send({ question: 'Can I answer myself?' })
        .expect(201);
      const url = `/api/contests/${contestId}/clarifications/${asked.body.id}/answer`;
      const plain = await t.http.post(url).set(bearer(users[0].token)).send({ answer: 'Yes', public: true });
      expect(plain.status).toBe(403);
      expect(plain.body.error).toBe('You need admin privileges to access this page.');
      await t.http.post(url).send({ answer: 'Yes', public: true }).expect(401);
      for (const [body, message] of [
        [{ public: true }, 'answer is required'],
        [{ answer: 'x'.repeat(2_001), public: true }, 'answer must be at most 2000 characters'],
        [{ answer: 'Yes' }, 'public must be true or false'],
        [{ answer: 'Yes', public: 'yes' }, 'public must be true or false'],
      ] as const) {
        const res = await t.http.post(url).set(bearer(admin.token)).send(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error).toBe(message);
      }
      const unknown = await t.http
        .post(`/api/contests/${contestId}/clarifications/00000000-0000-4000-8000-000000000000/answer`)
        .set(bearer(admin.token))
        .send({ answer: 'Yes', public: true });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('Clarification not found');
      // A clarification answered through another contest's path is not found there.
      const elsewhere = await activeContest(0);
      await t.http
        .post(`/api/contests/${elsewhere.contestId}/clarifications/${asked.body.id}/answer`)
        .set(bearer(admin.token))
        .send({ answer: 'Yes', public: true })
        .expect(404);
      const [row] = await t.db.query(`SELECT answer FROM contest_clarifications WHERE id = $1`, [asked.body.id]);
      expect(row.answer).toBeNull();
    });
  });
});

describe('clarification rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ RATE_LIMIT_DISABLED: 'false', RATE_LIMIT_CLARIFICATIONS: '3/60' });
  });
  afterAll(() => t.close());

  it('refuses a participant’s questions past the limit with a 429, and keeps the others’ budgets apart', async () => {
    const admin = await seedUser(t, ['admin']);
    const problem = (await createProblem(t, admin.token))._id;
    const contest = await createContest(t, admin.token, [problem]);
    const [eager, calm] = [await seedUser(t), await seedUser(t)];
    for (const u of [eager, calm]) await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(u.token)).expect(200);
    await startNow(t, contest._id);
    const ask = (u: SeededUser, i: number) =>
      t.http.post(`/api/contests/${contest._id}/clarifications`).set(bearer(u.token)).send({ question: `Q${i}` });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await ask(eager, i)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await ask(eager, 9);
    expect(refused.body.error).toBe('Too many requests, please try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(calm, 0)).status).toBe(201);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM contest_clarifications WHERE user_id = $1`, [eager.id]);
    expect(count).toBe(3);
  });
});
