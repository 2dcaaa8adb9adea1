import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeSessions,
  expectToast,
  openSession,
  pasteInMonaco,
  retypeLineInMonaco,
  screenshot,
  submissionResult,
  type Session,
} from './support/browser';
import { newUser, signIn, signUpAndVerify, submitAdminSetup, submitSignIn } from './support/accounts';
import { ADMIN, RUN_ID } from './support/config';
import { openContestProblem } from './support/problems';
import { completeContest, createFromDialog, fillNewContest, openNewContest } from './support/admin';
import { requireStack } from './support/stack';

/*
 * The journeys of issues 5 and 6 in one real browser against the running stack (API, judge,
 * PostgreSQL, Redis): an admin sets up and authors a problem and a contest; a new user signs up,
 * verifies, solves in practice, joins the contest, solves while it is active and sees the live
 * leaderboard move, then the final results once the admin completes it.
 */

const PROBLEM_TITLE = `E2E Sum ${RUN_ID}`;
const CONTEST_TITLE = `E2E Contest ${RUN_ID}`;
const USER = newUser('user', 'E2E User');
const SOLUTION = `import java.util.Scanner;

public class Main {
    public static int addNumbers(int a, int b) {
        return a + b;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int a = in.nextInt();
        int b = in.nextInt();
        System.out.println(addNumbers(a, b));
    }
}
`;
/** The contest starts this long after it is created, leaving time to join while it is upcoming. */
const CONTEST_START_DELAY_MS = 45_000;

let admin: Session;
let user: Session;
let contestPath = '';

beforeAll(async () => {
  await requireStack();
  [admin, user] = [await openSession(), await openSession()];
});

afterAll(() => closeSessions(admin, user));

describe('admin', () => {
  it('sets up the first super admin through /admin-setup (or finds one already there) and signs in', async () => {
    const page = admin.page;
    await page.goto('/admin-setup');
    await expect.poll(() => page.getByText('creates the first super admin account').count()).toBe(1);
    const text = await submitAdminSetup(page, '01-admin-setup');
    if (!text.includes('created successfully')) {
      expect(text, 'setup refused for another reason than an existing super admin').toMatch(
        /already exists/i,
      );
    }
    await submitSignIn(page, ADMIN);
    await page.waitForURL('**/dashboard', { timeout: 20_000 }).catch(() => {
      throw new Error(
        `Could not sign in as ${ADMIN.email}: a super admin with other credentials exists; set E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD.`,
      );
    });
    await expect.poll(() => page.locator('.badge', { hasText: 'Super Admin' }).count()).toBeGreaterThan(0);
  });

  it('authors a problem with Generate Code', async () => {
    const page = admin.page;
    await page.goto('/admin/problems');
    await page.getByRole('tab', { name: 'Problems List' }).waitFor();
    await page.getByRole('tab', { name: 'Create/Edit Problem' }).click();
    await page.getByLabel('Title *').fill(PROBLEM_TITLE);
    await page.getByLabel('Description *').fill('Return the sum of the two integers a and b.');
    await page.getByLabel('Constraints').fill('-1000 <= a, b <= 1000');
    await page.getByLabel('Function Name *').fill('addNumbers');
    await page.getByLabel('Tags (comma separated)').fill('math, e2e');
    for (const [i, name] of ['a', 'b'].entries()) {
      await page.getByRole('button', { name: 'Add Variable' }).click();
      await page.getByLabel(`Variable ${i + 1} name`).fill(name);
      await page.getByLabel(`Variable ${i + 1} description`).fill(`operand ${name}`);
    }
    const cases = [
      { a: '2', b: '3', out: '5', example: true },
      { a: '10', b: '-4', out: '6', example: false },
    ];
    for (const [i, tc] of cases.entries()) {
      await page.getByRole('button', { name: 'Add Test Case' }).click();
      const form = page.getByTestId('test-case-form').nth(i);
      await form.getByLabel('a (int)').fill(tc.a);
      await form.getByLabel('b (int)').fill(tc.b);
      await form.getByLabel('Expected Output').fill(tc.out);
      if (!tc.example) await form.getByLabel('Example (visible to users)').uncheck();
    }
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Boilerplate code' }).inputValue())
      .toContain('public static int addNumbers(int a, int b)');
    await screenshot(page, '02-admin-problem-form');
    await page.getByRole('button', { name: 'Create Problem' }).click();
    await expectToast(page, 'Problem created successfully');
    await page.getByTestId('admin-problem-row').filter({ hasText: PROBLEM_TITLE }).waitFor();
    await screenshot(page, '03-admin-problems-list');
  });
});

