import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import {
  closeSessions,
  expectToast,
  localDateTime,
  openSession,
  pasteInMonaco,
  screenshot,
  type Session,
} from './support/browser';
import { submitSignIn } from './support/accounts';
import { ADMIN, RUN_ID } from './support/config';
import { account, adminToken, expectOk, submitThroughApi, type Account } from './support/api';
import { createContest, createProblem } from './support/setup';
import { newestMailTo } from './support/mail';
import { A_MINUS_B, A_PLUS_B, twoIntProblem, twoIntTests } from './support/problems';
import { createFromDialog, openNewContest } from './support/admin';
import { requireStack } from './support/stack';

/*
 * Issue 30's journeys: contests that say what they mean, numbers that agree, accounts that remember,
 * the admin's contest tools, titles, and an axe-core scan, at 1280×800 and 375 px.
 * An ICPC contest (A and B, a 1-minute freeze) is seen by an anonymous visitor who signs in from it
 * and joins, by that participant before, during and after the freeze, and by the admin who unfreezes it.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const CONTEST_TITLE = `Screens Cup ${RUN_ID}`;
const A_TITLE = `Screens Sum ${RUN_ID}`;
const B_TITLE = `Screens Diff ${RUN_ID}`;
const C_TITLE = `Screens Halves ${RUN_ID}`;
/** Time to sign in from the contest page and join it while it is upcoming. */
const START_DELAY_MS = 45_000;
/** Results before the freeze show to everyone: the first 90 s. */
const OPEN_MS = 90_000;
const FREEZE_MINUTES = 1;

const problem = (title: string, points: number, expected: (a: number, b: number) => number) =>
  twoIntProblem({
    title,
    description: `Print ${title}.`,
    points,
    functionName: 'calc',
    testCases: twoIntTests(expected),
  });

/** A scoring problem (issue 31): 40 points in two subtasks of 50 each; PARTIAL passes the small one only. */
const scoringProblem = () => ({
  ...twoIntProblem({
    title: C_TITLE,
    description: `Print ${C_TITLE}.`,
    points: 40,
    functionName: 'calc',
    testCases: [],
  }),
  testCases: [
    { inputs: { a: '2', b: '3' }, expectedOutput: '5', isExample: true },
    { inputs: { a: '1', b: '1' }, expectedOutput: '2', isExample: false, group: 'small' },
    { inputs: { a: '4', b: '5' }, expectedOutput: '9', isExample: false, group: 'small' },
    { inputs: { a: '500', b: '400' }, expectedOutput: '900', isExample: false, group: 'large' },
  ],
  testGroups: [
    { name: 'small', points: 50 },
    { name: 'large', points: 50 },
  ],
});
const PARTIAL = A_PLUS_B.replace('a + b', 'a + b < 100 ? a + b : 0');

let adminApi = '';
let ada: Account;
let aId = '';
let bId = '';
let cId = '';
let contestPath = '';
let startAt = 0;
let session: Session;
let admin: Session;

const wait = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Each fact of the contest (start, end, participants) sits on one line: one line of text high. */
async function factsOnOneLineEach(page: Page): Promise<void> {
  const heights = await page
    .getByTestId('contest-facts')
    .locator('.stat-card')
    .evaluateAll((cards) =>
      cards.map((c) => c.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight || '20')),
    );
  expect(heights).toHaveLength(3);
  for (const lines of heights) expect(lines).toBeLessThan(1.9);
}

