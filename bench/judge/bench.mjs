#!/usr/bin/env node
// Judge benchmark: latency and throughput of the real judge worker, through Redis and BullMQ.
//
//   npx nx build judge && node bench/judge/bench.mjs [--runs 40] [--cold-runs 15] [--burst 40] [--cold-burst 12]
//        [--rounds 3] [--paths harness,per-test,cold] [--harness-concurrency 1,2]
//        [--base-worker <other checkout>/apps/judge/dist/main.js [--base-paths harness,interactive] [--base-version 2]]
//
// For each path it starts a real worker process (apps/judge/dist/main.js) on its own BullMQ prefix:
//   harness:  the judge as deployed: warm compile service, one pre-started sandboxed JVM per
//             submission, a fresh class loader per test
//   per-test: warm compile service, AppCDS, a fresh sandboxed JVM per test, tests in parallel
//   cold:     the baseline: javac in a new process, then a new JVM per test, one test at a time
//   validated, interactive (issue 42; ask for them in --paths): the harness path with a custom C++
//             output validator on the same submission, and an interactive guess-the-number submission
//             against a C++ interactor (interactive.mjs); validated-java, validated-python,
//             interactive-java, interactive-python: the same with the validator in Java or Python;
//             interactive-once: one exchange per test (the judge's interactive machinery alone)
// all with the same bubblewrap sandbox and limits. --base-worker adds the harness path of another build
// (say, the code before a change) as 'harness-base' (or each of --base-paths as '<path>-base'),
// interleaved with the others so that both see the same machine: on a shared machine only figures of
// one run compare; --base-version is the job contract version that build takes (1: a build from
// before versions). It then measures
//   latency: one accepted 10-test submission at a time, queue.add -> job.waitUntilFinished (p50/p95)
//   throughput: a burst of submissions added at once, judged per second until the last finishes (each
//               path's burst in --rounds parts, the paths taking turns), with the harness path also at each --harness-concurrency (JUDGE_CONCURRENCY; default 1,2);
//   CPU per submission during the burst: user+sys of the worker (node) plus the CPU of every sandboxed
//               process it ran (its cgroup, cpuacct), divided by the submissions: independent of the load.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxCpuSeconds } from '../contest-day/cpu.mjs';
import { interactiveSubmission, validatedSubmission } from './interactive.mjs';
import { twoSum, twoSumSource } from './two-sum.mjs';
import { builtJudgeWorker, machineLine, parseArgs, pct, REDIS_URL, requireFromRoot } from '../lib/common.mjs';

const { Queue, QueueEvents } = requireFromRoot('bullmq');
const {
  DEFAULT_JUDGE_LIMITS: LIMITS,
  JUDGE_JOB_VERSION,
  judgeQueueName,
} = requireFromRoot('@javelin/contracts');

const args = parseArgs();
const RUNS = Number(args.runs ?? 40);
const COLD_RUNS = Number(args['cold-runs'] ?? 15);
const BURST = Number(args.burst ?? 40);
const COLD_BURST = Number(args['cold-burst'] ?? 12);
const ROUNDS = Number(args.rounds ?? 3);
const PATHS = String(args.paths ?? 'harness,per-test,cold').split(',');
const HARNESS_CONCURRENCY = String(args['harness-concurrency'] ?? '1,2')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const WORKER = builtJudgeWorker();

/** An accepted two-sum submission with 10 tests; `salt` makes every submission's code distinct. */
function submission(salt) {
  const code = twoSumSource(salt);
  const tests = [];
  for (let t = 0; t < 10; t++) {
    const n = 50 + t * 100;
    const nums = Array.from({ length: n }, (_, i) => ((i * 7919 + t * 104729) % 100003) - 50000);
    const target = nums[t] + nums[n - 1 - t];
    tests.push({
      id: `t${t}`,
      stdin: `${n}\n${nums.join(' ')}\n${target}\n`,
      expectedOutput: `${twoSum(nums, target)}\n`,
    });
  }
  return { code, language: 'java', tests, limits: LIMITS, requestId: `bench-${salt}` };
}

