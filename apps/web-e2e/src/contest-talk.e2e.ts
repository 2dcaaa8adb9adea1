import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeSessions, screenshot, type Session } from './support/browser';
import { signedInSession } from './support/accounts';
import { ADMIN, RUN_ID } from './support/config';
import { account, adminToken, api, expectOk, solveInContest, type Account } from './support/api';
import { createContest, createProblem, joinContest } from './support/setup';
import { requireStack } from './support/stack';

/*
 * Issue 21 in a real browser against the running stack: an admin's announcement reaches an open
 * contest page as a toast and stays listed; a participant asks a clarification, the admin sees it
 * live and answers privately, and the answer reaches the asker live. After the contest, the admin
 * runs the plagiarism report and compares the planted pair side by side. Setup (problem, contest,
 * accounts, accepted submissions) goes through the API; everything the issue is about, through pages.
 */

const PROBLEM_TITLE = `E2E Digit sum ${RUN_ID}`;
const CONTEST_TITLE = `E2E Clarified ${RUN_ID}`;
/** The contest starts this long after it is created, leaving time to join while it is upcoming. */
const START_DELAY_MS = 15_000;
const BOILERPLATE = `import java.util.*;

public class Main {
    public static int digitSum(int n) {
        // Write your solution here
        return 0;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        System.out.println(digitSum(n));
    }
}
`;
const ORIGINAL = `import java.util.*;

public class Main {
    static int digitOf(int value, int place) {
        return (value / place) % 10;
    }

    public static int digitSum(int n) {
        int total = 0;
        int place = 1;
        int remaining = Math.abs(n);
        while (place <= remaining) {
            total += digitOf(remaining, place);
            if (place > Integer.MAX_VALUE / 10) break;
            place *= 10;
        }
        return total;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        System.out.println(digitSum(n));
    }
}
`;
/** ORIGINAL with its names changed and a comment added: what the report must find. */
const COPY = ORIGINAL.replace(/\bdigitOf\b/g, 'pickDigit')
  .replace(/\btotal\b/g, 'acc')
  .replace(/\bplace\b/g, 'unit')
  .replace(/\bremaining\b/g, 'rest')
  .replace(/\bvalue\b/g, 'v')
  .replace('public class Main {', '// all my own work\npublic class Main {');

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

let adminPage: Session;
let askerPage: Session;
let token = '';
let asker: Account;
let copier: Account;
let problemId = '';
let contestId = '';

beforeAll(async () => {
  await requireStack();
  token = await adminToken();
  problemId = await createProblem(token, {
    title: PROBLEM_TITLE,
    description: 'Return the sum of the decimal digits of n.',
    constraints: '0 <= n <= 10^9',
    difficulty: 'easy',
    points: 20,
    inputVariables: [{ id: 'n', name: 'n', type: 'int', description: 'the number' }],
    testCases: [
      { inputs: { n: '123' }, expectedOutput: '6', isExample: true },
      { inputs: { n: '0' }, expectedOutput: '0', isExample: false },
      { inputs: { n: '9999' }, expectedOutput: '36', isExample: false },
    ],
    functionName: 'digitSum',
    returnType: 'int',
    boilerplateCode: BOILERPLATE,
    tags: ['e2e'],
    isVisible: false,
  });
  contestId = await createContest(token, {
    title: CONTEST_TITLE,
    description: 'Announcements, clarifications and a plagiarism report.',
    startAt: Date.now() + START_DELAY_MS,
    endAt: Date.now() + 3_600_000,
    problemIds: [problemId],
  });
  [asker, copier] = [await account('asker'), await account('copier')];
  await joinContest(contestId, asker, copier);
  adminPage = await signedInSession(ADMIN);
  askerPage = await signedInSession(asker);
});

afterAll(() => closeSessions(adminPage, askerPage));

describe('announcements', () => {
  it('the admin and a participant open the contest page once it starts', async () => {
    await expect
      .poll(async () => (await api('GET', `/contests/${contestId}`)).body.status, {
        timeout: START_DELAY_MS + 30_000,
      })
      .toBe('active');
    for (const s of [adminPage, askerPage]) {
      // The contest stream answers its headers once it is subscribed to the contest's events.
      const streamOpen = s.page.waitForResponse(
        (r) => r.url().includes(`/contests/${contestId}/leaderboard/stream`) && r.ok(),
      );
      await s.page.goto(`/contests/${contestId}`);
      await streamOpen;
      await s.page.getByRole('heading', { name: CONTEST_TITLE }).waitFor();
      await s.page.getByRole('heading', { name: 'Contest Leaderboard' }).waitFor();
    }
  });

  it('an admin posts one and it appears as a toast on the open contest page, then stays listed', async () => {
    const text = `Problem 1: n may be 0 (${RUN_ID}).`;
    await adminPage.page.getByLabel('New announcement').fill(text);
    const sentAt = Date.now();
    await adminPage.page.getByRole('button', { name: 'Post Announcement' }).click();
    await expect.poll(() => toasts(askerPage.page).innerText(), { timeout: 10_000 }).toContain(text);
    console.log(`announcement toast on the participant's page ${Date.now() - sentAt} ms after the click`);
    expect(await toasts(askerPage.page).innerText()).toContain('Announcement');
    await screenshot(askerPage.page, 'clar-01-announcement-toast');
    await askerPage.page.reload();
    await askerPage.page.getByRole('list', { name: 'Announcements' }).getByText(text).waitFor();
  });
});

