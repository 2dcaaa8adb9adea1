import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_JUDGE_LIMITS,
  type JudgeJobData,
  type JudgeJobResult,
  type JudgeLimits,
  type JudgeTest,
  type JudgeTestResult,
  type Verdict,
} from '@javelin/contracts';
import { analyzeJavaSource } from '@javelin/java-io';
import { classifyWithChecker } from './checkers/apply';
import { compileCold, FAST_START_JAVAC_OPTIONS, type CompileResult, type LintReply } from './compiler';
import { loadConfig, type JudgeConfig, type JudgeMode } from './config';
import { CompileCache } from './executor/compile-cache';
import { HarnessPool, shapeOf } from './executor/harness';
import { jvmArgs, runInFreshJvm, runInHarness, writeClasses } from './grader';
import { log, startRuntime, type JudgeRuntime } from './startup';
import type { TestOutcome } from './verdict';

export { log } from './startup';

export interface JudgeRunOptions {
  /** The configured mode unless given (the benchmark compares them). */
  mode?: JudgeMode;
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
const NO_MAIN = 'No main method found: declare public static void main(String[] args) in your public class.';

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

type Compiled = Extract<CompileResult, { ok: true }> & { mainClass: string };

export class Judge {
  private subCounter = 0;
  private closed = false;
  private readonly compileCache = new CompileCache();
  private readonly harnesses: HarnessPool;

  private constructor(
    readonly config: JudgeConfig,
    private readonly rt: JudgeRuntime,
  ) {
    this.harnesses = new HarnessPool(
      {
        sandbox: rt.sandbox,
        harnessDir: rt.harnessDir,
        cdsDir: rt.cdsArchive,
        jvmArgs: (shape) => jvmArgs(shape, 'harness', rt.cdsArchive),
      },
      config.concurrency,
    );
  }

  /** Start-up (sandbox, trusted Java, compile service, CDS), then pre-start the harness JVMs. */
  static async create(config: JudgeConfig = loadConfig()): Promise<Judge> {
    const t0 = performance.now();
    const rt = await startRuntime(config);
    const judge = new Judge(config, rt);
    if (config.mode === 'harness') {
      judge.harnesses.prestart(shapeOf(withDefaults(undefined)));
    }
    if (!rt.cgroups.hasMemory || !rt.cgroups.hasPids) {
      log(
        'WARNING: no pids/memory cgroup: memory is held by -Xmx only and processes/threads are not limited; run the judge as root (or with a delegated cgroup) in production',
        { cgroups: rt.cgroups.description },
      );
    }
    log('judge ready', {
      sandbox: config.unsafeNoSandbox
        ? 'DISABLED (JUDGE_UNSAFE_NO_SANDBOX=1)'
        : `bubblewrap (sandbox uid ${rt.sandbox.privileged ? config.sandboxUid : process.getuid?.()})`,
      cgroups: rt.cgroups.description,
      javaHome: rt.sandbox.javaHome,
      mode: config.mode,
      warmCompiler: Boolean(rt.compiler),
      appCds: Boolean(rt.cdsArchive),
      testParallelism: config.testParallelism,
      startupMs: Math.round(performance.now() - t0),
    });
    return judge;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.harnesses.close();
    await this.rt.compiler?.close();
    this.rt.cgroups.destroySync();
    rmSync(this.rt.stateDir, { recursive: true, force: true });
  }

  /**
   * javac -Xlint:all's diagnostics of `code` from the warm compile service (the AI analyzer's compiler
   * findings; nothing runs). Null without a warm compile service or when it did not answer in time.
   */
  async lint(code: string, timeoutMs: number): Promise<(LintReply & { fileName: string }) | null> {
    if (this.closed) throw new Error('judge is closed');
    const compiler = this.rt.compiler;
    if (!compiler || Buffer.byteLength(code, 'utf8') > MAX_SOURCE_BYTES) return null;
    const fileName = analyzeJavaSource(code).publicClass ?? 'Main';
    const reply = await compiler.lint(fileName, code, Math.min(timeoutMs, MAX_LIMITS.compileWallTimeMs));
    return reply && { ...reply, fileName: `${fileName}.java` };
  }

