import { afterAll, beforeAll, expect } from 'vitest';
import type { ContestMode } from '@javelin/contracts';
import { ContestsService } from '../../src/contests/contests.service';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './app';
import { createContest } from './contests';
import { startJudge, RunningJudge } from './judge';
import { createProblem, SUM_ACCEPTED, SUM_WRONG_ON_HIDDEN } from './problems';

export const COMPILE_ERROR = 'public class Main { this does not compile }';
export const MINUTE = 60_000;
export type Outcome = 'AC' | 'WA' | 'CE';

export const codeOf = (outcome: Outcome) =>
  outcome === 'AC' ? SUM_ACCEPTED : outcome === 'WA' ? SUM_WRONG_ON_HIDDEN : COMPILE_ERROR;

/**
 * A contest scripted minute by minute through the real judge: the app, a judge, an admin and three
 * problems A (30 points), B (20) and C (10) made before the suite, and helpers that move the API's
 * clock and submit real code at the current minute. Call it inside a `describe`.
 */
export function scriptedContest(options: { hiddenB?: boolean } = {}) {
  let judge: RunningJudge;
  const s = {} as {
    t: TestApp;
    admin: SeededUser;
    problems: { A: string; B: string; C: string };
    clock: ContestsService;
  };

  beforeAll(async () => {
    judge = await startJudge();
    s.t = await startApp({ JUDGE_QUEUE_PREFIX: judge.prefix });
    await resetDatabase(s.t.db);
    s.admin = await seedUser(s.t, ['admin']);
    s.problems = {
      A: (await createProblem(s.t, s.admin.token, { points: 30 }))._id,
      B: (
        await createProblem(s.t, s.admin.token, {
          points: 20,
          ...(options.hiddenB ? { isVisible: false } : {}),
        })
      )._id,
      C: (await createProblem(s.t, s.admin.token, { points: 10 }))._id,
    };
    s.clock = s.t.app.get(ContestsService);
  });
  afterAll(async () => {
    s.clock?.useClock(() => new Date());
    await s.t?.close();
    await judge?.stop();
  });

  const at = (start: Date, minutes: number) =>
    s.clock.useClock(() => new Date(start.getTime() + minutes * MINUTE));

  /** One real submit at the current clock; an accept goes on through the spec's client flow (submission, solve). */
  async function attempt(
    user: SeededUser,
    contestId: string,
    problemId: string,
    outcome: Outcome,
    contestMode?: ContestMode,
  ) {
    const code = codeOf(outcome);
    const mode = contestMode ? { contestMode } : {};
    const judged = await s.t.http
      .post('/api/execute-code')
      .set(bearer(user.token))
      .send({ code, language: 'java', problemId, contestId, runAllTestCases: true, ...mode })
      .expect(200);
    expect(judged.body.verdict).toBe(
      { AC: 'accepted', WA: 'wrong_answer', CE: 'compilation_error' }[outcome],
    );
    if (outcome !== 'AC') return undefined;
    const sub = await s.t.http
      .post('/api/submissions')
      .set(bearer(user.token))
      .send({
        problemId,
        contestId,
        ...mode,
        code,
        language: 'java',
        status: 'accepted',
        testCasesPassed: 5,
        totalTestCases: 5,
      })
      .expect(201);
    const solved = await s.t.http
      .post('/api/solve')
      .set(bearer(user.token))
      .send({ problemId, submissionId: sub.body._id, contestId, ...mode })
      .expect(200);
    return solved.body as { alreadySolved: boolean; points: number };
  }

  /** A contest of A, B and C starting at `start`, joined by `users` a minute before it. */
  async function newContest(
    start: Date,
    hours: number,
    fields: Record<string, unknown>,
    users: SeededUser[],
  ) {
    const contest = await createContest(s.t, s.admin.token, [s.problems.A, s.problems.B, s.problems.C], {
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + hours * 60 * MINUTE).toISOString(),
      ...fields,
    });
    at(start, -1);
    for (const u of users)
      await s.t.http.post(`/api/contests/${contest._id}/join`).set(bearer(u.token)).expect(200);
    return contest._id;
  }

  return { s, at, attempt, newContest };
}
