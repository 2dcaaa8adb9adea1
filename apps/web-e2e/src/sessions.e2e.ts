import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/accounts';
import { account, adminToken, api, expectOk, type Account } from './support/api';
import { closeSessions, openSession, type Session } from './support/browser';
import { requireStack } from './support/stack';

/*
 * Issue 28: sessions that end. Logout ends the session on the server, not only in this browser; a
 * session ended elsewhere (a logout on another device, an admin removing a role) sends this browser
 * to /auth at its next call, with its token removed (the spec's 401 behaviour).
 */

let browser: Session;
let user: Account;

const storedToken = () => browser.page.evaluate(() => localStorage.getItem('authToken'));
const me = async (token: string) => (await api('GET', '/auth/me', token)).status;
/** A session of the same account on another device. */
const otherDevice = async () =>
  (await expectOk('POST', '/auth/login', undefined, { email: user.email, password: user.password }))
    .token as string;

beforeAll(async () => {
  await requireStack();
  user = await account('sessions');
  browser = await openSession();
});

afterAll(() => closeSessions(browser));

describe('sessions that end', () => {
  it('Logout ends the session on the server: its token, and the account’s others, get 401', async () => {
    const page = browser.page;
    await signIn(page, user);
    const token = await storedToken();
    expect(token).toBeTruthy();
    const elsewhere = await otherDevice();
    expect(await me(token!)).toBe(200);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/auth');
    expect(await storedToken()).toBeNull();
    expect(await me(token!)).toBe(401);
    expect(await me(elsewhere)).toBe(401);
  });

  it('a logout on another device sends this browser to /auth at its next call', async () => {
    const page = browser.page;
    await signIn(page, user);
    await expectOk('POST', '/auth/logout', await otherDevice());
    await page.goto('/profile');
    await page.waitForURL('**/auth');
    expect(await storedToken()).toBeNull();
  });

  it('an admin removing a role ends its holder’s session in the browser', async () => {
    const page = browser.page;
    const admin = await adminToken();
    const { user: profile } = (await expectOk('GET', '/auth/me', await otherDevice())) as {
      user: { id: string };
    };
    await expectOk('POST', '/admin/users', admin, { userId: profile.id, role: 'admin' });
    await signIn(page, user);
    await page.goto('/admin/problems');
    await page.getByRole('heading', { name: 'Problem Management' }).waitFor();
    await expectOk('DELETE', `/admin/users/${profile.id}`, admin);
    await page.goto('/profile');
    await page.waitForURL('**/auth');
    expect(await storedToken()).toBeNull();
  });
});
