import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { createContest } from './support/contests';
import { createProblem, sumProblem, SUM_ACCEPTED } from './support/problems';
import { tableChecksums } from './support/db-checksum';
import { COLLECTIONS } from '../src/clics/clics.service';

/**
 * Bad input on every route: malformed JSON, wrong types, huge strings, negative and huge numbers,
 * unknown ids, SQL and HTML metacharacters, sent with the right token so validation (not a guard)
 * answers. Every answer must be a 4xx with a non-empty `error`, never a 5xx, and the database must
 * be byte-for-byte unchanged afterwards. The route table is checked against Nest's own router, so a
 * new route without a row here fails the suite.
 */

const SQL = "' OR '1'='1'; DROP TABLE users; --";
const HTML = '<script>alert(1)</script><img src=x onerror=alert(1)>';
const WRONG_TYPES = [42, true, {}, []];
/** Text PostgreSQL or UTF-8 refuses (issue 47 item 8): a 400 naming the field, on every text field. */
const UNSTORABLE_TEXT = ['nul\u0000inside', 'lone \ud800 surrogate', 'bell\u0007'];
/** What lets a name pass for another's (issue 47 item 8). */
const DISGUISED_NAMES = ['\u202Eright-to-left', 'zero\u200Bwidth', 'two\nlines'];
const TEXT_KINDS = ['uuid', 'email', 'text', 'password', 'username', 'token', 'code', 'enum', 'date'];
const NAME_FIELDS = ['username', 'fullName', 'title', 'name', 'formalName'];

/** none: the route never reads a token; optional: reads one when sent; user/admin/super: requires one of that role. */
type Auth = 'none' | 'optional' | 'user' | 'admin' | 'super';
/** What a field accepts; each kind knows values that it must refuse. */
type Kind =
  | { uuid: true }
  | { email: true }
  | { text: number } // free text up to this many characters
  | { password: true }
  | { username: true }
  | { token: true }
  | { code: true }
  | { enum: string[] }
  | { bool: true }
  | { int: [number, number] }
  | { date: true }
  | { uuids: true }
  | { list: true }
  | { object: true };

function badValues(kind: Kind): unknown[] {
  if ('uuid' in kind) return ['not-a-uuid', SQL, HTML, '', -1, 1e308, ...WRONG_TYPES];
  if ('email' in kind) return [SQL, HTML, `${'a'.repeat(300)}@example.com`, '', ...WRONG_TYPES];
  if ('text' in kind) return ['x'.repeat(kind.text + 1), ...WRONG_TYPES];
  if ('password' in kind) return ['', 'x'.repeat(129), ...WRONG_TYPES];
  if ('username' in kind) return [SQL, HTML, 'ab', 'x'.repeat(33), 'admin', 'Root', ...WRONG_TYPES];
  if ('token' in kind) return [SQL, HTML, 'x'.repeat(201), '', ...WRONG_TYPES];
  if ('code' in kind) return ['x'.repeat(70_000), ...WRONG_TYPES];
  if ('enum' in kind) return [SQL, HTML, 'x'.repeat(10_000), ...WRONG_TYPES];
  if ('bool' in kind) return ['yes', SQL, 1, {}, []];
  if ('int' in kind)
    return [
      kind.int[0] - 1,
      -2_147_483_649,
      ...(Number.isFinite(kind.int[1]) ? [kind.int[1] + 1, 2 ** 53 + 1, 1e308] : []),
      1.5,
      SQL,
      HTML,
      true,
      {},
      [],
    ];
  if ('date' in kind) return ['tomorrow', SQL, HTML, '2026-13-45T99:99:99Z', 42, {}];
  if ('uuids' in kind) return [SQL, [SQL], [HTML], [], Array(51).fill(randomUUID()), [42], {}];
  if ('list' in kind) return [SQL, 42, {}, Array(300).fill({})];
  return [SQL, 42, []];
}

