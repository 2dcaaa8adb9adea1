import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Building what start-up caches under the work root: once per input, safely beside other judges. */

/** A short digest of `parts`: the name of a cache directory built from them. */
export function sha(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
}

/** Build `dir` with `build(tmp)` unless it exists; concurrent judges race safely via rename. */
export function buildOnce(dir: string, build: (tmp: string) => void): void {
  if (existsSync(join(dir, '.ok'))) return;
  const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  mkdirSync(tmp, { recursive: true, mode: 0o755 });
  try {
    build(tmp);
    writeFileSync(join(tmp, '.ok'), '');
    try {
      renameSync(tmp, dir);
    } catch {
      /* another judge won the race */
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Run a host command to its end (no sandbox: trusted tools only); throws with its stderr when it fails. */
export function run(
  cmd: string,
  args: string[],
  opts: { input?: string; cwd?: string } = {},
): { stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, {
    encoding: 'utf8',
    input: opts.input ?? '',
    cwd: opts.cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.error?.message}`);
  return { stdout: r.stdout, stderr: r.stderr };
}

/** Make a built tree readable by the sandbox's uid: directories 0755, files 0644. */
export function chmodTree(dir: string): void {
  chmodSync(dir, 0o755);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) chmodTree(p);
    else chmodSync(p, 0o644);
  }
}
