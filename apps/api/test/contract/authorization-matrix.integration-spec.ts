import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokensService } from '../../src/auth/tokens.service';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp, unique } from '../support/app';
import { createContest, recordPassingJudgement } from '../support/contests';
import { RunningJudge, startJudge } from '../support/judge';
import { createProblem, SUM_ACCEPTED, sumProblem } from '../support/problems';
import { acceptedSubmissionBody } from '../support/submissions';
import { buildZip } from '../support/zip';
import { regionalFiles } from '../support/contest-package';
import { operationsOf, type ApiDocument } from './fuzz-cases';

/**
 * Issue 28, Deliver 6: every operation of the served OpenAPI document, called by each kind of caller
 * with a request that is otherwise right, answers the status its row below says. The first user owns
 * the resources the paths and bodies name (a submission, a solve, a question); "other" is a second
 * plain user reaching for them. A route in the document without a row, or a row without its route,
 * fails: a new route is not done until someone has said who may call it.
 */
const CALLERS = ['anonymous', 'user', 'other', 'admin', 'superAdmin'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

const all = (status: number): Expected => ({
  anonymous: status,
  user: status,
  other: status,
  admin: status,
  superAdmin: status,
});
const signedIn = (status: number): Expected => ({ ...all(status), anonymous: 401 });
const adminOnly = (status: number): Expected => ({ ...all(status), anonymous: 401, user: 403, other: 403 });
/** The first user's own resource: another plain user is told it does not exist; admins read it. */
const ownerOrAdmin = (status: number): Expected => ({ ...signedIn(status), other: 404 });

interface Fixtures {
  t: TestApp;
  users: Record<Exclude<Caller, 'anonymous'>, SeededUser>;
  problemId: string;
  upcomingContestId: string;
  activeContestId: string;
  endedContestId: string;
  /** The first user's judged submit (GET /api/submissions/:id reads judgements). */
  userJudgementId: string;
  rejudgeJobId: string;
}

interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** Called as someone else than the caller's seeded user (a fresh account with the same roles). */
  as?: SeededUser | null;
}

interface Row {
  expect: Expected;
  /** Builds the request for one caller, preparing whatever it needs (fresh rows for calls that change them). */
  call?: (f: Fixtures, caller: Caller) => Promise<Call> | Call;
}

const rolesOf = (caller: Caller): ('admin' | 'super_admin')[] =>
  caller === 'admin' ? ['admin'] : caller === 'superAdmin' ? ['super_admin'] : [];
const userOf = (f: Fixtures, caller: Caller) => (caller === 'anonymous' ? null : f.users[caller]);
const HOUR = 3_600_000;

async function freshProblem(f: Fixtures, overrides: Record<string, unknown> = {}) {
  return (await createProblem(f.t, f.users.admin.token, { referenceSolution: SUM_ACCEPTED, ...overrides }))
    ._id;
}

/** A small classic problem package: a statement with an image, an example, a hidden test, an accepted jury program. */
function smallPackage(): Buffer {
  return buildZip({
    'problem.yaml': `name: Echo ${unique('p')}\n`,
    'problem_statement/problem.en.md': 'Print what you read. ![](a.png)\n',
    'problem_statement/a.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    'data/sample/1.in': '1\n',
    'data/sample/1.ans': '1\n',
    'data/secret/1.in': '2\n',
    'data/secret/1.ans': '2\n',
    'submissions/accepted/Echo.java':
      'public class Echo { public static void main(String[] a) { System.out.println(new java.util.Scanner(System.in).nextLine()); } }\n',
  });
}

let importedPackage: Promise<string> | undefined;
/** One imported package shared by the rows that read it (imported once, by the admin, and published: imports start hidden). */
function packageProblem(f: Fixtures): Promise<string> {
  importedPackage ??= f.t.http
    .post('/api/problems/import?publish=true')
    .set(bearer(f.users.admin.token))
    .set('Content-Type', 'application/zip')
    .send(smallPackage())
    .expect(201)
    .then((res) => res.body._id as string);
  return importedPackage;
}

