import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { createProblem, sumProblem } from './support/problems';

describe('problems API', () => {
  let t: TestApp;
  let admin: SeededUser;
  let user: SeededUser;

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
  });
  afterAll(() => t.close());

  it('creates a problem with the spec defaults and generated boilerplate', async () => {
    const body = sumProblem({
      difficulty: undefined,
      returnType: undefined,
      points: undefined,
      isVisible: undefined,
    });
    const res = await t.http.post('/api/problems').set(bearer(admin.token)).send(body).expect(201);
    expect(res.body).toMatchObject({
      difficulty: 'easy',
      returnType: 'int',
      points: 10,
      isVisible: true,
      testCaseCount: 5,
    });
    expect(res.body._id).toBe(res.body.id);
    expect(res.body.boilerplateCode).toContain('public static int sum(int a, int b)');
    expect(JSON.parse(res.body.testCases[0].input)).toEqual({ a: '1', b: '2' });
  });

  it('shows non-admins only example tests; the admin sees all', async () => {
    const problem = await createProblem(t, admin.token);
    const anon = await t.http.get(`/api/problems/${problem._id}`).expect(200);
    expect(anon.body.testCases).toHaveLength(2);
    expect(anon.body.testCases.every((tc: { isExample: boolean }) => tc.isExample)).toBe(true);
    expect(anon.body.testCaseCount).toBe(5);
    expect(JSON.stringify(anon.body)).not.toContain('1002345');

    const examples = await t.http
      .get(`/api/problems/${problem._id}/test-cases`)
      .set(bearer(user.token))
      .expect(200);
    expect(examples.body).toHaveLength(2);
    expect(JSON.stringify(examples.body)).not.toContain('1002345');
    await t.http.get(`/api/problems/${problem._id}/test-cases/all`).set(bearer(user.token)).expect(403);
    await t.http.get(`/api/problems/${problem._id}/test-cases/all`).expect(401);
    const all = await t.http
      .get(`/api/problems/${problem._id}/test-cases/all`)
      .set(bearer(admin.token))
      .expect(200);
    expect(all.body).toHaveLength(5);
    expect(all.body[3]).toMatchObject({ expectedOutput: '1002345', isExample: false });
    const adminView = await t.http.get(`/api/problems/${problem._id}`).set(bearer(admin.token)).expect(200);
    expect(adminView.body.testCases).toHaveLength(5);
  });

  it('lists only visible problems, never with hidden tests; hidden problems are 404 for non-admins', async () => {
    const hidden = await createProblem(t, admin.token, { isVisible: false, title: 'Secret hidden problem' });
    const list = await t.http.get('/api/problems').set(bearer(user.token)).expect(200);
    expect(list.body.map((p: { _id: string }) => p._id)).not.toContain(hidden._id);
    expect(JSON.stringify(list.body)).not.toContain('1002345');
    expect(list.body.every((p: { solved: boolean }) => p.solved === false)).toBe(true);
    await t.http.get(`/api/problems/${hidden._id}`).set(bearer(user.token)).expect(404);
    const missing = await t.http.get(`/api/problems/${hidden._id}/test-cases`).expect(404);
    expect(missing.body.error).toBe('Problem not found');
    const adminList = await t.http.get('/api/admin/problems').set(bearer(admin.token)).expect(200);
    expect(adminList.body.map((p: { _id: string }) => p._id)).toContain(hidden._id);
    await t.http.get('/api/admin/problems').set(bearer(user.token)).expect(403);
  });

  it('updates a problem with the whole form and replaces its tests', async () => {
    const problem = await createProblem(t, admin.token);
    const form = sumProblem({
      title: 'Renamed',
      testCases: [{ inputs: { a: '2', b: '2' }, expectedOutput: '4', isExample: true }],
    });
    const res = await t.http
      .put(`/api/problems/${problem._id}`)
      .set(bearer(admin.token))
      .send(form)
      .expect(200);
    expect(res.body).toMatchObject({ title: 'Renamed', testCaseCount: 1 });
    await t.http.put(`/api/problems/${problem._id}`).set(bearer(user.token)).send(form).expect(403);
    await t.http
      .put('/api/problems/00000000-0000-4000-8000-000000000000')
      .set(bearer(admin.token))
      .send(form)
      .expect(404);
  });

  it('deletes a problem (admin only) and answers 404 afterwards', async () => {
    const problem = await createProblem(t, admin.token);
    await t.http.delete(`/api/problems/${problem._id}`).set(bearer(user.token)).expect(403);
    const res = await t.http.delete(`/api/problems/${problem._id}`).set(bearer(admin.token)).expect(200);
    expect(res.body.message).toBe('Problem deleted successfully');
    await t.http.get(`/api/problems/${problem._id}`).expect(404);
    await t.http.delete(`/api/problems/${problem._id}`).set(bearer(admin.token)).expect(404);
  });

  it.each([
    [{ title: '' }, 'title is required'],
    [{ description: undefined }, 'description is required'],
    [{ functionName: '' }, 'functionName is required'],
    [{ functionName: 'class' }, 'functionName "class" is not a valid Java identifier'],
    [{ functionName: '2sum' }, 'functionName "2sum" is not a valid Java identifier'],
    [{ difficulty: 'extreme' }, 'difficulty must be one of: easy, medium, hard'],
    [
      { returnType: 'float' },
      'returnType must be one of: int, long, double, char, boolean, string, array, int[], long[], double[], boolean[], char[], string[], int[][], char[][], void',
    ],
    [{ points: -1 }, 'points must not be less than 0'],
    [{ testCases: [] }, 'testCases must contain at least one test case'],
    [
      { inputVariables: [{ name: 'a b', type: 'int' }] },
      'input variable "a b" is not a valid Java identifier',
    ],
    [
      { inputVariables: [{ name: 'a', type: 'float' }] },
      'inputVariables.0.type must be one of: int, long, double, char, boolean, string, array, int[], long[], double[], boolean[], char[], string[], int[][], char[][]',
    ],
    [
      {
        inputVariables: [
          { name: 'a', type: 'int' },
          { name: 'a', type: 'int' },
        ],
      },
      'input variable "a" is declared twice',
    ],
    [
      { testCases: [{ inputs: { a: '1' }, expectedOutput: '1', isExample: true }] },
      'testCases[0] is missing a value for "b"',
    ],
    [
      { testCases: [{ inputs: { a: '1', b: 'x' }, expectedOutput: '1', isExample: true }] },
      'testCases[0].b: "x" is not a 32-bit integer',
    ],
    [
      { testCases: [{ inputs: { a: '1', b: '2', c: '3' }, expectedOutput: '3', isExample: true }] },
      'testCases[0] has a value for "c", which is not an input variable',
    ],
    [
      { testCases: [{ inputs: { a: '1', b: '2' }, expectedOutput: '3' }] },
      'testCases.0.isExample must be true or false',
    ],
    [{ tags: 'math' }, 'tags must be an array of strings'],
    [{ isVisible: 'yes' }, 'isVisible must be true or false'],
  ])('rejects %j with 400 "%s" and stores nothing', async (overrides, message) => {
    const before = await t.db.query(`SELECT count(*)::int AS n FROM problems`);
    const res = await t.http.post('/api/problems').set(bearer(admin.token)).send(sumProblem(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    const after = await t.db.query(`SELECT count(*)::int AS n FROM problems`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('accepts array, string and boolean variables with values that parse', async () => {
    const res = await t.http
      .post('/api/problems')
      .set(bearer(admin.token))
      .send(
        sumProblem({
          inputVariables: [
            { name: 'nums', type: 'array' },
            { name: 'word', type: 'string' },
            { name: 'flag', type: 'boolean' },
          ],
          testCases: [
            {
              inputs: { nums: '[1,2,3]', word: 'hello world', flag: 'true' },
              expectedOutput: '6',
              isExample: true,
            },
          ],
          returnType: 'string',
        }),
      )
      .expect(201);
    expect(res.body.boilerplateCode).toContain(
      'public static String sum(int[] nums, String word, boolean flag)',
    );
    const bad = await t.http
      .post('/api/problems')
      .set(bearer(admin.token))
      .send(
        sumProblem({
          inputVariables: [{ name: 'nums', type: 'array' }],
          testCases: [{ inputs: { nums: '[1,,x]' }, expectedOutput: '6', isExample: true }],
        }),
      );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^testCases\[0\]\.nums: /);
  });

  it('rejects non-UUID ids with 400 naming the parameter', async () => {
    const res = await t.http.get('/api/problems/not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('id must be a UUID');
  });
});
