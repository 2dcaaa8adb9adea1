#!/usr/bin/env node
// Contest day: the real stack under a burst of contest submissions, with optional faults.
//
//   npx nx run-many -t build -p contracts java-io api judge
//   node bench/contest-day/run.mjs [--users 500] [--submissions 1500] [--burst-seconds 60] [--judges 2]
//        [--fault none|kill-judge|restart-redis|stop-postgres|slow-judge] [--fault-at 0.4] [--json out.json]
//        [--addresses one|per-user] [--readers 8] [--read-rate 40 (reads/s in all; 0 = unpaced)]
//
// It starts everything on private resources: a PostgreSQL cluster of its own (initdb in a temp dir,
// database javelin_bench), a redis-server of its own, the built API on a free port and `--judges`
// judge worker processes on the bench's own queue prefix. It seeds N users straight into PostgreSQL
// (one precomputed argon2 hash), signs each in through the API (by default all from one address, as
// a lab behind one school address would: successful sign-ins are never limited; `--addresses per-user`
// gives each its own loopback address instead), creates three problems and a contest,
// has every user join while it is upcoming, starts it, then sends the burst: each submission follows
// the spec's client flow (POST /api/execute-code with runAllTestCases and contestId; if overallPassed,
// POST /api/submissions then POST /api/solve). A 429 or 503 that carries Retry-After is a refusal:
// counted, waited out and retried. Anything else that ends a submission without a verdict is lost.
// Reader loops GET problems, contests and the contest leaderboard throughout.
//
// Exit status 0 only when nothing was lost (every submission got its verdict) and the leaderboard
// (API and contest_scores) equals an independent recount from solved_problems × contest_problems,
// which also equals what the clients were told, with no half-written submission and no double points.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { breakdown, snapshot } from './cpu.mjs';
import { migrate, sleep, startApi, startJudge, startPostgres, startRedis } from './stack.mjs';
import { clockLog, options, pct, requireFromRoot as require } from '../lib/common.mjs';

const { Client } = require('pg');
const argon2 = require('argon2');
const { Queue } = require('bullmq');
const { JUDGE_QUEUE } = require('@javelin/contracts');

// ---------------------------------------------------------------- options
const argv = process.argv.slice(2);
const opt = options(argv);
const USERS = Number(opt('users', 500));
// --paced R: instead of a burst, R submissions a second, evenly spaced, for --paced-seconds (300): the
// sustained mode, run at 80 % of the sustainable rate a burst run prints (its verdict p95 must stay ≤ 10 s).
const PACED_RATE = Number(opt('paced', 0));
const PACED_SECONDS = Number(opt('paced-seconds', 300));
const PACED_P95_TARGET_MS = 10_000;
const SUBMISSIONS =
  PACED_RATE > 0 ? Math.round(PACED_RATE * PACED_SECONDS) : Number(opt('submissions', 1500));
const BURST_SECONDS = PACED_RATE > 0 ? PACED_SECONDS : Number(opt('burst-seconds', 60));
// --pg-stats: the bench's PostgreSQL loads pg_stat_statements, and the run prints the statements of the burst.
const PG_STATS = argv.includes('--pg-stats');
const JUDGES = Number(opt('judges', 2));
const JUDGE_CONCURRENCY = Number(opt('judge-concurrency', 1));
const READERS = Number(opt('readers', 8));
// Reads per second over all reader loops (about 500 contestants each loading a page every 12 s); 0 lets
// every loop read as fast as the API answers, which then takes all the CPU the judges leave.
const READ_RATE = Number(opt('read-rate', 40));
const FAULTS = String(opt('fault', 'none'))
  .split(',')
  .filter((f) => f && f !== 'none');
const FAULT_AT = Number(opt('fault-at', 0.4));
const MAX_SECONDS = Number(opt('max-seconds', 1800));
const JSON_OUT = opt('json', '');
const ADDRESSES = String(opt('addresses', 'one'));
const CORES = cpus().length;
if (!['one', 'per-user'].includes(ADDRESSES)) throw new Error('--addresses is one or per-user');
const QUEUE_LIMIT = opt('queue-limit', '500');
const RESULT_TIMEOUT_MS = opt('result-timeout-ms', '600000');
const MIX = Object.fromEntries(
  String(opt('mix', 'accepted:50,wrong:25,compile:20,tle:5'))
    .split(',')
    .map((p) => p.split(':'))
    .map(([k, v]) => [k, Number(v)]),
);
const KNOWN_FAULTS = ['kill-judge', 'restart-redis', 'stop-postgres', 'slow-judge'];
for (const f of FAULTS)
  if (!KNOWN_FAULTS.includes(f)) throw new Error(`unknown fault ${f} (one of ${KNOWN_FAULTS.join(', ')})`);
if (JUDGES < 2) throw new Error('--judges must be at least 2');