/** The worker's own log lines the breakdown is made of. */
const logs = { judged: [], harnessReady: [] };

const BASE_WORKER = args['base-worker'] ?? null;
const BASE_PATHS = String(args['base-paths'] ?? 'harness').split(',');
const BASE_VERSION = Number(args['base-version'] ?? 1);

// e.g. WORKER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/judge-prof" profiles the workers
const WORKER_NODE_ARGS = (process.env.WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);

async function startWorker(mode, prefix, concurrency, worker = WORKER) {
  const child = spawn(process.execPath, [...WORKER_NODE_ARGS, worker], {
    env: {
      ...process.env,
      REDIS_URL,
      JUDGE_MODE: mode,
      // REDIS_PREFIX wins over JUDGE_QUEUE_PREFIX in the worker: both name the bench's own prefix.
      REDIS_PREFIX: prefix,
      JUDGE_QUEUE_PREFIX: prefix,
      JUDGE_CONCURRENCY: String(concurrency),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready;
  const readyP = new Promise((r) => (ready = r));
  let buf = '';
  child.stdout.on('data', (d) => {
    buf += d.toString();
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (line.includes('"msg":"listening"')) ready();
      if (worker !== WORKER) continue;
      if (line.includes('"msg":"judged"')) logs.judged.push(JSON.parse(line));
      if (line.includes('"msg":"harness ready"')) logs.harnessReady.push(JSON.parse(line));
    }
  });
  child.on('exit', (code) => {
    if (code) console.error(`worker (${mode}) exited with ${code}`);
  });
  await readyP;
  return child;
}

/** CPU ms of a process itself (user+sys, /proc/<pid>/stat, clock ticks of 10 ms). */
function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/**
 * The yardstick of issue 35: the CPU (user+sys, every thread) of a bare `java -cp . Hello` on this
 * machine, outside any sandbox, with the JDK's default flags and CDS archive. `sample(n)` runs it n
 * times (the bench samples it beside every round of bursts, so that it sees the same machine);
 * `median()` of all samples, null without any.
 */
function bareJvm() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-hello-'));
  writeFileSync(
    join(dir, 'Hello.java'),
    'public class Hello { public static void main(String[] a) { System.out.println("hi"); } }\n',
  );
  spawnSync('javac', ['-d', dir, join(dir, 'Hello.java')]);
  const ms = [];
  return {
    sample(runs) {
      for (let i = 0; i < runs; i++) {
        const r = spawnSync('bash', ['-c', `TIMEFORMAT='%3U %3S'; time java -cp '${dir}' Hello >/dev/null`], {
          encoding: 'utf8',
        });
        const [user, sys] = (r.stderr ?? '').trim().split(/\s+/).map(Number);
        if (Number.isFinite(user) && Number.isFinite(sys)) ms.push((user + sys) * 1000);
      }
    },
    get count() {
      return ms.length;
    },
    median() {
      return ms.length
        ? pct(
            [...ms].sort((a, b) => a - b),
            50,
          )
        : null;
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function judgeCpuMs(pid) {
  // Everything the judge ran in its sandboxes: its own cgroup (javelin-judge-<pid>-*).
  const sandboxes = sandboxCpuSeconds(pid);
  return sandboxes === null ? null : processCpuMs(pid) + sandboxes * 1000;
}

/**
 * The same CPU in parts: the worker's node process itself, the warm compile service (its cgroup
 * compiler-<n> inside the judge's, v1 cpuacct), and every other sandbox (harnesses, fresh JVMs).
 */
function judgeCpuParts(pid) {
  const sandboxes = sandboxCpuSeconds(pid);
  if (sandboxes === null) return null;
  let compile = 0;
  try {
    const base = '/sys/fs/cgroup/cpuacct';
    const own = readdirSync(base).find((e) => e.startsWith(`javelin-judge-${pid}-`));
    for (const e of readdirSync(join(base, own)))
      if (e.startsWith('compiler-'))
        compile += Number(readFileSync(join(base, own, e, 'cpuacct.usage'), 'utf8')) / 1e6;
  } catch {
    compile = NaN;
  }
  return { node: processCpuMs(pid), compile, sandboxes: sandboxes * 1000 - compile };
}

/** The job a path judges: the plain two-sum submission, or one of interactive.mjs's. */
function jobOf(mode, salt) {
  const [kind, language = 'cpp'] = mode.split('-');
  if (kind === 'interactive') return interactiveSubmission(salt, language);
  if (kind === 'validated') return validatedSubmission(submission(salt), language);
  return submission(salt);
}

/** The paths whose worker judges in harness mode: the plain one's, with a validator or an interactor. */
const isValidatorPath = (mode) => /^(validated(-(java|python))?|interactive(-(java|python|once))?)$/.test(mode);

// One exit listener per worker (killWorker): a run with a dozen paths has more than Node's default ten.
process.setMaxListeners(0);

async function setup(mode, concurrency = 1, base = false) {
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const workerMode = isValidatorPath(mode) ? 'harness' : mode;
  const worker = await startWorker(workerMode, prefix, concurrency, base ? BASE_WORKER : WORKER);
  const killWorker = () => worker.kill('SIGKILL');
  process.once('exit', killWorker);
  const connection = { url: REDIS_URL, maxRetriesPerRequest: null };
  // This build's judge takes the contract's current version (issue 46); the base build, from before
  // versions, the jobs of version 1 on the queue the judge had then.
  const version = base ? BASE_VERSION : JUDGE_JOB_VERSION;
  const queue = new Queue(judgeQueueName(version), { connection, prefix });
  const events = new QueueEvents(judgeQueueName(version), { connection, prefix });
  queue.setMaxListeners(0);
  events.setMaxListeners(0);
  await events.waitUntilReady();
  let salt = 0;
  const judgeOne = async () => {
    const data = jobOf(mode, `${mode}-${salt++}`);
    const job = await queue.add('judge', version === 1 ? data : { version, ...data }, {
      removeOnComplete: true,
      removeOnFail: true,
    });
    const result = await job.waitUntilFinished(events, 120_000);
    if (result.verdict !== 'accepted')
      throw new Error(
        `expected accepted, got ${JSON.stringify(result.results.filter((r) => r.verdict !== 'accepted'))}`,
      );
    return result;
  };
  const close = async () => {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await events.close();
    worker.kill('SIGTERM');
    await new Promise((r) => worker.once('exit', r));
    process.removeListener('exit', killWorker);
  };
  return {
    mode,
    name: base ? `${mode}-base` : mode,
    concurrency,
    judgeOne,
    close,
    lat: [],
    cpuMs: () => judgeCpuMs(worker.pid),
    cpuParts: () => judgeCpuParts(worker.pid),
  };
}

async function latencyTimed(p) {
  const t = performance.now();
  await p.judgeOne();
  p.lat.push(performance.now() - t);
}

/** One burst of `size` submissions added at once: its time, and the judge's CPU (its pre-started harnesses ready before and after). */
async function burst(p, size) {
  await new Promise((r) => setTimeout(r, 1500));
  const cpu0 = p.cpuMs();
  const parts0 = p.cpuParts();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: size }, () => p.judgeOne()));
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 1500));
  const cpu1 = p.cpuMs();
  const parts1 = p.cpuParts();
  return {
    n: size,
    ms,
    cpu: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0,
    parts:
      parts0 && parts1
        ? Object.fromEntries(Object.keys(parts1).map((k) => [k, parts1[k] - parts0[k]]))
        : null,
  };
}

