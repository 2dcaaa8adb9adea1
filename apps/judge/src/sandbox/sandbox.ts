import {
  spawn,
  spawnSync,
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
  type StdioOptions,
} from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  openSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { CgroupManager, type CgroupRun } from './cgroups';
import { buildSeccompFilter } from './seccomp';

/** A host path made visible inside the sandbox at `dest` (read-only unless `rw`). */
export interface Bind {
  src: string;
  dest: string;
  rw?: boolean;
}

export interface ProcessLimits {
  /** RLIMIT_CPU, whole seconds per process (hard stop; the verdict uses the cgroup's CPU time). */
  cpuSeconds: number | null;
  /** cgroup memory limit for all processes of the run. */
  memoryBytes: number;
  /** cgroup pids limit (processes + threads). */
  pids: number;
  /** RLIMIT_FSIZE. */
  fileSizeBytes: number;
  /** RLIMIT_NOFILE. */
  openFiles: number;
  /** Size of the private tmpfs work dir. */
  workDirBytes: number;
}

export interface RunRequest {
  argv: string[];
  binds: Bind[];
  stdin: string | Buffer;
  limits: ProcessLimits;
  wallTimeMs: number;
  /** Stop reading stdout and kill the run past this many bytes. */
  maxStdoutBytes: number;
  maxStderrBytes: number;
  /** Kill the run as soon as its stderr matches this (e.g. the JVM failing to start a thread). */
  killOnStderr?: RegExp;
  /** Kill the run once the CPU time of its cgroup passes this (polled); null: only RLIMIT_CPU. */
  cpuLimitMs?: number | null;
  /**
   * Open fds to be the program's fd 0 and fd 1 instead of pipes (an interactive validator's ends of
   * the FIFOs to and from the submission): `stdin` is then ignored and `stdout` comes back empty.
   */
  stdio?: { stdin: number; stdout: number };
}

export interface RunOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  outputExceeded: boolean;
  timedOut: boolean;
  /** Killed because stderr matched `killOnStderr`. */
  stderrMatched: boolean;
  /** Killed by the CPU watchdog or by RLIMIT_CPU. */
  cpuExceeded: boolean;
  wallMs: number;
  cpuMs: number | null;
  oomKilled: boolean;
  peakMemoryBytes: number | null;
}

/** The sandbox itself could not be set up (a judge fault, not the program's). */
export class SandboxError extends Error {}

/** The fd of a long-lived process's control pipe when its fd 0 is a file (see spawnLongLived). */
export const CONTROL_FD = 4;

/** Exit code of the wrapper when joining cgroups or setting rlimits failed. */
const SETUP_FAILED = 125;
/** How often a run's cgroup CPU time is read against its limit. */
const CPU_POLL_MS = 50;

/**
 * Runs in the host shell right before bubblewrap when the judge has no javelin-enter (native/, built
 * at start with the host's C compiler): join the run's cgroups (so every later process and thread is
 * counted), set rlimits, then exec the rest (setpriv -> bwrap -> program).
 *   $1 = number of cgroup.procs files, then the files, then cpu seconds|-, fsize blocks, nofile
 */
const WRAPPER = [
  'n=$1; shift',
  'while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n-1)); done',
  'ulimit -c 0 || exit 125',
  'if [ "$1" != - ]; then ulimit -S -t "$1" && ulimit -H -t $(($1 + 1)) || exit 125; fi',
  'ulimit -f "$2" || exit 125',
  'ulimit -n "$3" || exit 125',
  'shift 3',
  'exec "$@"',
].join('\n');

/** Nothing of the judge's environment reaches the wrapper: the sandbox's /proc/1/environ shows bwrap's. */
const HOST_ENV = {};

const REFUSE =
  'the judge refuses to run code without its sandbox (JUDGE_UNSAFE_NO_SANDBOX=1 turns it off, for local development only)';

