import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestLeaderboardEntry, ExecuteCodeResponse, TestGroup } from '@javelin/contracts';
import { bearer, seedUser, SeededUser } from './support/app';
import { createContest, endNow, startNow } from './support/contests';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { exportPackage, importPackage } from './support/packages';
import { rejudgeAndWait } from './support/rejudge';
import { fullRunBody } from './support/submissions';
import { buildZip } from './support/zip';
import { readZip } from '../src/packages/zip';
import { ContestsService } from '../src/contests/contests.service';
import { codeforcesRatingChanges } from '../src/contests/rating';
import { RatingsService } from '../src/contests/ratings.service';

/**
 * Issue 31 through the real judge: test groups with points (subtasks), the score and groups of a
 * submit, dependencies, stopping inside a group, and the IOI contest format (best per group across
 * submits, shared ranks, rejudges, simultaneous submits).
 */

/** Examples n = 1; g1 (20): 2, 3; g2 (30): 10, 11, 12; g3 (50): 100, 101. The answer is 2n. */
function doubling(groups: TestGroup[], g1Tests = [2, 3]) {
  const test = (n: number, group?: string) => ({
    inputs: { n: String(n) },
    expectedOutput: String(2 * n),
    isExample: group === undefined,
    ...(group ? { group } : {}),
  });
  return {
    title: `Doubling ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Return 2n.',
    difficulty: 'medium',
    points: 100,
    inputVariables: [{ id: 'n', name: 'n', type: 'int', description: 'n' }],
    testCases: [
      test(1),
      ...g1Tests.map((n) => test(n, 'g1')),
      test(10, 'g2'),
      test(11, 'g2'),
      test(12, 'g2'),
      test(100, 'g3'),
      test(101, 'g3'),
    ],
    functionName: 'twice',
    returnType: 'int',
    testGroups: groups,
  };
}

const GROUPS: TestGroup[] = [
  { name: 'g1', points: 20 },
  { name: 'g2', points: 30 },
  { name: 'g3', points: 50 },
];

/** A program printing `answer` (a Java expression over n). */
const program = (answer: string) => `import java.util.*;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = Integer.parseInt(in.nextLine().trim());
        System.out.println(${answer});
    }
}
`;

const FULL = program('2 * n');
/** Wrong on 10 <= n < 100: groups 1 and 3 pass, group 2 fails on its first test. */
const G1_G3 = program('n >= 10 && n < 100 ? 0 : 2 * n');
/** Wrong on 2 <= n < 10 and on n >= 100: group 2 only (the example n = 1 passes). */
const G2_ONLY = program('(n >= 2 && n < 10) || n >= 100 ? 0 : 2 * n');
/** Wrong on n = 11 only: g2 fails on its second test. */
const G2_SECOND = program('n == 11 ? 0 : 2 * n');

describe('partial scores (issue 31)', () => {
  let t: JudgedApp;
  let admin: SeededUser;

  beforeAll(async () => {
    t = await startJudgedApp({ JUDGE_RESULT_TIMEOUT_MS: '120000' });
    admin = await seedUser(t, ['admin']);
  });
  afterAll(() => t?.close());

  const create = async (form: ReturnType<typeof doubling>) =>
    (await t.http.post('/api/problems').set(bearer(admin.token)).send(form).expect(201)).body as {
      _id: string;
      testGroups?: TestGroup[];
      testCases: { group?: string; isExample: boolean }[];
    };

  const submit = async (user: SeededUser, problemId: string, code: string, contestId?: string) =>
    (
      await t.http
        .post('/api/execute-code')
        .set(bearer(user.token))
        .send(fullRunBody(problemId, code, contestId ? { contestId } : {}))
        .expect(200)
    ).body as ExecuteCodeResponse;

  /** The spec's all-pass flow after a full-score submit: the accepted submission recorded, then the solve. */
  const recordSolve = async (user: SeededUser, problemId: string) => {
    const sub = await t.http
      .post('/api/submissions')
      .set(bearer(user.token))
      .send({
        problemId,
        code: FULL,
        language: 'java',
        status: 'accepted',
        testCasesPassed: 8,
        totalTestCases: 8,
      })
      .expect(201);
    return (
      await t.http
        .post('/api/solve')
        .set(bearer(user.token))
        .send({ problemId, submissionId: sub.body._id })
        .expect(200)
    ).body as { alreadySolved: boolean; points: number };
  };

  describe('judging a scoring problem', () => {
    let problemId: string;
    let user: SeededUser;

    beforeAll(async () => {
      const p = await create(doubling(GROUPS));
      problemId = p._id;
      user = await seedUser(t);
      expect(p.testGroups).toEqual(GROUPS);
      expect(p.testCases.map((c) => c.group ?? null)).toEqual([
        null,
        'g1',
        'g1',
        'g2',
        'g2',
        'g2',
        'g3',
        'g3',
      ]);
    });

    it('a solution passing groups 1 and 3 but not 2 scores their points; group 2 stops at its first failing test', async () => {
      const r = await submit(user, problemId, G1_G3);
      expect(r.score).toBe(70);
      expect(r.maxScore).toBe(100);
      expect(r.overallPassed).toBe(false);
      expect(r.verdict).toBe('wrong_answer');
      expect(r.groups).toEqual([
        { name: 'g1', points: 20, earned: true, passedCount: 2, totalCount: 2, firstFailedTest: null },
        { name: 'g2', points: 30, earned: false, passedCount: 0, totalCount: 3, firstFailedTest: 4 },
        { name: 'g3', points: 50, earned: true, passedCount: 2, totalCount: 2, firstFailedTest: null },
      ]);
      // Inside group 2 the judging stopped: its two later tests were not judged; group 3 was judged.
      expect(r.results.map((x) => (x.notJudged ? 'not judged' : x.verdict))).toEqual([
        'accepted',
        'accepted',
        'accepted',
        'wrong_answer',
        'not judged',
        'not judged',
        'accepted',
        'accepted',
      ]);
      expect(r.passedCount).toBe(5);
      expect(r.totalCount).toBe(8);
    });

    it('stopping inside a group: the first failing test ends that group only', async () => {
      const r = await submit(user, problemId, G2_SECOND);
      expect(r.results.map((x) => (x.notJudged ? 'not judged' : x.verdict))).toEqual([
        'accepted',
        'accepted',
        'accepted',
        'accepted',
        'wrong_answer',
        'not judged',
        'accepted',
        'accepted',
      ]);
      expect(r.groups?.[1]).toMatchObject({ earned: false, passedCount: 1, firstFailedTest: 5 });
      expect(r.score).toBe(70);
    });

    it('the full solution scores 100 / 100 and passes every test (the spec fields as before)', async () => {
      const r = await submit(user, problemId, FULL);
      expect(r).toMatchObject({
        score: 100,
        maxScore: 100,
        overallPassed: true,
        verdict: 'accepted',
        passedCount: 8,
      });
      expect(r.groups?.every((g) => g.earned)).toBe(true);
    });

    it('with dependsOn, group 3 needs group 2: passing groups 1 and 3 scores group 1 only', async () => {
      const dependent = await create(
        doubling([
          { name: 'g1', points: 20 },
          { name: 'g2', points: 30 },
          { name: 'g3', points: 50, dependsOn: ['g2'] },
        ]),
      );
      const r = await submit(user, dependent._id, G1_G3);
      expect(r.score).toBe(20);
      expect(r.groups?.[2]).toMatchObject({ name: 'g3', earned: false, passedCount: 2, totalCount: 2 });
    });

    it('a run of the examples carries no score; a problem without groups answers as before', async () => {
      const run = (
        await t.http
          .post('/api/execute-code')
          .set(bearer(user.token))
          .send({ ...fullRunBody(problemId, FULL), runAllTestCases: false })
          .expect(200)
      ).body as ExecuteCodeResponse;
      expect(run.score).toBeUndefined();
      const { testGroups: _g, ...plainForm } = doubling(GROUPS);
      const plain = await create({
        ...plainForm,
        testCases: plainForm.testCases.map(({ group: _x, ...c }) => c),
      } as ReturnType<typeof doubling>);
      const r = await submit(user, plain._id, G1_G3);
      expect(r).not.toHaveProperty('score');
      expect(r).not.toHaveProperty('groups');
      expect(r.results.filter((x) => x.notJudged)).toHaveLength(4);
    });

    it('refuses groups that do not fit the tests, naming what is wrong', async () => {
      const bad = async (form: object, message: RegExp) => {
        const res = await t.http.post('/api/problems').set(bearer(admin.token)).send(form).expect(400);
        expect(JSON.stringify(res.body).replace(/\\"/g, '"')).toMatch(message);
      };
      const form = doubling(GROUPS);
      await bad({ ...form, testGroups: [...GROUPS, { name: 'g1', points: 5 }] }, /used twice/);
      await bad(
        { ...form, testGroups: [{ name: 'g1', points: 20, dependsOn: ['g3'] }, ...GROUPS.slice(1)] },
        /depend only on a group listed before/,
      );
      await bad(
        { ...form, testCases: form.testCases.map((c, i) => (i === 1 ? { ...c, group: 'g9' } : c)) },
        /testCases\.1\.group/,
      );
      await bad(
        { ...form, testCases: form.testCases.map((c, i) => (i === 0 ? { ...c, group: 'g1' } : c)) },
        /example test belongs to no group/,
      );
      await bad({ ...form, testGroups: [...GROUPS, { name: 'g4', points: 5 }] }, /group "g4" has no test/);
      await bad({ ...form, testGroups: [{ name: 'g1', points: -1 }] }, /points must not be less than 0/);
    });
  });

  describe('practice', () => {
    it("a practice problem's points count once at the best score reached; the solve adds the rest", async () => {
      const problemId = (await create(doubling(GROUPS)))._id;
      const u = await seedUser(t);
      const total = async () =>
        (await t.http.get('/api/profiles/me').set(bearer(u.token)).expect(200)).body.totalScore as number;
      await submit(u, problemId, G1_G3);
      expect(await total()).toBe(70);
      // Simultaneous lower and equal scores never add again.
      await Promise.all([submit(u, problemId, G2_ONLY), submit(u, problemId, G1_G3)]);
      expect(await total()).toBe(70);
      await submit(u, problemId, FULL);
      expect(await total()).toBe(100);
      const solved = await recordSolve(u, problemId);
      expect(solved).toMatchObject({ alreadySolved: false, points: 100 });
      const profile = (await t.http.get('/api/profiles/me').set(bearer(u.token)).expect(200)).body;
      expect(profile).toMatchObject({ totalScore: 100, problemsSolved: 1 });
      // History lists the score of each submit, and a submit's detail its groups.
      const history = (
        await t.http.get('/api/submissions').query({ problemId }).set(bearer(u.token)).expect(200)
      ).body as { items: { _id: string; score?: number; maxScore?: number }[] };
      expect(history.items.map((i) => i.score).sort()).toEqual([100, 30, 70, 70]);
      expect(history.items.every((i) => i.maxScore === 100)).toBe(true);
      const first = history.items.find((i) => i.score === 30)!;
      const detail = (await t.http.get(`/api/submissions/${first._id}`).set(bearer(u.token)).expect(200))
        .body;
      expect(detail.groups.map((g: { earned: boolean }) => g.earned)).toEqual([false, true, false]);
    });
  });

  describe('a rejudge revises practice points', () => {
    const rejudge = (problemId: string) => rejudgeAndWait(t, admin.token, { problemId });
    const totalOf = async (u: SeededUser) =>
      (await t.http.get('/api/profiles/me').set(bearer(u.token)).expect(200)).body as {
        totalScore: number;
        problemsSolved: number;
      };
    const setG1 = (problemId: string, g1Tests: number[]) =>
      t.http
        .put(`/api/problems/${problemId}`)
        .set(bearer(admin.token))
        .send(doubling(GROUPS, g1Tests))
        .expect(200);

    it('the points follow the best score down and up; a submit during the rejudge is never lost', async () => {
      const problemId = (await create(doubling(GROUPS)))._id;
      const [u, v, w] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      await submit(u, problemId, G1_G3);
      await submit(u, problemId, G2_ONLY);
      await submit(v, problemId, G2_ONLY);
      expect((await totalOf(u)).totalScore).toBe(70);
      expect((await totalOf(v)).totalScore).toBe(30);

      // Group 1 gains n = 50, which G1_G3 fails: u's best falls to 50 (g3), v's 30 stays.
      await setG1(problemId, [2, 50]);
      await rejudge(problemId);
      expect((await totalOf(u)).totalScore).toBe(50);
      expect((await totalOf(v)).totalScore).toBe(30);
      // Rejudging again with the same tests changes nothing.
      await rejudge(problemId);
      expect((await totalOf(u)).totalScore).toBe(50);

      // Back to the old tests: u's 70 returns, once.
      await setG1(problemId, [2, 3]);
      await rejudge(problemId);
      expect((await totalOf(u)).totalScore).toBe(70);
      expect((await totalOf(v)).totalScore).toBe(30);

      // w scores 70, then a rejudge that lowers it runs while w's full solution is judged: w ends
      // with the full 100 whichever finished first, and the solve adds nothing on top.
      await submit(w, problemId, G1_G3);
      await setG1(problemId, [2, 50]);
      await Promise.all([rejudge(problemId), submit(w, problemId, FULL)]);
      expect((await totalOf(w)).totalScore).toBe(100);
      // A rejudge after it keeps the best (100), not the lowered 50.
      await rejudge(problemId);
      expect((await totalOf(w)).totalScore).toBe(100);
      expect((await totalOf(u)).totalScore).toBe(50);
    });

    it('a solve the rejudge takes away leaves the best partial score; one it gives counts the points once', async () => {
      const problemId = (await create(doubling(GROUPS)))._id;
      const u = await seedUser(t);
      const r = await submit(u, problemId, G1_G3);
      expect(r.score).toBe(70);
      await submit(u, problemId, FULL);
      await recordSolve(u, problemId);
      expect(await totalOf(u)).toMatchObject({ totalScore: 100, problemsSolved: 1 });

      // Group 3's test 101 now expects 0: FULL scores 50 (g1, g2), G1_G3 20 (g1): the solve goes, 50 stays.
      const broken = doubling(GROUPS);
      broken.testCases[broken.testCases.length - 1]!.expectedOutput = '0';
      await t.http.put(`/api/problems/${problemId}`).set(bearer(admin.token)).send(broken).expect(200);
      await rejudge(problemId);
      expect(await totalOf(u)).toMatchObject({ totalScore: 50, problemsSolved: 0 });

      // Fixed again: the solve comes back with its 100, the partial points are not added on top.
      await t.http
        .put(`/api/problems/${problemId}`)
        .set(bearer(admin.token))
        .send(doubling(GROUPS))
        .expect(200);
      await rejudge(problemId);
      expect(await totalOf(u)).toMatchObject({ totalScore: 100, problemsSolved: 1 });
    });
  });

  describe('scoring packages', () => {
    /** Doubles n (stdin) into stdout; `wrongFrom` makes it print 0 for n >= wrongFrom. */
    const stdioDouble = (wrongFrom = Number.MAX_SAFE_INTEGER) => `import java.util.*;
