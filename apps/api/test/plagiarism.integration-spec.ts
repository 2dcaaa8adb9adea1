import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAGIARISM_DEFAULT_THRESHOLD } from '@javelin/contracts';
import { DolosComparer } from '../src/plagiarism/dolos-comparer';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { createContest, recordPassingJudgement, startNow, submitAndSolve } from './support/contests';
import { createProblem } from './support/problems';
import {
  BRUTE_FORCE,
  INDEPENDENT,
  MAX_SUBARRAY_BOILERPLATE,
  ORIGINAL,
  RENAMED_COPY,
  STDIO_INDEPENDENT,
  STDIO_ORIGINAL,
  STDIO_RENAMED_COPY,
} from './fixtures/plagiarism-solutions';

const MAX_SUBARRAY = {
  title: 'Largest subarray sum',
  description: 'Return the largest sum of a contiguous, non-empty subarray.',
  functionName: 'maxSubarray',
  inputVariables: [{ id: 'nums', name: 'nums', type: 'array', description: 'the numbers' }],
  testCases: [
    { inputs: { nums: '[-2, 1, -3, 4, -1, 2, 1, -5, 4]' }, expectedOutput: '6', isExample: true },
    { inputs: { nums: '[-3]' }, expectedOutput: '-3', isExample: false },
  ],
  boilerplateCode: MAX_SUBARRAY_BOILERPLATE,
};

describe('Dolos similarity of Java solutions', () => {
  let comparer: DolosComparer;
  beforeAll(() => {
    comparer = new DolosComparer();
  });
  afterAll(() => comparer.close());

  it('scores a renamed-variables copy above the threshold and independent solutions below it', async () => {
    const solutions = [ORIGINAL, RENAMED_COPY, INDEPENDENT, BRUTE_FORCE];
    const pairs = await comparer.compare({
      solutions,
      template: MAX_SUBARRAY_BOILERPLATE,
      threshold: 0,
      maxPairs: 100,
    });
    const score = (a: number, b: number) =>
      pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a))?.similarity ?? 0;
    expect(score(0, 1)).toBeGreaterThanOrEqual(PLAGIARISM_DEFAULT_THRESHOLD);
    for (const [a, b] of [
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ])
      expect(score(a, b), `solutions ${a} and ${b}`).toBeLessThan(PLAGIARISM_DEFAULT_THRESHOLD);
    // Most similar first, each with the fragments the two share.
    expect(pairs[0]).toMatchObject({ a: 0, b: 1 });
    expect(pairs[0].fragments.length).toBeGreaterThan(0);
  });

  it('leaves out code most solutions share, so a copy stands out among many alike solutions', async () => {
    // Twelve participants write the same prefix-sum idiom (names aside); two share a Kadane solution.
    const idiom = Array.from({ length: 12 }, (_, i) => INDEPENDENT.replace(/smallestPrefix/g, `low${i}`));
    const solutions = [...idiom, ORIGINAL, RENAMED_COPY];
    const everything = await comparer.compare({
      solutions,
      template: MAX_SUBARRAY_BOILERPLATE,
      threshold: 0.7,
      maxPairs: 500,
    });
    expect(everything.length).toBeGreaterThan(60);
    const filtered = await comparer.compare({
      solutions,
      template: MAX_SUBARRAY_BOILERPLATE,
      threshold: 0.7,
      maxPairs: 500,
      maxFingerprintCount: 10,
    });
    expect(filtered.map((p) => [p.a, p.b])).toEqual([[12, 13]]);
  });

  it('does not count what the solutions share with the boilerplate', async () => {
    const withoutTemplate = await comparer.compare({
      solutions: [ORIGINAL, INDEPENDENT],
      template: null,
      threshold: 0,
      maxPairs: 1,
    });
    const withTemplate = await comparer.compare({
      solutions: [ORIGINAL, INDEPENDENT],
      template: MAX_SUBARRAY_BOILERPLATE,
      threshold: 0,
      maxPairs: 1,
    });
    expect(withTemplate[0].similarity).toBeLessThan(withoutTemplate[0].similarity);
  });
});

