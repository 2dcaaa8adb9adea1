import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_JUDGE_LIMITS,
  InteractiveMessages,
  JudgeSentences,
  progressMark,
  type JudgeJobData,
  type JudgeJobResult,
  type JudgeLimits,
  type JudgeTest,
} from '@javelin/contracts';
import { analyzeJavaSource } from '@javelin/java-io';
import { loadConfig, type JudgeConfig, type JudgeMode } from './config';
import { CompileCache } from './executor/compile-cache';
import type { LintReply } from './executor/compile-service';
import { compileCold, FAST_START_JAVAC_OPTIONS, type CompileResult } from './executor/compiler';
import { HARNESS_ARCHIVE_PATH, shapeOf } from './executor/harness-launch';
import { HarnessPool } from './executor/harness-pool';
import { jvmArgs } from './executor/jvm';
import type { CheckingContext } from './grader/apply-checker';
import { grade } from './grader/grade';
import { OutputValidators } from './grader/output-validator';
import { Interactor } from './grader/interactive';
import { FreshJvmRunner, HarnessRunner, type Submission, type TestRunner } from './grader/run-tests';
import { log } from './log';
import { startRuntime, type JudgeRuntime } from './startup';

export interface JudgeRunOptions {
  /** The configured mode unless given (the benchmark compares them). */
  mode?: JudgeMode;
  /** Harness mode: report the heap in use after a full collection at the end of every test (the judge's own tests). */
  reportHeap?: boolean;
  /**
   * Called as each test finishes, with how many have (the API shows "test k of n" while a submission is
   * judged) and, on a job whose tests carry groups, every test's mark so far (JudgeJobProgress.marks).
   */
  onTestDone?: (done: number, marks?: string) => void;
  /** Methods compiled in the program's own thread (jvm.ts FOREGROUND_JIT): the AI's growth measurement. */
  foregroundJit?: boolean;
}

/** A judgement with what the judge's own tests look at beside the wire result. */
export interface JudgeReport extends JudgeJobResult {
  /** Harness mode with `reportHeap`: the heap in use after each test's collection, bytes. */
  heapBytes?: (number | null)[];
  /** Tests whose memory or thread verdict in a reused JVM was judged again in a fresh one. */
  confirmedFresh?: string[];
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

type Compiled = Extract<CompileResult, { ok: true }> & { mainClass: string };

export class Judge {
  private subCounter = 0;
  private closed = false;
  private readonly compileCache = new CompileCache();
  private readonly harnesses: HarnessPool;
  private readonly validators: OutputValidators;

