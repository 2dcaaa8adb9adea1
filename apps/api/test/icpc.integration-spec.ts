import { createHash } from 'node:crypto';
import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContestLeaderboardEntry } from '@javelin/contracts';
import { StandingsService } from '../src/contests/standings.service';
import { bearer, seedUser, SeededUser, TestApp } from './support/app';
import { MINUTE, scriptedContest, type Step } from './support/scripted-contest';

/**
 * ICPC scoring, per-problem cells and the freeze, through the real judge: every try is a real submit,
 * made at a scripted minute of the contest by moving the API's clock.
 */
describe('contest formats, cells and the freeze', () => {
  const script = scriptedContest();
  const { at, newContest } = script;
  let t: TestApp;
  let admin: SeededUser;
  let problems: { A: string; B: string; C: string };
  beforeAll(() => {
    ({ t, admin, problems } = script.s);
  });

  /** Real submits, each at its minute after `start`; every accept is a first solve. */
  async function play(start: Date, contestId: string, steps: Step[]) {
    for (const solved of await script.play(start, contestId, steps))
      if (solved) expect(solved.alreadySolved).toBe(false);
  }

  const board = async (contestId: string, token?: string): Promise<ContestLeaderboardEntry[]> => {
    const req = t.http.get(`/api/leaderboard/contests/${contestId}`);
    if (token) req.set(bearer(token));
    return (await req.expect(200)).body;
  };
  const row = (entries: ContestLeaderboardEntry[], user: SeededUser) =>
    entries.find((e) => e.userId === user.id)!;

  /** A GET as it comes over the wire (no client decompression): status, headers, the body decoded by hand, the ETag. */
  function rawGet(target: string, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; text: string; etag: string }>(
      (resolve, reject) => {
        get(target, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes;
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              text: body.toString('utf8'),
              etag: String(res.headers.etag),
            });
          });
        }).on('error', reject);
      },
    );
  }

  it('ranks an ICPC contest by solved, then penalty, then the last accept, as computed by hand', async () => {
    const [alice, bob, carol, dave] = [
      await seedUser(t),
      await seedUser(t),
      await seedUser(t),
      await seedUser(t),
    ];
    const start = new Date('2031-03-01T09:00:00.000Z');
    const contestId = await newContest(start, 5, { format: 'icpc', penaltyMinutes: 20 }, [
      alice,
      bob,
      carol,
      dave,
    ]);
    const { A, B, C } = problems;
    await play(start, contestId, [
      [10, alice, A, 'WA'],
      [12, alice, A, 'CE'], // a compile error is never a rejected try
      [15, alice, A, 'AC'],
      [20, alice, A, 'WA'], // after the accept: not counted
      [30, bob, A, 'AC'],
      [40, bob, B, 'WA'],
      [40, dave, A, 'AC'],
      [50, bob, B, 'AC'],
      [55, dave, B, 'AC'],
      [60, alice, B, 'AC'],
      [70, carol, A, 'WA'],
      [80, carol, C, 'CE'],
    ]);
    // By hand: alice A 15 + 20 (one WA; the CE and the late WA do not count), B 60 → 2 solved, 95, last 60.
    // bob A 30, B 50 + 20 → 2, 100. dave A 40, B 55 → 2, 95, last 55: ahead of alice on the last accept.
    // carol: one WA on A, C only a compile error (no cell). First solves: A alice (15), B bob (50).
    const entries = await board(contestId);
    expect(entries.map((e) => [e.username, e.rank, e.problemsSolved, e.penalty, e.score])).toEqual([
      [dave.username, 1, 2, 95, 50],
      [alice.username, 2, 2, 95, 50],
      [bob.username, 3, 2, 100, 50],
      [carol.username, 4, 0, 0, 0],
    ]);
    const cell = (attempts: number, acceptedAtMinutes: number | null, firstSolve = false, problemId = A) => ({
      problemId,
      attempts,
      acceptedAtMinutes,
      pending: 0,
      firstSolve,
    });
    expect(row(entries, alice).cells).toEqual([cell(1, 15, true), cell(0, 60, false, B)]);
    expect(row(entries, bob).cells).toEqual([cell(0, 30), cell(1, 50, true, B)]);
    expect(row(entries, dave).cells).toEqual([cell(0, 40), cell(0, 55, false, B)]);
    expect(row(entries, carol).cells).toEqual([cell(1, null)]);

    // The maintained table equals a recount from the judgements and solves.
    const before = await t.db.query(`SELECT * FROM contest_scores WHERE contest_id = $1 ORDER BY user_id`, [
      contestId,
    ]);
    const cellsBefore = await t.db.query(
      `SELECT * FROM contest_cells WHERE contest_id = $1 ORDER BY user_id, problem_id`,
      [contestId],
    );
    await t.app.get(StandingsService).recount(contestId);
    expect(
      await t.db.query(`SELECT * FROM contest_scores WHERE contest_id = $1 ORDER BY user_id`, [contestId]),
    ).toEqual(before);
    expect(
      await t.db.query(`SELECT * FROM contest_cells WHERE contest_id = $1 ORDER BY user_id, problem_id`, [
        contestId,
      ]),
    ).toEqual(cellsBefore);
  });

  it('keeps the points format (score, then the last score-raising accept) and adds cells without a penalty', async () => {
    const [erin, frank] = [await seedUser(t), await seedUser(t)];
    const start = new Date('2031-04-01T09:00:00.000Z');
    const contestId = await newContest(start, 2, {}, [erin, frank]);
    await play(start, contestId, [
      [5, erin, problems.B, 'WA'],
      [9, erin, problems.B, 'AC'],
      [12, frank, problems.A, 'AC'],
      [20, frank, problems.C, 'WA'],
    ]);
    const entries = await board(contestId);
    expect(entries.map((e) => [e.username, e.score, e.problemsSolved, e.rank, 'penalty' in e])).toEqual([
      [frank.username, 30, 1, 1, false],
      [erin.username, 20, 1, 2, false],
    ]);
    expect(row(entries, erin).cells).toEqual([
      { problemId: problems.B, attempts: 1, acceptedAtMinutes: 9, pending: 0, firstSolve: true },
    ]);
    expect(row(entries, frank).cells).toEqual([
      { problemId: problems.A, attempts: 0, acceptedAtMinutes: 12, pending: 0, firstSolve: true },
      { problemId: problems.C, attempts: 1, acceptedAtMinutes: null, pending: 0, firstSolve: false },
    ]);
  });

  it('freezes: others see "?" with tries, each sees their own row, the stream never leaks, unfreeze reveals and rates', async () => {
    const [uma, vic] = [await seedUser(t), await seedUser(t)];
    const start = new Date('2031-05-01T09:00:00.000Z');
    // Three hours with the last hour frozen: the freeze starts at minute 120.
    const contestId = await newContest(start, 3, { format: 'icpc', freezeMinutes: 60 }, [uma, vic]);
    const contest = (await t.http.get(`/api/contests/${contestId}`).expect(200)).body;
    expect(contest).toMatchObject({ format: 'icpc', penaltyMinutes: 20, freezeMinutes: 60, frozen: true });
    expect(contest.freezeTime).toBe(new Date(start.getTime() + 120 * MINUTE).toISOString());
    await play(start, contestId, [[30, uma, problems.A, 'AC']]);

    // Watch the public stream through the freeze, byte for byte.
    await t.app.listen(0, '127.0.0.1');
    const url = `${await t.app.getUrl()}/api/contests/${contestId}/leaderboard/stream`.replace(
      '[::1]',
      '127.0.0.1',
    );
    const abort = new AbortController();
    const response = await fetch(url, { signal: abort.signal });
    const reader = response.body!.getReader();
    let bytes = '';
    const pump = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          bytes += new TextDecoder().decode(value);
        }
      } catch {
        /* aborted */
      }
    })();
    const events = () =>
      bytes
        .split('\n\n')
        .filter((block) => block.includes('event: leaderboard'))
        .map(
          (block) =>
            JSON.parse(
              block
                .split('\n')
                .find((l) => l.startsWith('data: '))!
                .slice(6),
            ) as ContestLeaderboardEntry[],
        );

    await play(start, contestId, [
      [125, vic, problems.A, 'WA'],
      [130, vic, problems.A, 'AC'],
      [135, vic, problems.B, 'AC'],
      [140, uma, problems.B, 'WA'],
    ]);

    // Anyone: vic's tries after the freeze are pending; uma's pre-freeze accept shows.
    const publicView = await board(contestId);
    expect(publicView.map((e) => [e.username, e.rank, e.problemsSolved, e.penalty])).toEqual([
      [uma.username, 1, 1, 30],
      [vic.username, 2, 0, 0],
    ]);
    expect(row(publicView, vic).cells).toEqual([
      { problemId: problems.A, attempts: 0, acceptedAtMinutes: null, pending: 2, firstSolve: false },
      { problemId: problems.B, attempts: 0, acceptedAtMinutes: null, pending: 1, firstSolve: false },
    ]);
    expect(row(publicView, uma).cells).toEqual([
      { problemId: problems.A, attempts: 0, acceptedAtMinutes: 30, pending: 0, firstSolve: true },
      { problemId: problems.B, attempts: 0, acceptedAtMinutes: null, pending: 1, firstSolve: false },
    ]);

    // Vic sees their own accepts (and where they put them), uma stays as others see her.
    const vicView = await board(contestId, vic.token);
    expect(vicView.map((e) => [e.username, e.rank, e.problemsSolved, e.penalty])).toEqual([
      [vic.username, 1, 2, 130 + 20 + 135],
      [uma.username, 2, 1, 30],
    ]);
    expect(row(vicView, vic).cells!.map((c) => [c.attempts, c.acceptedAtMinutes, c.pending])).toEqual([
      [1, 130, 0],
      [0, 135, 0],
    ]);
    // Uma sees her own rejected try, and vic still as '?'.
    const umaView = await board(contestId, uma.token);
    expect(row(umaView, uma).cells![1]).toMatchObject({ attempts: 1, pending: 0 });
    expect(row(umaView, vic)).toMatchObject({ problemsSolved: 0, cells: [{ pending: 2 }, { pending: 1 }] });
    // The shared cache was not touched by the personal views.
    expect(await board(contestId)).toEqual(publicView);

    // The prepared HTTP answers as they go over the wire (gzip or not), and their ETags.
    const origin = new URL(url).origin;
    const wire = (token?: string, headers: Record<string, string> = {}) =>
      rawGet(`${origin}/api/leaderboard/contests/${contestId}`, {
        ...headers,
        ...(token ? bearer(token) : {}),
      });
    const anonymous = await wire(undefined, { 'accept-encoding': 'gzip, deflate' });
    const anonymousPlain = await wire(undefined, { 'accept-encoding': 'identity' });
    const vicWire = await wire(vic.token, { 'accept-encoding': 'gzip, deflate' });
    const umaWire = await wire(uma.token, { 'accept-encoding': 'gzip, deflate' });
    const outsider = await wire((await seedUser(t)).token, { 'accept-encoding': 'gzip, deflate' });
    // (A board this small goes out uncompressed either way; common/prepared-json.spec.ts covers gzip.)
    expect(anonymous.text).toBe(anonymousPlain.text);
    expect(JSON.parse(anonymous.text)).toEqual(publicView);
    expect(JSON.parse(vicWire.text)).toEqual(vicView);
    for (const seen of [anonymous, umaWire, outsider]) {
      // Nothing vic did after the freeze, in any other viewer's bytes.
      expect(seen.text).not.toMatch(/"acceptedAtMinutes":13[05]/);
      expect(seen.text).not.toContain('"penalty":285');
      // Never kept by a shared cache, and a browser's copy is per viewer and encoding.
      expect(seen.headers['cache-control']).toContain('private');
      expect(seen.headers.vary).toMatch(/Accept-Encoding.*Authorization/);
    }
    expect(vicWire.text).toMatch(/"acceptedAtMinutes":130/);
    // A signed-in user without a row sees the shared bytes; each participant their own.
    expect(outsider.text).toBe(anonymous.text);
    expect(outsider.etag).toBe(anonymous.etag);
    expect(new Set([anonymous.etag, vicWire.etag, umaWire.etag]).size).toBe(3);
    // An ETag is a hash of the bytes its viewer received, nothing else: it tells no more than the body.
    for (const seen of [anonymous, anonymousPlain, vicWire, umaWire])
      expect(seen.etag).toBe(`W/"${createHash('sha1').update(seen.text).digest('base64url')}"`);
    // 304 only for the viewer's own current bytes: another viewer's ETag gets the full answer of one's own.
    const notModified = await wire(undefined, { 'if-none-match': anonymous.etag });
    expect([notModified.status, notModified.text]).toEqual([304, '']);
    const withVicsTag = await wire(undefined, { 'if-none-match': vicWire.etag });
    expect([withVicsTag.status, withVicsTag.text]).toEqual([200, anonymousPlain.text]);
    const umaWithVicsTag = await wire(uma.token, { 'if-none-match': vicWire.etag });
    expect([umaWithVicsTag.status, JSON.parse(umaWithVicsTag.text)]).toEqual([200, umaView]);
    const vicWithPublicTag = await wire(vic.token, { 'if-none-match': anonymous.etag });
    expect([vicWithPublicTag.status, JSON.parse(vicWithPublicTag.text)]).toEqual([200, vicView]);
    expect((await wire(vic.token, { 'if-none-match': vicWire.etag })).status).toBe(304);
    // Serving the personal views left the shared answer as it was.
    expect((await wire()).etag).toBe(anonymous.etag);
    // The jury sees through the freeze.
    expect((await board(contestId, admin.token)).map((e) => e.username)).toEqual([
      vic.username,
      uma.username,
    ]);

    // The stream pushed the pending tries but never a frozen result.
    const deadline = Date.now() + 5_000;
    while (
      !events().some((list) =>
        list.some((e) => e.userId === vic.id && e.cells?.some((c) => c.problemId === problems.B)),
      )
    ) {
      if (Date.now() > deadline) throw new Error(`no event showed vic's pending try: ${bytes}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    abort.abort();
    await pump;
    for (const list of events()) {
      const v = list.find((e) => e.userId === vic.id);
      if (!v) continue;
      expect(v).toMatchObject({ problemsSolved: 0, score: 0, penalty: 0 });
      for (const c of v.cells ?? []) expect([c.acceptedAtMinutes, c.attempts]).toEqual([null, 0]);
    }
    expect(bytes).not.toMatch(/"acceptedAtMinutes":13[05]/);
    expect(bytes).not.toContain('"penalty":285');

    // Unfreezing needs an admin and an ended contest; it then reveals and rates from the real standings.
    await t.http.post(`/api/contests/${contestId}/unfreeze`).set(bearer(uma.token)).expect(403);
    const early = await t.http.post(`/api/contests/${contestId}/unfreeze`).set(bearer(admin.token));
    expect([early.status, early.body.error]).toEqual([409, 'Only an ended contest can be unfrozen']);
    at(start, 181);
    const [{ finalized_at: beforeUnfreeze }] = await t.db.query(
      `SELECT finalized_at FROM contests WHERE id = $1`,
      [contestId],
    );
    expect(beforeUnfreeze).toBeNull();
    expect(await board(contestId)).toEqual(publicView);
    const done = await t.http
      .post(`/api/contests/${contestId}/unfreeze`)
      .set(bearer(admin.token))
      .expect(200);
    expect(done.body).toMatchObject({
      message: 'Standings unfrozen',
      contest: { frozen: false, status: 'ended' },
    });
    const again = await t.http.post(`/api/contests/${contestId}/unfreeze`).set(bearer(admin.token));
    expect([again.status, again.body.error]).toEqual([409, 'The standings of this contest are not frozen']);
    const final = await board(contestId);
    expect(final.map((e) => [e.username, e.rank, e.problemsSolved, e.penalty])).toEqual([
      [vic.username, 1, 2, 285],
      [uma.username, 2, 1, 30],
    ]);
    expect(
      row(final, vic).cells!.map((c) => [c.attempts, c.acceptedAtMinutes, c.pending, c.firstSolve]),
    ).toEqual([
      [1, 130, 0, false],
      [0, 135, 0, true],
    ]);
    const v = row(final, vic);
    const u = row(final, uma);
    expect([v.ratingBefore, u.ratingBefore]).toEqual([1500, 1500]);
    expect(v.ratingAfter!).toBeGreaterThan(1500);
    expect(u.ratingAfter!).toBeLessThan(1500);
  });

  it('refuses a freeze longer than the contest and an unknown format', async () => {
    const base = {
      startTime: new Date(Date.now() + 60 * MINUTE).toISOString(),
      endTime: new Date(Date.now() + 120 * MINUTE).toISOString(),
    };
    const long = await t.http
      .post('/api/contests')
      .set(bearer(admin.token))
      .send({ title: 'Too frozen', problemIds: [problems.A], freezeMinutes: 61, ...base });
    expect([long.status, long.body.error]).toEqual([
      400,
      'freezeMinutes must not be longer than the contest',
    ]);
    const format = await t.http
      .post('/api/contests')
      .set(bearer(admin.token))
      .send({ title: 'Odd', problemIds: [problems.A], format: 'kattis', ...base });
    expect([format.status, format.body.error]).toEqual([400, 'format must be one of: points, icpc, ioi']);
    const penalty = await t.http
      .post('/api/contests')
      .set(bearer(admin.token))
      .send({ title: 'Odd', problemIds: [problems.A], penaltyMinutes: -1, ...base });
    expect([penalty.status, penalty.body.error]).toEqual([400, 'penaltyMinutes must not be negative']);
  });
});
