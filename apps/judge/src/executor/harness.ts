import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, ftruncateSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { JudgeLimits } from '@javelin/contracts';
import { log } from '../log';
import { THREAD_LIMIT_RE, type TestOutcome } from '../grader/verdict';
import type { CgroupRun } from '../sandbox/cgroups';
import { CONTROL_FD, SandboxError, type Bind, type ProcessLimits, type Sandbox } from '../sandbox/sandbox';
import type { CompiledClass } from './compiler';
import { programProcessLimits } from './jvm';

/** Must match Harness.java. */
const MAGIC = 0x4a565331;
const READY = Buffer.from('JAVELIN-HARNESS-READY\n', 'ascii');
const NONCE_BYTES = 16;
/** index, exitCode, cpuNanos, wallNanos, heapBytes, flags, stderr length. */
const RESULT_HEAD_BYTES = 4 + 4 + 8 + 8 + 8 + 1 + 4;
const FLAG_RECYCLE = 1;
/** Submission option: the harness reports the heap in use after a full collection at the end of every test. */
const OPTION_REPORT_HEAP = 1;
/** Submission option: the harness measures each test's CPU time itself (only without a cgroup to read it from). */
const OPTION_MEASURE_CPU = 2;

const START_TIMEOUT_MS = 60_000;
const CPU_POLL_MS = 50;
/** What the JVM itself may write to stderr around a test (warnings), on top of the program's capped stderr. */
const RAW_STDERR_BYTES = 64 * 1024;
/** RLIMIT_CPU of a harness JVM: a backstop only, since it serves many tests; each test's CPU is bounded through its cgroup. */
const HARNESS_CPU_BACKSTOP_S = 3600;
/** Test frame modes (Harness.java). */
const MODE_PLAIN = 0;
const MODE_INTERACTIVE = 1;
/** Where a harness sees its interactive FIFOs (Harness.java TO_PROGRAM / FROM_PROGRAM). */
const INTERACT_DIR = '/interact';

/** The FIFOs of a harness's interactive tests, as host paths (made once, reused by every test). */
export interface HarnessFifos {
  /** The validator writes, the program reads (its fd 0 during the test). */
  toProgram: string;
  /** The program writes (its fd 1 during the test), the validator reads. */
  fromProgram: string;
}

/** An interactive test: `onStarted` runs once the program's ends of the FIFOs are open (before main). */
export interface InteractiveTestHooks {
  onStarted: () => void;
}

/** The JVM settings a harness is started with; a job can only use a harness started with its own. */
export interface HarnessShape {
  memoryMb: number;
  stackMb: number;
  maxProcesses: number;
  /** Compilations in the program's own thread (jvmArgs' `foregroundJit`): the AI's growth measurement. */
  foregroundJit?: boolean;
}

export function shapeOf(limits: JudgeLimits, foregroundJit = false): HarnessShape {
  return {
    memoryMb: limits.memoryMb,
    stackMb: limits.stackMb,
    maxProcesses: limits.maxProcesses,
    foregroundJit,
  };
}

export function shapeKey(s: HarnessShape): string {
  return `${s.memoryMb}/${s.stackMb}/${s.maxProcesses}${s.foregroundJit ? '/fg' : ''}`;
}

export interface HarnessLaunch {
  sandbox: Sandbox;
  /** JVM flags for this shape (heap, stack, GC, CDS). */
  jvmArgs: (shape: HarnessShape) => string[];
  /** Host directories: the harness classes (at /harness), the CDS archive (at /cds, optional), the harness's own archive (at /harness-cds, optional). */
  harnessDir: string;
  cdsDir: string | null;
  harnessArchiveDir: string | null;
}

/** The harness's own classes, in harnessDir (Exit and Warmup stay class files beside it). */
export const HARNESS_JAR = 'harness.jar';
/** The dynamic CDS archive of a harness's start, in the harness archive directory. */
export const HARNESS_ARCHIVE = 'harness.jsa';
/** Where the harness archive is bound in the sandbox. */
export const HARNESS_ARCHIVE_PATH = `/harness-cds/${HARNESS_ARCHIVE}`;

/**
 * The java arguments after the flags: the harness's class path, main class and its arguments (the
 * sandbox's paths). `warmUp`: the trusted start the harness's CDS archive is dumped from runs the
 * warm-up, so that the archive holds every class a test's path loads; harnesses started to judge do not.
 */
export function harnessMain(warmUp = false): string[] {
  return ['-cp', `/harness/${HARNESS_JAR}`, 'Harness', '/work', '/harness', ...(warmUp ? ['--warm-up'] : [])];
}

