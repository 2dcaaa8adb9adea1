import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerdictMessages, type ExecuteCodeResponse, type JudgingProgress } from '@javelin/contracts';
import { HIDDEN_TICK_MS } from '../src/execution/judging-progress.service';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { startJudge, RunningJudge } from './support/judge';

/**
 * Issue 30 item 5 (API side): GET /api/execute-code/{requestId}/progress streams a run or submit's
 * progress, keyed by the X-Request-Id its POST /api/execute-code carried (the spec's exchange itself
 * unchanged), through the real judge (one job at a time): the place in the queue while another
 * submission is judged, then "k of n" as the judge finishes each test, and last the verdict the POST
 * answered with, after which the stream ends. Nobody but the owner finds it. On a scoring problem
 * (issue 31) the events carry each test group's state as its tests finish.
 */

/** Ten tests over n; the program sleeps n ms, so the test with n = 400 is the slow one. */
function sleepyProblem() {
  const values = [1, 2, 3, 400, 5, 6, 7, 8, 9, 10];
  return {
    title: `Sleepy ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Print n.',
    constraints: '0 <= n <= 10^4',
    difficulty: 'easy',
    points: 10,
    inputVariables: [{ id: 'n', name: 'n', type: 'int', description: 'n' }],
    testCases: values.map((n, i) => ({
      inputs: { n: String(n) },
      expectedOutput: String(n),
      isExample: i < 2,
    })),
    functionName: 'echo',
    returnType: 'int',
  };
}

/** Prints n after sleeping n ms (times `slower`); `wrongAt` prints n + 1 for that n (a wrong answer there). */
const program = (wrongAt = -1, slower = 1) => `import java.util.*;

public class Main {
    public static void main(String[] args) throws Exception {
        Scanner in = new Scanner(System.in);
        int n = Integer.parseInt(in.nextLine().trim());
        Thread.sleep(n * ${slower});
        System.out.println(n == ${wrongAt} ? n + 1 : n);
    }
}
`;

interface Streamed {
  status: number;
  events: JudgingProgress[];
  /** When each event arrived, in ms after the stream's headers. */
  arrivals: number[];
  body: string;
}

/** Reads a progress stream to its end (or its error body), with the caller's token. */
function readStream(t: TestApp, requestId: string, token?: string): Promise<Streamed> {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: `/api/execute-code/${encodeURIComponent(requestId)}/progress`,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      },
      (res) => {
        let body = '';
        const opened = Date.now();
        const arrivals: number[] = [];
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          const count = body.split('\n\n').filter((block) => /^event: progress$/m.test(block)).length;
          while (arrivals.length < count) arrivals.push(Date.now() - opened);
        });
        res.on('end', () => {
          const events = body
            .split('\n\n')
            .filter((block) => /^event: progress$/m.test(block))
            .map((block) => JSON.parse(block.match(/^data: (.*)$/m)![1]) as JudgingProgress);
          resolve({ status: res.statusCode ?? 0, events, arrivals, body });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error('progress stream did not end')));
    req.end();
  });
}

describe('the progress of a judgement (issue 30)', () => {
  let judge: RunningJudge;
  let t: TestApp;
  let admin: SeededUser;
  let user: SeededUser;
  let other: SeededUser;
  let problemId: string;

  beforeAll(async () => {
    judge = await startJudge();
    t = await startApp({ JUDGE_QUEUE_PREFIX: judge.prefix, JUDGE_RESULT_TIMEOUT_MS: '120000' });
    await t.app.listen(0, '127.0.0.1');
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    other = await seedUser(t);
    problemId = (
      (await t.http.post('/api/problems').set(bearer(admin.token)).send(sleepyProblem()).expect(201))
        .body as {
        _id: string;
      }
    )._id;
  });
  afterAll(async () => {
    await t?.close();
    await judge?.stop();
  });

  const execute = (who: SeededUser, requestId: string, code: string, submit = true) =>
    t.http
      .post('/api/execute-code')
      .set(bearer(who.token))
      .set('X-Request-Id', requestId)
      .send({ code, language: 'java', problemId, runAllTestCases: submit });

  it('streams the tests judged one by one and ends with the verdict the POST answered with', async () => {
    const requestId = `progress-${randomUUID()}`;
    const posted = execute(user, requestId, program(7)).then((res) => res);
    // Opened as the POST starts, before the API has queued the job: the stream waits for it.
    const streamed = await readStream(t, requestId, user.token);
    const answer = (await posted).body as ExecuteCodeResponse;
    expect(answer).toMatchObject({ verdict: 'wrong_answer', passedCount: 6, totalCount: 10 });

    expect(streamed.status).toBe(200);
    const judging = streamed.events.filter((e) => e.state === 'judging');
    // The slow fourth test (400 ms) is seen being judged: some tests finished, not all.
    expect(judging.some((e) => e.state === 'judging' && e.judged >= 1 && e.judged < 7)).toBe(true);
    const counts = judging.map((e) => (e.state === 'judging' ? e.judged : -1));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(judging.every((e) => e.state === 'judging' && e.total === 10)).toBe(true);
    // Last the verdict: wrong answer on test 7 (n = 7), and the stream ended there.
    expect(streamed.events.at(-1)).toEqual({
      state: 'done',
      verdict: 'wrong_answer',
      failedTest: 7,
      passedCount: 6,
      totalCount: 10,
    });
    expect(VerdictMessages.onTest('wrong_answer', 7)).toBe('Wrong Answer on test 7');
  });

  it('times no hidden test: their progress comes as a count per tick, the examples as they finish (issue 47)', async () => {
    // Two examples (n = 1, 2) and six hidden tests that each sleep 150 ms: streamed per test, the gaps
    // between their events would give each hidden input back.
    const hidden = (
      await t.http
        .post('/api/problems')
        .set(bearer(admin.token))
        .send({
          ...sleepyProblem(),
          testCases: [1, 2, 150, 150, 150, 150, 150, 150].map((n, i) => ({
            inputs: { n: String(n) },
            expectedOutput: String(n),
            isExample: i < 2,
          })),
        })
        .expect(201)
    ).body as { _id: string };
    const requestId = `cadence-${randomUUID()}`;
    const posted = t.http
      .post('/api/execute-code')
      .set(bearer(user.token))
      .set('X-Request-Id', requestId)
      .send({ code: program(), language: 'java', problemId: hidden._id, runAllTestCases: true })
      .then((res) => res);
    const streamed = await readStream(t, requestId, user.token);
    expect((await posted).body).toMatchObject({ verdict: 'accepted', passedCount: 8 });
    const judging = streamed.events
      .map((e, i) => ({ e, at: streamed.arrivals[i]! }))
      .filter(({ e }) => e.state === 'judging') as { e: { judged: number }; at: number }[];
    // Each change of the hidden tests' count (past the two examples) arrives on its own tick: never two
    // within half a tick (per test, they came ~150 ms apart).
    const hiddenChanges = judging.filter(({ e }, i) => e.judged > 2 && e.judged !== judging[i - 1]?.e.judged);
    for (let i = 1; i < hiddenChanges.length; i++)
      expect(hiddenChanges[i]!.at - hiddenChanges[i - 1]!.at).toBeGreaterThanOrEqual(HIDDEN_TICK_MS / 2);
    // Fewer events than hidden tests: several finished within one tick.
    expect(hiddenChanges.length).toBeLessThan(6);
    expect(streamed.events.at(-1)).toEqual({
      state: 'done',
      verdict: 'accepted',
      passedCount: 8,
      totalCount: 8,
    });
  });

  it('says the place in the queue while another submission is judged', async () => {
    const first = `first-${randomUUID()}`;
    const second = `second-${randomUUID()}`;
    // The first sleeps 1.2 s on its fourth test: the second is sent while it is judged.
    const slow = execute(other, first, program(-1, 3)).then((res) => res);
    await new Promise((r) => setTimeout(r, 400));
    const queued = execute(user, second, program()).then((res) => res);
    const streamed = await readStream(t, second, user.token);
    expect((await slow).status).toBe(200);
    expect((await queued).body).toMatchObject({ verdict: 'accepted', passedCount: 10 });
    expect(streamed.events[0]).toEqual({ state: 'queued', position: 1, total: 10 });
    expect(streamed.events.some((e) => e.state === 'judging')).toBe(true);
    expect(streamed.events.at(-1)).toMatchObject({ state: 'done', verdict: 'accepted', passedCount: 10 });
  });

  it('ends with the compilation error, naming no test', async () => {
    const requestId = `compile-${randomUUID()}`;
    const posted = execute(user, requestId, 'public class Main { int x = ; }', false).then((res) => res);
    const streamed = await readStream(t, requestId, user.token);
    expect((await posted).body).toMatchObject({ verdict: 'compilation_error' });
    expect(streamed.events.at(-1)).toEqual({
      state: 'done',
      verdict: 'compilation_error',
      passedCount: 0,
      totalCount: 2,
    });
  });

  it('is visible only to its owner: another user, an admin and an anonymous caller never read it', async () => {
    const requestId = `owned-${randomUUID()}`;
    await execute(user, requestId, program()).expect(200);
    // The owner still reads the last word after the POST has answered.
    const own = await readStream(t, requestId, user.token);
    expect(own.events).toEqual([{ state: 'done', verdict: 'accepted', passedCount: 10, totalCount: 10 }]);
    for (const stranger of [other, admin]) {
      const res = await t.http.get(`/api/execute-code/${requestId}/progress`).set(bearer(stranger.token));
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(VerdictMessages.progressNotFound);
    }
    const anonymous = await t.http.get(`/api/execute-code/${requestId}/progress`);
    expect(anonymous.status).toBe(401);
    // Another user's POST under the same id never reaches the owner's stream, nor the reverse.
    await execute(other, requestId, program(1), false).expect(200);
    expect((await readStream(t, requestId, user.token)).events.at(-1)).toMatchObject({ verdict: 'accepted' });
    expect((await readStream(t, requestId, other.token)).events.at(-1)).toMatchObject({
      verdict: 'wrong_answer',
      failedTest: 1,
    });
  });

  it("streams a scoring problem's groups filling as they are judged (issue 31), counts only", async () => {
    // Tests (examples first): 1, 2 | a: 300, 5 | b: 6 (wrong), 8 | c (needs b): 9 | d: 2500, 11.
    const grouped = {
      ...sleepyProblem(),
      title: `Sleepy groups ${Math.random().toString(36).slice(2, 7)}`,
      testCases: [
        [1, undefined],
        [2, undefined],
        [300, 'a'],
        [5, 'a'],
        [6, 'b'],
        [8, 'b'],
        [9, 'c'],
        // Long enough to span ticks: hidden tests' progress comes once per HIDDEN_TICK_MS (issue 47).
        [2500, 'd'],
        [11, 'd'],
      ].map(([n, group]) => ({
        inputs: { n: String(n) },
        expectedOutput: String(n),
        isExample: group === undefined,
        ...(group ? { group } : {}),
      })),
      testGroups: [
        { name: 'a', points: 20 },
        { name: 'b', points: 30 },
        { name: 'c', points: 10, dependsOn: ['b'] },
        { name: 'd', points: 40 },
      ],
    };
    const created = await t.http.post('/api/problems').set(bearer(admin.token)).send(grouped).expect(201);
    const requestId = `groups-${randomUUID()}`;
    const posted = t.http
      .post('/api/execute-code')
      .set(bearer(user.token))
      .set('X-Request-Id', requestId)
      .send({
        code: program(6),
        language: 'java',
        problemId: (created.body as { _id: string })._id,
        runAllTestCases: true,
      })
      .then((res) => res);
    const streamed = await readStream(t, requestId, user.token);
    const answer = (await posted).body as ExecuteCodeResponse;
    expect(answer).toMatchObject({ score: 60, maxScore: 100 });

    const judging = streamed.events.filter((e) => e.state === 'judging');
    const statesOf = (e: JudgingProgress) =>
      e.state === 'judging' || e.state === 'done' ? (e.groups ?? []).map((g) => g.state) : [];
    // Group a is earned while group d is still being judged (its 2.5 s test): the table fills live.
    expect(
      judging.some((e) => {
        const [a, b, c, d] = statesOf(e);
        return a === 'earned' && b === 'failed' && c === 'failed' && (d === 'pending' || d === 'judging');
      }),
      JSON.stringify(streamed.events),
    ).toBe(true);
    // While d's slow test runs, d shows as being judged.
    expect(judging.some((e) => statesOf(e)[3] === 'judging')).toBe(true);
    // A group's state never goes back: pending, then judging, then earned or failed.
    const rank = { pending: 0, judging: 1, earned: 2, failed: 2 } as const;
    for (let g = 0; g < 4; g++) {
      const seen = judging.map((e) => rank[statesOf(e)[g]!]);
      expect(seen).toEqual([...seen].sort((x, y) => x - y));
    }
    // Counts and test numbers only: nothing of a hidden test travels.
    for (const e of judging)
      for (const g of e.state === 'judging' ? (e.groups ?? []) : [])
        expect(Object.keys(g).sort()).toEqual(
          ['firstFailedTest', 'name', 'passedCount', 'points', 'state', 'totalCount'].sort(),
        );
    // The last word matches the answer: b failed at test 5, c for want of b, a and d earned.
    const done = streamed.events.at(-1);
    expect(done?.state).toBe('done');
    expect(done?.state === 'done' && done.groups).toEqual([
      { name: 'a', points: 20, state: 'earned', passedCount: 2, totalCount: 2, firstFailedTest: null },
      { name: 'b', points: 30, state: 'failed', passedCount: 0, totalCount: 2, firstFailedTest: 5 },
      { name: 'c', points: 10, state: 'failed', passedCount: 1, totalCount: 1, firstFailedTest: null },
      { name: 'd', points: 40, state: 'earned', passedCount: 2, totalCount: 2, firstFailedTest: null },
    ]);
    expect(answer.groups?.map((g) => g.firstFailedTest)).toEqual([null, 5, null, null]);
  });

  it('refuses a malformed request id with a 400 naming it', async () => {
    const res = await t.http.get(`/api/execute-code/${'x'.repeat(101)}/progress`).set(bearer(user.token));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(VerdictMessages.badRequestId);
  });
});