/** The page fits the window's width; a failure names the elements that reach past its right edge. */
async function noSidewaysScroll(page: Page): Promise<void> {
  const { over, width, wide } = await page.evaluate(() => {
    const width = window.innerWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${Array.from(el.classList, (c) => `.${c}`).join('')}`;
    const past = Array.from(document.body.querySelectorAll('*')).filter(
      (el) => el.getBoundingClientRect().right > width + 0.5,
    );
    return {
      over: document.documentElement.scrollWidth - width,
      width,
      wide: past.slice(0, 12).map((el) => `${name(el)} → ${Math.round(el.getBoundingClientRect().right)}px`),
    };
  });
  expect(over, `wider than the ${width} px window: ${wide.join(', ')}`).toBeLessThanOrEqual(0);
}

/** The practice numbers through the API: what every screen must show. */
async function apiNumbers() {
  const me = await expectOk('GET', '/profiles/me', ada.token);
  const solved = (await expectOk('GET', '/solved-problems', ada.token)) as unknown as { problemId: string }[];
  return {
    solved: me.problemsSolved as number,
    score: me.totalScore as number,
    solvedScore: me.solvedScore as number,
    partialScore: me.partialScore as number,
    acceptance: `${Math.round((me.acceptanceRate as number) * 100)}%`,
    solvedIds: solved.map((s) => s.problemId).sort(),
  };
}

/** Waits for the session to load (the nav bar offers Logout), so no request is cut off by the next page. */
async function signedIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 15_000 });
}

async function axeSerious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeAll(async () => {
  await requireStack();
  adminApi = await adminToken();
  aId = await createProblem(
    adminApi,
    problem(A_TITLE, 10, (x, y) => x + y),
  );
  bId = await createProblem(
    adminApi,
    problem(B_TITLE, 15, (x, y) => x - y),
  );
  cId = await createProblem(adminApi, scoringProblem());
  ada = await account('screens');
  startAt = Date.now() + START_DELAY_MS;
  const contestId = await createContest(adminApi, {
    title: CONTEST_TITLE,
    description: 'Two problems, ICPC rules, a one-minute freeze.',
    startAt,
    endAt: startAt + OPEN_MS + FREEZE_MINUTES * 60_000,
    problemIds: [aId, bId],
    format: 'icpc',
    penaltyMinutes: 20,
    freezeMinutes: FREEZE_MINUTES,
  });
  contestPath = `/contests/${contestId}`;
  // Practice before the contest: B wrong once, then accepted (the contest later solves A).
  await submitThroughApi(ada, bId, A_PLUS_B);
  await submitThroughApi(ada, bId, A_MINUS_B);
  session = await openSession(DESKTOP);
});

afterAll(() => closeSessions(session, admin));

describe('a contest seen by an anonymous visitor', () => {
  it("offers 'Sign in to join', returns to the contest after sign-in, and the participant joins", async () => {
    const phone = await openSession(PHONE);
    try {
      await phone.page.goto(contestPath);
      await phone.page.getByRole('heading', { name: CONTEST_TITLE }).waitFor();
      await phone.page.getByRole('link', { name: 'Sign in to join' }).waitFor();
      await factsOnOneLineEach(phone.page);
      await noSidewaysScroll(phone.page);
      await screenshot(phone.page, 'screens-01-anonymous-375');
    } finally {
      await phone.close();
    }
    const page = session.page;
    await page.goto(contestPath);
    // Named 'Contest · Javelin' before its data loads, then after the contest.
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`${CONTEST_TITLE} · Javelin`);
    const rows = page.getByTestId('contest-problem');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await rows.first().innerText()).toMatch(/^A\. /);
    expect(await rows.first().evaluate((li) => getComputedStyle(li.closest('ol')!).listStyleType)).toBe(
      'none',
    );
    expect(await rows.first().innerText()).toContain('counts as 1 solved');
    expect(await rows.first().innerText()).not.toContain('points');
    await screenshot(page, 'screens-02-anonymous');
    await page.getByRole('link', { name: 'Sign in to join' }).click();
    await page.waitForURL('**/auth');
    await page.getByLabel('Email').fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill(ada.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**${contestPath}`);
    await page.getByRole('button', { name: 'Join Contest' }).click();
    await expectToast(page, 'Successfully joined the contest!');
    await page.getByRole('button', { name: 'Joined' }).waitFor();
    expect(Date.now()).toBeLessThan(startAt);
  });
});