export interface HarnessTestRun {
  outcome: TestOutcome;
  /** The JVM is gone or must not run another test. */
  recycle: boolean;
}

interface Parsed {
  exitCode: number;
  cpuMs: number;
  wallMs: number;
  heapBytes: number;
  recycle: boolean;
  stderr: string;
}

/**
 * One test in flight: its output is everything on the harness's stdout before the test's nonce; after
 * the nonce comes a fixed-size result. Nothing from the harness is trusted: sizes are bounded, the
 * result must name this test, and the limits are enforced from outside (wall timer, cgroup CPU).
 */
export class TestInFlight {
  private chunks: Buffer[] = [];
  private size = 0;
  private tail: Buffer | null = null;
  private rawErr = '';
  readonly started = performance.now();
  timedOut = false;
  cpuExceeded = false;
  outputExceeded = false;
  stderrMatched = false;
  protocolViolation = false;
  result: Parsed | null = null;
  /** Bytes after the result: someone else writes to the harness's stdout. */
  stray = false;

  constructor(
    readonly index: number,
    readonly nonce: Buffer,
    private readonly limits: JudgeLimits,
    private readonly stderrCap: number,
    readonly cpuAtStart: number | null,
    /** An interactive test: the harness first sends the nonce alone once the FIFOs are open. */
    private ack: { onStarted: () => void; got: Buffer } | null = null,
  ) {}

  /** Returns true once the test's result (or a reason to kill) is known. */
  onStdout(chunk: Buffer): boolean {
    if (this.ack) {
      const got = Buffer.concat([this.ack.got, chunk]);
      if (got.length < NONCE_BYTES) {
        this.ack.got = got;
        return false;
      }
      if (!got.subarray(0, NONCE_BYTES).equals(this.nonce)) {
        this.protocolViolation = true;
        return true;
      }
      const { onStarted } = this.ack;
      this.ack = null;
      onStarted();
      if (got.length === NONCE_BYTES) return false;
      chunk = got.subarray(NONCE_BYTES);
    }
    if (this.tail !== null) {
      this.tail = Buffer.concat([this.tail, chunk]);
      return this.parseResult();
    }
    const carry = this.lastBytes(NONCE_BYTES - 1);
    const at = Buffer.concat([carry, chunk]).indexOf(this.nonce);
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (at < 0) {
      if (this.size > this.limits.outputBytes + NONCE_BYTES) this.outputExceeded = true;
      return this.outputExceeded;
    }
    const all = Buffer.concat(this.chunks);
    const outputEnd = this.size - chunk.length - carry.length + at;
    this.chunks = [all.subarray(0, outputEnd)];
    this.size = outputEnd;
    this.tail = all.subarray(outputEnd + NONCE_BYTES);
    if (outputEnd > this.limits.outputBytes) this.outputExceeded = true;
    return this.outputExceeded || this.parseResult();
  }

  private lastBytes(n: number): Buffer {
    const out: Buffer[] = [];
    let need = n;
    for (let i = this.chunks.length - 1; i >= 0 && need > 0; i--) {
      const c = this.chunks[i];
      out.unshift(c.subarray(Math.max(0, c.length - need)));
      need -= Math.min(need, c.length);
    }
    return Buffer.concat(out);
  }

  private parseResult(): boolean {
    const t = this.tail as Buffer;
    if (t.length < RESULT_HEAD_BYTES) return false;
    const index = t.readInt32BE(0);
    const errLen = t.readInt32BE(RESULT_HEAD_BYTES - 4);
    if (index !== this.index || errLen < 0 || errLen > this.stderrCap) {
      this.protocolViolation = true;
      return true;
    }
    if (t.length < RESULT_HEAD_BYTES + errLen) return false;
    const nanos = (at: number) => Number(t.readBigInt64BE(at)) / 1e6;
    this.result = {
      exitCode: t.readInt32BE(4),
      cpuMs: nanos(8),
      wallMs: nanos(16),
      heapBytes: Number(t.readBigInt64BE(24)),
      recycle: (t.readUInt8(32) & FLAG_RECYCLE) !== 0,
      stderr: t.subarray(RESULT_HEAD_BYTES, RESULT_HEAD_BYTES + errLen).toString('utf8'),
    };
    this.stray = t.length > RESULT_HEAD_BYTES + errLen;
    return true;
  }

  /** Returns true when the JVM logged that it could not start a thread. */
  onStderr(chunk: Buffer): boolean {
    if (this.rawErr.length < RAW_STDERR_BYTES)
      this.rawErr += chunk.toString('utf8').slice(0, RAW_STDERR_BYTES - this.rawErr.length);
    if (!this.stderrMatched && THREAD_LIMIT_RE.test(this.rawErr)) this.stderrMatched = true;
    return this.stderrMatched;
  }

