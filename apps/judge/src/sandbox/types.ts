/**
 * What a sandboxed run is given (RunRequest) and what it leaves (RunOutcome; TestOutcome for one test
 * of a submission, however it ran): the words every layer above the sandbox speaks.
 */

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
  /** FIFOs to make (host paths) before the sandbox starts, when Sandbox.entersNatively (a harness's interactive ones). */
  fifos?: string[];
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

/**
 * What one test run left behind, however it was run (a JVM of its own, through Sandbox.run, or the
 * harness): the verdict classifier's only input. A run's outcome, where `stderrMatched` means the JVM
 * logged that it could not start a thread (the pids limit), with what only a test has.
 */
export interface TestOutcome extends Omit<RunOutcome, 'wallMs' | 'cpuMs' | 'peakMemoryBytes'> {
  /** The harness sent something the protocol does not allow (a program tampering with it). */
  protocolViolation?: boolean;
  /** The time shown to the user, ms. */
  executionMs: number;
  /** The CPU time the run used, ms (what the time limit is held to), when it was measured. */
  cpuMs?: number | null;
  /** The harness's heap in use after a full collection at the test's end, when it was asked to report it (tests). */
  heapBytes?: number;
}

/** The sandbox itself could not be set up (a judge fault, not the program's). */
export class SandboxError extends Error {}

/** The fd of a long-lived process's control pipe when its fd 0 is a file (see Sandbox.spawnLongLived). */
export const CONTROL_FD = 4;