describe('the participant before, during and after the freeze', () => {
  it("before the freeze: no Frozen badge; 'Attempt Contest' opens the first unsolved problem; an ICPC accept speaks solved", async () => {
    const page = session.page;
    await page.getByRole('link', { name: 'Attempt Contest' }).waitFor({ timeout: START_DELAY_MS + 30_000 });
    expect(await page.getByTestId('frozen-badge').count()).toBe(0);
    await screenshot(page, 'screens-03-active-before-freeze');
    await page.getByRole('link', { name: 'Attempt Contest' }).click();
    await page.waitForURL(`**${contestPath}/problems/${aId}`);
    await page.getByRole('heading', { name: A_TITLE }).waitFor();
    await page.getByText('Ready').first().waitFor();
    await pasteInMonaco(page, A_PLUS_B);
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    await page.getByTestId('submission-result').filter({ hasText: 'Accepted' }).waitFor({ timeout: 90_000 });
    await expectToast(page, 'Problem A solved. ICPC ranks by problems solved, then penalty minutes.');
    expect(await page.getByRole('region', { name: 'Notifications' }).innerText()).not.toMatch(
      /earned \d+ points/,
    );
    await page.waitForURL(`**${contestPath}`, { timeout: 10_000 });
    // A is solved now: the next attempt goes to B.
    await expect
      .poll(() => page.getByRole('link', { name: 'Attempt Contest' }).getAttribute('href'), {
        timeout: 15_000,
      })
      .toBe(`${contestPath}/problems/${bId}`);
    expect(Date.now()).toBeLessThan(startAt + OPEN_MS);
  });

  it("during the freeze: the board says 'Frozen'", async () => {
    await wait(startAt + OPEN_MS + 1_500 - Date.now());
    const page = session.page;
    await page.goto(contestPath);
    await expect.poll(() => page.getByTestId('frozen-badge').innerText(), { timeout: 15_000 }).toBe('Frozen');
    await page.getByRole('heading', { name: 'Contest Leaderboard' }).waitFor();
    await screenshot(page, 'screens-04-frozen');
    const phone = await openSession(PHONE);
    try {
      await submitSignIn(phone.page, ada);
      await phone.page.waitForURL('**/dashboard');
      await phone.page.goto(contestPath);
      await phone.page.getByTestId('frozen-badge').filter({ hasText: 'Frozen' }).waitFor();
      await factsOnOneLineEach(phone.page);
      await noSidewaysScroll(phone.page);
      await screenshot(phone.page, 'screens-05-frozen-375');
    } finally {
      await phone.close();
    }
  });

  it("after the end: 'Frozen — results pending release' and 'View Results' shows the results", async () => {
    await wait(startAt + OPEN_MS + FREEZE_MINUTES * 60_000 + 1_500 - Date.now());
    const page = session.page;
    await page.goto(contestPath);
    await page.getByRole('heading', { name: 'Final Results' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('frozen-badge').innerText()).toBe('Frozen — results pending release');
    const results = page.getByRole('link', { name: 'View Results' });
    expect(await results.getAttribute('href')).toBe('#contest-results');
    await results.click();
    await expect
      .poll(() =>
        page.locator('#contest-results').evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= -1 && r.top < window.innerHeight;
        }),
      )
      .toBe(true);
    await screenshot(page, 'screens-06-ended-pending-release');
  });
});

