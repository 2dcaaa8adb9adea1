#!/usr/bin/env node
// What starting one sandbox costs, part by part: a static no-op program run through the judge's own
// Sandbox.run (cgroups, rlimits, the uid drop, bubblewrap, seccomp) again and again, the variants
// interleaved so that all see the same machine; the figure is the run's cgroup CPU (every process of
// the sandbox, its set-up and tear-down), median per variant.
//
//   npx nx build judge && node bench/judge/sandbox-start.mjs [--runs 100]
//
// Variants: the judge's sandbox (javelin-enter, then bwrap); the same through sh + setpriv (the
// fallback); and the judge's sandbox without one of its parts (the network namespace, --dev, --proc,
// the seccomp filter) to show what each costs. Needs root (as the judge's sandbox does), cc and bwrap.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { machineLine, options, pct, ROOT } from '../lib/common.mjs';
import { createRequire } from 'node:module';

const opt = options();
const RUNS = Number(opt('runs', 100));
const require = createRequire(join(ROOT, 'package.json'));
const dist = join(ROOT, 'apps/judge/dist');
const { Sandbox } = require(join(dist, 'sandbox/sandbox.js'));
const { CgroupManager } = require(join(dist, 'sandbox/cgroups.js'));
const { loadConfig } = require(join(dist, 'config.js'));
const { buildEnter } = require(join(dist, 'startup.js'));

const config = loadConfig();
mkdirSync(config.workRoot, { recursive: true, mode: 0o755 });
const work = mkdtempSync(join(config.workRoot, 'bench-sandbox-'));
chmodSync(work, 0o755);
const bin = join(work, 'bin');
mkdirSync(bin, { mode: 0o755 });
writeFileSync(join(work, 'noop.c'), 'int main(void) { return 0; }\n');
execFileSync('cc', ['-O2', '-static', '-o', join(bin, 'noop'), join(work, 'noop.c')]);
// The judge's own javelin-enter, as it builds and caches it at start.
const enter = buildEnter(config);
if (!enter) throw new Error('javelin-enter could not be built (see the log line above)');

/** bwrap's arguments without the option `flag` (and its `width - 1` values); with `value`, only that use of it. */
const without = (flag, width, value) => (a) => {
  const i = a.findIndex((x, j) => x === flag && (value === undefined || a[j + 1] === value));
  return [...a.slice(0, i), ...a.slice(i + width)];
};
const variants = {
  'javelin-enter + bwrap (the judge)': { enterPath: enter },
  'sh + setpriv + bwrap (fallback)': { enterPath: null },
  'no network namespace': {
    enterPath: enter,
    args: (a) =>
      a.flatMap((x) =>
        x === '--unshare-all'
          ? ['--unshare-ipc', '--unshare-pid', '--unshare-uts', '--unshare-cgroup-try']
          : [x],
      ),
  },
  'no --dev': {
    enterPath: enter,
    args: (a) => without('--remount-ro', 2, '/dev')(without('--dev', 2)(a)),
  },
  'no --proc': { enterPath: enter, args: without('--proc', 2) },
  'no seccomp filter': { enterPath: enter, args: without('--seccomp', 2) },
};

const sandboxes = Object.entries(variants).map(([name, v], k) => {
  const stateDir = join(work, `s${k}`);
  mkdirSync(stateDir, { mode: 0o755 });
  const sandbox = new Sandbox({
    javaHome: config.javaHome,
    stateDir,
    uid: config.sandboxUid,
    gid: config.sandboxGid,
    unsafeNoSandbox: false,
    cgroups: new CgroupManager(`bench-sandbox-${process.pid}-${k}`),
    enterPath: v.enterPath,
  });
  if (v.args) {
    const own = sandbox.bwrapArgs.bind(sandbox);
    sandbox.bwrapArgs = (req) => v.args(own(req));
  }
  return { name, sandbox, cpu: [] };
});
if (!sandboxes[0].sandbox.cgroups.available)
  throw new Error('no cgroups: the bench reads the sandbox cgroup CPU');

const load0 = loadavg()[0];
const limits = {
  cpuSeconds: 5,
  memoryBytes: 256 << 20,
  pids: 16,
  fileSizeBytes: 1 << 20,
  openFiles: 64,
  workDirBytes: 1 << 20,
};
const request = {
  argv: ['/bench/noop'],
  binds: [{ src: bin, dest: '/bench' }],
  stdin: '',
  limits,
  wallTimeMs: 5000,
  maxStdoutBytes: 1024,
  maxStderrBytes: 4096,
};
try {
  for (let i = 0; i < RUNS; i++)
    for (const s of sandboxes) {
      const r = await s.sandbox.run(request);
      if (r.exitCode !== 0 || r.cpuMs === null) throw new Error(`${s.name}: exit ${r.exitCode}: ${r.stderr}`);
      s.cpu.push(r.cpuMs);
    }
} finally {
  for (const s of sandboxes) s.sandbox.cgroups.destroySync();
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nOne sandbox around a static no-op: its cgroup CPU, median of ${RUNS} runs each, interleaved`);
console.log(machineLine(load0));
const base = pct(sandboxes[0].cpu, 50);
for (const s of sandboxes) {
  const m = pct(s.cpu, 50);
  const diff = s === sandboxes[0] ? '' : ` (${m - base >= 0 ? '+' : ''}${(m - base).toFixed(2)})`;
  console.log(`  ${s.name.padEnd(36)} ${m.toFixed(2).padStart(6)} ms${diff}`);
}
