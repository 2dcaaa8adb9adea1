import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInSession } from './support/accounts';
import { account, adminToken, api, type Account } from './support/api';
import { createProblem } from './support/setup';
import { closeSessions, pasteInMonaco, type Session } from './support/browser';
import { ARTIFACTS_DIR, RUN_ID } from './support/config';
import { requireStack } from './support/stack';

/*
 * Issue 30 (the solving page): what a contestant sees of a judgement, in real Chromium against the real
 * judge, at 1280×800 and 375 px. The verdict first — the spec's label as the title, "Wrong Answer on test
 * 4" under it, in view and under no toast — for each verdict; a compilation error once, with its line
 * marked in Monaco; "In queue (position p)" and "Judging… test k of n" while a 10-test submit with a slow
 * test is judged; the AI panels after a reload; and the layout (editor width, no page scroll, a status
 * bar on one line). Viewport screenshots go to test-artifacts/web-e2e/verdicts-*.png.
 */

const TESTS = 10;

/** Ten tests of "print n" (n = 1..10), the first two examples. */
const echoProblem = () => ({
  title: `Verdicts ${RUN_ID}`,
  description: 'Read n and print it.',
  constraints: '1 <= n <= 10',
  difficulty: 'easy',
  points: 10,
  inputVariables: [{ id: 'n', name: 'n', type: 'int', description: 'n' }],
  testCases: Array.from({ length: TESTS }, (_, i) => ({
    inputs: { n: String(i + 1) },
    expectedOutput: String(i + 1),
    isExample: i < 2,
  })),
  functionName: 'echo',
  returnType: 'int',
});

/** A whole program: reads n, runs `body` (which may misbehave for one n), prints n. Line 7 is `body`'s. */
const program = (body: string) => `import java.util.*;

public class Main {
    public static void main(String[] args) throws Exception {
        Scanner in = new Scanner(System.in);
        int n = Integer.parseInt(in.nextLine().trim());
        ${body}
        System.out.println(n);
    }
}
`;

const ACCEPTED = program('if (n == 5) Thread.sleep(1500);');
const WRONG_ON_4 = program('if (n == 4) n = 40;');
const TLE_ON_7 = program('while (n == 7) { n = 7 * n % 7 + 7; }');
const RUNTIME_ON_2 = program('if (n == 2) throw new IllegalStateException("boom at " + n);');
const MLE_ON_3 = program(
  'if (n == 3) { List<long[]> hog = new ArrayList<>(); while (true) hog.add(new long[1 << 20]); }',
);
/** Line 7 misses its semicolon: javac names line 7. */
const COMPILE_ERROR = program('int broken = n + 1');

let admin: string;
let user: Account;
let rival: Account;
let problemId: string;
let desktop: Session;

/** A screenshot of what the viewport shows (not the full page: the point is what is in view). */
async function viewShot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `verdicts-${name}.png`) });
}

/** Records every text the solver's status shows from now on (progress changes fast). */
async function recordStatus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { statusTexts: string[] };
    w.statusTexts = [];
    const el = document.querySelector('[data-testid="solver-status-text"]')!;
    new MutationObserver(() => w.statusTexts.push(el.textContent ?? '')).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
}
const statusTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Submits `code` and waits for the verdict; then the headline must be wholly in the viewport and no
 * toast may cover it. Returns the headline's text.
 */
