#!/usr/bin/env node
// Plagiarism report: how long the background check takes for a contest of the contest-day bench's
// size, whether it finds a planted copy, and whether the API keeps answering while it runs.
//
//   npx nx run-many -t build -p contracts java-io api
//   node bench/plagiarism/run.mjs [--participants 500] [--seed 7] [--threshold 0.7] [--json out.json]
//
// It starts a private PostgreSQL cluster, a private redis-server and the built API (as the contest-day
// bench does), inserts an ended contest with five problems (each with its boilerplate), N participants
// and one accepted submission per participant and problem (generated independent solutions: a few
// algorithms, each in many styles), of which one participant's maxSubarray solution is a copy of
// another's with every identifier renamed. Then, as an admin through HTTP: POST
// /api/admin/contests/:id/plagiarism, and GET it every 250 ms until done, while a reader loop times GET
// /api/contests/:id (the event loop must stay free: Dolos runs on its own thread). It prints the
// check's time (start → done) and per-problem progress times, the pairs found, where the planted pair
// ranks, and the reader's latency during the check.
//
// Exit status 0 only when the check finished and reported the planted pair.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { migrate, sleep, startApi, startPostgres, startRedis } from '../contest-day/stack.mjs';
import { benchAdmin, clockLog, machineLine, options, pct, requireFromRoot as require } from '../lib/common.mjs';
import { boilerplate, independentSolution, PLANTED_ORIGINAL, plantedCopy, PROBLEMS, prng } from './solutions.mjs';

const { Client } = require('pg');

const opt = options();
const PARTICIPANTS = Number(opt('participants', 500));
const SEED = Number(opt('seed', 7));
const THRESHOLD = Number(opt('threshold', 0.7));
const JSON_OUT = opt('json', '');
const PLANTED_PROBLEM = 'maxSubarray';

const started = Date.now();
const log = clockLog(started);

async function call(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

const cleanups = [];
async function cleanup() {
  for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => undefined);
}

