import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { CgroupRun } from './cgroups';
import type { RunOutcome, RunRequest } from './types';

/** How often a run's cgroup CPU time is read against its limit. */
const CPU_POLL_MS = 50;

/** One sandboxed run under watch: its output read up to the limits, its wall and CPU time bounded. */
export class WatchedRun {
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
