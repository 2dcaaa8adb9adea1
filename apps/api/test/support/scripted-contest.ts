import { afterAll, beforeAll } from 'vitest';
import type { ContestMode } from '@javelin/contracts';
import { ContestsService } from '../../src/contests/contests.service';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './app';
import { createContest } from './contests';
import { startJudge, RunningJudge } from './judge';
import { createProblem, SUM_ACCEPTED, SUM_WRONG_ON_HIDDEN } from './problems';
import { judgeAndRecord } from './submissions';

export const COMPILE_ERROR = 'public class Main { this does not compile }';
export const MINUTE = 60_000;
export type Outcome = 'AC' | 'WA' | 'CE';

export const codeOf = (outcome: Outcome) =>
  outcome === 'AC' ? SUM_ACCEPTED : outcome === 'WA' ? SUM_WRONG_ON_HIDDEN : COMPILE_ERROR;
const VERDICTS = { AC: 'accepted', WA: 'wrong_answer', CE: 'compilation_error' } as const;

/** A scripted try: at this minute, this user tries this problem with code that gets this outcome. */
export type Step = [minute: number, user: SeededUser, problemId: string, outcome: Outcome];

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
  const attempt = (
    user: SeededUser,
    contestId: string,
    problemId: string,
    outcome: Outcome,
    contestMode?: ContestMode,
  ) =>
    judgeAndRecord(s.t, user, problemId, codeOf(outcome), VERDICTS[outcome], {
      contestId,
      ...(contestMode ? { contestMode } : {}),
    });

  /** Each step's attempt at its minute after `from`, in order: the solves' answers (undefined for a non-accept). */
  async function play(from: Date, contestId: string, steps: Step[], contestMode?: ContestMode) {
    const solves = [];
    for (const [minute, user, problemId, outcome] of steps) {
      at(from, minute);
      solves.push(await attempt(user, contestId, problemId, outcome, contestMode));
    }
    return solves;
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

  return { s, at, attempt, play, newContest };
}
