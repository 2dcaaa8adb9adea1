import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { JudgeLimits } from '@javelin/contracts';
import { compileCpp } from '../executor/cpp';
import { checkerProcessLimits } from '../executor/jvm';
import type { CgroupRun } from '../sandbox/cgroups';
import type { Sandbox } from '../sandbox/sandbox';
import type { Bind, RunOutcome } from '../sandbox/types';

/**
 * One sandbox per submission for its C++ output validator (issue 42): native/validator-host.c runs in it
 * and forks the validator for each test, as a sandbox per test did (the same binds, uid, seccomp filter,
 * cgroup limits; the validator's CPU by RLIMIT_CPU, its wall time by the host, which kills its process
 * group). A sandbox per test cost more than the validator: ~17 ms of CPU each, ten per 10-test
 * submission. Paths inside: /validator (the compiled validator), /work (the submission's validator
 * directory: only each test's feedback directory is writable), /interact (the harness's FIFOs).
 */
const HOST_SOURCE = resolve(__dirname, '../../native/validator-host.c');
const WORK = '/work';
const INTERACT = '/interact';
/** The host, the validator and what it may start. */
const HOST_PIDS = 8;

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

/** The compiled host binary, once per judge process (compiled as the validators are, in the sandbox). */
let hostBinary: Promise<string | null> | null = null;

export function compiledHost(sandbox: Sandbox, cacheDir: string): Promise<string | null> {
  hostBinary ??= compileCpp(sandbox, join(cacheDir, 'validator-host'), [
    { path: 'validator-host.cpp', content: readFileSync(HOST_SOURCE, 'utf8') },
  ]).then((r) => (r.ok ? r.binary : null));
  return hostBinary;
}

export class ValidatorHost {
  private readonly child: ChildProcess;
  private buffered = '';
  private readonly waiting: ((line: string) => void)[] = [];
  private exited = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    sandbox: Sandbox,
    private readonly cg: CgroupRun | null,
    binaryDir: string,
    validatorDir: string,
    private readonly validatorBinary: string,
    private readonly workDir: string,
    private readonly fifoDir: string | null,
    private readonly limits: JudgeLimits,
  ) {
    const binds: Bind[] = [
      { src: binaryDir, dest: '/host' },
      { src: validatorDir, dest: '/validator' },
      { src: workDir, dest: WORK, rw: true },
      ...(fifoDir ? [{ src: fifoDir, dest: INTERACT, rw: true }] : []),
    ];
    this.child = sandbox.spawnLongLived(
      {
        argv: ['/host/validator'],
        binds,
        limits: { ...checkerProcessLimits(limits), cpuSeconds: null, pids: HOST_PIDS },
      },
      cg,
    );
    if (process.env.HOSTDEBUG) console.error('HOST spawned', this.child.pid, Date.now());
    this.child.stdout?.on('data', (d: Buffer) => this.onData(d.toString('utf8')));
    this.child.stdin?.on('error', () => undefined);
    if (process.env.HOSTDEBUG) this.child.stderr?.on('data', (d: Buffer) => console.error('HOST stderr', d.toString()));
    this.child.on('close', (code, sig) => {
      if (process.env.HOSTDEBUG) console.error('HOST exit', code, sig);
      this.exited = true;
      for (const w of this.waiting.splice(0)) w('ERR the validator host exited');
    });
  }

  /** Whether this host can serve a test whose FIFOs live in `fifoDir` (null: not interactive). */
  serves(fifoDir: string | null): boolean {
    return !this.exited && (fifoDir === null || fifoDir === this.fifoDir);
  }

  /** One validator run; runs queue one after another. */
  run(req: HostedRun): Promise<RunOutcome> {
    const next = this.queue.then(() => this.runNow(req));
    this.queue = next.catch(() => undefined);
    return next;
  }

  close(): void {
    if (process.env.HOSTDEBUG) console.error('HOST close', new Error().stack?.split('\n').slice(2, 5).join(' | '));
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
      this.inside(req.stdin),
      req.stdout === null ? '/dev/null' : this.inside(req.stdout),
      `/validator/${this.validatorBinary}`,
      ...req.args,
    ];
    if (fields.some((f) => /[\t\n]/.test(f)))
      return failedRun('a validator argument holds a tab or a newline');
    if (this.exited) return failedRun('the validator host exited');
    this.child.stdin?.write(`${fields.join('\t')}\n`);
    const first = await this.nextLine();
    if (process.env.HOSTDEBUG) console.error('HOST', fields.join(' '), '->', first);
    if (first !== 'STARTED') return failedRun(first.replace(/^ERR /, ''));
    req.onStarted?.();
    const done = await this.nextLine();
    if (process.env.HOSTDEBUG) console.error('HOST done', done);
    return doneRun(done);
  }

  /** A path of this machine as the host sees it. */
  path(path: string): string {
    return this.inside(path);
  }

  private inside(path: string): string {
    if (this.fifoDir && path.startsWith(`${this.fifoDir}/`))
      return `${INTERACT}/${relative(this.fifoDir, path)}`;
    return `${WORK}/${relative(this.workDir, path)}`;
  }

  private onData(text: string): void {
    this.buffered += text;
    let i: number;
    while ((i = this.buffered.indexOf('\n')) >= 0) {
      const line = this.buffered.slice(0, i);
      this.buffered = this.buffered.slice(i + 1);
      this.waiting.shift()?.(line);
    }
  }

  private nextLine(): Promise<string> {
    if (this.exited) return Promise.resolve('ERR the validator host exited');
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

const SIGNALS: Record<number, NodeJS.Signals> = {
  6: 'SIGABRT',
  9: 'SIGKILL',
  11: 'SIGSEGV',
  13: 'SIGPIPE',
  24: 'SIGXCPU',
};

/** The host's DONE line as a sandbox run's outcome. */
export function doneRun(line: string): RunOutcome {
  const m = /^DONE (-?\d+) (\d+) (\d+) (\d+) ([01])$/.exec(line);
  if (!m) return failedRun(line.replace(/^ERR /, '') || 'no answer from the validator host');
  const [exit, signal, cpuMs, wallMs, timedOut] = m.slice(1).map(Number);
  const name = signal ? (SIGNALS[signal] ?? (`SIG${signal}` as NodeJS.Signals)) : null;
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
