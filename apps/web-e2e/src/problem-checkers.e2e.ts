import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  closeSessions,
  expectToast,
  openSession,
  pasteInMonaco,
  screenshot,
  type Session,
} from './support/browser';
import { newUser, signIn, signUpAndVerify, submitAdminSetup } from './support/accounts';
import { ADMIN, ARTIFACTS_DIR, RUN_ID } from './support/config';
import { requireStack } from './support/stack';

/*
 * Issue 18 in a real browser against the running stack: an admin creates a problem returning int[]
 * judged by the 'unordered' checker, catches a wrong expected output with 'Validate tests', fixes it
 * with 'Compute expected' from the reference solution, and saves; a new user reads how the output is
 * judged and solves it with the indices in the other order.
 */

const TITLE = `E2E Pair ${RUN_ID}`;
const USER = newUser('pair', 'Pair User');
/** The stub the generated boilerplate has for an int[] function. */
const STUB = '        // Write your code here\n        return new int[0];';
/** The reference: the smaller index first. */
const REFERENCE_BODY = `        for (int i = 0; i < nums.length; i++)
            for (int j = i + 1; j < nums.length; j++)
                if (nums[i] + nums[j] == target) return new int[] { i, j };
        return new int[0];`;
/** The user's answer: the larger index first, right only because the checker is 'unordered'. */
const USER_BODY = `        for (int i = nums.length - 1; i >= 0; i--)
            for (int j = i - 1; j >= 0; j--)
                if (nums[i] + nums[j] == target) return new int[] { i, j };
        return new int[0];`;
const UNORDERED_SENTENCE =
  'Your answer may list its values in any order: neither the order of the lines nor the order of the values within a line matters.';

let admin: Session;
let user: Session;
let boilerplate = '';

