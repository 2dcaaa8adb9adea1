import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Bind } from '../sandbox/types';
import { writeValidatorFiles } from './cpp';

/**
 * Python 3 for a problem package's output validators and interactors (issue 42): real packages ship
 * `.py` validators. The system's python3 runs them inside the validator's sandbox, with only what the
 * interpreter needs bound read-only (its binary, its standard library, the shared libraries it loads);
 * nothing is installed for them, and nothing they import comes from the package's outside.
 */

const PYTHON = '/usr/bin/python3';

/**
 * The interpreter's options: -E ignores PYTHON* variables (the sandbox's environment is empty anyway),
 * -s leaves out the user's site directory, -B writes no .pyc beside the (read-only) sources.
 */
export const PYTHON_OPTIONS = ['-E', '-s', '-B'];

/**
 * Runs the validator as `python3 script args` would, with SIGPIPE and SIGXFSZ back to their default
 * (Python ignores both): an interactor writing to a program that has gone dies of SIGPIPE, and one
 * writing past its file limit of SIGXFSZ, as a C++ one does, so the verdict rules read them alike.
 * One line, no tabs: it travels as one field of a validator host request.
 */
const BOOTSTRAP = [
  'import os, runpy, signal, sys',
  'signal.signal(signal.SIGPIPE, signal.SIG_DFL)',
  'signal.signal(signal.SIGXFSZ, signal.SIG_DFL)',
  'sys.argv = sys.argv[1:]',
  'sys.path[0] = sys.argv[0] if os.path.isdir(sys.argv[0]) else os.path.dirname(sys.argv[0])',
  "runpy.run_path(sys.argv[0], run_name='__main__')",
].join('; ');

export interface PythonRuntime {
  /** The interpreter as the sandbox sees it (the same path as on the host). */
  binary: string;
  binds: Bind[];
}

let found: PythonRuntime | null | undefined;

/** The judge's python3 and what it needs in a sandbox, found once; null when the judge has none. */
export function pythonRuntime(): PythonRuntime | null {
  if (found !== undefined) return found;
  found = null;
  if (!existsSync(PYTHON)) return found;
  const binary = realpathSync(PYTHON);
  const version = /python(\d+\.\d+)$/.exec(binary)?.[1];
  if (!version) return found;
  const dirs = new Set<string>([`/usr/lib/python${version}`]);
  const ldd = spawnSync('ldd', [binary], { encoding: 'utf8' });
  for (const line of (ldd.stdout ?? '').split('\n')) {
    const m = /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line);
    if (m) dirs.add(dirname(realpathSync(m[1])));
  }
  const binds = [binary, ...dirs].filter((p) => existsSync(p)).map((p) => ({ src: p, dest: p }));
  found = { binary, binds };
  return found;
}

/** The command that runs `script` (a file, or a folder with its __main__.py) with `args`. */
export function pythonArgv(runtime: PythonRuntime, script: string, args: string[]): string[] {
  return [runtime.binary, ...PYTHON_OPTIONS, '-c', BOOTSTRAP, script, ...args];
}

type PythonPrepared = { ok: true; dir: string; entry: string } | { ok: false; message: string };

/**
 * A Python validator's files written under `dir`/src as the package holds them; its entry point: its one
 * `.py` file, or the folder's `__main__.py` (the format's default for a program of several files).
 */
export function writePython(files: { path: string; content: string }[], dir: string): PythonPrepared {
  if (!pythonRuntime()) return { ok: false, message: 'python3 is not installed on this judge' };
  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true, mode: 0o755 });
  const written = writeValidatorFiles(files, src);
  if (!written.ok) return written;
  const scripts = written.paths.filter((p) => p.endsWith('.py'));
  if (scripts.length === 1) return { ok: true, dir: src, entry: scripts[0] };
  if (scripts.includes('__main__.py')) return { ok: true, dir: src, entry: '' };
  return { ok: false, message: 'a Python validator of several files needs its __main__.py' };
}