  outcome(
    exit: { code: number | null; signal: NodeJS.Signals | null } | null,
    cpuMs: number | null,
    oomKilled: boolean,
  ): TestOutcome {
    const outerWall = performance.now() - this.started;
    const r = this.result;
    const stdout = Buffer.concat(this.chunks);
    const cpuUsed = Math.max(r?.cpuMs ?? 0, cpuMs ?? 0);
    return {
      exitCode: r && !this.protocolViolation ? r.exitCode : (exit?.code ?? null),
      signal: r ? null : (exit?.signal ?? null),
      stdout: stdout.length > this.limits.outputBytes ? stdout.subarray(0, this.limits.outputBytes) : stdout,
      stderr: (r?.stderr ?? '') + this.rawErr,
      outputExceeded: this.outputExceeded,
      timedOut: this.timedOut,
      stderrMatched: this.stderrMatched,
      cpuExceeded: this.cpuExceeded || cpuUsed > this.limits.cpuTimeMs,
      oomKilled,
      protocolViolation: this.protocolViolation,
      // The harness's own wall time of the test (main and the threads it waited for), never more than
      // the judge saw from outside.
      executionMs: r ? Math.min(Math.max(0, r.wallMs), outerWall) : outerWall,
      ...(cpuUsed > 0 ? { cpuMs: cpuUsed } : {}),
      ...(r && r.heapBytes >= 0 ? { heapBytes: r.heapBytes } : {}),
    };
  }
}

/**
 * A sandboxed harness JVM (java/Harness.java): started before a job arrives, then given ONE
 * submission's classes and its tests one at a time; it never serves a second submission.
 */
export class HarnessProcess {
  readonly ready: Promise<void>;
  private child: ChildProcess;
  /** The harness's control pipe (its fd 4): the submission, then one test at a time. */
  private control: Writable | null;
  /** The harness's fd 0: a file holding the current test's input (written here before the test is sent). */
  private input: { read: number; write: number } | null;
  private cg: CgroupRun | null;
  private readyBuf = Buffer.alloc(0);
  private isReady = false;
  private startErr = '';
  private test: { t: TestInFlight; done: (r: HarnessTestRun) => void; timers: NodeJS.Timeout[] } | null =
    null;
  private exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private loaded = false;
  /** Bound at /interact (read-only): the FIFOs of interactive tests, made on the first one. */
  private readonly interactDir: string;
  private fifoPaths: HarnessFifos | null = null;

  constructor(
    launch: HarnessLaunch,
    readonly shape: HarnessShape,
  ) {
    const { sandbox } = launch;
    const limits: ProcessLimits = programProcessLimits(
      shape,
      sandbox.cgroups.available ? HARNESS_CPU_BACKSTOP_S : null,
    );
    this.cg = sandbox.cgroups.available
      ? sandbox.cgroups.create({ memoryBytes: limits.memoryBytes, pids: limits.pids })
      : null;
    this.interactDir = sandbox.privateDir('interact-');
    const binds: Bind[] = [
      { src: launch.harnessDir, dest: '/harness' },
      { src: this.interactDir, dest: INTERACT_DIR },
    ];
    if (launch.cdsDir) binds.push({ src: launch.cdsDir, dest: '/cds' });
    if (launch.cdsDir && launch.harnessArchiveDir)
      binds.push({ src: launch.harnessArchiveDir, dest: '/harness-cds' });
    const spawned = performance.now();
    const input = sandbox.openInputFile();
    this.input = input;
    try {
      this.child = this.spawn(launch, shape, binds, limits, input.read);
    } catch (e) {
      closeSync(input.write);
      rmSync(this.interactDir, { recursive: true, force: true });
      void this.cg?.destroy().catch(() => undefined);
      throw e;
    } finally {
      // The child has its own copy of the read end.
      closeSync(input.read);
    }
    this.control = (this.child.stdio[CONTROL_FD] as Writable | null) ?? null;
    this.ready = this.whenReady(spawned);
    this.ready.catch(() => undefined);
    this.child.stderr?.on('data', (d: Buffer) => this.onStderr(d));
    this.control?.on('error', () => {
      /* the JVM died; handled on close */
    });
  }