/** Desktop and 375 px screenshots of the page as it is now. */
async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-desktop`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, `${name}-375`);
  if (size) await page.setViewportSize(size);
}

beforeAll(async () => {
  await requireStack();
  [admin, user] = [await openSession(), await openSession()];
});

afterAll(() => closeSessions(admin, user));

describe('an admin authors a problem returning int[] with the unordered checker', () => {
  it('signs in as the super admin (creating it through /admin-setup when this file runs alone)', async () => {
    const page = admin.page;
    await page.goto('/admin-setup');
    await submitAdminSetup(page);
    await signIn(page, ADMIN);
  });

  it('fills the form: int[] everywhere, values checked by type as they are typed', async () => {
    const page = admin.page;
    await page.goto('/admin/problems');
    await page.getByRole('tab', { name: 'Create/Edit Problem' }).click();
    await page.getByLabel('Title *').fill(TITLE);
    await page
      .getByLabel('Description *')
      .fill('Return the indices of the two numbers of nums that add up to target, in any order.');
    await page.getByLabel('Function Name *').fill('twoSum');
    await page.getByLabel('Return Type').selectOption('int[]');
    await page.getByLabel('Tags (comma separated)').fill('arrays, e2e');
    for (const [i, [name, type]] of [
      ['nums', 'int[]'],
      ['target', 'int'],
    ].entries()) {
      await page.getByRole('button', { name: 'Add Variable' }).click();
      await page.getByLabel(`Variable ${i + 1} name`).fill(name);
      await page.getByLabel(`Variable ${i + 1} type`).selectOption(type);
    }
    // The second test's expected output is wrong on purpose: the reference will catch it.
    const cases = [
      { nums: '[2,7,11,15]', target: '9', out: '0 1', example: true },
      { nums: '[3,2,4]', target: '6', out: '0 2', example: true },
      { nums: '[-1,-2,-3,-4,-5]', target: '-8', out: '2 4', example: false },
    ];
    for (const [i, tc] of cases.entries()) {
      await page.getByRole('button', { name: 'Add Test Case' }).click();
      const form = page.getByTestId('test-case-form').nth(i);
      await form.getByLabel('nums (int[])').fill(tc.nums);
      await form.getByLabel('target (int)').fill(tc.target);
      await form.getByLabel('Expected Output').fill(tc.out);
      if (!tc.example) await form.getByLabel('Example (visible to users)').uncheck();
    }
    const first = page.getByTestId('test-case-form').first().getByLabel('nums (int[])');
    await first.fill('[2,7,x]');
    await page.getByText('nums (int[]): [2]: "x" is not a 32-bit integer').waitFor();
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    await first.fill('[2,7,11,15]');
    expect(await first.getAttribute('aria-invalid')).toBe('false');

    await page.getByRole('button', { name: 'Generate Code' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Boilerplate code' }).inputValue())
      .toContain('public static int[] twoSum(int[] nums, int target)');
    boilerplate = await page.getByRole('textbox', { name: 'Boilerplate code' }).inputValue();
    expect(boilerplate).toContain(STUB);
    await page.getByLabel('Output Checker').selectOption('unordered');
    await expect.poll(() => page.getByTestId('checker-preview').innerText()).toContain(UNORDERED_SENTENCE);
    await page
      .getByLabel('Reference Solution (Java, admins only)')
      .fill(boilerplate.replace(STUB, REFERENCE_BODY));
  });

  it("'Validate tests' runs the reference through the judge and lists the broken test", async () => {
    const page = admin.page;
    await page.getByRole('button', { name: 'Validate tests' }).click();
    const report = page.getByTestId('validation-report');
    await expect.poll(() => report.innerText(), { timeout: 90_000 }).toContain('fails 1 of 3 tests');
    const failures = page.getByTestId('validation-failure');
    expect(await failures.count()).toBe(1);
    expect(await failures.first().innerText()).toContain(
      'Test Case 2: expected 0 2, the reference printed 1 2',
    );
    await report.scrollIntoViewIfNeeded();
    await bothWidths(page, '18-validate-tests-mismatch');
  });

  it("'Compute expected' fills the broken test from the reference; the tests then validate and the problem saves", async () => {
    const page = admin.page;
    const second = page.getByTestId('test-case-form').nth(1);
    await page.getByRole('button', { name: 'Compute expected for test case 2' }).click();
    await expect
      .poll(() => second.getByLabel('Expected Output').inputValue(), { timeout: 90_000 })
      .toBe('1 2');
    await page.getByRole('button', { name: 'Validate tests' }).click();
    await expect
      .poll(() => page.getByTestId('validation-report').innerText(), { timeout: 90_000 })
      .toContain('The reference solution passes all 3 tests.');
    await page.getByRole('heading', { name: 'Judging' }).scrollIntoViewIfNeeded();
    await bothWidths(page, '18-judging-section');
    await page.getByRole('button', { name: 'Create Problem' }).click();
    await expectToast(page, 'Problem created successfully');
    // Issue 45: the list comes back showing the new problem, marked, in view; its actions on one line.
    const row = page.getByTestId('admin-problem-row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.getAttribute('aria-current')).toBe('true');
    await expect
      .poll(() =>
        row.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    const [edit, del] = [
      row.getByRole('button', { name: `Edit ${TITLE}` }),
      row.getByRole('button', { name: `Delete ${TITLE}` }),
    ];
    expect(Math.abs((await edit.boundingBox())!.y - (await del.boundingBox())!.y)).toBeLessThan(2);
    await bothWidths(page, '19-admin-table-saved');
    // At 375 px every action of the row is on the screen.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 800 });
    await del.scrollIntoViewIfNeeded();
    const box = (await del.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (size) await page.setViewportSize(size);
    // Edit opens the form at its top, whatever the list's scroll.
    await edit.click();
    await page.getByLabel('Title *').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('tab', { name: 'Problems List' }).click();
  });
});

describe('a user solves it with the indices in the other order', () => {
  it('signs up, verifies and signs in', async () => {
    const page = user.page;
    await signUpAndVerify(page, USER);
    await signIn(page, USER);
  });

  it('reads how the output is judged, and the signature with int[]', async () => {
    const page = user.page;
    await page.goto('/problems');
    await page.getByLabel('Search problems').fill(RUN_ID);
    await page
      .getByRole('article', { name: TITLE })
      .getByRole('link', { name: `Solve ${TITLE}`, exact: true })
      .click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByText('public static int[] twoSum(int[] nums, int target)').first().waitFor();
    const sentence = page.getByTestId('checker-sentence');
    expect(await sentence.innerText()).toBe(UNORDERED_SENTENCE);
    await page.getByRole('heading', { name: 'How Your Output Is Judged' }).scrollIntoViewIfNeeded();
    await bothWidths(page, '18-problem-page-checker');
  });

  it('submits a wrong answer first: judged up to its first failing test, the rest shown as not judged', async () => {
    const page = user.page;
    await pasteInMonaco(
      page,
      boilerplate.replace(STUB, '        return new int[] { 0, 0 };'),
      'return new int[] { 0, 0 }',
    );
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    const result = page.getByTestId('submission-result');
    await result.filter({ hasText: '0/3 test cases passed' }).waitFor({ timeout: 90_000 });
    expect(await result.innerText()).toContain('2 not judged');
    const chips = page.getByTestId('test-chip');
    await expect
      .poll(() => chips.evaluateAll((all) => all.map((c) => c.getAttribute('title'))))
      .toEqual(['wrong answer', 'Not judged', 'Not judged']);
    await chips.nth(1).click();
    expect(await page.getByTestId('test-status').innerText()).toBe('Not judged');
    // The results panel in view, at both widths (the layout changes at 375 px, so scroll again there).
    // On a desktop the editor's pane scrolls on its own, which a full-page capture would undo.
    const detail = page.getByTestId('test-result');
    await detail.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: join(ARTIFACTS_DIR, '18-not-judged-desktop.png') });
    const size = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 800 });
    await detail.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await screenshot(page, '18-not-judged-375');
    if (size) await page.setViewportSize(size);
  });

  it('submits the reversed pairs and is accepted by the judge', async () => {
    const page = user.page;
    await pasteInMonaco(page, boilerplate.replace(STUB, USER_BODY), 'nums.length - 1');
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    await page
      .getByTestId('submission-result')
      .filter({ hasText: 'Congratulations!' })
      .waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('submission-result').innerText()).toContain('3/3 test cases passed');
    await expectToast(page, 'Problem solved! You earned 10 points!');
    await screenshot(page, '18-solved');
  });
});
