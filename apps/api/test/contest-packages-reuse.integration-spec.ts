import { ContestPackageMessages as M } from '@javelin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, startApp, type SeededUser, type TestApp } from './support/app';
import { problemPackage, regionalZip } from './support/contest-package';
import { buildZip } from './support/zip';

/**
 * Issue 43: a contest package reuses a problem Javelin already holds under the same package, whether
 * an earlier contest package brought it or POST /api/problems/import did; never a published one, which
 * would make the new contest's problem public before its start: a hidden copy is imported instead.
 */
describe('contest packages reuse problems imported alone, never a published one', () => {
  let t: TestApp;
  let admin: SeededUser;

  beforeAll(async () => {
    t = await startApp({
      JUDGE_QUEUE_PREFIX: `contest-reuse-${Date.now()}`,
      JUDGE_RESULT_TIMEOUT_MS: '1000',
    });
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
  });
  afterAll(() => t?.close());

  /** One problem package, zipped: the same bytes each time for the same title. */
  const solo = (title: string) =>
    buildZip(
      problemPackage(title, [
        ['3\n', '3\n'],
        ['7\n', '7\n'],
      ]),
    );
  /** POST /api/problems/import of `zip` as the multipart file `fileName` (its short name, without .zip). */
  const importAlone = (zip: Buffer, fileName: string, publish = false) =>
    t.http
      .post(`/api/problems/import${publish ? '?publish=true' : ''}`)
      .set(bearer(admin.token))
      .attach('package', zip, fileName)
      .expect(201)
      .then((r) => r.body as { _id: string; isVisible: boolean });
  /** The regional package `id` with one more problem, `problem`, zipped as problems/<problem>/<problem>.zip. */
  const regionalWith = (id: string, problem: string, zip: Buffer) =>
    regionalZip(id, (f) => {
      f['problems.yaml'] = `${String(f['problems.yaml'])}\n- id: ${problem}\n  label: D\n  ordinal: 3`;
      f[`problems/${problem}/${problem}.zip`] = zip;
    });
  const importContest = (zip: Buffer) =>
    t.http
      .post('/api/contests/import')
      .set(bearer(admin.token))
      .set('Content-Type', 'application/zip')
      .send(zip)
      .expect(201)
      .then((r) => r.body as { _id: string; warnings: string[] });
  const problemOf = async (contestId: string, clicsId: string) =>
    (
      (await t.db.query(
        `SELECT cp.problem_id, p.is_visible FROM contest_problems cp JOIN problems p ON p.id = cp.problem_id
          WHERE cp.contest_id = $1 AND cp.clics_id = $2`,
        [contestId, clicsId],
      )) as { problem_id: string; is_visible: boolean }[]
    )[0];

  it('reuses a problem imported alone by POST /api/problems/import, as one a contest package brought', async () => {
    const zip = solo('Solo');
    const alone = await importAlone(zip, 'solo.zip');
    const [{ n: before }] = await t.db.query(`SELECT count(*)::int AS n FROM problems`);
    const contest = await importContest(regionalWith('solo-cup', 'solo', zip));
    expect(contest.warnings).toContain(M.problemReused('solo', 'Solo'));
    expect((await problemOf(contest._id, 'solo')).problem_id).toBe(alone._id);
    const [{ n: after }] = await t.db.query(`SELECT count(*)::int AS n FROM problems`);
    expect(after).toBe(before + 3); // the regional's own three, not solo

    // The same files under another short name are another problem; so is one edited since its import.
    const other = await importAlone(solo('Other'), 'other.zip');
    const renamed = await importContest(regionalWith('renamed-cup', 'renamed', solo('Other')));
    expect(renamed.warnings.filter((w) => w.startsWith('problems/renamed:'))).toEqual([]);
    expect((await problemOf(renamed._id, 'renamed')).problem_id).not.toBe(other._id);
    const edited = await importAlone(solo('Edited'), 'edited.zip');
    await t.db.query(`UPDATE test_cases SET expected_output = '8\n' WHERE problem_id = $1 AND position = 1`, [
      edited._id,
    ]);
    const afterEdit = await importContest(regionalWith('edited-cup', 'edited', solo('Edited')));
    expect((await problemOf(afterEdit._id, 'edited')).problem_id).not.toBe(edited._id);
  });

  it('never reuses a published problem: a hidden copy, said in a warning, that no visitor sees before the start', async () => {
    const zip = solo('Zq Archive Classic');
    const published = await importAlone(zip, 'classic.zip', true);
    expect(published.isVisible).toBe(true);
    const contest = await importContest(regionalWith('classic-cup', 'classic', zip));
    expect(contest.warnings).toContain(M.problemPublishedNotReused('classic', 'Zq Archive Classic'));
    expect(contest.warnings).not.toContain(M.problemReused('classic', 'Zq Archive Classic'));
    const copy = await problemOf(contest._id, 'classic');
    expect(copy.problem_id).not.toBe(published._id);
    expect(copy.is_visible).toBe(false);

    // Before the start (2040), a visitor finds the contest's copy nowhere.
    await t.http.get(`/api/problems/${copy.problem_id}`).expect(404);
    const list = await t.http.get('/api/problems').expect(200);
    const listed = JSON.stringify(list.body);
    expect(listed).toContain(published._id); // the archive's own stays public
    expect(listed).not.toContain(copy.problem_id);
    const page = await t.http.get(`/api/contests/${contest._id}`).expect(200);
    // Hidden problems are listed as issue 47 has it: a placeholder title, the copy's own id (a 404).
    expect(JSON.stringify(page.body)).not.toContain('Zq Archive Classic');
    expect(JSON.stringify(page.body)).not.toContain(published._id);
    const entries = (
      page.body as { contestProblems: { problemId: { _id: string; title: string; isVisible: boolean } }[] }
    ).contestProblems;
    expect(entries.find((p) => p.problemId._id === copy.problem_id)?.problemId).toMatchObject({
      title: 'Problem D',
      isVisible: false,
    });
    const clics = await t.http.get('/api/clics/contests/classic-cup/problems').expect(200);
    expect(clics.body.map((p: { id: string }) => p.id)).not.toContain('classic');
    const feed = await t.http
      .get('/api/clics/contests/classic-cup/event-feed?stream=false')
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (c: Buffer) => (text += c.toString()));
        response.on('end', () => done(null, text));
      })
      .expect(200);
    const events = String(feed.body);
    for (const secret of ['Zq Archive Classic', '"classic"', copy.problem_id.slice(0, 13)])
      expect(events).not.toContain(secret);

    // The next package with it reuses the hidden copy, not the published problem.
    const next = await importContest(regionalWith('classic-cup-2', 'classic', zip));
    expect(next.warnings).toContain(M.problemReused('classic', 'Zq Archive Classic'));
    expect((await problemOf(next._id, 'classic')).problem_id).toBe(copy.problem_id);
  });
});
