import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { HARNESS_ARCHIVE, harnessMain } from '../executor/harness-launch';
import { jvmArgs } from '../executor/jvm';
import { log } from '../log';
import { JVM_CHECK_RUN } from '../sandbox/probe';
import type { Sandbox } from '../sandbox/sandbox';
import { CONTROL_FD } from '../sandbox/types';
import { chmodTree } from './build-once';

/** The JVM shape the harness archive is dumped with (the default limits'; any shape can use it). */
export const HARNESS_DUMP_SHAPE = { memoryMb: 256, stackMb: 64 };

/**
 * A dynamic CDS archive of one trusted harness start (-XX:ArchiveClassesAtExit, on top of the static
 * archive): the harness's classes and the JDK classes its start loads, parsed and verified once
 * instead of in every harness (~12 ms of CPU per start, measured). Dumped in the sandbox with the
 * paths a harness has there (/harness/harness.jar, /cds), since the archive checks them. Best effort.
 */
export async function buildHarnessArchive(
  sandbox: Sandbox,
  cacheDir: string,
  cdsArchive: string | null,
): Promise<string | null> {
  const dir = join(cacheDir, 'harness-cds');
  if (!cdsArchive) return null;
  if (existsSync(join(dir, HARNESS_ARCHIVE))) return dir;
  const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  mkdirSync(tmp, { mode: 0o777 });
  // The sandbox's uid writes the archive.
  chmodSync(tmp, 0o777);
  try {
    const stderr = await dumpHarnessStart(sandbox, cacheDir, cdsArchive, tmp);
    if (!existsSync(join(tmp, HARNESS_ARCHIVE))) {
      log('harness CDS archive not dumped; harnesses start without it', { stderr: stderr.slice(0, 300) });
      return null;
    }
    chmodTree(tmp);
    try {
      renameSync(tmp, dir);
    } catch {
      /* another judge won the race */
    }
    return existsSync(join(dir, HARNESS_ARCHIVE)) ? dir : null;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * One harness started as the judge starts them (its fd 0 a file, the control pipe on fd 4) with
 * -XX:ArchiveClassesAtExit: once it is ready its control pipe is closed, and it exits, dumping the
 * archive into `out` (bound at /out). Resolves with its stderr when it has exited.
 */
function dumpHarnessStart(
  sandbox: Sandbox,
  cacheDir: string,
  cdsArchive: string,
  out: string,
): Promise<string> {
  const input = sandbox.openInputFile();
  let child: ChildProcess;
  try {
    child = sandbox.spawnLongLived(
      {
        argv: [
          join(sandbox.javaHome, 'bin/java'),
          ...jvmArgs(HARNESS_DUMP_SHAPE, 'harness', cdsArchive),
          `-XX:ArchiveClassesAtExit=/out/${HARNESS_ARCHIVE}`,
          ...harnessMain(true),
        ],
        binds: [
          { src: join(cacheDir, 'harness'), dest: '/harness' },
          { src: cdsArchive, dest: '/cds' },
          { src: out, dest: '/out', rw: true },
        ],
        limits: { ...JVM_CHECK_RUN.limits, fileSizeBytes: 256 << 20 },
      },
      null,
      input.read,
    );
  } finally {
    closeSync(input.read);
    closeSync(input.write);
  }
  return new Promise<string>((resolve) => {
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), JVM_CHECK_RUN.wallTimeMs);
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.stdout?.on('data', () => (child.stdio[CONTROL_FD] as Writable | null)?.end());
    (child.stdio[CONTROL_FD] as Writable | null)?.on('error', () => undefined);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(stderr);
    });
  });
}
