#!/usr/bin/env node
// Where the CPU of one harness (one accepted 10-test submission) goes, thread by thread.
//
//   npx nx build judge && node bench/judge/breakdown.mjs [--submissions 12] [--flags "-XX:Foo -XX:Bar"]
//
// It starts the judge's runtime (sandbox, cgroups, compile service, CDS archives) in this process and
// then, per submission, a real sandboxed harness JVM exactly as the judge starts one, compiles the
// bench's two-sum in the warm compile service, and runs its 10 tests. It reads:
//   - the harness's cgroup CPU (every process of the sandbox: sh, setpriv, bwrap, the JVM) at READY,
//     after loading, and after each test;
//   - the JVM's threads (/proc/<pid>/task/*/stat) at READY and after the last test: main (the
//     harness), the C1/C2 compiler threads, GC, the VM thread, others; the test threads have ended
//     by then, so their CPU is the JVM's total minus its live threads ("ended threads");
//   - the compile service's CPU per compilation (its cgroup), and this process's own CPU.
// --flags appends JVM flags to the harness's (A/B experiments); --alt-flags runs every other
// submission with those instead, so both see the same machine.
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { twoSumSource } from './two-sum.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(root, 'package.json'));
const dist = join(root, 'apps/judge/dist');
const { loadConfig } = require(join(dist, 'config.js'));
const { startRuntime } = require(join(dist, 'startup.js'));
const { HarnessProcess } = require(join(dist, 'executor/harness.js'));
const { HARNESS_ARCHIVE_PATH } = require(join(dist, 'executor/harness-launch.js'));
const { jvmArgs } = require(join(dist, 'executor/jvm.js'));
const { DEFAULT_JUDGE_LIMITS } = require('@javelin/contracts');

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const N = Number(args.submissions ?? 12);
const FLAGS = String(args.flags ?? '')
  .split(' ')
  .filter(Boolean);
const ALT = args['alt-flags'] === undefined ? null : String(args['alt-flags']).split(' ').filter(Boolean);
const TESTS = Number(args.tests ?? 10);

const LIMITS = { ...DEFAULT_JUDGE_LIMITS, cpuTimeMs: 2000, wallTimeMs: 5000, memoryMb: 256, stackMb: 64 };

const source = twoSumSource;

function inputs() {
  const out = [];
  for (let t = 0; t < TESTS; t++) {
    const n = 50 + (t % 10) * 100;
    const nums = Array.from({ length: n }, (_, i) => ((i * 7919 + t * 104729) % 100003) - 50000);
    out.push(`${n}\n${nums.join(' ')}\n${nums[t % n] + nums[n - 1 - (t % n)]}\n`);
  }
  return out;
}

