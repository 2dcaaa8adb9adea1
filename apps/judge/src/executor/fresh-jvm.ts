import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { JudgeLimits, JudgeTest } from '@javelin/contracts';
import type { JudgeMode } from '../config';
import type { Sandbox } from '../sandbox/sandbox';
import type { TestOutcome } from '../sandbox/types';
import type { CompiledClass } from './compiler';
import { jvmArgs, programProcessLimits, STDERR_LIMIT, THREAD_LIMIT_RE } from './jvm';

/** The compiled classes as files, for a JVM per test (and a custom checker's JVMs). */
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

export interface FreshJvmRun {
  classesDir: string;
  mainClass: string;
  limits: JudgeLimits;
  mode: JudgeMode;
  cdsArchive: string | null;
  /** The JIT in the program's thread (jvm.ts FOREGROUND_JIT): the AI's growth measurement. */
  foregroundJit?: boolean;
}

/** One test in a fresh sandboxed JVM (`java -cp /classes Main`): the per-test and cold paths. */
export async function runInFreshJvm(
  sandbox: Sandbox,
  test: JudgeTest,
  run: FreshJvmRun,
): Promise<TestOutcome> {
  const { limits, mode, cdsArchive, foregroundJit } = run;
  const binds = [{ src: run.classesDir, dest: '/classes' }];
  if (mode !== 'cold' && cdsArchive) binds.push({ src: cdsArchive, dest: '/cds' });
  const out = await sandbox.run({
    argv: [
      join(sandbox.javaHome, 'bin/java'),
      ...jvmArgs({ ...limits, foregroundJit }, mode, cdsArchive),
      '-cp',
      '/classes',
      run.mainClass,
    ],
    binds,
    stdin: test.stdin ?? '',
    limits: programProcessLimits(limits, Math.ceil(limits.cpuTimeMs / 1000) + 1),
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
