import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { JudgeLimits, JudgeTest } from '@javelin/contracts';
import type { CompiledClass } from './compiler';
import type { JudgeMode } from './config';
import { JVM_NATIVE_MEMORY_MB, shapeOf, type HarnessPool, type HarnessProcess } from './executor/harness';
import type { Sandbox } from './sandbox';
import { THREAD_LIMIT_RE, type TestOutcome } from './verdict';

/** The program's stderr kept for the verdict (the exception line). */
export const STDERR_LIMIT = 64 * 1024;

/** JVM flags of a program run: a test's own JVM, or a harness JVM serving a submission. */
export function jvmArgs(
  limits: Pick<JudgeLimits, 'memoryMb' | 'stackMb'>,
  mode: JudgeMode,
  cdsArchive: string | null,
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
    ...(cdsArchive ? ['-XX:SharedArchiveFile=/cds/javelin.jsa'] : []),
    // No other process may attach to the harness JVM (and no thread for it to start).
    ...(mode === 'harness' ? ['-XX:+DisableAttachMechanism'] : []),
  ];
}

/** The compiled classes as files, for a JVM per test. */
export function writeClasses(classes: CompiledClass[], dir: string): void {
  mkdirSync(dir, { mode: 0o755 });
  for (const c of classes) {
    // Names come from the (sandboxed) compiler: never let one point outside the classes dir.
    const parts = c.name.split('.');
    if (parts.some((x) => x === '' || x.startsWith('-') || /[/\\\0]/.test(x)))
      throw new Error(`bad class name from the compiler: ${JSON.stringify(c.name).slice(0, 100)}`);
    const p = join(dir, `${parts.join('/')}.class`);
    mkdirSync(dirname(p), { recursive: true, mode: 0o755 });
    writeFileSync(p, c.bytes, { mode: 0o644 });
  }
}

/** One test in a fresh sandboxed JVM (`java -cp /classes Main`): the per-test and cold paths. */
export async function runInFreshJvm(
  sandbox: Sandbox,
  test: JudgeTest,
  run: {
    classesDir: string;
    mainClass: string;
    limits: JudgeLimits;
    mode: JudgeMode;
    cdsArchive: string | null;
  },
): Promise<TestOutcome> {
  const { limits, mode, cdsArchive } = run;
  const binds = [{ src: run.classesDir, dest: '/classes' }];
  if (mode !== 'cold' && cdsArchive) binds.push({ src: cdsArchive, dest: '/cds' });
  const out = await sandbox.run({
    argv: [
      join(sandbox.javaHome, 'bin/java'),
      ...jvmArgs(limits, mode, cdsArchive),
      '-cp',
      '/classes',
      run.mainClass,
    ],
    binds,
    stdin: test.stdin ?? '',
    limits: {
      cpuSeconds: Math.ceil(limits.cpuTimeMs / 1000) + 1,
      memoryBytes: (limits.memoryMb + limits.stackMb + JVM_NATIVE_MEMORY_MB) * (1 << 20),
      pids: limits.maxProcesses,
      fileSizeBytes: 16 << 20,
      openFiles: 128,
      workDirBytes: 32 << 20,
    },
    wallTimeMs: limits.wallTimeMs,
    cpuLimitMs: limits.cpuTimeMs,
    maxStdoutBytes: limits.outputBytes,
    maxStderrBytes: STDERR_LIMIT,
    // The program hit the process/thread limit (it would otherwise often hang on its non-daemon
    // threads until the wall limit).
    killOnStderr: THREAD_LIMIT_RE,
  });
  return { ...out, executionMs: out.wallMs };
}

/**
 * Every test of one submission in harness JVMs, one test at a time: a harness that dies or must be
 * recycled (a test that timed out, ran out of memory, left threads behind, exited the JVM, …) is
 * replaced, and the remaining tests go on in the next one. No test is skipped or run twice.
 */
export async function runInHarness(
  pool: HarnessPool,
  submission: { classes: CompiledClass[]; mainClass: string },
  tests: JudgeTest[],
  limits: JudgeLimits,
): Promise<{ outcomes: TestOutcome[]; harnessWaitMs: number }> {
  const outcomes: TestOutcome[] = [];
  let harness: HarnessProcess | null = null;
  let harnessWaitMs = 0;
  try {
    for (let i = 0; i < tests.length; i++) {
      if (!harness || harness.dead) {
        harness?.kill();
        const t0 = performance.now();
        harness = await pool.take(shapeOf(limits));
        harnessWaitMs += performance.now() - t0;
        harness.load(submission.classes, submission.mainClass, limits.stackMb * (1 << 20), STDERR_LIMIT);
      }
      const run = await harness.runTest(i, tests[i].stdin ?? '', limits, STDERR_LIMIT);
      outcomes.push(run.outcome);
      if (run.recycle) {
        harness.kill();
        harness = null;
      }
    }
  } finally {
    harness?.kill();
  }
  return { outcomes, harnessWaitMs };
}