describe('the admin', () => {
  it('finds the contest from its card, unfreezes it after a confirmation, in success style', async () => {
    admin = await openSession(DESKTOP);
    const page = admin.page;
    await submitSignIn(page, ADMIN);
    await page.waitForURL('**/dashboard');
    await page.goto('/admin/contests');
    const card = page.getByRole('article', { name: CONTEST_TITLE });
    await card.getByRole('link', { name: CONTEST_TITLE, exact: true }).click();
    await page.waitForURL(`**${contestPath}`);
    await page.getByRole('heading', { name: 'Final Results' }).waitFor();
    await page.getByRole('button', { name: 'Unfreeze' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unfreeze standings' });
    await dialog.getByText('Everyone will see the final results').waitFor();
    await screenshot(page, 'screens-07-admin-unfreeze-confirm');
    await dialog.getByRole('button', { name: 'Unfreeze' }).click();
    await expectToast(page, 'Standings unfrozen');
    expect(await page.locator('.toast').first().getAttribute('class')).toContain('toast-success');
    await expect.poll(() => page.getByTestId('frozen-badge').count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'screens-08-admin-unfrozen');
  });

  it("shows a new test case's empty values with no error until one is typed", async () => {
    const page = admin.page;
    await page.goto('/admin/problems');
    await page.getByRole('tab', { name: 'Problems List' }).waitFor();
    await page.getByRole('tab', { name: 'Create/Edit Problem' }).click();
    await page.getByRole('button', { name: 'Add Variable' }).click();
    await page.getByLabel('Variable 1 name').fill('n');
    await page.getByRole('button', { name: 'Add Test Case' }).click();
    const form = page.getByTestId('test-case-form').first();
    const value = form.getByLabel('n (int)');
    await value.waitFor();
    expect(await value.getAttribute('aria-invalid')).toBe('false');
    expect(await form.getByText('is not a 32-bit integer').count()).toBe(0);
    await screenshot(page, 'screens-09a-admin-new-test-case');
    await value.fill('x');
    await form.getByText('n (int): "x" is not a 32-bit integer').waitFor();
    expect(await value.getAttribute('aria-invalid')).toBe('true');
  });

  it('creates a contest from a duration and a searched problem list', async () => {
    const page = admin.page;
    const dialog = await openNewContest(page);
    const start = new Date(Date.now() + 3_600_000);
    start.setSeconds(0, 0);
    await dialog.getByLabel('Title').fill(`Duration Cup ${RUN_ID}`);
    await dialog.getByLabel('Start Time').fill(localDateTime(start));
    await dialog.getByLabel('Duration (minutes)').fill('90');
    const end = new Date(start.getTime() + 90 * 60_000);
    expect(await dialog.getByLabel('End Time').inputValue()).toBe(localDateTime(end).slice(0, 16));
    await dialog.getByRole('searchbox', { name: 'Search problems' }).fill(`Diff ${RUN_ID}`);
    expect(await dialog.getByRole('checkbox', { name: A_TITLE }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: B_TITLE }).check();
    await createFromDialog(page, dialog, 'screens-09-admin-new-contest');
    const created = (await expectOk('GET', '/contests', adminApi)) as unknown as {
      title: string;
      startTime: string;
      endTime: string;
    }[];
    const mine = created.find((c) => c.title === `Duration Cup ${RUN_ID}`)!;
    expect(Date.parse(mine.endTime) - Date.parse(mine.startTime)).toBe(90 * 60_000);
    const phone = await openSession(PHONE);
    try {
      await submitSignIn(phone.page, ADMIN);
      await phone.page.waitForURL('**/dashboard');
      await phone.page.goto('/admin/contests');
      await phone.page.getByRole('link', { name: CONTEST_TITLE, exact: true }).waitFor();
      await noSidewaysScroll(phone.page);
      await screenshot(phone.page, 'screens-10-admin-contests-375');
    } finally {
      await phone.close();
    }
  });
});

/** In the browser: a practice submit of C that earns its small subtask, 50 / 100, seen at 1280 and 375 px. */
async function partialScoreInBrowser(page: Page): Promise<string[]> {
  await page.goto(`/problems/${cId}`);
  await page.getByRole('heading', { name: C_TITLE }).waitFor();
  await page.getByText('Ready').first().waitFor();
  await pasteInMonaco(page, PARTIAL);
  await page.getByRole('button', { name: 'Submit Solution' }).click();
  const result = page.getByTestId('submission-result');
  await result.filter({ hasText: 'Partial — 50 / 100' }).waitFor({ timeout: 90_000 });
  expect(await result.getAttribute('data-tone')).toBe('partial');
  await page.waitForLoadState('networkidle');
  const violations = await axeSerious(page);
  await screenshot(page, 'screens-11a-partial');
  await page.setViewportSize(PHONE);
  await noSidewaysScroll(page);
  // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'screens-11b-partial-375');
  await page.setViewportSize(DESKTOP);
  return violations;
}

/** The profile's numbers: each the sum of what the page lists (issue 45). */
async function profileAgrees(page: Page, want: Awaited<ReturnType<typeof apiNumbers>>): Promise<void> {
  await page.goto('/profile');
  await expect
    .poll(() => page.getByTestId('profile-Problems Solved').innerText(), { timeout: 15_000 })
    .toBe(String(want.solved));
  expect(await page.getByTestId('profile-Total Score').innerText()).toBe(String(want.score));
  expect(await page.getByTestId('profile-score-parts').innerText()).toBe(
    `${want.solvedScore} from solved problems + ${want.partialScore} partial`,
  );
  expect(await page.getByTestId('profile-acceptance').innerText()).toBe(want.acceptance);
  // Recent Activity: one line per solved problem; its practice points and the partial make up Total Score.
  const items = page.getByTestId('activity-item');
  await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(want.solved);
  const practice = await items.filter({ hasText: B_TITLE }).innerText();
  expect(practice).toContain(`${want.solvedScore} pts`);
  expect(practice).not.toContain('contest pts');
  const contest = await items.filter({ hasText: A_TITLE }).innerText();
  expect(contest).toContain(`in ${CONTEST_TITLE}`);
  expect(contest).toContain('10 contest pts');
  expect(await items.filter({ hasText: C_TITLE }).count()).toBe(0);
  // Recent Submissions: C's submit reads as the partial score it earned, not as a plain failure.
  const partial = page.getByTestId('recent-submission').filter({ hasText: C_TITLE });
  await expect.poll(() => partial.innerText(), { timeout: 15_000 }).toContain('Partial — 50 / 100');
}

describe('numbers agree after a practice solve, a contest solve and a partial score', () => {
  it('dashboard, profile, problem list and leaderboard show the same definitions', async () => {
    expect(await partialScoreInBrowser(session.page)).toEqual([]);
    const want = await apiNumbers();
    // B solved in practice (1 wrong, 1 accepted), A in the contest, C half (a partial submit): 2 problems,
    // 15 points from B + 20 partial (half of C's 40), 2 of 4 judged submissions accepted.
    expect(want).toEqual({
      solved: 2,
      score: 35,
      solvedScore: 15,
      partialScore: 20,
      acceptance: '50%',
      solvedIds: [aId, bId].sort(),
    });
    const activity = (await expectOk('GET', '/profiles/me/activity', ada.token)) as unknown as {
      problemId: string;
      points: number;
      contestTitle: string | null;
    }[];
    expect(activity).toEqual([
      expect.objectContaining({ problemId: aId, contestTitle: CONTEST_TITLE }),
      expect.objectContaining({ problemId: bId, points: 15, contestTitle: null }),
    ]);
    for (const viewport of [DESKTOP, PHONE]) {
      const s = viewport === DESKTOP ? session : await openSession(PHONE);
      const page = s.page;
      const tag = viewport === DESKTOP ? '' : '-375';
      try {
        if (viewport === PHONE) {
          await submitSignIn(page, ada);
          await page.waitForURL('**/dashboard');
        }
        await page.goto('/dashboard');
        await expect
          .poll(() => page.getByTestId('dashboard-Problems Solved').innerText(), { timeout: 15_000 })
          .toBe(String(want.solved));
        expect(await page.getByTestId('dashboard-Total Score').innerText()).toBe(String(want.score));
        expect(await page.getByTestId('dashboard-acceptance').innerText()).toBe(want.acceptance);
        await screenshot(page, `screens-11-dashboard${tag}`);

        await profileAgrees(page, want);
        await noSidewaysScroll(page);
        await screenshot(page, `screens-12-profile${tag}`);

        await page.goto('/leaderboard');
        const row = page.getByTestId('leaderboard-row').filter({ hasText: `@${ada.username}` });
        await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(`${want.score} points`);
        expect(await row.getByTestId('leaderboard-numbers').innerText()).toBe(
          `${want.solved} solved · ${want.acceptance} acceptance`,
        );
        await noSidewaysScroll(page);
        await screenshot(page, `screens-13-leaderboard${tag}`);

        // The problem list: B was judged twice (1 accepted), A once in the contest (accepted); A and B
        // are marked Solved (a contest solve too), C's partial is not a solve.
        await page.goto('/problems');
        await page.getByLabel('Search problems').fill(RUN_ID);
        const cardOf = (title: string) => page.getByRole('article', { name: title });
        await expect.poll(() => cardOf(B_TITLE).innerText(), { timeout: 15_000 }).toContain('50% accepted');
        expect(await cardOf(A_TITLE).innerText()).toContain('100% accepted');
        const solvedMark = page.getByText('Solved', { exact: true });
        await expect.poll(() => cardOf(C_TITLE).count(), { timeout: 15_000 }).toBe(1);
        expect(await cardOf(C_TITLE).filter({ has: solvedMark }).count()).toBe(0);
        expect(await page.getByRole('article').filter({ has: solvedMark }).count()).toBe(want.solved);
        for (const title of [A_TITLE, B_TITLE])
          expect(await cardOf(title).filter({ has: solvedMark }).count()).toBe(1);
        await noSidewaysScroll(page);
        await screenshot(page, `screens-14-problems${tag}`);
      } finally {
        if (viewport === PHONE) await s.close();
      }
    }
  });
});

describe('accounts', () => {
  it('sign-up shows every field problem at once, then names the address; an unverified sign-in resends in place', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const s = await openSession(viewport);
      const page = s.page;
      const tag = viewport === DESKTOP ? '' : '-375';
      try {
        await page.goto('/signup');
        await page.getByText('At least 6 characters').waitFor();
        await page.getByLabel('Email').fill('not-an-email');
        await page.getByLabel('Password', { exact: true }).fill('abc');
        await page.getByRole('button', { name: 'Sign Up' }).click();
        await page.getByRole('alert').filter({ hasText: 'Please fix the 5 highlighted fields' }).waitFor();
        expect(await page.locator('.field-error').count()).toBe(5);
        await screenshot(page, `screens-15-signup-errors${tag}`);

        const email = `e2e-unverified${tag.replace('-', '')}-${RUN_ID}@javelin.test`;
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Username').fill(`unv${tag.replace('-', '')}${RUN_ID}`);
        // Display names are unique (issue 47): each width signs up a name of its own.
        await page.getByLabel('Full Name').fill(`Una Verified ${RUN_ID}${tag}`);
        await page.getByLabel('Password', { exact: true }).fill('unverified-password');
        await page.getByLabel('Confirm Password', { exact: true }).fill('unverified-password');
        await page.getByRole('button', { name: 'Sign Up' }).click();
        await page.getByText(`We sent a verification link to ${email}.`).waitFor();
        expect(await page.getByRole('form', { name: 'Sign up' }).count()).toBe(0);
        await screenshot(page, `screens-16-signup-sent${tag}`);

        await page.getByRole('link', { name: 'Back to sign in' }).click();
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill('unverified-password');
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page
          .getByRole('alert')
          .filter({ hasText: 'Please verify your email before logging in' })
          .waitFor();
        const since = Date.now();
        await page.getByRole('button', { name: 'Resend verification email' }).click();
        await page.getByText(`A new verification link was sent to ${email}.`).waitFor();
        await newestMailTo(email, since);
        await screenshot(page, `screens-17-resend-in-place${tag}`);
      } finally {
        await s.close();
      }
    }
  });

  it('a signed-out visit to /profile comes back to /profile after sign-in', async () => {
    const s = await openSession(DESKTOP);
    try {
      await s.page.goto('/profile');
      await s.page.waitForURL('**/auth');
      await s.page.getByLabel('Email').fill(ada.email);
      await s.page.getByLabel('Password', { exact: true }).fill(ada.password);
      await s.page.getByRole('button', { name: 'Sign In' }).click();
      await s.page.waitForURL('**/profile');
      await s.page.getByTestId('profile-Problems Solved').waitFor();
    } finally {
      await s.close();
    }
  });
});