  private spawn(
    launch: HarnessLaunch,
    shape: HarnessShape,
    binds: Bind[],
    limits: ProcessLimits,
    stdinFd: number,
  ): ChildProcess {
    return launch.sandbox.spawnLongLived(
      {
        // Without the harness's archive (not dumped) the warm-up at least loads the test path's classes before a job.
        argv: [
          `${launch.sandbox.javaHome}/bin/java`,
          ...launch.jvmArgs(shape),
          ...harnessMain(!(launch.cdsDir && launch.harnessArchiveDir)),
        ],
        binds,
        limits,
      },
      this.cg,
      stdinFd,
    );
  }

  /** Resolves once the harness has warmed up and said READY; rejects if it exits or takes too long. */
  private whenReady(spawned: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        reject(new SandboxError('the test harness did not start in time'));
      }, START_TIMEOUT_MS);
      this.child.stdout?.on('data', (d: Buffer) => {
        if (this.onStdout(d)) {
          clearTimeout(timer);
          const cpuMs = this.cg?.cpuMs();
          log('harness ready', {
            startMs: Math.round(performance.now() - spawned),
            cpuMs: cpuMs == null ? null : Math.round(cpuMs),
          });
          resolve();
        }
      });
      this.child.on('close', (code, signal) => {
        clearTimeout(timer);
        this.onExit(code, signal);
        reject(
          new SandboxError(
            `the test harness exited (code ${code}, signal ${signal}): ${this.startErr.trim().slice(0, 300)}`,
          ),
        );
      });
    });
  }

  get dead(): boolean {
    return this.exited !== null;
  }

  /** Returns true when the harness has just become ready. */
  private onStdout(d: Buffer): boolean {
    if (!this.isReady) {
      this.readyBuf = Buffer.concat([this.readyBuf, d]);
      if (this.readyBuf.length < READY.length) return false;
      if (!this.readyBuf.subarray(0, READY.length).equals(READY) || this.readyBuf.length > READY.length) {
        this.kill();
        return false;
      }
      this.isReady = true;
      return true;
    }
    const cur = this.test;
    // Nothing may arrive between tests: whatever did is not the harness speaking.
    if (!cur) {
      this.kill();
      return false;
    }
    if (cur.t.onStdout(d)) this.settle();
    return false;
  }

  private onStderr(d: Buffer): void {
    const cur = this.test;
    if (!cur) {
      if (this.startErr.length < 8192) this.startErr += d.toString('utf8');
      return;
    }
    if (cur.t.onStderr(d)) this.settle();
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exited = { code, signal };
    if (this.input) closeSync(this.input.write);
    this.input = null;
    rmSync(this.interactDir, { recursive: true, force: true });
    for (const t of this.test?.timers ?? []) clearInterval(t);
    if (this.test) this.finish(true);
    const cg = this.cg;
    this.cg = null;
    void cg?.destroy().catch(() => undefined);
  }

  /** The result is known or the test broke a limit: kill unless a clean result lets the JVM go on. */
  private settle(): void {
    const cur = this.test;
    if (!cur) return;
    const t = cur.t;
    const clean =
      t.result !== null && !t.outputExceeded && !t.protocolViolation && !t.stderrMatched && !t.stray;
    if (clean) this.finish(t.result?.recycle ?? false);
    else this.kill();
  }

  /** Report the test in flight; `recycle`: this JVM runs no further test. */
  private finish(recycle: boolean): void {
    const cur = this.test;
    if (!cur) return;
    this.test = null;
    for (const timer of cur.timers) clearInterval(timer);
    const cpuNow = this.cg?.cpuMs() ?? null;
    const cpuMs = cur.t.cpuAtStart !== null && cpuNow !== null ? cpuNow - cur.t.cpuAtStart : null;
    const outcome = cur.t.outcome(this.exited, cpuMs, this.cg?.oomKilled() ?? false);
    cur.done({ outcome, recycle: recycle || this.dead });
  }

  /** Hand over the submission: the compiled classes and how main is called. */
  load(
    classes: CompiledClass[],
    mainClass: string,
    stackBytes: number,
    stderrCap: number,
    options: { reportHeap?: boolean } = {},
  ): void {
    if (this.loaded) throw new Error('a harness serves one submission only');
    this.loaded = true;
    const parts: Buffer[] = [];
    const head = Buffer.alloc(20);
    head.writeInt32BE(MAGIC, 0);
    head.writeBigInt64BE(BigInt(stackBytes), 4);
    head.writeInt32BE(stderrCap, 12);
    const cgroupCpu = this.cg?.cpuMs() != null;
    head.writeInt32BE(
      (options.reportHeap ? OPTION_REPORT_HEAP : 0) | (cgroupCpu ? 0 : OPTION_MEASURE_CPU),
      16,
    );
    parts.push(head, lengthPrefixed(Buffer.from(mainClass, 'utf8')), int32(classes.length));
    for (const c of classes) parts.push(lengthPrefixed(Buffer.from(c.name, 'utf8')), lengthPrefixed(c.bytes));
    this.control?.write(Buffer.concat(parts));
  }

  /**
   * The FIFOs of this harness's interactive tests (mkfifo once; a FIFO keeps nothing once every end
   * of it is closed, so each test starts empty).
   */
  fifos(): HarnessFifos {
    if (!this.fifoPaths) {
      const paths = {
        toProgram: join(this.interactDir, 'to-program'),
        fromProgram: join(this.interactDir, 'from-program'),
      };
      execFileSync('mkfifo', ['-m', '0666', paths.toProgram, paths.fromProgram], { stdio: 'ignore' });
      this.fifoPaths = paths;
    }
    return this.fifoPaths;
  }

  /**
   * Run one test; the next one is sent only after this one's result, so no later input is in the JVM
   * early. With `interactive` the program's stdin and stdout are this harness's FIFOs (fifos()), and
   * `stdin` is not used.
   */
  runTest(
    index: number,
    stdin: string,
    limits: JudgeLimits,
    stderrCap: number,
    interactive?: InteractiveTestHooks,
  ): Promise<HarnessTestRun> {
    if (this.test) throw new Error('a test is already running in this harness');
    const nonce = randomBytes(NONCE_BYTES);
    const ack = interactive ? { onStarted: interactive.onStarted, got: Buffer.alloc(0) } : null;
    const t = new TestInFlight(index, nonce, limits, stderrCap, this.cg?.cpuMs() ?? null, ack);
    return new Promise<HarnessTestRun>((resolve) => {
      const timers = [
        setTimeout(() => {
          t.timedOut = true;
          this.kill();
        }, limits.wallTimeMs),
      ];
      const cg = this.cg;
      if (cg && t.cpuAtStart !== null) {
        timers.push(
          setInterval(() => {
            const used = cg.cpuMs();
            if (used !== null && used - (t.cpuAtStart as number) > limits.cpuTimeMs) {
              t.cpuExceeded = true;
              this.kill();
            }
          }, CPU_POLL_MS),
        );
      }
      this.test = { t, done: resolve, timers };
      if (this.dead) {
        this.finish(true);
        return;
      }
      // The input goes into the file that is the harness's fd 0 (nothing else is in it), then the test is sent.
      const fd = this.input?.write;
      if (fd === undefined) {
        this.finish(true);
        return;
      }
      const input = Buffer.from(interactive ? '' : stdin, 'utf8');
      ftruncateSync(fd, 0);
      for (let at = 0; at < input.length;) at += writeSync(fd, input, at, input.length - at, at);
      const mode = Buffer.from([interactive ? MODE_INTERACTIVE : MODE_PLAIN]);
      this.control?.write(Buffer.concat([int32(index), nonce, mode]));
    });
  }

  kill(): void {
    if (this.child.pid) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    this.cg?.killAll();
  }
}

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n, 0);
  return b;
}

