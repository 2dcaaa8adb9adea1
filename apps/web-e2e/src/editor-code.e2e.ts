import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInSession } from './support/accounts';
import { account, adminToken } from './support/api';
import {
  closeSessions,
  retypeLineInMonaco,
  selectLineInMonaco,
  submissionResult,
  type Session,
} from './support/browser';
import { RUN_ID } from './support/config';
import { twoIntProblem, twoIntTests } from './support/problems';
import { createProblem } from './support/setup';
import { requireStack } from './support/stack';

/*
 * Whatever the user last typed is what Run and Submit send (the re-solve journey once saw a compile
 * error submitted after a retype). Every code the page sends to /api/execute-code is read off the
 * request itself, in real Chromium against the real judge: typed and sent at once by Ctrl+Enter,
 * Ctrl+Shift+Enter and the Submit button, typed while a run is pending and submitted when it ends, typed
 * right after a reload restores the draft; and View Solution's accepted code, over a draft, is what runs.
 */

const TITLE = `Editor code ${RUN_ID}`;
let session: Session;
let page: Page;
/** The code of each execute-code request, in order, and whether it was a submit. */
const sent: { submit: boolean; code: string }[] = [];
/** The line shown where `return ...;` of addNumbers is, changed by each step. */
let line = 'return 0;';

/** The `return` line of the code last sent. */
function lastSentLine(): string | undefined {
  return sent
    .at(-1)
    ?.code.split('\n')
    .find((l) => l.includes('return a') || l.includes('return 0'))
    ?.trim();
}

/**
 * Types `replacement` over the current line and changes nothing else: no wait between the last key and
 * whatever the caller presses next (retypeLineInMonaco waits for the screen to show it).
 */
async function typeOver(replacement: string): Promise<void> {
  await selectLineInMonaco(page, page.locator('.monaco-editor .view-line', { hasText: line }).first(), line);
  await page.keyboard.type(replacement);
  line = replacement;
}

const statusReady = () =>
  expect.poll(() => page.getByTestId('solver-status').innerText(), { timeout: 90_000 }).toContain('Ready');

/** Sends with `send` and waits until the request left and its judgement came back. */
async function sendAndWait(send: () => Promise<void>, submit: boolean): Promise<void> {
  const before = sent.length;
  await send();
  await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(before + 1);
  expect(sent.at(-1)!.submit).toBe(submit);
  if (submit) await submissionResult(page);
  else await page.getByRole('heading', { name: 'Test Results' }).waitFor({ timeout: 90_000 });
  await statusReady();
}

beforeAll(async () => {
  await requireStack();
  const admin = await adminToken();
  const problemId = await createProblem(
    admin,
    twoIntProblem({
      title: TITLE,
      description: 'Add a and b.',
      points: 10,
      functionName: 'addNumbers',
      testCases: twoIntTests((a, b) => a + b),
    }),
  );
  session = await signedInSession(await account('editorcode'));
  page = session.page;
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith('/api/execute-code')) return;
    const body = request.postDataJSON() as { code: string; runAllTestCases: boolean };
    sent.push({ submit: body.runAllTestCases, code: body.code });
  });
  await page.goto(`/problems/${problemId}`);
  await page.getByText('public static int addNumbers(int a, int b)').first().waitFor({ timeout: 30_000 });
});

afterAll(() => closeSessions(session));

describe('Run and Submit send what the user last typed', () => {
  it('typed and run at once with Ctrl+Enter', async () => {
    await sendAndWait(async () => {
      await typeOver('return a + b + 1 - 1;');
      await page.keyboard.press('Control+Enter');
    }, false);
    expect(lastSentLine()).toBe('return a + b + 1 - 1;');
  });

  it('typed and submitted at once with Ctrl+Shift+Enter', async () => {
    await sendAndWait(async () => {
      await typeOver('return a + b + 2 - 2;');
      await page.keyboard.press('Control+Shift+Enter');
    }, true);
    expect(lastSentLine()).toBe('return a + b + 2 - 2;');
  });

  it('typed and submitted at once with the Submit Solution button', async () => {
    await sendAndWait(async () => {
      await typeOver('return a + b + 3 - 3;');
      await page.getByRole('button', { name: 'Submit Solution' }).click();
    }, true);
    expect(lastSentLine()).toBe('return a + b + 3 - 3;');
  });

  it('typed after a compile error and submitted with the shortcut (the re-solve journey)', async () => {
    await sendAndWait(async () => {
      await typeOver('return a + ;');
      await page.keyboard.press('Control+Enter');
    }, false);
    await page.getByTestId('compile-error').waitFor();
    await page.locator('.monaco-editor .squiggly-error').first().waitFor();
    await sendAndWait(async () => {
      await typeOver('return a + b + 4 - 4;');
      await page.keyboard.press('Control+Shift+Enter');
    }, true);
    expect(lastSentLine()).toBe('return a + b + 4 - 4;');
    expect(await submissionResult(page)).toContain('Congratulations!');
  });

  it('typed while a run is pending, then submitted with the shortcut once it is judged', async () => {
    const before = sent.length;
    await typeOver('return a + b + 5 - 5;');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(before + 1);
    // The run is in flight: what is typed now is not what it judges, but what the submit after it sends.
    await retypeLineInMonaco(page, line, 'return a + b + 6 - 6;');
    line = 'return a + b + 6 - 6;';
    await page.getByRole('heading', { name: 'Test Results' }).waitFor({ timeout: 90_000 });
    await statusReady();
    await sendAndWait(() => page.keyboard.press('Control+Shift+Enter'), true);
    expect(sent.at(-2)!.code).toContain('return a + b + 5 - 5;');
    expect(lastSentLine()).toBe('return a + b + 6 - 6;');
  });

  it('typed right after a reload restored the draft, and run at once', async () => {
    await page.reload();
    await page.locator('.monaco-editor .view-line', { hasText: line }).first().waitFor({ timeout: 30_000 });
    await sendAndWait(async () => {
      await typeOver('return a + b + 7 - 7;');
      await page.keyboard.press('Control+Enter');
    }, false);
    expect(lastSentLine()).toBe('return a + b + 7 - 7;');
  });

  it("View Solution puts the latest accepted code over a different draft, and Run sends it", async () => {
    // The draft holds 7 - 7 (never submitted); the latest accepted submit holds 6 - 6. Through the app's
    // own link, so the problem and Monaco are already loaded: the editor opens empty and the draft is set.
    await page.getByRole('navigation').getByRole('link', { name: 'Problems', exact: true }).first().click();
    await page.getByLabel('Search problems').fill(RUN_ID);
    await page.getByRole('article', { name: TITLE }).getByRole('link', { name: 'View Solution' }).click();
    await page.locator('.monaco-editor .view-line', { hasText: 'return a + b + 6 - 6;' }).first().waitFor();
    expect(await page.locator('.monaco-editor .view-line', { hasText: 'return a + b + 7 - 7;' }).count()).toBe(0);
    line = 'return a + b + 6 - 6;';
    await sendAndWait(async () => {
      await selectLineInMonaco(page, page.locator('.monaco-editor .view-line', { hasText: line }).first(), line);
      await page.keyboard.press('Control+Enter');
    }, false);
    expect(lastSentLine()).toBe('return a + b + 6 - 6;');
  });
});
