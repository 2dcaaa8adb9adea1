import type { Server } from 'node:http';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_LIMITS } from '@javelin/contracts';
import { resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { buildZip } from './support/zip';

/**
 * Issue 47 item 1: bounded work per request. A package's statement and YAML are bounded before and
 * while they are read, and the reading runs on a thread of its own, so an import never holds up
 * anyone else's request. (The figures are measured in bench/package-import, never here.)
 */

/** Nested groups the concurrency test uses: near the converter's MAX_NESTING (64). */
const MAX_NESTING_USED = 60;

/** Asks for the time every 10 ms until told to stop, then sends how long each answer took. */
const PINGER = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  const latencies = [];
  while (running) {
    const sent = Date.now();
    await fetch(workerData.url);
    latencies.push(Date.now() - sent);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage(latencies);
})();
`;

const SAMPLE = { 'data/sample/1.in': '1\n', 'data/sample/1.ans': '1\n' };

/** `\illustration` nested `levels` deep: each level copies its caption twice into the output. */
function nestedIllustrations(levels: number): string {
  let tex = 'A caption.';
  for (let i = 0; i < levels; i++) tex = `\\illustration{0.5}{a.png}{${tex}}`;
  return `\\problemname{Nested}\n${tex}\n`;
}

/** A YAML map of `bytes` bytes of distinct keys (parsing time grows with their square). */
function manyKeys(bytes: number, first = ''): string {
  let yaml = first;
  for (let i = 0; yaml.length < bytes - 16; i++) yaml += `key${i}: ${i}\n`;
  return yaml;
}

describe('package imports do bounded work, off the event loop', () => {
  let t: TestApp;
  let admin: SeededUser;
  let base: string;

  beforeAll(async () => {
    t = await startApp();
    await resetDatabase(t.db);
    admin = await seedUser(t, ['admin']);
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => t?.close());

  const problems = async () => (await t.db.query(`SELECT count(*)::int AS n FROM problems`))[0].n as number;

  async function importZip(zip: Buffer): Promise<{ status: number; error?: string }> {
    const res = await fetch(`${base}/api/problems/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/zip' },
      body: zip,
    });
    const body = (await res.json()) as { error?: string };
    return { status: res.status, error: body.error };
  }

  it('refuses a LaTeX statement that nests \\illustration 24 levels deep with a 400 naming it, storing nothing', async () => {
    const before = await problems();
    const zip = buildZip({ 'problem_statement/problem.en.tex': nestedIllustrations(24), ...SAMPLE });
    expect(zip.length).toBeLessThan(2_000);
    expect(await importZip(zip)).toEqual({
      status: 400,
      error: `problem_statement/problem.en.tex converts to a statement of more than ${PACKAGE_LIMITS.maxStatementCharacters.toLocaleString('en-US')} characters`,
    });
    expect(await problems()).toBe(before);
  });

  it('refuses a 512 KB problem.yaml by its size, before parsing it, and YAML files too large together', async () => {
    const big = buildZip({ 'problem.yaml': manyKeys(512 * 1024, 'name: Big\n'), ...SAMPLE });
    expect(await importZip(big)).toEqual({
      status: 400,
      error: `problem.yaml is larger than 8 KB: a package's YAML files hold a few settings, never that much`,
    });
    const groups = Object.fromEntries(
      [1, 2, 3, 4, 5].map((g) => [`data/secret/g${g}/testdata.yaml`, manyKeys(7 * 1024)]),
    );
    const many = buildZip({ 'problem.yaml': 'name: Groups\n', ...groups, ...SAMPLE });
    expect(await importZip(many)).toEqual({
      status: 400,
      error:
        "The package's YAML files (problem.yaml, testdata.yaml, test_group.yaml) hold more than 32 KB together",
    });
  });

  it('refuses a Markdown statement longer than the limit, naming it', async () => {
    const zip = buildZip({
      'problem_statement/problem.en.md': 'word '.repeat(PACKAGE_LIMITS.maxStatementCharacters / 4),
      ...SAMPLE,
    });
    const res = await importZip(zip);
    expect(res.status).toBe(400);
    expect(res.error).toContain('problem_statement/problem.en.md converts to a statement of more than');
  });

  it('answers other requests while a package is read: none waits more than a fraction of the import', async () => {
    // As much reading as the bounds allow: YAML near its caps, and a LaTeX statement near its source's
    // size whose groups nest near the deepest allowed (each level rescans the rest), which ends in a 400.
    const yaml = Object.fromEntries(
      [1, 2, 3].map((g) => [`data/secret/g${g}/testdata.yaml`, manyKeys(7_800)]),
    );
    const depth = MAX_NESTING_USED;
    const tex = '\\textbf{'.repeat(depth) + 'word '.repeat(190_000) + '}'.repeat(depth);
    expect(tex.length).toBeLessThan(PACKAGE_LIMITS.maxStatementSourceBytes);
    const zip = buildZip({
      'problem.yaml': manyKeys(7_800, 'name: Heavy\n'),
      ...yaml,
      'problem_statement/problem.en.tex': tex,
      ...SAMPLE,
    });
    // The pinger runs on a thread of its own: the test shares the API's event loop, so it could not
    // tell a stalled loop from a quiet one.
    const pinger = new Worker(PINGER, { eval: true, workerData: { url: `${base}/api/time` } });
    const latenciesOf = new Promise<number[]>((resolve) => pinger.once('message', resolve));
    await new Promise((resolve) => pinger.once('online', resolve));
    const started = Date.now();
    const result = await importZip(zip);
    const importMs = Date.now() - started;
    pinger.postMessage('stop');
    const latencies = await latenciesOf;
    await pinger.terminate();
    expect(result.status).toBe(400);
    expect(result.error).toContain('problem_statement/problem.en.tex converts to a statement of more than');
    expect(latencies.length).toBeGreaterThan(2);
    // Reading on the event loop, a request sent meanwhile waited for nearly the whole import.
    expect(Math.max(...latencies)).toBeLessThan(importMs / 2);
  });
});