/** Query values arrive as strings. */
function badQueryValues(kind: Kind): string[] {
  if ('int' in kind)
    return [
      String(kind.int[0] - 1),
      ...(Number.isFinite(kind.int[1]) ? [String(kind.int[1] + 1)] : []),
      '1e400',
      '1.5',
      'abc',
      SQL,
      HTML,
      'x'.repeat(5000),
    ];
  return [SQL, HTML, 'nul\u0000inside'];
}

/** Values every text field must refuse with a 400 that names it. */
function textValuesNamingField(field: string, kind: Kind): string[] {
  if (!TEXT_KINDS.some((k) => k in kind)) return [];
  return [...UNSTORABLE_TEXT, ...(NAME_FIELDS.includes(field) ? DISGUISED_NAMES : [])];
}

interface Route {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  auth: Auth;
  /** A valid body (never sent as is), and the kinds of its fields to spoil one at a time. */
  body?: () => Record<string, unknown>;
  fields?: Record<string, Kind>;
  /** Fields whose absence alone must be refused. */
  required?: string[];
  query?: Record<string, Kind>;
  /** Takes no input at all but a token: bad input is a bad bearer token (public ones answer 200 regardless). */
  publicNoInput?: boolean;
  /** A browser redirect flow: errors go back to the web as a redirect, never a 5xx. */
  redirect?: boolean;
}

