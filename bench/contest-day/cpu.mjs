// Where the CPU goes: CPU seconds of each part of the stack between two snapshots, read from /proc.
//
// A process tree's CPU at one moment is the sum, over its live processes, of utime + stime (their own)
// + cutime + cstime (their reaped children, grandchildren included). A child that exited and was reaped
// by a live member of the tree is therefore counted; the difference of two snapshots is the tree's CPU
// in between. A tree whose root dies between the snapshots (kill-judge) loses what its members used, so
// read the breakdown of a run without faults.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TICK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

function readStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const f = text.slice(close + 2).split(' '); // f[0] is field 3 (state)
    return {
      pid,
      comm,
      ppid: Number(f[1]),
      self: (Number(f[11]) + Number(f[12])) / TICK,
      children: (Number(f[13]) + Number(f[14])) / TICK,
    };
  } catch {
    return null; // gone
  }
}

function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function allProcesses() {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(Number(name));
    if (s) procs.set(s.pid, s);
  }
  return procs;
}

/** The machine's busy CPU seconds (all cores) since boot, from /proc/stat. */
function machineBusy() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = cpu;
  return (user + nice + system + irq + softirq + (steal ?? 0)) / TICK;
}

/**
 * CPU seconds of everything a judge ran in its sandboxes: its own cgroup (javelin-judge-<pid>-*),
 * v1 cpuacct or v2 cpu.stat, which keeps counting what its removed per-run cgroups used. Null when
 * the judge runs without cgroups.
 */
export function sandboxCpuSeconds(pid) {
  let own;
  try {
    own = readFileSync(`/proc/${pid}/cgroup`, 'utf8').split('\n');
  } catch {
    return null;
  }
  const v1 = own.find((l) => l.split(':')[1]?.split(',').includes('cpuacct'));
  const v2 = own.find((l) => l.startsWith('0::'));
  const tries = [];
  if (v1)
    tries.push([join('/sys/fs/cgroup/cpuacct', v1.split(':')[2]), 'cpuacct.usage', (t) => Number(t) / 1e9]);
  if (v2)
    tries.push([
      join('/sys/fs/cgroup', v2.slice(3)),
      'cpu.stat',
      (t) => Number(/usage_usec (\d+)/.exec(t)?.[1]) / 1e6,
    ]);
  for (const [dir, file, parse] of tries) {
    try {
      const d = readdirSync(dir).find((e) => e.startsWith(`javelin-judge-${pid}-`));
      if (d) return parse(readFileSync(join(dir, d, file), 'utf8'));
    } catch {
      /* not this hierarchy */
    }
  }
  return null;
}

/**
 * One snapshot: CPU seconds per named root pid, each split into parts by `classify(stat, cmdline)`
 * for its descendants (the root's own time is part 'self', its reaped children's time 'reaped'). For a
 * judge with a cgroup, part 'sandboxes' is its cgroup's CPU less the parts classified otherwise (the
 * compile service runs in a sandbox of that cgroup too).
 */
export function snapshot(roots, classify = () => 'sandboxes') {
  const procs = allProcesses();
  const kids = new Map();
  for (const p of procs.values()) {
    if (!kids.has(p.ppid)) kids.set(p.ppid, []);
    kids.get(p.ppid).push(p);
  }
  const out = { at: Date.now(), machine: machineBusy(), parts: {} };
  for (const [name, pid] of Object.entries(roots)) {
    const root = procs.get(pid);
    const parts = {};
    const add = (part, s) => (parts[part] = (parts[part] ?? 0) + s);
    // A judge's sandboxes (bubblewrap and all it runs) live in its cgroup: count them from there,
    // since a sandbox's processes are not all reaped inside the judge's process tree.
    const sandboxes = root ? sandboxCpuSeconds(pid) : null;
    if (root) {
      add('self', root.self);
      if (sandboxes === null) add('reaped', root.children);
      const stack = [...(kids.get(pid) ?? [])];
      while (stack.length) {
        const p = stack.pop();
        const part = classify(p, cmdline(p.pid));
        if (sandboxes === null || part !== 'sandboxes') add(part, p.self + p.children);
        stack.push(...(kids.get(p.pid) ?? []));
      }
    }
    if (sandboxes !== null) add('sandboxes', sandboxes - (parts['compile service'] ?? 0));
    out.parts[name] = parts;
  }
  return out;
}

/** Per root and part: CPU seconds between two snapshots, plus what the rest of the machine used. */
export function breakdown(a, b) {
  const rows = [];
  let ours = 0;
  for (const name of Object.keys(b.parts)) {
    const parts = new Set([...Object.keys(a.parts[name] ?? {}), ...Object.keys(b.parts[name] ?? {})]);
    for (const part of parts) {
      const s = (b.parts[name][part] ?? 0) - (a.parts[name]?.[part] ?? 0);
      // Less than before: the tree's root died in between (kill-judge), and its CPU is not known.
      if (s < 0) rows.push({ name, part, seconds: 0, gone: true });
      if (Math.abs(s) < 0.005 || s < 0) continue;
      rows.push({ name, part, seconds: s });
      ours += s;
    }
  }
  const wall = (b.at - a.at) / 1000;
  const machine = b.machine - a.machine;
  return { wall, machine, ours, other: machine - ours, rows };
}