const TICK_MS = 10;
function statOf(path) {
  try {
    const s = readFileSync(path, 'utf8');
    const close = s.lastIndexOf(')');
    const f = s.slice(close + 2).split(' ');
    return { comm: s.slice(s.indexOf('(') + 1, close), ms: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** Precise per-thread CPU (ns) from schedstat, where available. */
function schedMs(path) {
  try {
    return Number(readFileSync(path, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

function threadGroup(comm) {
  if (comm.startsWith('C2 Compiler')) return 'C2';
  if (comm.startsWith('C1 Compiler')) return 'C1';
  if (/^G1|^GC Thr|^VM Periodic|^Service/.test(comm))
    return comm.startsWith('G1') || comm.startsWith('GC') ? 'GC' : 'other';
  if (comm === 'VM Thread') return 'VM';
  if (comm === 'java') return 'main';
  return 'other';
}

/** The JVM's pid in the harness's cgroup (the process whose comm is java), and its threads' CPU. */
function jvmThreads(cg) {
  const procs = cg.procsFiles.find((f) => f.includes('cpuacct')) ?? cg.procsFiles[0];
  const pids = readFileSync(procs, 'utf8').split('\n').filter(Boolean).map(Number);
  const java = pids.find((p) => statOf(`/proc/${p}/stat`)?.comm === 'java');
  if (!java) return null;
  const groups = {};
  let live = 0;
  for (const tid of readdirSync(`/proc/${java}/task`)) {
    const st = statOf(`/proc/${java}/task/${tid}/stat`);
    const ms = schedMs(`/proc/${java}/task/${tid}/schedstat`);
    if (!st || ms === null) continue;
    const g = threadGroup(st.comm);
    groups[g] = (groups[g] ?? 0) + ms;
    live += ms;
  }
  const total = schedMs(`/proc/${java}/schedstat`);
  // /proc/<pid>/schedstat is the main thread's only; the process total is the sum of the live
  // threads plus the ended ones, which only /proc/<pid>/stat has (10 ms ticks): use the cgroup instead.
  void total;
  return { pid: java, groups, live };
}

const med = (xs) => {
  const s = [...xs].filter((x) => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

function processCpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const config = loadConfig({ mode: 'harness' });
const rt = await startRuntime(config);
const launchOf = (extra) => ({
  sandbox: rt.sandbox,
  harnessDir: rt.harnessDir,
  cdsDir: rt.cdsArchive,
  harnessArchiveDir: rt.harnessArchive,
  jvmArgs: (shape) => [
    ...jvmArgs(shape, 'harness', rt.cdsArchive, rt.harnessArchive ? HARNESS_ARCHIVE_PATH : null),
    ...extra,
  ],
});
const shape = { memoryMb: LIMITS.memoryMb, stackMb: LIMITS.stackMb, maxProcesses: LIMITS.maxProcesses };
const stdin = inputs();
const load0 = loadavg()[0];
const rows = { A: [], B: [] };

async function one(i, variant) {
  const extra = variant === 'A' ? FLAGS : ALT;
  const compileCg0 = rt.compiler ? cgCpu(rt.compiler) : null;
  const node0 = processCpuMs();
  const compiled = await rt.compiler.compile('Main', source(`${variant}-${i}-${Date.now()}`), 10_000);
  const compileMs = rt.compiler ? cgCpu(rt.compiler) - compileCg0 : null;
  if (!compiled.ok) throw new Error(JSON.stringify(compiled));
  const h = new HarnessProcess(launchOf(extra), shape);
  const cg = h.cg;
  if (args['stderr-file']) {
    const { appendFileSync } = await import('node:fs');
    h.child.stderr.on('data', (d) => appendFileSync(args['stderr-file'], d));
  }
  await h.ready;
  const atReady = cg.cpuMs();
  const threadsReady = jvmThreads(cg);
  h.load(compiled.classes, 'Main', LIMITS.stackMb << 20, 65536);
  const perTest = [];
  let prev = atReady;
  for (let t = 0; t < stdin.length; t++) {
    const r = await h.runTest(t, stdin[t], LIMITS, 65536);
    if (r.outcome.exitCode !== 0) throw new Error(`test ${t}: ${r.outcome.stderr}`);
    const now = cg.cpuMs();
    perTest.push(now - prev);
    prev = now;
  }
  const threadsEnd = jvmThreads(cg);
  const total = cg.cpuMs();
  if (args.phases) {
    const b = Buffer.alloc(4);
    b.writeInt32BE(-1);
    const { appendFileSync } = await import('node:fs');
    h.child.stderr.on('data', (d) => appendFileSync(args.phases, d));
    h.control.write(b);
    await new Promise((r) => setTimeout(r, 300));
  }
  h.kill();
  const nodeMs = processCpuMs() - node0;
  rows[variant].push({ atReady, threadsReady, threadsEnd, perTest, total, compileMs, nodeMs });
}

/** The compile service's cgroup CPU (ms), through its private field (a bench may look inside). */
function cgCpu(service) {
  const cg = service.cg ?? service.cgroup ?? service.run?.cg;
  return cg?.cpuMs?.() ?? NaN;
}

for (let i = 0; i < 2; i++) await one(-1 - i, 'A'); // warm-up of this process and the compile service
rows.A.length = 0;
for (let i = 0; i < N; i++) {
  await one(i, 'A');
  if (ALT) await one(i, 'B');
}
await rt.compiler?.close();
rt.cgroups.destroySync();

function report(name, rs, flags) {
  if (!rs.length) return;
  console.log(`\n${name}: ${rs.length} harnesses, extra flags: ${flags.join(' ') || '(none)'}`);
  const groups = new Set(rs.flatMap((r) => Object.keys(r.threadsEnd?.groups ?? {})));
  console.log(
    `  harness cgroup CPU at READY (sandbox chain + JVM start + warm-up): ${med(rs.map((r) => r.atReady)).toFixed(1)} ms`,
  );
  const g = (r, k, which) => r[which]?.groups[k] ?? 0;
  for (const k of [...groups].sort())
    console.log(
      `    JVM thread ${k.padEnd(6)}: ${med(rs.map((r) => g(r, k, 'threadsReady'))).toFixed(1)} ms at READY, ${med(rs.map((r) => g(r, k, 'threadsEnd') - g(r, k, 'threadsReady'))).toFixed(1)} ms more by the end`,
    );
  const tests = rs.map((r) => r.total - r.atReady);
  const liveGrowth = rs.map((r) => (r.threadsEnd?.live ?? 0) - (r.threadsReady?.live ?? 0));
  console.log(
    `  ${TESTS} tests (cgroup, load + tests): ${med(tests).toFixed(1)} ms; of which live JVM threads ${med(liveGrowth).toFixed(1)} ms, ended test threads ${med(rs.map((r, i) => tests[i] - liveGrowth[i])).toFixed(1)} ms`,
  );
  const per = Array.from({ length: TESTS }, (_, t) => med(rs.map((r) => r.perTest[t])).toFixed(1));
  console.log(`  per test (cgroup): ${per.join(' ')}`);
  console.log(
    `  compile (service cgroup): ${med(rs.map((r) => r.compileMs)).toFixed(1)} ms; this node process (compile request, spawn, tests): ${med(rs.map((r) => r.nodeMs)).toFixed(1)} ms`,
  );
  console.log(
    `  harness total: ${med(rs.map((r) => r.total)).toFixed(1)} ms; harness + compile + node: ${med(rs.map((r) => r.total + r.compileMs + r.nodeMs)).toFixed(1)} ms`,
  );
}
console.log(`load average ${load0.toFixed(2)} -> ${loadavg()[0].toFixed(2)}`);
report('A', rows.A, FLAGS);
if (ALT) report('B', rows.B, ALT);
process.exit(0);
