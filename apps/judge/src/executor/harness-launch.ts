import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { JudgeLimits } from '@javelin/contracts';
import type { CgroupRun } from '../sandbox/cgroups';
import type { Sandbox } from '../sandbox/sandbox';
import type { Bind, ProcessLimits } from '../sandbox/types';
import { programProcessLimits } from './jvm';

/** How a harness JVM (java/Harness.java) is started: its shape, its files, its limits, its command line. */

/** RLIMIT_CPU of a harness JVM: a backstop only, since it serves many tests; each test's CPU is bounded through its cgroup. */
const HARNESS_CPU_BACKSTOP_S = 3600;
/** Where a harness sees its interactive FIFOs (Harness.java TO_PROGRAM / FROM_PROGRAM). */
const INTERACT_DIR = '/interact';

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

/** The process limits of a harness JVM of `shape` (its cgroup's memory and pids, its rlimits). */
export function harnessLimits(sandbox: Sandbox, shape: HarnessShape): ProcessLimits {
  return programProcessLimits(shape, sandbox.cgroups.available ? HARNESS_CPU_BACKSTOP_S : null);
}

/** A harness's interactive FIFOs in its `interactDir` (made as its sandbox starts, or on its first interactive test). */
export function fifoPaths(interactDir: string): { toProgram: string; fromProgram: string } {
  return { toProgram: join(interactDir, 'to-program'), fromProgram: join(interactDir, 'from-program') };
}

/**
 * Start a harness JVM in the sandbox, in cgroup `cg`: its fd 0 is `stdinFd` (a file), its control pipe
 * fd 4 (CONTROL_FD), `interactDir` its interactive FIFOs' directory (at /interact, read-only), the FIFOs
 * made there as it starts when the sandbox can (Sandbox.entersNatively).
 */
export function spawnHarness(
  launch: HarnessLaunch,
  shape: HarnessShape,
  limits: ProcessLimits,
  cg: CgroupRun | null,
  interactDir: string,
  stdinFd: number,
): ChildProcess {
  const binds: Bind[] = [
    { src: launch.harnessDir, dest: '/harness' },
    { src: interactDir, dest: INTERACT_DIR },
  ];
  if (launch.cdsDir) binds.push({ src: launch.cdsDir, dest: '/cds' });
  if (launch.cdsDir && launch.harnessArchiveDir)
    binds.push({ src: launch.harnessArchiveDir, dest: '/harness-cds' });
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
      fifos: Object.values(fifoPaths(interactDir)),
    },
    cg,
    stdinFd,
  );
}
