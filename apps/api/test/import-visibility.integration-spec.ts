import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { ContestsService } from '../src/contests/contests.service';
import { createContest, startNow } from './support/contests';
import { importPackage } from './support/packages';
import { buildZip } from './support/zip';

/**
 * Issue 47 item 5: an imported problem is hidden until an admin publishes it (`publish=true` at import,
 * the dialog's "Publish now", or the problem form later); a contest's hidden problems are named only
 * from its start, in the REST API and CLICS alike, with `isVisible` true to the fact.
 */

const SECRET_TITLE = 'Zq Hidden Preparation';

function packageZip(title = SECRET_TITLE): Buffer {
  return buildZip({
    'problem.yaml': `name: ${title}\n`,
    'problem_statement/problem.en.md': 'Print the number.\n',
    'data/sample/1.in': '1\n',
    'data/sample/1.ans': '1\n',
    'data/secret/1.in': '2\n',
    'data/secret/1.ans': '2\n',
  });
}

describe('imports start hidden; hidden contest problems are named from the start', () => {
  let t: TestApp;
  let admin: SeededUser;
  let user: SeededUser;

  beforeAll(async () => {
    t = await startApp({
      JUDGE_QUEUE_PREFIX: `import-visibility-${Date.now()}`,
      JUDGE_RESULT_TIMEOUT_MS: '1000',
    });
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
  });
  afterAll(() => t?.close());

  const importHidden = async (title = SECRET_TITLE) => {
    const res = await importPackage(t, admin.token, packageZip(title), false).expect(201);
    return res.body as { _id: string; isVisible: boolean };
  };

  it('stores an import hidden: 404 to the public and to users, out of the list, not practisable; admins see it', async () => {
    const imported = await importHidden();
    expect(imported.isVisible).toBe(false);
    await t.http.get(`/api/problems/${imported._id}`).expect(404);
    await t.http.get(`/api/problems/${imported._id}`).set(bearer(user.token)).expect(404);
    const list = await t.http.get('/api/problems').expect(200);
    expect(JSON.stringify(list.body)).not.toContain(SECRET_TITLE);
    const run = await t.http.post('/api/execute-code').set(bearer(user.token)).send({
      problemId: imported._id,
      code: 'public class Main {}',
      language: 'java',
      runAllTestCases: true,
    });
    expect(run.status).toBe(404);
    const seen = await t.http.get(`/api/problems/${imported._id}`).set(bearer(admin.token)).expect(200);
    expect(seen.body).toMatchObject({ title: SECRET_TITLE, isVisible: false });
  });

  it('publishes at import with publish=true, as a query or a multipart field, and refuses another value', async () => {
    const query = await t.http
      .post('/api/problems/import?publish=true')
      .set(bearer(admin.token))
      .set('Content-Type', 'application/zip')
      .send(packageZip('Published By Query'))
      .expect(201);
    expect(query.body.isVisible).toBe(true);
    await t.http.get(`/api/problems/${query.body._id}`).expect(200);
    const multipart = await t.http
      .post('/api/problems/import')
      .set(bearer(admin.token))
      .field('publish', 'true')
      .attach('package', packageZip('Published By Field'), 'pkg.zip')
      .expect(201);
    expect(multipart.body.isVisible).toBe(true);
    await t.http.get(`/api/problems/${multipart.body._id}`).expect(200);
    const bad = await t.http
      .post('/api/problems/import?publish=yes')
      .set(bearer(admin.token))
      .set('Content-Type', 'application/zip')
      .send(packageZip('Never Stored'));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('publish must be true or false');
  });

  it('names an upcoming contest’s hidden problem only from the start, in the REST API and CLICS alike', async () => {
    const hidden = await importHidden('Zq Contest Secret');
    const visible = (await importPackage(t, admin.token, packageZip('Open Warm-up')).expect(201)).body;
    const contest = await createContest(t, admin.token, [visible._id, hidden._id], { format: 'icpc' });
    const titles = (body: { contestProblems: { problemId: { title: string; isVisible: boolean } }[] }) =>
      body.contestProblems.map((p) => [p.problemId.title, p.problemId.isVisible]);

    const before = await t.http.get(`/api/contests/${contest._id}`).set(bearer(user.token)).expect(200);
    expect(titles(before.body)).toEqual([
      ['Open Warm-up', true],
      ['Problem B', false],
    ]);
    const list = await t.http.get('/api/contests').expect(200);
    expect(JSON.stringify(list.body)).not.toContain('Zq Contest Secret');
    const clics = await t.http.get(`/api/clics/contests/${contest._id}/problems`).expect(200);
    expect(clics.body.map((p: { name: string }) => p.name)).toEqual(['Open Warm-up']);
    const asAdmin = await t.http.get(`/api/contests/${contest._id}`).set(bearer(admin.token)).expect(200);
    expect(titles(asAdmin.body)).toEqual([
      ['Open Warm-up', true],
      ['Zq Contest Secret', false],
    ]);

    await startNow(t, contest._id);
    const after = await t.http.get(`/api/contests/${contest._id}`).set(bearer(user.token)).expect(200);
    expect(titles(after.body)).toEqual([
      ['Open Warm-up', true],
      ['Zq Contest Secret', false],
    ]);
    const clicsAfter = await t.http.get(`/api/clics/contests/${contest._id}/problems`).expect(200);
    expect(clicsAfter.body.map((p: { name: string }) => p.name)).toEqual([
      'Open Warm-up',
      'Zq Contest Secret',
    ]);
  });

  it('names a hidden problem in the public CLICS event feed only from the start, resumed or read whole; admins throughout', async () => {
    const secret = 'Zq Feed Secret';
    const hidden = await importHidden(secret);
    const visible = (await importPackage(t, admin.token, packageZip('Open Feed Warm-up')).expect(201)).body;
    const start = new Date(Date.now() + 3 * 3_600_000);
    const contest = await createContest(t, admin.token, [visible._id, hidden._id], {
      format: 'icpc',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    const clock = t.app.get(ContestsService);
    type Line = { type: string; id: string | null; data: Record<string, unknown> | null; token: string };
    const feed = async (who: 'public' | 'admin', since?: string): Promise<Line[]> => {
      const query = since ? `&since_token=${encodeURIComponent(since)}` : '';
      const req = t.http.get(`/api/clics/contests/${contest._id}/event-feed?stream=false${query}`);
      if (who === 'admin') req.set(bearer(admin.token));
      const res = await req.buffer(true).parse((response, done) => {
        let text = '';
        response.on('data', (c: Buffer) => (text += c.toString()));
        response.on('end', () => done(null, text));
      });
      expect(res.status).toBe(200);
      return (res.body as string)
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Line);
    };
    const problemNames = (lines: Line[]) =>
      lines.filter((e) => e.type === 'problems' && e.data).map((e) => e.data!.name as string);
    const hiddenUuid = hidden._id;
    try {
      clock.useClock(() => new Date(start.getTime() - 10 * 60_000));
      const before = await feed('public');
      expect(problemNames(before)).toEqual(['Open Feed Warm-up']);
      // Nothing in the public feed names it: not its title, not its id (its UUID's first 13 characters).
      expect(JSON.stringify(before)).not.toContain(secret);
      expect(JSON.stringify(before)).not.toContain(hiddenUuid.slice(0, 13));
      for (const e of before) expect(e.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // Resumed before the start: still nothing.
      expect(problemNames(await feed('public', before[0].token))).toEqual(['Open Feed Warm-up']);
      const adminBefore = await feed('admin');
      // The admin feed logs both problems at creation, in no order the test relies on.
      expect(problemNames(adminBefore).sort()).toEqual(['Open Feed Warm-up', secret].sort());
      const publicBoard = await t.http.get(`/api/clics/contests/${contest._id}/scoreboard`).expect(200);
      expect(JSON.stringify(publicBoard.body)).not.toContain(hiddenUuid.slice(0, 13));

      clock.useClock(() => new Date(start.getTime() + 60_000));
      // A reader resuming from its last token gets the problem, at the start, before the state that says so.
      const rest = await feed('public', before.at(-1)!.token);
      expect(problemNames(rest)).toEqual([secret]);
      const named = rest.findIndex((e) => e.type === 'problems');
      const started = rest.findIndex((e) => e.type === 'state' && e.data?.started);
      expect(started).toBeGreaterThan(named);
      // Read whole, the feed is what was read before, then the rest, token for token.
      expect(await feed('public')).toEqual([...before, ...rest]);
      // Admins had it from the first event; their feed gives it no second time.
      const adminAfter = await feed('admin', adminBefore.at(-1)!.token);
      expect(problemNames(adminAfter)).toEqual([]);
      expect((await feed('admin')).slice(0, adminBefore.length)).toEqual(adminBefore);
    } finally {
      clock.useClock(() => new Date());
    }
  });
});
