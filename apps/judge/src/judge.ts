import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_JUDGE_LIMITS, type JudgeJobData, type JudgeJobResult, type JudgeLimits, type JudgeTest, type JudgeTestResult, type Verdict } from '@javelin/contracts';
import { analyzeJavaSource } from '@javelin/java-io';
import { CgroupManager, isAlive } from './cgroups';
import { outputsMatch } from './compare';
import { CompileService, compileCold, FAST_START_JAVAC_OPTIONS, type CompileResult } from './compiler';
import { loadConfig, type JudgeConfig } from './config';
import { probeSandbox, Sandbox, type RunOutcome } from './sandbox';

/** Where CompileServer.java and CdsTraining.java live (beside src/ and dist/). */
const JAVA_DIR = resolve(__dirname, '../java');

export type JudgeMode = 'fast' | 'cold';

export interface JudgeRunOptions {
  /**
   * fast (default): warm compile service, AppCDS, short-run JVM flags, tests in parallel.
   * cold: the baseline: javac in a new process, then a new JVM per test, one test at a time
   * (same sandbox and limits). Used by the benchmark.
   */
  mode?: JudgeMode;
}

const STDERR_LIMIT = 64 * 1024;
/** How much of a test's standard error goes back to the API: enough for the page's truncated view. */
const REPORTED_STDERR_CHARS = 4 * 1024;
const THREAD_LIMIT_RE = /Failed to start (?:the native )?thread|unable to create native thread/;
/** What -XX:+ExitOnOutOfMemoryError prints (on stdout) before exiting with code 3. */
const EXIT_ON_OOM_RE = /(?:^|\n)Terminating due to (java\.lang\.OutOfMemoryError[^\n]*)\n?$/;

