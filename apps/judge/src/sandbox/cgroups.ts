import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Per-run cgroups (v1 controllers pids, memory, cpuacct), created under the judge's own cgroup of
 * each controller. A run's processes join them before bubblewrap starts (see sandbox.ts), so every
 * process and thread of the sandbox is counted: pids.max bounds processes+threads (RLIMIT_NPROC is
 * per host uid and useless here), memory.limit_in_bytes bounds heap + native + tmpfs, cpuacct
 * measures CPU time of all threads.
 *
 * cgroup v2 (unified) hierarchies are used when the v1 controllers are missing and the unified
 * hierarchy delegates pids/memory to us; otherwise runs go without cgroups (logged at start).
 */
export interface CgroupRun {
  /** cgroup.procs files the run's first process writes its pid into. */
  procsFiles: string[];
  /** CPU time used so far, ms (null when not measurable). */
  cpuMs(): number | null;
  /** Whether the kernel OOM-killed a process of the run. */
  oomKilled(): boolean;
  /** Peak memory, bytes (null when not measurable). */
  peakBytes(): number | null;
  /** SIGKILL every process still in the run's cgroups. */
  killAll(): void;
  /** Kill leftovers and remove the cgroups. */
  destroy(): Promise<void>;
}

interface CgroupLimits {
  memoryBytes: number;
  pids: number;
}

interface Controllers {
  version: 1 | 2;
  pids?: string;
  memory?: string;
  cpuacct?: string;
  unified?: string;
}

function readSafe(p: string): string | null {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return null;
  }
}

function tryWrite(p: string, v: string): boolean {
  try {
    writeFileSync(p, v);
    return true;
  } catch {
    return false;
  }
}

function killPids(procsFile: string): number {
  const txt = readSafe(procsFile);
  if (!txt) return 0;
  let n = 0;
  for (const line of txt.split('\n')) {
    const pid = Number(line);
    if (pid > 0) {
      try {
        process.kill(pid, 'SIGKILL');
        n++;
      } catch {
        /* already gone */
      }
    }
  }
  return n;
}