describe('plagiarism report', () => {
  let t: TestApp;
  let admin: SeededUser;
  let problem: string;

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    problem = (await createProblem(t, admin.token, MAX_SUBARRAY))._id;
  });
  afterAll(() => t.close());

  /** A contest whose participants each submitted one accepted solution while it was active; ended unless told otherwise. */
  async function contestWith(solutions: string[], { end = true, problemId = problem } = {}) {
    const contest = await createContest(t, admin.token, [problemId]);
    const users: SeededUser[] = [];
    for (const _ of solutions) {
      const user = await seedUser(t);
      await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(user.token)).expect(200);
      users.push(user);
    }
    await startNow(t, contest._id);
    for (const [i, code] of solutions.entries()) {
      await recordPassingJudgement(t, users[i], problemId, contest._id, code);
      expect((await submitAndSolve(t, users[i], problemId, contest._id, code)).status).toBe(200);
    }
    if (end) await complete(contest._id);
    return { contestId: contest._id, users };
  }

  /** Ends the contest as an admin does, finalised at once (no contest is left for a later start-up to finalise). */
  async function complete(contestId: string) {
    await t.http.post(`/api/contests/${contestId}/complete`).set(bearer(admin.token)).expect(200);
  }

  async function waitForReport(contestId: string) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await t.http
        .get(`/api/admin/contests/${contestId}/plagiarism`)
        .set(bearer(admin.token))
        .expect(200);
      if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
      if (Date.now() > deadline) throw new Error(`the report is still ${res.body.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('finds the renamed copy in the background, and not the independent solution', async () => {
    const { contestId, users } = await contestWith([ORIGINAL, INDEPENDENT, RENAMED_COPY]);
    const [original, independent, copier] = users;
    const url = `/api/admin/contests/${contestId}/plagiarism`;
    expect((await t.http.get(url).set(bearer(admin.token)).expect(200)).body).toMatchObject({
      status: 'idle',
      pairs: [],
    });

    const started = await t.http.post(url).set(bearer(admin.token)).send({}).expect(202);
    // The request only queues the job: it answers before the comparison is done.
    expect(['queued', 'running']).toContain(started.body.status);
    expect(started.body.pairs).toEqual([]);

    const report = await waitForReport(contestId);
    expect(report).toMatchObject({
      status: 'done',
      progress: { done: 1, total: 1 },
      error: null,
      threshold: 0.7,
    });
    expect(report.pairs).toHaveLength(1);
    const [pair] = report.pairs;
    expect(new Set([pair.userA, pair.userB])).toEqual(new Set([original.id, copier.id]));
    expect(JSON.stringify(report.pairs)).not.toContain(independent.id);
    expect(pair).toMatchObject({ problemId: problem, problemTitle: 'Largest subarray sum' });
    expect(pair.similarity).toBeGreaterThanOrEqual(0.7);
    const [{ a, b }] = await t.db.query(
      `SELECT (SELECT id FROM submissions WHERE user_id = $1 AND contest_id = $3) AS a,
              (SELECT id FROM submissions WHERE user_id = $2 AND contest_id = $3) AS b`,
      [pair.userA, pair.userB, contestId],
    );
    expect([pair.submissionA, pair.submissionB]).toEqual([a, b]);

    // Side by side, with the matching fragments inside both solutions.
    const detail = await t.http.get(`${url}/pairs/${pair.id}`).set(bearer(admin.token)).expect(200);
    const codeOf = (userId: string) => (userId === original.id ? ORIGINAL : RENAMED_COPY);
    expect(detail.body.codeA).toBe(codeOf(pair.userA));
    expect(detail.body.codeB).toBe(codeOf(pair.userB));
    expect(detail.body.fragments.length).toBeGreaterThan(0);
    for (const f of detail.body.fragments) {
      expect(f.a.endRow).toBeLessThan(detail.body.codeA.split('\n').length);
      expect(f.b.endRow).toBeLessThan(detail.body.codeB.split('\n').length);
      expect(f.a.startRow).toBeLessThanOrEqual(f.a.endRow);
    }
    const missing = await t.http
      .get(`${url}/pairs/00000000-0000-4000-8000-000000000000`)
      .set(bearer(admin.token));
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('This pair is not in the plagiarism report');
  });

  it('finds the copy among whole programs of a classic (stdio) problem, whatever their class and package', async () => {
    const classic = await t.http
      .post('/api/problems')
      .set(bearer(admin.token))
      .send({
        kind: 'stdio',
        title: 'Largest subarray sum (stdin)',
        description: 'Read $n$ and $n$ numbers; print the largest sum of a contiguous, non-empty run.',
        testCases: [
          { input: '9\n-2 1 -3 4 -1 2 1 -5 4\n', expectedOutput: '6\n', isExample: true },
          { input: '1\n-3\n', expectedOutput: '-3\n', isExample: false },
        ],
        timeLimitMs: 2000,
        memoryLimitMb: 256,
        validatorFlags: [],
      })
      .expect(201);
    expect(classic.body.kind).toBe('stdio');
    const { contestId, users } = await contestWith([STDIO_ORIGINAL, STDIO_INDEPENDENT, STDIO_RENAMED_COPY], {
      problemId: classic.body._id,
    });
    const [original, independent, copier] = users;
    const url = `/api/admin/contests/${contestId}/plagiarism`;
    await t.http.post(url).set(bearer(admin.token)).send({}).expect(202);
    const report = await waitForReport(contestId);
    expect(report).toMatchObject({ status: 'done', error: null });
    expect(report.pairs).toHaveLength(1);
    const [pair] = report.pairs;
    expect(new Set([pair.userA, pair.userB])).toEqual(new Set([original.id, copier.id]));
    expect(JSON.stringify(report.pairs)).not.toContain(independent.id);
    expect(pair).toMatchObject({ problemId: classic.body._id, problemTitle: 'Largest subarray sum (stdin)' });
    expect(pair.similarity).toBeGreaterThanOrEqual(PLAGIARISM_DEFAULT_THRESHOLD);
    const detail = await t.http.get(`${url}/pairs/${pair.id}`).set(bearer(admin.token)).expect(200);
    expect([detail.body.codeA, detail.body.codeB].sort()).toEqual(
      [STDIO_ORIGINAL, STDIO_RENAMED_COPY].sort(),
    );
    expect(detail.body.fragments.length).toBeGreaterThan(0);
  });

  it('is for admins only', async () => {
    const { contestId, users } = await contestWith([ORIGINAL, RENAMED_COPY]);
    const url = `/api/admin/contests/${contestId}/plagiarism`;
    for (const send of [
      () => t.http.get(url),
      () => t.http.post(url).send({}),
      () => t.http.get(`${url}/pairs/00000000-0000-4000-8000-000000000000`),
    ]) {
      expect((await send()).status).toBe(401);
      const res = await send().set(bearer(users[0].token));
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('You need admin privileges to access this page.');
    }
    const [{ count }] = await t.db.query(
      `SELECT count(*)::int AS count FROM plagiarism_reports WHERE contest_id = $1`,
      [contestId],
    );
    expect(count).toBe(0);
  });

  it('runs only after the end, one check at a time, with a valid threshold', async () => {
    const { contestId } = await contestWith([ORIGINAL, RENAMED_COPY], { end: false });
    const url = `/api/admin/contests/${contestId}/plagiarism`;
    const early = await t.http.post(url).set(bearer(admin.token)).send({});
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('The plagiarism report can be run once the contest has ended');
    await complete(contestId);
    for (const [body, message] of [
      [{ threshold: 0 }, 'threshold must be at least 0.1'],
      [{ threshold: 2 }, 'threshold must be at most 1'],
      [{ threshold: 'high' }, 'threshold must be a number'],
      [{ level: 1 }, 'property level should not exist'],
    ] as const) {
      const res = await t.http.post(url).set(bearer(admin.token)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(message);
    }

    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => t.http.post(url).set(bearer(admin.token)).send({ threshold: 0.5 })),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409]);
    expect(attempts.find((r) => r.status === 409)!.body.error).toBe(
      'A plagiarism check of this contest is already running',
    );
    const first = await waitForReport(contestId);
    expect(first).toMatchObject({ status: 'done', threshold: 0.5 });
    expect(first.pairs).toHaveLength(1);

    // Once done it can run again (say, with another threshold); the new run replaces the old pairs.
    await t.http.post(url).set(bearer(admin.token)).send({ threshold: 1 }).expect(202);
    const second = await waitForReport(contestId);
    expect(second).toMatchObject({ status: 'done', threshold: 1, pairs: [] });
    const [{ count }] = await t.db.query(
      `SELECT count(*)::int AS count FROM plagiarism_pairs WHERE contest_id = $1`,
      [contestId],
    );
    expect(count).toBe(0);
  });

  it('answers 404 for an unknown contest and 400 for a malformed id', async () => {
    const missing = await t.http
      .get('/api/admin/contests/00000000-0000-4000-8000-000000000000/plagiarism')
      .set(bearer(admin.token));
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Contest not found');
    const malformed = await t.http
      .post('/api/admin/contests/nope/plagiarism')
      .set(bearer(admin.token))
      .send({});
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('id must be a UUID');
  });
});