export function log(msg: string, extra?: Record<string, unknown>): void {
  console.log(JSON.stringify({ t: new Date().toISOString(), svc: 'judge', msg, ...extra }));
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

function run(cmd: string, args: string[], opts: { input?: string; cwd?: string } = {}): { stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', input: opts.input ?? '', cwd: opts.cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.error?.message}`);
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

/** Upper bounds a job's limits are clamped to, whatever the producer sends. */
const MAX_LIMITS: JudgeLimits = {
  cpuTimeMs: 60_000,
  wallTimeMs: 120_000,
  memoryMb: 4096,
  stackMb: 1024,
  outputBytes: 64 << 20,
  maxProcesses: 1024,
  compileWallTimeMs: 60_000,
};
const MAX_SOURCE_BYTES = 1 << 20;

function withDefaults(limits: Partial<JudgeLimits> | undefined): JudgeLimits {
  const l = { ...DEFAULT_JUDGE_LIMITS, ...(limits ?? {}) };
  for (const k of Object.keys(DEFAULT_JUDGE_LIMITS) as (keyof JudgeLimits)[]) {
    const v = l[k];
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) l[k] = DEFAULT_JUDGE_LIMITS[k];
    l[k] = Math.min(Math.floor(l[k]), MAX_LIMITS[k]);
  }
  // The JVM itself needs a dozen threads and some memory.
  l.maxProcesses = Math.max(l.maxProcesses, 32);
  l.memoryMb = Math.max(l.memoryMb, 16);
  return l;
}

/** Small programs compiled at start-up to warm javac's JIT. */
const WARMUP_SOURCES = [
  {
    name: 'Main',
    source: `import java.io.*;\nimport java.util.*;\npublic class Main {\n  public static int solve(int[] a, int t) {\n    Map<Integer, Integer> m = new HashMap<>();\n    for (int i = 0; i < a.length; i++) { if (m.containsKey(t - a[i])) return i; m.put(a[i], i); }\n    return -1;\n  }\n  public static void main(String[] args) throws IOException {\n    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));\n    int n = Integer.parseInt(r.readLine().trim());\n    int[] a = new int[n];\n    StringTokenizer st = new StringTokenizer(r.readLine());\n    for (int i = 0; i < n; i++) a[i] = Integer.parseInt(st.nextToken());\n    System.out.println(solve(a, Integer.parseInt(r.readLine().trim())) + " " + Arrays.toString(a));\n  }\n}\n`,
  },
  {
    name: 'Main',
    source: `import java.util.*;\nimport java.util.stream.*;\npublic class Main {\n  record P(int x, String y) {}\n  interface F { int f(int x); }\n  static <T extends Comparable<T>> T max(List<T> l) { return Collections.max(l); }\n  public static void main(String[] args) {\n    List<P> ps = new ArrayList<>();\n    for (int i = 0; i < 10; i++) ps.add(new P(i, "s" + i));\n    F sq = x -> x * x;\n    String s = ps.stream().filter(p -> p.x() % 2 == 0).map(P::y).collect(Collectors.joining(","));\n    switch (s.length()) { case 0: break; default: System.out.println(s + sq.f(3) + max(List.of(1, 2, 3))); }\n    StringBuilder sb = new StringBuilder(); long acc = 0; for (int i = 0; i < 100; i++) { acc += (long) i * i; sb.append(i % 10); }\n    System.out.println(acc + sb.toString());\n  }\n}\n`,
  },
  { name: 'Main', source: 'public class Main {\n  public static void main(String[] args) {\n    int x = "a";\n    undefined();\n  }\n}\n' },
];

export class Judge {
  private constructor(
    readonly config: JudgeConfig,
    private readonly stateDir: string,
    private readonly sandbox: Sandbox,
    private readonly cgroups: CgroupManager,
    private readonly compiler: CompileService | null,
    private readonly cdsArchive: string | null,
  ) {}

  private subCounter = 0;
  private closed = false;

  /** Set up the sandbox (refusing to run without it unless JUDGE_UNSAFE_NO_SANDBOX=1), the compile service and the CDS archive. */
  static async create(config: JudgeConfig = loadConfig()): Promise<Judge> {
    const t0 = performance.now();
    if (config.unsafeNoSandbox) {
      const line = '!'.repeat(78);
      console.error(`${line}\n!! JUDGE_UNSAFE_NO_SANDBOX=1: submissions run WITHOUT the bubblewrap sandbox.\n!! Local development only. Never run this with code you do not trust.\n${line}`);
    }
    mkdirSync(config.workRoot, { recursive: true, mode: 0o755 });
    chmodSync(config.workRoot, 0o755);
    // Remove state left by judges that died (kill -9) over an hour ago; a judge that only looks
    // dead from here (another pid namespace) keeps its files.
    for (const e of readdirSync(config.workRoot)) {
      const m = /^j-(\d+)-/.exec(e);
      if (!m || isAlive(Number(m[1]))) continue;
      try {
        if (Date.now() - statSync(join(config.workRoot, e)).mtimeMs > 3_600_000) rmSync(join(config.workRoot, e), { recursive: true, force: true });
      } catch {
        /* removed meanwhile */
      }
    }
    const stateDir = join(config.workRoot, `j-${process.pid}-${randomBytes(4).toString('hex')}`);
    mkdirSync(stateDir, { mode: 0o755 });
    chmodSync(stateDir, 0o755);
    const cgName = `javelin-judge-${process.pid}-${randomBytes(3).toString('hex')}`;
    CgroupManager.sweepStale('javelin-judge-', cgName);
    const cgroups = new CgroupManager(cgName);
    let sandbox: Sandbox;
    try {
      sandbox = new Sandbox({
        javaHome: config.javaHome,
        stateDir,
        uid: config.sandboxUid,
        gid: config.sandboxGid,
        unsafeNoSandbox: config.unsafeNoSandbox,
        cgroups,
        bwrapPath: config.bwrapPath,
      });
      await probeSandbox(sandbox);
    } catch (e) {
      cgroups.destroySync();
      rmSync(stateDir, { recursive: true, force: true });
      throw e;
    }

    const javac = join(sandbox.javaHome, 'bin/javac');
    const java = join(sandbox.javaHome, 'bin/java');
    const javaSources = ['CompileServer.java', 'CdsTraining.java'].map((f) => readFileSync(join(JAVA_DIR, f), 'utf8'));
    const version = run(java, ['-version']).stderr;
    const cacheDir = join(config.workRoot, `cache-${sha('layout-2 (G1 archive)', sandbox.javaHome, version, ...javaSources)}`);
    buildOnce(cacheDir, (tmp) => {
      mkdirSync(join(tmp, 'compiler'), { mode: 0o755 });
      mkdirSync(join(tmp, 'train'), { mode: 0o755 });
      run(javac, ['-proc:none', '-d', join(tmp, 'compiler'), join(JAVA_DIR, 'CompileServer.java')]);
      run(javac, ['-proc:none', '-d', join(tmp, 'train'), join(JAVA_DIR, 'CdsTraining.java')]);
      // AppCDS: the JDK classes the training program loads, dumped into a static archive.
      mkdirSync(join(tmp, 'cds'), { mode: 0o755 });
      try {
        const list = join(tmp, 'classes.lst');
        run(java, ['-Xshare:off', `-XX:DumpLoadedClassList=${list}`, '-cp', join(tmp, 'train'), 'CdsTraining'], { input: '4 5\n' });
        const jdkOnly = readFileSync(list, 'utf8').split('\n').filter((l) => !l.startsWith('CdsTraining')).join('\n');
        writeFileSync(list, jdkOnly);
        // Dumped with G1 (the default): JDK 17 archives heap objects (the module graph, interned
        // strings) only with G1, and runs use G1 to map them.
        run(java, ['-Xshare:dump', '-XX:+UseG1GC', `-XX:SharedClassListFile=${list}`, `-XX:SharedArchiveFile=${join(tmp, 'cds', 'javelin.jsa')}`], { cwd: join(tmp, 'cds') });
      } catch (e) {
        log('AppCDS archive could not be built; using the default CDS archive', { error: String(e).slice(0, 300) });
      }
      chmodTree(tmp);
    });

    let cdsArchive: string | null = null;
    const jsa = join(cacheDir, 'cds', 'javelin.jsa');
    if (config.appCds && existsSync(jsa)) {
      const check = await sandbox.run({
        argv: [java, '-Xshare:on', `-XX:SharedArchiveFile=/cds/javelin.jsa`, '-XX:+UseG1GC', '-XX:-UsePerfData', '-cp', '/classes', '-version'],
        binds: [
          { src: join(cacheDir, 'cds'), dest: '/cds' },
          { src: join(cacheDir, 'train'), dest: '/classes' },
        ],
        stdin: '',
        limits: { cpuSeconds: 10, memoryBytes: 512 << 20, pids: 64, fileSizeBytes: 1 << 20, openFiles: 128, workDirBytes: 1 << 20 },
        wallTimeMs: 20_000,
        maxStdoutBytes: 1 << 16,
        maxStderrBytes: 1 << 16,
      });
      if (check.exitCode === 0) cdsArchive = join(cacheDir, 'cds');
      else log('AppCDS archive rejected by the JVM; using the default CDS archive', { stderr: check.stderr.slice(0, 300) });
    }

    let compiler: CompileService | null = null;
    if (config.warmCompiler && config.mode === 'fast') {
      compiler = new CompileService(sandbox, join(cacheDir, 'compiler'));
      await compiler.start(WARMUP_SOURCES);
    }
    const judge = new Judge(config, stateDir, sandbox, cgroups, compiler, cdsArchive);
    if (!cgroups.hasMemory || !cgroups.hasPids) {
      log('WARNING: no pids/memory cgroup: memory is held by -Xmx only and processes/threads are not limited; run the judge as root (or with a delegated cgroup) in production', { cgroups: cgroups.description });
    }
    log('judge ready', {
      sandbox: config.unsafeNoSandbox ? 'DISABLED (JUDGE_UNSAFE_NO_SANDBOX=1)' : `bubblewrap (sandbox uid ${sandbox.privileged ? config.sandboxUid : process.getuid?.()})`,
      cgroups: cgroups.description,
      javaHome: sandbox.javaHome,
      warmCompiler: Boolean(compiler),
      appCds: Boolean(cdsArchive),
      testParallelism: config.testParallelism,
      startupMs: Math.round(performance.now() - t0),
    });
    return judge;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.compiler?.close();
    this.cgroups.destroySync();
    rmSync(this.stateDir, { recursive: true, force: true });
  }

  /** Compile once, run every test in a fresh sandboxed JVM, compare outputs. */
  async judge(data: JudgeJobData, options: JudgeRunOptions = {}): Promise<JudgeJobResult> {
    if (this.closed) throw new Error('judge is closed');
    const mode = options.mode ?? this.config.mode;
    if (typeof data?.code !== 'string') throw new Error('job data has no code');
    const tests: JudgeTest[] = Array.isArray(data.tests) ? data.tests : [];
    const limits = withDefaults(data.limits);
    if (Buffer.byteLength(data.code, 'utf8') > MAX_SOURCE_BYTES) {
      return { verdict: 'compilation_error', compileError: `Source code too large (limit ${MAX_SOURCE_BYTES} bytes)`, results: [] };
    }
    const info = analyzeJavaSource(data.code);
    const fileName = info.publicClass ?? 'Main';
    const subDir = join(this.stateDir, `s${++this.subCounter}`);
    mkdirSync(subDir, { mode: 0o755 });
    const t0 = performance.now();
    try {
      let compiled: CompileResult;
      if (mode === 'fast' && this.compiler) {
        compiled = await this.compiler.compile(fileName, data.code, limits.compileWallTimeMs);
      } else {
        compiled = await compileCold(
          this.sandbox,
          join(subDir, 'javac'),
          fileName,
          data.code,
          limits.compileWallTimeMs,
          this.config.sandboxUid,
          this.config.sandboxGid,
          mode === 'fast' ? FAST_START_JAVAC_OPTIONS : [],
        );
      }
      if (!compiled.ok) {
        log('compiled', { requestId: data.requestId, ok: false, compileMs: Math.round(compiled.ms) });
        return { verdict: 'compilation_error', compileError: compiled.message, results: [], timings: { compileMs: Math.round(compiled.ms), totalMs: Math.round(performance.now() - t0) } };
      }
      const simpleMain = info.mainClass;
      const mainClass = compiled.mainClass ?? (simpleMain ? (info.packageName ? `${info.packageName}.${simpleMain}` : simpleMain) : null);
      if (!mainClass || !compiled.classes.some((c) => c.name === mainClass)) {
        return {
          verdict: 'compilation_error',
          compileError: 'No main method found: declare public static void main(String[] args) in your public class.',
          results: [],
        };
      }
      const classesDir = join(subDir, 'classes');
      mkdirSync(classesDir, { mode: 0o755 });
      for (const c of compiled.classes) {
        // Names come from the (sandboxed) compiler: never let one point outside the classes dir.
        const parts = c.name.split('.');
        if (parts.some((x) => x === '' || x.startsWith('-') || /[/\\\0]/.test(x))) throw new Error(`bad class name from the compiler: ${JSON.stringify(c.name).slice(0, 100)}`);
        const p = join(classesDir, `${parts.join('/')}.class`);
        mkdirSync(dirname(p), { recursive: true, mode: 0o755 });
        writeFileSync(p, c.bytes, { mode: 0o644 });
      }
      const parallel = mode === 'fast' ? this.config.testParallelism : 1;
      const results: JudgeTestResult[] = new Array(tests.length);
      let next = 0;
      const worker = async () => {
        while (next < tests.length) {
          const i = next++;
          results[i] = await this.runTest(tests[i], classesDir, mainClass, limits, mode);
        }
      };
      await Promise.all(Array.from({ length: Math.min(parallel, Math.max(1, tests.length)) }, worker));
      const failed = results.find((r) => r.verdict !== 'accepted');
      const verdict: Verdict = failed ? failed.verdict : 'accepted';
      log('judged', {
        requestId: data.requestId,
        mode,
        verdict,
        tests: tests.length,
        passed: results.filter((r) => r.verdict === 'accepted').length,
        compileMs: Math.round(compiled.ms),
        totalMs: Math.round(performance.now() - t0),
      });
      return { verdict, results, timings: { compileMs: Math.round(compiled.ms), totalMs: Math.round(performance.now() - t0) } };
    } finally {
      rmSync(subDir, { recursive: true, force: true });
    }
  }

  /** JVM flags of a test run. */
  private jvmArgs(limits: JudgeLimits, mode: JudgeMode): string[] {
    const common = [
      `-Xmx${limits.memoryMb}m`,
      `-Xss${limits.stackMb}m`,
      '-XX:+ExitOnOutOfMemoryError',
      '-XX:-UsePerfData',
      '-XX:-UseContainerSupport',
      '-Xlog:disable',
      '-Xlog:all=warning:stderr',
      '-Dfile.encoding=UTF-8',
      '-Dsun.stdout.encoding=UTF-8',
      '-Dsun.stderr.encoding=UTF-8',
      '-Djava.io.tmpdir=/work',
    ];
    if (mode === 'cold') return common;
    return [
      ...common,
      // G1 (the default collector): in JDK 17 only G1 maps the CDS archive's heap objects (the
      // module graph), which makes start-up ~30% cheaper in CPU than Serial GC here.
      '-XX:+UseG1GC',
      // A small initial heap is cheaper to set up; G1 grows it on demand.
      `-Xms${Math.min(64, limits.memoryMb)}m`,
      '-Xshare:auto',
      ...(this.cdsArchive ? ['-XX:SharedArchiveFile=/cds/javelin.jsa'] : []),
    ];
  }

  private async runTest(test: JudgeTest, classesDir: string, mainClass: string, limits: JudgeLimits, mode: JudgeMode): Promise<JudgeTestResult> {
    const java = join(this.sandbox.javaHome, 'bin/java');
    const binds = [{ src: classesDir, dest: '/classes' }];
    if (mode === 'fast' && this.cdsArchive) binds.push({ src: this.cdsArchive, dest: '/cds' });
    const out: RunOutcome = await this.sandbox.run({
      argv: [java, ...this.jvmArgs(limits, mode), '-cp', '/classes', mainClass],
      binds,
      stdin: test.stdin ?? '',
      limits: {
        cpuSeconds: Math.ceil(limits.cpuTimeMs / 1000) + 1,
        // Heap (-Xmx) + the main thread's stack + JVM overhead (metaspace, code cache, CDS, direct buffers).
        memoryBytes: (limits.memoryMb + limits.stackMb + 160) * (1 << 20),
        pids: limits.maxProcesses,
        fileSizeBytes: 16 << 20,
        openFiles: 128,
        workDirBytes: 32 << 20,
      },
      wallTimeMs: limits.wallTimeMs,
      cpuLimitMs: limits.cpuTimeMs,
      maxStdoutBytes: limits.outputBytes,
      maxStderrBytes: STDERR_LIMIT,
      // The JVM logs this when the pids cgroup refuses a thread: the program hit the process/thread
      // limit (it would otherwise often hang on its non-daemon threads until the wall limit).
      killOnStderr: THREAD_LIMIT_RE,
    });
    return this.toResult(test, out, limits);
  }

  private toResult(test: JudgeTest, out: RunOutcome, limits: JudgeLimits): JudgeTestResult {
    let actual = out.stdout.toString('utf8');
    const stderr = out.stderr;
    let oomLine: string | null = null;
    const exitOom = out.exitCode === 3 ? EXIT_ON_OOM_RE.exec(actual) : null;
    if (exitOom) {
      oomLine = exitOom[1].trim();
      actual = actual.slice(0, exitOom.index);
    } else {
      const m = /Exception in thread "[^"\n]*" (java\.lang\.OutOfMemoryError[^\n]*)/.exec(stderr);
      if (m && out.exitCode !== 0) oomLine = m[1].trim();
    }
    const max = this.config.maxReportedOutputBytes;
    const actualOutput = actual.length > max ? `${actual.slice(0, max)}\n… (output truncated)` : actual;
    const executionTime = Math.round(out.wallMs);
    const reportedStderr = stderr.slice(0, REPORTED_STDERR_CHARS);
    const res = (verdict: Verdict, error: string): JudgeTestResult => ({
      id: test.id,
      verdict,
      actualOutput,
      executionTime,
      error,
      ...(reportedStderr ? { stderr: reportedStderr } : {}),
    });
    const sec = (ms: number) => `${Math.round(ms / 100) / 10} s`;
    const threadLimit = `Too many threads or processes (limit ${limits.maxProcesses}): java.lang.OutOfMemoryError: unable to create native thread`;

    if (out.outputExceeded) return res('output_limit_exceeded', `Output limit exceeded (${limits.outputBytes} bytes)`);
    if (out.stderrMatched) return res('runtime_error', threadLimit);
    if (out.cpuExceeded) return res('time_limit_exceeded', `Time limit exceeded (CPU ${sec(limits.cpuTimeMs)})`);
    if (out.timedOut) return res('time_limit_exceeded', `Time limit exceeded (wall ${sec(limits.wallTimeMs)})`);
    if (oomLine && /unable to create native thread/.test(oomLine)) return res('runtime_error', threadLimit);
    if (out.oomKilled) return res('memory_limit_exceeded', `Memory limit exceeded (${limits.memoryMb} MiB)`);
    if (oomLine) return res('memory_limit_exceeded', oomLine);
    if (out.exitCode !== 0) {
      const exc = /Exception in thread "[^"\n]*" ([^\n]+)/.exec(stderr);
      if (exc) return res('runtime_error', exc[1].trim());
      const launcher = /Error: (?:Main method not found|Could not find or load main class)[^\n]*/.exec(stderr);
      if (launcher) return res('runtime_error', launcher[0]);
      const sig = out.signal ?? (out.exitCode !== null && out.exitCode > 128 ? `signal ${out.exitCode - 128}` : null);
      if (sig) return res('runtime_error', `Killed by ${sig}`);
      const firstLine = stderr.split('\n').find((l) => l.trim() !== '');
      return res('runtime_error', `Exited with code ${out.exitCode}${firstLine ? `: ${firstLine.trim().slice(0, 200)}` : ''}`);
    }
    if (outputsMatch(actual, test.expectedOutput ?? '')) return res('accepted', '');
    return res('wrong_answer', 'Wrong answer');
  }
}

let shared: Promise<Judge> | null = null;

/** The process-wide judge (created on first use, from the environment). */
export function getJudge(): Promise<Judge> {
  if (!shared) {
    shared = Judge.create();
    shared.catch(() => {
      shared = null;
    });
  }
  return shared;
}

/** Judge one submission without Redis (tests, benchmark). */
export async function judgeSubmission(data: JudgeJobData, options?: JudgeRunOptions): Promise<JudgeJobResult> {
  return (await getJudge()).judge(data, options);
}

export async function closeSharedJudge(): Promise<void> {
  if (shared) {
    const j = await shared.catch(() => null);
    shared = null;
    await j?.close();
  }
}
