import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JudgeConfig } from '../config';
import { COMPILER_EXPORTS } from '../executor/compile-service';
import { HARNESS_JAR } from '../executor/harness-launch';
import { log } from '../log';
import type { Sandbox } from '../sandbox/sandbox';
import { JVM_CHECK_RUN } from '../sandbox/probe';
import { buildOnce, chmodTree, run, sha } from './build-once';
import { HARNESS_DUMP_SHAPE } from './harness-archive';

/**
 * The trusted Java the judge compiles at start (the compile service, the CDS training program, the
 * test harness), once per JDK and source version, and the AppCDS archive of the JDK classes.
 */

/** Where the judge's Java sources live (beside src/ and dist/). */
const JAVA_DIR = resolve(__dirname, '../../java');
/**
 * Trusted Java the judge compiles at start: the compile service, the CDS training program, the test
 * harness and, in its jar, a Java output validator's warm JVM (ValidatorServer).
 */
const JAVA_SOURCES = [
  'CompileServer.java',
  'CdsTraining.java',
  'Harness.java',
  'JdkState.java',
  'ValidatorServer.java',
  'javelin_harness/Exit.java',
  'javelin_harness/Warmup.java',
];

/** AppCDS: the JDK classes the training program loads, dumped into a static archive (best effort). */
function buildCdsArchive(java: string, dir: string): void {
  mkdirSync(join(dir, 'cds'), { mode: 0o755 });
  try {
    const list = join(dir, 'classes.lst');
    run(java, ['-Xshare:off', `-XX:DumpLoadedClassList=${list}`, '-cp', join(dir, 'train'), 'CdsTraining'], {
      input: '4 5\n',
    });
    const jdkOnly = readFileSync(list, 'utf8')
      .split('\n')
      .filter((l) => !l.startsWith('CdsTraining'))
      .join('\n');
    writeFileSync(list, jdkOnly);
    // Dumped with G1 (the default): JDK 17 archives heap objects (the module graph, interned
    // strings) only with G1, and runs use G1 to map them.
    run(
      java,
      [
        '-Xshare:dump',
        '-XX:+UseG1GC',
        // The heap of the default limits: the archived heap objects then use the compressed-oop
        // encoding a program's JVM (a heap under ~3 GB) uses, and need no patching at each start.
        `-Xmx${HARNESS_DUMP_SHAPE.memoryMb}m`,
        `-XX:SharedClassListFile=${list}`,
        `-XX:SharedArchiveFile=${join(dir, 'cds', 'javelin.jsa')}`,
      ],
      { cwd: join(dir, 'cds') },
    );
  } catch (e) {
    log('AppCDS archive could not be built; using the default CDS archive', {
      error: String(e).slice(0, 300),
    });
  }
}

/** The trusted Java programs compiled once per JDK and source version, cached under the work root. */
export function buildJavaCache(config: JudgeConfig, sandbox: Sandbox): string {
  const javac = join(sandbox.javaHome, 'bin/javac');
  const java = join(sandbox.javaHome, 'bin/java');
  const sources = JAVA_SOURCES.map((f) => readFileSync(join(JAVA_DIR, f), 'utf8'));
  const version = run(java, ['-version']).stderr;
  const cacheDir = join(
    config.workRoot,
    `cache-${sha('layout-6 (harness.jar, archive at -Xmx256m)', sandbox.javaHome, version, ...sources)}`,
  );
  buildOnce(cacheDir, (tmp) => {
    for (const d of ['compiler', 'train', 'harness']) mkdirSync(join(tmp, d), { mode: 0o755 });
    run(javac, [
      '-proc:none',
      ...COMPILER_EXPORTS,
      '-d',
      join(tmp, 'compiler'),
      join(JAVA_DIR, 'CompileServer.java'),
    ]);
    run(javac, ['-proc:none', '-d', join(tmp, 'train'), join(JAVA_DIR, 'CdsTraining.java')]);
    run(javac, [
      '-proc:none',
      // String concatenation as StringBuilder calls: the default (invokedynamic) spins method-handle
      // classes at a harness's first concatenations, ~10 ms of every harness's start.
      '-XDstringConcat=inline',
      '-d',
      join(tmp, 'harness'),
      ...[
        'Harness.java',
        'JdkState.java',
        'ValidatorServer.java',
        'javelin_harness/Exit.java',
        'javelin_harness/Warmup.java',
      ].map((f) => join(JAVA_DIR, f)),
    ]);
    jarHarness(join(sandbox.javaHome, 'bin/jar'), join(tmp, 'harness'));
    buildCdsArchive(java, tmp);
    chmodTree(tmp);
  });
  return cacheDir;
}

/** The harness's own classes in harness.jar (a dynamic CDS archive takes classes from jars only); Exit and Warmup stay files. */
function jarHarness(jar: string, dir: string): void {
  const own = readdirSync(dir).filter((f) => f.endsWith('.class'));
  run(jar, ['cf', join(dir, HARNESS_JAR), ...own.flatMap((f) => ['-C', dir, f])]);
  for (const f of own) rmSync(join(dir, f));
}

/** The archive is used only if the sandboxed JVM accepts it. */
export async function checkCdsArchive(
  config: JudgeConfig,
  sandbox: Sandbox,
  cacheDir: string,
): Promise<string | null> {
  const jsa = join(cacheDir, 'cds', 'javelin.jsa');
  if (!config.appCds || !existsSync(jsa)) return null;
  const check = await sandbox.run({
    argv: [
      join(sandbox.javaHome, 'bin/java'),
      '-Xshare:on',
      `-XX:SharedArchiveFile=/cds/javelin.jsa`,
      '-XX:+UseG1GC',
      '-XX:-UsePerfData',
      '-cp',
      '/classes',
      '-version',
    ],
    binds: [
      { src: join(cacheDir, 'cds'), dest: '/cds' },
      { src: join(cacheDir, 'train'), dest: '/classes' },
    ],
    stdin: '',
    ...JVM_CHECK_RUN,
  });
  if (check.exitCode === 0) return join(cacheDir, 'cds');
  log('AppCDS archive rejected by the JVM; using the default CDS archive', {
    stderr: check.stderr.slice(0, 300),
  });
  return null;
}
