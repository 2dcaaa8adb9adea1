import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_QUEUE } from '@javelin/contracts';
import { Queue } from 'bullmq';
import { ContestsService } from '../src/contests/contests.service';
import { RatingsService } from '../src/contests/ratings.service';
import { StandingsService } from '../src/contests/standings.service';
import { BACKGROUND_PRIORITY } from '../src/execution/judge-client.service';
import { bearer, seedUser, SeededUser } from './support/app';
import { createContest } from './support/contests';
import { TEST_REDIS_URL } from './support/env';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { rejudgeAndWait } from './support/rejudge';
import {
  STDIO_SUM_ACCEPTED,
  STDIO_SUM_WRONG_ON_HIDDEN,
  sumProblem,
  sumStdioProblem,
  SUM_ACCEPTED,
  SUM_WRONG_ON_HIDDEN,
} from './support/problems';
import { judgeAndRecord } from './support/submissions';

const MINUTE = 60_000;

/**
 * Rejudge through the real judge: a hidden test is broken (expects 0 for 40 + 2), so the right solution
 * is rejected and a wrong one (it prints 0 for a = 40) is accepted. The admin fixes the test and rejudges.
 */
describe('rejudge', () => {
  let t: JudgedApp;
  let admin: SeededUser;
  let clock: ContestsService;

  beforeAll(async () => {
    t = await startJudgedApp();
    admin = await seedUser(t, ['admin']);
    clock = t.app.get(ContestsService);
  });
  afterAll(async () => {
    clock?.useClock(() => new Date());
    await t?.close();
  });

  const broken = () => {
    const p = sumProblem({ points: 30 });
    return {
      ...p,
      testCases: p.testCases.map((tc) => (tc.expectedOutput === '42' ? { ...tc, expectedOutput: '0' } : tc)),
    };
  };

  const rejudge = (body: Record<string, unknown>) => rejudgeAndWait(t, admin.token, body);

  /** Everything a rejudge may touch, for comparing two moments. */
  const snapshot = async (contestId: string) => ({
    judgements: await t.db.query(`SELECT id, verdict, passed_count FROM judgements ORDER BY id`),
    solves: await t.db.query(
      `SELECT user_id, problem_id, contest_id, points, solved_at FROM solved_problems ORDER BY user_id, problem_id`,
    ),
    scores: await t.db.query(`SELECT * FROM contest_scores WHERE contest_id = $1 ORDER BY user_id`, [
      contestId,
    ]),
    cells: await t.db.query(
      `SELECT * FROM contest_cells WHERE contest_id = $1 ORDER BY user_id, problem_id`,
      [contestId],
    ),
    ratings: await t.db.query(
      `SELECT user_id, old_rating, new_rating FROM rating_changes WHERE contest_id = $1 ORDER BY user_id`,
      [contestId],
    ),
    profiles: await t.db.query(
      `SELECT user_id, total_score, problems_solved, rating FROM profiles ORDER BY user_id`,
    ),
  });

  it('flips AC→WA and WA→AC after a test is fixed, in a finalised contest and in practice, exactly once', async () => {
    const problem = await t.http.post('/api/problems').set(bearer(admin.token)).send(broken()).expect(201);
    const problemId: string = problem.body._id;
    const [right, wrong, practiceRight, practiceWrong] = [
      await seedUser(t),
      await seedUser(t),
      await seedUser(t),
      await seedUser(t),
    ];
    const start = new Date('2032-02-01T10:00:00.000Z');
    const contest = await createContest(t, admin.token, [problemId], {
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 60 * MINUTE).toISOString(),
    });
    clock.useClock(() => new Date(start.getTime() - MINUTE));
    for (const u of [right, wrong])
      await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(u.token)).expect(200);
    clock.useClock(() => new Date(start.getTime() + 10 * MINUTE));
    await judgeAndRecord(t, right, problemId, SUM_ACCEPTED, 'wrong_answer', { contestId: contest._id });
    clock.useClock(() => new Date(start.getTime() + 20 * MINUTE));
    await judgeAndRecord(t, wrong, problemId, SUM_WRONG_ON_HIDDEN, 'accepted', { contestId: contest._id });
    clock.useClock(() => new Date());
    await judgeAndRecord(t, practiceRight, problemId, SUM_ACCEPTED, 'wrong_answer');
    await judgeAndRecord(t, practiceWrong, problemId, SUM_WRONG_ON_HIDDEN, 'accepted');

    // The contest ends and is rated on the broken verdicts: the wrong solution won.
    const after = new Date(start.getTime() + 61 * MINUTE);
    clock.useClock(() => after);
    expect(await t.app.get(RatingsService).finalize(contest._id, after)).toBe(true);
    const rated = await t.db.query(
      `SELECT user_id, old_rating, new_rating FROM rating_changes WHERE contest_id = $1`,
      [contest._id],
    );
    const ratingOf = (rows: { user_id: string; new_rating: number }[], u: SeededUser) =>
      rows.find((r) => r.user_id === u.id)!.new_rating;
    expect(ratingOf(rated, wrong)).toBeGreaterThan(1500);
    expect(ratingOf(rated, right)).toBeLessThan(1500);

    // The admin fixes the hidden test.
    await t.http
      .put(`/api/problems/${problemId}`)
      .set(bearer(admin.token))
      .send({ ...sumProblem({ points: 30 }), title: problem.body.title })
      .expect(200);

    const bad = await t.http.post('/api/admin/rejudge').set(bearer(right.token)).send({ problemId });
    expect(bad.status).toBe(403);
    const unknown = await t.http
      .post('/api/admin/rejudge')
      .set(bearer(admin.token))
      .send({ problemId: '00000000-0000-4000-8000-000000000000' });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'Problem not found']);
    const malformed = await t.http
      .post('/api/admin/rejudge')
      .set(bearer(admin.token))
      .send({ problemId: 'x' });
    expect([malformed.status, malformed.body.error]).toEqual([400, 'problemId must be a UUID']);
    const missingJob = await t.http
      .get('/api/admin/rejudge/00000000-0000-4000-8000-000000000000')
      .set(bearer(admin.token));
    expect([missingJob.status, missingJob.body.error]).toEqual([404, 'Rejudge job not found']);

    expect(await rejudge({ problemId, contestId: contest._id })).toMatchObject({
      total: 2,
      done: 2,
      changed: 2,
    });

    // Verdicts in the history, solves and standings follow the fixed test.
    const history = await t.http
      .get('/api/submissions')
      .query({ contestId: contest._id })
      .set(bearer(right.token))
      .expect(200);
    const historyItems = Array.isArray(history.body) ? history.body : history.body.items;
    expect(historyItems.map((s: { verdict: string }) => s.verdict)).toEqual(['accepted']);
    const board = (await t.http.get(`/api/leaderboard/contests/${contest._id}`).expect(200)).body;
    expect(board.map((e: { userId: string; score: number }) => [e.userId, e.score])).toEqual([
      [right.id, 30],
    ]);
    expect(board[0].cells).toEqual([
      { problemId, attempts: 0, acceptedAtMinutes: 10, pending: 0, firstSolve: true },
    ]);
    const [wrongCell] = await t.db.query(
      `SELECT attempts, accepted_at FROM contest_cells WHERE contest_id = $1 AND user_id = $2`,
      [contest._id, wrong.id],
    );
    expect(wrongCell).toEqual({ attempts: 1, accepted_at: null });

    // The finalised ratings were computed again from the same ratings before: now the right solution won.
    const rerated = await t.db.query(
      `SELECT user_id, old_rating, new_rating FROM rating_changes WHERE contest_id = $1`,
      [contest._id],
    );
    expect(ratingOf(rerated, right)).toBe(ratingOf(rated, wrong));
    expect(ratingOf(rerated, wrong)).toBe(ratingOf(rated, right));
    const profile = await t.http.get(`/api/profiles/${right.id}`).expect(200);
    expect(profile.body).toMatchObject({ rating: ratingOf(rerated, right), contestsParticipated: 1 });

    // The standings equal a recount from scratch.
    const maintained = await snapshot(contest._id);
    await t.app.get(StandingsService).recount(contest._id);
    expect(await snapshot(contest._id)).toEqual(maintained);

    // Practice: points move on the profiles.
    expect(await rejudge({ problemId })).toMatchObject({ total: 2, done: 2, changed: 2 });
    const gained = await t.http.get(`/api/profiles/${practiceRight.id}`).expect(200);
    const lost = await t.http.get(`/api/profiles/${practiceWrong.id}`).expect(200);
    expect([gained.body.totalScore, gained.body.problemsSolved]).toEqual([30, 1]);
    expect([lost.body.totalScore, lost.body.problemsSolved]).toEqual([0, 0]);

    // Twice changes nothing.
    const settled = await snapshot(contest._id);
    expect(await rejudge({ problemId, contestId: contest._id })).toMatchObject({
      total: 2,
      done: 2,
      changed: 0,
    });
    expect(await rejudge({ problemId })).toMatchObject({ total: 2, done: 2, changed: 0 });
    expect(await snapshot(contest._id)).toEqual(settled);

    // The rejudge's judge jobs waited behind live submissions: they carry the background priority.
    const queue = new Queue(JUDGE_QUEUE, { prefix: t.judge.prefix, connection: { url: TEST_REDIS_URL } });
    try {
      const jobs = await queue.getJobs(['completed'], 0, 100);
      const priorities = jobs.map((j) => j.opts.priority ?? 0);
      expect(priorities.filter((p) => p === BACKGROUND_PRIORITY)).toHaveLength(8);
      expect(priorities.filter((p) => p === 0).length).toBeGreaterThanOrEqual(4);
    } finally {
      await queue.close();
    }
  });
  it('rejudges a classic (stdio) problem as a function one: verdicts, contest cells and solves follow the fixed test', async () => {
    const fixed = sumStdioProblem({ points: 20 });
    const brokenTests = fixed.testCases.map((tc) =>
      tc.expectedOutput === '42\n' ? { ...tc, expectedOutput: '0\n' } : tc,
    );
    const created = await t.http
      .post('/api/problems')
      .set(bearer(admin.token))
      .send({ ...fixed, testCases: brokenTests })
      .expect(201);
    const problemId: string = created.body._id;
    expect(created.body.kind).toBe('stdio');
    const [right, wrong, practiceRight] = [await seedUser(t), await seedUser(t), await seedUser(t)];
    const start = new Date('2033-03-01T10:00:00.000Z');
    const contest = await createContest(t, admin.token, [problemId], {
      format: 'icpc',
      penaltyMinutes: 20,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 60 * MINUTE).toISOString(),
    });
    clock.useClock(() => new Date(start.getTime() - MINUTE));
    for (const u of [right, wrong])
      await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(u.token)).expect(200);
    clock.useClock(() => new Date(start.getTime() + 5 * MINUTE));
    await judgeAndRecord(t, right, problemId, STDIO_SUM_ACCEPTED, 'wrong_answer', { contestId: contest._id });
    clock.useClock(() => new Date(start.getTime() + 15 * MINUTE));
    await judgeAndRecord(t, wrong, problemId, STDIO_SUM_WRONG_ON_HIDDEN, 'accepted', {
      contestId: contest._id,
    });
    clock.useClock(() => new Date());
    await judgeAndRecord(t, practiceRight, problemId, STDIO_SUM_ACCEPTED, 'wrong_answer');

    // The admin fixes the hidden test through the classic form, then rejudges the contest and practice.
    await t.http
      .put(`/api/problems/${problemId}`)
      .set(bearer(admin.token))
      .send({ ...fixed, title: created.body.title })
      .expect(200);
    expect(await rejudge({ problemId, contestId: contest._id })).toMatchObject({ total: 2, changed: 2 });
    expect(await rejudge({ problemId })).toMatchObject({ total: 1, changed: 1 });

    const verdicts = await t.db.query(
      `SELECT user_id, verdict FROM judgements WHERE problem_id = $1 AND all_tests`,
      [problemId],
    );
    expect(
      new Map(verdicts.map((v: { user_id: string; verdict: string }) => [v.user_id, v.verdict])),
    ).toEqual(
      new Map([
        [right.id, 'accepted'],
        [wrong.id, 'wrong_answer'],
        [practiceRight.id, 'accepted'],
      ]),
    );
    const [rightCell] = await t.db.query(
      `SELECT attempts, accepted_at FROM contest_cells WHERE contest_id = $1 AND user_id = $2`,
      [contest._id, right.id],
    );
    expect(rightCell.accepted_at).not.toBeNull();
    const [wrongCell] = await t.db.query(
      `SELECT attempts, accepted_at FROM contest_cells WHERE contest_id = $1 AND user_id = $2`,
      [contest._id, wrong.id],
    );
    expect(wrongCell).toEqual({ attempts: 1, accepted_at: null });
    const solved = await t.db.query(
      `SELECT user_id, contest_id FROM solved_problems WHERE problem_id = $1 ORDER BY user_id`,
      [problemId],
    );
    expect(solved).toEqual(
      [
        { user_id: right.id, contest_id: contest._id },
        { user_id: practiceRight.id, contest_id: null },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    // The owner's history shows the new verdict, hidden tests still masked.
    const history = await t.http
      .get('/api/submissions')
      .query({ problemId })
      .set(bearer(practiceRight.token))
      .expect(200);
    expect(history.body.items.map((s: { verdict: string }) => s.verdict)).toEqual(['accepted']);
    const detail = await t.http
      .get(`/api/submissions/${history.body.items[0]._id}`)
      .set(bearer(practiceRight.token))
      .expect(200);
    expect(detail.body.results).toHaveLength(5);
    expect(
      detail.body.results.filter((r: { isExample: boolean; input: string }) => !r.isExample && r.input),
    ).toEqual([]);
  });
});
