import type { JudgeLimits } from '@javelin/contracts';
import type { TestOutcome } from '../sandbox/types';
import type { CompiledClass } from './compiler';
import { THREAD_LIMIT_RE } from './jvm';

/**
 * The harness's protocol (java/Harness.java), the judge's side: what is handed over (the submission,
 * then one test at a time) and how a test's output and result are read back, trusting nothing.
 */

/** Must match Harness.java. */
const MAGIC = 0x4a565331;
/** What a harness writes on its stdout once it is ready for a submission. */
export const READY = Buffer.from('JAVELIN-HARNESS-READY\n', 'ascii');
export const NONCE_BYTES = 16;
/** index, exitCode, cpuNanos, wallNanos, heapBytes, flags, stderr length. */
const RESULT_HEAD_BYTES = 4 + 4 + 8 + 8 + 8 + 1 + 4;
const FLAG_RECYCLE = 1;
/** Submission option: the harness reports the heap in use after a full collection at the end of every test. */
const OPTION_REPORT_HEAP = 1;
/** Submission option: the harness measures each test's CPU time itself (only without a cgroup to read it from). */
const OPTION_MEASURE_CPU = 2;
/** What the JVM itself may write to stderr around a test (warnings), on top of the program's capped stderr. */
const RAW_STDERR_BYTES = 64 * 1024;
/** Test frame modes (Harness.java). */
const MODE_PLAIN = 0;
const MODE_INTERACTIVE = 1;

function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n, 0);
  return b;
}

function lengthPrefixed(b: Buffer): Buffer {
  return Buffer.concat([int32(b.length), b]);
}

/** The submission frame: the compiled classes and how main is called. */
export function submissionFrame(
  classes: CompiledClass[],
  mainClass: string,
  stackBytes: number,
  stderrCap: number,
  options: { reportHeap?: boolean; measureCpu: boolean },
): Buffer {
  const head = Buffer.alloc(20);
  head.writeInt32BE(MAGIC, 0);
  head.writeBigInt64BE(BigInt(stackBytes), 4);
  head.writeInt32BE(stderrCap, 12);
  head.writeInt32BE(
    (options.reportHeap ? OPTION_REPORT_HEAP : 0) | (options.measureCpu ? OPTION_MEASURE_CPU : 0),
    16,
  );
  const parts = [head, lengthPrefixed(Buffer.from(mainClass, 'utf8')), int32(classes.length)];
  for (const c of classes) parts.push(lengthPrefixed(Buffer.from(c.name, 'utf8')), lengthPrefixed(c.bytes));
  return Buffer.concat(parts);
}

/** A test frame: its index, its nonce, and whether it is interactive (its input is already in the harness's fd 0). */
export function testFrame(index: number, nonce: Buffer, interactive: boolean): Buffer {
  return Buffer.concat([int32(index), nonce, Buffer.from([interactive ? MODE_INTERACTIVE : MODE_PLAIN])]);
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
