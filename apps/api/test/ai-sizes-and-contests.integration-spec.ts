import { aiHelpOffInContest } from '@javelin/contracts';
import { generateBoilerplate } from '@javelin/java-io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzerJudgeForFile } from './support/analyzer-judge';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { createContest, endNow, startNow } from './support/contests';
import { createProblem, SUM_ACCEPTED } from './support/problems';

const PAIR_VARIABLES = [
  { id: 'nums', name: 'nums', type: 'int[]', description: 'the numbers' },
  { id: 'target', name: 'target', type: 'int', description: 'the sum to reach' },
];

/** Two Sum's constraints as LeetCode publishes them: `target`'s 10^9 is a value, not the input size. */
const TWO_SUM_CONSTRAINTS = `2 <= nums.length <= 10^4
-10^9 <= nums[i] <= 10^9
-10^9 <= target <= 10^9
Only one valid answer exists.`;

function twoSum(body: string): string {
  const boilerplate = generateBoilerplate({
    functionName: 'twoSum',
    returnType: 'int[]',
    inputVariables: PAIR_VARIABLES as never,
  });
  return boilerplate.replace('        // Write your code here\n        return new int[0];', body);
}

const HASH_MAP = twoSum(`
        Map<Integer, Integer> seen = new HashMap<>();
        for (int i = 0; i < nums.length; i++) {
            Integer j = seen.get(target - nums[i]);
            if (j != null) return new int[] { j, i };
            seen.put(nums[i], i);
        }
        return new int[0];`);

const NESTED = twoSum(`
        for (int i = 0; i < nums.length; i++)
            for (int j = i + 1; j < nums.length; j++)
                if (nums[i] + nums[j] == target) return new int[] { i, j };
        return new int[0];`);

/** Estimated O(n^3) on nums.length: priced at 10^4 it is far past the budget, yet the judge accepts it on the small tests. */
const CUBIC = twoSum(`
        long checks = 0;
        for (int i = 0; i < nums.length; i++)
            for (int j = 0; j < nums.length; j++)
                for (int k = 0; k < nums.length; k++) checks++;
        for (int i = 0; i < nums.length; i++)
            for (int j = i + 1; j < nums.length; j++)
                if (nums[i] + nums[j] == target && checks >= 0) return new int[] { i, j };
        return new int[0];`);

