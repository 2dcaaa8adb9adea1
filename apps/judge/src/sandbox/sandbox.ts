import {
  spawn,
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
  type StdioOptions,
} from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bwrapArgs, jdkBindArgs, which, writePrivateEtc } from './bwrap';
import type { CgroupManager, CgroupRun } from './cgroups';
import { buildSeccompFilter } from './seccomp';
import { SandboxError, type RunOutcome, type RunRequest } from './types';
import { WatchedRun } from './watched-run';

/**
 * The sandbox: every untrusted program (and the trusted compile service and harness JVMs beside them)
 * starts here, on the host through javelin-enter (or sh and setpriv), then bubblewrap with the
 * seccomp filter, in a cgroup of its own; a run is watched to its end (watched-run.ts).
 */

/** Exit code of the wrapper when joining cgroups or setting rlimits failed. */
const SETUP_FAILED = 125;

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

interface SandboxOptions {
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
  private readonly bwrap: string;
  private readonly setpriv: string;
  private readonly enter: string | null;
  /**
   * The judge's FIFO root: every harness's interactive FIFOs are in a directory of a random name here
   * (interactDir), and a validator host, which serves any harness, sees the root at /interact. Mode 0711:
   * a sandboxed process may reach a directory whose name it was given, never list the others.
   */
  readonly interactRoot: string;
  /** The seccomp filter file (x86_64), given to bwrap on fd 3 of every sandbox. */
  readonly seccompFile: string | null;

  constructor(private readonly opts: SandboxOptions) {
    this.javaHome = realpathSync(opts.javaHome);
    const etcDir = join(opts.stateDir, 'etc');
    writePrivateEtc(etcDir, opts.uid, opts.gid);
    this.interactRoot = join(opts.stateDir, 'interact');
    mkdirSync(this.interactRoot, { recursive: true });
    chmodSync(this.interactRoot, 0o711);
    this.bwrap = opts.unsafeNoSandbox ? '' : which('bwrap', opts.bwrapPath);
    const filter = opts.unsafeNoSandbox ? null : buildSeccompFilter();
    this.seccompFile = filter ? join(opts.stateDir, 'seccomp.bpf') : null;
    if (filter && this.seccompFile) writeFileSync(this.seccompFile, filter, { mode: 0o644 });
    this.baseArgs = opts.unsafeNoSandbox ? [] : jdkBindArgs(this.javaHome, etcDir);
    this.enter = opts.enterPath ?? null;
    this.setpriv = opts.unsafeNoSandbox || !this.privileged || this.enter ? '' : which('setpriv');
  }

  /**
   * Whether sandboxed processes start through javelin-enter (else sh and setpriv); only then are a
   * request's `fifos` made as its sandbox starts (else the caller makes them).
   */
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

  /** bubblewrap's arguments for one sandbox (a method, so that bench/judge/sandbox-start.mjs can vary them). */
  private bwrapArgs(req: Pick<RunRequest, 'argv' | 'binds' | 'limits'>): string[] {
    return bwrapArgs(this.baseArgs, this.seccompFile !== null, req);
  }

  /**
   * The host command for a sandboxed process: javelin-enter (cgroups, rlimits and, as root, the drop to
   * the sandbox uid with no_new_privs) -> bwrap -> argv; without javelin-enter, sh (cgroups + rlimits)
   * -> setpriv (the drop) -> bwrap -> argv. In unsafe mode the same first step, then argv with host paths.
   */
  command(
    req: Pick<RunRequest, 'argv' | 'binds' | 'limits' | 'fifos'>,
    cg: CgroupRun | null,
    workDir?: string,
  ): { file: string; args: string[] } {
    const l = req.limits;
    const pre = [
      ...(this.enter ? (req.fifos ?? []).flatMap((f) => ['--fifo', f]) : []),
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

  /** A harness's own directory for its FIFOs, under interactRoot, named by 128 random bits. */
  interactDir(): string {
    const dir = join(this.interactRoot, randomBytes(16).toString('hex'));
    mkdirSync(dir, { mode: 0o755 });
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
    req: Pick<RunRequest, 'argv' | 'binds' | 'limits' | 'fifos'>,
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

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