function lengthPrefixed(b: Buffer): Buffer {
  return Buffer.concat([int32(b.length), b]);
}

/**
 * Pre-started harnesses, one per concurrent job: a job takes one that is already warm (started with
 * its shape) and a replacement starts in the background at once.
 */
export class HarnessPool {
  private idle: HarnessProcess[] = [];
  private closed = false;

  constructor(
    private readonly launch: HarnessLaunch,
    private readonly size: number,
  ) {}

  prestart(shape: HarnessShape): void {
    while (!this.closed && this.idle.length < this.size)
      this.idle.push(new HarnessProcess(this.launch, shape));
  }

  /** A ready harness of this shape (pre-started if one is waiting). */
  async take(shape: HarnessShape): Promise<HarnessProcess> {
    if (this.closed) throw new SandboxError('the judge is closed');
    const key = shapeKey(shape);
    const i = this.idle.findIndex((h) => !h.dead && shapeKey(h.shape) === key);
    const h = i >= 0 ? this.idle.splice(i, 1)[0] : new HarnessProcess(this.launch, shape);
    this.idle = this.idle.filter((x) => !x.dead);
    this.idle.push(new HarnessProcess(this.launch, shape));
    while (this.idle.length > this.size) this.idle.shift()?.kill();
    try {
      await h.ready;
      return h;
    } catch {
      // A pre-started one that died while waiting: one fresh start, which reports its own failure.
      const fresh = new HarnessProcess(this.launch, shape);
      await fresh.ready;
      return fresh;
    }
  }

  close(): void {
    this.closed = true;
    for (const h of this.idle) h.kill();
    this.idle = [];
  }
}