describe('titles and accessibility', () => {
  it("titles every page '<page> · Javelin', the access-denied page too", async () => {
    const page = session.page;
    const expected: [string, string][] = [
      ['/', 'Home · Javelin'],
      ['/problems', 'Problems · Javelin'],
      [`/problems/${aId}`, `${A_TITLE} · Javelin`],
      ['/contests', 'Contests · Javelin'],
      [contestPath, `${CONTEST_TITLE} · Javelin`],
      ['/leaderboard', 'Leaderboard · Javelin'],
      ['/profile', 'Profile · Javelin'],
      ['/admin/contests', 'Access Denied · Javelin'],
    ];
    for (const [path, title] of expected) {
      await page.goto(path);
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
      // The title comes before the session has loaded: let it load before leaving the page.
      await signedIn(page);
    }
  });

  it("the admin problems table: no serious or critical axe-core violation; at 375 px each row's actions on screen", async () => {
    const page = admin.page;
    await page.goto('/admin/problems');
    const row = page.getByTestId('admin-problem-row').filter({ hasText: C_TITLE });
    await row.waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'screens-18-admin-problems');
    await page.setViewportSize(PHONE);
    try {
      await noSidewaysScroll(page);
      const remove = row.getByRole('button', { name: `Delete ${C_TITLE}` });
      await remove.scrollIntoViewIfNeeded();
      const box = (await remove.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, 'screens-18-admin-problems-375');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('finds no serious or critical axe-core violations on home, problems, problem, contest, leaderboard and profile', async () => {
    const page = session.page;
    const found: Record<string, string[]> = {};
    for (const [path, ready] of [
      ['/', 'h1'],
      ['/problems', 'h1'],
      [`/problems/${aId}`, '.monaco-editor'],
      [contestPath, '#contest-results'],
      ['/leaderboard', '[data-testid="leaderboard-row"]'],
      ['/profile', '[data-testid="profile-acceptance"]'],
    ] as const) {
      await page.goto(path);
      await signedIn(page);
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const violations = await axeSerious(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  });
});
