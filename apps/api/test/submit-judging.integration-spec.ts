import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ExecutionMessages,
  JUDGE_QUEUE,
  type ExecuteCodeResponse,
  type ExecutionResult,
  type JudgeJobData,
} from '@javelin/contracts';
import { Queue } from 'bullmq';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { TEST_REDIS_URL } from './support/env';
import { startJudge, RunningJudge } from './support/judge';

/**
 * Issue 27 (API side) through the real judge: examples are judged first, a non-admin never sees a hidden
 * test's own time, and a submit stops at its first failing test (the rest "not judged"), while a run
 * still judges every example.
 */

/** A problem over one int `n` whose answer is `n`; tests are [n, isExample] in stored order. */
function echoProblem(tests: [number, boolean][]) {
  return {
    title: `Echo ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Print n.',
    constraints: '0 <= n <= 10^4',
    difficulty: 'easy',
    points: 10,
    inputVariables: [{ id: 'n', name: 'n', type: 'int', description: 'n' }],
    testCases: tests.map(([n, isExample]) => ({
      inputs: { n: String(n) },
      expectedOutput: String(n),
      isExample,
    })),
    functionName: 'echo',
    returnType: 'int',
  };
}

/** A program that reads n and prints what `answer` (a Java expression over n) gives, after `before`. */
const program = (answer: string, before = '') => `import java.util.*;

public class Main {
    public static void main(String[] args) throws Exception {
        Scanner in = new Scanner(System.in);
        int n = Integer.parseInt(in.nextLine().trim());
        ${before}
        System.out.println(${answer});
    }
}
`;

type Shown = ExecutionResult & { stderr?: string };

describe('judging a submit (issue 27)', () => {
  let judge: RunningJudge;
  let t: TestApp;
  let admin: SeededUser;
  let user: SeededUser;
  let queue: Queue;

  beforeAll(async () => {
    judge = await startJudge();
    t = await startApp({ JUDGE_QUEUE_PREFIX: judge.prefix, JUDGE_RESULT_TIMEOUT_MS: '120000' });
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    queue = new Queue(JUDGE_QUEUE, { prefix: judge.prefix, connection: { url: TEST_REDIS_URL } });
  });
  afterAll(async () => {
    await queue?.close();
    await t?.close();
    await judge?.stop();
  });

  const create = async (tests: [number, boolean][]) =>
    (await t.http.post('/api/problems').set(bearer(admin.token)).send(echoProblem(tests)).expect(201))
      .body as {
      _id: string;
      testCases: { _id: string; isExample: boolean }[];
    };

  const judgeCode = async (who: SeededUser, problemId: string, code: string, submit = true) =>
    (
      await t.http
        .post('/api/execute-code')
        .set(bearer(who.token))
        .send({ code, language: 'java', problemId, runAllTestCases: submit })
        .expect(200)
    ).body as ExecuteCodeResponse & { results: Shown[] };

  /** The job the judge received for `code` (the newest one). */
  const jobFor = async (code: string): Promise<JudgeJobData> => {
    const jobs = await queue.getJobs(['completed'], 0, 500);
    const mine = jobs.filter((j) => j.name === 'judge' && (j.data as JudgeJobData).code === code);
    expect(mine.length).toBeGreaterThan(0);
    return mine.sort((a, b) => b.timestamp - a.timestamp)[0].data as JudgeJobData;
  };

  it('judges the examples first whatever order the tests are stored in: hidden, hidden, example', async () => {
    const problem = await create([
      [11, false],
      [12, false],
      [13, true],
    ]);
    const [hidden1, hidden2, example] = problem.testCases.map((tc) => tc._id);
    const right = program('n');
    const ok = await judgeCode(user, problem._id, right);
    expect(ok).toMatchObject({ verdict: 'accepted', passedCount: 3, totalCount: 3 });
    // What the judge received: the example first, then the hidden tests in stored order.
    const job = await jobFor(right);
    expect(job.tests.map((x) => x.id)).toEqual([example, hidden1, hidden2]);
    expect(job.tests[0]).toMatchObject({ stdin: '13\n', expectedOutput: '13' });
    expect(job).toMatchObject({ stopAtFirstFailure: true, checker: 'exact' });
    expect(ok.results.map((r) => r.testCaseId)).toEqual([example, hidden1, hidden2]);

    // What the judge did: code wrong on every test is judged on the example only (it stopped there),
    // so the one judged test is the example, and both hidden tests were never run.
    const wrong = await judgeCode(user, problem._id, program('n + 1'));
    expect(wrong).toMatchObject({ verdict: 'wrong_answer', passedCount: 0, totalCount: 3 });
    expect(wrong.results[0]).toMatchObject({ testCaseId: example, isExample: true, actualOutput: '14' });
    expect(wrong.results[0].notJudged).toBeUndefined();
    expect(wrong.results.slice(1).map((r) => [r.testCaseId, r.notJudged])).toEqual([
      [hidden1, true],
      [hidden2, true],
    ]);
  });

  it("never shows a non-admin a hidden test's own time: each shows the submission's slowest", async () => {
    const problem = await create([
      [0, true],
      [150, false],
      [700, false],
      [1300, false],
    ]);
    const sleeper = program('n', 'Thread.sleep(n);');
    const shown = await judgeCode(user, problem._id, sleeper);
    expect(shown).toMatchObject({ verdict: 'accepted', passedCount: 4 });
    const hiddenTimes = shown.results.filter((r) => !r.isExample).map((r) => r.executionTime);
    const slowest = Math.max(...shown.results.map((r) => r.executionTime));
    expect(slowest).toBeGreaterThanOrEqual(1300);
    expect(hiddenTimes).toEqual([slowest, slowest, slowest]);
    // The example's own time is the user's to see.
    expect(shown.results[0].executionTime).toBeLessThan(slowest);

    // Kept in the history the same way.
    const history = await t.http.get('/api/submissions').set(bearer(user.token)).expect(200);
    const latest = (history.body.items as { _id: string; problemId: string }[]).find(
      (s) => s.problemId === problem._id,
    )!;
    const detail = await t.http.get(`/api/submissions/${latest._id}`).set(bearer(user.token)).expect(200);
    const kept = (detail.body.results as ExecutionResult[])
      .filter((r) => !r.isExample)
      .map((r) => r.executionTime);
    expect(new Set(kept).size).toBe(1);
    expect(detail.body.maxTimeMs).toBe(kept[0]);

    // An admin sees each hidden test's own time.
    const own = await judgeCode(admin, problem._id, sleeper);
    const [fast, mid, slow] = own.results.filter((r) => !r.isExample).map((r) => r.executionTime);
    expect(mid - fast).toBeGreaterThan(300);
    expect(slow - mid).toBeGreaterThan(300);
  });

  it('stops a submit at its first failure: wrong on test 3 of 10 is 2 passed, 1 failed, 7 not judged', async () => {
    const problem = await create([
      [1, true],
      [2, true],
      ...Array.from({ length: 8 }, (_, i): [number, boolean] => [i + 3, false]),
    ]);
    const wrongOnThree = program('n == 3 ? 0 : n');
    const res = await judgeCode(user, problem._id, wrongOnThree);
    expect(res).toMatchObject({
      overallPassed: false,
      passedCount: 2,
      totalCount: 10,
      verdict: 'wrong_answer',
    });
    expect(res.results).toHaveLength(10);
    const failed = res.results.filter((r) => !r.passed && !r.notJudged);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ testCaseId: problem.testCases[2]._id, verdict: 'wrong_answer' });
    const notJudged = res.results.filter((r) => r.notJudged);
    expect(notJudged).toHaveLength(7);
    for (const r of notJudged)
      expect(r).toMatchObject({
        passed: false,
        executionTime: 0,
        actualOutput: '',
        error: ExecutionMessages.notJudgedError,
        verdict: 'wrong_answer',
      });
    expect(res.results.slice(3).every((r) => r.notJudged)).toBe(true);

    // The server's record of the try says the same: 2 of 10, and the history keeps the 7 as not judged.
    const recorded = await t.http
      .post('/api/submissions')
      .set(bearer(user.token))
      .send({
        problemId: problem._id,
        code: wrongOnThree,
        language: 'java',
        status: 'accepted',
        testCasesPassed: 10,
        totalTestCases: 10,
      })
      .expect(201);
    expect(recorded.body).toMatchObject({ status: 'wrong_answer', testCasesPassed: 2, totalTestCases: 10 });
    const history = await t.http.get('/api/submissions').set(bearer(user.token)).expect(200);
    const item = (history.body.items as { _id: string; problemId: string }[]).find(
      (s) => s.problemId === problem._id,
    )!;
    const detail = await t.http.get(`/api/submissions/${item._id}`).set(bearer(user.token)).expect(200);
    expect(detail.body).toMatchObject({ passedCount: 2, totalCount: 10, verdict: 'wrong_answer' });
    expect((detail.body.results as ExecutionResult[]).filter((r) => r.notJudged)).toHaveLength(7);
  });

  it('still judges every example in a run: wrong on the first of three examples', async () => {
    const problem = await create([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    const code = program('n == 1 ? 0 : n');
    const res = await judgeCode(user, problem._id, code, false);
    expect(res).toMatchObject({ passedCount: 2, totalCount: 3, verdict: 'wrong_answer' });
    expect(res.results.map((r) => [r.passed, r.notJudged])).toEqual([
      [false, undefined],
      [true, undefined],
      [true, undefined],
    ]);
    expect((await jobFor(code)).stopAtFirstFailure).toBeUndefined();
  });
});

describe("an endless loop's submit (issue 27)", () => {
  let judge: RunningJudge;
  let t: TestApp;
  let admin: SeededUser;

  // A test's time limit as one number: the CPU limit, with the wall limit equal to it, so a loaded
  // machine (where 2 s of CPU can take 5 s of wall time) still bounds the verdict by the same limit.
  const LIMIT_MS = 2_000;

  beforeAll(async () => {
    judge = await startJudge();
    t = await startApp({
      JUDGE_QUEUE_PREFIX: judge.prefix,
      JUDGE_RESULT_TIMEOUT_MS: '120000',
      JUDGE_CPU_MS: String(LIMIT_MS),
      JUDGE_WALL_MS: String(LIMIT_MS),
    });
    admin = await seedUser(t, ['admin']);
  });
  afterAll(async () => {
    await t?.close();
    await judge?.stop();
  });

  it('returns within its time limit plus a second: judged on test 1, the other 9 not judged', async () => {
    const created = await t.http
      .post('/api/problems')
      .set(bearer(admin.token))
      .send(echoProblem(Array.from({ length: 10 }, (_, i): [number, boolean] => [i, i < 2])))
      .expect(201);
    const loop = program('n', 'while (n >= 0) { n = (n + 1) % 1000; }');
    const submit = () =>
      t.http
        .post('/api/execute-code')
        .set(bearer(admin.token))
        .send({ code: loop, language: 'java', problemId: created.body._id, runAllTestCases: true })
        .expect(200);
    // The first try compiles the code (the compile cache keeps it); the second is timed.
    await submit();
    const started = Date.now();
    const res = (await submit()).body as ExecuteCodeResponse;
    const elapsed = Date.now() - started;
    expect(res).toMatchObject({ verdict: 'time_limit_exceeded', passedCount: 0, totalCount: 10 });
    expect(res.results[0]).toMatchObject({ verdict: 'time_limit_exceeded' });
    expect(res.results.filter((r) => r.notJudged)).toHaveLength(9);
    expect(elapsed).toBeLessThan(LIMIT_MS + 1_000);
    // (Long enough for a judge that does not stop to answer and fail the assertions, not time out.)
  }, 150_000);
});
