import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClicsRepository } from '../src/clics/clics.repository';
import { ClicsService } from '../src/clics/clics.service';
import { EventLogRepository } from '../src/clics/event-log.repository';
import { EventLogService } from '../src/clics/event-log.service';
import { FeedTokens } from '../src/clics/feed-tokens';
import { ENV } from '../src/config/env';
import { readZip } from '../src/packages/zip';
import { bearer, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { MINUTE, scriptedContest } from './support/scripted-contest';
import * as Clics from './contract/clics-schemas';
import { replay } from './support/clics-replay';

/**
 * Issue 32: the CLICS Contest API over a scripted ICPC contest played through the real judge
 * (joins, wrong answers, a compile error, accepts before and during the freeze, a clarification,
 * the unfreeze and the finalisation), every answer and every event checked against the 2023-06
 * specification's field rules (test/contract/clics-schemas.ts).
 */
describe('the CLICS Contest API over a scripted ICPC contest', () => {
  const script = scriptedContest();
  const { at, play, newContest } = script;
  let t: TestApp;
  let admin: SeededUser;
  let problems: { A: string; B: string; C: string };
  let alice: SeededUser;
  let bob: SeededUser;
  let carol: SeededUser;
  let outsider: SeededUser;
  let contestId: string;
  let base: string;
  const start = new Date('2032-02-01T09:00:00.000Z');
  /** Three hours, the last hour frozen: the freeze starts at minute 120. */
  const FREEZE_MINUTE = 120;
  const short = (uuid: string) => uuid.slice(0, 13);

  const basic = (u: { email: string; password: string }) => ({
    Authorization: `Basic ${Buffer.from(`${u.email}:${u.password}`).toString('base64')}`,
  });
  type Who = SeededUser | 'public' | { basic: SeededUser };
  const headersOf = (who: Who): Record<string, string> =>
    who === 'public' ? {} : 'basic' in who ? basic(who.basic) : bearer(who.token);
  async function get(path: string, who: Who = 'public', status = 200) {
    const res = await t.http.get(`/api/clics${path}`).set(headersOf(who));
    expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(status);
    return res.body;
  }
  /** The whole feed with stream=false, each line checked against the spec. */
  async function feed(who: Who = 'public', query = ''): Promise<Clics.FeedLine[]> {
    return feedOf(contestId, who, query);
  }
  async function feedOf(contest: string, who: Who = 'public', query = ''): Promise<Clics.FeedLine[]> {
    const res = await t.http
      .get(`/api/clics/contests/${contest}/event-feed?stream=false${query}`)
      .set(headersOf(who))
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (c: Buffer) => (text += c.toString()));
        response.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    return parseFeed(res.body as string);
  }
  function parseFeed(text: string): Clics.FeedLine[] {
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => Clics.FeedLine.parse(JSON.parse(line)));
  }

  beforeAll(async () => {
    ({ t, admin, problems } = script.s);
    [alice, bob, carol, outsider] = [
      await seedUser(t),
      await seedUser(t),
      await seedUser(t),
      await seedUser(t),
    ];
    await t.db.query(`UPDATE users SET full_name = $2 WHERE id = $1`, [alice.id, 'Alice Archer']);
    await t.db.query(`UPDATE users SET full_name = $2 WHERE id = $1`, [bob.id, 'Bob Baker']);
    await t.db.query(`UPDATE users SET full_name = $2 WHERE id = $1`, [carol.id, 'Carol Cook']);
    // Organizations as a user meets them: an admin adds one, two users name it on their profile.
    const org = (
      await t.http
        .post('/api/admin/organizations')
        .set(bearer(admin.token))
        .send({ name: 'Uni North', formalName: 'University of the North', country: 'NOR' })
        .expect(201)
    ).body as { id: string };
    for (const u of [alice, bob])
      await t.http.put('/api/profiles/me').set(bearer(u.token)).send({ organizationId: org.id }).expect(200);
    contestId = await newContest(start, 3, { format: 'icpc', freezeMinutes: 60, penaltyMinutes: 20 }, [
      alice,
      bob,
      carol,
    ]);
    base = `/contests/${contestId}`;
    const { A, B } = problems;
    await play(start, contestId, [
      [10, alice, A, 'WA'],
      [12, alice, A, 'CE'],
      [20, alice, A, 'AC'],
      [30, bob, A, 'AC'],
      [40, carol, B, 'WA'],
    ]);
    at(start, 50);
    const asked = await t.http
      .post(`/api/contests/${contestId}/clarifications`)
      .set(bearer(bob.token))
      .send({ problemId: A, question: 'May the input be empty?' })
      .expect(201);
    at(start, 55);
    await t.http
      .post(`/api/contests/${contestId}/clarifications/${asked.body._id ?? asked.body.id}/answer`)
      .set(bearer(admin.token))
      .send({ answer: 'No: it always has one line.', public: true })
      .expect(200);
    await play(start, contestId, [
      [125, carol, A, 'AC'],
      [130, bob, B, 'WA'],
      [140, bob, B, 'AC'],
    ]);
    at(start, 150);
  }, 600_000);

  it("names each participant's organization on the contest's own board (its filter)", async () => {
    const board = (
      await t.http.get(`/api/leaderboard/contests/${contestId}`).set(bearer(admin.token)).expect(200)
    ).body as { userId: string; organization?: { id: string; name: string } }[];
    const orgOf = (id: string) => board.find((r) => r.userId === id)?.organization?.name;
    expect(orgOf(alice.id)).toBe('Uni North');
    expect(orgOf(bob.id)).toBe('Uni North');
    expect(board.some((r) => r.userId === carol.id)).toBe(true);
    expect(orgOf(carol.id)).toBeUndefined();
  });

  it('keeps organizations: admins add and remove them, a profile names one or none', async () => {
    await t.http.post('/api/admin/organizations').set(bearer(alice.token)).send({ name: 'Club' }).expect(403);
    const taken = await t.http
      .post('/api/admin/organizations')
      .set(bearer(admin.token))
      .send({ name: 'uni north' })
      .expect(409);
    expect(taken.body.error).toBe('An organization with this name already exists');
    await t.http
      .post('/api/admin/organizations')
      .set(bearer(admin.token))
      .send({ name: 'X', country: 'no' })
      .expect(400);
    const club = (
      await t.http
        .post('/api/admin/organizations')
        .set(bearer(admin.token))
        .send({ name: 'Chess Club' })
        .expect(201)
    ).body as { id: string; name: string; formalName: string | null; country: string | null };
    expect(club).toEqual({ id: expect.any(String), name: 'Chess Club', formalName: null, country: null });
    const listed = (await t.http.get('/api/organizations').expect(200)).body as { name: string }[];
    expect(listed.map((o) => o.name)).toEqual(['Chess Club', 'Uni North']);
    const named = await t.http
      .put('/api/profiles/me')
      .set(bearer(outsider.token))
      .send({ organizationId: club.id })
      .expect(200);
    expect(named.body.organization).toEqual({ id: club.id, name: 'Chess Club' });
    await t.http
      .put('/api/profiles/me')
      .set(bearer(outsider.token))
      .send({ organizationId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    await t.http.delete(`/api/admin/organizations/${club.id}`).set(bearer(admin.token)).expect(200);
    await t.http.delete(`/api/admin/organizations/${club.id}`).set(bearer(admin.token)).expect(404);
    // A removed organization leaves its members' profiles naming none.
    expect((await t.http.get(`/api/profiles/${outsider.id}`).expect(200)).body.organization).toBeNull();
    expect((await t.http.get(`/api/profiles/${alice.id}`).expect(200)).body.organization.name).toBe(
      'Uni North',
    );
  });

  it('serves the API information and only ICPC contests', async () => {
    Clics.ApiInfo.parse(await get(''));
    const pointsContest = await newContest(new Date('2032-03-01T09:00:00.000Z'), 1, {}, []);
    at(start, 150);
    const list = (await get('/contests')) as unknown[];
    list.forEach((c) => Clics.Contest.parse(c));
    expect(list.map((c) => (c as { id: string }).id)).toContain(contestId);
    expect(list.map((c) => (c as { id: string }).id)).not.toContain(pointsContest);
    await get(`/contests/${pointsContest}`, 'public', 404);
    expect(await get(base)).toEqual({
      id: contestId,
      name: expect.any(String),
      formal_name: expect.any(String),
      start_time: '2032-02-01T09:00:00.000Z',
      duration: '3:00:00.000',
      scoreboard_freeze_duration: '1:00:00.000',
      scoreboard_type: 'pass-fail',
      penalty_time: 20,
    });
  });

  it('answers every endpoint with the spec’s objects, for the public and for an admin', async () => {
    for (const who of ['public', admin, { basic: alice }] as Who[]) {
      Clics.State.parse(await get(`${base}/state`, who));
      Clics.Scoreboard.parse(await get(`${base}/scoreboard`, who));
      for (const [type, schema] of Object.entries(Clics.OBJECTS)) {
        if (type === 'contest' || type === 'state') continue;
        const list = (await get(`${base}/${type}`, who)) as { id: string }[];
        expect(Array.isArray(list)).toBe(true);
        for (const item of list) {
          schema.parse(item);
          // A single object is exactly the collection's item.
          expect(await get(`${base}/${type}/${encodeURIComponent(item.id)}`, who)).toEqual(item);
        }
      }
    }
    await get(`${base}/teams/not-a-team`, 'public', 404);
    const types = (await get(`${base}/judgement-types`)) as {
      id: string;
      penalty: boolean;
      solved: boolean;
    }[];
    expect(Object.fromEntries(types.map((jt) => [jt.id, [jt.penalty, jt.solved]]))).toEqual({
      AC: [false, true],
      WA: [true, false],
      TLE: [true, false],
      RTE: [true, false],
      CE: [false, false],
      MLE: [true, false],
      OLE: [true, false],
    });
    const problemList = (await get(`${base}/problems`)) as { id: string; label: string; ordinal: number }[];
    expect(problemList.map((p) => [p.id, p.label, p.ordinal])).toEqual([
      [short(problems.A), 'A', 1],
      [short(problems.B), 'B', 2],
      [short(problems.C), 'C', 3],
    ]);
    const teams = (await get(`${base}/teams`)) as {
      id: string;
      name: string;
      organization_id: string | null;
    }[];
    expect(teams.map((tm) => tm.name).sort()).toEqual(['Alice Archer', 'Bob Baker', 'Carol Cook']);
    const orgs = (await get(`${base}/organizations`)) as { id: string; name: string }[];
    expect(orgs).toEqual([
      { id: expect.any(String), name: 'Uni North', formal_name: 'University of the North', country: 'NOR' },
    ]);
    expect(teams.find((tm) => tm.id === alice.id)!.organization_id).toBe(orgs[0].id);
    expect(teams.find((tm) => tm.id === carol.id)!.organization_id).toBeNull();
    // Filtering by an ID property, `=` alone for null.
    const aliceSubs = (await get(`${base}/submissions?team_id=${alice.id}`)) as { team_id: string }[];
    expect(aliceSubs).toHaveLength(3);
    expect(aliceSubs.every((s) => s.team_id === alice.id)).toBe(true);
    expect(((await get(`${base}/teams?organization_id=`)) as { id: string }[]).map((tm) => tm.id)).toEqual([
      carol.id,
    ]);
  });

  it('during the freeze shows the public and participants no judgement made after it, and admins all', async () => {
    const freezeAt = start.getTime() + FREEZE_MINUTE * MINUTE;
    const late = (time: string) => new Date(time).getTime() >= freezeAt;
    const submissions = (await get(`${base}/submissions`, admin)) as { id: string; time: string }[];
    const lateIds = new Set(submissions.filter((s) => late(s.time)).map((s) => s.id));
    expect(lateIds.size).toBe(3);
    for (const who of ['public', alice, { basic: carol }] as Who[]) {
      const judgements = (await get(`${base}/judgements`, who)) as { submission_id: string }[];
      expect(judgements).toHaveLength(submissions.length - 3);
      expect(judgements.some((j) => lateIds.has(j.submission_id))).toBe(false);
      const events = await feed(who);
      expect(events.filter((e) => e.type === 'submissions')).toHaveLength(submissions.length);
      expect(events.some((e) => e.type === 'judgements' && lateIds.has(e.id!))).toBe(false);
      expect(events.some((e) => e.type === 'runs')).toBe(false);
      const board = Clics.Scoreboard.parse(await get(`${base}/scoreboard`, who));
      const carolRow = board.rows.find((r) => r.team_id === carol.id)!;
      // Carol's accept at 125 is pending, not solved; Bob's B shows two pending tries.
      expect(carolRow.score.num_solved).toBe(0);
      expect(carolRow.problems.find((p) => p.problem_id === short(problems.A))).toMatchObject({
        solved: false,
        num_pending: 1,
      });
      expect(board.rows.find((r) => r.team_id === bob.id)!.problems[1]).toMatchObject({
        solved: false,
        num_pending: 2,
      });
      expect(board.state.frozen).toBe(new Date(freezeAt).toISOString());
      expect(board.state.thawed).toBeNull();
    }
    const adminJudgements = (await get(`${base}/judgements`, admin)) as { submission_id: string }[];
    expect(adminJudgements).toHaveLength(submissions.length);
    const adminBoard = Clics.Scoreboard.parse(await get(`${base}/scoreboard`, admin));
    expect(adminBoard.rows.find((r) => r.team_id === carol.id)!.score.num_solved).toBe(1);
    expect((await feed(admin)).filter((e) => e.type === 'judgements')).toHaveLength(submissions.length);
    // Sources and runs are an admin's only.
    expect(((await get(`${base}/runs`, 'public')) as unknown[]).length).toBe(0);
    expect(((await get(`${base}/runs`, admin)) as unknown[]).length).toBeGreaterThan(0);
    const publicSubs = (await get(`${base}/submissions`)) as { files: unknown[] }[];
    expect(publicSubs.every((s) => s.files.length === 0)).toBe(true);
    const [first] = submissions;
    await t.http.get(`/api/clics${base}/submissions/${first.id}/files`).set(basic(alice)).expect(403);
    const files = await t.http
      .get(`/api/clics${base}/submissions/${first.id}/files`)
      .set(basic(admin))
      .buffer(true)
      .parse((r, done) => collect(r as unknown as NodeJS.EventEmitter, done))
      .expect(200);
    expect((await readZip(files.body as Buffer)).get('Main.java')!.toString()).toContain('class');
    // The public sees the public answer, not Bob's question; Bob sees both, linked.
    const publicClars = (await get(`${base}/clarifications`)) as {
      reply_to_id: string | null;
      text: string;
    }[];
    expect(publicClars).toEqual([
      expect.objectContaining({ text: 'No: it always has one line.', reply_to_id: null }),
    ]);
    const bobClars = (await get(`${base}/clarifications`, bob)) as {
      id: string;
      reply_to_id: string | null;
    }[];
    expect(bobClars).toHaveLength(2);
    expect(bobClars[1].reply_to_id).toBe(bobClars[0].id);
  });

  it('authenticates HTTP Basic with an email and password; wrong ones are a 401 with a challenge', async () => {
    const wrong = await t.http
      .get(`/api/clics${base}/judgements`)
      .set(basic({ email: alice.email, password: 'not-her-password' }));
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
    expect(wrong.body).toMatchObject({ code: 401, message: expect.any(String) });
    await t.http.get(`/api/clics${base}`).set({ Authorization: 'Basic !!!' }).expect(401);
    await t.http.get(`/api/clics${base}`).set(bearer('forged')).expect(401);
    // An admin's Basic credentials see through the freeze, a plain user's do not.
    expect(((await get(`${base}/judgements`, { basic: admin })) as unknown[]).length).toBe(8);
    expect(((await get(`${base}/judgements`, { basic: outsider })) as unknown[]).length).toBe(5);
    await t.http.get(`/api/admin/contests/${contestId}/package`).set(basic(outsider)).expect(403);
    await t.http.get(`/api/admin/contests/${contestId}/package`).expect(401);
  });

  it('resumes from any token with exactly the rest, and rejects a token it never gave', async () => {
    const all = await feed(admin);
    expect(new Set(all.map((e) => e.token)).size).toBe(all.length);
    for (const cut of [0, 5, Math.floor(all.length / 2), all.length - 1]) {
      const rest = await feed(admin, `&since_token=${encodeURIComponent(all[cut].token)}`);
      expect(rest).toEqual(all.slice(cut + 1));
    }
    const bad = await t.http
      .get(`/api/clics${base}/event-feed?stream=false&since_token=nonsense`)
      .expect(400);
    expect(bad.body.code).toBe(400);
  });

  it('holds the freeze in the feed: tokens count nothing, each audience resumes by its own (issue 47.2)', async () => {
    // The clock is in the freeze: bob's B tries and carol's A are hidden from the public.
    const admins = await feed(admin);
    const open = await feed('public');
    expect(admins.filter((e) => e.type === 'judgements').length).toBeGreaterThan(
      open.filter((e) => e.type === 'judgements').length,
    );
    // Opaque tokens: no number a reader could subtract, and in no order (their sort is not the feed's).
    for (const e of [...open, ...admins]) expect(e.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const tokens = open.map((e) => e.token);
    expect([...tokens].sort()).not.toEqual(tokens);
    // The event right after a frozen submission: its token says nothing of the judgement left out.
    const frozenSubmission = open.findIndex(
      (e) =>
        e.type === 'submissions' &&
        (e.data as { team_id: string }).team_id === bob.id &&
        !open.some((j) => j.type === 'judgements' && j.id === e.id),
    );
    expect(frozenSubmission).toBeGreaterThanOrEqual(0);
    // Resuming works for every audience, from every token it was given, and never from another's.
    for (const [who, events] of [
      ['public', open],
      [admin, admins],
    ] as const)
      for (const cut of [0, Math.floor(events.length / 2), events.length - 1])
        expect(await feed(who, `&since_token=${encodeURIComponent(events[cut].token)}`)).toEqual(
          events.slice(cut + 1),
        );
    const adminOnly = admins.find((e) => !open.some((o) => o.token === e.token))!;
    await t.http
      .get(`/api/clics${base}/event-feed?stream=false&since_token=${encodeURIComponent(adminOnly.token)}`)
      .expect(400);
    // The contest package keeps the admin feed, token for token.
    const pkg = await t.http
      .get(`/api/admin/contests/${contestId}/package`)
      .set(bearer(admin.token))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const files = await readZip(pkg.body as Buffer);
    expect(parseFeed(files.get('event-feed.ndjson')!.toString())).toEqual(admins);
  });

  describe('the event log', () => {
    const start2 = new Date('2032-04-01T09:00:00.000Z');
    let contest2: string;
    const since = (token: string) => `&since_token=${encodeURIComponent(token)}`;
    const keyOf = (e: Clics.FeedLine) => `${e.type}/${e.id ?? ''}`;
    /** Rows of the log that repeat the row before them for the same audience and object: none, ever. */
    const repeats = async (contest: string) =>
      (
        await t.db.query(
          `SELECT count(*)::int AS n FROM (
             SELECT data, lag(data) OVER (PARTITION BY audience, team_id, type, object_id ORDER BY id) AS before,
                    row_number() OVER (PARTITION BY audience, team_id, type, object_id ORDER BY id) AS nth
               FROM clics_events WHERE contest_id = $1) r
            WHERE nth > 1 AND data IS NOT DISTINCT FROM before`,
          [contest],
        )
      )[0].n as number;
    beforeAll(async () => {
      contest2 = await newContest(start2, 3, { format: 'icpc', freezeMinutes: 60, penaltyMinutes: 20 }, [
        alice,
        bob,
      ]);
      await play(start2, contest2, [[10, alice, problems.A, 'WA']]);
      at(start2, 20);
    }, 300_000);
    afterAll(() => at(start, 150));

    it('keeps every token: the same event has the same token after new activity, and a late commit comes after the tokens read', async () => {
      const first = await feedOf(contest2, admin);
      const firstPublic = await feedOf(contest2, 'public');
      expect(firstPublic.filter((e) => e.type === 'judgements')).toHaveLength(1);
      expect(await feedOf(contest2, admin)).toEqual(first);

      await play(start2, contest2, [[30, bob, problems.A, 'AC']]);
      at(start2, 40);
      const second = await feedOf(contest2, admin);
      // What was read is read again, token for token; the new events follow it.
      expect(second.slice(0, first.length)).toEqual(first);
      const added = second.slice(first.length);
      expect(added.map((e) => e.type)).toEqual(expect.arrayContaining(['submissions', 'judgements', 'runs']));
      // Resuming from the last token read gives exactly the new events (tokens are opaque: issue 47.2).
      expect(await feedOf(contest2, admin, since(first.at(-1)!.token))).toEqual(added);

      // A submission that commits late, stamped before everything read so far (minute 5), still comes
      // to a client resuming after the token it holds: after it, never before.
      const held = (await feedOf(contest2, 'public')).at(-1)!.token;
      await play(start2, contest2, [[5, bob, problems.B, 'WA']]);
      at(start2, 40);
      const rest = await feedOf(contest2, 'public', since(held));
      const late = rest.find((e) => e.type === 'submissions')!;
      expect(late).toBeDefined();
      expect(Date.parse((late.data as { time: string }).time)).toBe(start2.getTime() + 5 * MINUTE);
      expect(rest.find((e) => e.type === 'judgements')!.id).toBe(late.id);
      const all = await feedOf(contest2, 'public');
      const heldAt = all.findIndex((e) => e.token === held);
      expect(all.slice(heldAt + 1)).toEqual(rest);
      expect(await repeats(contest2)).toBe(0);
    });

    it('announces a contest edit, a problem removed (a delete) and added back, after the events read', async () => {
      const before = await feedOf(contest2, 'public');
      const held = before.at(-1)!.token;
      await t.db.query(`UPDATE contests SET title = 'Spring Finals' WHERE id = $1`, [contest2]);
      const renamed = await feedOf(contest2, 'public', since(held));
      expect(renamed).toEqual([expect.objectContaining({ type: 'contest', id: null })]);
      expect(renamed[0].data).toMatchObject({ id: contest2, name: 'Spring Finals' });

      const [{ position, points }] = (await t.db.query(
        `SELECT position, points FROM contest_problems WHERE contest_id = $1 AND problem_id = $2`,
        [contest2, problems.C],
      )) as { position: number; points: number }[];
      await t.db.query(`DELETE FROM contest_problems WHERE contest_id = $1 AND problem_id = $2`, [
        contest2,
        problems.C,
      ]);
      const removed = await feedOf(contest2, 'public', since(renamed[0].token));
      expect(removed).toEqual([
        { type: 'problems', id: short(problems.C), data: null, token: expect.any(String) },
      ]);
      await t.db.query(
        `INSERT INTO contest_problems (contest_id, problem_id, position, points) VALUES ($1, $2, $3, $4)`,
        [contest2, problems.C, position, points],
      );
      const back = await feedOf(contest2, 'public', since(removed[0].token));
      expect(back).toEqual([expect.objectContaining({ type: 'problems', id: short(problems.C) })]);
      expect(back[0].data).toMatchObject({ label: 'C', ordinal: 3 });
      // Nothing changed since: a read appends nothing.
      expect(await feedOf(contest2, 'public', since(back[0].token))).toEqual([]);

      // A rejudge (the row changes, its verdict with it) is a new judgement event, for everyone.
      const [accepted] = (await t.db.query(
        `SELECT id FROM judgements WHERE contest_id = $1 AND verdict = 'accepted' AND all_tests`,
        [contest2],
      )) as { id: string }[];
      await t.db.query(`UPDATE judgements SET verdict = 'time_limit_exceeded' WHERE id = $1`, [accepted.id]);
      const rejudged = await feedOf(contest2, 'public', since(back[0].token));
      expect(rejudged).toEqual([expect.objectContaining({ type: 'judgements', id: accepted.id })]);
      expect(rejudged[0].data).toMatchObject({ judgement_type_id: 'TLE' });
      await t.db.query(`UPDATE judgements SET verdict = 'accepted' WHERE id = $1`, [accepted.id]);
      const restored = await feedOf(contest2, admin, since(rejudged[0].token));
      expect(
        restored.map((e) => [e.type, e.id, (e.data as { judgement_type_id: string }).judgement_type_id]),
      ).toEqual([['judgements', accepted.id, 'AC']]);
    });

    it('never appends a change twice when readers sync at once, on one instance or two', async () => {
      // A second instance's log service: its own memory of the log, the same database and lock.
      const other = new EventLogService(
        t.app.get(EventLogRepository),
        t.app.get(ClicsRepository),
        t.app.get(ClicsService),
        t.app.get(FeedTokens),
        t.app.get(ENV),
      );
      const mine = t.app.get(EventLogService);
      for (const title of ['Spring Finals II', 'Spring Finals III']) {
        await t.db.query(`UPDATE contests SET title = $2 WHERE id = $1`, [contest2, title]);
        await Promise.all([
          other.sync(contest2),
          mine.sync(contest2),
          other.sync(contest2),
          feedOf(contest2, admin),
          feedOf(contest2, 'public'),
          feedOf(contest2, bob),
        ]);
        const edits = (await feedOf(contest2, admin)).filter(
          (e) => e.type === 'contest' && (e.data as { name: string }).name === title,
        );
        expect(edits).toHaveLength(1);
      }
      // A submission judged meanwhile is logged once for each audience, whichever instance saw it first.
      await play(start2, contest2, [[45, alice, problems.B, 'AC']]);
      at(start2, 50);
      await Promise.all([other.sync(contest2), mine.sync(contest2), feedOf(contest2, 'public')]);
      const judging = (await feedOf(contest2, admin)).filter((e) => ['submissions', 'runs'].includes(e.type));
      // Submissions and runs never changed: each came exactly once (a judgement was rejudged above).
      expect(judging.length).toBeGreaterThan(8);
      expect(new Set(judging.map(keyOf)).size).toBe(judging.length);
      expect(await repeats(contest2)).toBe(0);
    });

    it('gives a team its own clarification and the public only the public answer, and refuses tokens it never gave', async () => {
      at(start2, 52);
      const publicHeld = (await feedOf(contest2, 'public')).at(-1)!.token;
      const bobHeld = (await feedOf(contest2, bob)).at(-1)!.token;
      const asked = await t.http
        .post(`/api/contests/${contest2}/clarifications`)
        .set(bearer(bob.token))
        .send({ problemId: problems.A, question: 'Is n at most 10?' })
        .expect(201);
      const questionId = (asked.body._id ?? asked.body.id) as string;
      expect((await feedOf(contest2, 'public', since(publicHeld))).length).toBe(0);
      const bobQuestion = await feedOf(contest2, bob, since(bobHeld));
      expect(bobQuestion).toEqual([expect.objectContaining({ type: 'clarifications', id: questionId })]);
      at(start2, 55);
      await t.http
        .post(`/api/contests/${contest2}/clarifications/${questionId}/answer`)
        .set(bearer(admin.token))
        .send({ answer: 'Yes.', public: true })
        .expect(200);
      const publicAnswer = await feedOf(contest2, 'public', since(publicHeld));
      expect(publicAnswer.map((e) => (e.data as { reply_to_id: string | null }).reply_to_id)).toEqual([null]);
      const bobAnswer = await feedOf(contest2, bob, since(bobQuestion[0].token));
      // Bob's own copy (replying to his question) is the last word he reads of it.
      const latest = new Map(bobAnswer.map((e) => [keyOf(e), e.data as { reply_to_id: string | null }]));
      expect(latest.get(`clarifications/${publicAnswer[0].id}`)!.reply_to_id).toBe(questionId);
      expect((await feedOf(contest2, alice)).some((e) => e.id === questionId)).toBe(false);

      // A token from another feed, or one this reader was never given, is refused by name.
      for (const token of ['99999999999', first(await feedOf(contestId, admin)), bobQuestion[0].token]) {
        const res = await t.http
          .get(`/api/clics/contests/${contest2}/event-feed?stream=false${since(token)}`)
          .expect(400);
        expect(res.body).toMatchObject({
          code: 400,
          message: 'since_token is not a token of this event feed',
        });
      }
      expect(await repeats(contest2)).toBe(0);
    });
  });

  it('streams live: the public stream hides the freeze, then after the unfreeze carries the same events as stream=false and ends with end_of_updates', async () => {
    await t.app.listen(0, '127.0.0.1');
    const url = `${(await t.app.getUrl()).replace('[::1]', '127.0.0.1')}/api/clics${base}/event-feed`;
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const reader = response.body!.getReader();
    let text = '';
    const pump = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })();
    const frozenFeed = await feed('public');
    const before = frozenFeed.length;
    await expect.poll(() => parseFeed(text).length, { timeout: 10_000 }).toBe(before);

    at(start, 181);
    await t.http.post(`/api/contests/${contestId}/unfreeze`).set(bearer(admin.token)).expect(200);
    // The stream ends by itself once end_of_updates is sent.
    await pump;
    const streamed = parseFeed(text);
    const once = await feed('public');
    expect(streamed).toEqual(once);
    const last = once.at(-1)!;
    expect(last.type).toBe('state');
    const state = Clics.State.parse(last.data);
    expect(state.end_of_updates).not.toBeNull();
    expect(state.finalized).not.toBeNull();
    expect(state.thawed).not.toBeNull();
    // Every judgement is visible to the public now: the three hidden ones come after the tokens read
    // during the freeze, so a client resuming from its last frozen token gets them.
    expect(once.filter((e) => e.type === 'judgements')).toHaveLength(8);
    const resumed = await feed('public', `&since_token=${frozenFeed.at(-1)!.token}`);
    expect(once.slice(0, before)).toEqual(frozenFeed);
    expect(resumed).toEqual(once.slice(before));
    expect(resumed.filter((e) => e.type === 'judgements')).toHaveLength(3);
    // State changes come in the spec's order.
    const states = once.filter((e) => e.type === 'state').map((e) => Clics.State.parse(e.data));
    const order = ['started', 'frozen', 'ended', 'thawed', 'finalized', 'end_of_updates'] as const;
    for (const s of states) {
      const times = order
        .map((k) => s[k])
        .filter((v): v is string => v !== null)
        .map((v) => Date.parse(v));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('finalises with awards: winner, medals, first to solve, group winner', async () => {
    const board = Clics.Scoreboard.parse(await get(`${base}/scoreboard`));
    // By hand: bob A 30, B 140 + 20 → 2 solved, 190. alice A 20 + 20 (the CE is no try) → 1, 40. carol A 125 → 1, 125.
    expect(board.rows.map((r) => [r.team_id, r.rank, r.score.num_solved, r.score.total_time])).toEqual([
      [bob.id, 1, 2, 190],
      [alice.id, 2, 1, 40],
      [carol.id, 3, 1, 125],
    ]);
    const awards = (await get(`${base}/awards`)) as { id: string; team_ids: string[] }[];
    const byId = Object.fromEntries(awards.map((a) => [a.id, a.team_ids]));
    expect(byId.winner).toEqual([bob.id]);
    expect(byId['gold-medal']).toEqual([bob.id, alice.id, carol.id]);
    expect(byId[`first-to-solve-${short(problems.A)}`]).toEqual([alice.id]);
    expect(byId[`first-to-solve-${short(problems.B)}`]).toEqual([bob.id]);
    expect(byId[`first-to-solve-${short(problems.C)}`]).toEqual([]);
    const org = ((await get(`${base}/groups`)) as { id: string }[])[0];
    expect(byId[`group-winner-${org.id}`]).toEqual([bob.id]);
    // The group scoreboard ranks the group's teams among themselves.
    const group = Clics.Scoreboard.parse(await get(`${base}/scoreboard?group_id=${org.id}`));
    expect(group.rows.map((r) => [r.team_id, r.rank])).toEqual([
      [bob.id, 1],
      [alice.id, 2],
    ]);
    await get(`${base}/scoreboard?group_id=nogroup`, 'public', 400);
    // Awards come in the feed before end_of_updates.
    const events = await feed('public');
    expect(
      events
        .filter((e) => e.type === 'awards')
        .map((e) => e.id)
        .sort(),
    ).toEqual(awards.map((a) => a.id).sort());
  });

  it('exports a contest package whose event feed replays to the same scoreboard as /scoreboard', async () => {
    const res = await t.http
      .get(`/api/admin/contests/${contestId}/package`)
      .set(bearer(admin.token))
      .buffer(true)
      .parse((r, done) => collect(r as unknown as NodeJS.EventEmitter, done))
      .expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await readZip(res.body as Buffer);
    for (const name of [
      'contest.json',
      'problems.json',
      'teams.json',
      'groups.json',
      'organizations.json',
      'judgement-types.json',
      'event-feed.ndjson',
    ])
      expect(files.has(name), name).toBe(true);
    Clics.Contest.parse(JSON.parse(files.get('contest.json')!.toString()));
    const events = parseFeed(files.get('event-feed.ndjson')!.toString());
    expect(Clics.State.parse(events.at(-1)!.data).end_of_updates).not.toBeNull();
    // The package's feed is the live feed an admin reads, token for token.
    expect(events).toEqual(await feed(admin));
    const replayed = replay(events);
    const board = Clics.Scoreboard.parse(await get(`${base}/scoreboard`));
    expect(replayed).toEqual(
      board.rows.map((r) => ({
        rank: r.rank,
        team_id: r.team_id,
        num_solved: r.score.num_solved,
        total_time: r.score.total_time,
        problems: r.problems.map((p) => ({
          problem_id: p.problem_id,
          num_judged: p.num_judged,
          solved: p.solved,
          time: p.time,
          first_to_solve: p.first_to_solve,
        })),
      })),
    );
  });
});

const first = (events: Clics.FeedLine[]) => events[0].token;

/** A body read as the bytes it is (a zip). */
function collect(res: NodeJS.EventEmitter, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('HTTP Basic on the CLICS API spends the sign-in budgets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ RATE_LIMIT_DISABLED: 'false', RATE_LIMIT_LOGIN_ACCOUNT: '3/60' });
  });
  afterAll(() => t?.close());

  it('refuses Basic after too many wrong passwords for the account, as the sign-in itself does', async () => {
    const user = await seedUser(t);
    const basicOf = (password: string) => ({
      Authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString('base64')}`,
    });
    await t.http.get('/api/clics').set(basicOf(user.password)).expect(200);
    for (let i = 0; i < 3; i++) await t.http.get('/api/clics').set(basicOf('wrong-password')).expect(401);
    // The next guess is refused before it is hashed, here and at the sign-in, which share the budget.
    await t.http
      .get('/api/clics')
      .set(basicOf(`${user.password}!`))
      .expect(429);
    await t.http.post('/api/auth/login').send({ email: user.email, password: 'wrong-again' }).expect(429);
  });
});