/** Submissions judged per second and the judge's CPU per submission over `bursts` together. */
function rates(bursts) {
  const n = bursts.reduce((a, b) => a + b.n, 0);
  const sum = (f) => bursts.reduce((a, b) => (a === null || f(b) === null ? null : a + f(b)), 0);
  const cpu = sum((b) => b.cpu);
  const parts = bursts.every((b) => b.parts)
    ? Object.fromEntries(Object.keys(bursts[0].parts).map((k) => [k, sum((b) => b.parts[k]) / n]))
    : null;
  return { perSecond: n / (sum((b) => b.ms) / 1000), cpuPerSubmission: cpu === null ? null : cpu / n, parts };
}

/** `size` split into `rounds` nearly equal chunks. */
function chunked(size, rounds) {
  const r = Math.max(1, Math.min(rounds, size));
  return Array.from({ length: r }, (_, i) => Math.floor(size / r) + (i < size % r ? 1 : 0));
}

function summary(p, { perSecond, cpuPerSubmission, parts }, burstSize) {
  const lat = [...p.lat].sort((a, b) => a - b);
  return {
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    mean: lat.reduce((a, b) => a + b, 0) / lat.length,
    perSecond,
    cpuPerSubmission,
    parts,
    runs: lat.length,
    burst: burstSize,
  };
}