describe('bad input on every route: 4xx with a message, never 500, database unchanged', () => {
  let t: TestApp;
  let user: SeededUser;
  let admin: SeededUser;
  let superAdmin: SeededUser;
  let problemId: string;
  let contestId: string;
  let before: Record<string, string>;
  let sent = 0;

  const ids = () => ({ problemId, contestId, userId: user.id });
  const ROUTES: Route[] = [
    // auth
    {
      method: 'post',
      path: '/api/auth/register',
      auth: 'none',
      body: () => ({
        email: 'new@example.com',
        password: 'secret-1',
        confirmPassword: 'secret-1',
        username: 'newbie',
        fullName: 'New Bie',
      }),
      fields: {
        email: { email: true },
        password: { password: true },
        confirmPassword: { text: 10_000 },
        username: { username: true },
        fullName: { text: 100 },
      },
      required: ['email', 'password', 'confirmPassword', 'username', 'fullName'],
    },
    {
      method: 'post',
      path: '/api/auth/login',
      auth: 'none',
      body: () => ({ email: user.email, password: 'x' }),
      fields: { email: { email: true }, password: { text: 128 } },
      required: ['email', 'password'],
    },
    {
      method: 'post',
      path: '/api/auth/manual-login',
      auth: 'none',
      body: () => ({ email: user.email, password: 'x' }),
      fields: { email: { email: true }, password: { text: 128 } },
      required: ['email', 'password'],
    },
    { method: 'get', path: '/api/auth/me', auth: 'user' },
    {
      method: 'post',
      path: '/api/auth/forgot-password',
      auth: 'none',
      body: () => ({ email: user.email }),
      fields: { email: { email: true } },
      required: ['email'],
    },
    { method: 'post', path: '/api/auth/send-password-reset', auth: 'user' },
    { method: 'post', path: '/api/auth/logout', auth: 'user' },
    {
      method: 'post',
      path: '/api/auth/reset-password',
      auth: 'none',
      body: () => ({ token: 'a'.repeat(43), newPassword: 'secret-2' }),
      fields: { token: { token: true }, newPassword: { password: true } },
      required: ['token', 'newPassword'],
    },
    {
      method: 'post',
      path: '/api/auth/verify-email',
      auth: 'none',
      body: () => ({ token: 'a'.repeat(43) }),
      fields: { token: { token: true } },
      required: ['token'],
    },
    {
      method: 'post',
      path: '/api/auth/resend-verification',
      auth: 'none',
      body: () => ({ email: user.email }),
      fields: { email: { email: true } },
      required: ['email'],
    },
    {
      method: 'post',
      path: '/api/auth/create-super-admin',
      auth: 'none',
      body: () => ({
        email: 'root@example.com',
        password: 'secret-1',
        username: 'root',
        fullName: 'Root',
        role: 'super_admin',
      }),
      fields: {
        email: { email: true },
        password: { password: true },
        username: { username: true },
        fullName: { text: 100 },
        role: { enum: ['super_admin'] },
      },
      required: ['email', 'password', 'username', 'fullName', 'role'],
    },
    {
      method: 'post',
      path: '/api/auth/google',
      auth: 'none',
      body: () => ({ provider: 'google', accessToken: 'header.payload.signature' }),
      fields: { provider: { enum: ['google'] }, accessToken: { token: true }, userInfo: { object: true } },
      required: ['provider', 'accessToken'],
    },
    { method: 'get', path: '/api/auth/github', auth: 'none', publicNoInput: true, redirect: true },
    {
      method: 'get',
      path: '/api/auth/github/callback',
      auth: 'none',
      query: { code: { token: true }, state: { token: true } },
      redirect: true,
    },
    { method: 'get', path: '/api/auth/config', auth: 'none', publicNoInput: true },
    // admin
    { method: 'get', path: '/api/admin/all-users', auth: 'admin' },
    { method: 'get', path: '/api/admin/users', auth: 'admin' },
    { method: 'get', path: '/api/admin/user-roles', auth: 'admin' },
    {
      method: 'post',
      path: '/api/admin/users',
      auth: 'super',
      body: () => ({ userId: user.id, role: 'admin' }),
      fields: { userId: { uuid: true }, role: { enum: ['admin', 'super_admin'] } },
      required: ['userId', 'role'],
    },
    { method: 'delete', path: '/api/admin/users/:id', auth: 'super' },
    {
      method: 'post',
      path: '/api/admin/rejudge',
      auth: 'admin',
      body: () => ({ problemId, contestId }),
      fields: { problemId: { uuid: true }, contestId: { uuid: true } },
      required: ['problemId'],
    },
    { method: 'get', path: '/api/admin/rejudge/:jobId', auth: 'admin' },
    // problems
    { method: 'get', path: '/api/problems', auth: 'optional' },
    { method: 'get', path: '/api/problems/:id', auth: 'optional' },
    { method: 'get', path: '/api/problems/:id/test-cases', auth: 'optional' },
    { method: 'get', path: '/api/problems/:id/test-cases/all', auth: 'admin' },
    { method: 'get', path: '/api/admin/problems', auth: 'admin' },
    ...(['post', 'put'] as const).map((method): Route => ({
      method,
      path: method === 'post' ? '/api/problems' : '/api/problems/:id',
      auth: 'admin',
      body: () => sumProblem(),
      fields: {
        kind: { enum: ['function'] },
        title: { text: 200 },
        description: { text: 20_000 },
        constraints: { text: 5_000 },
        difficulty: { enum: ['easy', 'medium', 'hard'] },
        points: { int: [0, 10_000] },
        inputVariables: { list: true },
        testCases: { list: true },
        functionName: { text: 100 },
        returnType: { enum: ['int'] },
        boilerplateCode: { text: 64 * 1024 },
        tags: { list: true },
        isVisible: { bool: true },
        checker: { enum: ['exact', 'tokens', 'float', 'unordered', 'custom'] },
        // A number in (0, 0.5]: every text, 42 and the wrong types are refused.
        tolerance: { enum: [] },
        checkerCode: { text: 64 * 1024 },
        referenceSolution: { text: 64 * 1024 },
      },
      required: ['title', 'description', 'testCases', 'functionName'],
    })),
    { method: 'delete', path: '/api/problems/:id', auth: 'admin' },
    // reference solutions, run through the judge (never reached here: every case is refused first)
    { method: 'post', path: '/api/problems/:id/validate', auth: 'admin' },
    // problem packages (issue 29): a JSON body or none is no package; bad ids and tokens as everywhere
    // Imports start hidden (issue 47): `publish` is true or false.
    {
      method: 'post',
      path: '/api/problems/import',
      auth: 'admin',
      query: { publish: { enum: ['true', 'false'] } },
    },
    { method: 'post', path: '/api/problems/:id/verify', auth: 'admin' },
    { method: 'get', path: '/api/problems/:id/export', auth: 'admin' },
    // contest packages (issue 43): a JSON body or none is no package; the accounts by a contest's id
    { method: 'post', path: '/api/contests/import', auth: 'admin' },
    { method: 'get', path: '/api/contests/:id/accounts', auth: 'admin' },
    {
      method: 'get',
      path: '/api/problems/:id/images/:name',
      auth: 'optional',
      // A signed image link's query (ImageLinks): both parts in the API's own form, or a 400.
      query: { exp: { int: [0, 999_999_999_999] }, sig: { token: true }, contestId: { token: true } },
    },
    {
      method: 'post',
      path: '/api/problems/validate',
      auth: 'admin',
      body: () => ({
        referenceSolution: SUM_ACCEPTED,
        inputVariables: sumProblem().inputVariables,
        testCases: sumProblem().testCases,
      }),
      fields: {
        referenceSolution: { text: 64 * 1024 },
        inputVariables: { list: true },
        testCases: { list: true },
        checker: { enum: ['exact', 'tokens', 'float', 'unordered', 'custom'] },
        tolerance: { enum: [] },
        checkerCode: { text: 64 * 1024 },
      },
      required: ['referenceSolution', 'inputVariables', 'testCases'],
    },
    {
      method: 'post',
      path: '/api/problems/expected-output',
      auth: 'admin',
      body: () => ({
        referenceSolution: SUM_ACCEPTED,
        inputVariables: sumProblem().inputVariables,
        inputs: { a: '1', b: '2' },
      }),
      fields: {
        referenceSolution: { text: 64 * 1024 },
        inputVariables: { list: true },
        inputs: { object: true },
      },
      required: ['referenceSolution', 'inputVariables', 'inputs'],
    },
    // contests
    { method: 'get', path: '/api/contests', auth: 'optional' },
    { method: 'get', path: '/api/contests/:id', auth: 'optional' },
    { method: 'get', path: '/api/contests/:id/problems/:problemId', auth: 'optional' },
    {
      method: 'post',
      path: '/api/contests',
      auth: 'admin',
      body: () => ({
        title: 'A contest',
        description: 'd',
        startTime: new Date(Date.now() + 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 7_200_000).toISOString(),
        maxParticipants: 10,
        problemIds: [problemId],
      }),
      fields: {
        title: { text: 200 },
        description: { text: 10_000 },
        startTime: { date: true },
        endTime: { date: true },
        maxParticipants: { int: [1, 1_000_000] },
        problemIds: { uuids: true },
        format: { enum: ['points', 'icpc'] },
        penaltyMinutes: { int: [0, 1_000] },
        freezeMinutes: { int: [0, 1_000_000] },
      },
      required: ['title', 'startTime', 'endTime', 'problemIds'],
    },
    { method: 'delete', path: '/api/contests/:id', auth: 'admin' },
    { method: 'post', path: '/api/contests/:id/join', auth: 'user' },
    { method: 'post', path: '/api/contests/:id/complete', auth: 'admin' },
    { method: 'post', path: '/api/contests/:id/unfreeze', auth: 'admin' },
    { method: 'get', path: '/api/contests/:id/solved-problems', auth: 'user' },
    { method: 'get', path: '/api/contests/:id/leaderboard/stream', auth: 'optional' },
    // virtual runs (issue 21 item 4)
    { method: 'post', path: '/api/contests/:id/virtual', auth: 'user' },
    { method: 'get', path: '/api/contests/:id/virtual', auth: 'user' },
    { method: 'post', path: '/api/contests/:id/virtual/finish', auth: 'user' },
    {
      method: 'get',
      path: '/api/contests/:id/virtual/standings',
      auth: 'user',
      query: { limit: { int: [1, 1000] }, offset: { int: [0, Infinity] } },
    },
    // announcements, clarifications and the plagiarism report (issue 21)
    { method: 'get', path: '/api/contests/:id/announcements', auth: 'none' },
    {
      method: 'post',
      path: '/api/contests/:id/announcements',
      auth: 'admin',
      body: () => ({ text: 'Problem 1: n may be 0.' }),
      fields: { text: { text: 2_000 } },
      required: ['text'],
    },
    { method: 'get', path: '/api/contests/:id/clarifications', auth: 'optional' },
    {
      method: 'post',
      path: '/api/contests/:id/clarifications',
      auth: 'user',
      body: () => ({ problemId, question: 'May n be 0?' }),
      fields: { problemId: { uuid: true }, question: { text: 1_000 } },
      required: ['question'],
    },
    {
      method: 'post',
      path: '/api/contests/:id/clarifications/:clarificationId/answer',
      auth: 'admin',
      body: () => ({ answer: 'Yes.', public: true }),
      fields: { answer: { text: 2_000 }, public: { bool: true } },
      required: ['answer', 'public'],
    },
    { method: 'get', path: '/api/admin/contests/:id/plagiarism', auth: 'admin' },
    {
      method: 'post',
      path: '/api/admin/contests/:id/plagiarism',
      auth: 'admin',
      body: () => ({ threshold: 0.8 }),
      fields: { threshold: { int: [0.1, 1] } },
    },
    { method: 'get', path: '/api/admin/contests/:id/plagiarism/pairs/:pairId', auth: 'admin' },
    {
      method: 'get',
      path: '/api/leaderboard/contests/:id',
      auth: 'none',
      query: { limit: { int: [1, 1000] }, offset: { int: [0, Infinity] } },
    },
    // leaderboards, stats, time, health
    {
      method: 'get',
      path: '/api/leaderboard/problems',
      auth: 'none',
      query: { limit: { int: [1, 1000] }, offset: { int: [0, Infinity] } },
    },
    {
      method: 'get',
      path: '/api/leaderboard/contests',
      auth: 'none',
      query: { limit: { int: [1, 1000] }, offset: { int: [0, Infinity] } },
    },
    // the CLICS Contest API (issue 32): an unknown or non-ICPC contest is a 404, junk in a query a 400
    { method: 'get', path: '/api/clics', auth: 'optional' },
    { method: 'get', path: '/api/clics/contests', auth: 'optional' },
    { method: 'get', path: '/api/clics/contests/:id', auth: 'optional' },
    { method: 'get', path: '/api/clics/contests/:id/state', auth: 'optional' },
    {
      method: 'get',
      path: '/api/clics/contests/:id/scoreboard',
      auth: 'optional',
      query: { group_id: { token: true } },
    },
    {
      method: 'get',
      path: '/api/clics/contests/:id/event-feed',
      auth: 'optional',
      query: { since_token: { token: true }, stream: { enum: ['true', 'false'] } },
    },
    // Every collection the CLICS API serves (its list by the spec's endpoint names).
    ...COLLECTIONS.flatMap((name): Route[] => [
      { method: 'get', path: `/api/clics/contests/:id/${name}`, auth: 'optional' },
      { method: 'get', path: `/api/clics/contests/:id/${name}/:objectId`, auth: 'optional' },
    ]),
    { method: 'get', path: '/api/clics/contests/:id/submissions/:submissionId/files', auth: 'admin' },
    { method: 'get', path: '/api/admin/contests/:id/package', auth: 'admin' },
    // organizations (issue 32)
    { method: 'get', path: '/api/organizations', auth: 'none', publicNoInput: true },
    {
      method: 'post',
      path: '/api/admin/organizations',
      auth: 'admin',
      body: () => ({ name: 'Uni South', formalName: 'University of the South', country: 'ZAF' }),
      fields: { name: { text: 120 }, formalName: { text: 300 }, country: { enum: ['ZAF'] } },
      required: ['name'],
    },
    { method: 'delete', path: '/api/admin/organizations/:id', auth: 'admin' },
    { method: 'get', path: '/api/stats', auth: 'none', publicNoInput: true },
    { method: 'get', path: '/api/time', auth: 'none', publicNoInput: true },
    { method: 'get', path: '/api/health', auth: 'none', publicNoInput: true },
    { method: 'get', path: '/api/health/ready', auth: 'none', publicNoInput: true },
    { method: 'get', path: '/metrics', auth: 'none', publicNoInput: true },
    // profiles
    { method: 'get', path: '/api/profiles/me', auth: 'user' },
    {
      method: 'put',
      path: '/api/profiles/me',
      auth: 'user',
      body: () => ({ username: 'renamed', fullName: 'Renamed', bio: 'b', preferredLanguage: 'Java' }),
      fields: {
        username: { username: true },
        fullName: { text: 100 },
        bio: { text: 2_000 },
        preferredLanguage: { text: 50 },
        email: { text: 254 },
        organizationId: { uuid: true },
      },
    },
    { method: 'get', path: '/api/profiles/me/activity', auth: 'user' },
    { method: 'get', path: '/api/profiles/me/rating-history', auth: 'user' },
    { method: 'get', path: '/api/profiles/:userId', auth: 'none' },
    { method: 'get', path: '/api/profiles/:userId/activity', auth: 'none' },
    { method: 'get', path: '/api/profiles/:userId/rating-history', auth: 'none' },
    // judging
    {
      method: 'post',
      path: '/api/execute-code',
      auth: 'user',
      body: () => ({ code: SUM_ACCEPTED, language: 'java', problemId, runAllTestCases: true }),
      fields: {
        code: { code: true },
        language: { enum: ['java'] },
        problemId: { uuid: true },
        runAllTestCases: { bool: true },
        contestId: { uuid: true },
        contestMode: { enum: ['practice', 'virtual'] },
      },
      required: ['code', 'language', 'problemId'],
    },
    // a judgement's progress, by the request id its POST carried (none here: malformed 400, unknown 404)
    { method: 'get', path: '/api/execute-code/:requestId/progress', auth: 'user' },
    {
      method: 'post',
      path: '/api/run-custom',
      auth: 'user',
      body: () => ({ code: SUM_ACCEPTED, language: 'java', problemId, inputs: { a: '1', b: '2' } }),
      fields: {
        code: { code: true },
        language: { enum: ['java'] },
        problemId: { uuid: true },
        contestId: { uuid: true },
        inputs: { object: true },
      },
      required: ['code', 'language', 'problemId', 'inputs'],
    },
    {
      method: 'get',
      path: '/api/submissions',
      auth: 'user',
      query: {
        problemId: { uuid: true },
        contestId: { uuid: true },
        limit: { int: [1, 100] },
        offset: { int: [0, 1_000_000_000] },
      },
    },
    { method: 'get', path: '/api/submissions/:id', auth: 'user' },
    { method: 'get', path: '/api/acceptance-rates', auth: 'none', publicNoInput: true },
    {
      method: 'post',
      path: '/api/submissions',
      auth: 'user',
      body: () => ({
        problemId,
        code: SUM_ACCEPTED,
        language: 'java',
        status: 'accepted',
        testCasesPassed: 5,
        totalTestCases: 5,
      }),
      fields: {
        problemId: { uuid: true },
        contestId: { uuid: true },
        contestMode: { enum: ['practice', 'virtual'] },
        code: { code: true },
        language: { enum: ['java'] },
        status: { text: 32 },
        testCasesPassed: { int: [0, 10_000] },
        totalTestCases: { int: [0, 10_000] },
      },
      required: ['problemId', 'code', 'language'],
    },
    {
      method: 'post',
      path: '/api/solve',
      auth: 'user',
      body: () => ({ problemId, submissionId: randomUUID() }),
      fields: {
        problemId: { uuid: true },
        submissionId: { uuid: true },
        contestId: { uuid: true },
        contestMode: { enum: ['practice', 'virtual'] },
      },
      required: ['problemId', 'submissionId'],
    },
    { method: 'get', path: '/api/solved-problems', auth: 'user' },
    {
      method: 'post',
      path: '/api/analyze-code',
      auth: 'user',
      body: () => ({ code: SUM_ACCEPTED, language: 'java', problemId }),
      fields: { code: { code: true }, language: { enum: ['java'] }, problemId: { uuid: true } },
      required: ['code', 'language', 'problemId'],
    },
    {
      method: 'post',
      path: '/api/debug-help',
      auth: 'user',
      body: () => ({
        code: SUM_ACCEPTED,
        language: 'java',
        problemId,
        errorMessage: 'boom',
        testResults: [],
      }),
      fields: {
        code: { code: true },
        language: { enum: ['java'] },
        problemId: { uuid: true },
        errorMessage: { text: 64 * 1024 },
        testResults: { list: true },
      },
      required: ['code', 'language', 'problemId'],
    },
  ];

  interface Case {
    name: string;
    path: string;
    token?: string;
    body?: unknown;
    raw?: string;
    /** The field a 400 must name (text refused by the text rule). */
    naming?: string;
  }

  const tokenFor = (auth: Auth) =>
    ({
      none: undefined,
      optional: user.token,
      user: user.token,
      admin: admin.token,
      super: superAdmin.token,
    })[auth];

  /** The route's path with real ids, so only the spoiled part is wrong (no clarification or pair exists: an unknown one). */
  const realPath = (path: string) =>
    path
      .replace(':clarificationId', randomUUID())
      .replace(':pairId', randomUUID())
      .replace(':problemId', problemId)
      .replace(':userId', user.id)
      // No job has this id: a well-formed unknown job (404).
      .replace(':jobId', contestId)
      .replace(
        ':id',
        path.includes('/admin/users')
          ? user.id
          : path.includes('/problems') && !path.includes('/contests')
            ? problemId
            : contestId,
      );

  function casesFor(route: Route): Case[] {
    const token = tokenFor(route.auth);
    const cases: Case[] = [];
    // Every route that reads a token refuses a forged or mangled one.
    for (const forged of [`${SQL}`, HTML, 'x'.repeat(10_000), `${user?.token ?? ''}x`]) {
      if (route.auth !== 'none')
        cases.push({ name: `bearer ${forged.slice(0, 20)}`, path: realPath(route.path), token: forged });
    }
    // Path ids: malformed ones are 400, unknown ones 404.
    for (const param of route.path.match(/:\w+/g) ?? []) {
      for (const bad of [
        'not-a-uuid',
        SQL,
        HTML,
        '-1',
        '99999999999999999999',
        'x'.repeat(2000),
        '%00',
        '..%2f..%2fetc%2fpasswd',
      ]) {
        cases.push({
          name: `${param}=${bad.slice(0, 24)}`,
          path: realPath(route.path.replace(param, encodeURIComponent(bad).replace(/%25/g, '%'))),
          token,
          body: route.body?.(),
        });
      }
      cases.push({
        name: `${param} unknown`,
        path: realPath(route.path.replace(param, randomUUID())),
        token,
        body: route.body?.(),
      });
    }
    for (const [name, kind] of Object.entries(route.query ?? {})) {
      for (const bad of badQueryValues(kind)) {
        cases.push({
          name: `?${name}=${bad.slice(0, 24)}`,
          path: `${realPath(route.path)}?${name}=${encodeURIComponent(bad)}`,
          token,
        });
      }
    }
    if (route.body) {
      const path = realPath(route.path);
      for (const raw of [
        '{"code": ',
        '{bad json}',
        '[]',
        '"just a string"',
        '123',
        'null',
        `{"a":"${'x'.repeat(300_000)}"}`,
      ]) {
        cases.push({ name: `raw ${raw.slice(0, 16)}`, path, token, raw });
      }
      cases.push({
        name: 'unknown field with metacharacters',
        path,
        token,
        body: { ...route.body(), [HTML]: SQL },
      });
      for (const [field, kind] of Object.entries(route.fields ?? {})) {
        for (const bad of badValues(kind)) {
          const shown = typeof bad === 'string' ? bad.slice(0, 16) : JSON.stringify(bad)?.slice(0, 16);
          cases.push({ name: `${field}=${shown}`, path, token, body: { ...route.body(), [field]: bad } });
        }
        for (const bad of textValuesNamingField(field, kind))
          cases.push({
            name: `${field}=${JSON.stringify(bad)}`,
            path,
            token,
            body: { ...route.body(), [field]: bad },
            naming: field,
          });
      }
      for (const field of route.required ?? []) {
        const body = route.body();
        if (!(field in body)) continue;
        delete body[field];
        cases.push({ name: `${field} missing`, path, token, body });
      }
    }
    if (route.publicNoInput) {
      // Nothing to validate: junk in the query and a forged token are ignored (2xx) or refused (4xx), never a 5xx.
      for (const forged of [SQL, HTML])
        cases.push({
          name: `ignored junk ${forged.slice(0, 12)}`,
          path: `${route.path}?q=${encodeURIComponent(forged)}`,
          token: forged,
        });
    }
    return cases;
  }

  beforeAll(async () => {
    // A queue prefix no judge serves and a short wait: a request that slipped through would show as a 504, not hang.
    t = await startApp({
      JUDGE_QUEUE_PREFIX: `bad-input-${randomUUID().slice(0, 8)}`,
      JUDGE_RESULT_TIMEOUT_MS: '1000',
      // Google sign-in configured, so its token check (not "not configured") answers; keys are never fetched for junk.
      GOOGLE_CLIENT_ID: 'bad-input.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/jwks',
    });
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    superAdmin = await seedUser(t, ['admin', 'super_admin']);
    user = await seedUser(t);
    problemId = (await createProblem(t, admin.token))._id;
    contestId = (await createContest(t, admin.token, [problemId]))._id;
    before = await tableChecksums(t.db);
  });
  afterAll(() => t?.close());

  it('the table covers every route of the Nest router', () => {
    const router = t.app.getHttpAdapter().getInstance().router as {
      stack: { route?: { path: string; methods: Record<string, boolean> } }[];
    };
    const served = router.stack
      .filter((layer) => layer.route)
      .flatMap((layer) =>
        Object.keys(layer.route!.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`),
      )
      .filter((r) => !/\/api\/docs/.test(r));
    const covered = new Set(ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    expect(served.filter((r) => !covered.has(r))).toEqual([]);
    expect(served.length).toBeGreaterThan(50);
  });

  describe.each(ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    '%s',
    (_name, route) => {
      it('answers every bad input with a 4xx and a message', async () => {
        const failures: string[] = [];
        const cases = casesFor(route);
        for (const c of cases) {
          sent++;
          let req = t.http[route.method](c.path);
          if (c.token) req = req.set(bearer(c.token));
          const res =
            c.raw !== undefined
              ? await req.set('Content-Type', 'application/json').send(c.raw)
              : c.body !== undefined
                ? await req.send(c.body as object)
                : await req;
          if (route.publicNoInput && res.status < 300) continue;
          if (route.redirect && res.status >= 300 && res.status < 400) continue;
          const error = (res.body as { error?: unknown })?.error;
          if (res.status < 400 || res.status >= 500 || typeof error !== 'string' || error.length === 0) {
            failures.push(`${c.name}: ${res.status} ${String(res.text).slice(0, 160)}`);
          } else if (c.naming && (res.status !== 400 || !error.includes(c.naming))) {
            failures.push(
              `${c.name}: ${res.status} ${error.slice(0, 160)} (a 400 naming ${c.naming} expected)`,
            );
          }
        }
        expect(failures).toEqual([]);
        expect(cases.length).toBeGreaterThan(0);
      });
    },
  );

  it('left the database unchanged', async () => {
    expect(sent).toBeGreaterThan(1000);
    expect(await tableChecksums(t.db)).toEqual(before);
  });

  it('a user id that exists but is only valid elsewhere is still an unknown id here', async () => {
    const res = await t.http.get(`/api/contests/${ids().userId}`).set(bearer(user.token));
    expect(res.status).toBe(404);
    expect(res.body.error).toBeTruthy();
  });
});
