import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ZipFile } from 'yazl';
import { closeSessions, pasteInMonaco, screenshot, type Session } from './support/browser';
import { signedInSession } from './support/accounts';
import { ADMIN, RUN_ID } from './support/config';
import { requireStack } from './support/stack';
import { adminToken } from './support/api';

/*
 * Issue 43's journey: an admin imports a regional's CLICS contest package in Contest Management and
 * reads the team accounts it brought; a team signs in with its username (no e-mail), solves a
 * problem, and the board shows its label and organization, filtered by a group.
 */

const ID = `reg${RUN_ID}`.slice(0, 30);
/** The contest starts this long after the import, so the team signs in before it. */
const START_DELAY_MS = 45_000;
const PASSWORD = 'team-one-secret';

const SUM = `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong();
        long b = in.nextLong();
        System.out.println(a + b);
    }
}
`;

function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, content] of Object.entries(files))
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : content, path);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The regional: one problem, two sites (groups) and observers (hidden), two organizations, three teams. */
async function regional(startAt: number): Promise<Buffer> {
  const sum = await zipOf({
    'problem.yaml': `name: Sum ${RUN_ID}\n`,
    'problem_statement/problem.en.md': 'Print the sum of two integers.\n',
    'data/sample/1.in': '1 2\n',
    'data/sample/1.ans': '3\n',
    'data/secret/1.in': '40 2\n',
    'data/secret/1.ans': '42\n',
  });
  const team = (n: number, org: string, group: string) => ({
    id: `t${n}`,
    name: `Team ${n} ${RUN_ID}`,
    label: `${100 + n}`,
    organization_id: org,
    group_ids: [group],
  });
  return zipOf({
    'contest.yaml': `id: ${ID}\nname: Regional ${RUN_ID}\nstart_time: ${new Date(startAt).toISOString()}\nduration: 1:00:00\nscoreboard_freeze_duration: 0:00:00\nscoreboard_type: pass-fail\npenalty_time: 20\n`,
    'problems.yaml': '- id: sum\n  label: A\n  rgb: "#e6194b"\n',
    'problems/sum/sum.zip': sum,
    'organizations.json': JSON.stringify([
      { id: 'uni-n', name: `Uni North ${RUN_ID}` },
      { id: 'uni-s', name: `Uni South ${RUN_ID}` },
    ]),
    'groups.json': JSON.stringify([
      { id: 'site-a', name: 'Site A' },
      { id: 'site-b', name: 'Site B' },
      { id: 'observers', name: 'Observers', hidden: true },
    ]),
    'teams.json': JSON.stringify([
      team(1, 'uni-n', 'site-a'),
      team(2, 'uni-s', 'site-b'),
      team(3, 'uni-n', 'observers'),
    ]),
    'accounts.yaml': [1, 2, 3]
      .map((n) => `- username: ${ID}-t${n}\n  password: ${PASSWORD}\n  type: team\n  team_id: t${n}`)
      .join('\n'),
  });
}

const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

let admin: Session;
let team: Session;
let startAt = 0;

beforeAll(async () => {
  await requireStack();
  // The first super admin, when this journey runs alone.
  await adminToken();
  admin = await signedInSession(ADMIN, { width: 1280, height: 800 });
}, 120_000);

afterAll(() => closeSessions(admin, team));

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe("a regional's contest package: imported, its team signed in by username, the board by group", () => {
  it('an admin imports the package and reads the team accounts it brought', async () => {
    const page = admin.page;
    startAt = Date.now() + START_DELAY_MS;
    await page.goto('/admin/contests');
    await page.getByRole('button', { name: 'Import contest package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contest package' });
    await dialog.getByLabel('Contest package (.zip)').setInputFiles({
      name: 'regional.zip',
      mimeType: 'application/zip',
      buffer: await regional(startAt),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByTestId('contest-import-report').waitFor({ timeout: 60_000 });
    const table = dialog.getByTestId('imported-accounts');
    await table.getByRole('cell', { name: `${ID}-t1` }).waitFor();
    const rows = await table.getByRole('row').allInnerTexts();
    expect(rows.slice(1).map((r) => r.split('\t')[0].trim())).toEqual([`${ID}-t1`, `${ID}-t2`, `${ID}-t3`]);
    expect(rows.join('\n')).not.toContain(PASSWORD);
    await bothWidths(page, 'contest-package-import');
  }, 120_000);

  it('a team signs in with its username, solves the problem, and the board shows its label and organization by group', async () => {
    team = await signedInSession({ email: `${ID}-t1`, password: PASSWORD }, { width: 1280, height: 800 });
    const page = team.page;
    await sleepUntil(startAt + 1_000);
    const contests = (await (await page.request.get('/api/contests')).json()) as {
      _id: string;
      title: string;
    }[];
    const contestId = contests.find((c) => c.title === `Regional ${RUN_ID}`)?._id ?? '';
    expect(contestId).not.toBe('');
    await page.goto(`/contests/${contestId}`);
    // The link is named for the problem it opens (issue 45): 'Solve Sum …'.
    await page.getByRole('link', { name: `Solve Sum ${RUN_ID}`, exact: true }).click();
    await page.getByText('Ready').first().waitFor({ timeout: 60_000 });
    await page.locator('.monaco-editor .view-line', { hasText: 'public class Main {' }).first().waitFor();
    await pasteInMonaco(page, SUM);
    await page.getByRole('button', { name: 'Submit Solution' }).click();
    await page.getByTestId('submission-result').filter({ hasText: 'Accepted' }).waitFor({ timeout: 120_000 });
    await page.waitForURL(`**/contests/${contestId}`, { timeout: 30_000 });
    const row = page.getByTestId('contest-leaderboard-row').filter({ hasText: `@${ID}-t1` });
    await row.filter({ hasText: '1 solved' }).first().waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('team-label').innerText()).toBe('101');
    expect(await row.getByTestId('team-organization').innerText()).toContain(`Uni North ${RUN_ID}`);
    // Filtered by its group: there; by the other site's: not. The observers' group is on no board.
    const filter = page.getByLabel('Group');
    expect(await filter.locator('option').allInnerTexts()).toEqual(['All groups', 'Site A']);
    await filter.selectOption('site-a');
    await row.waitFor();
    await bothWidths(page, 'contest-package-board');
  }, 240_000);
});
