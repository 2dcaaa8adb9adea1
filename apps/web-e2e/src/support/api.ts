import { expect } from 'vitest';
import { ADMIN, BASE_URL, RUN_ID } from './config';
import { linkIn, newestMailTo } from './mail';

/** The API, straight: what journeys set up without the browser. */
export interface Account {
  email: string;
  username: string;
  fullName: string;
  password: string;
  token: string;
}

export async function api(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  return { status: res.status, body: json ?? {} };
}

export async function expectOk(method: string, path: string, token?: string, body?: unknown) {
  const res = await api(method, path, token, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The super admin the journeys create, or create it here when this file runs alone. */
export async function adminToken(): Promise<string> {
  const login = await api('POST', '/auth/login', undefined, { email: ADMIN.email, password: ADMIN.password });
  if (login.status === 200) return login.body.token as string;
  await expectOk('POST', '/auth/create-super-admin', undefined, { ...ADMIN, role: 'super_admin' });
  return (await expectOk('POST', '/auth/login', undefined, { email: ADMIN.email, password: ADMIN.password }))
    .token as string;
}

/** Verifies `email` with the token of the verification mail sent to it since `since`, as its link would. */
export async function verifyByMail(email: string, since: number): Promise<void> {
  const link = new URL(linkIn(await newestMailTo(email, since), '/verify-email?token='));
  await expectOk('POST', '/auth/verify-email', undefined, { token: link.searchParams.get('token') });
}

/** Signs up, follows the verification link from the outbox and signs in, all through the API. */
export async function account(name: string): Promise<Account> {
  const a = {
    email: `e2e-${name}-${RUN_ID}@javelin.test`,
    username: `${name}${RUN_ID}`,
    fullName: `E2E ${name} ${RUN_ID}`,
    password: 'e2e-user-password',
  };
  const since = Date.now();
  await expectOk('POST', '/auth/register', undefined, { ...a, confirmPassword: a.password });
  const login = await api('POST', '/auth/login', undefined, { email: a.email, password: a.password });
  if (login.status === 200) return { ...a, token: login.body.token as string };
  await verifyByMail(a.email, since);
  const token = (await expectOk('POST', '/auth/login', undefined, { email: a.email, password: a.password }))
    .token;
  return { ...a, token: token as string };
}

/**
 * The spec's submit flow through the API, judged by the real judge: execute all tests and, when every
 * one passes, record the accepted submission and solve (in the contest, when one is named). Returns the run.
 */
export async function submitThroughApi(user: Account, problemId: string, code: string, contestId?: string) {
  const inContest = contestId ? { contestId } : {};
  const run = await expectOk('POST', '/execute-code', user.token, {
    code,
    language: 'java',
    problemId,
    runAllTestCases: true,
    ...inContest,
  });
  if (!run.overallPassed) return run;
  const submission = await expectOk('POST', '/submissions', user.token, {
    problemId,
    ...inContest,
    code,
    language: 'java',
    status: 'accepted',
    testCasesPassed: run.passedCount,
    totalTestCases: run.totalCount,
  });
  await expectOk('POST', '/solve', user.token, { problemId, submissionId: submission._id, ...inContest });
  return run;
}

/** submitThroughApi in a contest, expecting every test to pass. */
export async function solveInContest(
  user: Account,
  problemId: string,
  contestId: string,
  code: string,
): Promise<void> {
  const run = await submitThroughApi(user, problemId, code, contestId);
  expect(run.overallPassed, JSON.stringify(run)).toBe(true);
}
