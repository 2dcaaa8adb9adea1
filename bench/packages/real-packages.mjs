// Real problem packages through the whole stack (issue 42): each folder given is zipped as it is,
// imported with POST /api/problems/import, and verified with POST /api/problems/:id/verify: every Java
// jury submission must get a verdict its folder allows. Prints, per package, how the time limit was set
// and a row per Java submission (verdict, slowest test, the limit).
//
//   node bench/packages/real-packages.mjs <package folder> [<package folder> …]
//
// The packages are read from wherever they are (e.g. a snapshot of Kattis/problemtools' examples/ or
// DOMjudge's example_problems/); nothing of them is kept. Needs the built API and judge, PostgreSQL
// and Redis binaries (the stack is private: its own cluster, server and ports).
import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { benchAdmin, clockLog, machineLine, pct, processCpuMs, requireFromRoot } from '../lib/common.mjs';
import { migrate, startApi, startJudge, startPostgres, startRedis } from '../contest-day/stack.mjs';

const log = clockLog();
// --reverify N: verify each package N more times and print the API's CPU per judged jury submission
// (what one judge job of that problem costs the API: loading its tests, building and queueing the job).
const reverifyAt = process.argv.indexOf('--reverify');
const reverify = reverifyAt >= 0 ? Number(process.argv[reverifyAt + 1]) : 0;
const folders = process.argv
  .slice(2)
  .filter((a, i, all) => a !== '--reverify' && all[i - 1] !== '--reverify')
  .map((f) => resolve(f));
if (folders.length === 0) {
  console.error('usage: node bench/packages/real-packages.mjs <package folder> [...]');
  process.exit(2);
}
/** How long the API's idle CPU is measured before the re-verifies. */
const IDLE_WINDOW_MS = 20_000;
const yazl = requireFromRoot('yazl');
const { Client } = requireFromRoot('pg');

/** The folder as a zip, symlinks followed as the format's tools follow them (a missing target is left out). */
function zipFolder(root) {
  const zip = new yazl.ZipFile();
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path);
      else if (stat.isSymbolicLink()) {
        try {
          zip.addBuffer(readFileSync(resolve(dir, readlinkSync(path))), relative(root, path));
        } catch {
          /* dangling */
        }
      } else if (stat.isFile()) zip.addBuffer(readFileSync(path), relative(root, path));
    }
  };
  walk(root);
  zip.end();
  return new Promise((done, fail) => {
    const chunks = [];
    zip.outputStream.on('data', (c) => chunks.push(c));
    zip.outputStream.on('end', () => done(Buffer.concat(chunks)));
    zip.outputStream.on('error', fail);
  });
}