/** A contest of the shared problem in the given state; an ended one has a 30-minute freeze still in force. */
async function freshContest(f: Fixtures, state: 'upcoming' | 'active' | 'ended', join: SeededUser[] = []) {
  const id = (await createContest(f.t, f.users.admin.token, [f.problemId], { freezeMinutes: 30 }))._id;
  for (const u of join) await f.t.http.post(`/api/contests/${id}/join`).set(bearer(u.token)).expect(200);
  if (state === 'active')
    await f.t.db.query(
      `UPDATE contests SET start_time = now() - interval '10 minutes', end_time = now() + interval '2 hours' WHERE id = $1`,
      [id],
    );
  if (state === 'ended')
    await f.t.db.query(
      `UPDATE contests SET start_time = now() - interval '3 hours', end_time = now() - interval '1 hour' WHERE id = $1`,
      [id],
    );
  return id;
}

/** A fresh ended contest on which `runner` (when signed in) has a running virtual run; their earlier runs end first. */
async function contestWithRun(f: Fixtures, caller: Caller): Promise<string> {
  const id = await freshContest(f, 'ended');
  const runner = userOf(f, caller);
  if (runner) {
    await endRunsOf(f, caller);
    await f.t.http.post(`/api/contests/${id}/virtual`).set(bearer(runner.token)).expect(201);
  }
  return id;
}

/** One virtual run at a time per user: ends the caller's running ones, so each row starts clean. */
async function endRunsOf(f: Fixtures, caller: Caller): Promise<void> {
  const runner = userOf(f, caller);
  if (runner)
    await f.t.db.query(`UPDATE virtual_runs SET ends_at = now() WHERE user_id = $1 AND ends_at > now()`, [
      runner.id,
    ]);
}

/** The first user's question on the active contest they joined. */
async function userQuestion(f: Fixtures): Promise<string> {
  const res = await f.t.http
    .post(`/api/contests/${f.activeContestId}/clarifications`)
    .set(bearer(f.users.user.token))
    .send({ question: `Is the input sorted? ${unique()}` })
    .expect(201);
  return res.body._id ?? res.body.id;
}

/** The CLICS API's objects on one finalised ICPC contest the first user took part in, made once. */
interface ClicsFixture {
  contestId: string;
  problem: string;
  organization: string;
  submission: string;
  question: string;
  answer: string;
}
let clicsFixture: Promise<ClicsFixture> | undefined;
function clics(f: Fixtures): Promise<ClicsFixture> {
  clicsFixture ??= (async () => {
    const { t, users } = f;
    const contestId = (
      await createContest(t, users.admin.token, [f.problemId], { format: 'icpc', freezeMinutes: 0 })
    )._id;
    await t.http.post(`/api/contests/${contestId}/join`).set(bearer(users.user.token)).expect(200);
    const [org] = await t.db.query(`INSERT INTO organizations (name) VALUES ($1) RETURNING id`, [
      unique('org'),
    ]);
    await t.db.query(`UPDATE profiles SET organization_id = $1 WHERE user_id = $2`, [org.id, users.user.id]);
    await t.db.query(
      `UPDATE contests SET start_time = now() - interval '3 hours', end_time = now() - interval '1 hour',
              finalized_at = now() - interval '30 minutes' WHERE id = $1`,
      [contestId],
    );
    const [submission] = await t.db.query(
      `INSERT INTO judgements (user_id, problem_id, contest_id, code_hash, all_tests, verdict, passed_count, total_count, code, results, created_at)
       VALUES ($1, $2, $3, repeat('a', 64), true, 'wrong_answer', 0, 1, 'class Main {}',
               '[{"verdict": "wrong_answer", "executionTime": 12, "passed": false}]', now() - interval '2 hours') RETURNING id`,
      [users.user.id, f.problemId, contestId],
    );
    const [question] = await t.db.query(
      `INSERT INTO contest_clarifications (contest_id, user_id, question, answer, is_public, answered_at, created_at)
       VALUES ($1, $2, 'Is n positive?', 'Yes.', true, now() - interval '2 hours', now() - interval '2 hours') RETURNING id`,
      [contestId, users.user.id],
    );
    return {
      contestId,
      problem: f.problemId.slice(0, 13),
      organization: String(org.id).slice(0, 13),
      submission: submission.id,
      question: question.id,
      answer: `a${String(question.id).replace(/-/g, '')}`,
    };
  })();
  return clicsFixture;
}
const onClics =
  (objectId?: (c: ClicsFixture, f: Fixtures) => string, query = '') =>
  async (f: Fixtures) => {
    const c = await clics(f);
    return { params: { id: c.contestId, ...(objectId ? { objectId: objectId(c, f) } : {}) }, query };
  };