describe('user, practice', () => {
  it('signs up and is asked to verify the email', async () => {
    const page = user.page;
    await signUpAndVerify(page, USER, '04-signup');
    await screenshot(page, '05-verify-email');
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await page.waitForURL('**/auth');
  });

  it('signs in and lands on the dashboard', async () => {
    const page = user.page;
    await signIn(page, USER);
    await page.getByRole('heading', { name: `Welcome back, ${USER.fullName}!` }).waitFor();
    await expect.poll(() => page.getByTestId('dashboard-Total Score').innerText()).toBe('0');
  });

  it('opens the problem, runs the examples and submits an accepted solution written in Monaco', async () => {
    const page = user.page;
    await page.goto('/problems');
    await page.getByLabel('Search problems').fill(RUN_ID);
    const card = page.getByRole('article', { name: PROBLEM_TITLE });
    await screenshot(page, '06-problems');
    await card.getByRole('link', { name: /^Solve / }).click();
    await page.getByRole('heading', { name: PROBLEM_TITLE }).waitFor();
    await page.getByText('public static int addNumbers(int a, int b)').first().waitFor();
    // Typed with the keyboard into the boilerplate the admin generated, so its main() is judged too.
    await retypeLineInMonaco(page, 'return 0;', 'return a + b;');
    await page.keyboard.press('Control+Enter');
    await page.getByRole('heading', { name: 'Test Results' }).waitFor({ timeout: 90_000 });
    await expectToast(page, 'Example test cases: 1/1 passed');
    await expect.poll(() => page.getByTestId('solver-status').innerText()).toContain('Ready');
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    const result = await submissionResult(page);
    expect(result).toContain('Congratulations!');
    expect(result).toContain('2/2 test cases passed');
    await expectToast(page, 'Problem solved! You earned 10 points!');
    await page.getByRole('button', { name: 'Analyze Code' }).click();
    await expect.poll(() => page.locator('.markdown').first().innerText(), { timeout: 60_000 }).not.toBe('');
    await screenshot(page, '07-problem-solved');
  });

  it('shows the points on the dashboard, the leaderboard and the profile', async () => {
    const page = user.page;
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('dashboard-Total Score').innerText()).toBe('10');
    await expect.poll(() => page.getByTestId('dashboard-Problems Solved').innerText()).toBe('1');
    await screenshot(page, '08-dashboard');
    await page.goto('/leaderboard');
    const row = page.getByTestId('leaderboard-row').filter({ hasText: `@${USER.username}` });
    await expect.poll(() => row.innerText()).toContain('10 points');
    await screenshot(page, '09-leaderboard');
    await page.goto('/problems');
    await page.getByLabel('Search problems').fill(RUN_ID);
    const card = page.getByRole('article', { name: PROBLEM_TITLE });
    await card.getByText('Solved').waitFor();
    await card.getByRole('link', { name: 'View Solution' }).waitFor();
    await page.goto('/profile');
    await page.getByRole('heading', { name: USER.fullName }).waitFor();
    await page.getByTestId('activity-item').filter({ hasText: PROBLEM_TITLE }).waitFor();
    await screenshot(page, '10-profile');
  });
});

