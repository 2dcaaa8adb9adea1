import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeSessions, pasteInMonaco, screenshot, type Session } from './support/browser';
import { signedInSession } from './support/accounts';
import { ADMIN, BASE_URL, RUN_ID } from './support/config';
import { account, adminToken, type Account } from './support/api';
import { createContest, joinContest } from './support/setup';
import { requireStack } from './support/stack';
import { zipOf } from './support/zip';

/*
 * Issue 42's journey: an interactive problem (a package with a C++ interactor and a sample dialogue)
 * reads as a dialogue on its page at 1280 and 375 px, is solved in practice, then in an ICPC contest.
 */

const TITLE = `Guess Game ${RUN_ID}`;
const CONTEST_TITLE = `Interactive Night ${RUN_ID}`;
const START_DELAY_MS = 15_000;

const INTERACTOR = `#include <cstdio>
#include <fstream>
int main(int argc, char** argv) {
  std::ifstream in(argv[1]);
  long n; in >> n;
  for (int q = 0; q < 31; q++) {
    long g;
    if (scanf("%ld", &g) != 1) return 43;
    if (g == n) { printf("correct\\n"); fflush(stdout); return 42; }
    printf(g < n ? "higher\\n" : "lower\\n"); fflush(stdout);
  }
  return 43;
}
`;

const SEARCH = `import java.io.*;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        long lo = 1, hi = 1_000_000_000L;
        while (true) {
            long mid = (lo + hi) / 2;
            System.out.println(mid);
            System.out.flush();
            String answer = in.readLine().trim();
            if (answer.equals("correct")) return;
            if (answer.equals("higher")) lo = mid + 1;
            else hi = mid - 1;
        }
    }
}
`;

function packageZip(): Promise<Buffer> {
  return zipOf({
    'problem.yaml': `name: ${TITLE}\nvalidation: custom interactive\n`,
    '.timelimit': '2\n',
    'problem_statement/problem.en.md':
      'Find the hidden $n$, $1 \\le n \\le 10^9$, in at most $31$ guesses.\n',
    'output_validators/guess/interactor.cpp': INTERACTOR,
    'data/sample/1.in': '6\n',
    'data/sample/1.ans': '\n',
    'data/sample/1.interaction': '>5\n<higher\n>8\n<lower\n>6\n<correct\n',
    'data/secret/1.in': '1\n',
    'data/secret/1.ans': '\n',
    'data/secret/2.in': '987654321\n',
    'data/secret/2.ans': '\n',
    'submissions/accepted/Main.java': SEARCH,
  });
}

let solver: Session;
let admin: Session;
let user: Account;
let token = '';
let problemId = '';

beforeAll(async () => {
  await requireStack();
  token = await adminToken();
  user = await account('interact');
  solver = await signedInSession(user, { width: 1280, height: 800 });
  admin = await signedInSession(ADMIN, { width: 1280, height: 800 });
  const res = await fetch(`${BASE_URL}/api/problems/import?publish=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/zip' },
    body: new Uint8Array(await packageZip()),
  });
  expect(res.status).toBe(201);
  problemId = ((await res.json()) as { _id: string })._id;
}, 180_000);

afterAll(() => closeSessions(solver, admin));

async function submitAndWait(page: Page): Promise<void> {
  await page.getByText('Ready').first().waitFor();
  await page.locator('.monaco-editor .view-line', { hasText: 'public class Main {' }).first().waitFor();
  await pasteInMonaco(page, SEARCH);
  await page.getByRole('button', { name: 'Submit Solution' }).click();
}

describe('an interactive problem, read as a dialogue and solved', () => {
  it('the problem page shows the sample as a dialogue, not its input, at 1280 and 375 px', async () => {
    const page = solver.page;
    await page.goto(`/problems/${problemId}`);
    await page.getByRole('heading', { name: TITLE }).waitFor();
    const dialogue = page.getByRole('figure', { name: 'Sample dialogue 1' });
    await dialogue.waitFor();
    expect((await dialogue.locator('li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      'Your program 5',
      'Judge higher',
      'Your program 8',
      'Judge lower',
      'Your program 6',
      'Judge correct',
    ]);
    expect(await page.getByText('This problem is interactive').count()).toBeGreaterThan(0);
    // No custom input form: the judge's interactor answers the program, and the tab says so up front.
    expect(await page.getByTestId('custom-input-unavailable').innerText()).toContain(
      'Custom input is not available on an interactive problem',
    );
    expect(await page.getByRole('button', { name: 'Run with this input' }).count()).toBe(0);
    await screenshot(page, 'interactive-problem-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'interactive-problem-375');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it('solved in practice against the interactor', async () => {
    const page = solver.page;
    await page.goto(`/problems/${problemId}`);
    await submitAndWait(page);
    await page.getByText('Congratulations!').first().waitFor({ timeout: 120_000 });
    await screenshot(page, 'interactive-practice-accepted');
  }, 180_000);

  it("an admin's form reads the problem as interactive, with its interactor and the time limit's source", async () => {
    const page = admin.page;
    await page.goto('/admin/problems');
    await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
    const select = page.getByLabel('How the program meets the validator');
    await select.waitFor();
    expect(await select.inputValue()).toBe('interactive');
    await page.getByText("This problem's output is checked by its custom C++ output validator").waitFor();
    await select.scrollIntoViewIfNeeded();
    await screenshot(page, 'interactive-admin-form-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(300);
    await select.scrollIntoViewIfNeeded();
    await screenshot(page, 'interactive-admin-form-375');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it('solved in an ICPC contest, the board counting it', async () => {
    const startAt = Date.now() + START_DELAY_MS;
    const contestId = await createContest(token, {
      title: CONTEST_TITLE,
      description: 'One interactive problem, ICPC scoring.',
      startAt,
      endAt: startAt + 15 * 60_000,
      problemIds: [problemId],
      format: 'icpc',
    });
    await joinContest(contestId, user);
    await new Promise((r) => setTimeout(r, Math.max(0, startAt + 1_000 - Date.now())));
    const page = solver.page;
    await page.goto(`/contests/${contestId}`);
    await page.getByRole('link', { name: `Solve ${TITLE}`, exact: true }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByRole('figure', { name: 'Sample dialogue 1' }).waitFor();
    await submitAndWait(page);
    await page.getByTestId('submission-result').filter({ hasText: 'Accepted' }).waitFor({ timeout: 120_000 });
    await page.waitForURL(`**/contests/${contestId}`, { timeout: 30_000 });
    const row = page.getByTestId('contest-leaderboard-row').filter({ hasText: `@${user.username}` });
    await row.filter({ hasText: '1 solved' }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'interactive-icpc-contest');
  }, 240_000);
});