async function submitAndSee(page: Page, code: string, expected: string, visible = 'Integer.parseInt') {
  await pasteInMonaco(page, code, visible);
  await page.getByRole('button', { name: 'Submit Solution' }).click();
  const headline = page.getByTestId('verdict-headline');
  await expect.poll(() => headline.innerText().catch(() => ''), { timeout: 90_000 }).toBe(expected);
  await expect.poll(() => page.getByTestId('solver-status').innerText()).toContain('Ready');
  await page.waitForTimeout(700); // the smooth scroll settles
  const box = (await headline.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  if (viewport.width >= 1000) {
    // The panes scroll on their own: the window never does, and no band opens under them.
    const band = await page.evaluate(() => ({
      scrolled: window.scrollY,
      extra: document.documentElement.scrollHeight - window.innerHeight,
    }));
    expect(band).toEqual({ scrolled: 0, extra: 0 });
  }
  for (const toast of await page.locator('.toast').all()) {
    const t = await toast.boundingBox();
    if (t) expect(overlaps(box, t), `a toast covers "${expected}"`).toBe(false);
  }
  return headline;
}

/** A session signed in as the user on the problem's page, its editor loaded. */
async function onProblemPage(viewport: { width: number; height: number }): Promise<Session> {
  const session = await signedInSession(user, viewport);
  await session.page.goto(`/problems/${problemId}`);
  await session.page.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
  return session;
}

beforeAll(async () => {
  await requireStack();
  admin = await adminToken();
  problemId = await createProblem(admin, echoProblem());
  user = await account('verdicts');
  rival = await account('verdicts-rival');
  desktop = await onProblemPage({ width: 1280, height: 800 });
});

afterAll(() => closeSessions(desktop));

describe('the verdict first, at 1280×800', () => {
  it('lays the page out for the editor: ≥ 760 px wide, the statement scrolling on its own, no page scroll', async () => {
    const page = desktop.page;
    const editor = (await page.locator('.editor-shell').boundingBox())!;
    expect(editor.width).toBeGreaterThanOrEqual(760);
    const scroll = await page.evaluate(() => {
      const pane = document.querySelector('.workspace-pane')!;
      return {
        page: document.documentElement.scrollHeight - window.innerHeight,
        paneOverflow: getComputedStyle(pane).overflowY,
      };
    });
    expect(scroll.page).toBeLessThanOrEqual(1);
    expect(scroll.paneOverflow).toBe('auto');
    await viewShot(page, 'desktop-start');
  });

  it('shows the place in the queue and "Judging… test k of n" while a 10-test submit is judged, then Accepted', async () => {
    const page = desktop.page;
    await pasteInMonaco(page, ACCEPTED, 'Integer.parseInt');
    await recordStatus(page);
    // Another user's slow submit goes first: this one waits behind it.
    const ahead = api('POST', '/execute-code', rival.token, {
      code: program('Thread.sleep(250);'),
      language: 'java',
      problemId,
      runAllTestCases: true,
    });
    await page.waitForTimeout(150);
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    // The slow fifth test (1.5 s) holds "Judging… test 5 of 10" long enough to be seen.
    await page.waitForFunction(
      () =>
        /^Judging… test \d+ of 10$/.test(
          document.querySelector('[data-testid="solver-status-text"]')?.textContent ?? '',
        ),
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    await viewShot(page, 'desktop-judging');
    const headline = page.getByTestId('verdict-headline');
    await expect.poll(() => headline.innerText().catch(() => ''), { timeout: 90_000 }).toBe('Accepted');
    expect((await ahead).status).toBe(200);
    const seen = await statusTexts(page);
    expect(
      seen.some((t) => /^In queue \(position \d+\)$/.test(t)),
      seen.join(' | '),
    ).toBe(true);
    expect(
      seen.some((t) => new RegExp(`^Judging… test \\d+ of ${TESTS}$`).test(t)),
      seen.join(' | '),
    ).toBe(true);
    await expect.poll(() => page.getByTestId('submission-result').innerText()).toContain('Congratulations!');
    await page.waitForTimeout(700);
    await viewShot(page, 'desktop-accepted');
  });

  it('Wrong Answer on test 4, under the spec\'s "Solution Incorrect"; tests after it not judged', async () => {
    const page = desktop.page;
    await submitAndSee(page, WRONG_ON_4, 'Wrong Answer on test 4');
    const result = page.getByTestId('submission-result');
    expect(await result.innerText()).toContain('Solution Incorrect');
    expect(await result.getAttribute('data-verdict')).toBe('wrong_answer');
    // The verdict's icon is an SVG (issue 45: never an emoji or a glyph the font may lack).
    expect(await result.locator('.verdict-icon svg').count()).toBe(1);
    const chips = page.getByTestId('test-chip');
    expect(await chips.count()).toBe(TESTS);
    expect(await page.locator('.chip.not-judged').count()).toBe(6);
    expect(await page.locator('.chip.pass').count()).toBe(3);
    expect(await page.getByTestId('not-judged-count').innerText()).toContain('6 not judged');
    await viewShot(page, 'desktop-wrong-answer');
  });

  it('Time Limit Exceeded on test 7', async () => {
    await submitAndSee(desktop.page, TLE_ON_7, 'Time Limit Exceeded on test 7');
    await viewShot(desktop.page, 'desktop-time-limit');
  });

  it('Runtime Error on test 2, the exception printed once with no harness frames', async () => {
    const page = desktop.page;
    await submitAndSee(page, RUNTIME_ON_2, 'Runtime Error on test 2');
    const detail = await page.getByTestId('test-result').innerText();
    expect(detail).toContain('java.lang.IllegalStateException: boom at 2');
    expect(detail.split('IllegalStateException: boom at 2').length - 1).toBe(1);
    expect(detail).toContain('Main.main');
    expect(detail).not.toMatch(/Harness/);
    await viewShot(page, 'desktop-runtime-error');
  });

  it('Memory Limit Exceeded on test 3', async () => {
    await submitAndSee(desktop.page, MLE_ON_3, 'Memory Limit Exceeded on test 3');
    await viewShot(desktop.page, 'desktop-memory-limit');
  });

  it('a compilation error once, no chip per test, its line marked in the editor', async () => {
    const page = desktop.page;
    await submitAndSee(page, COMPILE_ERROR, 'Compilation Error');
    expect(await page.getByTestId('compile-error').count()).toBe(1);
    expect(await page.getByTestId('test-chip').count()).toBe(0);
    expect(await page.getByTestId('compile-error').innerText()).toContain('Main.java:7: error');
    // The marker sits on line 7 of the editor, as javac numbered it.
    await page
      .locator('.monaco-editor')
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const squiggly = page.locator('.monaco-editor .squiggly-error').first();
    await squiggly.waitFor();
    const lineSeven = page.locator('.monaco-editor .line-numbers', { hasText: /^7$/ }).first();
    const [mark, line] = [(await squiggly.boundingBox())!, (await lineSeven.boundingBox())!];
    expect(Math.abs(mark.y + mark.height / 2 - (line.y + line.height / 2))).toBeLessThan(line.height / 2 + 1);
    await viewShot(page, 'desktop-compile-error');
  });

  it('Debug Help explains the last failing judgement (the submission) even after a passing run, saying which', async () => {
    const page = desktop.page;
    await pasteInMonaco(page, program(''), 'Integer.parseInt');
    await page.getByRole('button', { name: 'Run Code' }).click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('run-result')
            .innerText()
            .catch(() => ''),
        { timeout: 90_000 },
      )
      .toContain('Accepted');
    await page.getByRole('button', { name: 'Get Debug Help' }).click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('debug-about')
            .innerText()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toBe('Explaining your last submission: Compilation Error');
    await page.getByTestId('debug-about').scrollIntoViewIfNeeded();
    await viewShot(page, 'desktop-debug-help');
  });

  it('after a reload, Analyze Code is there for the accepted submission, and answers', async () => {
    const page = desktop.page;
    await page.reload();
    const analyze = page.getByRole('button', { name: 'Analyze Code' });
    await analyze.waitFor({ timeout: 30_000 });
    await analyze.click();
    await expect
      .poll(() => page.locator('section[aria-labelledby="ai-analysis-heading"]').innerText(), {
        timeout: 90_000,
      })
      .not.toContain('Pass all test cases to unlock');
    await expect
      .poll(() => page.getByRole('button', { name: /Analyz/ }).innerText(), { timeout: 90_000 })
      .toBe('Analyze Code');
    await page.locator('section[aria-labelledby="ai-analysis-heading"]').scrollIntoViewIfNeeded();
    await viewShot(page, 'desktop-analysis-after-reload');
  });
});

describe('the verdict first, at 375 px', () => {
  let phone: Session;
  beforeAll(async () => {
    phone = await onProblemPage({ width: 375, height: 812 });
  });
  afterAll(() => closeSessions(phone));

  it('keeps the editor status bar on one line and the page from scrolling sideways', async () => {
    const page = phone.page;
    const footer = await page.locator('.editor-footer').evaluate((el) => {
      const tops = Array.from(el.children)
        .filter((c) => getComputedStyle(c).display !== 'none')
        .map((c) => Math.round(c.getBoundingClientRect().top));
      return { lines: new Set(tops).size, text: (el as HTMLElement).innerText, height: el.clientHeight };
    });
    expect(footer.lines).toBe(1);
    expect(footer.text).toContain('UTF-8');
    expect(footer.height).toBeLessThan(32);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('Wrong Answer on test 4 in view after the submit', async () => {
    await submitAndSee(phone.page, WRONG_ON_4, 'Wrong Answer on test 4');
    await viewShot(phone.page, 'phone-wrong-answer');
  });

  it('a compilation error in view, once', async () => {
    const page = phone.page;
    await submitAndSee(page, COMPILE_ERROR, 'Compilation Error');
    expect(await page.getByTestId('test-chip').count()).toBe(0);
    await viewShot(page, 'phone-compile-error');
  });

  it('Accepted in view, with the progress seen on the way', async () => {
    const page = phone.page;
    await pasteInMonaco(page, ACCEPTED, 'Integer.parseInt');
    await recordStatus(page);
    await submitAndSee(page, ACCEPTED, 'Accepted');
    const seen = await statusTexts(page);
    expect(
      seen.some((t) => t.startsWith('Judging… test')),
      seen.join(' | '),
    ).toBe(true);
    await viewShot(page, 'phone-accepted');
  });
});