describe('user, practice that remembers', () => {
  it('keeps the code across a reload and opens the submission from the Submissions tab', async () => {
    const page = user.page;
    await page.goto('/problems');
    await page.getByLabel('Search problems').fill(RUN_ID);
    await page
      .getByRole('article', { name: PROBLEM_TITLE })
      .getByRole('link', { name: 'View Solution' })
      .click();
    await page.getByRole('heading', { name: PROBLEM_TITLE }).waitFor();
    await page.locator('.monaco-editor .view-line', { hasText: 'return a + b;' }).first().waitFor();
    await page.reload();
    await page
      .locator('.monaco-editor .view-line', { hasText: 'return a + b;' })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Submissions' }).click();
    const row = page.getByTestId('submission-row').first();
    await expect.poll(() => row.innerText()).toContain('accepted');
    await row.click();
    const viewer = page.getByTestId('submission-viewer');
    await viewer.locator('.monaco-editor .view-line', { hasText: 'return a + b;' }).first().waitFor();
    await viewer.getByTestId('test-chip').first().waitFor();
    await screenshot(page, '10a-submission-viewer');
    await viewer.getByRole('button', { name: 'Load into editor' }).click();
    await viewer.waitFor({ state: 'detached' });
  });

  it('runs the code on custom input and shows the output', async () => {
    const page = user.page;
    await page.getByRole('tab', { name: 'Custom Input' }).click();
    await page.getByLabel(/^a/).fill('40');
    await page.getByLabel(/^b/).fill('2');
    await page.getByRole('button', { name: 'Run with this input' }).click();
    await expect.poll(() => page.getByTestId('custom-stdout').innerText(), { timeout: 90_000 }).toBe('42');
    await screenshot(page, '10b-custom-input');
  });

  it('marks a compile error in the editor', async () => {
    const page = user.page;
    await retypeLineInMonaco(page, 'return a + b;', 'return a + ;');
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('compile-error').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('compile-error').count()).toBe(1);
    // Monaco draws a marker as a squiggly decoration on the line javac named.
    await page.locator('.monaco-editor .squiggly-error').first().waitFor();
    await screenshot(page, '10c-compile-error');
    await retypeLineInMonaco(page, 'return a + ;', 'return a + b;');
  });

  it('re-solving says it is already solved instead of awarding points again', async () => {
    const page = user.page;
    await expect.poll(() => page.getByTestId('solver-status').innerText()).toContain('Ready');
    // The editor holds the fixed line (and not the broken one) before the shortcut submits it.
    await page.locator('.monaco-editor .view-line', { hasText: 'return a + b;' }).first().waitFor();
    expect(await page.locator('.monaco-editor .view-line', { hasText: 'return a + ;' }).count()).toBe(0);
    await page.keyboard.press('Control+Shift+Enter');
    expect(await submissionResult(page)).toContain('Congratulations!');
    await expectToast(page, 'already solved');
    expect(await page.getByRole('region', { name: 'Notifications' }).innerText()).not.toContain('You earned');
    await screenshot(page, '10d-already-solved');
  });

  it('filters the problem list by status and tag, and keeps the filters in the URL across a reload', async () => {
    const page = user.page;
    await page.goto('/problems');
    const card = page.getByRole('article', { name: PROBLEM_TITLE });
    await card.waitFor();
    const status = page.getByLabel('Status', { exact: true });
    const tag = page.getByLabel('Tag', { exact: true });
    await status.selectOption('unsolved');
    await card.waitFor({ state: 'detached' });
    await status.selectOption('solved');
    await card.waitFor();
    await tag.selectOption('e2e');
    await card.waitFor();
    const filtered = new URL(page.url());
    expect(filtered.search).toContain('solved');
    expect(filtered.search).toContain('e2e');
    await page.reload();
    await card.waitFor();
    expect(await status.inputValue()).toBe('solved');
    expect(await tag.inputValue()).toBe('e2e');
    await status.selectOption('unsolved');
    await card.waitFor({ state: 'detached' });
  });

  it('at 375 px: the leaderboard name and place badge do not overlap; the solving page and list fit', async () => {
    const mobile = await openSession({ width: 375, height: 812 });
    try {
      const page = mobile.page;
      await page.goto('/leaderboard');
      const first = page.getByTestId('leaderboard-row').first();
      await first.getByText('1st Place').waitFor();
      const boxes = await first.evaluate((row) =>
        ['.lb-rank', '.lb-name .full', '.badge', '.lb-score'].map((sel) => {
          const r = row.querySelector(sel)?.getBoundingClientRect();
          return r ? { sel, left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
        }),
      );
      expect(boxes.every(Boolean)).toBe(true);
      const placed = boxes.filter((b): b is NonNullable<typeof b> => !!b);
      for (const [i, a] of placed.entries()) {
        for (const b of placed.slice(i + 1)) {
          const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          expect(overlap, `${a.sel} overlaps ${b.sel}`).toBe(false);
        }
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, '24-mobile-leaderboard');
      await signIn(page, USER);
      await page.goto(`/problems?q=${RUN_ID}&status=solved`);
      // One user submitted and solved it: the server's acceptance rate is 100%.
      await page.getByRole('article', { name: PROBLEM_TITLE }).getByText('100% accepted').waitFor();
      await screenshot(page, '25-mobile-problems');
      await page
        .getByRole('article', { name: PROBLEM_TITLE })
        .getByRole('link', { name: 'View Solution' })
        .click();
      await page
        .locator('.monaco-editor .view-line', { hasText: 'return a + b;' })
        .first()
        .waitFor({ timeout: 30_000 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, '26-mobile-problem');
    } finally {
      await mobile.close();
    }
  });
});

describe('contest', () => {
  it('admin creates a contest that starts shortly', async () => {
    const page = admin.page;
    const dialog = await openNewContest(page);
    const start = new Date(Date.now() + CONTEST_START_DELAY_MS);
    await fillNewContest(dialog, {
      title: CONTEST_TITLE,
      description: 'A contest created by the browser journey.',
      start,
      end: new Date(start.getTime() + 60 * 60_000),
    });
    await dialog.getByLabel('Max Participants').fill('10');
    await dialog.getByRole('checkbox', { name: PROBLEM_TITLE }).check();
    await createFromDialog(page, dialog, '11-admin-new-contest');
    await page.getByRole('article', { name: CONTEST_TITLE }).waitFor();
    await screenshot(page, '12-admin-contests');
  });

  it('user joins while it is upcoming', async () => {
    const page = user.page;
    await page.goto('/contests');
    await page.getByLabel('Search contests').fill(RUN_ID);
    const card = page.getByRole('article', { name: CONTEST_TITLE });
    await card.getByRole('button', { name: 'Join Contest' }).click();
    await expectToast(page, 'Successfully joined the contest!');
    await card.getByRole('button', { name: 'Joined' }).waitFor();
    expect(await card.getByTestId('participants').innerText()).toBe('1 / 10');
    await screenshot(page, '13-contests');
    contestPath = (await card.getByRole('link', { name: 'View Details' }).getAttribute('href')) ?? '';
    expect(contestPath).toMatch(/^\/contests\/[0-9a-f-]+$/);
  });

  it('user solves during the active window while another tab watches the live leaderboard move', async () => {
    const watcher = await user.context.newPage();
    await watcher.goto(contestPath);
    await watcher.getByRole('heading', { name: CONTEST_TITLE }).waitFor();
    // The page refetches the contest when its start time passes.
    await watcher
      .getByRole('link', { name: /^Solve / })
      .waitFor({ timeout: CONTEST_START_DELAY_MS + 60_000 });
    await watcher.getByRole('heading', { name: 'Contest Leaderboard' }).waitFor();
    const myRow = watcher.getByTestId('contest-leaderboard-row').filter({ hasText: `@${USER.username}` });
    const before = (await myRow.count()) ? await myRow.innerText() : '';
    expect(before).not.toContain('10 pts');
    await screenshot(watcher, '14-contest-detail-active');

    const page = user.page;
    await openContestProblem(page, contestPath, PROBLEM_TITLE);
    await pasteInMonaco(page, SOLUTION);
    await screenshot(page, '15-contest-problem');
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    await page.getByTestId('submission-result').filter({ hasText: 'Accepted' }).waitFor({ timeout: 90_000 });
    await page.waitForURL(`**${contestPath}`, { timeout: 10_000 });

    // No reload in the watching tab: the SSE stream moves the leaderboard.
    await expect.poll(() => myRow.innerText(), { timeout: 30_000 }).toContain('10 pts');
    await screenshot(watcher, '16-contest-live-leaderboard');
    await watcher.close();
  });

  it('admin completes the contest and the user sees Final Results', async () => {
    const page = admin.page;
    await completeContest(page, CONTEST_TITLE);

    const userPage = user.page;
    await userPage.goto(contestPath);
    await userPage.getByRole('heading', { name: 'Final Results' }).waitFor({ timeout: 30_000 });
    await userPage
      .getByTestId('contest-leaderboard-row')
      .filter({ hasText: `@${USER.username}` })
      .getByRole('img', { name: 'Rank 1' })
      .waitFor();
    await screenshot(userPage, '17-contest-final-results');
  });
});

describe('other screens', () => {
  it('admin pages, debug pages and the 404 page render', async () => {
    const page = admin.page;
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Add Admin Role' }).waitFor();
    await screenshot(page, '18-admin-users');
    await page.goto('/debug-auth');
    await expect.poll(() => page.getByTestId('debug-Current status').innerText()).toBe('Super Admin');
    await screenshot(page, '19-debug-auth');
    await page.goto('/test-auth');
    await page.getByRole('heading', { name: 'Registration Debug' }).waitFor();
    await page.goto('/no/such/page');
    await page.getByRole('button', { name: 'Go Home' }).waitFor();
    await screenshot(page, '20-not-found');
  });

  it('a plain user meets Access Denied on admin pages', async () => {
    const page = user.page;
    await page.goto('/admin/problems');
    await page.getByText('You need admin privileges to access this page.').waitFor();
    await page.getByText('Current status: User').waitFor();
    await screenshot(page, '21-access-denied');
  });

  it('works at 375 px: home page and the collapsed menu', async () => {
    const mobile = await openSession({ width: 375, height: 812 });
    try {
      const page = mobile.page;
      await page.goto('/');
      await page.getByRole('heading', { name: 'AI Code Analysis' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, '22-mobile-home');
      await page.getByRole('button', { name: 'Toggle menu' }).click();
      await page.locator('#mobile-menu').getByRole('link', { name: 'Problems' }).waitFor();
      await screenshot(page, '23-mobile-menu');
    } finally {
      await mobile.close();
    }
  });
});
