import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeSessions, openSession, pasteInMonaco, screenshot, type Session } from './support/browser';
import { signedInSession, signIn } from './support/accounts';
import { RUN_ID } from './support/config';
import { account, adminToken, expectOk, type Account } from './support/api';
import { createContest, createProblem, joinContest } from './support/setup';
import { submitInContest } from './support/problems';
import { requireStack } from './support/stack';

/*
 * Issue 31's journey: an IOI contest with one problem in three subtasks. A contestant submits a solution
 * that passes subtasks 1 and 3 and watches the subtask table fill group by group while it is judged
 * (subtask 1 earned before subtask 3's slow test ends), then "70 / 100" (subtask 2 failed at its first
 * test), then one that passes subtask 2 only; the board's cell adds the best of each subtask up to 100.
 * A second contestant with 70 shows beside them; at 1280 and 375 px.
 */

const PROBLEM_TITLE = `Doubling Olympiad ${RUN_ID}`;
const START_DELAY_MS = 15_000;

const test = (n: number, group?: string) => ({
  inputs: { n: String(n) },
  expectedOutput: String(2 * n),
  isExample: group === undefined,
  ...(group ? { group } : {}),
});
const PROBLEM = {
  title: PROBLEM_TITLE,
  description: 'Return 2n.',
  constraints: '1 <= n <= 1000',
  difficulty: 'medium',
  points: 100,
  inputVariables: [{ id: 'n', name: 'n', type: 'int', description: 'n' }],
  testCases: [
    test(1),
    test(2, 'small'),
    test(3, 'small'),
    test(10, 'middle'),
    test(11, 'middle'),
    test(100, 'large'),
  ],
  functionName: 'twice',
  returnType: 'int',
  testGroups: [
    { name: 'small', points: 20 },
    { name: 'middle', points: 30 },
    { name: 'large', points: 50 },
  ],
};

/** `slowLargeMs`: the large subtask's test sleeps that long, so the table is seen filling before it ends. */
const program = (answer: string, slowLargeMs = 0) => `import java.util.*;

public class Main {
    public static int twice(int n) {
        return ${answer};
    }

    public static void main(String[] args) throws Exception {
        Scanner in = new Scanner(System.in);
        int n = Integer.parseInt(in.nextLine().trim());
        if (n >= 100) Thread.sleep(${slowLargeMs});
        System.out.println(twice(n));
    }
}
`;
/** Subtasks small and large: wrong on 10 <= n < 100; the large test takes 2 s (the wall limit is 5 s). */
const SMALL_AND_LARGE_SLOW = program('n >= 10 && n < 100 ? 0 : 2 * n', 2_000);
const SMALL_AND_LARGE = program('n >= 10 && n < 100 ? 0 : 2 * n');
/** Subtask middle only. */
const MIDDLE_ONLY = program('(n >= 2 && n < 10) || n >= 100 ? 0 : 2 * n');

let ada: Account;
let bob: Account;
let session: Session;
let problemId = '';
let contestId = '';

const rowOf = (page: Page, a: Account) =>
  page.getByTestId('contest-leaderboard-row').filter({ hasText: `@${a.username}` });

const submitInBrowser = (page: Page, code: string) =>
  submitInContest(page, `/contests/${contestId}`, PROBLEM_TITLE, code);

beforeAll(async () => {
  await requireStack();
  const admin = await adminToken();
  problemId = await createProblem(admin, PROBLEM);
  const start = Date.now() + START_DELAY_MS;
  contestId = await createContest(admin, {
    title: `IOI Day ${RUN_ID}`,
    description: 'Subtasks: the best of each counts.',
    startAt: start,
    endAt: start + 30 * 60_000,
    problemIds: [problemId],
    format: 'ioi',
  });
  ada = await account('ioiada');
  bob = await account('ioibob');
  await joinContest(contestId, ada, bob);
  session = await signedInSession(ada);
  const wait = start + 1_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
});

afterAll(() => closeSessions(session));

