import { join } from 'node:path';
import type { Sandbox } from './sandbox';
import { SandboxError, type RunRequest } from './types';

/** Limits of a trusted start-up check that runs `java -version` in the sandbox. */
export const JVM_CHECK_RUN: Pick<RunRequest, 'limits' | 'wallTimeMs' | 'maxStdoutBytes' | 'maxStderrBytes'> =
  {
    limits: {
      cpuSeconds: 10,
      memoryBytes: 512 << 20,
      pids: 64,
      fileSizeBytes: 1 << 20,
      openFiles: 128,
      workDirBytes: 1 << 20,
    },
    wallTimeMs: 20_000,
    maxStdoutBytes: 1 << 16,
    maxStderrBytes: 1 << 16,
  };

/** Check that the sandbox starts a JVM here (bubblewrap, cgroups, the JDK's binds); throws with the reason when it does not. */
export async function probeSandbox(sandbox: Sandbox): Promise<void> {
  const r = await sandbox.run({
    argv: [
      join(sandbox.javaHome, 'bin/java'),
      '-Xshare:auto',
      '-XX:+UseSerialGC',
      '-XX:-UsePerfData',
      '-version',
    ],
    binds: [],
    stdin: '',
    ...JVM_CHECK_RUN,
  });
  if (r.exitCode !== 0 || !/version/.test(r.stderr)) {
    throw new SandboxError(
      `the sandboxed JVM does not start (exit ${r.exitCode}): ${r.stderr.slice(0, 500)}`,
    );
  }
}
