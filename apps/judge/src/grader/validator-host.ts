import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { JudgeLimits } from '@javelin/contracts';
import { compileCpp } from '../executor/cpp';
import { checkerProcessLimits } from '../executor/jvm';
import type { CgroupRun } from '../sandbox/cgroups';
import type { Sandbox } from '../sandbox/sandbox';
import type { Bind, RunOutcome } from '../sandbox/types';
import { RunDirs } from './run-dirs';

/**
 * One sandbox per submission for its output validator (issue 42), serving every test's run of it, as a
 * sandbox per test did (the same binds, uid, seccomp filter, cgroup limits; the validator's CPU, wall time
 * and output held per run). A sandbox per test cost more than the validator: ~17 ms of CPU each, ten per
 * 10-test submission. What runs in it speaks one protocol (native/validator-host.c describes it):
 *   - a C++ validator: native/validator-host.c linked with the validator (its main renamed), which
 *     forks per test and calls it; or, when that link failed, the same host alone, which forks and
 *     execs the validator's binary per test;
 *   - a Python one: native/validator-host.py, an interpreter started once that forks per test and runs
 *     the script in the child (runpy): a test pays a fork, not an interpreter's start;
 *   - a Java one: java/ValidatorServer.java, one JVM that runs each test's main(args) in a class loader
 *     of its own, as the submission harness runs a test.
 * A host that ends (a warm runtime a validator broke, or one that ended itself after a run it could not
 * undo) fails the run it was serving as a judge error; the judge starts another for the next test.
 * Hosts outlive submissions (host-pool.ts). Paths inside: /validator (the compiled validator), /work (the
 * host's own directory: only each run's feedback directory is writable), /files (read-only: the tests'
 * inputs and answers it was given, each once, named by its SHA-256: see file()), /interact (read-only: the
 * judge's FIFO root, each harness's FIFOs in a directory of a random name there, the root unlistable).
 */
const HOST_SOURCE = resolve(__dirname, '../../native/validator-host.c');
const PYTHON_HOST_SOURCE = resolve(__dirname, '../../native/validator-host.py');
const WORK = '/work';
const FILES = '/files';
const INTERACT = '/interact';
/**
 * A test's input or answer up to this size is kept in the host's /files for the host's life (written
 * once, not once per submission); a larger one is written into the run's own directory each time, so a
 * host never holds a second copy of a problem's big tests. At most HOST_FILES of them per host.
 */
const HOST_FILE_BYTES = 1 << 16;
const HOST_FILES = 4096;

/** One validator run as the host is asked for it: paths on this machine, inside `workDir` or the FIFOs' directory. */
export interface HostedRun {
  stdin: string;
  /** Null: /dev/null (an interactive validator's stdout is the FIFO instead). */
  stdout: string | null;
  /** The most the validator may write to a file (its stdout included); 0: the sandbox's own limit. */
  fileBytes?: number;
  args: string[];
  wallTimeMs: number;
  /** Called once the validator holds its stdin and stdout (an interactive test's judge may let go of its ends). */
  onStarted?: () => void;
}

/** The validator a host runs: its folder (at /validator), its command there, and what else it needs bound. */
export interface HostedValidator {
  dir: string;
  /** The host's own command line in its sandbox (validator-host.c, validator-host.py or the JVM's). */
  hostArgv: string[];
  /** The validator as the host names it in each request (a binary, a script, a main class). */
  command: string[];
  /** What the host and its validator need bound beside /validator, /work and /interact. */
  binds: Bind[];
  /** The host's processes and threads, its validator's included (a JVM's dozens, a C++ one's few). */
  pids: number;
  /** The memory of the host and its validator together. */
  memoryBytes: number;
}

/**
 * The compiled host, once per judge process (compiled as the validators are, in the sandbox): its binary,
 * which execs a validator, and its object, which a C++ validator is linked with to be its own host.
 */
let host: Promise<{ binary: string; object: string | null } | null> | null = null;

export function compiledHost(
  sandbox: Sandbox,
  cacheDir: string,
): Promise<{ binary: string; object: string | null } | null> {
  const source = [{ path: 'validator-host.cpp', content: readFileSync(HOST_SOURCE, 'utf8') }];
  host ??= compileCpp(sandbox, join(cacheDir, 'validator-host'), source, { keepObject: true }).then((r) =>
    r.ok ? { binary: r.binary, object: r.object } : null,
  );
  return host;
}