function which(tool: string, configured?: string): string {
  if (configured) {
    if (!existsSync(configured)) throw new SandboxError(`${tool} not found at ${configured}: ${REFUSE}`);
    return configured;
  }
  const r = spawnSync('/bin/sh', ['-c', `command -v ${tool}`], {
    encoding: 'utf8',
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' },
  });
  const p = (r.stdout ?? '').trim();
  if (r.status !== 0 || !p.startsWith('/')) throw new SandboxError(`${tool} is not installed: ${REFUSE}`);
  return p;
}

export interface SandboxOptions {
  javaHome: string;
  stateDir: string;
  uid: number;
  gid: number;
  unsafeNoSandbox: boolean;
  cgroups: CgroupManager;
  /** bubblewrap binary (default: found on the PATH). */
  bwrapPath?: string;
  /**
   * native/javelin-enter.c built for this host: the sandbox's first step (cgroups, rlimits, the uid
   * drop) in one static exec. Without it: sh (WRAPPER) and setpriv, two execs more.
   */
  enterPath?: string | null;
}

export class Sandbox {
  readonly javaHome: string;
  private readonly baseArgs: string[];
  private readonly etcDir: string;
  private readonly bwrap: string;
  private readonly setpriv: string;
  private readonly enter: string | null;
  /** The seccomp filter file (x86_64), given to bwrap on fd 3 of every sandbox. */
  readonly seccompFile: string | null;

  constructor(private readonly opts: SandboxOptions) {
    this.javaHome = realpathSync(opts.javaHome);
    this.etcDir = join(opts.stateDir, 'etc');
    this.writePrivateEtc();
    this.bwrap = opts.unsafeNoSandbox ? '' : which('bwrap', opts.bwrapPath);
    const filter = opts.unsafeNoSandbox ? null : buildSeccompFilter();
    this.seccompFile = filter ? join(opts.stateDir, 'seccomp.bpf') : null;
    if (filter && this.seccompFile) writeFileSync(this.seccompFile, filter, { mode: 0o644 });
    this.baseArgs = opts.unsafeNoSandbox ? [] : this.computeBaseArgs();
    this.enter = opts.enterPath ?? null;
    this.setpriv = opts.unsafeNoSandbox || !this.privileged || this.enter ? '' : which('setpriv');
  }

  /** Whether sandboxed processes start through javelin-enter (else sh and setpriv). */
  get entersNatively(): boolean {
    return this.enter !== null;
  }

  /** Whether the judge runs as root (then sandboxes run as the configured sandbox uid). */
  get privileged(): boolean {
    return typeof process.getuid === 'function' && process.getuid() === 0;
  }

  get unsafe(): boolean {
    return this.opts.unsafeNoSandbox;
  }

  get cgroups(): CgroupManager {
    return this.opts.cgroups;
  }

  /** A minimal /etc of the sandbox's own: no host users, hosts or configuration. */
  private writePrivateEtc(): void {
    mkdirSync(this.etcDir, { recursive: true });
    const { uid, gid } = this.opts;
    writeFileSync(join(this.etcDir, 'passwd'), `sandbox:x:${uid}:${gid}:sandbox:/work:/nonexistent\n`);
    writeFileSync(join(this.etcDir, 'group'), `sandbox:x:${gid}:\n`);
    writeFileSync(join(this.etcDir, 'hosts'), '127.0.0.1 localhost sandbox\n::1 localhost\n');
    writeFileSync(join(this.etcDir, 'hostname'), 'sandbox\n');
    writeFileSync(join(this.etcDir, 'nsswitch.conf'), 'passwd: files\ngroup: files\nhosts: files\n');
    chmodSync(this.etcDir, 0o755);
  }

