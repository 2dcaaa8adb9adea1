import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeSessions, expectToast, openSession, screenshot, type Session } from './support/browser';
import { signedInSession, signIn } from './support/accounts';
import { ADMIN, RUN_ID } from './support/config';
import { account, adminToken, api, type Account } from './support/api';
import { createProblem } from './support/setup';
import { A_MINUS_B, A_PLUS_B, submitInContest, twoIntProblem, twoIntTests } from './support/problems';
import { completeContest, createFromDialog, fillNewContest, openNewContest } from './support/admin';
import { requireStack } from './support/stack';

/*
 * Issue 20's journey: an admin runs a two-user ICPC contest with a freeze. Both users join while it
 * counts down to the start; Ada solves before the freeze, Bob after it (one rejected try first). During
 * the freeze Ada sees Bob's cell as '?' with his tries while Bob sees his own accept; the admin ends the
 * contest, unfreezes it, and Final Results show the revealed cells and each rating change. Then the admin
 * edits the tests and rejudges the contest's submissions: Bob's rejected try turns Accepted in his history and
 * on Final Results, and a second rejudge changes nothing.
 */

const PROBLEM_TITLE = `ICPC Sum ${RUN_ID}`;
const CONTEST_TITLE = `ICPC Night ${RUN_ID}`;
/** The contest starts this long after it is created, leaving time to join while it is upcoming. */
const START_DELAY_MS = 40_000;
/** Results before the freeze show to everyone: the first 90 s of the contest. */
const OPEN_MS = 90_000;
const FREEZE_MINUTES = 3;
const TESTS = twoIntTests((a, b) => a + b);
/** The tests after the admin's edit: with b = 0, Bob's first try (a - b) is right too. */
const EDITED_TESTS = [
  { inputs: { a: '2', b: '0' }, expectedOutput: '2', isExample: true },
  { inputs: { a: '10', b: '0' }, expectedOutput: '10', isExample: false },
];

const problemForm = (testCases: typeof TESTS) =>
  twoIntProblem({
    title: PROBLEM_TITLE,
    description: 'Print a + b.',
    points: 10,
    functionName: 'sum',
    testCases,
  });

/** A contestant: an account made through the API, with the browser session it signs in. */
type Person = Account & { session?: Session };
let ada: Person;
let bob: Person;
let admin: Session;
let adminApiToken = '';
let problemId = '';
let contestPath = '';
let startAt = 0;

const submit = (page: Page, code: string, verdict: 'Accepted' | 'Wrong Answer') =>
  submitInContest(page, contestPath, PROBLEM_TITLE, code, verdict);

const rowOf = (page: Page, p: Person) =>
  page.getByTestId('contest-leaderboard-row').filter({ hasText: `@${p.username}` });
const cellOf = (page: Page, p: Person) => rowOf(page, p).getByTestId('scoreboard-cell').first();

beforeAll(async () => {
  await requireStack();
  adminApiToken = await adminToken();
  problemId = await createProblem(adminApiToken, problemForm(TESTS));
  ada = await account('ada');
  bob = await account('bob');
  admin = await signedInSession(ADMIN);
  ada.session = await signedInSession(ada);
  bob.session = await signedInSession(bob);
});

afterAll(() => closeSessions(admin, ada.session, bob.session));

