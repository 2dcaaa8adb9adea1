import { chownSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Sandbox } from '../sandbox/sandbox';
import { COMPILER_FILE_BYTES, COMPILER_MEMORY_FLAGS, compilerProcessLimits } from './jvm';

/**
 * What a compilation gives (CompileResult), javac's options for untrusted code, and the cold path
 * (the javac launcher per submission). The warm path is the compile service (compile-service.ts).
 */

export interface CompiledClass {
  /** Binary name, e.g. `Main` or `pkg.Main$Inner`. */
  name: string;
  bytes: Buffer;
}

export type CompileResult =
  | { ok: true; mainClass: string | null; classes: CompiledClass[]; ms: number }
  | {
      ok: false;
      message: string;
      ms: number;
      /** javac's own verdict on the source (not a timeout or a crash): the same source fails the same way. */ cacheable: boolean;
    };

/** javac options for untrusted code: no annotation processing, nothing found on a class path. */
const JAVAC_OPTIONS = [
  '-proc:none',
  '-implicit:none',
  '-nowarn',
  '-Xlint:none',
  '-Xmaxerrs',
  '20',
  '-g',
  '-encoding',
  'UTF-8',
];
/**
 * String concatenation compiled to StringBuilder calls instead of invokedynamic: same semantics,
 * but it spares each short run the StringConcatFactory bootstrap (~10-15 ms of JVM start-up).
 */
export const FAST_START_JAVAC_OPTIONS = ['-XDstringConcat=inline'];

export function compileTimeoutMessage(ms: number): string {
  return `Compilation timed out (limit ${Math.round(ms / 100) / 10} s)`;
}

/**
 * The cold path: the javac launcher in a fresh sandboxed process per submission. Used as the
 * benchmark baseline, and as a fallback when the warm service is disabled.
 */
export async function compileCold(
  sandbox: Sandbox,
  dir: string,
  fileName: string,
  source: string,
  timeoutMs: number,
  uid: number,
  gid: number,
  extraOptions: string[] = [],
): Promise<CompileResult> {
  const t0 = performance.now();
  const srcDir = join(dir, 'src');
  const outDir = join(dir, 'out');
  mkdirSync(srcDir, { recursive: true, mode: 0o755 });
  mkdirSync(outDir, { recursive: true, mode: 0o755 });
  writeFileSync(join(srcDir, `${fileName}.java`), source, { mode: 0o644 });
  if (!sandbox.unsafe && sandbox.privileged) chownSync(outDir, uid, gid);
  const r = await sandbox.run({
    argv: [
      join(sandbox.javaHome, 'bin/javac'),
      '-J-Xshare:auto',
      '-J-XX:-UsePerfData',
      ...COMPILER_MEMORY_FLAGS.map((f) => `-J${f}`),
      ...JAVAC_OPTIONS,
      ...extraOptions,
      '-cp',
      '',
      '-d',
      '/out',
      `/src/${fileName}.java`,
    ],
    binds: [
      { src: srcDir, dest: '/src' },
      { src: outDir, dest: '/out', rw: true },
    ],
    stdin: '',
    limits: compilerProcessLimits(Math.ceil(timeoutMs / 1000) + 1, COMPILER_FILE_BYTES),
    wallTimeMs: timeoutMs,
    maxStdoutBytes: 1 << 16,
    maxStderrBytes: 1 << 16,
  });
  const ms = performance.now() - t0;
  if (r.timedOut) return { ok: false, message: compileTimeoutMessage(timeoutMs), ms, cacheable: false };
  if (r.exitCode !== 0) {
    const msg = (r.stderr + r.stdout.toString('utf8')).replace(/\/src\//g, '').trim();
    return { ok: false, message: msg || `javac exited with code ${r.exitCode}`, ms, cacheable: false };
  }
  return { ok: true, mainClass: null, classes: classFilesUnder(outDir), ms };
}

/** The class files javac wrote under `outDir`, named by their binary names. */
function classFilesUnder(outDir: string): CompiledClass[] {
  const classes: CompiledClass[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith('.class')) {
        classes.push({
          name: relative(outDir, p).slice(0, -'.class'.length).split('/').join('.'),
          bytes: readFileSync(p),
        });
      }
    }
  };
  walk(outDir);
  return classes;
}