  /** Read-only binds for the JDK and the shared libraries it loads, found with ldd; symlinks for /lib*. */
  private computeBaseArgs(): string[] {
    const args: string[] = [];
    const ro = new Set<string>([this.javaHome]);
    const libs = new Set<string>();
    for (const bin of [
      join(this.javaHome, 'bin/java'),
      join(this.javaHome, 'lib/server/libjvm.so'),
      join(this.javaHome, 'lib/libjava.so'),
      join(this.javaHome, 'lib/libnio.so'),
      join(this.javaHome, 'lib/libnet.so'),
      join(this.javaHome, 'lib/libzip.so'),
    ]) {
      if (!existsSync(bin)) continue;
      const r = spawnSync('ldd', [bin], { encoding: 'utf8' });
      for (const line of (r.stdout ?? '').split('\n')) {
        const m = /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line);
        if (m) libs.add(m[1]);
      }
    }
    if (libs.size === 0) throw new SandboxError('ldd found no shared libraries for the JDK');
    for (const lib of libs) {
      ro.add(dirname(realpathSync(lib)));
      // The directory holding the name the loader uses (e.g. /lib64 -> /usr/lib64 with ld-linux).
      ro.add(realpathSync(dirname(lib)));
    }
    // Configuration the JDK links to outside its home (Debian: /etc/java-17-openjdk).
    for (const sub of ['lib', 'conf', 'lib/security', 'conf/security']) {
      const d = join(this.javaHome, sub);
      if (!existsSync(d)) continue;
      for (const e of readdirSync(d)) {
        const p = join(d, e);
        try {
          if (!lstatSync(p).isSymbolicLink()) continue;
          const target = realpathSync(p);
          const m = /^\/etc\/[^/]+/.exec(target);
          if (m && !m[0].startsWith('/etc/ssl')) ro.add(m[0]);
        } catch {
          /* dangling link */
        }
      }
    }
    // Collapse nested binds.
    const sorted = [...ro].sort();
    const binds = sorted.filter((p, i) => !sorted.slice(0, i).some((q) => p.startsWith(`${q}/`)));
    for (const top of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
      try {
        if (lstatSync(top).isSymbolicLink()) args.push('--symlink', readlinkSync(top), top);
      } catch {
        /* absent */
      }
    }
    for (const b of binds) args.push('--ro-bind', b, b);
    args.push('--dir', '/etc');
    for (const f of ['passwd', 'group', 'hosts', 'hostname', 'nsswitch.conf']) {
      args.push('--ro-bind', join(this.etcDir, f), `/etc/${f}`);
    }
    if (existsSync('/etc/ld.so.cache')) args.push('--ro-bind', '/etc/ld.so.cache', '/etc/ld.so.cache');
    return args;
  }

  private bwrapArgs(req: Pick<RunRequest, 'argv' | 'binds' | 'limits'>): string[] {
    return [
      '--unshare-all',
      '--unshare-user',
      '--disable-userns',
      '--die-with-parent',
      '--new-session',
      '--cap-drop',
      'ALL',
      ...(this.seccompFile ? ['--seccomp', '3'] : []),
      '--clearenv',
      '--hostname',
      'sandbox',
      ...this.baseArgs,
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--size',
      String(req.limits.workDirBytes),
      '--perms',
      '0700',
      '--tmpfs',
      '/work',
      ...req.binds.flatMap((b) => [b.rw ? '--bind' : '--ro-bind', b.src, b.dest]),
      '--chdir',
      '/work',
      '--remount-ro',
      '/',
      '--remount-ro',
      '/dev',
      '--',
      ...req.argv,
    ];
  }

  /**
   * The host command for a sandboxed process: javelin-enter (cgroups, rlimits and, as root, the drop to
   * the sandbox uid with no_new_privs) -> bwrap -> argv; without javelin-enter, sh (cgroups + rlimits)
   * -> setpriv (the drop) -> bwrap -> argv. In unsafe mode the same first step, then argv with host paths.
   */
  command(
    req: Pick<RunRequest, 'argv' | 'binds' | 'limits'>,
    cg: CgroupRun | null,
    workDir?: string,
  ): { file: string; args: string[] } {
    const l = req.limits;
    const pre = [
      String(cg ? cg.procsFiles.length : 0),
      ...(cg ? cg.procsFiles : []),
      l.cpuSeconds === null ? '-' : String(l.cpuSeconds),
      String(Math.ceil(l.fileSizeBytes / 512)),
      String(l.openFiles),
    ];
    if (this.opts.unsafeNoSandbox) {
      const map = [...req.binds, ...(workDir ? [{ src: workDir, dest: '/work' }] : [])];
      const translate = (a: string) =>
        map.reduce((s, b) => s.replace(new RegExp(`${escapeRe(b.dest)}(?=$|[/:])`, 'g'), b.src), a);
      const argv = req.argv.map(translate);
      return this.enter
        ? { file: this.enter, args: [...pre, '-', '-', ...argv] }
        : { file: '/bin/sh', args: ['-c', WRAPPER, 'javelin-sandbox', ...pre, ...argv] };
    }
    if (this.enter) {
      const ids = this.privileged ? [String(this.opts.uid), String(this.opts.gid)] : ['-', '-'];
      return { file: this.enter, args: [...pre, ...ids, this.bwrap, ...this.bwrapArgs(req)] };
    }
    // As root: drop to the sandbox uid first (bwrap then maps that uid, not root, into its user
    // namespace). Not root: bwrap runs unprivileged with the judge's own uid.
    const drop = this.privileged
      ? [
          this.setpriv,
          `--reuid=${this.opts.uid}`,
          `--regid=${this.opts.gid}`,
          '--clear-groups',
          '--no-new-privs',
          '--',
        ]
      : [];
    return {
      file: '/bin/sh',
      args: ['-c', WRAPPER, 'javelin-sandbox', ...pre, ...drop, this.bwrap, ...this.bwrapArgs(req)],
    };
  }

  /**
   * Spawn the wrapper; the seccomp filter (if any) goes on fd 3, freshly opened (bwrap reads it to the
   * end). `stdinFd`: an open file for the program's fd 0, its stdin pipe then being fd 4 (CONTROL_FD).
   */
  private spawnWithFilter(
    file: string,
    args: string[],
    workDir: string | undefined,
    stdinFd?: number,
    wired?: RunRequest['stdio'],
  ): ChildProcessWithoutNullStreams {
    const fd = this.seccompFile ? openSync(this.seccompFile, 'r') : null;
    try {
      const stdio: StdioOptions = wired
        ? [wired.stdin, wired.stdout, 'pipe', fd ?? 'ignore']
        : stdinFd !== undefined
          ? [stdinFd, 'pipe', 'pipe', fd ?? 'ignore', 'pipe']
          : fd === null
            ? ['pipe', 'pipe', 'pipe']
            : ['pipe', 'pipe', 'pipe', fd];
      return spawn(file, args, {
        env: HOST_ENV,
        detached: true,
        stdio,
        cwd: workDir ?? '/',
      }) as ChildProcessWithoutNullStreams;
    } finally {
      if (fd !== null) closeSync(fd);
    }
  }

  /** A fresh directory of the judge's (mode 0755) under its state directory, for the caller to bind and remove. */
  privateDir(prefix: string): string {
    const dir = mkdtempSync(join(this.opts.stateDir, prefix));
    chmodSync(dir, 0o755);
    return dir;
  }

  /**
   * A private, already unlinked file for a program's standard input: `read` to give the program as its
   * fd 0 (read-only, as `java Main < input`), `write` for the judge to fill. Close both when done.
   */
  openInputFile(): { read: number; write: number } {
    const path = join(this.opts.stateDir, `stdin-${process.pid}-${randomBytes(6).toString('hex')}`);
    const write = openSync(path, 'wx', 0o644);
    try {
      return { read: openSync(path, 'r'), write };
    } catch (e) {
      closeSync(write);
      throw e;
    } finally {
      rmSync(path, { force: true });
    }
  }

  /**
   * Start a long-lived sandboxed process (the compile service, a test harness). With `stdinFd` its
   * fd 0 is that file and the pipe the judge writes to is fd 4 (`child.stdio[CONTROL_FD]`).
   */
  spawnLongLived(
    req: Pick<RunRequest, 'argv' | 'binds' | 'limits'>,
    cg: CgroupRun | null,
    stdinFd?: number,
  ): ChildProcess {
    let workDir: string | undefined;
    if (this.opts.unsafeNoSandbox) workDir = mkdtempSync(join(this.opts.stateDir, 'work-'));
    const { file, args } = this.command(req, cg, workDir);
    return this.spawnWithFilter(file, args, workDir, stdinFd);
  }

  /** Run a program to completion in a fresh sandbox with a fresh cgroup. */
  async run(req: RunRequest): Promise<RunOutcome> {
    const cg = this.opts.cgroups.available
      ? this.opts.cgroups.create({ memoryBytes: req.limits.memoryBytes, pids: req.limits.pids })
      : null;
    let workDir: string | undefined;
    if (this.opts.unsafeNoSandbox) {
      workDir = mkdtempSync(join(this.opts.stateDir, 'work-'));
    }
    try {
      return await this.runIn(req, cg, workDir);
    } finally {
      // The measurements are taken; removing the cgroups (which can take a few retries while the
      // kernel finishes tearing the processes down) does not hold up the result.
      if (cg) void cg.destroy().catch(() => undefined);
      if (workDir) rmSync(workDir, { recursive: true, force: true });
    }
  }

  private runIn(req: RunRequest, cg: CgroupRun | null, workDir: string | undefined): Promise<RunOutcome> {
    const { file, args } = this.command(req, cg, workDir);
    return new Promise<RunOutcome>((resolve, reject) => {
      const child = this.spawnWithFilter(file, args, workDir, undefined, req.stdio);
      const run = new WatchedRun(child, req, cg);
      // With wired stdio (req.stdio) the child has no stdin or stdout pipe.
      child.stdin?.on('error', () => {
        /* the program exited without reading all of its input */
      });
      child.on('error', (e) => {
        if (run.stop()) reject(new SandboxError(`cannot start the sandbox: ${e.message}`));
      });
      child.on('close', (code, signal) => {
        if (!run.stop()) return;
        const setupError = this.setupError(run, code);
        if (setupError) reject(setupError);
        else resolve(run.outcome(code, signal));
      });
      child.stdin?.end(req.stdin);
    });
  }

  /** A failure of the sandbox itself (a judge fault), told apart from the program's own exit. */
  private setupError(run: WatchedRun, code: number | null): SandboxError | null {
    if (code === SETUP_FAILED && !run.timedOut && !run.outputExceeded) {
      return new SandboxError(`sandbox setup failed: ${run.stderr.trim().slice(0, 500)}`);
    }
    if (
      !this.opts.unsafeNoSandbox &&
      code === 1 &&
      run.stderr.startsWith('bwrap: ') &&
      run.stdoutBytes === 0
    ) {
      return new SandboxError(`bubblewrap failed: ${run.stderr.trim().slice(0, 500)}`);
    }
    return null;
  }
}

