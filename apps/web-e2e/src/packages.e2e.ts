import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeSessions, pasteInMonaco, screenshot, type Session } from './support/browser';
import { signedInSession } from './support/accounts';
import { ADMIN, BASE_URL, RUN_ID } from './support/config';
import { account, adminToken, expectOk, type Account } from './support/api';
import { createContest, joinContest } from './support/setup';
import { requireStack } from './support/stack';
import { zipOf } from './support/zip';

/*
 * Issue 29's journey: an admin imports an ICPC / Kattis problem package (a zip the test builds: a
 * Markdown statement with math and an image, sample and secret tests, float tolerance, a Java accepted
 * and a wrong_answer jury submission), reads the import's warnings and a verification table all ok;
 * then a user solves the imported classic problem in an ICPC contest, reading its limits and its math.
 */

const TITLE = `Hypotenuse ${RUN_ID}`;
const CONTEST_TITLE = `Package Night ${RUN_ID}`;
/** The contest starts this long after it is created, leaving time to join while it is upcoming. */
const START_DELAY_MS = 20_000;
const DURATION_MS = 15 * 60_000;

const ACCEPTED = `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        double a = in.nextInt();
        double b = in.nextInt();
        System.out.println(Math.sqrt(a * a + b * b));
    }
}
`;
const WRONG_ANSWER = ACCEPTED.replace('Math.sqrt(a * a + b * b)', 'a + b');

const STATEMENT = `Given the legs $a$ and $b$ of a right triangle, print the length of its hypotenuse $c = \\sqrt{a^2 + b^2}$.

$$c^2 = a^2 + b^2$$

![A right triangle with legs a and b](triangle.svg)

## Input

One line with two integers $a$ and $b$ ($1 \\le a, b \\le 1000$).

## Output

The length $c$; an absolute or relative error of at most $10^{-6}$ is accepted.
`;

const TRIANGLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="110" viewBox="0 0 160 110">
<polygon points="10,100 150,100 10,10" fill="none" stroke="#1d4ed8" stroke-width="3"/>
<text x="75" y="108" font-size="12" fill="#0f172a">b</text><text x="0" y="60" font-size="12" fill="#0f172a">a</text>
<text x="85" y="50" font-size="12" fill="#0f172a">c</text></svg>`;

/** The package as a coach would download it: legacy problem.yaml without a time limit (a warning says so). */
function packageFiles(): Record<string, string> {
  return {
    'hypotenuse/problem.yaml': `name: ${TITLE}\nsource: Javelin e2e\nvalidator_flags: float_tolerance 1e-6\n`,
    'hypotenuse/problem_statement/problem.en.md': STATEMENT,
    'hypotenuse/problem_statement/triangle.svg': TRIANGLE_SVG,
    'hypotenuse/data/sample/1.in': '3 4\n',
    'hypotenuse/data/sample/1.ans': '5\n',
    'hypotenuse/data/secret/1.in': '1 1\n',
    'hypotenuse/data/secret/1.ans': '1.414213562\n',
    'hypotenuse/data/secret/2.in': '5 12\n',
    'hypotenuse/data/secret/2.ans': '13\n',
    'hypotenuse/submissions/accepted/Main.java': ACCEPTED,
    'hypotenuse/submissions/wrong_answer/Main.java': WRONG_ANSWER,
  };
}

const DIVISOR_TITLE = `Some Divisor ${RUN_ID}`;

/** A package judged by a C++ output validator that writes why it rejects into judgemessage.txt. */
function divisorPackage(): Record<string, string> {
  const program = (name: string, body: string) =>
    `import java.util.*;\n\npublic class ${name} {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        ${body}\n    }\n}\n`;
  return {
    'divisor/problem.yaml': `name: ${DIVISOR_TITLE}\nvalidation: custom\n`,
    'divisor/problem_statement/problem.en.md': 'Print any divisor $d$ of $n$ with $1 < d < n$.\n',
    'divisor/output_validators/check/validator.cpp': `#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char** argv) {
    std::ifstream input(argv[1]);
    long long n; input >> n;
    long long d;
    std::ofstream message(std::string(argv[3]) + "/judgemessage.txt");
    if (!(std::cin >> d)) { message << "no number"; return 43; }
    if (d <= 1 || d >= n || n % d != 0) { message << d << " does not divide " << n; return 43; }
    return 42;
}
`,
    'divisor/data/sample/1.in': '12\n',
    'divisor/data/sample/1.ans': '2\n',
    'divisor/data/secret/1.in': '35\n',
    'divisor/data/secret/1.ans': '5\n',
    'divisor/submissions/accepted/Smallest.java': program(
      'Smallest',
      'long n = in.nextLong(); for (long d = 2; d < n; d++) if (n % d == 0) { System.out.println(d); return; }',
    ),
    'divisor/submissions/accepted/One.java': program('One', 'System.out.println(1);'),
  };
}

const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

let admin: Session;
let solver: Session;
let mobile: Session;
let token = '';
let user: Account;
let problemId = '';
let contestId = '';
let startAt = 0;

beforeAll(async () => {
  await requireStack();
  token = await adminToken();
  user = await account('pkg');
  admin = await signedInSession(ADMIN, { width: 1280, height: 800 });
  solver = await signedInSession(user, { width: 1280, height: 800 });
  mobile = await signedInSession(user, { width: 375, height: 812 });
}, 120_000);

afterAll(() => closeSessions(admin, solver, mobile));

/** Takes `name` at 1280×800 and again at 375 px wide, then goes back to the desktop size. */
async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('an imported problem package, verified and solved in an ICPC contest', () => {
  it('an admin imports the package, reads its warnings and a verification table all ok', async () => {
    const page = admin.page;
    await page.goto('/admin/problems');
    await page.getByRole('button', { name: 'Import package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import package' });
    await dialog.getByLabel('Package (.zip)').setInputFiles({
      name: 'hypotenuse.zip',
      mimeType: 'application/zip',
      buffer: await zipOf(packageFiles()),
    });
    // Imports start hidden (issue 47): this one is published at once, for the problem page below.
    await dialog.getByRole('checkbox', { name: 'Publish now' }).check();
    await bothWidths(page, 'packages-import-dialog');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText(`Imported "${TITLE}"`).waitFor({ timeout: 60_000 });
    await dialog.getByText('Published: everyone sees it now.').waitFor();
    // No time limit in problem.yaml: the import says which one it used.
    await expect.poll(() => dialog.getByTestId('import-warnings').innerText()).toMatch(/time limit/i);
    const summary = dialog.getByTestId('verification-summary');
    await summary.waitFor({ timeout: 180_000 });
    expect(await summary.innerText()).toBe('All 2 jury submissions got a verdict their folder allows.');
    const rows = dialog.getByTestId('verification-row');
    expect(await rows.count()).toBe(2);
    const texts = await rows.allInnerTexts();
    // Each row's mark is an SVG icon and the word 'ok' (issue 45: icons are SVG, never a glyph).
    expect(texts.find((t) => t.includes('submissions/accepted/Main.java'))).toMatch(
      /Accepted[\s\S]*\bok\s*$/,
    );
    expect(texts.find((t) => t.includes('submissions/wrong_answer/Main.java'))).toMatch(
      /Wrong answer\s+Wrong answer[\s\S]*\bok\s*$/,
    );
    expect(await rows.locator('.verify-mark.ok svg').count()).toBe(2);
    expect(texts.join('\n')).not.toContain('not ok');
    await bothWidths(page, 'packages-verification-table');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('admin-problem-row').filter({ hasText: TITLE });
    await row.getByText('(classic)').waitFor();
    const listed = (await expectOk('GET', '/admin/problems', token)) as unknown as {
      _id: string;
      title: string;
    }[];
    problemId = listed.find((p) => p.title === TITLE)?._id ?? '';
    expect(problemId).not.toBe('');
  }, 240_000);

  it("an admin reads a C++ output validator's feedback under the jury submission it rejected", async () => {
    const page = admin.page;
    await page.goto('/admin/problems');
    await page.getByRole('button', { name: 'Import package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import package' });
    await dialog.getByLabel('Package (.zip)').setInputFiles({
      name: 'divisor.zip',
      mimeType: 'application/zip',
      buffer: await zipOf(divisorPackage()),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText(`Imported "${DIVISOR_TITLE}"`).waitFor({ timeout: 60_000 });
    const summary = dialog.getByTestId('verification-summary');
    await summary.waitFor({ timeout: 180_000 });
    expect(await summary.innerText()).toBe(
      '1 of 2 jury submissions got a verdict their folder does not allow.',
    );
    // The submission its folder calls accepted printed 1: the validator's judgemessage.txt says why, open below it.
    const feedback = dialog.getByTestId('verification-feedback');
    expect(await feedback.count()).toBe(1);
    await feedback.getByText('Validator feedback on sample/1').waitFor();
    expect(await feedback.locator('pre').innerText()).toBe('1 does not divide 12');
    expect(await feedback.locator('details').evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    await bothWidths(page, 'packages-validator-feedback');
    await dialog.getByRole('button', { name: 'Done' }).click();
  }, 300_000);

  it('the classic problem page shows its limits, its math typeset and its image', async () => {
    for (const [page, width] of [
      [solver.page, 'desktop'],
      [mobile.page, '375'],
    ] as const) {
      await page.goto(`/problems/${problemId}`);
      await page.getByRole('heading', { name: TITLE }).waitFor();
      expect(await page.getByTestId('problem-limits').innerText()).toContain('Time limit: 1 s');
      const statement = page.getByTestId('statement-markdown').first();
      expect(await statement.locator('.katex').count()).toBeGreaterThan(4);
      await statement.locator('.katex-display').first().waitFor();
      const image = statement.getByRole('img', { name: 'A right triangle with legs a and b' });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // No page-wide sideways scroll at 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
      await page.locator('.monaco-editor').first().waitFor({ timeout: 30_000 });
      await screenshot(page, `packages-classic-problem-${width}`);
    }
  }, 120_000);

  it('a user solves it in an ICPC contest from the plain Main starter', async () => {
    // The problem becomes contest-only (hidden): its image must still load in the contest's <img>,
    // which sends no token, through the signed link in the statement, and for nobody without one.
    const stored = (await expectOk('GET', `/problems/${problemId}`, token)) as Record<string, unknown> & {
      testCases: { input: string; expectedOutput: string; isExample: boolean }[];
    };
    await expectOk('PUT', `/problems/${problemId}`, token, {
      kind: 'stdio',
      title: stored.title,
      description: stored.description,
      constraints: stored.constraints,
      difficulty: stored.difficulty,
      points: stored.points,
      tags: stored.tags,
      timeLimitMs: stored.timeLimitMs,
      memoryLimitMb: stored.memoryLimitMb,
      validatorFlags: stored.validatorFlags,
      testCases: stored.testCases.map(({ input, expectedOutput, isExample }) => ({
        input,
        expectedOutput,
        isExample,
      })),
      isVisible: false,
    });
    const unsigned = await fetch(`${BASE_URL}/api/problems/${problemId}/images/triangle.svg`);
    expect(unsigned.status).toBe(404);
    startAt = Date.now() + START_DELAY_MS;
    contestId = await createContest(token, {
      title: CONTEST_TITLE,
      description: 'One imported classic problem, ICPC scoring.',
      startAt,
      endAt: startAt + DURATION_MS,
      problemIds: [problemId],
      format: 'icpc',
    });
    await joinContest(contestId, user);
    await sleepUntil(startAt + 1_000);

    const page = solver.page;
    await page.goto(`/contests/${contestId}`);
    await page.getByRole('link', { name: `Solve ${TITLE}`, exact: true }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    const image = page.getByTestId('statement-markdown').first().getByRole('img', {
      name: 'A right triangle with legs a and b',
    });
    expect(await image.getAttribute('src')).toMatch(/\/images\/triangle\.svg\?exp=\d+&sig=[\w-]{43}$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByText('Ready').first().waitFor();
    await page.locator('.monaco-editor .view-line', { hasText: 'public class Main {' }).first().waitFor();
    await pasteInMonaco(page, ACCEPTED);
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    await page.getByTestId('submission-result').filter({ hasText: 'Accepted' }).waitFor({ timeout: 120_000 });
    await page.waitForURL(`**/contests/${contestId}`, { timeout: 30_000 });
    const row = page.getByTestId('contest-leaderboard-row').filter({ hasText: `@${user.username}` });
    await row.filter({ hasText: '1 solved' }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'packages-icpc-contest-desktop');
  }, 240_000);
});