const started = Date.now();
const log = clockLog(started);
const fmt = (ms) =>
  Number.isFinite(ms) ? (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`) : 'n/a';

// ---------------------------------------------------------------- HTTP client
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const connectionRetries = { count: 0 };
/**
 * One request; never throws: network failures come back as status 0. A kept-alive socket that the
 * server closed just as it was reused fails before the request reached the server (Node's documented
 * `reusedSocket` race): that one is sent again on a fresh socket, as any HTTP client would.
 */
async function request(base, method, path, options = {}) {
  const res = await requestOnce(base, method, path, options);
  if (res.status === 0 && res.reusedSocket && /ECONNRESET|socket hang up/.test(res.error ?? '')) {
    connectionRetries.count++;
    // On a connection of its own: under load the pool may hold more sockets the server is closing.
    return requestOnce(base, method, path, { ...options, fresh: true });
  }
  return res;
}

function requestOnce(base, method, path, { token, body, ip, timeoutMs = 600_000, fresh = false } = {}) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const headers = { accept: 'application/json' };
    if (data !== undefined)
      Object.assign(headers, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(data),
      });
    if (token) headers.authorization = `Bearer ${token}`;
    if (ip) headers['x-forwarded-for'] = ip;
    const req = http.request(
      `${base}${path}`,
      { method, headers, agent: fresh ? false : agent, timeout: timeoutMs },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({
            status: res.statusCode,
            body: json,
            text,
            retryAfter: res.headers['retry-after'],
            ms: performance.now() - t0,
          });
        });
        res.on('error', (e) => resolve({ status: 0, error: e.message, ms: performance.now() - t0 }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', (e) =>
      resolve({ status: 0, error: e.message, ms: performance.now() - t0, reusedSocket: req.reusedSocket }),
    );
    if (data !== undefined) req.write(data);
    req.end();
  });
}

async function pool(items, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

// ---------------------------------------------------------------- problems and solutions
const PROBLEMS = [
  { fn: 'sum', expr: 'a + b', points: 100, f: (a, b) => a + b },
  { fn: 'diff', expr: 'a - b', points: 200, f: (a, b) => a - b },
  { fn: 'larger', expr: 'Math.max(a, b)', points: 300, f: (a, b) => Math.max(a, b) },
];
const TESTS = [
  [1, 2, true],
  [-5, 5, true],
  [40, 2, false],
  [1000000, 2345, false],
  [-7, -8, false],
];

function problemBody(p, i) {
  return {
    title: `Contest day ${p.fn} ${randomBytes(3).toString('hex')}`,
    description: `Return ${p.expr}.`,
    constraints: '-10^6 <= a, b <= 10^6',
    difficulty: ['easy', 'medium', 'hard'][i],
    points: p.points,
    inputVariables: [
      { id: 'a', name: 'a', type: 'int', description: 'first' },
      { id: 'b', name: 'b', type: 'int', description: 'second' },
    ],
    testCases: TESTS.map(([a, b, isExample]) => ({
      inputs: { a: String(a), b: String(b) },
      expectedOutput: String(p.f(a, b)),
      isExample,
    })),
    functionName: p.fn,
    returnType: 'int',
    tags: ['math'],
    isVisible: false,
  };
}

const EXPECTED = {
  accepted: 'accepted',
  wrong: 'wrong_answer',
  tle: 'time_limit_exceeded',
  compile: 'compilation_error',
};

/** A Java solution of `kind`; the salt makes every submission's code (and its hash) distinct. */
function solution(p, kind, salt) {
  const body = {
    accepted: `return ${p.expr};`,
    wrong: `return a == 40 ? 0 : ${p.expr};`,
    tle: `while (a == 40) spin++;\n        return ${p.expr};`,
    compile: `return ${p.expr}`,
  }[kind];
  return `import java.util.*;

public class Main {
    // contest-day submission ${salt}
    static volatile long spin;

    public static int ${p.fn}(int a, int b) {
        ${body}
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int a = Integer.parseInt(in.nextLine().trim());
        int b = Integer.parseInt(in.nextLine().trim());
        System.out.println(${p.fn}(a, b));
    }
}
`;
}

/** Deterministic mix: submission k gets the kind whose cumulative share covers a hashed position. */
function kindOf(k) {
  const total = Object.values(MIX).reduce((a, b) => a + b, 0);
  const x = (((k * 2654435761) % 1000) / 1000) * total;
  let acc = 0;
  for (const [kind, share] of Object.entries(MIX)) {
    acc += share;
    if (x < acc) return kind;
  }
  return 'accepted';
}

// ---------------------------------------------------------------- the run
const cleanups = [];
let aborted = false;
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (e) {
      console.error(`cleanup: ${e.message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    aborted = true;
    void cleanup().then(() => process.exit(130));
  });
}