public class Main {
    public static void main(String[] a) {
        long n = new Scanner(System.in).nextLong();
        System.out.println(n >= ${wrongFrom}L ? 0 : 2 * n);
    }
}
`;
    const pkg = () =>
      buildZip({
        'problem.yaml': 'problem_format_version: 2023-07-draft\nname: Doubling Olympiad\ntype: scoring\n',
        'problem_statement/problem.en.md': 'Print 2n.\n',
        'data/sample/1.in': '1\n',
        'data/sample/1.ans': '2\n',
        'data/secret/group1/testdata.yaml': 'accept_score: 30\n',
        'data/secret/group1/01.in': '5\n',
        'data/secret/group1/01.ans': '10\n',
        'data/secret/group1/02.in': '6\n',
        'data/secret/group1/02.ans': '12\n',
        'data/secret/group2/testdata.yaml': 'accept_score: 70\n',
        'data/secret/group2/01.in': '1000\n',
        'data/secret/group2/01.ans': '2000\n',
        'submissions/accepted/Main.java': stdioDouble(),
      });
    const importZip = (zip: Buffer) => importPackage(t, admin.token, zip);

    it('imports a scoring package with its groups (accept_score) and judges it by them; exports it back the same', async () => {
      const imported = await importZip(pkg()).expect(201);
      const id = (imported.body.problem?._id ?? imported.body._id) as string;
      const view = (await t.http.get(`/api/problems/${id}`).set(bearer(admin.token)).expect(200)).body;
      expect(view.testGroups).toEqual([
        { name: 'group1', points: 30 },
        { name: 'group2', points: 70 },
      ]);
      const u = await seedUser(t);
      const partial = await submit(u, id, stdioDouble(100));
      expect([partial.score, partial.maxScore]).toEqual([30, 100]);
      expect((await submit(u, id, stdioDouble())).score).toBe(100);

      const exported = await exportPackage(t, admin.token, id);
      const files = await readZip(exported);
      expect(files.get('problem.yaml')?.toString()).toMatch(/type: scoring/);
      expect(files.get('data/secret/group2/testdata.yaml')?.toString()).toMatch(/accept_score: 70/);
      expect(files.has('data/secret/group1/02.in')).toBe(true);
      await t.db.query(`DELETE FROM problems WHERE id = $1`, [id]);
      const again = await importZip(exported).expect(201);
      const id2 = (again.body.problem?._id ?? again.body._id) as string;
      const view2 = (await t.http.get(`/api/problems/${id2}`).set(bearer(admin.token)).expect(200)).body;
      expect(view2.testGroups).toEqual(view.testGroups);
    });

    it('exports a function problem with subtasks as a scoring package, a folder per group', async () => {
      const p = await create(doubling(GROUPS));
      const files = await readZip(await exportPackage(t, admin.token, p._id));
      const folders = [...files.keys()].filter((k) => k.endsWith('testdata.yaml')).sort();
      expect(folders).toEqual([
        'data/secret/g1/testdata.yaml',
        'data/secret/g2/testdata.yaml',
        'data/secret/g3/testdata.yaml',
        'data/testdata.yaml',
      ]);
      expect(
        [...files.keys()].filter((k) => k.startsWith('data/secret/g2/') && k.endsWith('.in')),
      ).toHaveLength(3);
    });
  });

  describe('the IOI format', () => {
    let problemId: string;
    let contestId: string;
    const users: SeededUser[] = [];

    const board = async () =>
      (await t.http.get(`/api/leaderboard/contests/${contestId}`).expect(200))
        .body as ContestLeaderboardEntry[];
    const rowOf = async (u: SeededUser) => (await board()).find((r) => r.userId === u.id);

    beforeAll(async () => {
      problemId = (await create(doubling(GROUPS)))._id;
      const contest = await createContest(t, admin.token, [problemId], { format: 'ioi' });
      contestId = contest._id;
      for (let i = 0; i < 4; i++) {
        const u = await seedUser(t);
        await t.http.post(`/api/contests/${contestId}/join`).set(bearer(u.token)).expect(200);
        users.push(u);
      }
      await startNow(t, contestId);
    });

    it('two submits that each pass different groups add up on the board', async () => {
      const [a] = users;
      expect((await submit(a, problemId, G1_G3, contestId)).score).toBe(70);
      expect((await rowOf(a))?.score).toBe(70);
      expect((await submit(a, problemId, G2_ONLY, contestId)).score).toBe(30);
      const row = await rowOf(a);
      expect(row?.score).toBe(100);
      expect(row?.cells?.[0]).toMatchObject({ problemId, score: 100 });
    });

    it('equal scores share a rank', async () => {
      const [, b, c] = users;
      await submit(b, problemId, G1_G3, contestId);
      await submit(c, problemId, G1_G3, contestId);
      const rows = await board();
      expect(rows.map((r) => [r.userId, r.score, r.rank])).toEqual(
        expect.arrayContaining([
          [users[0].id, 100, 1],
          [b.id, 70, 2],
          [c.id, 70, 2],
        ]),
      );
    });

    it('contestants tied on the board share the rank, and the rating update treats them as tied', async () => {
      const tiedProblem = (await create(doubling(GROUPS)))._id;
      const rated = await createContest(t, admin.token, [tiedProblem], { format: 'ioi' });
      const [x, y, z] = [await seedUser(t), await seedUser(t), await seedUser(t)];
      for (const u of [x, y, z])
        await t.http.post(`/api/contests/${rated._id}/join`).set(bearer(u.token)).expect(200);
      await startNow(t, rated._id);
      expect((await submit(x, tiedProblem, FULL, rated._id)).score).toBe(100);
      // y and z reach 70 at different moments: in IOI only the score orders them.
      expect((await submit(y, tiedProblem, G1_G3, rated._id)).score).toBe(70);
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await submit(z, tiedProblem, G1_G3, rated._id)).score).toBe(70);
      const rows = (await t.http.get(`/api/leaderboard/contests/${rated._id}`).expect(200))
        .body as ContestLeaderboardEntry[];
      expect(rows.map((r) => [r.userId, r.score, r.rank])).toEqual(
        expect.arrayContaining([
          [x.id, 100, 1],
          [y.id, 70, 2],
          [z.id, 70, 2],
        ]),
      );
      await endNow(t, rated._id);
      // The scheduler may have finalised it first; either way once.
      await t.app.get(RatingsService).finalize(rated._id);
      const changes: { user_id: string; old_rating: number; new_rating: number; rank: number }[] =
        await t.db.query(
          `SELECT user_id, old_rating, new_rating, rank FROM rating_changes WHERE contest_id = $1`,
          [rated._id],
        );
      const of = (u: SeededUser) => changes.find((c) => c.user_id === u.id)!;
      expect(changes).toHaveLength(3);
      expect([of(x).rank, of(y).rank, of(z).rank]).toEqual([1, 2, 2]);
      expect(of(y).old_rating).toBe(of(z).old_rating);
      // Tied: the same change for both (places 2 and 3 shared as 2.5), below the winner's.
      expect(of(y).new_rating).toBe(of(z).new_rating);
      expect(of(x).new_rating).toBeGreaterThan(of(y).new_rating);
      // Untied, the same start would have split them: the method gives places 2 and 3 different changes.
      const untied = codeforcesRatingChanges([
        { userId: 'x', rating: 1500, rank: 1 },
        { userId: 'y', rating: 1500, rank: 2 },
        { userId: 'z', rating: 1500, rank: 3 },
      ]);
      expect(untied.get('y')).not.toBe(untied.get('z'));
      expect(of(y).new_rating - of(y).old_rating).toBe(
        codeforcesRatingChanges([
          { userId: 'x', rating: 1500, rank: 1 },
          { userId: 'y', rating: 1500, rank: 2.5 },
          { userId: 'z', rating: 1500, rank: 2.5 },
        ]).get('y'),
      );
    });

    it('simultaneous submits of one contestant never lose a group best', async () => {
      const d = users[3];
      const scores = await Promise.all([
        submit(d, problemId, G1_G3, contestId),
        submit(d, problemId, G2_ONLY, contestId),
        submit(d, problemId, G2_SECOND, contestId),
      ]);
      expect(scores.map((s) => s.score)).toEqual([70, 30, 70]);
      expect((await rowOf(d))?.score).toBe(100);
    });

    it('a freeze hides the groups first earned after it from others; the contestant sees their own', async () => {
      const frozenProblem = (await create(doubling(GROUPS)))._id;
      const frozen = await createContest(t, admin.token, [frozenProblem], {
        format: 'ioi',
        freezeMinutes: 59,
      });
      const e = await seedUser(t);
      await t.http.post(`/api/contests/${frozen._id}/join`).set(bearer(e.token)).expect(200);
      await startNow(t, frozen._id);
      // The freeze begins a minute from now: one submit before it, one (through the contest's clock) after.
      await submit(e, frozenProblem, G1_G3, frozen._id);
      const clock = t.app.get(ContestsService);
      clock.useClock(() => new Date(Date.now() + 3 * 60_000));
      try {
        await submit(e, frozenProblem, G2_ONLY, frozen._id);
      } finally {
        clock.useClock(() => new Date());
      }
      const url = `/api/leaderboard/contests/${frozen._id}`;
      const publicRow = ((await t.http.get(url).expect(200)).body as ContestLeaderboardEntry[]).find(
        (r) => r.userId === e.id,
      );
      expect(publicRow?.score).toBe(70);
      expect(publicRow?.cells?.[0]).toMatchObject({ score: 70, pending: 1 });
      const ownRow = (
        (await t.http.get(url).set(bearer(e.token)).expect(200)).body as ContestLeaderboardEntry[]
      ).find((r) => r.userId === e.id);
      expect(ownRow?.score).toBe(100);
      expect(ownRow?.cells?.[0]).toMatchObject({ score: 100 });
    });

    it('a rejudge that changes one group updates the board', async () => {
      // Group 1 gains a test G1_G3 fails (n = 50): B's and C's 70 become 50; A keeps g2 and g3 = 80.
      const form = doubling(GROUPS, [2, 50]);
      await t.http.put(`/api/problems/${problemId}`).set(bearer(admin.token)).send(form).expect(200);
      await rejudgeAndWait(t, admin.token, { problemId, contestId });
      const rows = await board();
      const score = (u: SeededUser) => rows.find((r) => r.userId === u.id)?.score;
      expect(score(users[1])).toBe(50);
      expect(score(users[2])).toBe(50);
      expect(score(users[0])).toBe(80);
      expect(rows.find((r) => r.userId === users[1].id)?.rank).toBe(
        rows.find((r) => r.userId === users[2].id)?.rank,
      );
    });
  });
});
