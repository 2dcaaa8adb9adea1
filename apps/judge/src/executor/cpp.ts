import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import type { Sandbox } from '../sandbox/sandbox';
import type { Bind } from '../sandbox/types';
import { compilerProcessLimits, COMPILER_FILE_BYTES } from './jvm';

/**
 * C++ for the problem package format's output validators (issue 29): real packages' validators are
 * C++ (with their `validate.h`). Debian's g++ compiles them inside the same bubblewrap sandbox as
 * everything else, with the toolchain's directories bound read-only; the binary is linked statically,
 * so running it needs nothing beyond the sandbox's usual file system.
 */

/** What g++ needs beside the sandbox's usual binds: the driver and binutils, its own libraries, the headers. */
const TOOLCHAIN_DIRS = [
  '/usr/bin',
  '/usr/lib/gcc',
  '/usr/libexec/gcc',
  '/usr/include',
  '/usr/lib/x86_64-linux-gnu',
];
const GXX = '/usr/bin/g++';
const CPP_FLAGS = ['-O2', '-std=gnu++20', '-static', '-pipe'];
const COMPILE_WALL_MS = 60_000;
const MESSAGE_BYTES = 1 << 16;

/**
 * `binary`: the program alone. `hosted`: the same objects with `main` renamed, linked with the validator
 * host's object (native/validator-host.c: that validator's fork server), when a host object was given
 * and the link succeeded; null otherwise (the host that execs `binary` serves it). `object`: the first
 * unit's object, when asked to keep it (the host's own, linked into each validator).
 */
type CppCompileResult =
  | { ok: true; binary: string; hosted: string | null; object: string | null }
  | { ok: false; message: string };

/** The symbol a validator's `main` is renamed to when it is linked into its host. */
const HOSTED_MAIN = 'javelin_validator_main';

/**
 * Compiles each unit to an object (so one compile serves both links), links the validator, then, with a
 * host object at /host/host.o, links the fork-server build beside it. A failed hosted link is no error:
 * the plain binary still runs under the exec-ing host.
 */
const COMPILE_SCRIPT = `set -e
n=0
for unit do n=$((n+1)); g++ ${CPP_FLAGS.join(' ')} -I/src -c "$unit" -o "/out/unit$n.o"; done
g++ ${CPP_FLAGS.join(' ')} -o /out/validator /out/unit*.o
if [ -f /host/host.o ]; then
  (
    for o in /out/unit*.o; do objcopy --redefine-sym main=${HOSTED_MAIN} "$o" "$o.hosted" || exit 1; done
    g++ ${CPP_FLAGS.join(' ')} -o /out/hosted /out/unit*.o.hosted /host/host.o
  ) 2>/dev/null || rm -f /out/hosted
fi`;

/** A package path, kept inside its folder: no absolute path, no `..`, nothing but plain names. */
export function safeRelativePath(path: string): string | null {
  const p = normalize(path).replace(/^\.\/+/, '');
  if (p === '' || p.startsWith('/') || p.startsWith('..') || p.split('/').some((s) => s === '..' || s === ''))
    return null;
  return /^[\w./+-]+$/.test(p) ? p : null;
}

/**
 * A validator's source files written below `dir` at their package paths (readable by the sandbox's uid):
 * their relative paths, or the message naming the first path that would leave `dir`.
 */
export function writeValidatorFiles(
  files: { path: string; content: string }[],
  dir: string,
): { ok: true; paths: string[] } | { ok: false; message: string } {
  const paths: string[] = [];
  for (const f of files) {
    const rel = safeRelativePath(f.path);
    if (!rel)
      return {
        ok: false,
        message: `the validator file name ${JSON.stringify(f.path)} is not a plain relative path`,
      };
    mkdirSync(dirname(join(dir, rel)), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, rel), f.content, { mode: 0o644 });
    paths.push(rel);
  }
  return { ok: true, paths };
}

function gxxAvailable(): boolean {
  return existsSync(GXX);
}

/**
 * Compiles `files` (the .cpp and .cc ones are compiled, headers are included from beside them) into
 * `dir`/out/validator; with `hostObject`, also `dir`/out/hosted (CppCompileResult); with `keepObject`,
 * the first unit's object stays at `dir`/out/unit1.o.
 */
export async function compileCpp(
  sandbox: Sandbox,
  dir: string,
  files: { path: string; content: string }[],
  opts: { hostObject?: string | null; keepObject?: boolean } = {},
): Promise<CppCompileResult> {
  if (!gxxAvailable()) return { ok: false, message: 'g++ is not installed on this judge' };
  const srcDir = join(dir, 'src');
  const outDir = join(dir, 'out');
  mkdirSync(srcDir, { recursive: true, mode: 0o755 });
  mkdirSync(outDir, { recursive: true });
  // g++ runs as the sandbox's uid: it writes the binary here, and nothing else.
  chmodSync(outDir, 0o777);
  const written = writeValidatorFiles(files, srcDir);
  if (!written.ok) return written;
  const units = written.paths.filter((rel) => /\.(cpp|cc|cxx)$/.test(rel)).map((rel) => `/src/${rel}`);
  if (units.length === 0) return { ok: false, message: 'the validator has no .cpp file' };
  const binds: Bind[] = [
    ...TOOLCHAIN_DIRS.filter((d) => existsSync(d)).map((d) => ({ src: d, dest: d })),
    { src: srcDir, dest: '/src' },
    { src: outDir, dest: '/out', rw: true },
    ...(opts.hostObject ? [{ src: opts.hostObject, dest: '/host/host.o' }] : []),
  ];
  const r = await sandbox.run({
    // The sandbox's environment is empty: g++ finds as, ld and objcopy on this PATH.
    argv: ['/usr/bin/env', 'PATH=/usr/bin', '/bin/sh', '-c', COMPILE_SCRIPT, 'compile', ...units],
    binds,
    stdin: '',
    limits: compilerProcessLimits(COMPILE_WALL_MS / 1000, COMPILER_FILE_BYTES * 4),
    wallTimeMs: COMPILE_WALL_MS,
    maxStdoutBytes: MESSAGE_BYTES,
    maxStderrBytes: MESSAGE_BYTES,
  });
  if (r.timedOut || r.cpuExceeded) return { ok: false, message: 'g++ did not finish in time' };
  if (r.exitCode !== 0) {
    const text = (r.stderr + r.stdout.toString('utf8')).replace(/\/src\//g, '').trim();
    return { ok: false, message: text || `g++ exited with code ${r.exitCode}` };
  }
  const object = opts.keepObject ? join(outDir, 'unit1.o') : null;
  for (const name of readdirSync(outDir))
    if (name.startsWith('unit') && join(outDir, name) !== object) rmSync(join(outDir, name));
  const hosted = join(outDir, 'hosted');
  return { ok: true, binary: join(outDir, 'validator'), hosted: existsSync(hosted) ? hosted : null, object };
}
