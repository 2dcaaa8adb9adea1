import type { JudgeLimits } from '@javelin/contracts';
import type { JudgeMode } from '../config';
import type { ProcessLimits } from '../sandbox/types';

/**
 * How a sandboxed JVM is launched: its flags and its process limits, for a program (a test's own JVM,
 * a harness serving a submission, a custom checker) and for the compiler. Every size is named here.
 */

const MIB = 1 << 20;

/** Memory a JVM needs beside heap and main stack (metaspace, code cache, CDS, direct buffers, the tmpfs): part of its cgroup limit. */
const JVM_NATIVE_MEMORY_MB = 160;
/** The largest file a program may write (RLIMIT_FSIZE). */
const PROGRAM_FILE_BYTES = 16 * MIB;
/** The program's private writable /work (a tmpfs). */
const PROGRAM_WORK_DIR_BYTES = 32 * MIB;
/** A custom checker writes nothing worth more than this. */
const CHECKER_FILE_BYTES = 1 * MIB;
const CHECKER_WORK_DIR_BYTES = 8 * MIB;
const PROGRAM_OPEN_FILES = 128;
/** The program's stderr kept for the verdict (the exception line). */
export const STDERR_LIMIT = 64 * 1024;
/** The JVM logs this when the pids cgroup refuses a thread. */
export const THREAD_LIMIT_RE = /Failed to start (?:the native )?thread|unable to create native thread/;

/** The compiler's JVM (the warm compile service, or a cold javac): trusted code, a bounded heap. */
const COMPILER_HEAP_MB = 768;
const COMPILER_STACK_MB = 64;
const COMPILER_MEMORY_BYTES = 1536 * MIB;
const COMPILER_PIDS = 96;
const COMPILER_OPEN_FILES = 512;
const COMPILER_WORK_DIR_BYTES = 16 * MIB;
/** A cold javac writes class files to /out (the warm service returns them in memory). */
export const COMPILER_FILE_BYTES = 16 * MIB;
export const COMPILER_SERVICE_FILE_BYTES = 1 * MIB;

/** The compiler's heap and stack as java flags. */
export const COMPILER_MEMORY_FLAGS = [`-Xmx${COMPILER_HEAP_MB}m`, `-Xss${COMPILER_STACK_MB}m`];

/** Tiered compilation's C2 thresholds at 10x the JDK 17 defaults (5000, 600, 15000, 40000). */
const C2_LATER = [
  '-XX:Tier4InvocationThreshold=50000',
  '-XX:Tier4MinInvocationThreshold=6000',
  '-XX:Tier4CompileThreshold=150000',
  '-XX:Tier4BackEdgeThreshold=400000',
];

/**
 * `-Xbatch`: a method is compiled while the thread that made it hot waits, instead of by the JIT's
 * threads beside it. Only for the AI's growth measurement, which times the program's own thread: with
 * the JIT in the background, that thread runs slower code (interpreted, or C1's profiling code) for as
 * long as the compiler threads wait for a CPU, so a run's time grew with the machine's load by an amount
 * unrelated to n (a late C2 compilation added ~60 ms to the largest runs, flattening the fitted slope).
 * In the foreground the thread's CPU time no longer depends on when they run.
 */
const FOREGROUND_JIT = '-Xbatch';

