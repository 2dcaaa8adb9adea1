import type { Page } from 'playwright-core';
import { openSession, screenshot } from './browser';
import { ADMIN, RUN_ID } from './config';
import { linkIn, newestMailTo } from './mail';

/** What the sign-in form asks for: the super admin, an Account or a journey's own user. */
export interface Credentials {
  email: string;
  password: string;
}

/** A user as the sign-up form takes them. */
export interface NewUser extends Credentials {
  username: string;
  fullName: string;
}

/**
 * A user for the sign-up form, this run's own: `e2e-<name>-<run>@javelin.test`, username `<name><run>`,
 * full name `<fullName> <run>`.
 */
export const newUser = (name: string, fullName: string): NewUser => ({
  email: `e2e-${name}-${RUN_ID}@javelin.test`,
  username: `${name}${RUN_ID}`,
  fullName: `${fullName} ${RUN_ID}`,
  password: 'e2e-user-password',
});

/** Fills and sends the sign-in form; the caller waits for where it lands. */
export async function submitSignIn(page: Page, user: Credentials): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the form and waits for the dashboard. */
export async function signIn(page: Page, user: Credentials): Promise<void> {
  await submitSignIn(page, user);
  await page.waitForURL('**/dashboard');
}

/** A browser session (at `viewport`, when given) signed in as `user` through the form. */
export async function signedInSession(user: Credentials, viewport?: { width: number; height: number }) {
  const session = await openSession(viewport);
  await signIn(session.page, user);
  return session;
}

/**
 * Signs up through /signup, is asked to verify, and follows the mailed link until the email is
 * verified; `formScreenshot` names a screenshot of the filled form, taken before it is sent.
 */
export async function signUpAndVerify(page: Page, user: NewUser, formScreenshot?: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Full Name').fill(user.fullName);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(user.password);
  if (formScreenshot) await screenshot(page, formScreenshot);
  const sentAfter = Date.now();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText('Please check your email and click the verification link').waitFor();
  await page.goto(linkIn(await newestMailTo(user.email, sentAfter), '/verify-email?token='));
  await page.getByText('Email verified successfully!').waitFor();
}

/**
 * Fills /admin-setup (already open) with the journeys' super admin and sends it; `formScreenshot`
 * names a screenshot of the filled form. Returns what the page answered: the success status, or the
 * alert when a super admin already exists (the journeys share one; whichever file runs first creates it).
 */
export async function submitAdminSetup(page: Page, formScreenshot?: string): Promise<string> {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Full Name').fill(ADMIN.fullName);
  if (formScreenshot) await screenshot(page, formScreenshot);
  await page.getByRole('button', { name: 'Create Super Admin' }).click();
  const outcome = page
    .getByRole('status')
    .filter({ hasText: 'Super Admin created successfully!' })
    .or(page.getByRole('alert'))
    .first();
  await outcome.waitFor();
  return outcome.innerText();
}