async function main() {
  log(`plagiarism: ${PARTICIPANTS} participants x ${PROBLEMS.length} problems, threshold ${THRESHOLD}, seed ${SEED}`);
  const pg = await startPostgres(log);
  cleanups.push(() => pg.destroy());
  const redis = await startRedis(log);
  cleanups.push(() => redis.destroy());
  const databaseUrl = pg.url('javelin_bench');
  migrate(databaseUrl);
  const api = await startApi({ databaseUrl, redisUrl: redis.url, prefix: `pl${randomBytes(3).toString('hex')}` }, log);
  cleanups.push(async () => {
    await api.kill('SIGTERM');
    api.cleanup();
  });
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());

  // ---------------------------------------------------------------- the contest, straight into PostgreSQL
  const { id: adminId, token } = await benchAdmin(db, api.url);

  const problemIds = {};
  for (const name of PROBLEMS) {
    const { rows } = await db.query(
      `INSERT INTO problems (title, description, function_name, boilerplate_code, is_visible)
       VALUES ($1, 'bench', $2, $3, false) RETURNING id`,
      [name, name, boilerplate(name)],
    );
    problemIds[name] = rows[0].id;
  }
  const { rows: contestRows } = await db.query(
    `INSERT INTO contests (title, start_time, end_time, max_participants, participant_count, created_by)
     VALUES ('Plagiarism bench', now() - interval '3 hours', now() - interval '1 hour', $1, $1, $2) RETURNING id`,
    [PARTICIPANTS, adminId],
  );
  const contestId = contestRows[0].id;
  for (const [position, name] of PROBLEMS.entries())
    await db.query(`INSERT INTO contest_problems (contest_id, problem_id, position, points) VALUES ($1, $2, $3, 100)`, [
      contestId,
      problemIds[name],
      position,
    ]);
  const { rows: users } = await db.query(
    `INSERT INTO users (email, username, full_name, password_hash, email_verified)
     SELECT 'p' || g || '@bench.local', 'p' || g, 'Participant ' || g, $1, true FROM generate_series(1, $2) g
     RETURNING id, username`,
    [hash, PARTICIPANTS],
  );
  await db.query(`INSERT INTO contest_participants (contest_id, user_id) SELECT $1, unnest($2::uuid[])`, [
    contestId,
    users.map((u) => u.id),
  ]);
  const rand = prng(SEED);
  const original = Math.floor(PARTICIPANTS * 0.1);
  const copier = Math.floor(PARTICIPANTS * 0.8);
  let lines = 0;
  for (const name of PROBLEMS) {
    const codes = users.map(() => independentSolution(name, rand));
    if (name === PLANTED_PROBLEM) {
      codes[original] = PLANTED_ORIGINAL;
      codes[copier] = plantedCopy(PLANTED_ORIGINAL);
    }
    lines += codes.reduce((n, c) => n + c.split('\n').length, 0);
    await db.query(
      `INSERT INTO submissions (user_id, problem_id, contest_id, code, language, status, test_cases_passed, total_test_cases, created_at)
       SELECT u, $2, $3, c, 'java', 'accepted', 5, 5, now() - interval '2 hours' FROM unnest($1::uuid[], $4::text[]) AS x(u, c)`,
      [users.map((u) => u.id), problemIds[name], contestId, codes],
    );
  }
  log(
    `seeded: ${users.length} participants, ${users.length * PROBLEMS.length} accepted solutions (${Math.round(lines / (users.length * PROBLEMS.length))} lines each on average); planted: ${users[copier].username} copied ${users[original].username} on ${PLANTED_PROBLEM}`,
  );

  // ---------------------------------------------------------------- the check, as an admin would run it
  const path = `/api/admin/contests/${contestId}/plagiarism`;
  let reads = [];
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const t0 = performance.now();
      const res = await fetch(`${api.url}/api/contests/${contestId}`);
      await res.arrayBuffer();
      reads.push(performance.now() - t0);
      await sleep(50);
    }
  })();
  // The same reads for a few seconds before the check, to compare with.
  await sleep(5_000);
  const baseline = reads;
  reads = [];

  const load = { start: loadavg()[0] };
  const t0 = performance.now();
  const start = await call(api.url, 'POST', path, token, { threshold: THRESHOLD });
  const postMs = performance.now() - t0;
  if (start.status !== 202) throw new Error(`POST ${path}: ${start.status} ${JSON.stringify(start.body)}`);
  log(`POST answered 202 "${start.body.status}" in ${postMs.toFixed(0)} ms; polling`);
  const progressAt = [];
  let report;
  for (;;) {
    report = (await call(api.url, 'GET', path, token)).body;
    const elapsed = performance.now() - t0;
    if (report.progress.done > progressAt.length) {
      while (progressAt.length < report.progress.done) progressAt.push(elapsed);
      log(`progress ${report.progress.done}/${report.progress.total} at ${(elapsed / 1000).toFixed(1)} s`);
    }
    if (report.status === 'done' || report.status === 'failed') break;
    if (elapsed > 30 * 60_000) throw new Error('the check did not finish within 30 minutes');
    await sleep(250);
  }
  const totalMs = performance.now() - t0;
  load.end = loadavg()[0];
  reading = false;
  await reader;
  if (report.status !== 'done') throw new Error(`the check failed: ${report.error}`);

  const pairs = report.pairs;
  const plantedIds = new Set([users[original].id, users[copier].id]);
  const rank = pairs.findIndex((p) => plantedIds.has(p.userA) && plantedIds.has(p.userB));
  const inProblem = pairs.filter((p) => p.problemId === problemIds[PLANTED_PROBLEM]);
  const rankInProblem = inProblem.findIndex((p) => plantedIds.has(p.userA) && plantedIds.has(p.userB));
  const byProblem = Object.fromEntries(PROBLEMS.map((n) => [n, pairs.filter((p) => p.problemId === problemIds[n]).length]));
  const perProblem = progressAt.map((at, i) => at - (progressAt[i - 1] ?? 0));

  console.log('');
  console.log(machineLine(load.start, load.end));
  console.log(`contest: ${PARTICIPANTS} participants x ${PROBLEMS.length} problems = ${PARTICIPANTS * PROBLEMS.length} accepted solutions, ${(PARTICIPANTS * (PARTICIPANTS - 1)) / 2} pairs per problem`);
  console.log(`check: POST answered in ${postMs.toFixed(0)} ms; start -> done ${(totalMs / 1000).toFixed(1)} s`);
  console.log(`per problem (s): ${PROBLEMS.map((n, i) => `${n} ${((perProblem[i] ?? NaN) / 1000).toFixed(1)}`).join(', ')}`);
  console.log(`pairs at or above ${THRESHOLD}: ${pairs.length} (${PROBLEMS.map((n) => `${n} ${byProblem[n]}`).join(', ')})`);
  console.log(
    rank >= 0
      ? `planted copy: FOUND, similarity ${pairs[rank].similarity.toFixed(3)}, rank ${rankInProblem + 1} of ${inProblem.length} in ${PLANTED_PROBLEM}, ${rank + 1} of ${pairs.length} overall`
      : 'planted copy: NOT FOUND',
  );
  const latency = (xs) => `${xs.length} reads, p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
  console.log(`GET /api/contests/:id before the check: ${latency(baseline)}`);
  console.log(`GET /api/contests/:id during the check: ${latency(reads)}`);
  if (JSON_OUT)
    writeFileSync(
      JSON_OUT,
      JSON.stringify({ participants: PARTICIPANTS, totalMs, postMs, perProblem, pairs: pairs.length, byProblem, plantedRank: rank + 1, baseline, reads, load }, null, 2),
    );
  return rank >= 0;
}

main()
  .then(async (found) => {
    await cleanup();
    process.exit(found ? 0 : 1);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
