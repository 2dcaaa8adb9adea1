// Leaderboard benchmark (issue 4): 10,000 participants × 10 problems, then GET /api/leaderboard/contests/:id
// and GET /api/contests at a fixed request rate from a second process (load.mjs: Poisson arrivals, then autocannon), which
// decodes and checks every answer's body. Prints figures.
//   node bench/leaderboard/run.mjs [--participants 10000] [--rate 500] [--duration 20] [--port 3900]
//                                  [--database javelin_bench_leaderboard] [--prefix bench-leaderboard]
//                                  [--cpu-prof DIR]   (the API writes a V8 CPU profile of the whole run to DIR)
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { freshBenchDatabase, parseArgs, processCpuMs, ROOT, startBuiltApi } from '../lib/common.mjs';

const execFileAsync = promisify(execFile);
const args = parseArgs();
const PARTICIPANTS = Number(args.participants ?? 10_000);
const PROBLEMS = 10;
const CONTESTS = 20;
const RATE = Number(args.rate ?? 500);
const DURATION = Number(args.duration ?? 20);
const PORT = Number(args.port ?? 3900);
const DB = args.database ?? 'javelin_bench_leaderboard';
const PREFIX = args.prefix ?? 'bench-leaderboard';
const JWT_SECRET = `bench-leaderboard-${randomBytes(16).toString('hex')}`;
/** /metrics is served only behind a token (or on a port of its own): the bench reads the event-loop delay there. */
const METRICS_TOKEN = `bench-${randomBytes(16).toString('hex')}`;
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DB}`;

const freshDatabase = () => freshBenchDatabase(DB);

/** Loads users, problems, contests, participants, solves and the maintained standings with set-based SQL. */
async function load() {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const started = Date.now();
  await db.query(
    `
    INSERT INTO users (email, username, full_name, password_hash, email_verified)
    SELECT 'u' || i || '@bench.local', 'u' || i, 'Bench User ' || i, NULL, true FROM generate_series(1, $1) i`,
    [PARTICIPANTS],
  );
  await db.query(`INSERT INTO profiles (user_id) SELECT id FROM users`);
  await db.query(
    `
    INSERT INTO problems (title, description, function_name, points, difficulty)
    SELECT 'Problem ' || i, 'Statement ' || i, 'solve', 10 * (1 + i % 3), (ARRAY['easy','medium','hard'])[1 + i % 3]
      FROM generate_series(1, $1) i`,
    [PROBLEMS],
  );
  await db.query(
    `
    INSERT INTO contests (title, description, start_time, end_time, max_participants)
    SELECT 'Contest ' || i, 'Bench contest ' || i, now() - interval '1 hour' + (i || ' days')::interval,
           now() + interval '1 hour' + (i || ' days')::interval, $1
      FROM generate_series(0, $2 - 1) i`,
    [PARTICIPANTS, CONTESTS],
  );
  const {
    rows: [contest],
  } = await db.query(`SELECT id FROM contests ORDER BY start_time LIMIT 1`);
  await db.query(`
    INSERT INTO contest_problems (contest_id, problem_id, position, points)
    SELECT c.id, p.id, row_number() OVER (PARTITION BY c.id ORDER BY p.title) - 1, p.points FROM contests c CROSS JOIN problems p`);
  await db.query(`INSERT INTO contest_participants (contest_id, user_id) SELECT $1, id FROM users`, [
    contest.id,
  ]);
  await db.query(`UPDATE contests SET participant_count = $2 WHERE id = $1`, [contest.id, PARTICIPANTS]);
  // Each participant solved a pseudo-random subset of the problems at pseudo-random times.
  await db.query(
    `
    INSERT INTO solved_problems (user_id, problem_id, contest_id, points, solved_at)
    SELECT u.id, p.id, $1, p.points, now() - interval '1 hour' + (hashtext(u.id::text || p.id::text) % 3600 + 3600) % 3600 * interval '1 second'
      FROM users u CROSS JOIN problems p
     WHERE hashtext(p.id::text || u.id::text) % 3 <> 0`,
    [contest.id],
  );
  // One scoreboard cell per (participant, problem) tried: the solves, plus unsolved tries on a third of the rest.
  await db.query(
    `
    INSERT INTO contest_cells (contest_id, user_id, problem_id, attempts, accepted_at, points, visible_attempts, visible_accepted_at, pending)
    SELECT $1, u.id, p.id, abs(hashtext(u.id::text || 'tries' || p.id::text)) % 4, sp.solved_at, COALESCE(sp.points, 0),
           abs(hashtext(u.id::text || 'tries' || p.id::text)) % 4,
           CASE WHEN sp.solved_at < now() THEN sp.solved_at END, 0
      FROM users u CROSS JOIN problems p
      LEFT JOIN solved_problems sp ON sp.user_id = u.id AND sp.problem_id = p.id AND sp.contest_id = $1
     WHERE sp.id IS NOT NULL OR hashtext(u.id::text || p.id::text) % 3 = 0`,
    [contest.id],
  );
  await db.query(
    `
    INSERT INTO contest_scores (contest_id, user_id, score, problems_solved, penalty, last_improved_at, last_accepted_at,
                                visible_score, visible_solved, visible_penalty, visible_last_improved_at, visible_last_accepted_at)
    SELECT contest_id, user_id, COALESCE(sum(points) FILTER (WHERE accepted_at IS NOT NULL), 0), count(accepted_at),
           COALESCE(sum(floor(extract(epoch FROM accepted_at - (now() - interval '1 hour')) / 60) + 20 * attempts) FILTER (WHERE accepted_at IS NOT NULL), 0),
           max(accepted_at), max(accepted_at),
           COALESCE(sum(points) FILTER (WHERE accepted_at IS NOT NULL), 0), count(accepted_at),
           COALESCE(sum(floor(extract(epoch FROM accepted_at - (now() - interval '1 hour')) / 60) + 20 * attempts) FILTER (WHERE accepted_at IS NOT NULL), 0),
           max(accepted_at), max(accepted_at)
      FROM contest_cells WHERE contest_id = $1 GROUP BY contest_id, user_id`,
    [contest.id],
  );
  await db.query('ANALYZE');
  const {
    rows: [counts],
  } = await db.query(`
    SELECT (SELECT count(*) FROM contest_participants)::int AS participants,
           (SELECT count(*) FROM solved_problems)::int AS solves,
           (SELECT count(*) FROM contest_scores)::int AS standings,
           (SELECT count(*) FROM contest_cells)::int AS cells`);
  await db.end();
  console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  return contest.id;
}

const startApi = () =>
  startBuiltApi({
    port: PORT,
    cpuProfDir: args['cpu-prof'],
    env: { DATABASE_URL, REDIS_PREFIX: PREFIX, JWT_SECRET, METRICS_TOKEN, JUDGE_QUEUE_PREFIX: PREFIX },
  });
const cpuMs = processCpuMs;

/** The PostgreSQL server processes serving the bench database (the API's pool). */
async function backendPids() {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const { rows } = await db.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [DB],
  );
  await db.end();
  return rows.map((r) => r.pid);
}

/** The API's event-loop delay percentiles since the last scrape (prom-client resets them as it reads). */
async function eventLoopDelay(base) {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const read = (name) => Number(text.match(new RegExp(`^${name} (\\S+)`, 'm'))?.[1] ?? NaN) * 1000;
  return { p99: read('nodejs_eventloop_lag_p99_seconds'), max: read('nodejs_eventloop_lag_max_seconds') };
}

/**
 * autocannon in its own process (load.mjs), at a fixed overall request rate, every body decoded and
 * checked; asynchronous, so this process keeps handling its own idle keep-alive sockets meanwhile.
 * Beside latency, what each request cost in CPU: the API process's and its PostgreSQL backends'
 * (figures that depend far less on what else the machine runs than latency does).
 */
async function load_test(url, check, tokens, arrivals = 'poisson') {
  const base = new URL(url).origin;
  await eventLoopDelay(base);
  const pids = await backendPids();
  const before = { api: cpuMs(api.pid), db: pids.map(cpuMs) };
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      join(ROOT, 'bench/leaderboard/load.mjs'),
      '--url',
      url,
      '--check',
      check,
      '--rate',
      String(RATE),
      '--duration',
      String(DURATION),
      '--connections',
      '50',
      '--arrivals',
      arrivals,
      ...(tokens ? ['--tokens', tokens] : []),
    ],
    { maxBuffer: 64 << 20 },
  );
  const r = JSON.parse(stdout);
  const answers = Math.max(1, r.checks.answers);
  r.apiCpuMs = (cpuMs(api.pid) - before.api) / answers;
  r.dbCpuMs = pids.reduce((sum, pid, i) => sum + Math.max(0, cpuMs(pid) - before.db[i]), 0) / answers;
  r.eventLoop = await eventLoopDelay(base);
  if (r.checks.bad > 0)
    console.log(
      `${url}: ${r.checks.bad} of ${r.checks.answers} answers failed the check, first: ${r.checks.firstProblem}`,
    );
  return r;
}

/**
 * The same contest as IOI (issue 31), unfrozen: each accepted cell scores its points, each tried but
 * unsolved cell a partial score (a pseudo-random share of its points, as the best of its subtasks would
 * give), and the totals are their sums. Many participants tie, so ranks are shared.
 */
async function measureIoi(base, contestId, rows, measure) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await db.query(`UPDATE contests SET format = 'ioi', freeze_minutes = 0, unfrozen_at = NULL WHERE id = $1`, [
    contestId,
  ]);
  await db.query(
    `UPDATE contest_cells SET
            score = CASE WHEN accepted_at IS NOT NULL THEN points
                         ELSE (abs(hashtext(user_id::text || problem_id::text)) % 4) * 10 END,
            visible_score = CASE WHEN accepted_at IS NOT NULL THEN points
                         ELSE (abs(hashtext(user_id::text || problem_id::text)) % 4) * 10 END,
            visible_accepted_at = accepted_at, visible_attempts = attempts, pending = 0
      WHERE contest_id = $1`,
    [contestId],
  );
  await db.query(
    `UPDATE contest_scores s SET score = v.score, visible_score = v.score
       FROM (SELECT user_id, sum(score)::int AS score FROM contest_cells WHERE contest_id = $1 GROUP BY user_id) v
      WHERE s.contest_id = $1 AND s.user_id = v.user_id`,
    [contestId],
  );
  const {
    rows: [{ ties }],
  } = await db.query(
    `SELECT count(*)::int AS ties FROM (SELECT score FROM contest_scores WHERE contest_id = $1 GROUP BY score HAVING count(*) > 1) t`,
    [contestId],
  );
  await db.end();
  await new Promise((r) => setTimeout(r, 1_500));
  await (await fetch(`${base}/api/leaderboard/contests/${contestId}`)).arrayBuffer();
  await new Promise((r) => setTimeout(r, 1_000));
  const ioi = await (await fetch(`${base}/api/leaderboard/contests/${contestId}`)).json();
  if (!('score' in (ioi[0]?.cells?.[0] ?? {}))) throw new Error('the board did not switch to IOI');
  console.log(
    `ioi (${ties} scores shared by several participants): ${ioi.length} rows, first: ${JSON.stringify(ioi[0]).slice(0, 300)}`,
  );
  await measure(
    'GET /api/leaderboard/contests/:id (ioi, cells)',
    `${base}/api/leaderboard/contests/${contestId}`,
    `ioi:${rows}:${PROBLEMS}`,
  );
}

console.log(`load average (1 min) at the start: ${loadavg()[0].toFixed(2)}`);
await freshDatabase();
const contestId = await load();
const api = await startApi();
try {
  const base = `http://127.0.0.1:${PORT}`;
  const top = await (await fetch(`${base}/api/leaderboard/contests/${contestId}`)).json();
  console.log(
    `leaderboard answers ${top.length} rows (default top 100), first: ${JSON.stringify(top[0]).slice(0, 300)}`,
  );
  const board = `leaderboard:${top.length}:${PROBLEMS}`;
  // Warm-up, then the measured runs.
  await load_test(`${base}/api/leaderboard/contests/${contestId}`, board);
  const results = {};
  /** Each endpoint twice: Poisson arrivals (the rate), then autocannon's bursts (a synchronized stress). */
  const measure = async (name, url, check, tokens) => {
    for (const arrivals of ['poisson', 'autocannon'])
      results[`${name} | ${arrivals}`] = await load_test(url, check, tokens, arrivals);
  };
  await measure(
    'GET /api/leaderboard/contests/:id (points, cells)',
    `${base}/api/leaderboard/contests/${contestId}`,
    board,
  );
  await measure(`GET /api/contests (${CONTESTS} contests)`, `${base}/api/contests`, `contests:${CONTESTS}`);
  // The same contest as ICPC, frozen for its last 90 minutes: the freeze began 30 minutes ago, so about
  // half the accepts are hidden from others ('?' with their tries pending) while each participant still
  // sees their own. The public view reads the visible columns, written here as a freeze would leave them.
  const setup = new pg.Client({ connectionString: DATABASE_URL });
  await setup.connect();
  await setup.query(`UPDATE contests SET format = 'icpc', freeze_minutes = 90 WHERE id = $1`, [contestId]);
  await setup.query(
    `UPDATE contest_cells cc SET visible_accepted_at = NULL, visible_attempts = 0, pending = cc.attempts + 1
       FROM contests c WHERE c.id = cc.contest_id AND cc.contest_id = $1 AND cc.accepted_at >= c.end_time - interval '90 minutes'`,
    [contestId],
  );
  await setup.query(
    `UPDATE contest_scores s SET visible_score = v.score, visible_solved = v.solved, visible_penalty = v.penalty,
            visible_last_improved_at = v.last_at, visible_last_accepted_at = v.last_at
       FROM (SELECT cc.user_id, COALESCE(sum(cc.points) FILTER (WHERE cc.visible_accepted_at IS NOT NULL), 0) AS score,
                    count(cc.visible_accepted_at) AS solved,
                    COALESCE(sum(floor(extract(epoch FROM cc.visible_accepted_at - c.start_time) / 60) + 20 * cc.visible_attempts)
                             FILTER (WHERE cc.visible_accepted_at IS NOT NULL), 0) AS penalty,
                    max(cc.visible_accepted_at) AS last_at
               FROM contest_cells cc JOIN contests c ON c.id = cc.contest_id WHERE cc.contest_id = $1 GROUP BY cc.user_id) v
      WHERE s.contest_id = $1 AND s.user_id = v.user_id`,
    [contestId],
  );
  const {
    rows: [{ hidden }],
  } = await setup.query(
    `SELECT count(*)::int AS hidden FROM contest_cells WHERE contest_id = $1 AND pending > 0`,
    [contestId],
  );
  // Signed-in participants for the personal views: a token each for every tenth participant.
  const { rows: viewers } = await setup.query(
    `SELECT user_id FROM contest_participants WHERE contest_id = $1 ORDER BY user_id LIMIT $2`,
    [contestId, Math.ceil(PARTICIPANTS / 10)],
  );
  await setup.end();
  const tokens = join(mkdtempSync(join(tmpdir(), 'bench-tokens-')), 'tokens');
  writeFileSync(
    tokens,
    viewers.map((v) => jwt.sign({ sub: v.user_id }, JWT_SECRET, { expiresIn: '1h' })).join('\n'),
  );
  // Past the standings cache's lifetime: one read starts the refresh (and still gets the old rows), the next the new.
  await new Promise((r) => setTimeout(r, 1_500));
  await (await fetch(`${base}/api/leaderboard/contests/${contestId}`)).arrayBuffer();
  await new Promise((r) => setTimeout(r, 1_000));
  const icpc = await (await fetch(`${base}/api/leaderboard/contests/${contestId}`)).json();
  if (!('penalty' in icpc[0])) throw new Error('the board did not switch to ICPC');
  console.log(
    `icpc frozen (${hidden} cells hidden by the freeze): ${icpc.length} rows, first: ${JSON.stringify(icpc[0]).slice(0, 300)}`,
  );
  await measure(
    'GET /api/leaderboard/contests/:id (icpc, frozen, cells)',
    `${base}/api/leaderboard/contests/${contestId}`,
    board,
  );
  await measure(
    `GET /api/leaderboard/contests/:id (icpc, frozen, cells, ${viewers.length} signed-in participants)`,
    `${base}/api/leaderboard/contests/${contestId}`,
    board,
    tokens,
  );
  await measureIoi(base, contestId, top.length, measure);
  const bytes = (
    await (
      await fetch(`${base}/api/leaderboard/contests/${contestId}`, {
        headers: { 'accept-encoding': 'identity' },
      })
    ).text()
  ).length;
  console.log(`response size with cells: ${bytes} bytes for ${top.length} rows`);
  console.log(
    `\n${PARTICIPANTS} participants × ${PROBLEMS} problems, target ${RATE} req/s for ${DURATION} s, 50 connections, 2 cores shared with the API and PostgreSQL`,
  );
  console.log(
    `arrivals: poisson = ${RATE} req/s as a Poisson process, each latency from when the request was due (no coordinated omission);`,
  );
  console.log(
    `          autocannon = its overallRate: each connection sends its ${RATE / 50} requests back to back when its second begins (a burst of ${RATE} a second, 50 at a time); its own p50/p99 (with its coordinated-omission correction), then [uncorrected p50/p99, share of requests sent in the first third of their second]`,
  );
  console.log(
    `load average (1 min) at the end: ${loadavg()[0].toFixed(2)}; every body decoded and checked (bad = failed the check)`,
  );
  console.log(
    'CPU per answer: the API process, its PostgreSQL backends, the load generator; event-loop delay p99/max in the API (prom-client, 10 ms resolution)',
  );
  console.log(
    '| endpoint | arrivals | req/s | p50 ms | p99 ms | max ms | non-2xx | errors | bad | bytes/answer | encodings | API CPU ms | PG CPU ms | load CPU ms | loop p99/max ms | checked |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [name, r] of Object.entries(results)) {
    const c = r.checks;
    console.log(
      `| ${name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99}${r.raw ? ` [${r.raw.p50.toFixed(0)}/${r.raw.p99.toFixed(0)}, ${(100 * r.sentInFirstThirdOfSecond).toFixed(0)} %]` : ''} | ${r.max} | ${r.non2xx} | ${r.errors + r.timeouts} | ${c.bad} | ${c.meanBytes} | ${Object.entries(
        c.encodings,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ', ',
        )} | ${r.apiCpuMs.toFixed(2)} | ${r.dbCpuMs.toFixed(2)} | ${r.loadCpuMs.toFixed(2)} | ${r.eventLoop.p99.toFixed(0)}/${r.eventLoop.max.toFixed(0)} | ${c.described} |`,
    );
  }
} finally {
  const exited = new Promise((r) => api.once('exit', r));
  api.kill('SIGTERM');
  await exited;
}
