// Decorated DTOs are imported below before anything else loads reflect-metadata.
import 'reflect-metadata';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { generateBoilerplate } from '@javelin/java-io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalTag, MAX_VALUE_LENGTH } from '@javelin/contracts';
import { boilerplateOf, CATALOG, CatalogProblem, referenceSolution } from '../src/seed/catalog';
import { runSeed, SeedResult } from '../src/seed/seed';
import { PACKAGES_DIRS } from '../src/seed/seed-packages';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { TEST_DATABASE_URL } from './support/env';
import { startJudge, RunningJudge } from './support/judge';

interface StoredProblem {
  _id: string;
  title: string;
  difficulty: string;
  points: number;
  boilerplateCode: string;
  testCaseCount: number;
  testCases: { input: string; expectedOutput: string; isExample: boolean }[];
}

interface ExecutionResult {
  overallPassed: boolean;
  passedCount: number;
  totalCount: number;
  verdict: string;
  compileError?: string;
  results: {
    passed: boolean;
    verdict: string;
    error: string;
    input: string;
    expectedOutput: string;
    actualOutput: string;
  }[];
}

describe('starter catalog seed', () => {
  let judge: RunningJudge;
  const PACKAGES_DIR = PACKAGES_DIRS[0];
  let t: TestApp;
  let admin: SeededUser;
  let first: SeedResult;
  const lines: string[] = [];
  const ids = new Map<string, string>();

  beforeAll(async () => {
    judge = await startJudge();
    // Submissions queue behind each other on the one judge; give each room beyond the default.
    t = await startApp({ JUDGE_QUEUE_PREFIX: judge.prefix, JUDGE_RESULT_TIMEOUT_MS: '120000' });
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    first = await runSeed(TEST_DATABASE_URL, (line) => lines.push(line));
    const list = await t.http.get('/api/admin/problems').set(bearer(admin.token)).expect(200);
    for (const p of list.body as StoredProblem[]) ids.set(p.title, p._id);
  });
  afterAll(async () => {
    await t?.close();
    await judge?.stop();
  });

  const execute = (problem: CatalogProblem, code: string) =>
    t.http
      .post('/api/execute-code')
      .set(bearer(admin.token))
      .send({ language: 'java', problemId: ids.get(problem.title), code, runAllTestCases: true })
      .expect(200)
      .then((res) => res.body as ExecutionResult);

  it('covers the catalog the product needs: every difficulty, every spec type, ≥ 10 problems needing the richer types or checkers', () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(22);
    expect(new Set(CATALOG.map((p) => p.title)).size).toBe(CATALOG.length);
    expect(new Set(CATALOG.map((p) => p.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
    const inputTypes = new Set(CATALOG.flatMap((p) => p.inputVariables.map((v) => v.type)));
    const returnTypes = new Set<string>(CATALOG.map((p) => p.returnType));
    for (const type of ['int', 'string', 'array', 'boolean', 'int[]', 'int[][]', 'char[][]', 'string[]'])
      expect([type, inputTypes.has(type as never)]).toEqual([type, true]);
    for (const type of [
      'int',
      'string',
      'boolean',
      'int[]',
      'long[]',
      'double',
      'char',
      'string[]',
      'int[][]',
    ])
      expect([type, returnTypes.has(type)]).toEqual([type, true]);
    expect(new Set(CATALOG.map((p) => p.checker ?? 'exact'))).toEqual(
      new Set(['exact', 'unordered', 'float', 'custom']),
    );
    const spec = new Set<string>(['int', 'string', 'array', 'boolean', 'void']);
    const richer = CATALOG.filter(
      (p) =>
        !spec.has(p.returnType) ||
        p.inputVariables.some((v) => !spec.has(v.type)) ||
        (p.checker ?? 'exact') !== 'exact',
    );
    expect(richer.length).toBeGreaterThanOrEqual(10);
    for (const p of CATALOG) {
      const examples = p.testCases.filter((tc) => tc.isExample).length;
      expect([p.title, examples >= 2 && examples <= 3]).toEqual([p.title, true]);
      expect([p.title, p.testCases.length - examples >= 8]).toEqual([p.title, true]);
      // Every value must also fit the admin form, so the problem stays editable after seeding.
      const longest = Math.max(
        ...p.testCases.flatMap((tc) => [tc.expectedOutput, ...Object.values(tc.inputs)].map((s) => s.length)),
      );
      expect([p.title, longest <= MAX_VALUE_LENGTH]).toEqual([p.title, true]);
    }
  });

  it('adds every catalog problem and every classic problem package once, and a second run adds nothing', async () => {
    const packages = readdirSync(PACKAGES_DIR).filter((name) =>
      statSync(join(PACKAGES_DIR, name)).isDirectory(),
    );
    expect(packages.length).toBeGreaterThan(0);
    expect(first.added.slice(0, CATALOG.length)).toEqual(CATALOG.map((p) => p.title));
    expect(first.added.length).toBe(CATALOG.length + packages.length);
    expect(lines).toEqual([
      `seed: added ${CATALOG.length} problem(s) to the catalog (0 already present) and ${packages.length} classic problem package(s) (0 already present)`,
    ]);
    const again: string[] = [];
    const second = await runSeed(TEST_DATABASE_URL, (line) => again.push(line));
    expect(second).toEqual({ added: [], alreadyPresent: first.added });
    expect(again).toEqual([
      `seed: added 0 problem(s) to the catalog (${CATALOG.length} already present) and 0 classic problem package(s) (${packages.length} already present)`,
    ]);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM problems`);
    expect(count).toBe(CATALOG.length + packages.length);
    const [{ classic, jury }] = await t.db.query(
      `SELECT count(*) FILTER (WHERE kind = 'stdio')::int AS classic,
              (SELECT count(DISTINCT problem_id)::int FROM jury_submissions) AS jury FROM problems`,
    );
    expect([classic, jury]).toEqual([packages.length, packages.length]);
  });

  it("gives every seeded package's jury submissions a verdict their folder allows (POST /api/problems/:id/verify)", async () => {
    const classic: { id: string; title: string }[] = await t.db.query(
      `SELECT id, title FROM problems WHERE kind = 'stdio' ORDER BY title`,
    );
    const wrong: unknown[] = [];
    for (const p of classic) {
      const res = await t.http.post(`/api/problems/${p.id}/verify`).set(bearer(admin.token)).expect(200);
      for (const s of res.body.submissions as {
        path: string;
        ok: boolean;
        verdict: string;
        expected: string[];
      }[])
        if (!s.ok) wrong.push({ problem: p.title, ...s });
    }
    expect(wrong, JSON.stringify(wrong)).toEqual([]);
  }, 1_200_000);

  it('issue 45: one set of canonical tags across the catalog and the packages, and each package rated as its README says', async () => {
    const rows: { title: string; kind: string; difficulty: string; points: number; tags: string[] }[] =
      await t.db.query(`SELECT title, kind, difficulty, points, tags FROM problems`);
    const all = rows.flatMap((r) => r.tags);
    // Every tag is canonical (lower case, words joined by '-'), and none is a difficulty word.
    for (const tag of all) expect(tag).toBe(canonicalTag(tag));
    expect(all.filter((tag) => ['easy', 'medium', 'hard'].includes(tag))).toEqual([]);
    // "binary search" from a package and "binary-search" from the catalog are one tag.
    expect(new Set(all)).toContain('binary-search');
    expect([...new Set(all)].filter((tag) => tag.replace(/-/g, ' ') === 'binary search')).toEqual(['binary-search']);
    const classic = Object.fromEntries(rows.filter((r) => r.kind === 'stdio').map((r) => [r.title, r]));
    expect(classic['Sum of a List']).toMatchObject({ difficulty: 'easy', points: 10 });
    expect(classic['Spaced Out Stalls']).toMatchObject({ difficulty: 'medium', points: 20 });
    expect(classic['Rolling to the Target']).toMatchObject({ difficulty: 'hard', points: 40 });
    expect(new Set(Object.values(classic).map((r) => r.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
  });

  it('keeps an admin-edited catalog problem as it is', async () => {
    const id = ids.get('Climbing Stairs')!;
    await t.db.query(`UPDATE problems SET points = 11 WHERE id = $1`, [id]);
    const result = await runSeed(TEST_DATABASE_URL, () => undefined);
    expect(result.added).toEqual([]);
    const [{ points }] = await t.db.query(`SELECT points FROM problems WHERE id = $1`, [id]);
    expect(points).toBe(11);
    await t.db.query(`UPDATE problems SET points = 10 WHERE id = $1`, [id]);
  });

  it('stores each problem as the problem form does: boilerplate, points, tests in order with ≥ 8 hidden', async () => {
    for (const p of CATALOG) {
      const res = await t.http
        .get(`/api/problems/${ids.get(p.title)}`)
        .set(bearer(admin.token))
        .expect(200);
      const stored = res.body as StoredProblem;
      expect(stored).toMatchObject({
        title: p.title,
        difficulty: p.difficulty,
        points: p.points,
        testCaseCount: p.testCases.length,
      });
      expect(stored.boilerplateCode).toBe(generateBoilerplate(p));
      expect(stored.testCases.filter((tc) => !tc.isExample).length).toBeGreaterThanOrEqual(8);
      expect(stored.testCases).toEqual(
        p.testCases.map((tc) =>
          expect.objectContaining({
            input: JSON.stringify(
              Object.fromEntries(p.inputVariables.map((v) => [v.name, tc.inputs[v.name]])),
            ),
            expectedOutput: tc.expectedOutput,
            isExample: tc.isExample,
          }),
        ),
      );
    }
    // A user sees the examples only.
    const user = await seedUser(t);
    const seen = await t.http
      .get(`/api/problems/${ids.get('Two Sum')}`)
      .set(bearer(user.token))
      .expect(200);
    expect((seen.body as StoredProblem).testCases.every((tc) => tc.isExample)).toBe(true);
  });

  it("stores each problem's checker and reference solution, and the stored reference validates every test", async () => {
    const typed = CATALOG.filter(
      (p) =>
        p.checker !== undefined ||
        p.returnType.includes('[') ||
        p.returnType === 'double' ||
        p.returnType === 'char',
    );
    const validations = await Promise.all(
      typed.map(async (p) => {
        const id = ids.get(p.title)!;
        const stored = (await t.http.get(`/api/problems/${id}`).set(bearer(admin.token)).expect(200))
          .body as StoredProblem & { checker: string; referenceSolution: string };
        expect([p.title, stored.checker, stored.referenceSolution]).toEqual([
          p.title,
          p.checker ?? 'exact',
          referenceSolution(p),
        ]);
        const res = await t.http.post(`/api/problems/${id}/validate`).set(bearer(admin.token)).expect(200);
        return {
          title: p.title,
          failed: (res.body.results as { passed: boolean; error: string }[]).filter((r) => !r.passed),
        };
      }),
    );
    expect(validations).toEqual(typed.map((p) => ({ title: p.title, failed: [] })));
  });

  describe.each(CATALOG.map((p) => [p.title, p] as const))('%s', (_title, problem) => {
    it('is solved by its reference solution on every test through the real judge', async () => {
      const body = await execute(problem, referenceSolution(problem));
      const failures = body.results
        .map((r, i) => ({
          test: i,
          verdict: r.verdict,
          error: r.error,
          expected: r.expectedOutput.slice(0, 60),
          actual: r.actualOutput.slice(0, 60),
        }))
        .filter((_, i) => !body.results[i].passed);
      expect({ failures, compileError: body.compileError ?? '' }).toEqual({ failures: [], compileError: '' });
      expect(body).toMatchObject({
        overallPassed: true,
        verdict: 'accepted',
        totalCount: problem.testCases.length,
      });
      expect(body.passedCount).toBe(body.totalCount);
      expect(body.totalCount).toBeGreaterThanOrEqual(10);
    });

    it('fails the untouched boilerplate (a constant answer) on at least one test', async () => {
      const body = await execute(problem, boilerplateOf(problem));
      expect(body.overallPassed).toBe(false);
      expect(body.verdict).toBe('wrong_answer');
      expect(body.passedCount).toBeLessThan(body.totalCount);
    });
  });
});