/** One sandboxed run under watch: its output read up to the limits, its wall and CPU time bounded. */
class WatchedRun {
  private readonly started = performance.now();
  private readonly out: Buffer[] = [];
  stdoutBytes = 0;
  stderr = '';
  private stderrBytes = 0;
  outputExceeded = false;
  timedOut = false;
  cpuExceeded = false;
  stderrMatched = false;
  private done = false;
  private readonly timer: NodeJS.Timeout;
  private readonly watchdog: NodeJS.Timeout | null;

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly req: RunRequest,
    private readonly cg: CgroupRun | null,
  ) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.kill();
    }, req.wallTimeMs);
    const cpuLimit = req.cpuLimitMs;
    this.watchdog =
      cg && cpuLimit
        ? setInterval(() => {
            const used = cg.cpuMs();
            if (used !== null && used > cpuLimit) {
              this.cpuExceeded = true;
              this.kill();
            }
          }, CPU_POLL_MS)
        : null;
    child.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk));
    child.stderr.on('data', (chunk: Buffer) => this.onStderr(chunk));
  }

  private kill(): void {
    if (this.child.pid) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    this.cg?.killAll();
  }

  private onStdout(chunk: Buffer): void {
    if (this.outputExceeded) return;
    const room = this.req.maxStdoutBytes - this.stdoutBytes;
    if (chunk.length > room) {
      this.out.push(chunk.subarray(0, Math.max(0, room)));
      this.stdoutBytes = this.req.maxStdoutBytes;
      this.outputExceeded = true;
      this.kill();
      this.child.stdout.destroy();
      return;
    }
    this.out.push(chunk);
    this.stdoutBytes += chunk.length;
  }

  private onStderr(chunk: Buffer): void {
    if (this.stderrBytes >= this.req.maxStderrBytes) return;
    const s = chunk.subarray(0, this.req.maxStderrBytes - this.stderrBytes);
    this.stderrBytes += s.length;
    this.stderr += s.toString('utf8');
    if (this.req.killOnStderr && !this.stderrMatched && this.req.killOnStderr.test(this.stderr)) {
      this.stderrMatched = true;
      this.kill();
    }
  }

  /** Stop the timers; false when the run had already ended. */
  stop(): boolean {
    if (this.done) return false;
    this.done = true;
    clearTimeout(this.timer);
    if (this.watchdog) clearInterval(this.watchdog);
    return true;
  }

  outcome(code: number | null, signal: NodeJS.Signals | null): RunOutcome {
    const cpuMs = this.cg ? this.cg.cpuMs() : null;
    const cpuLimit = this.req.cpuLimitMs;
    const killedBy = signal ?? (code !== null && code > 128 ? code - 128 : null);
    const overCpu =
      killedBy === 'SIGXCPU' || killedBy === 24 || Boolean(cpuLimit && cpuMs !== null && cpuMs > cpuLimit);
    return {
      exitCode: code,
      signal,
      cpuExceeded: this.cpuExceeded || overCpu,
      stderrMatched: this.stderrMatched,
      stdout: Buffer.concat(this.out),
      stderr: this.stderr,
      outputExceeded: this.outputExceeded,
      timedOut: this.timedOut,
      wallMs: performance.now() - this.started,
      cpuMs,
      oomKilled: this.cg ? this.cg.oomKilled() : false,
      peakMemoryBytes: this.cg ? this.cg.peakBytes() : null,
    };
  }
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Check that bubblewrap works here; throws with the reason when it does not. */
/** Limits of a trusted start-up check that runs `java -version` in the sandbox. */
export const JVM_CHECK_RUN: Pick<RunRequest, 'limits' | 'wallTimeMs' | 'maxStdoutBytes' | 'maxStderrBytes'> =
  {
    limits: {
      cpuSeconds: 10,
      memoryBytes: 512 << 20,
      pids: 64,
      fileSizeBytes: 1 << 20,
      openFiles: 128,
      workDirBytes: 1 << 20,
    },
    wallTimeMs: 20_000,
    maxStdoutBytes: 1 << 16,
    maxStderrBytes: 1 << 16,
  };

export async function probeSandbox(sandbox: Sandbox): Promise<void> {
  const r = await sandbox.run({
    argv: [
      join(sandbox.javaHome, 'bin/java'),
      '-Xshare:auto',
      '-XX:+UseSerialGC',
      '-XX:-UsePerfData',
      '-version',
    ],
    binds: [],
    stdin: '',
    ...JVM_CHECK_RUN,
  });
  if (r.exitCode !== 0 || !/version/.test(r.stderr)) {
    throw new SandboxError(
      `the sandboxed JVM does not start (exit ${r.exitCode}): ${r.stderr.slice(0, 500)}`,
    );
  }
}
