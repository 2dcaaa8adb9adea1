import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CheckerErrors, type CustomOutputValidator, type JudgeLimits } from '@javelin/contracts';
import type { CompileResult } from '../executor/compiler';
import { compileCpp } from '../executor/cpp';
import { writeClasses } from '../executor/fresh-jvm';
import { writePython } from '../executor/python';
import type { Sandbox } from '../sandbox/sandbox';
import { CHECKER_LIMITS } from './custom-checker';
import { compiledHost } from './validator-host';

/**
 * An output validator made ready to run, in its own folder (run at /validator), or why it cannot be.
 * A C++ one's `hosted`: its fork-server build (validator-host.c linked in, `hosted` beside `binary`)
 * exists, so its host is the validator itself rather than the host that execs it.
 */
export type Compiled =
  | { ok: true; kind: 'cpp'; dir: string; binary: string; hosted: boolean }
  | { ok: true; kind: 'java'; dir: string; mainClass: string }
  /** `entry`: the script inside `dir`, or '' for the folder's __main__.py. */
  | { ok: true; kind: 'python'; dir: string; entry: string }
  | { ok: false; message: string };

export interface CompileContext {
  sandbox: Sandbox;
  /** The judge's state directory: the validator host is compiled there once. */
  cacheDir: string;
  /** Compiles Java as the judge compiles submissions. */
  compileJava: (
    code: string,
    limits: JudgeLimits,
    dir: string,
  ) => Promise<CompileResult & { mainClass?: string | null }>;
}

/** Compiles (C++, Java) or writes out (Python) `validator` into `dir`, emptied first. */
export async function compileValidator(
  ctx: CompileContext,
  validator: CustomOutputValidator,
  dir: string,
): Promise<Compiled> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (validator.language === 'cpp') {
    const host = await compiledHost(ctx.sandbox, ctx.cacheDir);
    const r = await compileCpp(ctx.sandbox, dir, validator.files, { hostObject: host?.object });
    if (!r.ok) return r;
    return { ok: true, kind: 'cpp', dir: join(dir, 'out'), binary: 'validator', hosted: r.hosted !== null };
  }
  if (validator.language === 'python') {
    const r = writePython(validator.files, dir);
    return r.ok ? { ok: true, kind: 'python', dir: r.dir, entry: r.entry } : r;
  }
  const sources = validator.files.filter((f) => f.path.endsWith('.java'));
  if (sources.length !== 1) return { ok: false, message: 'a Java output validator is one .java file' };
  const r = await ctx.compileJava(sources[0].content, CHECKER_LIMITS, join(dir, 'compile'));
  if (!r.ok) return { ok: false, message: r.message };
  if (!r.mainClass) return { ok: false, message: CheckerErrors.noMain };
  writeClasses(r.classes, join(dir, 'classes'));
  return { ok: true, kind: 'java', dir: join(dir, 'classes'), mainClass: r.mainClass };
}