/** Everyone reads the CLICS API; what they see differs, not whether they may call it. */
const clicsRows = (list: string, objectId: (c: ClicsFixture, f: Fixtures) => string, expect = all(200)) => ({
  [`GET /api/clics/contests/{id}/${list}`]: { expect: all(200), call: onClics() },
  [`GET /api/clics/contests/{id}/${list}/{objectId}`]: { expect, call: onClics(objectId) },
});

const code = (problemId: string) => ({ code: SUM_ACCEPTED, language: 'java', problemId });
const signUp = () => {
  const name = unique();
  return {
    email: `${name}@example.com`,
    username: name,
    // Display names are unique (issue 47): each sign-up its own.
    fullName: `New Person ${name}`,
    password: 'long-enough-1',
    confirmPassword: 'long-enough-1',
  };
};

const MATRIX: Record<string, Row> = {
  'GET /metrics': { expect: all(401) },

  // auth
  'POST /api/auth/register': { expect: all(201), call: () => ({ body: signUp() }) },
  'POST /api/auth/login': {
    expect: all(200),
    call: (f) => ({ body: { email: f.users.user.email, password: f.users.user.password } }),
  },
  'POST /api/auth/manual-login': {
    expect: all(200),
    call: (f) => ({ body: { email: f.users.user.email, password: f.users.user.password } }),
  },
  'GET /api/auth/me': { expect: signedIn(200) },
  // Ends every session of its caller: called as a fresh account with the caller's roles.
  'POST /api/auth/logout': {
    expect: signedIn(200),
    call: async (f, caller) => ({ as: caller === 'anonymous' ? null : await seedUser(f.t, rolesOf(caller)) }),
  },
  'POST /api/auth/forgot-password': {
    expect: all(200),
    call: (f) => ({ body: { email: f.users.user.email } }),
  },
  'POST /api/auth/send-password-reset': { expect: signedIn(200) },
  'POST /api/auth/reset-password': {
    expect: all(200),
    call: async (f) => {
      const owner = await seedUser(f.t);
      const token = await f.t.app.get(TokensService).issue(owner.id, 'reset_password');
      return { body: { token, newPassword: 'another-password-2' } };
    },
  },
  'POST /api/auth/verify-email': {
    expect: all(200),
    call: async (f) => {
      const owner = await seedUser(f.t);
      return { body: { token: await f.t.app.get(TokensService).issue(owner.id, 'verify_email') } };
    },
  },
  'POST /api/auth/resend-verification': {
    expect: all(200),
    call: (f) => ({ body: { email: f.users.user.email } }),
  },
  // A super admin exists: refused to everyone, signed in or not.
  'POST /api/auth/create-super-admin': {
    expect: all(403),
    call: () => {
      const { confirmPassword: _c, ...rest } = signUp();
      return { body: { ...rest, role: 'super_admin' } };
    },
  },
  // Google sign-in is not configured here: 503 for everyone, before any token is read.
  'POST /api/auth/google': {
    expect: all(503),
    call: () => ({ body: { provider: 'google', accessToken: 'not-a-google-token' } }),
  },
  'GET /api/auth/github': { expect: all(302) },
  'GET /api/auth/github/callback': { expect: all(302) },
  'GET /api/auth/config': { expect: all(200) },

  // admin
  'POST /api/admin/rejudge': {
    expect: adminOnly(202),
    call: async (f, caller) => ({
      body: {
        problemId: caller === 'admin' || caller === 'superAdmin' ? await freshProblem(f) : f.problemId,
      },
    }),
  },
  'GET /api/admin/rejudge/{jobId}': {
    expect: adminOnly(200),
    call: (f) => ({ params: { jobId: f.rejudgeJobId } }),
  },
  'GET /api/admin/all-users': { expect: adminOnly(200) },
  'GET /api/admin/users': { expect: adminOnly(200) },
  'POST /api/admin/users': {
    expect: adminOnly(201),
    call: async (f) => ({ body: { userId: (await seedUser(f.t)).id, role: 'admin' } }),
  },
  'GET /api/admin/user-roles': { expect: adminOnly(200) },
  'DELETE /api/admin/users/{id}': {
    expect: adminOnly(200),
    call: async (f) => ({ params: { id: (await seedUser(f.t, ['admin'])).id } }),
  },

  // problems
  'GET /api/problems': { expect: all(200) },
  'POST /api/problems': { expect: adminOnly(201), call: () => ({ body: sumProblem() }) },
  'GET /api/problems/{id}': { expect: all(200), call: (f) => ({ params: { id: f.problemId } }) },
  'PUT /api/problems/{id}': {
    expect: adminOnly(200),
    call: async (f) => ({ params: { id: await freshProblem(f) }, body: sumProblem() }),
  },
  'DELETE /api/problems/{id}': {
    expect: adminOnly(200),
    call: async (f) => ({ params: { id: await freshProblem(f) } }),
  },
  'GET /api/problems/{id}/test-cases': { expect: all(200), call: (f) => ({ params: { id: f.problemId } }) },
  'GET /api/problems/{id}/test-cases/all': {
    expect: adminOnly(200),
    call: (f) => ({ params: { id: f.problemId } }),
  },
  'GET /api/admin/problems': { expect: adminOnly(200) },

  // contests
  'GET /api/contests': { expect: all(200) },
  'POST /api/contests': {
    expect: adminOnly(201),
    call: (f) => ({
      body: {
        title: `Contest ${unique()}`,
        description: 'd',
        startTime: new Date(Date.now() + HOUR).toISOString(),
        endTime: new Date(Date.now() + 2 * HOUR).toISOString(),
        maxParticipants: 10,
        problemIds: [f.problemId],
      },
    }),
  },
  'GET /api/contests/{id}': { expect: all(200), call: (f) => ({ params: { id: f.endedContestId } }) },
  'DELETE /api/contests/{id}': {
    expect: adminOnly(200),
    call: async (f) => ({ params: { id: await freshContest(f, 'upcoming') } }),
  },
  'GET /api/contests/{id}/problems/{problemId}': {
    expect: all(200),
    call: (f) => ({ params: { id: f.endedContestId, problemId: f.problemId } }),
  },
  'POST /api/contests/{id}/join': {
    expect: signedIn(200),
    call: (f) => ({ params: { id: f.upcomingContestId } }),
  },
  'POST /api/contests/{id}/complete': {
    expect: adminOnly(200),
    call: async (f) => ({ params: { id: await freshContest(f, 'active') } }),
  },
  'POST /api/contests/{id}/unfreeze': {
    expect: adminOnly(200),
    call: async (f) => ({ params: { id: await freshContest(f, 'ended') } }),
  },
  'GET /api/contests/{id}/solved-problems': {
    expect: signedIn(200),
    call: (f) => ({ params: { id: f.activeContestId } }),
  },
  'GET /api/leaderboard/contests/{id}': {
    expect: all(200),
    call: (f) => ({ params: { id: f.activeContestId } }),
  },
  'GET /api/contests/{id}/leaderboard/stream': {
    expect: all(200),
    call: (f) => ({ params: { id: f.activeContestId } }),
  },

  // virtual runs: each caller's own run, on a contest that has ended
  'POST /api/contests/{id}/virtual': {
    expect: signedIn(201),
    call: async (f, caller) => {
      await endRunsOf(f, caller);
      return { params: { id: await freshContest(f, 'ended') } };
    },
  },
  'GET /api/contests/{id}/virtual': {
    expect: signedIn(200),
    call: (f) => ({ params: { id: f.endedContestId } }),
  },
  'POST /api/contests/{id}/virtual/finish': {
    expect: signedIn(200),
    call: async (f, caller) => ({ params: { id: await contestWithRun(f, caller) } }),
  },
  'GET /api/contests/{id}/virtual/standings': {
    expect: signedIn(200),
    call: async (f, caller) => ({ params: { id: await contestWithRun(f, caller) } }),
  },

  // judging and submissions
  'POST /api/execute-code': {
    expect: signedIn(200),
    call: (f) => ({ body: { ...code(f.problemId), runAllTestCases: false } }),
  },
  // The first user's own judgement, by the X-Request-Id its POST carried: nobody else's stream finds it.
  'GET /api/execute-code/{requestId}/progress': {
    expect: { anonymous: 401, user: 200, other: 404, admin: 404, superAdmin: 404 },
    call: async (f) => {
      const requestId = `matrix-${randomUUID()}`;
      await f.t.http
        .post('/api/execute-code')
        .set(bearer(f.users.user.token))
        .set('X-Request-Id', requestId)
        .send({ ...code(f.problemId), runAllTestCases: false })
        .expect(200);
      return { params: { requestId } };
    },
  },
  'POST /api/run-custom': {
    expect: signedIn(200),
    call: (f) => ({ body: { ...code(f.problemId), inputs: { a: '1', b: '2' } } }),
  },
  'POST /api/submissions': {
    expect: signedIn(201),
    call: async (f, caller) => {
      const submitter = userOf(f, caller);
      if (submitter) await recordPassingJudgement(f.t, submitter, f.problemId, null, SUM_ACCEPTED);
      return { body: acceptedSubmissionBody(f.problemId, SUM_ACCEPTED) };
    },
  },
  'GET /api/submissions': { expect: signedIn(200) },
  // The first user's accepted submission, on a fresh problem: only its owner may claim the solve.
  'POST /api/solve': {
    expect: { anonymous: 401, user: 200, other: 404, admin: 404, superAdmin: 404 },
    call: async (f) => {
      const problemId = await freshProblem(f);
      await recordPassingJudgement(f.t, f.users.user, problemId, null, SUM_ACCEPTED);
      const sub = await f.t.http
        .post('/api/submissions')
        .set(bearer(f.users.user.token))
        .send(acceptedSubmissionBody(problemId, SUM_ACCEPTED))
        .expect(201);
      return { body: { problemId, submissionId: sub.body._id } };
    },
  },
  'GET /api/solved-problems': { expect: signedIn(200) },
  'GET /api/submissions/{id}': {
    expect: ownerOrAdmin(200),
    call: (f) => ({ params: { id: f.userJudgementId } }),
  },
  'GET /api/acceptance-rates': { expect: all(200) },

  // announcements and clarifications (the active contest the first user joined)
  'GET /api/contests/{id}/announcements': {
    expect: all(200),
    call: (f) => ({ params: { id: f.activeContestId } }),
  },
  'POST /api/contests/{id}/announcements': {
    expect: adminOnly(201),
    call: (f) => ({ params: { id: f.activeContestId }, body: { text: 'Problem A is clarified.' } }),
  },
  'GET /api/contests/{id}/clarifications': {
    expect: all(200),
    call: (f) => ({ params: { id: f.activeContestId } }),
  },
  // Only participants ask (the first user joined): everyone else, admins included, is refused.
  'POST /api/contests/{id}/clarifications': {
    expect: { anonymous: 401, user: 201, other: 403, admin: 403, superAdmin: 403 },
    call: (f) => ({ params: { id: f.activeContestId }, body: { question: `Can n be 0? ${unique()}` } }),
  },
  'POST /api/contests/{id}/clarifications/{clarificationId}/answer': {
    expect: adminOnly(200),
    call: async (f) => ({
      params: { id: f.activeContestId, clarificationId: await userQuestion(f) },
      body: { answer: 'Yes.', public: false },
    }),
  },

  // plagiarism (admins): the report of a contest nobody checked yet, and a pair that does not exist
  'GET /api/admin/contests/{id}/plagiarism': {
    expect: adminOnly(200),
    call: (f) => ({ params: { id: f.endedContestId } }),
  },
  'POST /api/admin/contests/{id}/plagiarism': {
    expect: adminOnly(202),
    call: async (f) => ({ params: { id: await freshContest(f, 'ended') }, body: {} }),
  },
  'GET /api/admin/contests/{id}/plagiarism/pairs/{pairId}': {
    expect: { ...adminOnly(404) },
    call: (f) => ({ params: { id: f.endedContestId, pairId: randomUUID() } }),
  },

  // reference solutions (admins; run through the judge)
  'POST /api/problems/validate': {
    expect: adminOnly(200),
    call: () => {
      const { inputVariables, testCases } = sumProblem();
      return { body: { referenceSolution: SUM_ACCEPTED, inputVariables, testCases } };
    },
  },
  'POST /api/problems/expected-output': {
    expect: adminOnly(200),
    call: () => ({
      body: {
        referenceSolution: SUM_ACCEPTED,
        inputVariables: sumProblem().inputVariables,
        inputs: { a: '1', b: '2' },
      },
    }),
  },
  'POST /api/problems/{id}/validate': {
    expect: adminOnly(200),
    call: (f) => ({ params: { id: f.problemId } }),
  },

  // problem packages (issue 29): import, jury verification and export are the admins'; images are the statement's
  'POST /api/problems/import': { expect: adminOnly(201), call: () => ({ body: smallPackage() }) },
  // Issue 43: a contest package (each call a contest and accounts of its own), and a contest's package accounts.
  'POST /api/contests/import': {
    expect: adminOnly(201),
    call: () => ({ body: buildZip(regionalFiles(unique('rg'))) }),
  },
  'GET /api/contests/{id}/accounts': {
    expect: adminOnly(200),
    call: (f) => ({ params: { id: f.endedContestId } }),
  },
  'POST /api/problems/{id}/verify': {
    expect: adminOnly(200),
    call: async (f) => ({ params: { id: await packageProblem(f) } }),
  },
  'GET /api/problems/{id}/export': {
    expect: adminOnly(200),
    call: async (f) => ({ params: { id: await packageProblem(f) } }),
  },
  'GET /api/problems/{id}/images/{name}': {
    expect: all(200),
    call: async (f) => ({ params: { id: await packageProblem(f), name: 'a.png' } }),
  },

  // profiles: the first user's
  'GET /api/profiles/me': { expect: signedIn(200) },
  'PUT /api/profiles/me': { expect: signedIn(200), call: () => ({ body: { bio: 'Likes graphs.' } }) },
  'GET /api/profiles/me/activity': { expect: signedIn(200) },
  'GET /api/profiles/me/rating-history': { expect: signedIn(200) },
  'GET /api/profiles/{userId}': { expect: all(200), call: (f) => ({ params: { userId: f.users.user.id } }) },
  'GET /api/profiles/{userId}/activity': {
    expect: all(200),
    call: (f) => ({ params: { userId: f.users.user.id } }),
  },
  'GET /api/profiles/{userId}/rating-history': {
    expect: all(200),
    call: (f) => ({ params: { userId: f.users.user.id } }),
  },

  // leaderboards and counts
  'GET /api/leaderboard/problems': { expect: all(200) },
  'GET /api/leaderboard/contests': { expect: all(200) },
  'GET /api/stats': { expect: all(200) },

  // AI help, on a problem of no running contest (its participants get 403: ai-sizes-and-contests.integration-spec.ts)
  'POST /api/analyze-code': {
    expect: signedIn(200),
    call: async (f) => ({ body: code(await freshProblem(f)) }),
  },
  'POST /api/debug-help': {
    expect: signedIn(200),
    call: async (f) => ({ body: { ...code(await freshProblem(f)), errorMessage: 'Wrong answer on test 1' } }),
  },

  // the CLICS Contest API (issue 32): public reads; runs and sources are an admin's; Basic auth is the guard's own
  'GET /api/clics': { expect: all(200) },
  'GET /api/clics/contests': { expect: all(200) },
  'GET /api/clics/contests/{id}': { expect: all(200), call: onClics() },
  'GET /api/clics/contests/{id}/state': { expect: all(200), call: onClics() },
  'GET /api/clics/contests/{id}/scoreboard': { expect: all(200), call: onClics() },
  'GET /api/clics/contests/{id}/event-feed': { expect: all(200), call: onClics(undefined, '?stream=false') },
  ...clicsRows('judgement-types', () => 'AC'),
  ...clicsRows('languages', () => 'java'),
  ...clicsRows('problems', (c) => c.problem),
  ...clicsRows('groups', (c) => c.organization),
  ...clicsRows('organizations', (c) => c.organization),
  ...clicsRows('teams', (_c, f) => f.users.user.id),
  ...clicsRows('submissions', (c) => c.submission),
  ...clicsRows('judgements', (c) => c.submission),
  // Runs show a hidden test's own time: admins only, everyone else finds none.
  ...clicsRows('runs', (c) => `${c.submission.replace(/-/g, '')}-1`, {
    ...all(404),
    admin: 200,
    superAdmin: 200,
  }),
  // The question is its asker's (and admins'); the public answer is everyone's.
  ...clicsRows('clarifications', (c) => c.question, { ...all(404), user: 200, admin: 200, superAdmin: 200 }),
  'GET /api/clics/contests/{id}/clarifications/{objectId} (answer)': {
    expect: all(200),
    call: onClics((c) => c.answer),
  },
  ...clicsRows('awards', () => 'winner'),
  'GET /api/clics/contests/{id}/submissions/{submissionId}/files': {
    expect: adminOnly(200),
    call: async (f) => {
      const c = await clics(f);
      return { params: { id: c.contestId, submissionId: c.submission } };
    },
  },
  'GET /api/admin/contests/{id}/package': { expect: adminOnly(200), call: onClics() },

  // organizations (issue 32)
  'GET /api/organizations': { expect: all(200) },
  'POST /api/admin/organizations': {
    expect: adminOnly(201),
    call: () => ({ body: { name: unique('club') } }),
  },
  'DELETE /api/admin/organizations/{id}': {
    expect: adminOnly(200),
    call: async (f) => {
      const [org] = await f.t.db.query(`INSERT INTO organizations (name) VALUES ($1) RETURNING id`, [
        unique('org'),
      ]);
      return { params: { id: org.id } };
    },
  },

  // health
  'GET /api/health': { expect: all(200) },
  'GET /api/health/ready': { expect: all(200) },
  'GET /api/time': { expect: all(200) },
};