/** A request to the private API over node:http: no client-side timeout (verifying a real problem's jury takes minutes). */
function call(base, method, path, token, body, type = 'application/json') {
  const payload =
    body === undefined ? undefined : type === 'application/json' ? Buffer.from(JSON.stringify(body)) : body;
  return new Promise((done, fail) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        headers: {
          'content-type': type,
          ...(payload ? { 'content-length': payload.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          done({ status: res.statusCode, body: parsed });
        });
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

/** The last lines of a stack process's output that say something went wrong (for a verify that failed). */
function troubleOf(proc) {
  return proc
    .output()
    .split('\n')
    .filter((l) => /error|refus|fail|unavailable|exceed|killed/i.test(l))
    .slice(-8)
    .map((l) => `    ${proc.name}: ${l.slice(0, 300)}`)
    .join('\n');
}

const cleanups = [];
async function main() {
  const loadAtStart = loadavg()[0];
  const pg = await startPostgres(log);
  cleanups.push(() => pg.destroy());
  const redis = await startRedis(log);
  cleanups.push(() => redis.destroy());
  const databaseUrl = pg.url('javelin_bench');
  migrate(databaseUrl);
  const prefix = `rp${randomBytes(3).toString('hex')}`;
  const judge = await startJudge({ redisUrl: redis.url, prefix, concurrency: 1, index: 0 }, log);
  cleanups.push(() => judge.kill('SIGTERM'));
  const api = await startApi(
    { databaseUrl, redisUrl: redis.url, prefix, env: { JUDGE_RESULT_TIMEOUT_MS: '600000' } },
    log,
  );
  cleanups.push(async () => {
    await api.kill('SIGTERM');
    api.cleanup();
  });
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  const { token } = await benchAdmin(db, api.url);

  let bad = 0;
  let refused = 0;
  for (const folder of folders) {
    const name = basename(folder);
    const imported = await call(
      api.url,
      'POST',
      '/api/problems/import',
      token,
      await zipFolder(folder),
      'application/zip',
    );
    if (imported.status !== 201) {
      // A refusal is counted apart: the README says what Javelin does not host, and why.
      console.log(`\n${name}: refused (${imported.status}): ${imported.body?.message}`);
      refused++;
      continue;
    }
    const problem = (await call(api.url, 'GET', `/api/problems/${imported.body._id}`, token)).body;
    console.log(
      `\n${name}: imported (${problem.interaction ?? 'none'}), time limit ${problem.timeLimitMs} ms`,
    );
    for (const w of imported.body.warnings) console.log(`  warning: ${w}`);
    const verified = await call(api.url, 'POST', `/api/problems/${imported.body._id}/verify`, token);
    if (verified.status === 400 && /no jury submissions/.test(verified.body?.message ?? '')) {
      console.log('  no Java jury submission to verify');
      continue;
    }
    if (verified.status !== 200) {
      console.log(`  verify ${verified.status} ${verified.body?.message}`);
      console.log(troubleOf(judge));
      console.log(troubleOf(api));
      bad++;
      continue;
    }
    if (reverify > 0) {
      // What the API spends idle (its timers and queue connections) over a verify's minutes is not the
      // jobs': its rate is measured apart, with nothing queued, and taken off each verify's CPU.
      const idleFrom = processCpuMs(api.proc.pid);
      const idleAt = performance.now();
      await new Promise((r) => setTimeout(r, IDLE_WINDOW_MS));
      const idlePerMs = (processCpuMs(api.proc.pid) - idleFrom) / (performance.now() - idleAt);
      const perJob = [];
      const netPerJob = [];
      for (let i = 0; i < reverify; i++) {
        const before = processCpuMs(api.proc.pid);
        const startedAt = performance.now();
        const again = await call(api.url, 'POST', `/api/problems/${imported.body._id}/verify`, token);
        if (again.status !== 200) break;
        const cpu = processCpuMs(api.proc.pid) - before;
        const jobs = again.body.submissions.length;
        perJob.push(cpu / jobs);
        netPerJob.push((cpu - idlePerMs * (performance.now() - startedAt)) / jobs);
      }
      const line = (xs) =>
        `median ${Math.round(pct(xs, 50))} ms (min ${Math.round(Math.min(...xs))}, max ${Math.round(Math.max(...xs))})`;
      console.log(`  API CPU per judged jury submission over ${perJob.length} re-verifies: ${line(perJob)}`);
      console.log(
        `  the same net of the API's idle CPU (${(idlePerMs * 1000).toFixed(1)} ms per s, over each verify's wall time): ${line(netPerJob)}`,
      );
    }
    for (const s of verified.body.submissions) {
      if (!s.ok) bad++;
      console.log(
        `  ${s.ok ? 'ok  ' : 'BAD '} ${s.path.padEnd(64)} ${s.verdict.padEnd(22)} slowest ${String(s.maxTimeMs).padStart(5)} ms of ${s.timeLimitMs} ms (allowed: ${s.expected.join(', ')})`,
      );
    }
  }
  console.log(`\n${machineLine(loadAtStart)}`);
  console.log(`packages: ${folders.length}, refused: ${refused}`);
  console.log(
    `RESULT ${bad === 0 ? 'PASS' : `FAIL (${bad} package(s) or submission(s) not as their folders allow)`}`,
  );
  process.exitCode = bad === 0 ? 0 : 1;
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => undefined);
  });