process.on('unhandledRejection', (e) => {
  console.error(e);
  process.exit(1);
});
const load0 = loadavg()[0];
const paths = [];
for (const mode of PATHS) paths.push(await setup(mode));
if (BASE_WORKER) for (const mode of BASE_PATHS) paths.push(await setup(mode, 1, true));
// The harness path at other concurrencies: throughput only (latency is one submission at a time).
const extra = [];
if (PATHS.includes('harness'))
  for (const c of HARNESS_CONCURRENCY) if (c !== 1) extra.push(await setup('harness', c));
const runsOf = (p) => (p.mode === 'cold' ? COLD_RUNS : RUNS);
// Warm-up: the first submissions after start are not representative.
for (let i = 0; i < 3; i++) for (const p of paths) await p.judgeOne();
// Latency, the paths interleaved so that all see the same machine.
for (let i = 0; i < Math.max(RUNS, COLD_RUNS); i++) {
  for (const p of paths) if (i < runsOf(p)) await latencyTimed(p);
}
for (const p of extra) for (let i = 0; i < 3; i++) await p.judgeOne();
// The bursts in ROUNDS interleaved rounds: a machine that speeds up or slows down meanwhile (a
// shared host does) weighs on every path alike.
const burstOf = (p) => (p.mode === 'cold' ? COLD_BURST : BURST);
const bursts = new Map(paths.map((p) => [p, []]));
const hello = bareJvm();
for (let round = 0; round < ROUNDS; round++) {
  hello.sample(Math.ceil(15 / ROUNDS));
  for (const p of paths) {
    const size = chunked(burstOf(p), ROUNDS)[round];
    if (size) bursts.get(p).push(await burst(p, size));
  }
}
const bare = hello.median();
hello.close();
const rows = paths.map((p) => [p.name, summary(p, rates(bursts.get(p)), burstOf(p))]);
const extraRows = [];
for (const p of extra)
  extraRows.push([`${p.mode} c=${p.concurrency}`, summary(p, rates([await burst(p, BURST)]), BURST)]);
for (const p of [...paths, ...extra]) await p.close();
const f = (x) => x.toFixed(0).padStart(6);
console.log(
  '\nJudge benchmark: accepted 10-test Java submission, real worker via Redis/BullMQ (JUDGE_CONCURRENCY=1 unless shown)',
);
console.log(machineLine(load0));
console.log('path               runs   p50 ms  p95 ms  mean ms   burst  submissions/s  CPU ms/submission');
const cpuCell = (r) => (r.cpuPerSubmission === null ? 'n/a' : r.cpuPerSubmission.toFixed(0)).padStart(12);
for (const [name, r] of rows) {
  console.log(
    `${name.padEnd(18)} ${String(r.runs).padStart(4)} ${f(r.p50)}  ${f(r.p95)}  ${f(r.mean)}   ${String(r.burst).padStart(5)}  ${r.perSecond.toFixed(2).padStart(8)}  ${cpuCell(r)}`,
  );
}
for (const [name, r] of extraRows) {
  console.log(
    `${name.padEnd(18)}    -        -       -        -   ${String(r.burst).padStart(5)}  ${r.perSecond.toFixed(2).padStart(8)}  ${cpuCell(r)}`,
  );
}
for (const [name, r] of [...rows, ...extraRows]) {
  if (!r.parts) continue;
  console.log(
    `  ${name}: CPU ms per submission = worker's node process ${r.parts.node.toFixed(1)} + compile service ${r.parts.compile.toFixed(1)} + program sandboxes (harness JVMs or a JVM per test) ${r.parts.sandboxes.toFixed(1)}`,
  );
}
const by = Object.fromEntries(rows);
for (const name of ['harness', 'per-test', 'harness-base']) {
  const r = by[name];
  if (!r || !by.cold) continue;
  console.log(
    `${name} vs cold: p50 ${(by.cold.p50 / r.p50).toFixed(2)}x faster, throughput ${(r.perSecond / by.cold.perSecond).toFixed(2)}x`,
  );
}
const median = (xs) =>
  pct(
    [...xs].sort((a, b) => a - b),
    50,
  );
