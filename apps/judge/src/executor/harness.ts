import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, ftruncateSync, rmSync, writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { JudgeLimits } from '@javelin/contracts';
import { log } from '../log';
import type { CgroupRun } from '../sandbox/cgroups';
import { CONTROL_FD, SandboxError, type TestOutcome } from '../sandbox/types';
import type { CompiledClass } from './compiler';
import { fifoPaths, harnessLimits, spawnHarness, type HarnessLaunch, type HarnessShape } from './harness-launch';
import { NONCE_BYTES, READY, submissionFrame, testFrame, TestInFlight } from './harness-protocol';

const START_TIMEOUT_MS = 60_000;
const CPU_POLL_MS = 50;

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

interface HarnessTestRun {
  outcome: TestOutcome;
  /** The JVM is gone or must not run another test. */
  recycle: boolean;
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
  private readonly makesFifos: boolean;

  constructor(
    launch: HarnessLaunch,
    readonly shape: HarnessShape,
  ) {
    const { sandbox } = launch;
    const limits = harnessLimits(sandbox, shape);
    this.cg = sandbox.cgroups.available
      ? sandbox.cgroups.create({ memoryBytes: limits.memoryBytes, pids: limits.pids })
      : null;
    this.interactDir = sandbox.interactDir();
    this.makesFifos = sandbox.entersNatively;
    const spawned = performance.now();
    const input = sandbox.openInputFile();
    this.input = input;
    try {
      this.child = spawnHarness(launch, shape, limits, this.cg, this.interactDir, input.read);
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
    const frame = submissionFrame(classes, mainClass, stackBytes, stderrCap, {
      reportHeap: options.reportHeap,
      measureCpu: this.cg?.cpuMs() == null,
    });
    this.control?.write(frame);
  }

  /**
   * The FIFOs of this harness's interactive tests (mkfifo once; a FIFO keeps nothing once every end
   * of it is closed, so each test starts empty).
   */
  fifos(): HarnessFifos {
    if (!this.fifoPaths) {
      const paths = fifoPaths(this.interactDir);
      // Made as the sandbox started (javelin-enter), unless it starts through sh and setpriv.
      if (!this.makesFifos)
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
      this.control?.write(testFrame(index, nonce, interactive !== undefined));
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