/** JVM flags of a program run: a test's own JVM, or a harness JVM serving a submission. */
export function jvmArgs(
  limits: Pick<JudgeLimits, 'memoryMb' | 'stackMb'> & { foregroundJit?: boolean },
  mode: JudgeMode,
  cdsArchive: string | null,
  /** The harness's own dynamic archive on top of the static one (sandbox path), harness mode only. */
  harnessArchive: string | null = null,
): string[] {
  const common = [
    `-Xmx${limits.memoryMb}m`,
    `-Xss${limits.stackMb}m`,
    '-XX:+ExitOnOutOfMemoryError',
    '-XX:-UsePerfData',
    '-XX:-UseContainerSupport',
    '-Xlog:disable',
    '-Xlog:all=warning:stderr',
    '-Dfile.encoding=UTF-8',
    '-Dsun.stdout.encoding=UTF-8',
    '-Dsun.stderr.encoding=UTF-8',
    '-Djava.io.tmpdir=/work',
    // No program installs a SecurityManager (JDK 17 allows it with a warning): it would outlive its
    // test in a harness JVM, and no judge's program needs one. System.setSecurityManager throws.
    '-Djava.security.manager=disallow',
    ...(limits.foregroundJit ? [FOREGROUND_JIT] : []),
  ];
  if (mode === 'cold') return common;
  return [
    ...common,
    // G1 (the default collector): in JDK 17 only G1 maps the CDS archive's heap objects (the
    // module graph), which makes start-up ~30% cheaper in CPU than Serial GC here.
    '-XX:+UseG1GC',
    // A small initial heap is cheaper to set up; G1 grows it on demand.
    `-Xms${Math.min(64, limits.memoryMb)}m`,
    '-Xshare:auto',
    // The CDS archive mapped where it was dumped: this JDK build maps it at a random address by
    // default (ArchiveRelocationMode=1, ASLR) and then patches every pointer in it, which writes
    // (copies) all ~10 MB of its pages: ~3.5 ms of CPU per JVM (issue 35). ASLR inside the JVM buys
    // nothing against a program that has sun.misc.Unsafe anyway; the sandbox is the boundary.
    '-XX:+UnlockDiagnosticVMOptions',
    '-XX:ArchiveRelocationMode=0',
    ...(cdsArchive
      ? [
          `-XX:SharedArchiveFile=/cds/javelin.jsa${harnessArchive && mode === 'harness' ? `:${harnessArchive}` : ''}`,
        ]
      : []),
    // C2 (tier 4) later: at 10x its default thresholds. A test's program is short, and most of C2's
    // work in a harness went into JDK methods (parsing, collections) that would have run a few
    // thousand more times at most: ~10 ms of CPU per 10-test submission (issue 35). Code that is
    // really hot (a solution's inner loop) reaches these counts within a millisecond or two of
    // profiled C1 code, and then gets C2 as before.
    ...C2_LATER,
    // No other process may attach to the harness JVM (and no thread for it to start).
    ...(mode === 'harness' ? ['-XX:+DisableAttachMechanism'] : []),
  ];
}

/** The cgroup memory of a program's JVM: heap, main stack and the JVM's own needs. */
function jvmMemoryBytes(limits: Pick<JudgeLimits, 'memoryMb' | 'stackMb'>): number {
  return (limits.memoryMb + limits.stackMb + JVM_NATIVE_MEMORY_MB) * MIB;
}

/** Process limits of a program's JVM; `cpuSeconds` is RLIMIT_CPU, a backstop behind the cgroup's figure. */
export function programProcessLimits(
  limits: Pick<JudgeLimits, 'memoryMb' | 'stackMb' | 'maxProcesses'>,
  cpuSeconds: number | null,
): ProcessLimits {
  return {
    cpuSeconds,
    memoryBytes: jvmMemoryBytes(limits),
    pids: limits.maxProcesses,
    fileSizeBytes: PROGRAM_FILE_BYTES,
    openFiles: PROGRAM_OPEN_FILES,
    workDirBytes: PROGRAM_WORK_DIR_BYTES,
  };
}

/** A custom checker's JVM: a program's limits, with less to write. */
export function checkerProcessLimits(limits: JudgeLimits): ProcessLimits {
  return {
    ...programProcessLimits(limits, Math.ceil(limits.cpuTimeMs / 1000) + 1),
    fileSizeBytes: CHECKER_FILE_BYTES,
    workDirBytes: CHECKER_WORK_DIR_BYTES,
  };
}

/** The compiler's JVM (trusted javac; the sandbox still holds it). */
export function compilerProcessLimits(cpuSeconds: number | null, fileSizeBytes: number): ProcessLimits {
  return {
    cpuSeconds,
    memoryBytes: COMPILER_MEMORY_BYTES,
    pids: COMPILER_PIDS,
    fileSizeBytes,
    openFiles: COMPILER_OPEN_FILES,
    workDirBytes: COMPILER_WORK_DIR_BYTES,
  };
}
