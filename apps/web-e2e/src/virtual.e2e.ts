import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeSessions, expectToast, pasteInMonaco, screenshot, type Session } from './support/browser';
import { signedInSession } from './support/accounts';
import { RUN_ID } from './support/config';
import { account, adminToken, api, expectOk, solveInContest, type Account } from './support/api';
import { createContest, createProblem, joinContest } from './support/setup';
import { requireStack } from './support/stack';

/*
 * Issue 21 items 3 and 4 in a real browser against the running stack, judged by the real judge. A
 * short ICPC contest runs for real: a participant solves A early and B late (through the API). Once
 * it has ended, a newcomer starts a virtual run from the contest page, solves A in it, and sees their
 * row, marked virtual, among the standings as they were at the same moment (the participant's late B
 * not yet among them); then ends the run early and practises B, which is contest-only, as practice.
 */

const TITLE_A = `E2E Twice ${RUN_ID}`;
const TITLE_B = `E2E Thrice ${RUN_ID}`;
const CONTEST_TITLE = `E2E Virtual ${RUN_ID}`;
/** The contest starts this long after it is created (time to join while upcoming)… */
const START_DELAY_MS = 15_000;
/** …and lasts this long: the participant's B comes at LATE_SOLVE_MS, well after the virtual accept. */
const DURATION_MS = 90_000;
const LATE_SOLVE_MS = 70_000;

const solution = (name: string, factor: number) => `import java.util.*;

public class Main {
    public static int ${name}(int n) {
        return ${factor} * n;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        System.out.println(${name}(n));
    }
}
`;
const boilerplate = (name: string) =>
  solution(name, 0).replace(/return 0 \* n;/, '// Write your solution here\n        return 0;');

const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
const rowOf = (page: Page, user: Account) =>
  page.getByTestId('contest-leaderboard-row').filter({ hasText: `@${user.username}` });

let token = '';
let rita: Account;
let victor: Account;
let problemA = '';
let problemB = '';
let contestId = '';
let endsAt = 0;
/** Upper bounds: rita's accept of A after the contest's start, and the moment the virtual run had started. */
let ritaAcceptedWithinMs = 0;
let runStartedBy = 0;
/** Before the run's start was asked for: a lower bound on its start. */
let runAskedAt = 0;
/** The run's rank while rita has A alone: 1 when their whole-minute penalties tie, else 2. */
let runRankBesideA = 0;
let desktop: Session;
let mobile: Session;

beforeAll(
  async () => {
    await requireStack();
    token = await adminToken();
    const problem = (title: string, name: string, factor: number) =>
      createProblem(token, {
        title,
        description: `Return ${factor} times n.`,
        constraints: '0 <= n <= 1000',
        difficulty: 'easy',
        points: 10 * factor,
        inputVariables: [{ id: 'n', name: 'n', type: 'int', description: 'the number' }],
        testCases: [
          { inputs: { n: '4' }, expectedOutput: String(4 * factor), isExample: true },
          { inputs: { n: '0' }, expectedOutput: '0', isExample: false },
          { inputs: { n: '250' }, expectedOutput: String(250 * factor), isExample: false },
        ],
        functionName: name,
        returnType: 'int',
        boilerplateCode: boilerplate(name),
        tags: ['e2e'],
        // Contest-only: reachable through the contest, never on its own.
        isVisible: false,
      });
    problemA = await problem(TITLE_A, 'twice', 2);
    problemB = await problem(TITLE_B, 'thrice', 3);
    const startAt = Date.now() + START_DELAY_MS;
    endsAt = startAt + DURATION_MS;
    contestId = await createContest(token, {
      title: CONTEST_TITLE,
      description: 'Practice after the end and a virtual run.',
      startAt,
      endAt: endsAt,
      problemIds: [problemA, problemB],
      format: 'icpc',
    });
    [rita, victor] = [await account('rita'), await account('victor')];
    await joinContest(contestId, rita);
    // The contest runs for real: A early, B late.
    await sleepUntil(startAt + 1_000);
    await solveInContest(rita, problemA, contestId, solution('twice', 2));
    ritaAcceptedWithinMs = Date.now() - startAt;
    await sleepUntil(startAt + LATE_SOLVE_MS);
    await solveInContest(rita, problemB, contestId, solution('thrice', 3));
    desktop = await signedInSession(victor);
    mobile = await signedInSession(victor, { width: 375, height: 812 });
    await sleepUntil(endsAt + 2_000);
  },
  START_DELAY_MS + DURATION_MS + 120_000,
);