describe('the authorization matrix: every operation of the OpenAPI document, as every kind of caller', () => {
  let t: TestApp;
  let judge: RunningJudge;
  let f: Fixtures;
  let port: number;
  let operations: { method: string; path: string }[];

  beforeAll(async () => {
    judge = await startJudge();
    t = await startApp({
      JUDGE_QUEUE_PREFIX: judge.prefix,
      METRICS_TOKEN: `metrics-${randomUUID()}`,
      AI_MEASURE_BUDGET_MS: '0',
      AI_COUNTEREXAMPLE_BUDGET_MS: '0',
    });
    await resetDatabase(t.db);
    const users = {
      user: await seedUser(t),
      other: await seedUser(t),
      admin: await seedUser(t, ['admin']),
      superAdmin: await seedUser(t, ['super_admin']),
    };
    f = { t, users } as Fixtures;
    f.problemId = await freshProblem(f);
    f.upcomingContestId = await freshContest(f, 'upcoming');
    f.activeContestId = await freshContest(f, 'active', [users.user]);
    f.endedContestId = await freshContest(f, 'ended');
    await recordPassingJudgement(t, users.user, f.problemId, null, SUM_ACCEPTED);
    await t.db.query(`UPDATE judgements SET code = $2 WHERE user_id = $1`, [users.user.id, SUM_ACCEPTED]);
    const [judgement] = await t.db.query(`SELECT id FROM judgements WHERE user_id = $1`, [users.user.id]);
    f.userJudgementId = judgement.id;
    const rejudge = await t.http
      .post('/api/admin/rejudge')
      .set(bearer(users.admin.token))
      .send({ problemId: f.problemId })
      .expect(202);
    f.rejudgeJobId = rejudge.body.jobId;
    const doc = (await t.http.get('/api/docs-json').expect(200)).body as ApiDocument;
    operations = operationsOf(doc).map((op) => ({ method: op.method.toUpperCase(), path: op.path }));
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    await judge?.stop();
  });

  it('has a row for every operation of the document, and none for an operation it lacks', () => {
    const documented = operations.map((op) => `${op.method} ${op.path}`).sort();
    expect(
      documented.filter((key) => !(key in MATRIX)),
      'operations without a row',
    ).toEqual([]);
    expect(
      // A second row of one operation names its case in parentheses.
      Object.keys(MATRIX).filter((key) => !documented.includes(key.replace(/ \(.*\)$/, ''))),
      'rows without an operation',
    ).toEqual([]);
  });

  /** node:http: a server-sent-event stream or an NDJSON feed counts as answered at its headers; redirects are not followed. */
  function send(method: string, path: string, token: string | undefined, body: unknown) {
    // A Buffer is a problem package, sent as the zip it is.
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body);
    const type = Buffer.isBuffer(body) ? 'application/zip' : 'application/json';
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: {
            ...(token ? bearer(token) : {}),
            ...(payload !== undefined
              ? { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(payload)) }
              : {}),
          },
        },
        (res) => {
          if (/^(text\/event-stream|application\/x-ndjson)/.test(String(res.headers['content-type']))) {
            res.destroy();
            return resolve({ status: res.statusCode ?? 0, text: '' });
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  it.each(Object.keys(MATRIX))('%s answers each caller as its row says', async (key) => {
    const row = MATRIX[key];
    const [method, template] = key.split(' ');
    const answers: Partial<Record<Caller, string>> = {};
    const statuses: Partial<Record<Caller, number>> = {};
    for (const caller of CALLERS) {
      const call = row.call ? await row.call(f, caller) : {};
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = call.params?.[name];
        if (!value) throw new Error(`${key}: no value for {${name}}`);
        return value;
      });
      const identity = call.as !== undefined ? call.as : userOf(f, caller);
      const res = await send(method, path + (call.query ?? ''), identity?.token, call.body);
      statuses[caller] = res.status;
      if (res.status !== row.expect[caller]) answers[caller] = res.text.slice(0, 200);
    }
    expect({ statuses, answers }).toEqual({ statuses: row.expect, answers: {} });
  });
});
