import { beforeAll, describe, expect, it } from 'vitest';
import {
  ServerMessages,
  type ContestLeaderboardEntry,
  type SubmissionPage,
  type VirtualStandings,
} from '@javelin/contracts';
import { ContestsService } from '../src/contests/contests.service';
import { RatingsService } from '../src/contests/ratings.service';
import { StandingsService } from '../src/contests/standings.service';
import { bearer, seedUser, SeededUser, TestApp } from './support/app';
import { createContest } from './support/contests';
import { SUM_ACCEPTED } from './support/problems';
import { fullRunBody } from './support/submissions';
import { MINUTE, scriptedContest } from './support/scripted-contest';

/**
 * Issue 21 items 3 and 4 through HTTP, the real judge, PostgreSQL and Redis: practice after a
 * contest's end, and virtual runs scored as if live among the real standings at the same minute.
 * Every try is a real submit made at a scripted minute by moving the API's clock.
 */
describe('practice after the end and virtual runs', () => {
  const script = scriptedContest({ hiddenB: true });
  const { at, play, newContest } = script;
  let t: TestApp;
  let admin: SeededUser;
  let problems: { A: string; B: string; C: string };
  let clock: ContestsService;
  beforeAll(() => {
    ({ t, admin, problems, clock } = script.s);
  });
  const { attempt } = script;

  const board = async (contestId: string): Promise<ContestLeaderboardEntry[]> =>
    (await t.http.get(`/api/leaderboard/contests/${contestId}`).expect(200)).body;

  /** Everything the contest's standings and ratings are made of, to compare before and after. */
  async function contestRecord(contestId: string, users: SeededUser[]) {
    const ids = users.map((u) => u.id);
    return {
      board: await board(contestId),
      scores: await t.db.query(`SELECT * FROM contest_scores WHERE contest_id = $1 ORDER BY user_id`, [
        contestId,
      ]),
      cells: await t.db.query(
        `SELECT * FROM contest_cells WHERE contest_id = $1 ORDER BY user_id, problem_id`,
        [contestId],
      ),
      ratingChanges: await t.db.query(
        `SELECT user_id, old_rating, new_rating, rank FROM rating_changes WHERE contest_id = $1 ORDER BY user_id`,
        [contestId],
      ),
      ratings: await t.db.query(
        `SELECT user_id, rating, contests_participated FROM profiles WHERE user_id = ANY($1) ORDER BY user_id`,
        [ids],
      ),
      contestSolves: await t.db.query(
        `SELECT user_id, problem_id, points, solved_at FROM solved_problems WHERE contest_id = $1 ORDER BY user_id, problem_id`,
        [contestId],
      ),
    };
  }

  const virtualBoard = async (user: SeededUser, contestId: string): Promise<VirtualStandings> =>
    (await t.http.get(`/api/contests/${contestId}/virtual/standings`).set(bearer(user.token)).expect(200))
      .body;

  /** [username, rank, solved, penalty or score, virtual] per row: what a reader of the board sees. */
  const summary = (entries: ContestLeaderboardEntry[], format: 'icpc' | 'points') =>
    entries.map((e) => [
      e.username,
      e.rank,
      e.problemsSolved,
      format === 'icpc' ? e.penalty : e.score,
      !!e.virtual,
    ]);

  describe('practice after the end', () => {
    it('solves from an ended contest leave its standings and ratings identical and go to the history', async () => {
      const [alice, bob, carol] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const start = new Date('2032-01-10T09:00:00.000Z');
      const contestId = await newContest(start, 2, {}, [alice, bob]);
      await play(start, contestId, [
        [10, alice, problems.A, 'AC'],
        [20, bob, problems.A, 'WA'],
        [30, bob, problems.B, 'AC'],
      ]);

      // Practice is for after the end: during the contest, the live rules stand.
      const during = await t.http
        .post('/api/execute-code')
        .set(bearer(carol.token))
        .send(fullRunBody(problems.A, SUM_ACCEPTED, { contestId, contestMode: 'practice' }))
        .expect(403);
      expect(during.body.message).toBe(ServerMessages.practiceOnlyAfterEnd);

      at(start, 121);
      expect(await t.app.get(RatingsService).finalize(contestId, clock.now())).toBe(true);
      const before = await contestRecord(contestId, [alice, bob, carol]);
      expect(before.ratingChanges).toHaveLength(2);
      const carolProfile = (await t.http.get('/api/profiles/me').set(bearer(carol.token)).expect(200)).body;

      // The spec's call without a mode is still refused after the end, with the spec's sentence.
      const closed = await t.http
        .post('/api/execute-code')
        .set(bearer(bob.token))
        .send(fullRunBody(problems.A, SUM_ACCEPTED, { contestId }))
        .expect(403);
      expect(closed.body.message).toBe(ServerMessages.contestNotActive);

      // A participant practises the problem they missed; a newcomer practises the contest-only one.
      at(start, 200);
      await attempt(bob, contestId, problems.A, 'WA', 'practice');
      at(start, 201);
      expect(await attempt(bob, contestId, problems.A, 'AC', 'practice')).toEqual(
        expect.objectContaining({ alreadySolved: false, points: 30 }),
      );
      expect(await attempt(carol, contestId, problems.B, 'AC', 'practice')).toEqual(
        expect.objectContaining({ alreadySolved: false, points: 20 }),
      );
      // Hidden problems stay usable only through the contest.
      await t.http.get(`/api/problems/${problems.B}`).set(bearer(carol.token)).expect(404);
      await t.http
        .post('/api/execute-code')
        .set(bearer(carol.token))
        .send(fullRunBody(problems.B, SUM_ACCEPTED))
        .expect(404);

      // Standings, cells, solves and ratings are exactly as they were, also after a full recount.
      expect(await contestRecord(contestId, [alice, bob, carol])).toEqual(before);
      await t.app.get(StandingsService).recount(contestId);
      t.app.get(StandingsService).contestChanged(contestId);
      expect(await contestRecord(contestId, [alice, bob, carol])).toEqual(before);
      expect(await t.app.get(RatingsService).rerate(contestId)).toBe(0);
      expect(await contestRecord(contestId, [alice, bob, carol])).toEqual(before);

      // Practice points, as any practice solve: the profile's score moves, its rating does not.
      const after = (await t.http.get('/api/profiles/me').set(bearer(carol.token)).expect(200)).body;
      expect(after.totalScore).toBe(carolProfile.totalScore + 20);
      expect(after.problemsSolved).toBe(carolProfile.problemsSolved + 1);
      expect([after.rating, after.contestsParticipated]).toEqual([
        carolProfile.rating,
        carolProfile.contestsParticipated,
      ]);
      const solved = (await t.http.get('/api/solved-problems').set(bearer(carol.token)).expect(200)).body;
      expect(solved.map((s: { problemId: string }) => s.problemId)).toContain(problems.B);

      // In the history: the practice submits, marked as practice through this contest.
      const history: SubmissionPage = (
        await t.http.get(`/api/submissions?contestId=${contestId}`).set(bearer(bob.token)).expect(200)
      ).body;
      const practice = history.items.filter((i) => i.contestMode === 'practice');
      expect(practice.map((i) => [i.verdict, i.contestId, i.viaContestId])).toEqual([
        ['accepted', null, contestId],
        ['wrong_answer', null, contestId],
      ]);
      // The live submits are still listed as the contest's.
      expect(history.items.filter((i) => i.contestId === contestId).map((i) => i.verdict)).toEqual([
        'accepted',
        'wrong_answer',
      ]);
      const carolHistory: SubmissionPage = (
        await t.http.get(`/api/submissions?problemId=${problems.B}`).set(bearer(carol.token)).expect(200)
      ).body;
      expect(carolHistory.items).toHaveLength(1);
      const detail = (
        await t.http.get(`/api/submissions/${carolHistory.items[0]._id}`).set(bearer(carol.token)).expect(200)
      ).body;
      expect(detail).toMatchObject({ contestMode: 'practice', viaContestId: contestId, verdict: 'accepted' });
      // Hidden tests stay masked in the history of a practice submit too.
      expect(detail.results.filter((r: { isExample: boolean }) => !r.isExample)).toHaveLength(3);
      for (const r of detail.results.filter((r: { isExample: boolean }) => !r.isExample))
        expect([r.input, r.expectedOutput, r.actualOutput]).toEqual(['', '', '']);
    });

    it('refuses a practice context that is not real, and a mode without its contest', async () => {
      const user = await seedUser(t);
      const start = new Date('2032-01-20T09:00:00.000Z');
      const contestId = (
        await createContest(t, admin.token, [problems.A], {
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 60 * MINUTE).toISOString(),
        })
      )._id;
      at(start, 90);
      const send = (body: Record<string, unknown>) =>
        t.http
          .post('/api/execute-code')
          .set(bearer(user.token))
          .send({ ...fullRunBody(problems.A, SUM_ACCEPTED), ...body });
      expect((await send({ contestMode: 'practice' }).expect(400)).body.message).toBe(
        ServerMessages.contestModeNeedsContestId,
      );
      expect((await send({ contestId, contestMode: 'live' }).expect(400)).body.message).toBe(
        'contestMode must be one of: practice, virtual',
      );
      expect(
        (await send({ contestId, contestMode: 'practice', problemId: problems.C }).expect(404)).body.message,
      ).toBe(ServerMessages.problemNotInContest);
      expect(
        (
          await send({ contestId: '00000000-0000-4000-8000-000000000000', contestMode: 'practice' }).expect(
            404,
          )
        ).body.message,
      ).toBe(ServerMessages.contestNotFound);
      expect((await send({ contestId, contestMode: 'virtual' }).expect(403)).body.message).toBe(
        ServerMessages.noVirtualRunInProgress,
      );
      await t.http
        .post('/api/solve')
        .set(bearer(user.token))
        .send({
          problemId: problems.A,
          submissionId: '00000000-0000-4000-8000-000000000000',
          contestMode: 'practice',
        })
        .expect(400);
    });
  });

  describe('virtual runs', () => {
    it('scores an ICPC virtual run at scripted minutes among the real standings at the same minute, never rated', async () => {
      const [alice, bob, dave] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const start = new Date('2032-02-01T09:00:00.000Z');
      const contestId = await newContest(start, 2, { format: 'icpc', penaltyMinutes: 20 }, [alice, bob]);
      const { A, B, C } = problems;
      await play(start, contestId, [
        [10, alice, A, 'AC'],
        [20, bob, A, 'WA'],
        [30, bob, A, 'AC'],
        [60, alice, B, 'AC'],
        [100, bob, B, 'WA'],
      ]);

      // Over, not yet rated: the virtual run happens before the ratings are computed, and changes nothing in them.
      at(start, 121);
      const realBoard = await board(contestId);
      const ratingsBefore = await t.db.query(
        `SELECT user_id, rating, contests_participated FROM profiles ORDER BY user_id`,
      );

      const v = new Date('2032-02-05T18:00:00.000Z');
      at(v, 0);
      const started = await t.http
        .post(`/api/contests/${contestId}/virtual`)
        .set(bearer(dave.token))
        .expect(201);
      expect(started.body).toEqual({
        _id: expect.any(String),
        contestId,
        startedAt: v.toISOString(),
        endsAt: new Date(v.getTime() + 120 * MINUTE).toISOString(),
        status: 'running',
      });
      let vb = await virtualBoard(dave, contestId);
      expect([vb.elapsedSeconds, vb.durationSeconds]).toEqual([0, 7200]);
      expect(summary(vb.entries, 'icpc')).toEqual([[dave.username, 1, 0, 0, true]]);

      await play(
        v,
        contestId,
        [
          [5, dave, A, 'WA'],
          [12, dave, A, 'AC'],
        ],
        'virtual',
      );
      at(v, 15);
      vb = await virtualBoard(dave, contestId);
      // At minute 15: alice's A (minute 10) shows; bob has tried nothing yet. dave: 12 + 20 for the rejected try.
      expect(summary(vb.entries, 'icpc')).toEqual([
        [alice.username, 1, 1, 10, false],
        [dave.username, 2, 1, 32, true],
      ]);
      expect(vb.own).toEqual({
        userId: dave.id,
        username: dave.username,
        fullName: `User ${dave.username}`,
        score: 30,
        problemsSolved: 1,
        rank: 2,
        penalty: 32,
        cells: [{ problemId: A, attempts: 1, acceptedAtMinutes: 12, pending: 0, firstSolve: false }],
        virtual: true,
      });

      at(v, 35);
      vb = await virtualBoard(dave, contestId);
      expect(summary(vb.entries, 'icpc')).toEqual([
        [alice.username, 1, 1, 10, false],
        [dave.username, 2, 1, 32, true],
        [bob.username, 3, 1, 50, false],
      ]);

      await play(
        v,
        contestId,
        [
          [40, dave, C, 'CE'], // a compile error is never a try
          [50, dave, B, 'AC'],
        ],
        'virtual',
      );
      at(v, 55);
      vb = await virtualBoard(dave, contestId);
      // alice's B at minute 60 has not happened yet at minute 55: dave leads with 2 solved.
      expect(summary(vb.entries, 'icpc')).toEqual([
        [dave.username, 1, 2, 82, true],
        [alice.username, 2, 1, 10, false],
        [bob.username, 3, 1, 50, false],
      ]);
      expect(vb.own.cells!.find((c) => c.problemId === B)).toMatchObject({
        acceptedAtMinutes: 50,
        firstSolve: true,
      });
      expect(vb.own.cells!.map((c) => c.problemId)).toEqual([A, B]);

      at(v, 65);
      vb = await virtualBoard(dave, contestId);
      expect(summary(vb.entries, 'icpc')).toEqual([
        [alice.username, 1, 2, 70, false],
        [dave.username, 2, 2, 82, true],
        [bob.username, 3, 1, 50, false],
      ]);

      // Past the end of the run: the final standings with dave's row; his tries no longer count.
      at(v, 121);
      expect(
        (
          await t.http
            .post('/api/execute-code')
            .set(bearer(dave.token))
            .send(fullRunBody(C, SUM_ACCEPTED, { contestId, contestMode: 'virtual' }))
            .expect(403)
        ).body.message,
      ).toBe(ServerMessages.noVirtualRunInProgress);
      vb = await virtualBoard(dave, contestId);
      expect(vb.run.status).toBe('finished');
      expect(vb.elapsedSeconds).toBe(7200);
      expect(summary(vb.entries, 'icpc')).toEqual([
        [alice.username, 1, 2, 70, false],
        [dave.username, 2, 2, 82, true],
        [bob.username, 3, 1, 50, false],
      ]);
      expect(vb.entries.find((e) => e.userId === bob.id)!.cells).toEqual([
        { problemId: A, attempts: 1, acceptedAtMinutes: 30, pending: 0, firstSolve: false },
        { problemId: B, attempts: 1, acceptedAtMinutes: null, pending: 0, firstSolve: false },
      ]);

      // The contest's own board never shows the run; rating it rates only the real participants.
      expect(await board(contestId)).toEqual(realBoard);
      expect(await t.app.get(RatingsService).finalize(contestId, clock.now())).toBe(true);
      const rated = await t.db.query(
        `SELECT user_id FROM rating_changes WHERE contest_id = $1 ORDER BY user_id`,
        [contestId],
      );
      expect(rated.map((r: { user_id: string }) => r.user_id)).toEqual([alice.id, bob.id].sort());
      const ratingsAfter = await t.db.query(
        `SELECT user_id, rating, contests_participated FROM profiles ORDER BY user_id`,
      );
      const unchanged = (rows: { user_id: string }[]) =>
        rows.filter((r) => ![alice.id, bob.id].includes(r.user_id));
      expect(unchanged(ratingsAfter)).toEqual(unchanged(ratingsBefore));
      const daveProfile = (await t.http.get('/api/profiles/me').set(bearer(dave.token)).expect(200)).body;
      expect([daveProfile.rating, daveProfile.contestsParticipated]).toEqual([1500, 0]);
      expect(
        (await t.http.get('/api/profiles/me/rating-history').set(bearer(dave.token)).expect(200)).body,
      ).toEqual([]);

      // The run's submits are in dave's history, marked virtual.
      const history: SubmissionPage = (
        await t.http.get(`/api/submissions?contestId=${contestId}`).set(bearer(dave.token)).expect(200)
      ).body;
      expect(history.items.map((i) => [i.contestMode, i.verdict])).toEqual([
        ['virtual', 'accepted'],
        ['virtual', 'compilation_error'],
        ['virtual', 'accepted'],
        ['virtual', 'wrong_answer'],
      ]);
    });

    it('scores a points virtual run by score, then the earlier last accept, against the real board at that minute', async () => {
      const [erin, frank, gina] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const start = new Date('2032-03-01T09:00:00.000Z');
      const contestId = await newContest(start, 1, {}, [erin, frank]);
      const { A, B, C } = problems;
      await play(start, contestId, [
        [5, frank, B, 'AC'],
        [10, erin, A, 'AC'],
        [40, frank, C, 'AC'],
      ]);

      const v = new Date('2032-03-02T12:00:00.000Z');
      at(v, 0);
      await t.http.post(`/api/contests/${contestId}/virtual`).set(bearer(gina.token)).expect(201);
      at(v, 8);
      await attempt(gina, contestId, B, 'AC', 'virtual');
      at(v, 9);
      // At minute 9 erin's accept (minute 10) has not happened: only frank's B and gina's.
      expect(summary((await virtualBoard(gina, contestId)).entries, 'points')).toEqual([
        [frank.username, 1, 1, 20, false],
        [gina.username, 2, 1, 20, true],
      ]);
      at(v, 20);
      await attempt(gina, contestId, C, 'AC', 'virtual');
      at(v, 30);
      expect(summary((await virtualBoard(gina, contestId)).entries, 'points')).toEqual([
        [erin.username, 1, 1, 30, false],
        [gina.username, 2, 2, 30, true],
        [frank.username, 3, 1, 20, false],
      ]);
      at(v, 45);
      const vb = await virtualBoard(gina, contestId);
      expect(summary(vb.entries, 'points')).toEqual([
        [erin.username, 1, 1, 30, false],
        [gina.username, 2, 2, 30, true],
        [frank.username, 3, 2, 30, false],
      ]);
      expect(vb.entries.every((e) => !('penalty' in e))).toBe(true);
      // A page of the board, and the own row wherever it is.
      const page = (
        await t.http
          .get(`/api/contests/${contestId}/virtual/standings?limit=1&offset=2`)
          .set(bearer(gina.token))
          .expect(200)
      ).body as VirtualStandings;
      expect(page.entries.map((e) => e.username)).toEqual([frank.username]);
      expect(page.own).toMatchObject({ username: gina.username, rank: 2, virtual: true });

      // Ending early: the board stays at the minute it ended, and later tries are refused.
      const finished = await t.http
        .post(`/api/contests/${contestId}/virtual/finish`)
        .set(bearer(gina.token))
        .expect(200);
      expect(finished.body).toMatchObject({
        status: 'finished',
        endsAt: new Date(v.getTime() + 45 * MINUTE).toISOString(),
      });
      at(v, 50);
      expect((await virtualBoard(gina, contestId)).elapsedSeconds).toBe(45 * 60);
      expect(
        (await t.http.post(`/api/contests/${contestId}/virtual/finish`).set(bearer(gina.token)).expect(409))
          .body.message,
      ).toBe(ServerMessages.noVirtualRunInProgress);
      const state = (
        await t.http.get(`/api/contests/${contestId}/virtual`).set(bearer(gina.token)).expect(200)
      ).body;
      expect(state.run).toMatchObject({ status: 'finished', contestId });
      expect((await board(contestId)).map((e) => e.userId)).not.toContain(gina.id);
    });

    it('shows the frozen board as the contest does while it stays frozen: later results pending', async () => {
      const [hank, ivy, jo] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const start = new Date('2032-04-01T09:00:00.000Z');
      // Two hours, the last hour frozen (from minute 60).
      const contestId = await newContest(start, 2, { format: 'icpc', freezeMinutes: 60 }, [hank, ivy]);
      await play(start, contestId, [
        [20, hank, problems.A, 'AC'],
        [70, ivy, problems.A, 'WA'],
        [80, ivy, problems.A, 'AC'],
      ]);

      const v = new Date('2032-04-03T09:00:00.000Z');
      at(v, 0);
      await t.http.post(`/api/contests/${contestId}/virtual`).set(bearer(jo.token)).expect(201);
      at(v, 75);
      const frozen = await virtualBoard(jo, contestId);
      expect(frozen.frozen).toBe(true);
      expect(frozen.entries.find((e) => e.userId === ivy.id)!.cells).toEqual([
        { problemId: problems.A, attempts: 0, acceptedAtMinutes: null, pending: 1, firstSolve: false },
      ]);
      at(v, 90);
      expect((await virtualBoard(jo, contestId)).entries.find((e) => e.userId === ivy.id)!.cells).toEqual([
        { problemId: problems.A, attempts: 0, acceptedAtMinutes: null, pending: 2, firstSolve: false },
      ]);
      // Once an admin unfreezes the contest, the board at the same minute shows what really happened.
      await t.http.post(`/api/contests/${contestId}/unfreeze`).set(bearer(admin.token)).expect(200);
      const open = await virtualBoard(jo, contestId);
      expect(open.frozen).toBe(false);
      expect(open.entries.find((e) => e.userId === ivy.id)!.cells).toEqual([
        { problemId: problems.A, attempts: 1, acceptedAtMinutes: 80, pending: 0, firstSolve: false },
      ]);
    });

    it('refuses a second concurrent virtual run, a run before the end, and real participants', async () => {
      const [kim, lee, part] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      const start = new Date('2032-05-01T09:00:00.000Z');
      const first = await newContest(start, 1, {}, [part]);
      const second = await newContest(start, 1, {}, []);

      at(start, 30);
      const early = await t.http.post(`/api/contests/${first}/virtual`).set(bearer(kim.token)).expect(409);
      expect(early.body.message).toBe(ServerMessages.virtualOnlyAfterEnd);

      at(start, 61);
      // Six at once for one contest: exactly one starts.
      const same = await Promise.all(
        Array.from({ length: 6 }, () => t.http.post(`/api/contests/${first}/virtual`).set(bearer(kim.token))),
      );
      expect(same.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of same.filter((r) => r.status === 409))
        expect(r.body.message).toBe(ServerMessages.virtualRunInProgress);
      expect(
        (await t.db.query(`SELECT count(*)::int AS n FROM virtual_runs WHERE user_id = $1`, [kim.id]))[0].n,
      ).toBe(1);

      // Two contests at once: one run at a time.
      const both = await Promise.all([
        t.http.post(`/api/contests/${first}/virtual`).set(bearer(lee.token)),
        t.http.post(`/api/contests/${second}/virtual`).set(bearer(lee.token)),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
      // Still refused later while it runs.
      at(start, 61 + 30);
      expect(
        (await t.http.post(`/api/contests/${second}/virtual`).set(bearer(kim.token)).expect(409)).body
          .message,
      ).toBe(ServerMessages.virtualRunInProgress);
      // Once it is over, another run may start.
      at(start, 61 + 61);
      await t.http.post(`/api/contests/${second}/virtual`).set(bearer(kim.token)).expect(201);

      // Whoever took part in the real contest practises it but does not run it virtually (as Codeforces).
      const refused = await t.http.post(`/api/contests/${first}/virtual`).set(bearer(part.token)).expect(403);
      expect(refused.body.message).toBe(ServerMessages.virtualNotForParticipants);

      // Signed in only, known contests only, and a run to read before its board.
      await t.http.post(`/api/contests/${first}/virtual`).expect(401);
      await t.http.get(`/api/contests/${first}/virtual/standings`).expect(401);
      await t.http.post('/api/contests/not-a-uuid/virtual').set(bearer(kim.token)).expect(400);
      await t.http
        .post('/api/contests/00000000-0000-4000-8000-000000000000/virtual')
        .set(bearer(kim.token))
        .expect(404);
      const none = await t.http
        .get(`/api/contests/${first}/virtual/standings`)
        .set(bearer(part.token))
        .expect(404);
      expect(none.body.message).toBe(ServerMessages.noVirtualRun);
      expect(
        (await t.http.get(`/api/contests/${first}/virtual`).set(bearer(part.token)).expect(200)).body,
      ).toEqual({
        run: null,
      });
      await t.http.get(`/api/contests/${first}/virtual/standings?limit=0`).set(bearer(kim.token)).expect(400);
    });
  });
});
