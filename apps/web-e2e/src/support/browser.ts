import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { ARTIFACTS_DIR, BASE_URL, CHROMIUM_PATH } from './config';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Session {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** The machine's Chromium with a fresh profile directory; never a downloaded browser. */
export async function openSession(viewport = { width: 1280, height: 900 }): Promise<Session> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'javelin-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: BASE_URL,
    viewport,
  });
  context.setDefaultTimeout(20_000);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (err) => console.error(`[browser] ${err.message}`));
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Closes the sessions a file opened (those it got to), for its afterAll. */
export async function closeSessions(...sessions: (Session | undefined)[]): Promise<void> {
  for (const session of sessions) await session?.close();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Replace everything in the Monaco editor with `code`, as a user pasting it: a paste event keeps the
 * text verbatim, where typed text would gain auto-closed brackets and auto-indentation. Waits for the
 * first line to show; with `visibleText`, goes back to the top instead (after a long paste Monaco shows
 * only the end) and waits for the line holding it.
 */
export async function pasteInMonaco(page: Page, code: string, visibleText?: string): Promise<void> {
  const editor = page.locator('.monaco-editor').first();
  await editor.waitFor({ state: 'visible', timeout: 30_000 });
  const shown =
    visibleText !== undefined
      ? page.locator('.monaco-editor .view-line', { hasText: visibleText }).first()
      : page.locator('.monaco-editor .view-lines').filter({ hasText: code.split('\n')[0] });
  // On a loaded machine a click can land before the editor takes input, and the paste then goes
  // nowhere: paste again (the editor is emptied first each time) rather than wait for nothing.
  for (let attempt = 1; ; attempt++) {
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
    if (visibleText !== undefined) await page.keyboard.press('ControlOrMeta+Home');
    try {
      await shown.waitFor({ timeout: 15_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** How long a line must keep its place to count as still (the pane's smooth scroll moves it every frame). */
const STILL_MS = 150;

/**
 * Waits until `line` stops moving, and selects it: from its end to its first non-blank character, with
 * the cursor put there by a click. The solving page scrolls a new result into view smoothly; a click
 * while its pane still moves lands on another line (Monaco then puts the cursor on line 1), and what is
 * typed next replaces that line instead. Fails, naming the line selected, when the cursor is elsewhere.
 */
export async function selectLineInMonaco(page: Page, line: Locator, text: string): Promise<void> {
  await line.waitFor({ state: 'visible', timeout: 30_000 });
  // Still, the line may be out of view: the click scrolls it in at once, which an animation would not undo.
  await expect
    .poll(async () => {
      const before = await line.boundingBox();
      await page.waitForTimeout(STILL_MS);
      const after = await line.boundingBox();
      return !!before && before.x === after?.x && before.y === after.y;
    })
    .toBe(true);
  await line.click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  // Monaco mirrors the selection into its focused textarea: what the next keys will replace.
  const selected = await page.evaluate(() => {
    const input = document.activeElement as HTMLTextAreaElement | null;
    return input?.value?.slice(input.selectionStart, input.selectionEnd) ?? '';
  });
  expect(selected, `the click on "${text}" selected another line`).toContain(text);
}

/** Type over one line of the editor: select the line showing `current` (see selectLineInMonaco), type `replacement`. */
export async function retypeLineInMonaco(page: Page, current: string, replacement: string): Promise<void> {
  await selectLineInMonaco(page, page.locator('.monaco-editor .view-line', { hasText: current }).first(), current);
  await page.keyboard.type(replacement);
  // A suggestion or hover widget Monaco opened while typing must not take the next keystroke.
  await page.keyboard.press('Escape');
  await page.locator('.monaco-editor .view-line', { hasText: replacement }).first().waitFor();
  if (!replacement.includes(current))
    await page.locator('.monaco-editor .view-line', { hasText: current }).first().waitFor({ state: 'detached' });
}

/**
 * Waits for the submission's result on a solving page (none may be showing when it is called) and
 * returns its text. When none comes, fails with what the page showed instead: its address (a 401 leaves
 * for the sign-in page), the solver's status, the notifications (a refusal says why there) and any
 * dialog (a sign-in prompt), not a bare time-out.
 */
export async function submissionResult(page: Page, timeout = 90_000): Promise<string> {
  const result = page.getByTestId('submission-result');
  try {
    await result.waitFor({ timeout });
  } catch (error) {
    const text = async (selector: string) =>
      (
        await page
          .locator(selector)
          .allInnerTexts()
          .catch(() => [])
      )
        .join(' | ')
        .replace(/\s+/g, ' ');
    throw new Error(
      `no submission result within ${timeout} ms at ${page.url()}; solver status: "${await text('[data-testid="solver-status"]')}", ` +
        `notifications: "${await text('[aria-label="Notifications"]')}", dialogs: "${await text('[role="dialog"]')}" ` +
        `(${(error as Error).message.split('\n')[0]})`,
    );
  }
  return result.innerText();
}

/** Waits for a toast holding `text` in the notifications region (a judged submission can take a while). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('region', { name: 'Notifications' }).innerText(), { timeout: 60_000 })
    .toContain(text);
}

/** `date` in this machine's local time (the browser's too), as a datetime-local input takes it (YYYY-MM-DDTHH:mm:ss). */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