  /** Compile (or reuse a recent compilation), run every test, classify each outcome. */
  async judge(data: JudgeJobData, options: JudgeRunOptions = {}): Promise<JudgeJobResult> {
    if (this.closed) throw new Error('judge is closed');
    const mode = options.mode ?? this.config.mode;
    if (typeof data?.code !== 'string') throw new Error('job data has no code');
    const tests: JudgeTest[] = Array.isArray(data.tests) ? data.tests : [];
    const limits = withDefaults(data.limits);
    if (Buffer.byteLength(data.code, 'utf8') > MAX_SOURCE_BYTES) {
      return {
        verdict: 'compilation_error',
        compileError: `Source code too large (limit ${MAX_SOURCE_BYTES} bytes)`,
        results: [],
      };
    }
    const subDir = join(this.rt.stateDir, `s${++this.subCounter}`);
    mkdirSync(subDir, { mode: 0o755 });
    const t0 = performance.now();
    try {
      const compiled = await this.compile(data.code, limits, mode, subDir);
      const timings = () => ({
        compileMs: Math.round(compiled.ms),
        totalMs: Math.round(performance.now() - t0),
      });
      if (!compiled.ok) {
        log('compiled', { requestId: data.requestId, ok: false, compileMs: Math.round(compiled.ms) });
        return {
          verdict: 'compilation_error',
          compileError: compiled.message,
          results: [],
          timings: timings(),
        };
      }
      if (!compiled.mainClass) return { verdict: 'compilation_error', compileError: NO_MAIN, results: [] };
      const { outcomes, harnessWaitMs } = await this.runTests(
        compiled as Compiled,
        tests,
        limits,
        mode,
        subDir,
      );
      const results: JudgeTestResult[] = await classifyWithChecker(data, tests, outcomes, limits, {
        sandbox: this.rt.sandbox,
        mode,
        cdsArchive: this.rt.cdsArchive,
        parallelism: mode === 'per-test' ? this.config.testParallelism : 1,
        maxReportedOutputBytes: this.config.maxReportedOutputBytes,
        workDir: join(subDir, 'checker'),
        compile: (code, checkerLimits, dir) => this.compile(code, checkerLimits, mode, dir),
      });
      const failed = results.find((r) => r.verdict !== 'accepted');
      const verdict: Verdict = failed ? failed.verdict : 'accepted';
      const passed = results.filter((r) => r.verdict === 'accepted').length;
      log('judged', {
        requestId: data.requestId,
        mode,
        verdict,
        tests: tests.length,
        passed,
        harnessWaitMs: Math.round(harnessWaitMs),
        ...timings(),
      });
      return { verdict, results, timings: timings() };
    } finally {
      rmSync(subDir, { recursive: true, force: true });
    }
  }

  /** Compile in the warm service (through the cache) or, cold, with the javac launcher; the main class resolved. */
  private async compile(
    code: string,
    limits: JudgeLimits,
    mode: JudgeMode,
    subDir: string,
  ): Promise<CompileResult> {
    const info = analyzeJavaSource(code);
    const fileName = info.publicClass ?? 'Main';
    const compiler = this.rt.compiler;
    let compiled: CompileResult;
    if (mode !== 'cold' && compiler) {
      const key = CompileCache.key(fileName, code);
      const cached = this.compileCache.get(key);
      compiled = cached
        ? { ...cached, ms: 0 }
        : await compiler.compile(fileName, code, limits.compileWallTimeMs);
      if (!cached) this.compileCache.set(key, compiled);
    } else {
      const { sandboxUid, sandboxGid } = this.config;
      const options = mode === 'cold' ? [] : FAST_START_JAVAC_OPTIONS;
      compiled = await compileCold(
        this.rt.sandbox,
        join(subDir, 'javac'),
        fileName,
        code,
        limits.compileWallTimeMs,
        sandboxUid,
        sandboxGid,
        options,
      );
    }
    if (!compiled.ok) return compiled;
    const simpleMain = info.mainClass;
    const mainClass =
      compiled.mainClass ??
      (simpleMain ? (info.packageName ? `${info.packageName}.${simpleMain}` : simpleMain) : null);
    return {
      ...compiled,
      mainClass: mainClass && compiled.classes.some((c) => c.name === mainClass) ? mainClass : null,
    };
  }

  private async runTests(
    compiled: Compiled,
    tests: JudgeTest[],
    limits: JudgeLimits,
    mode: JudgeMode,
    subDir: string,
  ): Promise<{ outcomes: TestOutcome[]; harnessWaitMs: number }> {
    if (mode === 'harness') return runInHarness(this.harnesses, compiled, tests, limits);
    const classesDir = join(subDir, 'classes');
    writeClasses(compiled.classes, classesDir);
    const run = { classesDir, mainClass: compiled.mainClass, limits, mode, cdsArchive: this.rt.cdsArchive };
    const outcomes: TestOutcome[] = new Array(tests.length);
    let next = 0;
    const worker = async () => {
      while (next < tests.length) {
        const i = next++;
        outcomes[i] = await runInFreshJvm(this.rt.sandbox, tests[i], run);
      }
    };
    const parallel = mode === 'per-test' ? this.config.testParallelism : 1;
    await Promise.all(Array.from({ length: Math.min(parallel, Math.max(1, tests.length)) }, worker));
    return { outcomes, harnessWaitMs: 0 };
  }
}
