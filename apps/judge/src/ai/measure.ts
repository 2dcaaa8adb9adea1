import type {
  AiMeasureJobData,
  AiMeasureResult,
  GeneratedVariable,
  InputSpec,
  JudgeLimits,
  JudgeTest,
  MeasuredPoint,
} from '@javelin/contracts';
import {
  encodeInput,
  generateInput,
  MAX_GENERATED_ELEMENTS,
  seededRandom,
  TYPE_SHAPES,
} from '@javelin/java-io';
import type { Judge } from '../judge';
import { cpuMsOf, withCpuTimer } from './cpu-timer';
import { fitGrowth, fitSlope, NOISE_FLOOR_MS } from './fit';

/** The first size measured (2^7), unless the constraints allow less. */
const FIRST_N = 128;
/** Runs per size: the fastest counts (a stray pause only ever adds time); one for a size predicted slow. */
const RUNS_PER_SIZE = 3;
const SLOW_RUN_MS = 100;
/** Sizes in the first batch (128 … 1024): small ones cost little together. */
const FIRST_BATCH = 4;
/** Most sizes in a later batch (while the runs stay fast). */
const MAX_BATCH = 6;
/** Whatever the budget, the measurement stops after this much wall time (the API waits for it). */
const MAX_WALL_MS = 20_000;
/** All the generated stdin of one batch, at most. */
const MAX_BATCH_STDIN_BYTES = 24 << 20;
/** Below this much budget left a run is not worth starting, ms. */
const MIN_RUN_MS = 50;

/** The largest n the spec allows: every size variable at its bound (a square matrix of n cells). */
function maxSizeOf(spec: InputSpec): number {
  const bounds = spec.variables.filter((v) => v.role === 'size').map(sizeBound);
  return bounds.length ? Math.max(1, Math.min(...bounds)) : 0;
}

function sizeBound(v: GeneratedVariable): number {
  const { element, depth } = TYPE_SHAPES[v.type];
  if (depth === 0 && element !== 'string') return v.values.max;
  if (depth === 2 && !v.columns) return Math.min(v.length.max ** 2, MAX_GENERATED_ELEMENTS);
  return Math.min(v.length.max, MAX_GENERATED_ELEMENTS);
}

const failed = (verdict: string) => verdict !== 'accepted' && verdict !== 'wrong_answer';

/**
 * Measured complexity: the code (once it passes the examples) runs in the sandbox on generated inputs
 * of n = 128, 256, … up to the constraints' bound or the time budget, and the growth of the fastest
 * run's time per size is fitted on a log-log scale. Outputs are not checked: a generated input has no
 * expected output.
 */