let pythonHost: string | null = null;

/** The Python fork server's program (validator-host.py), passed to `python3 -c`. */
export function pythonHostSource(): string {
  pythonHost ??= readFileSync(PYTHON_HOST_SOURCE, 'utf8');
  return pythonHost;
}

/**
 * How long past a run's wall time the judge waits for the host's answer before it ends the host itself:
 * the host holds the wall time, but a warm runtime a validator wedged may never answer.
 */
const HOST_ANSWER_GRACE_MS = 2_000;
/** The line a host sends with a run's DONE when it ends after that run. */
const HOST_ENDS = 'END';

export class ValidatorHost {
  private readonly child: ChildProcess;
  private buffered = '';
  /** Lines read before anyone asked for them (STARTED and DONE often come in one chunk), and who waits. */
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string) => void)[] = [];
  private exited = false;
  /** Closed by the judge, or ending by itself (END): it serves no more runs, even before its process is reaped. */
  private closed = false;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  /** Its runs' directories, kept from lease to lease (under its /work). */
  readonly runs: RunDirs;
  /** The host's /files on this machine (beside its /work), and the names written there. */
  private readonly filesDir: string;
  private readonly files = new Set<string>();

  constructor(
    sandbox: Sandbox,
    private readonly cg: CgroupRun | null,
    private readonly validator: HostedValidator,
    /** The host's own directory, its /work: each run's files are in a directory of their own there. */
    readonly workDir: string,
    /** The judge's FIFO root (Sandbox.interactRoot), or null: the host serves no interactive run. */
    private readonly fifoRoot: string | null,
    private readonly limits: JudgeLimits,
  ) {
    this.runs = new RunDirs(join(workDir, 'runs'));
    this.filesDir = `${workDir}.files`;
    mkdirSync(this.filesDir, { mode: 0o755 });
    const binds: Bind[] = [
      { src: validator.dir, dest: '/validator' },
      ...validator.binds,
      { src: workDir, dest: WORK, rw: true },
      { src: this.filesDir, dest: FILES },
      // Read-only, as the harness has its own: a FIFO's ends open for writing on a read-only mount.
      ...(fifoRoot ? [{ src: fifoRoot, dest: INTERACT }] : []),
    ];
    this.child = sandbox.spawnLongLived(
      {
        argv: validator.hostArgv,
        binds,
        limits: {
          ...checkerProcessLimits(limits),
          cpuSeconds: null,
          pids: validator.pids,
          memoryBytes: validator.memoryBytes,
        },
      },
      cg,
    );
    this.child.stdout?.on('data', (d: Buffer) => this.onData(d.toString('utf8')));
    this.child.stdin?.on('error', () => undefined);
    // The host writes nothing there; its validators' standard error goes to /dev/null.
    this.child.stderr?.resume();
    this.child.on('close', () => {
      this.exited = true;
      for (const w of this.waiting.splice(0)) w('ERR the validator host exited');
    });
  }

  /** Whether this host can serve a run, and one whose FIFOs are `fifo` (a path; null: not interactive). */
  serves(fifo: string | null): boolean {
    const reaches = fifo === null || (this.fifoRoot !== null && fifo.startsWith(`${this.fifoRoot}/`));
    return !this.exited && !this.closed && reaches;
  }

  /** A run is asked for and not yet answered. */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** One validator run; runs queue one after another. */
  run(req: HostedRun): Promise<RunOutcome> {
    this.pending++;
    const next = this.queue.then(() => this.runNow(req)).finally(() => this.pending--);
    this.queue = next.catch(() => undefined);
    return next;
  }

  close(): void {
    this.closed = true;
    rmSync(this.filesDir, { recursive: true, force: true });
    this.files.clear();
    this.child.stdin?.end();
    if (this.child.pid && !this.exited) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    void this.cg?.destroy().catch(() => undefined);
  }

  private async runNow(req: HostedRun): Promise<RunOutcome> {
    const fields = [
      String(this.limits.cpuTimeMs),
      String(req.wallTimeMs),
      String(req.fileBytes ?? 0),
      this.path(req.stdin),
      req.stdout === null ? '/dev/null' : this.path(req.stdout),
      ...this.validator.command,
      ...req.args,
    ];
    if (fields.some((f) => /[\t\n]/.test(f)))
      return failedRun('a validator argument holds a tab or a newline');
    if (this.exited || this.closed) return failedRun('the validator host exited');
    this.child.stdin?.write(`${fields.join('\t')}\n`);
    let timer: NodeJS.Timeout | undefined;
    const overdue = new Promise<string>((resolve) => {
      timer = setTimeout(() => {
        this.close();
        resolve('DONE -1 9 0 0 1');
      }, req.wallTimeMs + HOST_ANSWER_GRACE_MS);
    });
    try {
      const first = await Promise.race([this.nextLine(), overdue]);
      if (first === 'STARTED') {
        req.onStarted?.();
        const done = await Promise.race([this.nextLine(), overdue]);
        if (!DONE_LINE.test(done)) this.close();
        return doneRun(done);
      }
      // Anything but the protocol's (a dying JVM's last words on stdout) ends the host: it serves no next run.
      if (!first.startsWith('ERR ')) this.close();
      return DONE_LINE.test(first) ? doneRun(first) : failedRun(first.replace(/^ERR /, ''));
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * `text` (a test's input or answer) as a file the host can read: its path inside, or null when it is
   * too large to keep (the caller writes it into the run's directory). A name is the text's SHA-256:
   * a host reads there only what it was given, and one of its validators that knew a name would know
   * the text already.
   */
  file(text: string): string | null {
    if (text.length > HOST_FILE_BYTES) return null; // characters: at most 3 bytes each
    const name = createHash('sha256').update(text).digest('hex');
    if (!this.files.has(name)) {
      if (this.files.size >= HOST_FILES) return null;
      writeFileSync(join(this.filesDir, name), text, { mode: 0o644 });
      this.files.add(name);
    }
    return `${FILES}/${name}`;
  }

  /** A path of this machine as the host sees it. */
  path(path: string): string {
    if (this.fifoRoot && path.startsWith(`${this.fifoRoot}/`))
      return `${INTERACT}/${relative(this.fifoRoot, path)}`;
    return `${WORK}/${relative(this.workDir, path)}`;
  }

  private onData(text: string): void {
    this.buffered += text;
    let i: number;
    while ((i = this.buffered.indexOf('\n')) >= 0) {
      const line = this.buffered.slice(0, i);
      this.buffered = this.buffered.slice(i + 1);
      // A warm runtime that ends after the run it answered (java/ValidatorServer.java) says so with its DONE.
      if (line === HOST_ENDS) {
        this.closed = true;
        continue;
      }
      const waiter = this.waiting.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    }
  }

  private nextLine(): Promise<string> {
    const read = this.lines.shift();
    if (read !== undefined) return Promise.resolve(read);
    if (this.exited) return Promise.resolve('ERR the validator host exited');
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

/** A signal's name from its number, as Node names the signals of the processes it waits for. */
const SIGNAL_NAMES = new Map(
  Object.entries(constants.signals).map(([name, n]) => [n, name as NodeJS.Signals]),
);

const DONE_LINE = /^DONE (-?\d+) (\d+) (\d+) (\d+) ([01])$/;

/** The host's DONE line as a sandbox run's outcome. */
export function doneRun(line: string): RunOutcome {
  const m = DONE_LINE.exec(line);
  if (!m) return failedRun(line.replace(/^ERR /, '') || 'no answer from the validator host');
  const [exit, signal, cpuMs, wallMs, timedOut] = m.slice(1).map(Number);
  const name = signal ? (SIGNAL_NAMES.get(signal) ?? null) : null;
  return {
    exitCode: exit < 0 ? null : exit,
    signal: name,
    stdout: Buffer.alloc(0),
    stderr: '',
    // Past RLIMIT_FSIZE: its output (to a file) went over the limit.
    outputExceeded: name === 'SIGXFSZ',
    timedOut: timedOut === 1,
    stderrMatched: false,
    cpuExceeded: name === 'SIGXCPU',
    wallMs,
    cpuMs,
    // Killed outright, and not by the host's wall clock: the cgroup's memory limit.
    oomKilled: name === 'SIGKILL' && timedOut !== 1,
    peakMemoryBytes: null,
  };
}

/** A run the host could not make: the validator failed to start (a judge error, never a verdict). */
function failedRun(reason: string): RunOutcome {
  return { ...doneRun('DONE 125 0 0 0 0'), stderr: reason };
}