describe('clarifications', () => {
  const question = `May n be negative? (${RUN_ID})`;
  const answer = 'No: 0 <= n, as the constraints say.';

  it('a participant asks about the problem and the admin sees the open question live', async () => {
    const page = askerPage.page;
    await page.getByLabel('About').selectOption({ label: PROBLEM_TITLE });
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Ask Question' }).click();
    await expect.poll(() => toasts(page).innerText()).toContain('Question sent');
    const mine = page.getByTestId('clarification').filter({ hasText: question });
    await mine.getByText('Awaiting answer').waitFor();

    await expect.poll(() => toasts(adminPage.page).innerText(), { timeout: 10_000 }).toContain(question);
    expect(await toasts(adminPage.page).innerText()).toContain('New question');
    const open = adminPage.page.getByTestId('clarification').filter({ hasText: question });
    await open.getByText(`@${asker.username}`).waitFor();
    await adminPage.page.getByText('1 open').waitFor();
    await screenshot(adminPage.page, 'clar-02-admin-open-question');
  });

  it('the admin answers privately and the answer reaches the asker live', async () => {
    const open = adminPage.page.getByTestId('clarification').filter({ hasText: question });
    await open.getByRole('textbox').fill(answer);
    await open.getByRole('button', { name: 'Answer Privately' }).click();
    await open.getByText('Answered privately').waitFor();

    const page = askerPage.page;
    await expect
      .poll(() => toasts(page).innerText(), { timeout: 10_000 })
      .toContain('Your question was answered');
    const mine = page.getByTestId('clarification').filter({ hasText: question });
    await mine.getByText(answer).waitFor();
    await mine.getByText('Answered privately').waitFor();
    await screenshot(page, 'clar-03-answer-reached-asker');
    await page.setViewportSize({ width: 375, height: 812 });
    await mine.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'clar-04-contest-page-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A private answer is not listed for another participant.
    const theirs = await api('GET', `/contests/${contestId}/clarifications`, copier.token);
    expect(JSON.stringify(theirs.body)).not.toContain(answer);
  });
});

describe('plagiarism report', () => {
  it('after the contest, the admin runs the check and compares the planted pair side by side', async () => {
    await solveInContest(asker, problemId, contestId, ORIGINAL);
    await solveInContest(copier, problemId, contestId, COPY);
    await expectOk('POST', `/contests/${contestId}/complete`, token);

    const page = adminPage.page;
    await page.goto('/admin/contests');
    await page.getByRole('link', { name: `Plagiarism report of ${CONTEST_TITLE}` }).click();
    await page.getByRole('heading', { name: 'Plagiarism Report' }).waitFor();
    await page.getByRole('button', { name: 'Run Check' }).click();
    await expect.poll(() => toasts(page).innerText()).toContain('Plagiarism check started');
    const pair = page.getByTestId('plagiarism-pair');
    await pair.first().waitFor({ timeout: 60_000 });
    expect(await pair.count()).toBe(1);
    expect(await pair.innerText()).toContain(`@${asker.username}`);
    expect(await pair.innerText()).toContain(`@${copier.username}`);
    await pair.getByRole('button', { name: 'Compare' }).click();
    const a = page.getByRole('figure', { name: 'Solution A' });
    const b = page.getByRole('figure', { name: 'Solution B' });
    await a.waitFor();
    expect(await a.locator('mark.frag').count()).toBeGreaterThan(0);
    expect(await b.locator('mark.frag').count()).toBeGreaterThan(0);
    expect(await page.getByRole('figure').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('pickDigit'), expect.stringContaining('digitOf')]),
    );
    await screenshot(page, 'clar-05-plagiarism-pair');
    await page.setViewportSize({ width: 375, height: 812 });
    // The code panes and the table scroll inside themselves; the page itself does not scroll sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'clar-06-plagiarism-375');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
