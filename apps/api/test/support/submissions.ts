import { expect } from 'vitest';
import type { ContestMode } from '@javelin/contracts';
import { bearer, type SeededUser, type TestApp } from './app';

/** How a try uses a contest: left out, plain practice; a contestId alone, the live contest; with a mode, that mode. */
export interface ContestContext {
  contestId?: string;
  contestMode?: ContestMode;
}

/** POST /api/execute-code's body: `code` judged on every test of the problem. */
export const fullRunBody = (problemId: string, code: string, context: ContestContext = {}) => ({
  code,
  language: 'java',
  problemId,
  runAllTestCases: true,
  ...context,
});

/** POST /api/submissions' body as the web sends it after a run that passed all five tests. */
export const acceptedSubmissionBody = (problemId: string, code: string, context: ContestContext = {}) => ({
  problemId,
  ...context,
  code,
  language: 'java',
  status: 'accepted',
  testCasesPassed: 5,
  totalTestCases: 5,
});

/**
 * One real try through the judge, which must give `verdict`; an accept goes on through the spec's
 * client flow (submission, solve) and gives the solve's answer, any other verdict nothing.
 */
export async function judgeAndRecord(
  t: TestApp,
  user: SeededUser,
  problemId: string,
  code: string,
  verdict: string,
  context: ContestContext = {},
) {
  const judged = await t.http
    .post('/api/execute-code')
    .set(bearer(user.token))
    .send(fullRunBody(problemId, code, context))
    .expect(200);
  expect(judged.body.verdict).toBe(verdict);
  if (verdict !== 'accepted') return undefined;
  const sub = await t.http
    .post('/api/submissions')
    .set(bearer(user.token))
    .send(acceptedSubmissionBody(problemId, code, context))
    .expect(201);
  const solved = await t.http
    .post('/api/solve')
    .set(bearer(user.token))
    .send({ problemId, submissionId: sub.body._id, ...context })
    .expect(200);
  return solved.body as { alreadySolved: boolean; points: number };
}
