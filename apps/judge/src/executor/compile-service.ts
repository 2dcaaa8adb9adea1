import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { CgroupRun } from '../sandbox/cgroups';
import type { Sandbox } from '../sandbox/sandbox';
import { SandboxError, type ProcessLimits } from '../sandbox/types';
import { parseCompileReply, toCompileResult, type CompileReply } from './compile-reply';
import { compileTimeoutMessage, type CompileResult } from './compiler';
import { COMPILER_MEMORY_FLAGS, COMPILER_SERVICE_FILE_BYTES, compilerProcessLimits } from './jvm';

const COMPILER_LIMITS: ProcessLimits = compilerProcessLimits(null, COMPILER_SERVICE_FILE_BYTES);

/** Lets CompileServer.java reuse javac's context (JavacTaskPool); needed to compile it and to run it. */
export const COMPILER_EXPORTS = ['--add-exports', 'jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED'];

/** JVM flags of the compile service: one long-lived javac, Serial GC, a bounded heap. */
const COMPILER_JVM_FLAGS = [
  ...COMPILER_EXPORTS,
  '-Xshare:auto',
  '-XX:+UseSerialGC',
  // javac (trusted code, never a submission) with the C1 JIT only: it reaches its steady speed after
  // a few compilations instead of ~100, and C2's compilations of javac cost more CPU than they save
  // on small sources (measured: 12 ms against 25 ms of CPU per compilation after 9 warm-up ones).
  '-XX:TieredStopAtLevel=1',
  // ... and C1 at 3% of its invocation and loop thresholds: javac's methods that a compilation calls
  // a few times are compiled after ~6 compilations instead of ~200-400. Per compilation of a small
  // submission after 75 compilations: 2 ms of CPU against 7 (default thresholds: 3.2 only after 300);
  // a larger one with records, lambdas and streams: ~15 against ~25 (issue 35, bench/judge).
  '-XX:CompileThresholdScaling=0.03',
  '-XX:-UsePerfData',
  '-XX:-UseContainerSupport',
  '-XX:+ExitOnOutOfMemoryError',
  ...COMPILER_MEMORY_FLAGS,
  '-Xlog:disable',
  '-Xlog:all=warning:stderr',
  '-Dfile.encoding=UTF-8',
  '-Djava.io.tmpdir=/work',
];

/** Passes over the warm-up sources before the service serves (C1 has compiled javac's code by then). */
export const COMPILER_WARMUP_ROUNDS = 15;

/**
 * The warm compile service: CompileServer.java (javax.tools, in memory) in one long-lived JVM inside
 * the sandbox. Requests are served one at a time; a request past its wall limit kills the service,
 * which is restarted for the next request.
 */
export class CompileService {
  private child: ChildProcess | null = null;
  private cg: CgroupRun | null = null;
  private buf: Buffer = Buffer.alloc(0);
  private nextId = 1;
  private pending: {
    id: number;
    child: ChildProcess;
    resolve: (r: CompileReply | number | null) => void;
  } | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private starting: Promise<void> | null = null;
  private closed = false;
  compiles = 0;
  restarts = 0;

  constructor(
    private readonly sandbox: Sandbox,
    /** Host directory holding CompileServer.class. */
    private readonly serverClassDir: string,
  ) {}

  /**
   * Start the service and warm javac up: `rounds` passes over the warm-up sources before it serves, so
   * that javac's code is compiled before submissions pay for it. All before it serves: a warm-up left
   * for idle moments after start took CPU from the judge's first timed runs (the AI growth
   * measurement's, whose fit it skewed).
   */
  async start(
    warmupSources: { name: string; source: string }[] = [],
    rounds = COMPILER_WARMUP_ROUNDS,
  ): Promise<void> {
    await this.ensureStarted();
    for (let round = 0; round < rounds; round++) {
      for (const w of warmupSources) await this.compile(w.name, w.source, 60_000);
    }
  }

  private ensureStarted(): Promise<void> {
    if (this.child) return Promise.resolve();
    if (!this.starting) {
      this.starting = this.spawn().finally(() => {
        this.starting = null;
      });
    }
    return this.starting;
  }

