// CLICS event feed benchmark (issue 32): an ICPC contest of 300 teams, 10 problems (10 tests each) and
// 5,000 judged submissions (with per-test results, so 50,000 runs for an admin), loaded with set-based SQL
// into a fresh database; then the built API (apps/api/dist/main.js) answers its event feed:
//   - the first full read (the log is empty: the sync backfills every event, then the read),
//   - a full read again (an idle sync, then every logged event), as an admin and as the public,
//   - an idle sync: a resume from the last token when nothing changed (the sync finds the sources'
//     fingerprint unchanged; the read finds nothing), median of --idle reads, and the API's CPU for them,
//   - a resume after one new judged submission (the sync reads the 5,000 submits' versions, the one new
//     submit's results, and appends its events), and after a contest edit (its title).
// Prints each read's wall time and the API process's CPU time for it (the latter hardly depends on the
// machine's load). Prints figures.
//   node bench/clics/run.mjs [--teams 300] [--submissions 5000] [--idle 40] [--port 3910]
//                            [--database javelin_bench_clics] [--prefix bench-clics] [--cpu-prof DIR]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { freshBenchDatabase, parseArgs, processCpuMs, startBuiltApi } from '../lib/common.mjs';

const args = parseArgs();
const TEAMS = Number(args.teams ?? 300);
const SUBMISSIONS = Number(args.submissions ?? 5_000);
const IDLE = Number(args.idle ?? 40);
const PROBLEMS = 10;
const TESTS = 10;
const PORT = Number(args.port ?? 3910);
const DB = args.database ?? 'javelin_bench_clics';
const PREFIX = args.prefix ?? 'bench-clics';
const JWT_SECRET = `bench-clics-${randomBytes(16).toString('hex')}`;
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DB}`;

const freshDatabase = () => freshBenchDatabase(DB);

/** The contest: started 2 h ago, 3 h long, the last hour frozen (so 1/3 of the submits are hidden from the public). */
async function load(db) {
  const started = Date.now();
  await db.query(
    `INSERT INTO users (email, username, full_name, password_hash, email_verified)
     SELECT 'u' || i || '@bench.local', 'u' || i, 'Bench Team ' || i, NULL, true FROM generate_series(0, $1) i`,
    [TEAMS],
  );
  await db.query(`INSERT INTO profiles (user_id) SELECT id FROM users`);
  await db.query(
    `INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM users WHERE username = 'u0'`,
  );
  await db.query(
    `INSERT INTO organizations (name, formal_name, country)
     SELECT 'Org ' || i, 'Organization ' || i, 'NOR' FROM generate_series(1, 30) i`,
  );
  await db.query(
    `UPDATE profiles p SET organization_id = o.id
       FROM users u, organizations o
      WHERE u.id = p.user_id AND u.username <> 'u0' AND o.name = 'Org ' || (1 + substr(u.username, 2)::int % 30)`,
  );
  await db.query(
    `INSERT INTO problems (title, description, function_name, points, difficulty)
     SELECT 'Problem ' || i, 'Statement ' || i, 'solve', 10, 'easy' FROM generate_series(1, $1) i`,
    [PROBLEMS],
  );
  await db.query(
    `INSERT INTO test_cases (problem_id, position, input, expected_output)
     SELECT p.id, t, t::text, t::text FROM problems p CROSS JOIN generate_series(0, $1 - 1) t`,
    [TESTS],
  );
  const {
    rows: [contest],
  } = await db.query(
    `INSERT INTO contests (title, start_time, end_time, max_participants, format, freeze_minutes, penalty_minutes)
     VALUES ('Bench ICPC', now() - interval '2 hours', now() + interval '1 hour', $1, 'icpc', 60, 20) RETURNING id`,
    [TEAMS + 1],
  );
  await db.query(
    `INSERT INTO contest_problems (contest_id, problem_id, position, points)
     SELECT $1, id, row_number() OVER (ORDER BY title) - 1, 10 FROM problems`,
    [contest.id],
  );
  await db.query(
    `INSERT INTO contest_participants (contest_id, user_id, joined_at)
     SELECT $1, id, now() - interval '3 hours' FROM users`,
    [contest.id],
  );
  await db.query(`UPDATE contests SET participant_count = $2 WHERE id = $1`, [contest.id, TEAMS + 1]);
  // Submits spread over the 2 h so far (the last hour is the freeze's first), a third of them accepted.
  await db.query(
    `INSERT INTO judgements (user_id, problem_id, contest_id, code_hash, all_tests, verdict, passed_count, total_count,
                             max_time_ms, created_at, code, results)
     SELECT u.id, p.id, $1, md5(i::text) || md5(i::text), true,
            CASE WHEN i % 3 = 0 THEN 'accepted' ELSE 'wrong_answer' END, 10, 10, 100 + i % 400,
            now() - interval '2 hours' + (i * interval '7200 seconds' / $2), 'class Main {}',
            (SELECT jsonb_agg(jsonb_build_object('testCaseId', t::text, 'input', '', 'expectedOutput', '',
                    'actualOutput', '', 'passed', true, 'executionTime', 50 + t, 'error', '', 'isExample', false,
                    'verdict', 'accepted')) FROM generate_series(1, $3) t)
       FROM generate_series(1, $2) i
       JOIN users u ON u.username = 'u' || (1 + i % $4)
       JOIN problems p ON p.title = 'Problem ' || (1 + (i / 7) % $5)`,
    [contest.id, SUBMISSIONS, TESTS, TEAMS, PROBLEMS],
  );
  await db.query(
    `INSERT INTO contest_clarifications (contest_id, user_id, question, answer, is_public, answered_at)
     SELECT $1, u.id, 'Question ' || u.username, 'Answer', u.username LIKE '%5', now()
       FROM users u WHERE u.username LIKE 'u1%'`,
    [contest.id],
  );
  console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return contest.id;
}

const startApi = () =>
  startBuiltApi({
    port: PORT,
    cpuProfDir: args['cpu-prof'],
    env: { DATABASE_URL, REDIS_PREFIX: PREFIX, JWT_SECRET, JUDGE_QUEUE_PREFIX: PREFIX },
  });
const cpuMs = processCpuMs;

let apiPid = 0;
async function read(url, headers) {
  const c0 = cpuMs(apiPid);
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const cpu = cpuMs(apiPid) - c0;
  return {
    ms,
    cpu,
    bytes: text.length,
    events: lines.length,
    last: lines.length ? JSON.parse(lines.at(-1)).token : null,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(1)} ms`;