async function removeDir(dir: string, procsFile: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (!existsSync(dir)) return;
    try {
      rmdirSync(dir);
      return;
    } catch {
      killPids(procsFile);
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  // Give up quietly; the judge sweeps its base cgroup at exit and at the next start.
}

/** Discover the mounted hierarchies and the judge's own place in them. */
function discover(): Controllers | null {
  const mountinfo = readSafe('/proc/self/mountinfo') ?? '';
  const own = readSafe('/proc/self/cgroup') ?? '';
  const ownPath = (controller: string): string | null => {
    for (const line of own.split('\n')) {
      const [, ctrls, path] = line.split(':');
      if (ctrls !== undefined && ctrls.split(',').includes(controller)) return path ?? '/';
    }
    return null;
  };
  const v1: Controllers = { version: 1 };
  let unifiedMount: string | null = null;
  for (const line of mountinfo.split('\n')) {
    const parts = line.split(' ');
    const sep = parts.indexOf('-');
    if (sep < 0) continue;
    const fstype = parts[sep + 1];
    const mountPoint = parts[4];
    const root = parts[3];
    const superOpts = (parts[sep + 3] ?? '').split(',');
    if (fstype === 'cgroup') {
      for (const c of ['pids', 'memory', 'cpuacct'] as const) {
        if (superOpts.includes(c)) {
          const p = ownPath(c);
          if (p === null) continue;
          const rel = root !== '/' && p.startsWith(root) ? p.slice(root.length) : p;
          v1[c] = join(mountPoint, rel);
        }
      }
    } else if (fstype === 'cgroup2') {
      unifiedMount = mountPoint;
    }
  }
  if (v1.pids && v1.memory) return v1;
  if (unifiedMount) {
    const p = own.split('\n').find((l) => l.startsWith('0::'));
    const rel = p ? p.slice(3) : '/';
    const base = join(unifiedMount, rel);
    const ctrls = (readSafe(join(base, 'cgroup.controllers')) ?? '').split(/\s+/);
    if (ctrls.includes('pids') && ctrls.includes('memory')) return { version: 2, unified: base };
  }
  return v1.pids || v1.memory ? v1 : null;
}

export class CgroupManager {
  private readonly ctl: Controllers | null;
  private readonly bases: string[] = [];
  private counter = 0;
  readonly description: string;

  constructor(private readonly name: string) {
    this.ctl = discover();
    if (!this.ctl) {
      this.description = 'no cgroups available';
      return;
    }
    const created: string[] = [];
    if (this.ctl.version === 1) {
      for (const c of ['pids', 'memory', 'cpuacct'] as const) {
        const dir = this.ctl[c];
        if (!dir) continue;
        const base = join(dir, name);
        try {
          mkdirSync(base, { recursive: true });
          this.bases.push(base);
          created.push(c);
        } catch {
          this.ctl[c] = undefined;
        }
      }
      if (this.ctl.memory) tryWrite(join(this.ctl.memory, name, 'memory.use_hierarchy'), '1');
      this.description = created.length ? `cgroup v1: ${created.join(', ')}` : 'no cgroups available';
    } else {
      // v2: our own cgroup must hold no processes once controllers are enabled for children, so
      // runs live under <own>/<name>/runs, with subtree control enabled on the way down.
      const base = join(this.ctl.unified as string, name);
      let ok = false;
      try {
        mkdirSync(join(base, 'runs'), { recursive: true });
        ok =
          tryWrite(join(this.ctl.unified as string, 'cgroup.subtree_control'), '+pids +memory +cpu') &&
          tryWrite(join(base, 'cgroup.subtree_control'), '+pids +memory +cpu') &&
          tryWrite(join(base, 'runs', 'cgroup.subtree_control'), '+pids +memory +cpu');
      } catch {
        ok = false;
      }
      if (ok) {
        this.bases.push(base);
        this.description = 'cgroup v2: pids, memory, cpu';
      } else {
        this.ctl = null;
        this.description = 'no cgroups available (cgroup v2 without delegation)';
      }
    }
  }

  get available(): boolean {
    return this.ctl !== null && (this.ctl.version === 2 || Boolean(this.ctl.pids || this.ctl.memory));
  }

  get hasMemory(): boolean {
    return Boolean(this.ctl && (this.ctl.version === 2 || this.ctl.memory));
  }

  get hasPids(): boolean {
    return Boolean(this.ctl && (this.ctl.version === 2 || this.ctl.pids));
  }

  /** Create the cgroups of one run. */
  create(limits: CgroupLimits, label?: string): CgroupRun {
    const id = label ?? `r${++this.counter}`;
    const ctl = this.ctl;
    const files =
      ctl?.version === 1
        ? this.createV1(ctl, id, limits)
        : ctl?.version === 2
          ? this.createV2(ctl, id, limits)
          : null;
    return runOf(files ?? { dirs: [], cpu: null, oom: null, peak: null, v2: false });
  }

  /** cgroup v1: one directory per controller (pids, memory, cpuacct). */
  private createV1(ctl: Controllers, id: string, limits: CgroupLimits): RunFiles {
    const run: RunFiles = { dirs: [], cpu: null, oom: null, peak: null, v2: false };
    const dirOf = (root: string) => {
      const d = join(root, this.name, id);
      mkdirSync(d, { recursive: true });
      run.dirs.push({ dir: d, procs: join(d, 'cgroup.procs') });
      return d;
    };
    if (ctl.pids) writeFileSync(join(dirOf(ctl.pids), 'pids.max'), String(limits.pids));
    if (ctl.memory) {
      const d = dirOf(ctl.memory);
      writeFileSync(join(d, 'memory.limit_in_bytes'), String(limits.memoryBytes));
      tryWrite(join(d, 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes));
      tryWrite(join(d, 'memory.swappiness'), '0');
      run.oom = join(d, 'memory.oom_control');
      run.peak = join(d, 'memory.max_usage_in_bytes');
    }
    if (ctl.cpuacct) run.cpu = join(dirOf(ctl.cpuacct), 'cpuacct.usage');
    return run;
  }

  /** cgroup v2: one directory with every controller. */
  private createV2(ctl: Controllers, id: string, limits: CgroupLimits): RunFiles {
    const d = join(ctl.unified as string, this.name, 'runs', id);
    mkdirSync(d, { recursive: true });
    writeFileSync(join(d, 'pids.max'), String(limits.pids));
    writeFileSync(join(d, 'memory.max'), String(limits.memoryBytes));
    tryWrite(join(d, 'memory.swap.max'), '0');
    return {
      dirs: [{ dir: d, procs: join(d, 'cgroup.procs') }],
      cpu: join(d, 'cpu.stat'),
      oom: join(d, 'memory.events'),
      peak: join(d, 'memory.peak'),
      v2: true,
    };
  }

  /**
   * Remove empty cgroups left by judges that died (kill -9). Never kills anything: the sandboxes of
   * a dead judge die with it (bwrap --die-with-parent), and a judge that merely looks dead from here
   * (another pid namespace, another uid) must not lose its runs. Root only.
   */
  static sweepStale(prefix: string, keep: string): void {
    if (typeof process.getuid === 'function' && process.getuid() !== 0) return;
    const ctl = discover();
    if (!ctl) return;
    const parents =
      ctl.version === 1
        ? [ctl.pids, ctl.memory, ctl.cpuacct].filter((x): x is string => Boolean(x))
        : [ctl.unified as string];
    for (const parent of parents) {
      let entries: string[] = [];
      try {
        entries = readdirSync(parent);
      } catch {
        continue;
      }
      for (const e of entries) {
        if (!e.startsWith(prefix) || e === keep) continue;
        const pid = Number(e.slice(prefix.length).split('-')[0]);
        if (pid > 0 && isAlive(pid)) continue;
        removeTree(join(parent, e), false);
      }
    }
  }

  destroySync(): void {
    for (const b of this.bases) removeTree(b, true);
  }
}

/** Whether a process exists (EPERM: it exists but belongs to someone else). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeTree(dir: string, kill: boolean): void {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return;
  }
  for (const e of entries) removeTree(join(dir, e), kill);
  if (kill) killPids(join(dir, 'cgroup.procs'));
  try {
    rmdirSync(dir);
  } catch {
    /* busy: processes still exiting */
  }
}

/** The files of one run's cgroups: where its processes go and what is read back. */
interface RunFiles {
  dirs: { dir: string; procs: string }[];
  cpu: string | null;
  oom: string | null;
  peak: string | null;
  v2: boolean;
}

function runOf(f: RunFiles): CgroupRun {
  return {
    procsFiles: f.dirs.map((d) => d.procs),
    cpuMs: () => {
      const txt = f.cpu ? readSafe(f.cpu) : null;
      if (txt === null) return null;
      if (!f.v2) return Number(txt.trim()) / 1e6;
      const m = /usage_usec (\d+)/.exec(txt);
      return m ? Number(m[1]) / 1000 : null;
    },
    oomKilled: () => {
      const m = /oom_kill (\d+)/.exec(f.oom ? (readSafe(f.oom) ?? '') : '');
      return m ? Number(m[1]) > 0 : false;
    },
    peakBytes: () => {
      const txt = f.peak ? readSafe(f.peak) : null;
      return txt === null ? null : Number(txt.trim());
    },
    killAll: () => {
      for (const d of f.dirs) killPids(d.procs);
    },
    destroy: async () => {
      for (const d of f.dirs) killPids(d.procs);
      for (const d of f.dirs) await removeDir(d.dir, d.procs);
    },
  };
}
