import {
  aiHelpOffInContest,
  type Activity,
  type ContestLeaderboardEntry,
  type VirtualStandings,
} from '@javelin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/common/hash';
import { ContestsService } from '../src/contests/contests.service';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { createContest, submitAndSolve } from './support/contests';
import { createProblem, SUM_ACCEPTED } from './support/problems';
import { openContestStream } from './support/sse';

const MINUTE = 60_000;
/** Code no one else sends: if it surfaced in another viewer's answer, the solver's work would have leaked. */
const SOLVER_CODE = SUM_ACCEPTED.replace('return a + b;', 'int solverMarker = a; return solverMarker + b;');

type Viewer = 'anonymous' | 'rival' | 'solver' | 'admin';

/**
 * Issue 28, Deliver 3: a freeze holds on every route that tells solves or verdicts. The solver solves
 * problem EARLY before the freeze and problem LATE after it; until the unfreeze, every route shows
 * LATE's solve to the solver and to admins only, while EARLY's stays visible to all (so each check
 * could fail both ways). Then the admin unfreezes and every route tells LATE to everyone.
 */
describe('a freeze holds on every route', () => {
  let t: TestApp;
  let clock: ContestsService;
  let admin: SeededUser;
  let solver: SeededUser;
  let rival: SeededUser;
  let outsider: SeededUser;
  let early: string;
  let late: string;
  let contestId: string;
  let lateSubmissionId: string;
  const realNow = Date.now();

  const tokenOf = (viewer: Viewer) =>
    viewer === 'anonymous' ? undefined : { rival, solver, admin }[viewer].token;
  const get = (viewer: Viewer, path: string) => {
    const req = t.http.get(path);
    const token = tokenOf(viewer);
    return token ? req.set(bearer(token)) : req;
  };

  /** A passing full judgement of `code` at `at`, as the judge would record it. */
  async function judged(user: SeededUser, problemId: string, code: string, at: Date) {
    await t.db.query(
      `INSERT INTO judgements (user_id, problem_id, contest_id, code_hash, code, all_tests, verdict, passed_count, total_count, created_at)
       VALUES ($1, $2, $3, $4, $5, true, 'accepted', 5, 5, $6)`,
      [user.id, problemId, contestId, sha256(code), code, at],
    );
  }

  beforeAll(async () => {
    t = await startApp({
      AI_JAVAC_TIMEOUT_MS: '1000',
      AI_MEASURE_BUDGET_MS: '0',
      AI_COUNTEREXAMPLE_BUDGET_MS: '0',
    });
    await resetDatabase(t.db);
    clock = t.app.get(ContestsService);
    admin = await seedUser(t, ['admin']);
    solver = await seedUser(t);
    rival = await seedUser(t);
    outsider = await seedUser(t);
    early = (await createProblem(t, admin.token, { title: 'Early bird', points: 10 }))._id;
    late = (await createProblem(t, admin.token, { title: 'Late breaker', points: 20 }))._id;
    contestId = (await createContest(t, admin.token, [early, late], { freezeMinutes: 60 }))._id;
    for (const u of [solver, rival])
      await t.http.post(`/api/contests/${contestId}/join`).set(bearer(u.token)).expect(200);
    // Running for 100 of its 120 minutes: the freeze began 40 minutes ago.
    await t.db.query(
      `UPDATE contests SET start_time = $2::timestamptz - interval '100 minutes', end_time = $2::timestamptz + interval '20 minutes' WHERE id = $1`,
      [contestId, new Date(realNow)],
    );
    clock.useClock(() => new Date(realNow - 50 * MINUTE));
    await judged(solver, early, SUM_ACCEPTED, new Date(realNow - 50 * MINUTE));
    expect((await submitAndSolve(t, solver, early, contestId, SUM_ACCEPTED)).status).toBe(200);
    clock.useClock(() => new Date(realNow));
    await judged(solver, late, SOLVER_CODE, new Date(realNow));
    expect((await submitAndSolve(t, solver, late, contestId, SOLVER_CODE)).status).toBe(200);
    // The submission history lists judgements: this is the late accept's.
    const [row] = await t.db.query(`SELECT id FROM judgements WHERE user_id = $1 AND problem_id = $2`, [
      solver.id,
      late,
    ]);
    lateSubmissionId = row.id;
  });
  afterAll(async () => {
    clock?.useClock(() => new Date());
    await t?.close();
  });

  const problemIdsOf = (activity: Activity[]) => activity.map((a) => a.problemId).sort();
  const solverRow = (entries: ContestLeaderboardEntry[]) => entries.find((e) => e.userId === solver.id);

  describe('during the freeze', () => {
    it('profile activity: the late solve is the solver’s and admins’ alone', async () => {
      for (const viewer of ['anonymous', 'rival'] as const) {
        const res = await get(viewer, `/api/profiles/${solver.id}/activity`).expect(200);
        expect(problemIdsOf(res.body), viewer).toEqual([early]);
      }
      for (const viewer of ['solver', 'admin'] as const) {
        const res = await get(viewer, `/api/profiles/${solver.id}/activity`).expect(200);
        expect(problemIdsOf(res.body), viewer).toEqual([early, late].sort());
      }
      expect(problemIdsOf((await get('solver', '/api/profiles/me/activity').expect(200)).body)).toEqual(
        [early, late].sort(),
      );
      expect((await get('rival', '/api/profiles/me/activity').expect(200)).body).toEqual([]);
    });

    it('profile stats, rating history and the practice and rating leaderboards tell no more than the frozen board', async () => {
      for (const viewer of ['anonymous', 'rival', 'solver'] as const) {
        const profile = (await get(viewer, `/api/profiles/${solver.id}`).expect(200)).body;
        expect(profile, viewer).toMatchObject({
          totalScore: 0,
          // Problems solved counts contest solves (issue 30): the early one, which the board shows
          // everyone; the late one only for the solver until the unfreeze.
          problemsSolved: viewer === 'solver' ? 2 : 1,
          contestsParticipated: 0,
          rating: 1500,
        });
        expect(
          (await get(viewer, `/api/profiles/${solver.id}/rating-history`).expect(200)).body,
          viewer,
        ).toEqual([]);
        const practice = (await get(viewer, '/api/leaderboard/problems').expect(200)).body as {
          userId: string;
        }[];
        expect(
          practice.map((e) => e.userId),
          viewer,
        ).not.toContain(solver.id);
        expect((await get(viewer, '/api/leaderboard/contests').expect(200)).body, viewer).toEqual([]);
      }
    });

    it('solved lists and submission history: the late solve is the solver’s alone', async () => {
      expect(
        (await get('solver', `/api/contests/${contestId}/solved-problems`).expect(200)).body.sort(),
      ).toEqual([early, late].sort());
      expect((await get('rival', `/api/contests/${contestId}/solved-problems`).expect(200)).body).toEqual([]);
      expect((await get('anonymous', `/api/contests/${contestId}/solved-problems`)).status).toBe(401);
      expect((await get('rival', `/api/submissions/${lateSubmissionId}`)).status).toBe(404);
      expect((await get('anonymous', `/api/submissions/${lateSubmissionId}`)).status).toBe(401);
      expect((await get('solver', `/api/submissions/${lateSubmissionId}`).expect(200)).body.verdict).toBe(
        'accepted',
      );
      expect((await get('admin', `/api/submissions/${lateSubmissionId}`)).status).toBe(200);
      const rivalHistory = (await get('rival', `/api/submissions?contestId=${contestId}`).expect(200)).body;
      expect(rivalHistory.total).toBe(0);
      // A contest solve counts as solved on the solver's own list (issue 45), the late one too: it is theirs;
      // nobody else's list shows it.
      const own = (await get('solver', '/api/solved-problems').expect(200)).body as { problemId: string }[];
      expect(own.map((p) => p.problemId).sort()).toEqual([early, late].sort());
      expect((await get('rival', '/api/solved-problems').expect(200)).body).toEqual([]);
    });

    it('acceptance rates count the late accept for nobody until the unfreeze', async () => {
      for (const viewer of ['anonymous', 'rival', 'solver'] as const) {
        const rates = (await get(viewer, '/api/acceptance-rates').expect(200)).body as {
          problemId: string;
          solvedUsers: number;
        }[];
        expect(rates.find((r) => r.problemId === early)?.solvedUsers, viewer).toBe(1);
        expect(rates.find((r) => r.problemId === late)?.solvedUsers ?? 0, viewer).toBe(0);
      }
    });

    it('the contest’s standings show the late solve as pending to all but the solver and admins', async () => {
      for (const viewer of ['anonymous', 'rival'] as const) {
        const row = solverRow((await get(viewer, `/api/leaderboard/contests/${contestId}`).expect(200)).body);
        expect(row, viewer).toMatchObject({ score: 10, problemsSolved: 1 });
      }
      for (const viewer of ['solver', 'admin'] as const) {
        const row = solverRow((await get(viewer, `/api/leaderboard/contests/${contestId}`).expect(200)).body);
        expect(row, viewer).toMatchObject({ score: 30, problemsSolved: 2 });
      }
    });

    it('the live stream sends every viewer the frozen board', async () => {
      for (const viewer of ['anonymous', 'rival', 'solver'] as const) {
        const stream = await openContestStream(t, contestId, tokenOf(viewer));
        try {
          const board = await stream.next((e) => e.event === 'leaderboard');
          expect(solverRow(board.data as ContestLeaderboardEntry[]), viewer).toMatchObject({
            score: 10,
            problemsSolved: 1,
          });
          expect(stream.raw, viewer).not.toContain('"score":30');
        } finally {
          stream.close();
        }
      }
    });

    it('the AI’s answer about the late problem carries nothing of the solver’s work', async () => {
      for (const viewer of ['rival', 'solver', 'outsider'] as const) {
        const res = await t.http
          .post('/api/analyze-code')
          .set(bearer(viewer === 'outsider' ? outsider.token : tokenOf(viewer)!))
          .send({ code: SUM_ACCEPTED, language: 'java', problemId: late });
        // Participants of the running contest get no AI help on its problems (issue 47); others do.
        if (viewer === 'outsider') expect(res.status, viewer).toBe(200);
        else {
          expect(res.status, viewer).toBe(403);
          expect(res.body.error ?? res.body.message, viewer).toBe(aiHelpOffInContest);
        }
        expect(JSON.stringify(res.body), viewer).not.toMatch(/solverMarker|accepted by|Late breaker.*solved/);
        expect(JSON.stringify(res.body), viewer).not.toContain(solver.username);
      }
    });
  });

  describe('after the end, still frozen', () => {
    beforeAll(() => {
      // 30 minutes past the end (the API's clock): ended, not yet unfrozen.
      clock.useClock(() => new Date(realNow + 50 * MINUTE));
    });

    it('a virtual run’s standings show the late solve as pending', async () => {
      await t.http.post(`/api/contests/${contestId}/virtual`).set(bearer(outsider.token)).expect(201);
      // 110 minutes into the run: past both solves on the contest's clock.
      clock.useClock(() => new Date(realNow + 160 * MINUTE));
      const standings = (
        await t.http
          .get(`/api/contests/${contestId}/virtual/standings`)
          .set(bearer(outsider.token))
          .expect(200)
      ).body as VirtualStandings;
      expect(standings.frozen).toBe(true);
      expect(solverRow(standings.entries)).toMatchObject({ score: 10, problemsSolved: 1 });
      expect((await get('anonymous', `/api/contests/${contestId}/virtual/standings`)).status).toBe(401);
      // The real contest's own participants practise instead: they get no virtual board at all.
      expect((await get('rival', `/api/contests/${contestId}/virtual/standings`)).status).toBe(404);
      await t.http.post(`/api/contests/${contestId}/virtual/finish`).set(bearer(outsider.token)).expect(200);
    });

    it('profile activity and the standings still hide the late solve', async () => {
      expect(
        problemIdsOf((await get('rival', `/api/profiles/${solver.id}/activity`).expect(200)).body),
      ).toEqual([early]);
      const row = solverRow(
        (await get('anonymous', `/api/leaderboard/contests/${contestId}`).expect(200)).body,
      );
      expect(row).toMatchObject({ score: 10 });
    });
  });

  describe('after the unfreeze', () => {
    beforeAll(async () => {
      await t.http.post(`/api/contests/${contestId}/unfreeze`).set(bearer(admin.token)).expect(200);
    });

    it('every route tells the late solve to everyone', async () => {
      for (const viewer of ['anonymous', 'rival'] as const) {
        expect(
          problemIdsOf((await get(viewer, `/api/profiles/${solver.id}/activity`).expect(200)).body),
          viewer,
        ).toEqual([early, late].sort());
        const row = solverRow((await get(viewer, `/api/leaderboard/contests/${contestId}`).expect(200)).body);
        expect(row, viewer).toMatchObject({ score: 30, problemsSolved: 2 });
        const rates = (await get(viewer, '/api/acceptance-rates').expect(200)).body as {
          problemId: string;
          solvedUsers: number;
        }[];
        expect(rates.find((r) => r.problemId === late)?.solvedUsers, viewer).toBe(1);
      }
      const stream = await openContestStream(t, contestId);
      try {
        const board = await stream.next((e) => e.event === 'leaderboard');
        expect(solverRow(board.data as ContestLeaderboardEntry[])).toMatchObject({ score: 30 });
      } finally {
        stream.close();
      }
    });
  });
});