async function main() {
  const load0 = loadavg()[0];
  await freshDatabase();
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const contestId = await load(db);
  const {
    rows: [adminUser],
  } = await db.query(`SELECT id FROM users WHERE username = 'u0'`);
  const admin = {
    Authorization: `Bearer ${jwt.sign({ sub: adminUser.id }, JWT_SECRET, { expiresIn: '1h' })}`,
  };
  const api = await startApi();
  apiPid = api.pid;
  const feed = `http://127.0.0.1:${PORT}/api/clics/contests/${contestId}/event-feed?stream=false`;
  try {
    const rows = [];
    const first = await read(feed, admin);
    rows.push(['first full read, admin (backfill sync + read)', first]);
    const logged = (
      await db.query(`SELECT count(*)::int AS n FROM clics_events WHERE contest_id = $1`, [contestId])
    ).rows[0].n;
    rows.push(['full read again, admin (idle sync + read)', await read(feed, admin)]);
    const publicRead = await read(feed, {});
    rows.push(['full read, public (idle sync + read)', publicRead]);

    const since = `${feed}&since_token=${first.last}`;
    await read(since, admin);
    const idle = [];
    const cpu0 = cpuMs(api.pid);
    for (let i = 0; i < IDLE; i++) idle.push((await read(since, admin)).ms);
    const idleCpu = (cpuMs(api.pid) - cpu0) / IDLE;

    await db.query(
      `INSERT INTO judgements (user_id, problem_id, contest_id, code_hash, all_tests, verdict, passed_count, total_count,
                               max_time_ms, created_at, code, results)
       SELECT user_id, problem_id, contest_id, code_hash, true, 'accepted', 10, 10, 99, now(), code, results
         FROM judgements WHERE contest_id = $1 LIMIT 1`,
      [contestId],
    );
    const oneMore = await read(since, admin);
    rows.push(['resume after 1 new submission, admin (sync appends it)', oneMore]);
    await db.query(`UPDATE contests SET title = 'Bench ICPC (renamed)' WHERE id = $1`, [contestId]);
    rows.push([
      'resume after a contest title edit, admin',
      await read(`${feed}&since_token=${oneMore.last}`, admin),
    ]);

    console.log(
      `\nCLICS event feed: ${TEAMS} teams, ${PROBLEMS} problems × ${TESTS} tests, ${SUBMISSIONS} submissions; ${logged} log rows`,
    );
    console.log(`machine: ${new Date().toISOString()}, load average (1 min) ${load0.toFixed(2)} at start`);
    console.log(
      `${'read'.padEnd(58)} ${'time'.padStart(10)} ${'API CPU'.padStart(10)} ${'events'.padStart(8)} ${'bytes'.padStart(11)}`,
    );
    for (const [name, r] of rows)
      console.log(
        `${name.padEnd(58)} ${fmt(r.ms).padStart(10)} ${fmt(r.cpu).padStart(10)} ${String(r.events).padStart(8)} ${String(r.bytes).padStart(11)}`,
      );
    console.log(
      `${'idle sync: resume from the last token, nothing new'.padEnd(58)} ${fmt(median(idle)).padStart(10)} (median of ${IDLE}; p90 ${fmt(
        [...idle].sort((a, b) => a - b)[Math.floor(IDLE * 0.9)],
      )}; API CPU ${idleCpu.toFixed(1)} ms per read)`,
    );
    console.log(`load average (1 min) at end: ${loadavg()[0].toFixed(2)}`);
  } finally {
    api.kill('SIGINT');
    await new Promise((r) => api.once('exit', r));
    await db.end();
  }
}

await main();
