import { type ChildProcess, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { CgroupManager, isAlive } from './sandbox/cgroups';
import { COMPILER_EXPORTS, CompileService } from './executor/compiler';
import { HARNESS_ARCHIVE, HARNESS_JAR, harnessMain } from './executor/harness';
import { jvmArgs } from './executor/jvm';
import type { JudgeConfig } from './config';
import { log } from './log';
import { CONTROL_FD, JVM_CHECK_RUN, probeSandbox, Sandbox } from './sandbox/sandbox';

/** Where the judge's Java sources live (beside src/ and dist/). */
const JAVA_DIR = resolve(__dirname, '../java');
/** Trusted Java the judge compiles at start: the compile service, the CDS training program, the test harness. */
const JAVA_SOURCES = [
  'CompileServer.java',
  'CdsTraining.java',
  'Harness.java',
  'JdkState.java',
  'javelin_harness/Exit.java',
  'javelin_harness/Warmup.java',
];
/** The sandbox's first step on the host (sandbox.ts), C built at start with the host's compiler. */
const ENTER_SOURCE = resolve(__dirname, '../native/javelin-enter.c');
const STALE_STATE_MS = 3_600_000;
/** The JVM shape the harness archive is dumped with (the default limits'; any shape can use it). */
const HARNESS_DUMP_SHAPE = { memoryMb: 256, stackMb: 64 };

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

function sha(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
}

/** Build `dir` with `build(tmp)` unless it exists; concurrent judges race safely via rename. */
function buildOnce(dir: string, build: (tmp: string) => void): void {
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

function run(
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

function chmodTree(dir: string): void {
  chmodSync(dir, 0o755);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) chmodTree(p);
    else chmodSync(p, 0o644);
  }
}

/** Small programs compiled at start-up to warm javac's JIT. */
export const WARMUP_SOURCES = [
  {
    name: 'Main',
    source: `import java.io.*;\nimport java.util.*;\npublic class Main {\n  public static int solve(int[] a, int t) {\n    Map<Integer, Integer> m = new HashMap<>();\n    for (int i = 0; i < a.length; i++) { if (m.containsKey(t - a[i])) return i; m.put(a[i], i); }\n    return -1;\n  }\n  public static void main(String[] args) throws IOException {\n    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));\n    int n = Integer.parseInt(r.readLine().trim());\n    int[] a = new int[n];\n    StringTokenizer st = new StringTokenizer(r.readLine());\n    for (int i = 0; i < n; i++) a[i] = Integer.parseInt(st.nextToken());\n    System.out.println(solve(a, Integer.parseInt(r.readLine().trim())) + " " + Arrays.toString(a));\n  }\n}\n`,
  },
  {
    name: 'Main',
    source: `import java.util.*;\nimport java.util.stream.*;\npublic class Main {\n  record P(int x, String y) {}\n  interface F { int f(int x); }\n  static <T extends Comparable<T>> T max(List<T> l) { return Collections.max(l); }\n  public static void main(String[] args) {\n    List<P> ps = new ArrayList<>();\n    for (int i = 0; i < 10; i++) ps.add(new P(i, "s" + i));\n    F sq = x -> x * x;\n    String s = ps.stream().filter(p -> p.x() % 2 == 0).map(P::y).collect(Collectors.joining(","));\n    switch (s.length()) { case 0: break; default: System.out.println(s + sq.f(3) + max(List.of(1, 2, 3))); }\n    StringBuilder sb = new StringBuilder(); long acc = 0; for (int i = 0; i < 100; i++) { acc += (long) i * i; sb.append(i % 10); }\n    System.out.println(acc + sb.toString());\n  }\n}\n`,
  },
  {
    name: 'Main',
    source: `import java.util.*;\nimport java.util.function.*;\nimport java.util.stream.*;\npublic class Main {\n  record Edge(int to, long w) {}\n  enum Mode { MIN, MAX }\n  static class Node implements Comparable<Node> { final long d; final int v; Node(long d, int v) { this.d = d; this.v = v; } public int compareTo(Node o) { return Long.compare(d, o.d); } }\n  static long[] dijkstra(List<List<Edge>> g, int s) {\n    long[] d = new long[g.size()]; Arrays.fill(d, Long.MAX_VALUE); d[s] = 0;\n    PriorityQueue<Node> pq = new PriorityQueue<>(); pq.add(new Node(0, s));\n    while (!pq.isEmpty()) { Node c = pq.poll(); if (c.d > d[c.v]) continue;\n      for (Edge e : g.get(c.v)) if (d[c.v] + e.w() < d[e.to()]) { d[e.to()] = d[c.v] + e.w(); pq.add(new Node(d[e.to()], e.to())); } }\n    return d;\n  }\n  public static void main(String[] args) throws Exception {\n    Scanner sc = new Scanner(System.in);\n    int n = sc.nextInt(), m = sc.nextInt();\n    List<List<Edge>> g = IntStream.range(0, n).mapToObj(i -> new ArrayList<Edge>()).collect(Collectors.toList());\n    for (int i = 0; i < m; i++) { int a = sc.nextInt(), b = sc.nextInt(); g.get(a).add(new Edge(b, sc.nextLong())); }\n    Function<Long, String> show = x -> x == Long.MAX_VALUE ? "-1" : String.valueOf(x);\n    var mode = args.length > 0 ? Mode.MAX : Mode.MIN;\n    long[] d = dijkstra(g, 0);\n    String r = switch (mode) { case MIN -> show.apply(Arrays.stream(d).min().orElse(0)); case MAX -> show.apply(d[n - 1]); };\n    TreeMap<String, Integer> tm = new TreeMap<>(Comparator.reverseOrder()); tm.merge(r, 1, Integer::sum);\n    try { System.out.printf("%s %d%n", r, tm.size()); } catch (RuntimeException e) { throw new IllegalStateException(e); } finally { System.out.flush(); }\n  }\n}\n`,
  },
  {
    name: 'Main',
    source:
      'public class Main {\n  public static void main(String[] args) {\n    int x = "a";\n    undefined();\n  }\n}\n',
  },
];

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
function buildJavaCache(config: JudgeConfig, sandbox: Sandbox): string {
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
      ...['Harness.java', 'JdkState.java', 'javelin_harness/Exit.java', 'javelin_harness/Warmup.java'].map(
        (f) => join(JAVA_DIR, f),
      ),
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

/**
 * A dynamic CDS archive of one trusted harness start (-XX:ArchiveClassesAtExit, on top of the static
 * archive): the harness's classes and the JDK classes its start loads, parsed and verified once
 * instead of in every harness (~12 ms of CPU per start, measured). Dumped in the sandbox with the
 * paths a harness has there (/harness/harness.jar, /cds), since the archive checks them. Best effort.
 */
async function buildHarnessArchive(
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

/** The archive is used only if the sandboxed JVM accepts it. */
async function checkCdsArchive(
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