afterAll(() => closeSessions(desktop, mobile));

describe('after the end: a virtual run, then practice', () => {
  const contestPath = () => `/contests/${contestId}`;

  it('the ended contest page offers a virtual run and practice of each problem', async () => {
    const page = desktop.page;
    await page.goto(contestPath());
    await page.getByRole('heading', { name: 'Final Results' }).waitFor();
    await rowOf(page, rita).filter({ hasText: '2 solved' }).first().waitFor();
    await page
      .getByText('Its problems stay open for practice, and you can take it as a virtual run.')
      .waitFor();
    await page.getByRole('heading', { name: 'Virtual participation' }).waitFor();
    await page.getByText(/Take this contest under its own clock: 2 minutes/).waitFor();
    expect(await page.getByRole('link', { name: 'Practice' }).count()).toBe(2);
    // The spec's contest problem route is for participants; a newcomer has no Solve Problem link.
    expect(await page.getByRole('link', { name: /^Solve / }).count()).toBe(0);
    await screenshot(page, 'virtual-ended-contest-desktop');
  });

  it('starts a virtual run: a countdown, and the virtual board with their row among the real ones at the same moment', async () => {
    const page = desktop.page;
    runAskedAt = Date.now();
    await page.getByRole('button', { name: 'Start virtual run' }).click();
    await expectToast(page, 'Virtual run started');
    runStartedBy = Date.now();
    await page
      .getByTestId('virtual-countdown')
      .filter({ hasText: /Virtual run ends in 00:01:\d\d/ })
      .waitFor();
    await page.getByRole('heading', { name: 'Virtual Standings' }).waitFor();
    const own = page.locator('[data-testid="contest-leaderboard-row"][data-virtual="true"]');
    await own.filter({ hasText: `@${victor.username}` }).waitFor();
    await expect.poll(() => own.getByTestId('virtual-badge').innerText()).toBe('Virtual');
    await screenshot(page, 'virtual-started-desktop');
  });

  it('solves A in the run from the contest page and sees the row scored as if live', async () => {
    const page = desktop.page;
    await page.getByRole('link', { name: 'Solve (virtual)' }).first().click();
    await page.getByRole('heading', { name: TITLE_A }).waitFor();
    await page.getByTestId('practice-banner').filter({ hasText: 'Virtual run' }).waitFor();
    await page.getByTestId('virtual-countdown').waitFor();
    await page.getByText('Ready').first().waitFor();
    await pasteInMonaco(page, solution('twice', 2));
    // Accept later into the run than rita did into the contest (her judging may be slow on a busy
    // machine), so the tie on solved and penalty has one right order below.
    await sleepUntil(runStartedBy + ritaAcceptedWithinMs + 1_000);
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    await page.getByTestId('submission-result').filter({ hasText: 'Accepted' }).waitFor({ timeout: 90_000 });
    await expectToast(page, 'of your virtual run.');
    await screenshot(page, 'virtual-solving-desktop');
    // Back on the contest page after 2 s: the run's row among the real rows as they were at the same moment.
    await page.waitForURL(`**${contestPath()}`, { timeout: 10_000 });
    const own = page.locator('[data-testid="contest-leaderboard-row"][data-virtual="true"]');
    await own.filter({ hasText: '1 solved' }).waitFor({ timeout: 30_000 });
    // rita solved A at the start, B only late: at this moment of the run the board shows her A alone.
    await rowOf(page, rita).filter({ hasText: '1 solved' }).first().waitFor();
    expect(await page.getByTestId('contest-leaderboard-row').count()).toBe(2);
    // Both solved A, rita at the start of the contest and the run no earlier into it: penalties are whole
    // minutes, so the same minute ties them on one rank, and a later one puts the run second.
    const realRow = rowOf(page, rita).first();
    const penaltyOf = async (row: typeof own) => Number(/penalty (\d+)/.exec(await row.innerText())?.[1]);
    const [realPenalty, runPenalty] = [await penaltyOf(realRow), await penaltyOf(own.first())];
    expect(runPenalty).toBeGreaterThanOrEqual(realPenalty);
    await realRow.getByRole('img', { name: 'Rank 1' }).waitFor();
    runRankBesideA = runPenalty === realPenalty ? 1 : 2;
    await own.first().getByRole('img', { name: `Rank ${runRankBesideA}` }).waitFor();
    if (runRankBesideA === 2) {
      expect(await page.getByTestId('contest-leaderboard-row').nth(1).getAttribute('data-virtual')).toBe('true');
    }
    await page.getByTestId('virtual-minute').waitFor();
    await screenshot(page, 'virtual-board-desktop');
    // The same board on a phone.
    await mobile.page.goto(contestPath());
    await mobile.page
      .locator('[data-testid="contest-leaderboard-row"][data-virtual="true"]')
      .filter({ hasText: '1 solved' })
      .waitFor({ timeout: 30_000 });
    await mobile.page.getByTestId('virtual-countdown').waitFor();
    const overflow = await mobile.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(mobile.page, 'virtual-board-375');
  });

  it('ends the run early: the summary, and the real final results never show it', async () => {
    const page = desktop.page;
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'End virtual run' }).click();
    await expectToast(page, 'Virtual run finished');
    // The summary ranks the run at the moment it ended: before rita's B (submitted LATE_SOLVE_MS into the
    // contest) it stands as it did beside her A alone; on a machine so slow that her B may count, her
    // two solves or that tie put it first or second.
    const rank = Date.now() - runAskedAt < LATE_SOLVE_MS ? `${runRankBesideA}` : `[${runRankBesideA}2]`;
    await page
      .getByTestId('virtual-finished')
      .filter({ hasText: new RegExp(`^Your virtual run finished: #${rank}, 1 solved\\.$`) })
      .waitFor();
    await page.getByRole('button', { name: 'Start virtual run' }).waitFor();
    await page.getByRole('tab', { name: 'Final Results' }).click();
    await page.getByRole('heading', { name: 'Final Results' }).waitFor();
    await rowOf(page, rita).filter({ hasText: '2 solved' }).first().waitFor();
    expect(await rowOf(page, victor).count()).toBe(0);
  });

  it('practises the contest-only B from the contest page: kept in the submissions, the contest unchanged', async () => {
    const page = desktop.page;
    const before = await expectOk('GET', `/leaderboard/contests/${contestId}`);
    await page.getByRole('link', { name: 'Practice' }).nth(1).click();
    await page.getByRole('heading', { name: TITLE_B }).waitFor();
    await page.getByTestId('practice-banner').filter({ hasText: 'Practice' }).waitFor();
    await page.getByText('Ready').first().waitFor();
    await pasteInMonaco(page, solution('thrice', 3));
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    await page.getByTestId('submission-result').filter({ hasText: 'Accepted' }).waitFor({ timeout: 90_000 });
    await expectToast(page, 'Problem solved! You earned 30 points!');
    await page.getByRole('tab', { name: 'Submissions' }).click();
    await page.getByTestId('submission-row').filter({ hasText: 'Practice' }).first().waitFor();
    await screenshot(page, 'virtual-practice-desktop');
    expect(await expectOk('GET', `/leaderboard/contests/${contestId}`)).toEqual(before);
    // B stays contest-only: its own page is not found.
    expect((await api('GET', `/problems/${problemB}`, victor.token)).status).toBe(404);

    await mobile.page.goto(`/contests/${contestId}/practice/${problemB}`);
    await mobile.page.getByRole('heading', { name: TITLE_B }).waitFor();
    await mobile.page.getByTestId('practice-banner').waitFor();
    await mobile.page.locator('.monaco-editor').first().waitFor({ state: 'visible', timeout: 30_000 });
    const overflow = await mobile.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(mobile.page, 'virtual-practice-375');
  });
});
