import { generateBoilerplate } from '@javelin/java-io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { createContest, startNow } from './support/contests';
import { FakeOpenAi, startFakeOpenAi } from './support/fake-openai';
import { sumProblem } from './support/problems';
import { RunningJudge, startJudge } from './support/judge';

/** Only the reference solution and the checker's source carry these: no non-admin response may. */
const REFERENCE_MARKER = 'zqReferenceSecret5d1';
const CHECKER_MARKER = 'zqCheckerSecret93b';

const PAIR_VARIABLES = [
  { id: 'nums', name: 'nums', type: 'int[]', description: 'the numbers' },
  { id: 'target', name: 'target', type: 'int', description: 'the sum to reach' },
];

/** The boilerplate of "the two indices whose values add up to target" with `body` as the function. */
function pairSolution(body: string, marker = REFERENCE_MARKER): string {
  const boilerplate = generateBoilerplate({
    functionName: 'twoSum',
    returnType: 'int[]',
    inputVariables: PAIR_VARIABLES as never,
  });
  return `// ${marker}\n${boilerplate.replace('        // Write your code here\n        return new int[0];', body)}`;
}

const PAIR_REFERENCE = pairSolution(`
        Map<Integer, Integer> seen = new HashMap<>();
        for (int i = 0; i < nums.length; i++) {
            Integer j = seen.get(target - nums[i]);
            if (j != null) return new int[] { j, i };
            seen.put(nums[i], i);
        }
        return new int[0];`);

/** The same answer, the larger index first: right under 'unordered', wrong under 'exact'. */
const PAIR_REVERSED = pairSolution(
  `
        for (int i = nums.length - 1; i >= 0; i--)
            for (int j = i - 1; j >= 0; j--)
                if (nums[i] + nums[j] == target) return new int[] { i, j };
        return new int[0];`,
  'reversed',
);

