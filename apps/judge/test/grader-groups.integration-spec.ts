import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeJobResult, JudgeTest } from '@javelin/contracts';
import { EXACT_CHECKER, job, mainWith } from './helpers';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';

/**
 * Issue 31: a scoring problem's submit stops per test group. A failure ends the judging of its own
 * group (the tests after it are not judged); the other groups are still judged, in order.
 */
let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig({ mode: 'harness' }));
});

afterAll(async () => {
  await judge?.close();
});

const judged = (r: JudgeJobResult) => r.results.map((x) => `${x.id}:${x.verdict}`);

/** Prints a+b, except a-b when a is 3 or 7 (so tests with a = 3 or 7 fail). */
const SUM = mainWith(
  `String[] p = new BufferedReader(new InputStreamReader(System.in)).readLine().trim().split(" ");
        long a = Long.parseLong(p[0]), b = Long.parseLong(p[1]);
        System.out.println(a == 3 || a == 7 ? a - b : a + b);`,
);

/** Test `a` of group `group` (its input `a 5`, its answer a+5). */
const t = (a: number, group?: string): JudgeTest => ({
  id: `t${a}`,
  stdin: `${a} 5\n`,
  expectedOutput: String(a + 5),
  ...(group ? { group } : {}),
});

describe('a submit on a scoring problem stops within a group', () => {
  // Examples 1, 2 (no group); g1: 4, 5; g2: 6, 7, 8, 9; g3: 10, 11.
  const tests = [
    t(1),
    t(2),
    t(4, 'g1'),
    t(5, 'g1'),
    t(6, 'g2'),
    t(7, 'g2'),
    t(8, 'g2'),
    t(9, 'g2'),
    t(10, 'g3'),
    t(11, 'g3'),
  ];
  /** What is judged when t7 fails: g2 ends there (t8, t9 not judged), g3 still is. */
  const G2_ENDS_AT_T7 = [
    't1:accepted',
    't2:accepted',
    't4:accepted',
    't5:accepted',
    't6:accepted',
    't7:wrong_answer',
    't10:accepted',
    't11:accepted',
  ];

  it('the first failing test of g2 ends g2 only: g3 is still judged, g2 tests after the failure are not', async () => {
    const r = await judge.judge({ ...job(SUM, tests), stopAtFirstFailure: true });
    expect(judged(r)).toEqual(G2_ENDS_AT_T7);
    expect(r.verdict).toBe('wrong_answer');
  });

  it("reports each finished test's mark as progress, so the API can show groups as they end", async () => {
    const reported: { done: number; marks?: string }[] = [];
    await judge.judge(
      { ...job(SUM, tests), stopAtFirstFailure: true },
      { onTestDone: (done, marks) => reported.push({ done, marks }) },
    );
    expect(reported.map((r) => r.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // After g1's two tests; then t7 fails (g2's 8 and 9 never run), and g3 ends it.
    expect(reported[3]?.marks).toBe('++++......');
    expect(reported[5]?.marks).toBe('+++++-....');
    expect(reported.at(-1)?.marks).toBe('+++++-..++');
    // Tests without groups (an all-or-nothing problem) report the count only, as before.
    const plain: (string | undefined)[] = [];
    await judge.judge(job(SUM, [t(1), t(2)]), { onTestDone: (_done, marks) => plain.push(marks) });
    expect(plain).toEqual([undefined, undefined]);
  });

  it('a failing example ends the examples only; each group is judged', async () => {
    const withBadExample = [t(3), t(1), t(4, 'g1'), t(5, 'g1'), t(10, 'g3')];
    const r = await judge.judge({ ...job(SUM, withBadExample), stopAtFirstFailure: true });
    expect(judged(r)).toEqual(['t3:wrong_answer', 't4:accepted', 't5:accepted', 't10:accepted']);
  });

  it('with a custom checker the results of a group end at the first test it rejects, other groups go on', async () => {
    const r = await judge.judge({
      ...job(SUM, tests),
      checker: 'custom',
      checkerCode: EXACT_CHECKER,
      stopAtFirstFailure: true,
    });
    expect(judged(r)).toEqual(G2_ENDS_AT_T7);
  });

  it('without groups a submit still stops at its first failure (as before issue 31)', async () => {
    const plain = tests.map(({ group: _g, ...rest }) => rest);
    const r = await judge.judge({ ...job(SUM, plain), stopAtFirstFailure: true });
    // As with groups up to t7's failure, and nothing after it.
    expect(judged(r)).toEqual(G2_ENDS_AT_T7.slice(0, G2_ENDS_AT_T7.indexOf('t7:wrong_answer') + 1));
  });
});
