import { expect } from 'vitest';
import { api, expectOk, type Account } from './api';

/* What a journey sets up before its browser steps, through the API: its problems and contests. */

/** Creates a problem from the admin form's body (201 expected); returns its id. */
export async function createProblem(token: string, form: Record<string, unknown>): Promise<string> {
  const res = await api('POST', '/problems', token, form);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as string;
}

/** What a journey's contest needs: its times as instants (ms), the rest as POST /contests takes it. */
export interface ContestPlan extends Record<string, unknown> {
  title: string;
  description: string;
  startAt: number;
  endAt: number;
  problemIds: string[];
}

/** Creates a contest for at most 10 participants (unless the plan says otherwise); returns its id. */
export async function createContest(token: string, plan: ContestPlan): Promise<string> {
  const { startAt, endAt, ...rest } = plan;
  const contest = await expectOk('POST', '/contests', token, {
    startTime: new Date(startAt).toISOString(),
    endTime: new Date(endAt).toISOString(),
    maxParticipants: 10,
    ...rest,
  });
  return contest._id as string;
}

/** Each account joins the contest through the API. */
export async function joinContest(contestId: string, ...accounts: Account[]): Promise<void> {
  for (const a of accounts) await expectOk('POST', `/contests/${contestId}/join`, a.token);
}
