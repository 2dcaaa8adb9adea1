import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JudgeConfig } from './config';
import { CompileService } from './executor/compile-service';
import { log } from './log';
import { CgroupManager, isAlive } from './sandbox/cgroups';
import { probeSandbox } from './sandbox/probe';
import { Sandbox } from './sandbox/sandbox';
import { buildOnce, run, sha } from './startup/build-once';
import { buildHarnessArchive } from './startup/harness-archive';
import { buildJavaCache, checkCdsArchive } from './startup/java-build';
import { WARMUP_SOURCES } from './startup/warmup-sources';

/**
 * The judge's start, apart from judging: the sandbox (probed, with javelin-enter built), the trusted
 * Java compiled once (startup/java-build.ts), the AppCDS and harness archives, the warm compile service.
 */

/** The sandbox's first step on the host (sandbox.ts), C built at start with the host's compiler. */
const ENTER_SOURCE = resolve(__dirname, '../native/javelin-enter.c');
const STALE_STATE_MS = 3_600_000;

/** Everything the judge sets up once: the sandbox, its cgroups, the warm compiler, the compiled harness, the CDS archive. */
export interface JudgeRuntime {
  stateDir: string;
  sandbox: Sandbox;
  cgroups: CgroupManager;
  compiler: CompileService | null;
  /** Host directory holding javelin.jsa, or null when the JVM's default CDS archive is used. */
  cdsArchive: string | null;
  /** Host directory holding harness.jar and the classes it defines for each test. */
  harnessDir: string;
  /** Host directory holding harness.jsa (a dynamic CDS archive of the harness's start, on top of cdsArchive), or null. */
  harnessArchive: string | null;
}

/** Remove state left by judges that died (kill -9) over an hour ago; one that only looks dead from here (another pid namespace) keeps its files. */
function sweepStaleState(workRoot: string): void {
  for (const e of readdirSync(workRoot)) {
    const m = /^j-(\d+)-/.exec(e);
    if (!m || isAlive(Number(m[1]))) continue;
    try {
      if (Date.now() - statSync(join(workRoot, e)).mtimeMs > STALE_STATE_MS)
        rmSync(join(workRoot, e), { recursive: true, force: true });
    } catch {
      /* removed meanwhile */
    }
  }
}

async function createSandbox(
  config: JudgeConfig,
  stateDir: string,
  cgroups: CgroupManager,
): Promise<Sandbox> {
  const sandbox = new Sandbox({
    javaHome: config.javaHome,
    stateDir,
    uid: config.sandboxUid,
    gid: config.sandboxGid,
    unsafeNoSandbox: config.unsafeNoSandbox,
    cgroups,
    bwrapPath: config.bwrapPath,
    enterPath: buildEnter(config),
  });
  await probeSandbox(sandbox);
  return sandbox;
}

/**
 * native/javelin-enter.c compiled once per source and compiler, statically linked where the host's C
 * library allows it (no dynamic loader at every sandbox start). Null, logged, when no C compiler
 * builds it: sandboxes then start through sh and setpriv, as before it.
 */
export function buildEnter(config: JudgeConfig): string | null {
  try {
    // It runs with the judge's privileges (root, mostly) outside any sandbox: only from a work root
    // that no other user can write to, or replace a cached binary in.
    const root = lstatSync(config.workRoot);
    if (!root.isDirectory() || root.uid !== process.geteuid?.() || (root.mode & 0o022) !== 0)
      throw new Error(`${config.workRoot} is not the judge's own directory, writable by it alone`);
    const source = readFileSync(ENTER_SOURCE, 'utf8');
    const cc = config.enterCompiler;
    const dir = join(config.workRoot, `enter-${sha(source, cc, run(cc, ['--version']).stdout)}`);
    buildOnce(dir, (tmp) => {
      const out = join(tmp, 'javelin-enter');
      const flags = ['-O2', '-Wall', '-Werror', '-o', out, ENTER_SOURCE];
      try {
        run(cc, ['-static', ...flags]);
      } catch {
        run(cc, flags);
      }
      chmodSync(tmp, 0o755);
      chmodSync(out, 0o755);
    });
    return join(dir, 'javelin-enter');
  } catch (e) {
    log('javelin-enter could not be built; sandboxes start through sh and setpriv', {
      error: String(e).slice(0, 300),
    });
    return null;
  }
}

/** Set up the sandbox (refusing to run without it unless JUDGE_UNSAFE_NO_SANDBOX=1), the trusted Java programs and the compile service. */
export async function startRuntime(config: JudgeConfig): Promise<JudgeRuntime> {
  if (config.unsafeNoSandbox) {
    const line = '!'.repeat(78);
    console.error(
      `${line}\n!! JUDGE_UNSAFE_NO_SANDBOX=1: submissions run WITHOUT the bubblewrap sandbox.\n!! Local development only. Never run this with code you do not trust.\n${line}`,
    );
  }
  mkdirSync(config.workRoot, { recursive: true, mode: 0o755 });
  chmodSync(config.workRoot, 0o755);
  sweepStaleState(config.workRoot);
  const stateDir = join(config.workRoot, `j-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(stateDir, { mode: 0o755 });
  chmodSync(stateDir, 0o755);
  const cgName = `javelin-judge-${process.pid}-${randomBytes(3).toString('hex')}`;
  CgroupManager.sweepStale('javelin-judge-', cgName);
  const cgroups = new CgroupManager(cgName);
  try {
    const sandbox = await createSandbox(config, stateDir, cgroups);
    const cacheDir = buildJavaCache(config, sandbox);
    const cdsArchive = await checkCdsArchive(config, sandbox, cacheDir);
    let compiler: CompileService | null = null;
    if (config.warmCompiler && config.mode !== 'cold') {
      compiler = new CompileService(sandbox, join(cacheDir, 'compiler'));
      await compiler.start(WARMUP_SOURCES);
    }
    const harnessArchive = await buildHarnessArchive(sandbox, cacheDir, cdsArchive);
    return {
      stateDir,
      sandbox,
      cgroups,
      compiler,
      cdsArchive,
      harnessDir: join(cacheDir, 'harness'),
      harnessArchive,
    };
  } catch (e) {
    cgroups.destroySync();
    rmSync(stateDir, { recursive: true, force: true });
    throw e;
  }
}
