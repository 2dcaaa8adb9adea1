import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRequest, problemFormSchema, type ExecuteCodeResponse } from '@javelin/contracts';
import { bearer, seedUser, SeededUser } from './support/app';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { referenceSolution } from '../src/seed/catalog';
import { OLYMPIAD_CATALOG } from '../src/seed/catalog-olympiad';
import { toProblemForm } from '../src/seed/seed';

/**
 * Issue 31: the seed's olympiad problems. Each has 3–5 subtasks; its reference scores full marks and
 * each slower jury solution exactly the score it is meant to (the small subtasks only), through the
 * real judge.
 */
describe('the seeded olympiad problems', () => {
  let t: JudgedApp;
  let admin: SeededUser;
  let user: SeededUser;

  beforeAll(async () => {
    t = await startJudgedApp({ JUDGE_RESULT_TIMEOUT_MS: '300000' });
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
  });
  afterAll(() => t?.close());

  it('there are at least 3, each with 3 to 5 subtasks whose points add up to 100, every hidden test in one', () => {
    expect(OLYMPIAD_CATALOG.length).toBeGreaterThanOrEqual(3);
    for (const p of OLYMPIAD_CATALOG) {
      expect(p.testGroups.length).toBeGreaterThanOrEqual(3);
      expect(p.testGroups.length).toBeLessThanOrEqual(5);
      expect(p.testGroups.reduce((s, g) => s + g.points, 0)).toBe(100);
      expect(p.testCases.filter((c) => !c.isExample).every((c) => c.group)).toBe(true);
      expect(checkRequest(problemFormSchema, toProblemForm(p)).ok).toBe(true);
      expect(p.jury.some((j) => j.score > 0 && j.score < 100)).toBe(true);
    }
  });

  for (const p of OLYMPIAD_CATALOG) {
    it(
      `${p.title}: the reference scores 100 and each jury solution its own score`,
      { timeout: 300_000 },
      async () => {
        const created = await t.http
          .post('/api/problems')
          .set(bearer(admin.token))
          .send(toProblemForm(p))
          .expect(201);
        const id = created.body._id as string;
        expect(created.body.testGroups).toEqual(p.testGroups);
        const solutions = [
          { name: 'reference', code: referenceSolution(p), score: 100 },
          ...p.jury.map((j) => ({
            name: j.name,
            code: referenceSolution({ ...p, solutionBody: j.body }),
            score: j.score,
          })),
        ];
        for (const s of solutions) {
          const r = (
            await t.http
              .post('/api/execute-code')
              .set(bearer(user.token))
              .send({ code: s.code, language: 'java', problemId: id, runAllTestCases: true })
              .expect(200)
          ).body as ExecuteCodeResponse;
          expect([s.name, r.score, r.maxScore]).toEqual([s.name, s.score, 100]);
        }
      },
    );
  }
});
