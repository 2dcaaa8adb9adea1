import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/common/hash';
import { bearer, resetDatabase, seedUser, startApp, type SeededUser, type TestApp } from './support/app';
import { createContest, recordPassingJudgement, startNow, submitAndSolve } from './support/contests';
import { createProblem } from './support/problems';
import { acceptedSubmissionBody } from './support/submissions';
import { SubmissionsRepository } from '../src/submissions/submissions.repository';

/**
 * Issue 30 "numbers agree": one definition each, the same on the profile (owner's and public), the
 * practice leaderboard (and so the dashboard, which reads the owner's profile) and the problem list:
 * problems solved = distinct problems solved in practice or contests; total score = the practice
 * points of distinct problems (DESIGN.md); acceptance = accepted submissions ÷ judged submissions.
 */
describe('the numbers every screen shows agree', () => {
  let t: TestApp;
  let admin: SeededUser;
  let ada: SeededUser;
  let p1: { _id: string; points: number };
  let p2: { _id: string; points: number };

  const wrongJudgement = (user: SeededUser, problemId: string, contestId: string | null, at = 'now()') =>
    t.db.query(
      `INSERT INTO judgements (user_id, problem_id, contest_id, code_hash, all_tests, verdict, passed_count, total_count, created_at)
       VALUES ($1, $2, $3, $4, true, 'wrong_answer', 2, 5, ${at})`,
      [user.id, problemId, contestId, sha256(`wrong ${Math.random()}`)],
    );
  const exampleRun = (user: SeededUser, problemId: string) =>
    t.db.query(
      `INSERT INTO judgements (user_id, problem_id, contest_id, code_hash, all_tests, verdict, passed_count, total_count)
       VALUES ($1, $2, NULL, $3, false, 'accepted', 2, 2)`,
      [user.id, problemId, sha256(`run ${Math.random()}`)],
    );
  const practiceSolve = async (user: SeededUser, problemId: string, code: string) => {
    await recordPassingJudgement(t, user, problemId, null, code);
    const sub = await t.http
      .post('/api/submissions')
      .set(bearer(user.token))
      .send(acceptedSubmissionBody(problemId, code))
      .expect(201);
    await t.http
      .post('/api/solve')
      .set(bearer(user.token))
      .send({ problemId, submissionId: sub.body._id })
      .expect(200);
  };
  const contestSolve = async (user: SeededUser, problemId: string, contestId: string, code: string) => {
    await recordPassingJudgement(t, user, problemId, contestId, code);
    const res = await submitAndSolve(t, user, problemId, contestId, code);
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    ada = await seedUser(t);
    p1 = await createProblem(t, admin.token, { points: 20 });
    p2 = await createProblem(t, admin.token, { points: 30 });
  });
  afterAll(() => t?.close());

  it('after a practice and a contest solve: profile, public profile, leaderboard and problem list agree', async () => {
    // Practice: a wrong submit, an example run (not a submission) and an accepted submit of p1.
    await wrongJudgement(ada, p1._id, null);
    await exampleRun(ada, p1._id);
    await practiceSolve(ada, p1._id, 'class Main { /* p1 practice */ }');
    // A contest with p1 and p2: ada solves both there (p1 again: still one distinct problem).
    const contest = await createContest(t, admin.token, [p1._id, p2._id]);
    await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(ada.token)).expect(200);
    await startNow(t, contest._id);
    await contestSolve(ada, p1._id, contest._id, 'class Main { /* p1 contest */ }');
    await contestSolve(ada, p2._id, contest._id, 'class Main { /* p2 contest */ }');

    const expected = { problemsSolved: 2, totalScore: 20, acceptanceRate: 3 / 4 };
    const mine = await t.http.get('/api/profiles/me').set(bearer(ada.token)).expect(200);
    expect(mine.body).toMatchObject(expected);
    const shown = await t.http.get(`/api/profiles/${ada.id}`).expect(200);
    expect(shown.body).toMatchObject(expected);
    const board = await t.http.get('/api/leaderboard/problems').expect(200);
    expect(board.body.find((r: { userId: string }) => r.userId === ada.id)).toMatchObject(expected);
    // Recent Activity lists three solves (p1 twice: practice and contest) of the same two problems.
    const activity = await t.http.get('/api/profiles/me/activity').set(bearer(ada.token)).expect(200);
    expect(new Set(activity.body.map((a: { problemId: string }) => a.problemId)).size).toBe(
      expected.problemsSolved,
    );

    const rates = await t.http.get('/api/acceptance-rates').expect(200);
    const rateOf = (id: string) => rates.body.find((r: { problemId: string }) => r.problemId === id);
    // p1: a wrong practice submit, an accepted practice submit, an accepted contest submit.
    expect(rateOf(p1._id)).toMatchObject({
      acceptedSubmissions: 2,
      judgedSubmissions: 3,
      acceptanceRate: 2 / 3,
    });
    expect(rateOf(p2._id)).toMatchObject({ acceptedSubmissions: 1, judgedSubmissions: 1, acceptanceRate: 1 });
  });

  it('issue 45: practice solve, contest solve and a partial score — profile parts, activity, solved list and problem list agree', async () => {
    const eve = await seedUser(t);
    const p3 = await createProblem(t, admin.token, { points: 100 });
    await practiceSolve(eve, p1._id, 'class Main { /* eve p1 */ }');
    // A partial score of p3 (50 / 100), awarded by the submit path's own repository method.
    const submissions = t.app.get(SubmissionsRepository);
    await t.db.transaction((m) => submissions.awardPracticeScore(m, eve.id, p3._id, 50, 100));
    const contest = await createContest(t, admin.token, [p2._id], { title: 'Eve Cup' });
    await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(eve.token)).expect(200);
    await startNow(t, contest._id);
    await contestSolve(eve, p2._id, contest._id, 'class Main { /* eve p2 contest */ }');

    const profile = (await t.http.get('/api/profiles/me').set(bearer(eve.token)).expect(200)).body;
    // Total Score is the practice points: the solve's 20 and the partial 50; the contest solve counts in its contest.
    expect(profile).toMatchObject({ totalScore: 70, solvedScore: 20, partialScore: 50, problemsSolved: 2 });
    expect(profile.solvedScore + profile.partialScore).toBe(profile.totalScore);
    // Solved in a contest is solved (as Codeforces counts it): the solved list and the problem list say so.
    const solved = (await t.http.get('/api/solved-problems').set(bearer(eve.token)).expect(200)).body;
    expect(solved).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ problemId: p1._id, points: 20, inContest: false }),
        expect.objectContaining({ problemId: p2._id, points: 0, inContest: true }),
      ]),
    );
    expect(solved).toHaveLength(profile.problemsSolved);
    const list = (await t.http.get('/api/problems').set(bearer(eve.token)).expect(200)).body as {
      _id: string;
      solved: boolean;
    }[];
    expect(list.filter((p) => p.solved).map((p) => p._id).sort()).toEqual([p1._id, p2._id].sort());
    // The activity names the contest of a contest solve, so its points are not read as practice points.
    const activity = (await t.http.get('/api/profiles/me/activity').set(bearer(eve.token)).expect(200)).body;
    expect(activity).toEqual([
      expect.objectContaining({ problemId: p2._id, contestTitle: 'Eve Cup' }),
      expect.objectContaining({ problemId: p1._id, points: 20, contestTitle: null }),
    ]);
  });

  it('a user with no judged submission has no acceptance rate, not 0%', async () => {
    const newcomer = await seedUser(t);
    const res = await t.http.get('/api/profiles/me').set(bearer(newcomer.token)).expect(200);
    expect(res.body).toMatchObject({ problemsSolved: 0, totalScore: 0, acceptanceRate: null });
  });

  it("a frozen contest's late solve counts for its owner and admins, for others only once unfrozen", async () => {
    const bo = await seedUser(t);
    await practiceSolve(bo, p1._id, 'class Main { /* bo p1 */ }');
    const contest = await createContest(t, admin.token, [p2._id], { freezeMinutes: 30 });
    await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(bo.token)).expect(200);
    await startNow(t, contest._id, 10);
    await contestSolve(bo, p2._id, contest._id, 'class Main { /* bo p2 late */ }');

    const own = await t.http.get('/api/profiles/me').set(bearer(bo.token)).expect(200);
    expect(own.body).toMatchObject({ problemsSolved: 2, acceptanceRate: 1 });
    const asAdmin = await t.http.get(`/api/profiles/${bo.id}`).set(bearer(admin.token)).expect(200);
    expect(asAdmin.body.problemsSolved).toBe(2);
    const asPublic = await t.http.get(`/api/profiles/${bo.id}`).expect(200);
    expect(asPublic.body).toMatchObject({ problemsSolved: 1, acceptanceRate: 1 });
    const board = await t.http.get('/api/leaderboard/problems').expect(200);
    expect(board.body.find((r: { userId: string }) => r.userId === bo.id)).toMatchObject({
      problemsSolved: 1,
    });

    await t.db.query(`UPDATE contests SET unfrozen_at = now() WHERE id = $1`, [contest._id]);
    const after = await t.http.get(`/api/profiles/${bo.id}`).expect(200);
    expect(after.body.problemsSolved).toBe(2);
  });
});
