import type { Locator, Page } from 'playwright-core';
import { expectToast, localDateTime, screenshot } from './browser';

/** Opens the admin's New Contest dialog on /admin/contests and returns it. */
export async function openNewContest(page: Page): Promise<Locator> {
  await page.goto('/admin/contests');
  await page.getByRole('button', { name: 'New Contest' }).click();
  return page.getByRole('dialog', { name: 'New Contest' });
}

/** Fills the dialog's title, description and times (each in the browser's own time zone). */
export async function fillNewContest(
  dialog: Locator,
  contest: { title: string; description: string; start: Date; end: Date },
): Promise<void> {
  await dialog.getByLabel('Title').fill(contest.title);
  await dialog.getByLabel('Description').fill(contest.description);
  await dialog.getByLabel('Start Time').fill(localDateTime(contest.start));
  await dialog.getByLabel('End Time').fill(localDateTime(contest.end));
}

/** Takes the screenshot `name` of the filled dialog, creates the contest and waits for the toast. */
export async function createFromDialog(page: Page, dialog: Locator, name: string): Promise<void> {
  await screenshot(page, name);
  await dialog.getByRole('button', { name: 'Create Contest' }).click();
  await expectToast(page, 'Contest created successfully');
}

/** The admin completes the contest from its card on /admin/contests. */
export async function completeContest(page: Page, title: string): Promise<void> {
  await page.goto('/admin/contests');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Complete' }).click();
  await expectToast(page, 'Contest completed');
}