async function main() {
  const hardStop = setTimeout(() => {
    console.error(`contest-day: exceeded --max-seconds ${MAX_SECONDS}; stopping`);
    aborted = true;
    void cleanup().then(() => process.exit(2));
  }, MAX_SECONDS * 1000);
  hardStop.unref();

  log(
    `contest day: ${USERS} users, ${SUBMISSIONS} submissions over ${BURST_SECONDS} s, ${JUDGES} judges, faults: ${FAULTS.join(', ') || 'none'}`,
  );
  const pg = await startPostgres(log, { statStatements: PG_STATS });
  cleanups.push(() => pg.destroy());
  const redis = await startRedis(log);
  cleanups.push(() => redis.destroy());
  const databaseUrl = pg.url('javelin_bench');
  migrate(databaseUrl);
  const prefix = `cd${randomBytes(3).toString('hex')}`;

  const judges = [];
  const judgeOpts = (index) => ({
    redisUrl: redis.url,
    prefix,
    concurrency: JUDGE_CONCURRENCY,
    index,
    slow: FAULTS.includes('slow-judge') && index === JUDGES - 1,
  });
  judges.push(
    ...(await Promise.all(Array.from({ length: JUDGES }, (_, i) => startJudge(judgeOpts(i), log)))),
  );
  cleanups.push(() => Promise.all(judges.map((j) => j.kill('SIGKILL'))));
  log(`judges: ${judges.map((j) => `${j.name} pid ${j.proc.pid}`).join(', ')}`);
  const api = await startApi(
    {
      databaseUrl,
      redisUrl: redis.url,
      prefix,
      env: {
        JUDGE_QUEUE_LIMIT: QUEUE_LIMIT,
        JUDGE_RESULT_TIMEOUT_MS: RESULT_TIMEOUT_MS,
      },
      // e.g. API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/api-prof" profiles the API during the run
      nodeArgs: (process.env.API_NODE_ARGS ?? '').split(' ').filter(Boolean),
    },
    log,
  );
  cleanups.push(async () => {
    await api.kill('SIGTERM');
    api.cleanup();
  });
  const base = api.url;

  // -------------------------------------------------------------- seed users
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end().catch(() => undefined));
  db.on('error', () => undefined);
  const password = 'contest-day-1';
  // The API verifies with the parameters stored in the hash: cheap ones keep 500 sign-ins from dominating the run.
  const hash = await argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: 4096,
    timeCost: 2,
    parallelism: 1,
  });
  const tag = randomBytes(3).toString('hex');
  const users = [];
  const seed = async (i, roles = []) => {
    const name = `cd${tag}u${i}`;
    const { rows } = await db.query(
      `INSERT INTO users (email, username, full_name, password_hash, email_verified) VALUES ($1, $2, $3, $4, true) RETURNING id`,
      [`${name}@bench.local`, name, `Contestant ${i}`, hash],
    );
    await db.query(`INSERT INTO profiles (user_id) VALUES ($1)`, [rows[0].id]);
    for (const role of roles)
      await db.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, $2)`, [rows[0].id, role]);
    // One address for everybody (a lab), or each contestant from its own loopback address.
    const ip = ADDRESSES === 'one' ? undefined : `127.${20 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
    return { id: rows[0].id, email: `${name}@bench.local`, ip, i };
  };
  const admin = await seed(999_999, ['admin']);
  for (let i = 0; i < USERS; i++) users.push(await seed(i));
  const signIn = async (u) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await request(base, 'POST', '/api/auth/login', {
        body: { email: u.email, password },
        ip: u.ip,
      });
      if (res.status === 200) return (u.token = res.body.token);
      await sleep(500);
    }
    throw new Error(`sign-in failed for ${u.email}`);
  };
  await signIn(admin);
  let t0 = Date.now();
  await pool(users, 4, signIn);
  log(`signed in ${users.length} users through the API in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // -------------------------------------------------------------- problems, contest, joins
  const problems = [];
  for (const [i, p] of PROBLEMS.entries()) {
    const res = await request(base, 'POST', '/api/problems', {
      token: admin.token,
      body: problemBody(p, i),
      ip: admin.ip,
    });
    if (res.status !== 201) throw new Error(`create problem: ${res.status} ${res.text}`);
    problems.push({ ...p, id: res.body._id });
  }
  const contestRes = await request(base, 'POST', '/api/contests', {
    token: admin.token,
    ip: admin.ip,
    body: {
      title: `Contest day ${tag}`,
      description: 'Load and fault bench',
      startTime: new Date(Date.now() + 3_600_000).toISOString(),
      endTime: new Date(Date.now() + 7_200_000).toISOString(),
      maxParticipants: USERS,
      problemIds: problems.map((p) => p.id),
    },
  });
  if (contestRes.status !== 201) throw new Error(`create contest: ${contestRes.status} ${contestRes.text}`);
  const contestId = contestRes.body._id;
  t0 = Date.now();
  const joinStatuses = {};
  await pool(users, 16, async (u) => {
    const res = await request(base, 'POST', `/api/contests/${contestId}/join`, { token: u.token, ip: u.ip });
    joinStatuses[res.status] = (joinStatuses[res.status] ?? 0) + 1;
    if (res.status !== 200) throw new Error(`join failed: ${res.status} ${res.text}`);
  });
  const extra = await request(base, 'POST', `/api/contests/${contestId}/join`, {
    token: admin.token,
    ip: admin.ip,
  });
  log(
    `${USERS} users joined the upcoming contest in ${((Date.now() - t0) / 1000).toFixed(1)} s (one more was refused: ${extra.status})`,
  );
  await db.query(
    `UPDATE contests SET start_time = now() - interval '1 second', end_time = now() + interval '2 hours' WHERE id = $1`,
    [contestId],
  );
  log('contest is active');

  // -------------------------------------------------------------- queue sampling (BullMQ timestamps)
  const queue = new Queue(JUDGE_QUEUE, {
    prefix,
    connection: { url: redis.url, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 1000 },
  });
  queue.on('error', () => undefined);
  const jobTimes = new Map();
  let maxDepth = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        const client = await queue.client;
        maxDepth = Math.max(maxDepth, await queue.getWaitingCount());
        const ids = await client.zrange(queue.keys.completed, 0, -1);
        const fresh = ids.filter((id) => !jobTimes.has(id));
        if (fresh.length) {
          const pipe = client.pipeline();
          for (const id of fresh) pipe.hmget(queue.toKey(id), 'timestamp', 'processedOn', 'finishedOn');
          const replies = await pipe.exec();
          replies.forEach(([err, [ts, processed, finished]], i) => {
            if (!err && ts && processed)
              jobTimes.set(fresh[i], {
                wait: Number(processed) - Number(ts),
                run: Number(finished) - Number(processed),
              });
          });
        }
      } catch {
        /* Redis down: sample again later */
      }
      await sleep(1000);
    }
  })();

  // -------------------------------------------------------------- readers
  const reads = [];
  let reading = true;
  const readPaths = [
    '/api/problems',
    '/api/contests',
    `/api/contests/${contestId}`,
    `/api/leaderboard/contests/${contestId}?limit=100`,
  ];
  const readers = Array.from({ length: READERS }, async (_, r) => {
    const u = users[r % users.length];
    let n = r;
    const interval = READ_RATE > 0 ? (1000 * READERS) / READ_RATE : 0;
    let next = Date.now() + (interval * r) / READERS;
    while (reading && !aborted) {
      if (interval) {
        await sleep(Math.max(0, next - Date.now()));
        next = Math.max(next + interval, Date.now() - interval);
      }
      const path = readPaths[n++ % readPaths.length];
      const res = await request(base, 'GET', path, {
        token: n % 2 ? u.token : undefined,
        ip: u.ip,
        timeoutMs: 30_000,
      });
      reads.push({ at: Date.now(), ms: res.ms, status: res.status, path });
      if (!interval) await sleep(20);
    }
  });

  // -------------------------------------------------------------- the burst
  const plan = Array.from({ length: SUBMISSIONS }, (_, k) => {
    const user = users[k % USERS];
    const problem = problems[Math.floor(k / USERS) % problems.length];
    const kind = kindOf(k);
    return {
      k,
      user,
      problem,
      kind,
      code: solution(problem, kind, `${tag}-${k}`),
      at: (k / SUBMISSIONS) * BURST_SECONDS * 1000,
    };
  });
  const stats = {
    executeCalls: 0,
    refusals: {},
    refusedAfterAccept: 0,
    verdicts: {},
    wrongVerdicts: [],
    lost: [],
    solved: [],
    latencies: [],
    flowRetries: 0,
    firstSentAt: 0,
    lastSentAt: 0,
  };
  const refusalMessages = new Map();
  // CPU seconds per part of the stack during the burst (bench/contest-day/cpu.mjs).
  const cpuRoots = () => ({
    api: api.proc.pid,
    ...Object.fromEntries(judges.map((j) => [j.name, j.proc.pid])),
    postgres: pg.pid(),
    redis: redis.pid(),
  });
  const classifyJudge = (p, cmd) => (/CompileServer/.test(cmd) ? 'compile service' : 'sandboxes');
  if (PG_STATS)
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()');
  const load0 = loadavg()[0];
  const cpuBefore = { snap: snapshot(cpuRoots(), classifyJudge), bench: process.cpuUsage() };
  const burstStart = Date.now();
  const refused = (res) => (res.status === 429 || res.status === 503) && res.retryAfter !== undefined;
  const noteRefusal = (res, step) => {
    const key = `${step} ${res.status}`;
    stats.refusals[key] = (stats.refusals[key] ?? 0) + 1;
    const message = res.body?.error ?? res.text;
    if (!refusalMessages.has(message)) refusalMessages.set(message, key);
  };
  const backoff = (res) =>
    sleep(Math.min(10, Math.max(1, Number(res.retryAfter) || 1)) * 1000 * (0.5 + Math.random()));
  // A client keeps retrying refusals until shortly before the run's own time limit.
  const DEADLINE_MS = Math.max(60_000, (MAX_SECONDS - 120) * 1000 - (Date.now() - started));

  /** Retries a step while the API says "retry later"; returns the first other answer. */
  async function step(name, send) {
    for (;;) {
      const res = await send();
      if (!refused(res)) return res;
      noteRefusal(res, name);
      if (Date.now() - burstStart > DEADLINE_MS) return res;
      stats.flowRetries++;
      await backoff(res);
      if (aborted) return res;
    }
  }

  async function flow(s) {
    const u = s.user;
    const wait = burstStart + s.at - Date.now();
    if (wait > 0) await sleep(wait);
    const sentAt = Date.now();
    stats.firstSentAt ||= sentAt;
    stats.lastSentAt = Math.max(stats.lastSentAt, sentAt);
    const body = {
      code: s.code,
      language: 'java',
      problemId: s.problem.id,
      runAllTestCases: true,
      contestId,
    };
    const judged = await step('execute-code', async () => {
      stats.executeCalls++;
      const res = await request(base, 'POST', '/api/execute-code', { token: u.token, ip: u.ip, body });
      // A 503 for a job the queue had taken and then lost (Redis restarted empty): the client submits again.
      if (refused(res) && /lost this submission/.test(res.body?.error ?? '')) stats.refusedAfterAccept++;
      return res;
    });
    if (judged.status !== 200 || !judged.body?.verdict) {
      stats.lost.push({
        k: s.k,
        step: 'execute-code',
        status: judged.status,
        ms: Math.round(judged.ms),
        error: judged.body?.error ?? judged.error ?? judged.text?.slice(0, 200),
      });
      return;
    }
    const verdict = judged.body.verdict;
    stats.verdicts[verdict] = (stats.verdicts[verdict] ?? 0) + 1;
    stats.latencies.push(Date.now() - sentAt);
    if (verdict !== EXPECTED[s.kind])
      stats.wrongVerdicts.push({
        k: s.k,
        kind: s.kind,
        verdict,
        error: judged.body.results?.find((r) => !r.passed)?.error,
      });
    if (!judged.body.overallPassed) return;
    const sub = await step('submissions', () =>
      request(base, 'POST', '/api/submissions', {
        token: u.token,
        ip: u.ip,
        body: {
          problemId: s.problem.id,
          contestId,
          code: s.code,
          language: 'java',
          status: 'accepted',
          testCasesPassed: judged.body.passedCount,
          totalTestCases: judged.body.totalCount,
        },
      }),
    );
    if (sub.status !== 201 || sub.body?.status !== 'accepted') {
      stats.lost.push({
        k: s.k,
        step: 'submissions',
        status: sub.status,
        error: sub.body?.error ?? sub.error,
      });
      return;
    }
    const solve = await step('solve', () =>
      request(base, 'POST', '/api/solve', {
        token: u.token,
        ip: u.ip,
        body: { problemId: s.problem.id, submissionId: sub.body._id, contestId },
      }),
    );
    if (solve.status !== 200 || solve.body?.success !== true) {
      stats.lost.push({
        k: s.k,
        step: 'solve',
        status: solve.status,
        error: solve.body?.error ?? solve.error,
      });
      return;
    }
    stats.solved.push({ userId: u.id, problemId: s.problem.id, points: s.problem.points });
  }

  // -------------------------------------------------------------- faults
  const faultLog = [];
  const probe = async (label, until) => {
    const seen = new Map();
    const pu = users[0];
    while (Date.now() < until && !aborted) {
      const res = await request(base, 'GET', `/api/contests/${contestId}`, {
        token: pu.token,
        ip: pu.ip,
        timeoutMs: 10_000,
      });
      const key = `${res.status}${res.retryAfter ? ` (Retry-After ${res.retryAfter})` : ''}: ${res.status === 200 ? 'ok' : (res.body?.error ?? res.error ?? '')}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      await sleep(500);
    }
    faultLog.push(
      `${label}: GET /api/contests/:id answered ${[...seen].map(([k, n]) => `${n}× ${k}`).join('; ')}`,
    );
  };
  const probeExecute = async (label) => {
    const pu = users[1 % users.length];
    const res = await request(base, 'POST', '/api/execute-code', {
      token: pu.token,
      ip: pu.ip,
      body: {
        code: solution(problems[0], 'accepted', 'probe'),
        language: 'java',
        problemId: problems[0].id,
        runAllTestCases: false,
        contestId,
      },
      timeoutMs: 15_000,
    });
    faultLog.push(
      `${label}: POST /api/execute-code answered ${res.status}${res.retryAfter ? ` (Retry-After ${res.retryAfter})` : ''}: ${res.body?.error ?? res.error ?? ''} in ${fmt(res.ms)}`,
    );
  };
  /** Time until a signed-in call that needs PostgreSQL answers 200 again, and until /api/health/ready does. */
  const waitForRecovery = async (label, since) => {
    const pu = users[2 % users.length];
    const until = async (what, ok) => {
      for (;;) {
        if (await ok())
          return faultLog.push(`${label}: ${what} ${fmt(Date.now() - since)} after the service came back`);
        if (Date.now() - since > 120_000)
          return faultLog.push(`${label}: NOT ${what} 120 s after the service came back`);
        await sleep(250);
      }
    };
    await Promise.all([
      until(
        'answering again',
        async () =>
          (
            await request(base, 'GET', `/api/contests/${contestId}`, {
              token: pu.token,
              ip: pu.ip,
              timeoutMs: 5_000,
            })
          ).status === 200,
      ),
      // Readiness runs SELECT 1 through the same pool as the burst, with a 1.5 s bound: under load it lags.
      until(
        'ready again',
        async () => (await request(base, 'GET', '/api/health/ready', { timeoutMs: 5_000 })).status === 200,
      ),
    ]);
  };
  const faultAtMs = FAULT_AT * BURST_SECONDS * 1000;
  const faultRuns = FAULTS.filter((f) => f !== 'slow-judge').map(async (fault, i) => {
    await sleep(faultAtMs + i * 25_000);
    if (aborted) return;
    if (fault === 'kill-judge') {
      const victim = judges[0];
      log(`FAULT kill -9 ${victim.name} (pid ${victim.proc.pid})`);
      victim.proc.kill('SIGKILL');
      await victim.exited;
      faultLog.push(
        `kill-judge: ${victim.name} killed with SIGKILL mid-burst; its running jobs stall and go back to the queue`,
      );
      await sleep(10_000);
      const replacement = await startJudge(judgeOpts(JUDGES), log);
      judges.push(replacement);
      faultLog.push(`kill-judge: a replacement judge started 10 s later (as an orchestrator would)`);
      log(`replacement ${replacement.name} listening`);
    } else if (fault === 'restart-redis') {
      log('FAULT stopping Redis (no persistence: queued jobs are gone)');
      await redis.stop();
      const down = Date.now();
      await Promise.all([
        probe('restart-redis (down 5 s)', down + 5_000),
        probeExecute('restart-redis (down)'),
      ]);
      await redis.start();
      const up = Date.now();
      log(`Redis back after ${fmt(up - down)}`);
      await waitForRecovery('restart-redis', up);
    } else if (fault === 'stop-postgres') {
      log('FAULT stopping PostgreSQL for 10 s');
      pg.stop();
      const down = Date.now();
      await Promise.all([
        probe('stop-postgres (down 10 s)', down + 10_000),
        probeExecute('stop-postgres (down)'),
      ]);
      pg.start();
      const up = Date.now();
      log(`PostgreSQL back after ${fmt(up - down)}`);
      await waitForRecovery('stop-postgres', up);
      await db.end().catch(() => undefined);
    }
  });

  log(
    `burst: ${SUBMISSIONS} submissions over ${BURST_SECONDS} s, ${READERS} reader loops (${READ_RATE > 0 ? `${READ_RATE} reads/s` : 'unpaced'})`,
  );
  let done = 0;
  const progress = setInterval(() => {
    log(
      `progress: ${done}/${SUBMISSIONS} flows done, ${Object.values(stats.verdicts).reduce((a, b) => a + b, 0)} verdicts, queue waiting now ≤ ${maxDepth} (max)`,
    );
  }, 10_000);
  await Promise.all(plan.map((s) => flow(s).finally(() => done++)));
  clearInterval(progress);
  const burstEnd = Date.now();
  const cpu = breakdown(cpuBefore.snap, snapshot(cpuRoots(), classifyJudge));
  const benchCpu = process.cpuUsage(cpuBefore.bench);
  cpu.rows.push({ name: 'bench client', part: 'self', seconds: (benchCpu.user + benchCpu.system) / 1e6 });
  cpu.ours += (benchCpu.user + benchCpu.system) / 1e6;
  cpu.other = cpu.machine - cpu.ours;
  const load1 = loadavg()[0];
  const statements = PG_STATS
    ? await db
        .query(
          `SELECT calls, round(total_exec_time::numeric, 1) AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query,
                  sum(calls) OVER ()::bigint AS all_calls, round(sum(total_exec_time) OVER ()::numeric, 1) AS all_ms
             FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 25`,
        )
        .then((r) => r.rows)
        .catch(() => [])
    : [];
  await Promise.all(faultRuns);
  reading = false;
  await Promise.all(readers);
  sampling = false;
  await sampler;
  log(`all flows done in ${((burstEnd - burstStart) / 1000).toFixed(1)} s`);

  // -------------------------------------------------------------- correctness
  const check = new Client({ connectionString: databaseUrl });
  await check.connect();
  cleanups.push(() => check.end().catch(() => undefined));
  await sleep(1_500); // the API's standings cache lives 1 s
  const recount = new Map(
    (
      await check.query(
        `SELECT sp.user_id, SUM(cp.points)::int AS score, COUNT(*)::int AS solved
           FROM solved_problems sp JOIN contest_problems cp ON cp.contest_id = sp.contest_id AND cp.problem_id = sp.problem_id
          WHERE sp.contest_id = $1 GROUP BY sp.user_id`,
        [contestId],
      )
    ).rows.map((r) => [r.user_id, { score: r.score, solved: r.solved }]),
  );
  const table = new Map(
    (
      await check.query(`SELECT user_id, score, problems_solved FROM contest_scores WHERE contest_id = $1`, [
        contestId,
      ])
    ).rows.map((r) => [r.user_id, { score: r.score, solved: r.problems_solved }]),
  );
  const board = [];
  for (let offset = 0; ; offset += 1000) {
    const res = await request(
      base,
      'GET',
      `/api/leaderboard/contests/${contestId}?limit=1000&offset=${offset}`,
    );
    if (res.status !== 200) throw new Error(`leaderboard: ${res.status} ${res.text}`);
    board.push(...res.body);
    if (res.body.length < 1000) break;
  }
  const apiBoard = new Map(board.map((r) => [r.userId, { score: r.score, solved: r.problemsSolved }]));
  // A second accepted submission of a solved problem is told "already solved": count each (user, problem) once.
  const expected = new Map();
  const seenSolves = new Set();
  for (const s of stats.solved) {
    if (seenSolves.has(`${s.userId}:${s.problemId}`)) continue;
    seenSolves.add(`${s.userId}:${s.problemId}`);
    const e = expected.get(s.userId) ?? { score: 0, solved: 0 };
    expected.set(s.userId, { score: e.score + s.points, solved: e.solved + 1 });
  }
  const mismatches = [];
  const compare = (name, a, b) => {
    for (const id of new Set([...a.keys(), ...b.keys()])) {
      const x = a.get(id) ?? { score: 0, solved: 0 };
      const y = b.get(id) ?? { score: 0, solved: 0 };
      if (x.score !== y.score || x.solved !== y.solved)
        mismatches.push(`${name}: user ${id} ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
    }
  };
  compare('recount vs contest_scores', recount, table);
  compare('recount vs GET /api/leaderboard/contests/:id', recount, apiBoard);
  compare('recount vs what the clients were told (solve 200)', recount, expected);
  board.forEach((r, i) => {
    if (r.rank !== i + 1) mismatches.push(`leaderboard rank ${r.rank} at position ${i + 1}`);
    if (i > 0 && board[i - 1].score < r.score) mismatches.push(`leaderboard not sorted at ${i + 1}`);
  });
  const integrity = (
    await check.query(
      `SELECT
        (SELECT count(*) FROM submissions s LEFT JOIN judgements j ON j.id = s.judgement_id WHERE s.contest_id = $1 AND j.id IS NULL)::int AS submissions_without_judgement,
        (SELECT count(*) FROM submissions s JOIN judgements j ON j.id = s.judgement_id
          WHERE s.contest_id = $1 AND (s.status <> j.verdict OR s.user_id <> j.user_id OR s.problem_id <> j.problem_id OR j.contest_id IS DISTINCT FROM s.contest_id))::int AS submissions_not_matching_judgement,
        (SELECT count(*) FROM solved_problems sp LEFT JOIN submissions s ON s.id = sp.submission_id
          WHERE sp.contest_id = $1 AND (s.id IS NULL OR s.status <> 'accepted' OR s.user_id <> sp.user_id OR s.problem_id <> sp.problem_id))::int AS solves_without_accepted_submission,
        (SELECT count(*) FROM (SELECT 1 FROM solved_problems WHERE contest_id = $1 GROUP BY user_id, problem_id HAVING count(*) > 1) d)::int AS double_solves,
        (SELECT count(*) FROM solved_problems sp JOIN contest_problems cp ON cp.contest_id = sp.contest_id AND cp.problem_id = sp.problem_id
          WHERE sp.contest_id = $1 AND sp.points <> cp.points)::int AS solves_with_wrong_points,
        (SELECT count(*) FROM judgements WHERE contest_id = $1 AND all_tests)::int AS judgements,
        (SELECT count(*) FROM submissions WHERE contest_id = $1)::int AS submissions,
        (SELECT count(*) FROM solved_problems WHERE contest_id = $1)::int AS solves`,
      [contestId],
    )
  ).rows[0];
  for (const key of [
    'submissions_without_judgement',
    'submissions_not_matching_judgement',
    'solves_without_accepted_submission',
    'double_solves',
    'solves_with_wrong_points',
  ]) {
    if (integrity[key] !== 0) mismatches.push(`${key}: ${integrity[key]}`);
  }

  // -------------------------------------------------------------- report
  const verdictCount = Object.values(stats.verdicts).reduce((a, b) => a + b, 0);
  const refusalCount = Object.values(stats.refusals).reduce((a, b) => a + b, 0);
  const executeRefusals = Object.entries(stats.refusals)
    .filter(([k]) => k.startsWith('execute-code'))
    .reduce((a, [, n]) => a + n, 0);
  const burstReads = reads.filter((r) => r.at >= burstStart && r.at <= burstEnd);
  const okReads = burstReads.filter((r) => r.status === 200).map((r) => r.ms);
  const waits = [...jobTimes.values()].map((j) => j.wait);
  const runs = [...jobTimes.values()].map((j) => j.run);
  const report = {
    users: USERS,
    submissions: SUBMISSIONS,
    judges: JUDGES,
    faults: FAULTS,
    sentWithinSeconds: Number(((stats.lastSentAt - stats.firstSentAt) / 1000).toFixed(1)),
    executeCalls: stats.executeCalls,
    acceptedByApi: stats.executeCalls - executeRefusals,
    refusals: stats.refusals,
    refusalCount,
    refusedAfterAccept: stats.refusedAfterAccept,
    refusalMessages: [...refusalMessages].map(([message, step]) => ({ step, message })),
    verdictsReturned: verdictCount,
    verdicts: stats.verdicts,
    lost: stats.lost.length,
    lostDetails: stats.lost.slice(0, 20),
    wrongVerdicts: stats.wrongVerdicts.length,
    wrongVerdictDetails: stats.wrongVerdicts.slice(0, 10),
    solves: stats.solved.length,
    jobsSampled: jobTimes.size,
    maxQueueDepth: maxDepth,
    queueWaitMs: { p50: pct(waits, 50), p95: pct(waits, 95), max: Math.max(0, ...waits) },
    judgeRunMs: { p50: pct(runs, 50), p95: pct(runs, 95) },
    verdictLatencyMs: {
      p50: pct(stats.latencies, 50),
      p95: pct(stats.latencies, 95),
      max: Math.max(0, ...stats.latencies),
    },
    reads: {
      total: burstReads.length,
      ok: okReads.length,
      errors: burstReads.length - okReads.length,
      p50: pct(okReads, 50),
      p95: pct(okReads, 95),
      p99: pct(okReads, 99),
    },
    burstSeconds: Number(((burstEnd - burstStart) / 1000).toFixed(1)),
    throughputPerSecond: Number((verdictCount / ((burstEnd - burstStart) / 1000)).toFixed(2)),
    leaderboard: {
      rows: board.length,
      recountRows: recount.size,
      correct: mismatches.length === 0,
      mismatches: mismatches.slice(0, 20),
    },
    integrity,
    faultLog,
    judgesAtEnd: judges.map((j) => ({
      name: j.name,
      alive: j.proc.exitCode === null && j.proc.signalCode === null,
    })),
    apiErrorsLogged: (api.output().match(/"level":50/g) ?? []).length,
    // The API's own error lines (a 500 logs its error and stack): what a lost flow's cause was.
    apiErrors: api
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50'))
      .slice(0, 10),
    keepAliveResendCount: connectionRetries.count,
    cpuSeconds: cpu,
  };
  // Unexpected verdicts (say, an accepted solution past the wall-time limit on a starved machine) are
  // reported, not failed on: the judge's verdicts are its own suite's business; losing one is this bench's.
  report.ok = report.lost === 0 && report.verdictsReturned === SUBMISSIONS && report.leaderboard.correct;

  console.log('');
  console.log(
    `=== Contest day: ${USERS} users, ${SUBMISSIONS} submissions, ${JUDGES} judges${FAULTS.length ? `, fault: ${FAULTS.join(' + ')}` : ''} ===`,
  );
  console.log(
    `submissions sent                 ${SUBMISSIONS} within ${report.sentWithinSeconds} s (first attempts)`,
  );
  console.log(
    `execute-code calls               ${report.executeCalls} (accepted by the API ${report.acceptedByApi}, refused ${executeRefusals})`,
  );
  console.log(
    `refusals (429/503 + Retry-After) ${refusalCount} ${JSON.stringify(stats.refusals)}; of them jobs lost with Redis and resubmitted: ${report.refusedAfterAccept}`,
  );
  for (const [m, k] of refusalMessages) console.log(`   ${k}: "${m}"`);
  console.log(`verdicts returned                ${verdictCount} ${JSON.stringify(stats.verdicts)}`);
  console.log(`LOST                             ${report.lost}`);
  console.log(`unexpected verdicts              ${report.wrongVerdicts}`);
  console.log(`solves recorded                  ${report.solves}`);
  console.log(
    `queue wait (BullMQ, ${jobTimes.size} jobs)   p50 ${fmt(report.queueWaitMs.p50)}  p95 ${fmt(report.queueWaitMs.p95)}  max ${fmt(report.queueWaitMs.max)}  (max depth ${maxDepth})`,
  );
  console.log(
    `judge run time                   p50 ${fmt(report.judgeRunMs.p50)}  p95 ${fmt(report.judgeRunMs.p95)}`,
  );
  console.log(
    `verdict latency (client)         p50 ${fmt(report.verdictLatencyMs.p50)}  p95 ${fmt(report.verdictLatencyMs.p95)}  max ${fmt(report.verdictLatencyMs.max)}`,
  );
  console.log(
    `API reads during the burst       ${report.reads.total} (${(report.reads.total / report.burstSeconds).toFixed(1)}/s, ${report.reads.errors} not 200)  p50 ${fmt(report.reads.p50)}  p95 ${fmt(report.reads.p95)}  p99 ${fmt(report.reads.p99)}`,
  );
  console.log(
    `keep-alive resends               ${connectionRetries.count} (a reused socket the server had just closed)`,
  );
  console.log(
    `burst                            ${report.burstSeconds} s until the last flow ended, ${report.throughputPerSecond} verdicts/s`,
  );
  console.log(
    `leaderboard                      ${report.leaderboard.correct ? 'CORRECT' : 'WRONG'}: ${board.length} rows = recount of ${recount.size} users from solved_problems × contest_problems = contest_scores = client solves`,
  );
  console.log(`integrity                        ${JSON.stringify(integrity)}`);
  console.log(
    `CPU during the burst             ${cpu.machine.toFixed(1)} CPU-s of the machine in ${cpu.wall.toFixed(1)} s (${(cpu.machine / cpu.wall).toFixed(2)} cores busy); outside the stack: ${cpu.other.toFixed(1)} CPU-s`,
  );
  for (const r of cpu.rows.sort((a, b) => b.seconds - a.seconds))
    console.log(
      r.gone
        ? `   ${`${r.name} ${r.part}`.padEnd(34)}   killed during the burst: its CPU until then is not counted`
        : `   ${`${r.name} ${r.part}`.padEnd(34)}${r.seconds.toFixed(1).padStart(7)} CPU-s  ${((1000 * r.seconds) / SUBMISSIONS).toFixed(0).padStart(5)} ms per submission`,
    );
  const cpuIncomplete = cpu.rows.some((r) => r.gone);
  // Capacity: the stack's CPU (API, PostgreSQL, Redis, judges and their sandboxes; not the bench's own
  // client) per verdict, and what this machine's cores sustain at that cost.
  const stackCpu = cpu.rows.filter((r) => r.name !== 'bench client').reduce((a, r) => a + r.seconds, 0);
  const perVerdictMs = verdictCount ? (1000 * stackCpu) / verdictCount : NaN;
  const apiPgMs = cpu.rows
    .filter((r) => r.name === 'api' || r.name === 'postgres')
    .reduce((a, r) => a + (1000 * r.seconds) / SUBMISSIONS, 0);
  const sustainable = (1000 * CORES) / perVerdictMs;
  report.capacity = {
    cores: CORES,
    stackCpuMsPerVerdict: Number(perVerdictMs.toFixed(1)),
    apiAndPostgresMsPerSubmission: Number(apiPgMs.toFixed(1)),
    sustainableVerdictsPerSecond: Number(sustainable.toFixed(2)),
    loadAverage: [Number(load0.toFixed(2)), Number(load1.toFixed(2))],
  };
  console.log(`API + PostgreSQL                 ${apiPgMs.toFixed(1)} CPU ms per submission (target ≤ 20)`);
  console.log(
    `capacity                         ${perVerdictMs.toFixed(0)} CPU ms of the stack per verdict -> ${CORES} cores sustain ${sustainable.toFixed(2)} verdicts/s (80 %: ${(0.8 * sustainable).toFixed(2)}/s: --paced ${(0.8 * sustainable).toFixed(2)}); load average ${load0.toFixed(2)} -> ${load1.toFixed(2)}${cpuIncomplete ? '; a part was killed, so this is too low: read capacity from a run without faults' : ''}`,
  );
  if (PACED_RATE > 0) {
    report.paced = {
      rate: PACED_RATE,
      seconds: PACED_SECONDS,
      p95Ms: report.verdictLatencyMs.p95,
      ok: report.verdictLatencyMs.p95 <= PACED_P95_TARGET_MS,
    };
    console.log(
      `paced                            ${PACED_RATE}/s for ${PACED_SECONDS} s: verdict p95 ${fmt(report.verdictLatencyMs.p95)} (target ≤ ${fmt(PACED_P95_TARGET_MS)}) ${report.paced.ok ? 'MET' : 'NOT MET'}`,
    );
  }
  // Every statement of the burst (readers' included), per submission: a count the machine's load does not blur.
  if (statements.length)
    console.log(
      `   pg ${String(statements[0].all_calls).padStart(7)} calls ${(statements[0].all_calls / SUBMISSIONS).toFixed(2).padStart(6)}/submission ${String(statements[0].all_ms).padStart(9)} ms  (all statements)`,
    );
  for (const st of statements)
    console.log(
      `   pg ${String(st.calls).padStart(7)} calls ${(st.calls / SUBMISSIONS).toFixed(2).padStart(6)}/submission ${String(st.ms).padStart(9)} ms  ${st.query}`,
    );
  for (const line of faultLog) console.log(`fault  ${line}`);
  if (report.lost) console.log(`lost examples: ${JSON.stringify(report.lostDetails.slice(0, 5))}`);
  for (const line of report.apiErrors.slice(0, 5)) console.log(`api error: ${line.slice(0, 2000)}`);
  if (report.wrongVerdicts)
    console.log(`unexpected verdict examples: ${JSON.stringify(report.wrongVerdictDetails.slice(0, 5))}`);
  for (const m of report.leaderboard.mismatches.slice(0, 10)) console.log(`mismatch: ${m}`);
  console.log(`RESULT ${report.ok ? 'PASS' : 'FAIL'}`);
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(report, null, 2));
  await queue.close().catch(() => undefined);
  return report.ok ? 0 : 1;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error) => {
    console.error(`contest-day: ${error.stack ?? error}`);
    await cleanup();
    process.exit(1);
  });
