import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_QUEUE, type JudgeJobData } from '@javelin/contracts';
import { Queue } from 'bullmq';
import { BACKGROUND_PRIORITY } from '../src/execution/judge-client.service';
import { bearer, seedUser, SeededUser } from './support/app';
import { TEST_REDIS_URL } from './support/env';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { rejudgeAndWait } from './support/rejudge';
import { judgeAndRecord } from './support/submissions';

/** A custom checker: the answer is right when its number has the expected absolute value. */
const ABS_CHECKER = `import java.nio.file.*;

public class Checker {
    public static void main(String[] args) throws Exception {
        long expected = Long.parseLong(Files.readString(Path.of(args[1])).trim());
        long actual = Long.parseLong(Files.readString(Path.of(args[2])).trim());
        System.out.println(Math.abs(actual) == Math.abs(expected) ? "accepted" : "wrong");
    }
}
`;

interface CheckerCase {
  checker: Record<string, unknown>;
  expected: string;
  /** What a program prints that this checker accepts (and, but for 'exact', the exact checker would not). */
  accepted: string;
  rejected: string;
}

const CASES: Record<string, CheckerCase> = {
  exact: { checker: { checker: 'exact' }, expected: '3', accepted: '3', rejected: '4' },
  tokens: { checker: { checker: 'tokens' }, expected: '1 2 3', accepted: '1\\n2    3', rejected: '1 3 2' },
  float: {
    checker: { checker: 'float', tolerance: 1e-3 },
    expected: '0.333333',
    accepted: '0.3334',
    rejected: '0.34',
  },
  unordered: { checker: { checker: 'unordered' }, expected: '1 2 3', accepted: '3 1 2', rejected: '1 2 2' },
  custom: {
    checker: { checker: 'custom', checkerCode: ABS_CHECKER },
    expected: '5',
    accepted: '-5',
    rejected: '6',
  },
};

/** A problem whose every test expects `expected` (its input does not matter), judged by `checker`. */
const constantProblem = (c: CheckerCase) => ({
  title: `Constant ${Math.random().toString(36).slice(2, 7)}`,
  description: 'Print the answer.',
  constraints: '',
  difficulty: 'easy',
  points: 25,
  inputVariables: [{ id: 'n', name: 'n', type: 'int', description: 'ignored' }],
  testCases: [1, 2, 3].map((n) => ({
    inputs: { n: String(n) },
    expectedOutput: c.expected,
    isExample: n === 1,
  })),
  functionName: 'answer',
  returnType: 'string',
  ...c.checker,
});

const printing = (text: string) => `public class Main {
    public static void main(String[] args) {
        System.out.print("${text}\\n");
    }
}
`;

/**
 * Issue 27: a rejudge judges exactly as a submit does, with the problem's checker. Before, its job had no
 * checker, so an answer only the checker accepts was rejected on a rejudge and its solve and points lost.
 */
describe('rejudge keeps every checker', () => {
  let t: JudgedApp;
  let admin: SeededUser;

  beforeAll(async () => {
    t = await startJudgedApp({ JUDGE_RESULT_TIMEOUT_MS: '120000' });
    admin = await seedUser(t, ['admin']);
  });
  afterAll(() => t?.close());

  const rejudge = (problemId: string) => rejudgeAndWait(t, admin.token, { problemId });

  const standing = async (u: SeededUser, problemId: string) => ({
    verdicts: (
      await t.db.query(`SELECT verdict FROM judgements WHERE user_id = $1 AND problem_id = $2`, [
        u.id,
        problemId,
      ])
    ).map((r: { verdict: string }) => r.verdict),
    solves: (
      await t.db.query(`SELECT points FROM solved_problems WHERE user_id = $1 AND problem_id = $2`, [
        u.id,
        problemId,
      ])
    ).map((r: { points: number }) => r.points),
    profile: (await t.http.get(`/api/profiles/${u.id}`).expect(200)).body as {
      totalScore: number;
      problemsSolved: number;
    },
  });

  it.each(Object.keys(CASES))(
    'the %s checker: its accepted answer stays accepted with its solve and points; its rejected answer stays rejected',
    async (name) => {
      const c = CASES[name];
      const created = await t.http.post('/api/problems').set(bearer(admin.token)).send(constantProblem(c));
      expect(created.status).toBe(201);
      const problemId: string = created.body._id;
      const [right, wrong] = [await seedUser(t), await seedUser(t)];
      const solved = await judgeAndRecord(t, right, problemId, printing(c.accepted), 'accepted');
      expect(solved).toMatchObject({ alreadySolved: false, points: 25 });
      await judgeAndRecord(t, wrong, problemId, printing(c.rejected), 'wrong_answer');
      const before = [await standing(right, problemId), await standing(wrong, problemId)];
      expect(before[0]).toMatchObject({
        verdicts: ['accepted'],
        solves: [25],
        profile: { totalScore: 25, problemsSolved: 1 },
      });
      expect(before[1]).toMatchObject({ verdicts: ['wrong_answer'], solves: [], profile: { totalScore: 0 } });

      expect(await rejudge(problemId)).toMatchObject({ total: 2, done: 2, changed: 0 });
      expect([await standing(right, problemId), await standing(wrong, problemId)]).toEqual(before);

      // The rejudge's jobs were built as a submit's: the checker, the examples first, stopping at a failure.
      const queue = new Queue(JUDGE_QUEUE, { prefix: t.judge.prefix, connection: { url: TEST_REDIS_URL } });
      try {
        const jobs = (await queue.getJobs(['completed'], 0, 1000)).filter(
          (j) =>
            j.opts.priority === BACKGROUND_PRIORITY && (j.data as JudgeJobData).code === printing(c.accepted),
        );
        expect(jobs).toHaveLength(1);
        const data = jobs[0].data as JudgeJobData;
        expect(data).toMatchObject({ ...c.checker, stopAtFirstFailure: true });
        expect(data.tests).toHaveLength(3);
      } finally {
        await queue.close();
      }
    },
  );
});