describe('an ICPC contest with a freeze', () => {
  it('admin creates it with the ICPC format, a penalty and a freeze', async () => {
    const page = admin.page;
    const dialog = await openNewContest(page);
    startAt = Date.now() + START_DELAY_MS;
    await fillNewContest(dialog, {
      title: CONTEST_TITLE,
      description: 'Solved count first, then penalty minutes.',
      start: new Date(startAt),
      end: new Date(startAt + OPEN_MS + FREEZE_MINUTES * 60_000),
    });
    await dialog.getByLabel('Format').selectOption('icpc');
    await dialog.getByLabel('Penalty Minutes per Rejected Try').fill('20');
    await dialog.getByLabel('Freeze Minutes Before the End (0 = none)').fill(String(FREEZE_MINUTES));
    await dialog.getByRole('checkbox', { name: PROBLEM_TITLE }).check();
    await createFromDialog(page, dialog, 'icpc-01-admin-new-contest');
    const row = page.getByRole('article', { name: CONTEST_TITLE });
    await expect
      .poll(() => row.innerText())
      .toContain(`Format: ICPC (+20 min) · freeze ${FREEZE_MINUTES} min`);
  });

  it('both join while it counts down to the start, in their own time zone', async () => {
    for (const p of [ada, bob]) {
      const page = p.session!.page;
      await page.goto('/contests');
      await page.getByLabel('Search contests').fill(RUN_ID);
      const card = page.getByRole('article', { name: CONTEST_TITLE });
      await card.getByRole('button', { name: 'Join Contest' }).click();
      await expectToast(page, 'Successfully joined the contest!');
      await card.getByRole('button', { name: 'Joined' }).waitFor();
      const first = await card.getByTestId('countdown').innerText();
      expect(first).toMatch(/Starts in\s+00:00:\d\d/);
      await expect.poll(() => card.getByTestId('countdown').innerText(), { timeout: 5_000 }).not.toBe(first);
      expect(await page.getByTestId('time-zone').innerText()).toMatch(
        /Times are shown in your time zone, .+\./,
      );
      contestPath = (await card.getByRole('link', { name: 'View Details' }).getAttribute('href')) ?? '';
    }
    await screenshot(ada.session!.page, 'icpc-02-contests-countdown');
    expect(contestPath).toMatch(/^\/contests\/[0-9a-f-]+$/);
  });

  it('switches to active at the start without a reload; Ada solves before the freeze', async () => {
    const page = ada.session!.page;
    await page.goto(contestPath);
    await page.getByTestId('countdown').filter({ hasText: 'Starts in' }).waitFor();
    await page.getByRole('link', { name: /^Solve / }).waitFor({ timeout: START_DELAY_MS + 30_000 });
    await page.getByTestId('countdown').filter({ hasText: 'Ends in' }).waitFor();
    expect(await page.getByTestId('contest-rules').innerText()).toContain(
      `ICPC rules: solved, then penalty (20 min per rejected try) · scoreboard frozen for the last ${FREEZE_MINUTES} min`,
    );
    await submit(page, A_PLUS_B, 'Accepted');
    expect(Date.now()).toBeLessThan(startAt + OPEN_MS);
    await page.waitForURL(`**${contestPath}`, { timeout: 10_000 });
    await expect
      .poll(() => cellOf(page, ada).getAttribute('class'), { timeout: 30_000 })
      .toContain('sb-first');
  });

  it("during the freeze Ada sees Bob's tries as '?', Bob sees his own accept", async () => {
    // Wait for the freeze, then Bob tries twice: a wrong answer, then an accept.
    const wait = startAt + OPEN_MS + 2_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const bobPage = bob.session!.page;
    await submit(bobPage, A_MINUS_B, 'Wrong Answer');
    await submit(bobPage, A_PLUS_B, 'Accepted');
    await bobPage.waitForURL(`**${contestPath}`, { timeout: 10_000 });
    await expect
      .poll(() => cellOf(bobPage, bob).getAttribute('aria-label'), { timeout: 30_000 })
      .toMatch(/^Problem A: solved at minute \d+ after 1 rejected try$/);
    expect(await rowOf(bobPage, bob).getAttribute('class')).toContain('lb-own');
    // Ada solved before the freeze: Bob sees her accept, first to solve.
    expect(await cellOf(bobPage, ada).getAttribute('class')).toContain('sb-first');
    await screenshot(bobPage, 'icpc-03-frozen-own-view');

    const adaPage = ada.session!.page;
    await adaPage.goto(contestPath);
    await adaPage.getByTestId('frozen-badge').waitFor();
    await expect.poll(() => cellOf(adaPage, bob).innerText(), { timeout: 30_000 }).toContain('? 2');
    expect(await cellOf(adaPage, bob).getAttribute('class')).toContain('sb-pending');
    expect(await rowOf(adaPage, bob).innerText()).toContain('0 solved');
    expect(await rowOf(adaPage, ada).getAttribute('class')).toContain('lb-own');
    await screenshot(adaPage, 'icpc-04-frozen-others');
    const mobile = await openSession({ width: 375, height: 812 });
    try {
      await signIn(mobile.page, ada);
      await mobile.page.goto(contestPath);
      await cellOf(mobile.page, bob).filter({ hasText: '? 2' }).waitFor({ timeout: 30_000 });
      const overflow = await mobile.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(mobile.page, 'icpc-05-frozen-375');
    } finally {
      await mobile.close();
    }
  });

  it('the admin ends and unfreezes it; Final Results reveal the cells and the rating changes', async () => {
    const page = admin.page;
    await completeContest(page, CONTEST_TITLE);
    const row = page.getByRole('article', { name: CONTEST_TITLE });

    // Ended but still frozen: Bob's accept stays hidden from Ada, and nobody is rated yet.
    const adaPage = ada.session!.page;
    await adaPage.goto(contestPath);
    await adaPage.getByRole('heading', { name: 'Final Results' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => cellOf(adaPage, bob).innerText()).toContain('? 2');
    expect(await adaPage.getByTestId('rating-change').count()).toBe(0);

    // Unfreezing asks first (issue 30): the admin confirms.
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Unfreeze' }).click();
    await expectToast(page, 'Standings unfrozen');
    await adaPage.reload();
    await adaPage.getByRole('heading', { name: 'Final Results' }).waitFor();
    await expect
      .poll(() => cellOf(adaPage, bob).getAttribute('aria-label'), { timeout: 30_000 })
      .toMatch(/^Problem A: solved at minute \d+ after 1 rejected try$/);
    expect(await adaPage.getByTestId('frozen-badge').count()).toBe(0);
    // Both solved one problem; Ada's penalty is lower (no rejected try, earlier accept): she is first.
    const rows = adaPage.getByTestId('contest-leaderboard-row');
    expect(await rows.nth(0).innerText()).toContain(`@${ada.username}`);
    await expect
      .poll(() => rowOf(adaPage, ada).getByTestId('rating-change').innerText(), { timeout: 30_000 })
      .toMatch(/^\+\d+ → 1\d{3}$/);
    expect(await rowOf(adaPage, bob).getByTestId('rating-change').innerText()).toMatch(/^−\d+ → 1\d{3}$/);
    await screenshot(adaPage, 'icpc-06-final-results');
    const mobile = await openSession({ width: 375, height: 812 });
    try {
      await mobile.page.goto(contestPath);
      await mobile.page.getByTestId('rating-change').first().waitFor({ timeout: 30_000 });
      await screenshot(mobile.page, 'icpc-07-final-results-375');
    } finally {
      await mobile.close();
    }

    // The profile's chart marks the contest with the change.
    await adaPage.goto('/profile');
    await adaPage.getByTestId('rating-contest-mark').first().waitFor({ timeout: 30_000 });
    expect(await adaPage.getByTestId('rating-contest-mark').first().textContent()).toContain('+');
    await screenshot(adaPage, 'icpc-08-profile-rating');
    await page.goto('/admin/contests');
    await page.getByRole('heading', { name: 'Rejudge' }).waitFor();
    await screenshot(page, 'icpc-09-admin-rejudge');
  });

  it("the admin fixes the tests and rejudges the contest: Bob's first try turns Accepted, once", async () => {
    const edited = await api('PUT', `/problems/${problemId}`, adminApiToken, problemForm(EDITED_TESTS));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const page = admin.page;
    await page.goto('/admin/contests');
    const panel = page.getByRole('region', { name: 'Rejudge' });
    await panel.getByLabel('Problem').selectOption({ label: PROBLEM_TITLE });
    await panel.getByLabel('Submissions').selectOption({ label: `Contest: ${CONTEST_TITLE}` });
    await panel.getByRole('button', { name: 'Rejudge' }).click();
    // Ada's accept and Bob's two tries are judged again; only Bob's wrong answer changes.
    await expect
      .poll(() => panel.getByTestId('rejudge-progress').innerText(), { timeout: 120_000 })
      .toContain('Finished: 3 / 3 judged, 1 changed');
    await screenshot(page, 'icpc-10-admin-rejudged');

    // Bob's history shows both tries accepted now.
    const bobPage = bob.session!.page;
    await bobPage.goto(`${contestPath}/problems/${problemId}`);
    await bobPage.getByRole('tab', { name: 'Submissions' }).click();
    const rows = bobPage.getByTestId('submission-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    for (const text of await rows.allInnerTexts()) expect(text.toLowerCase()).toContain('accepted');
    await screenshot(bobPage, 'icpc-11-history-rejudged');

    // Final Results: Bob solved at his first try, no rejected try; Ada's earlier accept keeps her first,
    // so the rating changes keep their signs.
    const adaPage = ada.session!.page;
    await adaPage.goto(contestPath);
    await adaPage.getByRole('heading', { name: 'Final Results' }).waitFor();
    await expect
      .poll(() => cellOf(adaPage, bob).getAttribute('aria-label'), { timeout: 30_000 })
      .toMatch(/^Problem A: solved at minute \d+$/);
    expect(await adaPage.getByTestId('contest-leaderboard-row').nth(0).innerText()).toContain(
      `@${ada.username}`,
    );
    expect(await rowOf(adaPage, ada).getByTestId('rating-change').innerText()).toMatch(/^\+\d+ → 1\d{3}$/);
    expect(await rowOf(adaPage, bob).getByTestId('rating-change').innerText()).toMatch(/^−\d+ → 1\d{3}$/);
    await screenshot(adaPage, 'icpc-12-final-results-rejudged');

    // Running it again changes nothing.
    await panel.getByRole('button', { name: 'Rejudge' }).click();
    await expect
      .poll(() => panel.getByTestId('rejudge-progress').innerText(), { timeout: 120_000 })
      .toContain('Finished: 3 / 3 judged, 0 changed');
  });
});