function twoSumProblem() {
  return {
    title: `Two Sum ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Return the indices of the two numbers that add up to target.',
    constraints: TWO_SUM_CONSTRAINTS,
    difficulty: 'easy',
    inputVariables: PAIR_VARIABLES,
    testCases: [
      { inputs: { nums: [2, 7, 11, 15], target: 9 }, expectedOutput: '0 1', isExample: true },
      { inputs: { nums: [3, 2, 4], target: 6 }, expectedOutput: '1 2', isExample: true },
      { inputs: { nums: [3, 3], target: 6 }, expectedOutput: '0 1', isExample: false },
    ],
    functionName: 'twoSum',
    returnType: 'int[]',
    checker: 'unordered',
  };
}

const withJudge = analyzerJudgeForFile();

describe('issue 44: complexity judged on sizes, never on a value bound', () => {
  let t: TestApp;
  let user: SeededUser;
  let problemId: string;
  const ask = (route: 'analyze-code' | 'debug-help', code: string, extra: Record<string, unknown> = {}) =>
    t.http
      .post(`/api/${route}`)
      .set(bearer(user.token))
      .send({ problemId, code, language: 'java', ...extra })
      .expect(200);

  beforeAll(async () => {
    t = await startApp(withJudge({ JUDGE_RESULT_TIMEOUT_MS: '120000' }));
    await resetDatabase(t.db);
    const admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    problemId = (
      await t.http.post('/api/problems').set(bearer(admin.token)).send(twoSumProblem()).expect(201)
    ).body._id;
  });
  afterAll(() => t?.close());

  it('Two Sum: an O(n) HashMap solution fits, priced at nums.length = 10^4, never at 10^9', async () => {
    const { analysis } = (await ask('analyze-code', HASH_MAP)).body;
    expect(analysis).toContain('**Time:** O(n)');
    expect(analysis).toContain('which fits the constraints');
    expect(analysis).toContain('`2 <= nums.length <= 10^4`');
    expect(analysis).toContain('at n = 10^4');
    expect(analysis).not.toMatch(/too slow/i);
    expect(analysis).not.toContain('n = 10^9');
  });

  it('an O(n²) one is judged on nums.length = 10^4, not on the value bound', async () => {
    const { analysis } = (await ask('analyze-code', NESTED)).body;
    expect(analysis).toContain('**Time:** O(n^2)');
    expect(analysis).toContain('O(n^2) at n = 10^4 is about 10^8 steps');
    expect(analysis).not.toContain('n = 10^9');
  });

  it('Debug Help on a time limit prices the same way: the O(n) solution is not blamed', async () => {
    const { analysis } = (
      await ask('debug-help', HASH_MAP, { errorMessage: 'Time limit exceeded', testResults: [] })
    ).body;
    expect(analysis).not.toMatch(/too slow/i);
    expect(analysis).toContain('fits the constraints');
  });

  it('code the judge accepted is never called too slow: the reading is named as the doubt', async () => {
    const before = (await ask('analyze-code', CUBIC)).body.analysis;
    expect(before).toContain('**too slow** for the constraints');
    const judged = await t.http
      .post('/api/execute-code')
      .set(bearer(user.token))
      .send({ problemId, code: CUBIC, language: 'java', runAllTestCases: true })
      .expect(200);
    expect(judged.body.overallPassed).toBe(true);
    const after = (await ask('analyze-code', CUBIC)).body.analysis;
    expect(after).not.toContain('**too slow**');
    expect(after).toContain(
      'this code was accepted by the judge within the time limit, so it is not too slow',
    );
    expect(after).toContain('the reading of `2 <= nums.length <= 10^4` or the estimate is in doubt');
    expect(after).not.toContain('Drop the inner loop');
  });
});

describe('issue 47: no AI help on a running contest’s problems for its participants', () => {
  let t: TestApp;
  let admin: SeededUser;
  let user: SeededUser;
  let inContest: string;
  let practice: string;
  const analyze = (token: string, problemId: string) =>
    t.http
      .post('/api/analyze-code')
      .set(bearer(token))
      .send({ problemId, code: SUM_ACCEPTED, language: 'java' });
  const debug = (token: string, problemId: string) =>
    t.http.post('/api/debug-help').set(bearer(token)).send({
      problemId,
      code: SUM_ACCEPTED,
      language: 'java',
      errorMessage: 'Wrong answer',
      testResults: [],
    });

  beforeAll(async () => {
    t = await startApp(withJudge());
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    inContest = (await createProblem(t, admin.token))._id;
    practice = (await createProblem(t, admin.token))._id;
  });
  afterAll(() => t?.close());

  it('403 with the sentence for a participant while it runs, 200 for a problem not in it, 200 after it ends', async () => {
    const contest = await createContest(t, admin.token, [inContest]);
    expect(contest).toMatchObject({ allowAiHelp: false });
    await t.http.post(`/api/contests/${contest._id}/join`).set(bearer(user.token)).expect(200);
    await startNow(t, contest._id);

    for (const res of [await analyze(user.token, inContest), await debug(user.token, inContest)]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false });
      expect(res.body.error ?? res.body.message).toBe(aiHelpOffInContest);
    }
    // Their practice of other problems is unaffected; someone not taking part is unaffected.
    expect((await analyze(user.token, practice)).status).toBe(200);
    const outsider = await seedUser(t);
    expect((await analyze(outsider.token, inContest)).status).toBe(200);

    await endNow(t, contest._id);
    expect((await analyze(user.token, inContest)).status).toBe(200);
    expect((await debug(user.token, inContest)).status).toBe(200);
  });

  it('an admin may allow it per contest (allowAiHelp), and it must be true or false', async () => {
    const allowed = await createContest(t, admin.token, [inContest], { allowAiHelp: true });
    expect(allowed).toMatchObject({ allowAiHelp: true });
    const participant = await seedUser(t);
    await t.http.post(`/api/contests/${allowed._id}/join`).set(bearer(participant.token)).expect(200);
    await startNow(t, allowed._id);
    expect((await analyze(participant.token, inContest)).status).toBe(200);

    const bad = await t.http
      .post('/api/contests')
      .set(bearer(admin.token))
      .send({
        title: 'Bad flag',
        startTime: new Date(Date.now() + 3_600_000).toISOString(),
        endTime: new Date(Date.now() + 7_200_000).toISOString(),
        problemIds: [inContest],
        allowAiHelp: 'yes',
      });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('allowAiHelp must be true or false');
  });
});