  private async spawn(): Promise<void> {
    if (this.closed) throw new SandboxError('compile service is closed');
    const cgm = this.sandbox.cgroups;
    this.cg = cgm.available
      ? cgm.create(
          { memoryBytes: COMPILER_LIMITS.memoryBytes, pids: COMPILER_LIMITS.pids },
          `compiler-${this.restarts}`,
        )
      : null;
    const java = join(this.sandbox.javaHome, 'bin/java');
    const child = this.sandbox.spawnLongLived(
      {
        argv: [java, ...COMPILER_JVM_FLAGS, '-cp', '/compiler', 'CompileServer'],
        binds: [{ src: this.serverClassDir, dest: '/compiler' }],
        limits: COMPILER_LIMITS,
      },
      this.cg,
    );
    this.child = child;
    this.buf = Buffer.alloc(0);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 8192) stderr += d.toString('utf8');
    });
    child.stdout?.on('data', (d: Buffer) => {
      this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
      this.drain();
    });
    child.stdin?.on('error', () => {
      /* the service died; handled on exit */
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) {
        this.child = null;
        const cg = this.cg;
        this.cg = null;
        void cg?.destroy();
        if (!this.closed && (code !== 0 || signal)) {
          console.warn(
            `judge: compile service exited (code ${code}, signal ${signal}) ${stderr.trim().slice(0, 300)}`,
          );
        }
      }
      // Only the request sent to this process fails with it (an old, killed service may exit late).
      const p = this.pending;
      if (p && p.child === child) {
        this.pending = null;
        p.resolve(code ?? -1);
      }
    });
  }

  /** Hand complete replies to the request waiting for them. */
  private drain(): void {
    const p = this.pending;
    if (!p) return;
    let parsed: ReturnType<typeof parseCompileReply>;
    try {
      parsed = parseCompileReply(this.buf);
    } catch {
      // Not a reply: the JVM's own last words (e.g. -XX:+ExitOnOutOfMemoryError's) before it exits;
      // its exit, or the request's time limit, answers the request.
      this.buf = Buffer.alloc(0);
      return;
    }
    if (!parsed) return;
    this.buf = this.buf.subarray(parsed.bytes);
    if (parsed.reply.id === p.id) {
      this.pending = null;
      p.resolve(parsed.reply);
    }
  }

  /** Compile one source; `name` is the file's simple name. Serialised: one compilation at a time. */
  compile(name: string, source: string, timeoutMs: number): Promise<CompileResult> {
    return this.enqueue(() => this.compileNow(name, source, timeoutMs));
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /**
   * javac -Xlint:all's diagnostics of a source (the AI analyzer's compiler findings): the same service
   * and queue as compilations, nothing cached, no classes kept. Null when the service did not answer.
   */
  lint(name: string, source: string, timeoutMs: number): Promise<LintReply | null> {
    return this.enqueue(() => this.send(`lint:${name}`, source, timeoutMs)).then((frame) => {
      if (frame === null || typeof frame !== 'object' || frame.status === 0 || frame.status === 2)
        return null;
      return { compiled: frame.status === 3, diagnostics: frame.message };
    });
  }

  private async compileNow(name: string, source: string, timeoutMs: number): Promise<CompileResult> {
    const t0 = performance.now();
    const frame = await this.send(name, source, timeoutMs);
    const ms = performance.now() - t0;
    if (frame === null || typeof frame !== 'object') {
      if (frame === 'timeout')
        return { ok: false, message: compileTimeoutMessage(timeoutMs), ms, cacheable: false };
      // -XX:+ExitOnOutOfMemoryError exits with 3: the source made javac run out of memory.
      if (frame === 3 || frame === 137)
        return {
          ok: false,
          message: 'Compilation failed: the compiler ran out of memory',
          ms,
          cacheable: false,
        };
      // Anything else is the judge's fault, not the submission's: fail the job (BullMQ retries it).
      throw new SandboxError(`the compile service died (exit ${frame})`);
    }
    this.compiles++;
    return toCompileResult(frame, ms);
  }

  /** One request to the service and its reply; a timeout or a death kills it (the next request restarts it). */
  private async send(
    name: string,
    source: string,
    timeoutMs: number,
  ): Promise<CompileReply | number | null | 'timeout'> {
    await this.ensureStarted();
    const child = this.child;
    if (!child?.stdin) throw new SandboxError('compile service is not running');
    const id = this.nextId++;
    const nameBuf = Buffer.from(name, 'utf8');
    const srcBuf = Buffer.from(source, 'utf8');
    const head = Buffer.alloc(8);
    head.writeInt32BE(id, 0);
    head.writeInt32BE(nameBuf.length, 4);
    const len = Buffer.alloc(4);
    len.writeInt32BE(srcBuf.length, 0);
    const frame = await new Promise<CompileReply | number | null | 'timeout'>((resolve) => {
      const timer = setTimeout(() => {
        this.pending = null;
        resolve('timeout');
      }, timeoutMs);
      this.pending = {
        id,
        child,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      };
      child.stdin?.write(Buffer.concat([head, nameBuf, len, srcBuf]));
    });
    if (frame === null || typeof frame !== 'object') {
      // Kill the service (it may be stuck on this source); the next request starts a fresh one.
      this.kill(child);
      this.restarts++;
    }
    return frame;
  }

  private kill(child: ChildProcess): void {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    this.cg?.killAll();
    if (this.child === child) {
      this.child = null;
      const cg = this.cg;
      this.cg = null;
      void cg?.destroy();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (child) {
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin?.end();
      const t = setTimeout(() => this.kill(child), 2000);
      await exited;
      clearTimeout(t);
    }
    await this.cg?.destroy();
  }
}

/** The diagnostics of a lint request (javac -Xlint:all's own text). */
export interface LintReply {
  compiled: boolean;
  diagnostics: string;
}