const harnessCpu = [...rows, ...extraRows]
  .filter(([n]) => n.startsWith('harness') && n !== 'harness-base')
  .map(([, r]) => r.cpuPerSubmission);
if (harnessCpu.length && harnessCpu.every((x) => x !== null)) {
  const worst = Math.max(...harnessCpu);
  console.log(
    `harness path: ${worst.toFixed(0)} CPU ms per submission at most -> at most ${((1000 * cpus().length) / worst).toFixed(1)} submissions/s from ${cpus().length} fully used cores (a quiet machine, concurrency >= cores)`,
  );
  if (bare !== null) {
    const best = Math.min(...harnessCpu);
    console.log(
      `bare JVM (java -cp . Hello, no sandbox): ${bare.toFixed(0)} ms of CPU (median of ${hello.count}, taken beside the bursts); an accepted 10-test submission on the harness path costs ${(best / bare).toFixed(2)} bare JVM starts`,
    );
    if (by['harness-base']?.cpuPerSubmission != null)
      console.log(
        `harness-base (${BASE_WORKER}): ${by['harness-base'].cpuPerSubmission.toFixed(0)} CPU ms per submission, ${(by['harness-base'].cpuPerSubmission / bare).toFixed(2)} bare JVM starts; this build / base: ${(best / by['harness-base'].cpuPerSubmission).toFixed(3)}`,
      );
  }
}
if (by.harness?.cpuPerSubmission != null) {
  const validated = rows.filter(([n, r]) => isValidatorPath(n) && r.cpuPerSubmission !== null);
  if (validated.length)
    console.log(
      `CPU ms per accepted 10-test submission against plain (harness ${by.harness.cpuPerSubmission.toFixed(0)}): ${validated.map(([n, r]) => `${n} ${r.cpuPerSubmission.toFixed(0)} = ${(r.cpuPerSubmission / by.harness.cpuPerSubmission).toFixed(2)}x`).join(', ')}`,
    );
}
for (const [name, r] of rows) {
  const base = by[`${name}-base`];
  if (r.cpuPerSubmission == null || base?.cpuPerSubmission == null || name === 'harness') continue;
  console.log(
    `${name}: this build ${r.cpuPerSubmission.toFixed(0)} CPU ms per submission, base ${base.cpuPerSubmission.toFixed(0)}; this build / base: ${(r.cpuPerSubmission / base.cpuPerSubmission).toFixed(3)}`,
  );
}
const judged = logs.judged.filter((l) => l.mode === 'harness');
if (judged.length > 0) {
  const compile = median(judged.map((l) => l.compileMs));
  const wait = median(judged.map((l) => l.harnessWaitMs));
  const tests = median(judged.map((l) => l.totalMs - l.compileMs - l.harnessWaitMs));
  const start = median(logs.harnessReady.map((l) => l.startMs));
  const cpu = median(logs.harnessReady.filter((l) => l.cpuMs !== null).map((l) => l.cpuMs));
  console.log(
    `harness path, inside the judge (medians of ${judged.length} submissions): compile ${compile} ms, waiting for a ready harness ${wait} ms, 10 tests ${tests} ms`,
  );
  console.log(
    `harness JVM start (in the background): ${start} ms from spawn to ready, ${cpu} ms of CPU (median of ${logs.harnessReady.length})`,
  );
}
process.exit(0);