function pairProblem(overrides: Record<string, unknown> = {}) {
  return {
    title: `Pair indices ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Return the indices of the two numbers that add up to target, in any order.',
    constraints: '2 <= nums.length <= 10^4',
    difficulty: 'easy',
    inputVariables: PAIR_VARIABLES,
    testCases: [
      { inputs: { nums: [2, 7, 11, 15], target: 9 }, expectedOutput: '0 1', isExample: true },
      { inputs: { nums: '[3,2,4]', target: '6' }, expectedOutput: '1 2', isExample: true },
      { inputs: { nums: '3 3', target: '6' }, expectedOutput: '0 1', isExample: false },
      { inputs: { nums: [-1, -2, -3, -4, -5], target: -8 }, expectedOutput: '2 4', isExample: false },
    ],
    functionName: 'twoSum',
    returnType: 'int[]',
    checker: 'unordered',
    referenceSolution: PAIR_REFERENCE,
    ...overrides,
  };
}

describe('problem types, checkers and reference solutions', () => {
  let judge: RunningJudge;
  let fake: FakeOpenAi;
  let t: TestApp;
  let admin: SeededUser;
  let user: SeededUser;

  beforeAll(async () => {
    [judge, fake] = await Promise.all([startJudge(), startFakeOpenAi()]);
    t = await startApp({
      JUDGE_QUEUE_PREFIX: judge.prefix,
      JUDGE_RESULT_TIMEOUT_MS: '120000',
      ...fake.env,
    });
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await judge?.stop();
  });

  const create = (body: Record<string, unknown>) =>
    t.http.post('/api/problems').set(bearer(admin.token)).send(body);

  describe('the form', () => {
    it('takes the richer types, stores JSON test values as the text an admin types, and generates their boilerplate', async () => {
      const res = await create(
        sumProblem({
          inputVariables: [
            { name: 'grid', type: 'char[][]' },
            { name: 'words', type: 'string[]' },
            { name: 'big', type: 'long' },
            { name: 'x', type: 'double' },
            { name: 'intervals', type: 'int[][]' },
          ],
          testCases: [
            {
              inputs: {
                grid: [
                  ['1', '0'],
                  ['0', '1'],
                ],
                words: ['eat', 'tea ate', ''],
                big: '9223372036854775807',
                x: 0.5,
                intervals: [
                  [1, 3],
                  [2, 6],
                ],
              },
              expectedOutput: '1.5',
              isExample: true,
            },
            {
              inputs: { grid: '[[a,b]]', words: '[]', big: -3, x: '-0.0', intervals: '[]' },
              expectedOutput: '0',
              isExample: false,
            },
          ],
          returnType: 'double[]',
          checker: 'float',
          tolerance: 1e-4,
        }),
      ).expect(201);
      expect(res.body).toMatchObject({ returnType: 'double[]', checker: 'float', tolerance: 1e-4 });
      expect(res.body.boilerplateCode).toContain(
        'public static double[] sum(char[][] grid, String[] words, long big, double x, int[][] intervals)',
      );
      expect(JSON.parse(res.body.testCases[0].input)).toEqual({
        grid: '[["1","0"],["0","1"]]',
        words: '["eat","tea ate",""]',
        big: '9223372036854775807',
        x: '0.5',
        intervals: '[[1,3],[2,6]]',
      });
      expect(JSON.parse(res.body.testCases[1].input)).toEqual({
        grid: '[[a,b]]',
        words: '[]',
        big: '-3',
        x: '-0.0',
        intervals: '[]',
      });
      // The spec's types keep their stored form: a JSON number or array becomes the text it always was.
      const spec = await create(
        sumProblem({ testCases: [{ inputs: { a: 1, b: -2 }, expectedOutput: '-1', isExample: true }] }),
      ).expect(201);
      expect(JSON.parse(spec.body.testCases[0].input)).toEqual({ a: '1', b: '-2' });
      expect(spec.body.checker).toBe('exact');
      expect(spec.body).not.toHaveProperty('tolerance');
    });

    it.each([
      ['long', '9223372036854775808', 'testCases[0].v: "9223372036854775808" is not a 64-bit integer'],
      [
        'long',
        2 ** 53 + 2,
        'testCases[0].v: 9007199254740994 is past ±2^53, where JSON numbers lose digits: write the long as a string',
      ],
      ['double', 'NaN', 'testCases[0].v: "NaN" is not a finite decimal number'],
      ['char', 'ab', 'testCases[0].v: "ab" is not a single character'],
      ['int[]', [1, 'x'], 'testCases[0].v: [1]: "x" is not a 32-bit integer'],
      ['int[]', [1, 2147483648], 'testCases[0].v: [1]: "2147483648" is not a 32-bit integer'],
      ['string[]', 'a b', 'testCases[0].v: write a string array in brackets, like ["one","two words"]'],
      ['int[][]', [1, 2], 'testCases[0].v: [0]: "1" is not a list in [ ]'],
      ['char[][]', '[[a,bc]]', 'testCases[0].v: [0][1]: "bc" is not a single character'],
      ['boolean[]', '[true,yes]', 'testCases[0].v: [1]: "yes" is not true or false'],
      ['double[]', { a: 1 }, 'testCases[0].v: object is not a value'],
      ['int', null, 'testCases[0].v: null is not a value'],
    ])(
      'refuses a bad %s value %j with a 400 naming the test and the variable, storing nothing',
      async (type, value, message) => {
        const before = await t.db.query(`SELECT count(*)::int AS n FROM problems`);
        const res = await create(
          sumProblem({
            inputVariables: [{ name: 'v', type }],
            testCases: [{ inputs: { v: value }, expectedOutput: '1', isExample: true }],
          }),
        );
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(message);
        const after = await t.db.query(`SELECT count(*)::int AS n FROM problems`);
        expect(after[0].n).toBe(before[0].n);
      },
    );

    it.each([
      [{ checker: 'sorted' }, 'checker must be one of: exact, tokens, float, unordered, custom'],
      [{ checker: 'float', tolerance: 0 }, 'tolerance must be at least 1e-15'],
      [{ checker: 'float', tolerance: 2 }, 'tolerance must be at most 0.5'],
      [{ checker: 'float', tolerance: '1e-6' }, 'tolerance must be a number'],
      [{ checker: 'custom' }, "checkerCode is required for the 'custom' checker"],
      [{ checker: 'custom', checkerCode: '   ' }, "checkerCode is required for the 'custom' checker"],
      [{ referenceSolution: 42 }, 'referenceSolution must be a string'],
      [
        { returnType: 'float' },
        'returnType must be one of: int, long, double, char, boolean, string, array, int[], long[], double[], boolean[], char[], string[], int[][], char[][], void',
      ],
    ])('refuses %j with 400 "%s"', async (overrides, message) => {
      const res = await create(sumProblem(overrides));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    });

    it('an update that leaves the new fields out keeps them; an empty reference solution clears it', async () => {
      const created = (await create(pairProblem()).expect(201)).body;
      expect(created).toMatchObject({ checker: 'unordered', referenceSolution: PAIR_REFERENCE });
      const { checker: _c, referenceSolution: _r, ...oldClient } = pairProblem();
      const kept = await t.http
        .put(`/api/problems/${created._id}`)
        .set(bearer(admin.token))
        .send(oldClient)
        .expect(200);
      expect(kept.body).toMatchObject({ checker: 'unordered', referenceSolution: PAIR_REFERENCE });
      const cleared = await t.http
        .put(`/api/problems/${created._id}`)
        .set(bearer(admin.token))
        .send({ ...oldClient, referenceSolution: '', checker: 'exact' })
        .expect(200);
      expect(cleared.body).toMatchObject({ checker: 'exact', referenceSolution: '' });
      const [row] = await t.db.query(`SELECT reference_solution, checker FROM problems WHERE id = $1`, [
        created._id,
      ]);
      expect(row).toEqual({ reference_solution: null, checker: 'exact' });
    });
  });

  describe('the reference solution and the checker code never reach a non-admin', () => {
    let visibleId: string;
    let hiddenId: string;
    let contestId: string;

    beforeAll(async () => {
      const custom = {
        checker: 'custom',
        checkerCode: `// ${CHECKER_MARKER}\npublic class C { public static void main(String[] a) { System.out.println("accepted"); } }`,
      };
      visibleId = (await create(pairProblem(custom)).expect(201)).body._id;
      hiddenId = (await create(pairProblem({ isVisible: false })).expect(201)).body._id;
      contestId = (await createContest(t, admin.token, [visibleId, hiddenId]))._id;
      await t.http.post(`/api/contests/${contestId}/join`).set(bearer(user.token)).expect(200);
      await startNow(t, contestId);
    });

    const secretFree = (body: unknown) => {
      const text = JSON.stringify(body);
      expect(text).not.toContain(REFERENCE_MARKER);
      expect(text).not.toContain(CHECKER_MARKER);
      expect(text).not.toContain('referenceSolution');
      expect(text).not.toContain('checkerCode');
    };

    it('problem, list, test cases and contest views, signed in or not', async () => {
      const responses = await Promise.all([
        t.http.get('/api/problems').expect(200),
        t.http.get('/api/problems').set(bearer(user.token)).expect(200),
        t.http.get(`/api/problems/${visibleId}`).expect(200),
        t.http.get(`/api/problems/${visibleId}`).set(bearer(user.token)).expect(200),
        t.http.get(`/api/problems/${visibleId}/test-cases`).set(bearer(user.token)).expect(200),
        t.http.get('/api/contests').set(bearer(user.token)).expect(200),
        t.http.get(`/api/contests/${contestId}`).set(bearer(user.token)).expect(200),
        t.http.get(`/api/contests/${contestId}/problems/${hiddenId}`).set(bearer(user.token)).expect(200),
        t.http.get(`/api/contests/${contestId}/problems/${visibleId}`).set(bearer(user.token)).expect(200),
      ]);
      for (const res of responses) secretFree(res.body);
      // The checker itself is public: users are told how they are judged.
      const seen = responses[3].body as { checker: string };
      expect(seen.checker).toBe('custom');
      // The admin, and only the admin, reads both.
      const adminView = await t.http.get(`/api/problems/${visibleId}`).set(bearer(admin.token)).expect(200);
      expect(adminView.body.referenceSolution).toContain(REFERENCE_MARKER);
      expect(adminView.body.checkerCode).toContain(CHECKER_MARKER);
      const adminList = await t.http.get('/api/admin/problems').set(bearer(admin.token)).expect(200);
      expect(JSON.stringify(adminList.body)).toContain(REFERENCE_MARKER);
    });

    it('the AI prompt', async () => {
      // Someone not taking part in the running contest: its participants get no AI help (issue 47).
      const outsider = await seedUser(t);
      const before = fake.requests.length;
      await t.http
        .post('/api/analyze-code')
        .set(bearer(outsider.token))
        .send({ problemId: visibleId, code: PAIR_REVERSED, language: 'java' })
        .expect(200);
      await t.http
        .post('/api/debug-help')
        .set(bearer(outsider.token))
        .send({
          problemId: visibleId,
          code: PAIR_REVERSED,
          language: 'java',
          errorMessage: 'Wrong answer',
          testResults: [],
        })
        .expect(200);
      expect(fake.requests.length).toBe(before + 2);
      for (const request of fake.requests.slice(before)) {
        const prompt = request.raw;
        expect(prompt).toContain('Return the indices of the two numbers');
        expect(prompt).not.toContain(REFERENCE_MARKER);
        expect(prompt).not.toContain(CHECKER_MARKER);
      }
    });
  });

  describe('judging with the checker, and validating with the reference (real judge)', () => {
    let problemId: string;

    beforeAll(async () => {
      problemId = (await create(pairProblem()).expect(201)).body._id;
    });

    const execute = (code: string, token = user.token) =>
      t.http
        .post('/api/execute-code')
        .set(bearer(token))
        .send({ language: 'java', problemId, code, runAllTestCases: true })
        .expect(200);

    it("the judge's unordered checker accepts the indices in either order; the exact rule would not", async () => {
      const reversed = await execute(PAIR_REVERSED);
      expect(reversed.body).toMatchObject({ overallPassed: true, passedCount: 4, verdict: 'accepted' });
      // The same problem judged exactly: the reversed pairs are wrong.
      const exact = (await create(pairProblem({ checker: 'exact' })).expect(201)).body._id;
      const strict = await t.http
        .post('/api/execute-code')
        .set(bearer(user.token))
        .send({ language: 'java', problemId: exact, code: PAIR_REVERSED, runAllTestCases: true })
        .expect(200);
      expect(strict.body).toMatchObject({ overallPassed: false, passedCount: 0, verdict: 'wrong_answer' });
    });

    it('POST /problems/:id/validate runs the stored reference on every test and reports a broken one', async () => {
      const ok = await t.http
        .post(`/api/problems/${problemId}/validate`)
        .set(bearer(admin.token))
        .expect(200);
      expect(ok.body.results).toHaveLength(4);
      expect(
        ok.body.results.every((r: { passed: boolean; error: string }) => r.passed && r.error === ''),
      ).toBe(true);
      const stored = await t.http
        .get(`/api/problems/${problemId}/test-cases/all`)
        .set(bearer(admin.token))
        .expect(200);
      expect(ok.body.results.map((r: { testCaseId: string }) => r.testCaseId)).toEqual(
        stored.body.map((tc: { _id: string }) => tc._id),
      );

      // An author's slip: the third test expects the wrong pair.
      const broken = pairProblem();
      broken.testCases[2] = { ...broken.testCases[2], expectedOutput: '0 2' };
      const brokenId = (await create(broken).expect(201)).body._id;
      const res = await t.http
        .post(`/api/problems/${brokenId}/validate`)
        .set(bearer(admin.token))
        .expect(200);
      expect(res.body.results.map((r: { passed: boolean }) => r.passed)).toEqual([true, true, false, true]);
      expect(res.body.results[2]).toMatchObject({
        passed: false,
        expectedOutput: '0 2',
        actualOutput: '0 1',
        error: '',
      });
    });

    it('validation is for admins, needs a reference, and reports a reference that does not compile', async () => {
      await t.http.post(`/api/problems/${problemId}/validate`).set(bearer(user.token)).expect(403);
      await t.http.post(`/api/problems/${problemId}/validate`).expect(401);
      await t.http
        .post('/api/problems/00000000-0000-4000-8000-000000000000/validate')
        .set(bearer(admin.token))
        .expect(404);
      const none = (await create(pairProblem({ referenceSolution: undefined })).expect(201)).body._id;
      const missing = await t.http
        .post(`/api/problems/${none}/validate`)
        .set(bearer(admin.token))
        .expect(400);
      expect(missing.body.error).toBe(
        'This problem has no reference solution: add one in the problem form first',
      );
      const draft = await t.http
        .post('/api/problems/validate')
        .set(bearer(admin.token))
        .send({
          ...pick(pairProblem(), 'inputVariables', 'testCases', 'checker'),
          referenceSolution: 'public class Main { int x = ; }',
        })
        .expect(200);
      expect(draft.body.results).toHaveLength(4);
      for (const r of draft.body.results)
        expect(r).toMatchObject({
          passed: false,
          actualOutput: '',
          error: expect.stringContaining('error:'),
        });
    });

    it('POST /problems/validate checks an unsaved form with its own checker and test ids', async () => {
      const form = pairProblem();
      const tests = form.testCases.map((tc, i) => ({ ...tc, id: `local-${i}` }));
      const unordered = await t.http
        .post('/api/problems/validate')
        .set(bearer(admin.token))
        .send({
          referenceSolution: PAIR_REVERSED,
          inputVariables: form.inputVariables,
          testCases: tests,
          checker: 'unordered',
        })
        .expect(200);
      expect(
        unordered.body.results.map((r: { testCaseId: string; passed: boolean }) => [r.testCaseId, r.passed]),
      ).toEqual([
        ['local-0', true],
        ['local-1', true],
        ['local-2', true],
        ['local-3', true],
      ]);
      const exact = await t.http
        .post('/api/problems/validate')
        .set(bearer(admin.token))
        .send({ referenceSolution: PAIR_REVERSED, inputVariables: form.inputVariables, testCases: tests })
        .expect(200);
      expect(exact.body.results[0]).toMatchObject({
        passed: false,
        expectedOutput: '0 1',
        actualOutput: '1 0',
        error: '',
      });
      const bad = await t.http
        .post('/api/problems/validate')
        .set(bearer(admin.token))
        .send({
          referenceSolution: PAIR_REVERSED,
          inputVariables: form.inputVariables,
          testCases: [{ inputs: { nums: '[1,x]', target: 1 }, expectedOutput: '', isExample: true }],
        })
        .expect(400);
      expect(bad.body.error).toBe('testCases[0].nums: [1]: "x" is not a 32-bit integer');
      await t.http.post('/api/problems/validate').set(bearer(user.token)).send({}).expect(403);
    });

    it("POST /problems/expected-output computes a new test's expected output from the reference", async () => {
      const res = await t.http
        .post('/api/problems/expected-output')
        .set(bearer(admin.token))
        .send({
          referenceSolution: PAIR_REFERENCE,
          inputVariables: PAIR_VARIABLES,
          inputs: { nums: [5, 1, 9, 4], target: 13 },
        })
        .expect(200);
      expect(res.body).toEqual({ expectedOutput: '2 3' });
      const crash = await t.http
        .post('/api/problems/expected-output')
        .set(bearer(admin.token))
        .send({
          referenceSolution: PAIR_REFERENCE.replace(
            'Map<Integer, Integer> seen',
            'if (target == 13) throw new IllegalStateException("boom");\n        Map<Integer, Integer> seen',
          ),
          inputVariables: PAIR_VARIABLES,
          inputs: { nums: [5, 1, 9, 4], target: 13 },
        })
        .expect(400);
      expect(crash.body.error).toBe(
        'The reference solution did not run: java.lang.IllegalStateException: boom',
      );
      const missing = await t.http
        .post('/api/problems/expected-output')
        .set(bearer(admin.token))
        .send({ referenceSolution: PAIR_REFERENCE, inputVariables: PAIR_VARIABLES, inputs: { nums: [1] } })
        .expect(400);
      expect(missing.body.error).toBe('testCases[0] is missing a value for "target"');
      await t.http
        .post('/api/problems/expected-output')
        .set(bearer(user.token))
        .send({ referenceSolution: PAIR_REFERENCE, inputVariables: PAIR_VARIABLES, inputs: {} })
        .expect(403);
    });
  });
});

function pick<T extends Record<string, unknown>, K extends keyof T>(o: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}