describe('an IOI contest with subtasks', () => {
  it('the problem page lists the subtasks; the subtask table fills with the judgement: 70 / 100', async () => {
    const page = session.page;
    await page.goto(`/contests/${contestId}`);
    expect(await page.getByTestId('contest-rules').innerText()).toContain('IOI rules');
    await page.getByRole('link', { name: /^Solve / }).click();
    const list = page.getByTestId('subtask-list');
    await list.waitFor();
    expect(await list.innerText()).toContain('Subtasks (100 points)');
    await page.getByText('Ready').first().waitFor();
    await pasteInMonaco(page, SMALL_AND_LARGE_SLOW);
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    // While judging the table fills group by group: small is earned and middle failed while large (its
    // 2 s test) is still being judged, before any answer came.
    const filling = await page.waitForFunction(
      () => {
        const rows = Array.from(document.querySelectorAll('[data-testid="subtask-row"]'));
        const states = rows.map((r) => r.getAttribute('data-state'));
        const answered = document.querySelector('[data-testid="submission-result"]') !== null;
        return !answered &&
          states[0] === 'earned' &&
          states[1] === 'missed' &&
          (states[2] === 'judging' || states[2] === 'pending')
          ? rows.map((r) => r.textContent ?? '')
          : null;
      },
      undefined,
      { timeout: 90_000, polling: 50 },
    );
    const liveRows = (await filling.jsonValue()) as string[];
    expect(liveRows[0]).toContain('Earned');
    expect(liveRows[1]).toContain('Failed at test 4');
    expect(liveRows[2]).not.toContain('Earned');
    expect(await page.getByTestId('subtask-score').innerText()).toBe('20 / 100');
    await page.getByTestId('subtask-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'ioi-00-subtask-table-filling');
    // Then every subtask has its result.
    await page.getByTestId('submission-result').waitFor({ timeout: 90_000 });
    const table = page.getByTestId('subtask-table');
    await expect.poll(() => table.getByTestId('subtask-score').innerText()).toBe('70 / 100');
    const states = await table
      .getByTestId('subtask-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
    expect(states).toEqual(['earned', 'missed', 'earned']);
    expect(await table.getByTestId('subtask-row').nth(1).innerText()).toContain('Failed at test 4');
    // Issue 45: a partial score's headline is its score and its first failing group, in its own tone.
    const headline = page.getByTestId('submission-result');
    expect(await headline.getAttribute('data-tone')).toBe('partial');
    expect(await headline.innerText()).toContain('Partial — 70 / 100');
    expect(await headline.getByTestId('verdict-headline').innerText()).toMatch(/^Group \S+: .+ on test 4$/);
    expect(await headline.locator('.verdict-icon svg').count()).toBe(1);
    await screenshot(page, 'ioi-01-subtask-table');
    // At 375 px the subtask table's Result column stays inside the card.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 812 });
    await headline.scrollIntoViewIfNeeded();
    await screenshot(page, 'ioi-01b-partial-headline-375');
    const lastCell = table.getByTestId('subtask-row').nth(1).locator('td').last();
    await lastCell.scrollIntoViewIfNeeded();
    const cell = (await lastCell.boundingBox())!;
    const card = (await table.boundingBox())!;
    expect(cell.x + cell.width).toBeLessThanOrEqual(card.x + card.width + 1);
    expect(cell.x + cell.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'ioi-01c-subtask-table-375');
    if (size) await page.setViewportSize(size);
  });

  it("a second submit earns the other subtask: the board's cell adds up the best of each, 100", async () => {
    const page = session.page;
    await submitInBrowser(page, MIDDLE_ONLY);
    await expect.poll(() => page.getByTestId('subtask-score').innerText()).toBe('30 / 100');
    // Bob scores 70 through the API.
    const bobRun = await expectOk('POST', '/execute-code', bob.token, {
      code: SMALL_AND_LARGE,
      language: 'java',
      problemId,
      runAllTestCases: true,
      contestId,
    });
    expect(bobRun.score).toBe(70);
    await page.goto(`/contests/${contestId}`);
    const adaCell = rowOf(page, ada).getByTestId('scoreboard-cell').first();
    await expect.poll(() => adaCell.getAttribute('data-score'), { timeout: 30_000 }).toBe('100');
    expect(await rowOf(page, ada).innerText()).toContain('100 pts');
    const bobCell = rowOf(page, bob).getByTestId('scoreboard-cell').first();
    await expect.poll(() => bobCell.getAttribute('data-score'), { timeout: 30_000 }).toBe('70');
    await screenshot(page, 'ioi-02-board');
    const mobile = await openSession({ width: 375, height: 812 });
    try {
      await signIn(mobile.page, ada);
      await mobile.page.goto(`/contests/${contestId}`);
      await rowOf(mobile.page, ada).getByTestId('scoreboard-cell').first().waitFor();
      await screenshot(mobile.page, 'ioi-03-board-375');
      const overflow = await mobile.page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
    } finally {
      await mobile.close();
    }
  });
});