  private constructor(
    readonly config: JudgeConfig,
    private readonly rt: JudgeRuntime,
  ) {
    this.harnesses = new HarnessPool(
      {
        sandbox: rt.sandbox,
        harnessDir: rt.harnessDir,
        cdsDir: rt.cdsArchive,
        harnessArchiveDir: rt.harnessArchive,
        jvmArgs: (shape) =>
          jvmArgs(shape, 'harness', rt.cdsArchive, rt.harnessArchive ? HARNESS_ARCHIVE_PATH : null),
      },
      config.concurrency,
    );
    this.validators = new OutputValidators({
      sandbox: rt.sandbox,
      cdsArchive: rt.cdsArchive,
      cacheDir: join(rt.stateDir, 'validators'),
      harnessDir: rt.harnessDir,
      // A warm host per validator a concurrent job may need, and as many again for the problems of the hour.
      hostsKept: 2 * config.concurrency,
      compileJava: (code, limits, dir) => this.compile(code, limits, 'per-test', dir),
    });
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
    this.validators.close();
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
  async judge(data: JudgeJobData, options: JudgeRunOptions = {}): Promise<JudgeReport> {
    if (this.closed) throw new Error('judge is closed');
    const interactive = data.outputValidation?.interactive === true;
    // Interactive tests run in harness JVMs only (the FIFOs are the harness's).
    const mode = interactive ? 'harness' : (options.mode ?? this.config.mode);
    if (typeof data?.code !== 'string') throw new Error('job data has no code');
    const tests: JudgeTest[] = Array.isArray(data.tests) ? data.tests : [];
    const limits = withDefaults(data.limits);
    if (Buffer.byteLength(data.code, 'utf8') > MAX_SOURCE_BYTES) {
      return {
        verdict: 'compilation_error',
        compileError: JudgeSentences.sourceTooLarge(MAX_SOURCE_BYTES),
        results: [],
      };
    }
    const subDir = join(this.rt.stateDir, `s${++this.subCounter}`);
    mkdirSync(subDir, { mode: 0o755 });
    const t0 = performance.now();
    try {
      const compiled = data.files?.length
        ? await this.compileFiles(data.files, limits)
        : await this.compile(data.code, limits, mode, subDir);
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
      if (!compiled.mainClass)
        return { verdict: 'compilation_error', compileError: JudgeSentences.noMain, results: [] };
      const interactor = interactive ? await this.interactor(data, limits, subDir) : null;
      if (interactor && !(interactor instanceof Interactor))
        return validatorBroken(tests, interactor, data.stopAtFirstFailure === true, timings());
      const run = this.runner(compiled as Compiled, limits, mode, subDir, options, interactor);
      const parallel = mode === 'per-test' ? this.config.testParallelism : 1;
      const onTest = options.onTestDone && reporting(tests, options.onTestDone);
      const ctx = { ...this.checking(mode, subDir), interactor };
      const results = await grade(data, tests, limits, run, parallel, ctx, onTest).finally(() =>
        interactor?.close(),
      );
      const failed = results.find((r) => r.verdict !== 'accepted');
      const report: JudgeReport = { verdict: failed?.verdict ?? 'accepted', results, timings: timings() };
      if (run instanceof HarnessRunner) {
        report.confirmedFresh = run.confirmedFresh;
        if (options.reportHeap) report.heapBytes = run.heapBytes;
      }
      logJudged(data, mode, report, run);
      return report;
    } finally {
      rmSync(subDir, { recursive: true, force: true });
    }
  }

  /** An interactive job's validator, compiled; or the judge error every test gets when it does not compile. */
  private async interactor(
    data: JudgeJobData,
    limits: JudgeLimits,
    subDir: string,
  ): Promise<Interactor | { message?: string; feedback?: string }> {
    const validation = data.outputValidation;
    if (!validation?.custom) throw new Error(InteractiveMessages.noValidator);
    const dir = join(subDir, 'interact');
    mkdirSync(dir, { mode: 0o755 });
    const interactor = new Interactor(
      this.validators,
      validation.custom,
      validation.flags ?? [],
      limits,
      dir,
    );
    return (await interactor.prepare()) ?? interactor;
  }

  /** A program of several files (issue 42), compiled together in the warm compile service. */
  private async compileFiles(
    files: { path: string; content: string }[],
    limits: JudgeLimits,
  ): Promise<CompileResult> {
    const compiler = this.rt.compiler;
    if (!compiler)
      return { ok: false, message: JudgeSentences.filesNeedCompileService, ms: 0, cacheable: false };
    const encoded = files.map((f) => `${f.path}\u0000${f.content}`).join('\u0000');
    if (Buffer.byteLength(encoded, 'utf8') > MAX_SOURCE_BYTES)
      return { ok: false, message: JudgeSentences.sourceTooLarge(MAX_SOURCE_BYTES), ms: 0, cacheable: false };
    const compiled = await compiler.compile('files:', encoded, limits.compileWallTimeMs);
    if (!compiled.ok) return compiled;
    const mainClass = compiled.mainClass ?? null;
    return {
      ...compiled,
      mainClass: mainClass && compiled.classes.some((c) => c.name === mainClass) ? mainClass : null,
    };
  }

  /** Compile in the warm service (through the cache) or, cold, with the javac launcher; the main class resolved. */
  private async compile(
    code: string,
    limits: JudgeLimits,
    mode: JudgeMode,
    subDir: string,
  ): Promise<CompileResult> {
    const info = analyzeJavaSource(code);
    // javac wants each public class in a file of its name; one file holds the whole program.
    if (info.publicTypes.length > 1)
      return {
        ok: false,
        message: JudgeSentences.severalPublicClasses(info.publicTypes),
        ms: 0,
        cacheable: false,
      };
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

  /** How this job's tests run: through harness JVMs, or each in a JVM of its own. */
  private runner(
    compiled: Compiled,
    limits: JudgeLimits,
    mode: JudgeMode,
    subDir: string,
    options: JudgeRunOptions,
    interactor: Interactor | null,
  ): TestRunner {
    const submission: Submission = { classes: compiled.classes, mainClass: compiled.mainClass };
    if (mode === 'harness') return new HarnessRunner(this.harnesses, submission, limits, options, interactor);
    const run = { limits, mode, cdsArchive: this.rt.cdsArchive, foregroundJit: options.foregroundJit };
    return new FreshJvmRunner(this.rt.sandbox, submission, run, join(subDir, 'classes'));
  }

  /** What the custom checker needs: the sandbox, and the judge's compiler for the checker's source. */
  private checking(mode: JudgeMode, subDir: string): CheckingContext {
    return {
      sandbox: this.rt.sandbox,
      mode,
      cdsArchive: this.rt.cdsArchive,
      parallelism: mode === 'per-test' ? this.config.testParallelism : 1,
      maxReportedOutputBytes: this.config.maxReportedOutputBytes,
      workDir: join(subDir, 'checker'),
      validators: this.validators,
      compile: (code, checkerLimits, dir) => this.compile(code, checkerLimits, mode, dir),
    };
  }
}

/**
 * Tells `onTestDone` how many tests have finished after each one and, when the tests carry groups (a
 * scoring problem), each test's mark (JudgeJobProgress.marks), so the API can show groups as they end.
 */
function reporting(
  tests: readonly JudgeTest[],
  onTestDone: (done: number, marks?: string) => void,
): (index: number, passed: boolean | null) => void {
  let done = 0;
  const marks = tests.some((t) => t.group) ? tests.map(() => '.') : null;
  return (index, passed) => {
    if (marks) marks[index] = progressMark(passed);
    onTestDone(++done, marks?.join(''));
  };
}

/** An interactive problem whose validator does not compile: a judge error on every test, none run. */
function validatorBroken(
  tests: JudgeTest[],
  broken: { message?: string; feedback?: string },
  stop: boolean,
  timings: JudgeJobResult['timings'],
): JudgeReport {
  const results = (stop ? tests.slice(0, 1) : tests).map((t) => ({
    id: t.id,
    verdict: 'runtime_error' as const,
    actualOutput: '',
    executionTime: 0,
    error: broken.message ?? '',
    ...(broken.feedback ? { feedback: broken.feedback } : {}),
  }));
  return { verdict: 'runtime_error', results, timings };
}

function logJudged(data: JudgeJobData, mode: JudgeMode, report: JudgeReport, run: TestRunner): void {
  log('judged', {
    requestId: data.requestId,
    mode,
    verdict: report.verdict,
    tests: Array.isArray(data.tests) ? data.tests.length : 0,
    judged: report.results.length,
    passed: report.results.filter((r) => r.verdict === 'accepted').length,
    harnessWaitMs: Math.round(run instanceof HarnessRunner ? run.harnessWaitMs : 0),
    confirmedFresh: report.confirmedFresh?.length ?? 0,
    ...report.timings,
  });
}