export async function measureComplexity(judge: Judge, data: AiMeasureJobData): Promise<AiMeasureResult> {
  const started = performance.now();
  const spec = data.spec;
  const sizeNames = spec.variables.filter((v) => v.role === 'size').map((v) => v.name);
  const maxN = maxSizeOf(spec);
  const base = { sizeNames, maxN, points: [] as MeasuredPoint[], spentMs: 0 };
  // The examples are judged as a run of them is: by the problem's checker (the API sends it).
  const examples = await judge.judge({
    code: data.code,
    language: 'java',
    tests: data.examples,
    limits: data.limits,
    ...(data.checker === undefined ? {} : { checker: data.checker }),
    ...(data.tolerance === undefined ? {} : { tolerance: data.tolerance }),
    ...(data.checkerCode === undefined ? {} : { checkerCode: data.checkerCode }),
  });
  if (examples.verdict === 'compilation_error') return { ...base, status: 'compile-error' };
  if (examples.results.some((r) => r.verdict !== 'accepted'))
    return {
      ...base,
      status: 'fails-examples',
      detail: examples.results.find((r) => r.verdict !== 'accepted')?.error,
    };
  if (maxN === 0) return { ...base, status: 'too-fast', detail: 'no input grows' };

  const rng = seededRandom(data.seed);
  // The program's own CPU time when the timing class fits it, else the test's wall time.
  let code = withCpuTimer(data.code) ?? data.code;
  const points: MeasuredPoint[] = [];
  let spent = 0;
  let n = Math.min(FIRST_N, maxN);
  let batchSize = FIRST_BATCH;
  const result = (status: AiMeasureResult['status'], detail?: string): AiMeasureResult => {
    const growth = fitGrowth(points);
    return {
      status,
      points,
      ...(growth
        ? {
            slope: growth.slope,
            slopeRange: { low: growth.low, high: growth.high },
            fixedMs: growth.fixedMs,
          }
        : points.length
          ? { fixedMs: points[0].ms }
          : {}),
      sizeNames,
      maxN,
      spentMs: Math.round(spent),
      clock: code === data.code ? 'wall' : 'cpu',
      ...(detail ? { detail } : {}),
    };
  };

  for (;;) {
    const left = data.budgetMs - spent;
    if (performance.now() - started > MAX_WALL_MS)
      return result(points.length ? 'measured' : 'too-slow', 'wall time');
    if (left < MIN_RUN_MS) return result(points.length ? 'measured' : 'too-slow', 'budget');
    const sizes = nextSizes(n, maxN, batchSize, points, left);
    if (sizes.length === 0) return result('measured', 'budget');
    // One warm-up run first, on a small input: the JVM's first test pays for loading the JDK's code.
    const tests: JudgeTest[] = [
      {
        id: 'warm-up',
        stdin: encodeInput(spec, generateInput(spec, Math.min(FIRST_N, maxN), rng)),
        expectedOutput: '',
      },
    ];
    const sizeOfTest: number[] = [-1];
    let bytes = 0;
    for (const size of sizes) {
      const runs = predictMs(size, points) > SLOW_RUN_MS ? 1 : RUNS_PER_SIZE;
      for (let r = 0; r < runs; r++) {
        const stdin = encodeInput(spec, generateInput(spec, size, rng));
        bytes += stdin.length;
        tests.push({ id: `n${size}r${r}`, stdin, expectedOutput: '' });
        sizeOfTest.push(size);
      }
    }
    if (bytes > MAX_BATCH_STDIN_BYTES) return result('measured', 'input size');
    // Each run may use what the budget leaves after the others' predicted time: the total stays within it.
    const predicted = sizes.map(
      (size) => predictMs(size, points) * (predictMs(size, points) > SLOW_RUN_MS ? 1 : RUNS_PER_SIZE),
    );
    const others = predicted.reduce((a, b) => a + b, 0) - Math.max(...predicted);
    const cpuTimeMs = Math.max(MIN_RUN_MS, Math.min(data.limits.cpuTimeMs, Math.floor(left - others)));
    // Wall time is generous: on a busy machine a run's CPU time comes slowly, and only CPU time counts here.
    const limits: JudgeLimits = {
      ...data.limits,
      cpuTimeMs,
      wallTimeMs: Math.max(data.limits.wallTimeMs, cpuTimeMs * 8 + 2_000),
    };
    // The JIT in the program's own thread: its CPU time then does not depend on when the compiler threads run.
    const run = await judge.judge({ code, language: 'java', tests, limits }, { foregroundJit: true });
    if (run.verdict === 'compilation_error') {
      if (code === data.code) return result('compile-error');
      code = data.code;
      continue;
    }
    const best = new Map<number, number>();
    const record = () => {
      for (const [size, ms] of best) points.push({ n: size, ms: Math.round(ms * 100) / 100 });
    };
    for (let i = 0; i < run.results.length; i++) {
      const r = run.results[i];
      const ms = code === data.code ? r.executionTime : (cpuMsOf(r.stderr) ?? r.executionTime);
      spent += r.verdict === 'time_limit_exceeded' ? cpuTimeMs : ms;
      if (sizeOfTest[i] < 0) continue;
      if (r.verdict === 'time_limit_exceeded') {
        record();
        // Past the problem's own limit it is too slow; past only what the budget left, the budget is spent.
        const atLimit = cpuTimeMs >= data.limits.cpuTimeMs && !/wall/.test(r.error);
        return result(
          atLimit || points.length < 2 ? 'too-slow' : 'measured',
          `n=${sizeOfTest[i]}: ${r.error}`,
        );
      }
      if (failed(r.verdict)) {
        record();
        return result('crashed', `n=${sizeOfTest[i]}: ${r.error}`);
      }
      best.set(sizeOfTest[i], Math.min(best.get(sizeOfTest[i]) ?? Infinity, ms));
    }
    record();
    const last = sizes[sizes.length - 1];
    if (last >= maxN) return result(fitSlope(points) === undefined ? 'too-fast' : 'measured');
    n = Math.min(last * 2, maxN);
    batchSize = MAX_BATCH;
  }
}

/**
 * The time a run of size `n` should take, from the growth so far: at least quadratic (a slope fitted
 * before the JIT settles is too low), cubic until measured, ms. Overestimates cost a batch more;
 * underestimates could spend past the budget.
 */
function predictMs(n: number, points: MeasuredPoint[]): number {
  // Before any run: as if a run of FIRST_N took the noise floor and the growth were cubic.
  if (points.length === 0) return NOISE_FLOOR_MS * Math.max(1, n / FIRST_N) ** 3;
  const slope = Math.max(fitSlope(points) ?? 3, 2);
  const last = points[points.length - 1];
  return Math.max(last.ms, NOISE_FLOOR_MS) * (n / last.n) ** slope;
}

/**
 * The sizes of the next batch: doubling from `n`, as many as the time predicted for them fits in half
 * the budget left; none when even the next size would not fit in all of it.
 */
function nextSizes(n: number, maxN: number, most: number, points: MeasuredPoint[], left: number): number[] {
  const sizes: number[] = [];
  let predicted = 0;
  for (let size = n; sizes.length < most; size = Math.min(size * 2, maxN)) {
    const one = predictMs(size, points);
    const ms = one * (one > SLOW_RUN_MS ? 1 : RUNS_PER_SIZE);
    // A slow size runs alone, so its run may take all the budget left and no more.
    if (sizes.length > 0 && (predicted + ms > left / 2 || one > SLOW_RUN_MS)) break;
    if (sizes.length === 0 && points.length >= 2 && ms > left) break;
    sizes.push(size);
    predicted += ms;
    if (size >= maxN) break;
  }
  return sizes;
}
