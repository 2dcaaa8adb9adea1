import type {
  AiMeasureJobData,
  AiMeasureResult,
  GeneratedVariable,
  InputSpec,
  JudgeLimits,
  JudgeTest,
  MeasuredPoint,
} from '@javelin/contracts';
import { encodeInput, generateInput, MAX_GENERATED_ELEMENTS, seededRandom, TYPE_SHAPES } from '@javelin/java-io';
import type { Judge } from '../judge';
import { fitSlope, NOISE_FLOOR_MS } from './fit';

/** The first size measured (2^7), unless the constraints allow less. */
export const FIRST_N = 128;
/** Runs per size: the fastest counts (load on the machine only ever adds time). */
const RUNS_PER_SIZE = 2;
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
export function maxSizeOf(spec: InputSpec): number {
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
  const examples = await judge.judge({ code: data.code, language: 'java', tests: data.examples, limits: data.limits });
  if (examples.verdict === 'compilation_error') return { ...base, status: 'compile-error' };
  if (examples.results.some((r) => r.verdict !== 'accepted'))
    return { ...base, status: 'fails-examples', detail: examples.results.find((r) => r.verdict !== 'accepted')?.error };
  if (maxN === 0) return { ...base, status: 'too-fast', detail: 'no input grows' };

  const rng = seededRandom(data.seed);
  const points: MeasuredPoint[] = [];
  let spent = 0;
  let n = Math.min(FIRST_N, maxN);
  let batchSize = FIRST_BATCH;
  const result = (status: AiMeasureResult['status'], detail?: string): AiMeasureResult => ({
    status,
    points,
    slope: fitSlope(points),
    sizeNames,
    maxN,
    spentMs: Math.round(spent),
    ...(detail ? { detail } : {}),
  });

  for (;;) {
    const left = data.budgetMs - spent;
    if (left < MIN_RUN_MS || performance.now() - started > MAX_WALL_MS) return result(points.length ? 'measured' : 'too-slow', 'budget');
    const sizes = nextSizes(n, maxN, batchSize, points, left);
    if (sizes.length === 0) return result('measured', 'budget');
    const tests: JudgeTest[] = [];
    const sizeOfTest: number[] = [];
    let bytes = 0;
    for (const size of sizes) {
      for (let r = 0; r < RUNS_PER_SIZE; r++) {
        const stdin = encodeInput(spec, generateInput(spec, size, rng));
        bytes += stdin.length;
        tests.push({ id: `n${size}r${r}`, stdin, expectedOutput: '' });
        sizeOfTest.push(size);
      }
    }
    if (bytes > MAX_BATCH_STDIN_BYTES) return result('measured', 'input size');
    // One warm-up run first: the JVM's first test pays for loading and compiling the JDK's code.
    tests.unshift({ ...tests[0], id: 'warm-up' });
    sizeOfTest.unshift(-1);
    const cpuTimeMs = Math.max(MIN_RUN_MS, Math.min(data.limits.cpuTimeMs, Math.floor(left)));
    const limits: JudgeLimits = { ...data.limits, cpuTimeMs, wallTimeMs: Math.max(data.limits.wallTimeMs, cpuTimeMs * 2) };
    const run = await judge.judge({ code: data.code, language: 'java', tests, limits });
    if (run.verdict === 'compilation_error') return result('compile-error');
    const best = new Map<number, number>();
    for (let i = 0; i < run.results.length; i++) {
      const r = run.results[i];
      spent += r.verdict === 'time_limit_exceeded' ? cpuTimeMs : r.executionTime;
      if (sizeOfTest[i] < 0) continue;
      if (r.verdict === 'time_limit_exceeded') {
        const atLimit = cpuTimeMs >= data.limits.cpuTimeMs;
        return result(atLimit ? 'too-slow' : points.length >= 2 ? 'measured' : 'too-slow', `n=${sizeOfTest[i]}: ${r.error}`);
      }
      if (failed(r.verdict)) return result('crashed', `n=${sizeOfTest[i]}: ${r.error}`);
      best.set(sizeOfTest[i], Math.min(best.get(sizeOfTest[i]) ?? Infinity, r.executionTime));
    }
    for (const size of sizes) points.push({ n: size, ms: best.get(size) ?? 0 });
    const last = sizes[sizes.length - 1];
    if (last >= maxN) return result(fitSlope(points) === undefined ? 'too-fast' : 'measured');
    n = Math.min(last * 2, maxN);
    batchSize = MAX_BATCH;
  }
}

/**
 * The sizes of the next batch: doubling from `n`, as many as the time predicted for them (from the
 * growth so far, assumed at least quadratic until measured) fits in half the budget left.
 */
function nextSizes(n: number, maxN: number, most: number, points: MeasuredPoint[], left: number): number[] {
  const slope = Math.max(fitSlope(points) ?? 2, 1);
  const lastMs = points.length ? Math.max(points[points.length - 1].ms, NOISE_FLOOR_MS) : NOISE_FLOOR_MS;
  const lastN = points.length ? points[points.length - 1].n : n / 2;
  const sizes: number[] = [];
  let predicted = 0;
  for (let size = n; sizes.length < most; size = Math.min(size * 2, maxN)) {
    const ms = lastMs * (size / lastN) ** slope * (RUNS_PER_SIZE + 1);
    if (sizes.length > 0 && predicted + ms > left / 2) break;
    if (sizes.length === 0 && points.length >= 2 && ms > left) break;
    sizes.push(size);
    predicted += ms;
    if (size >= maxN) break;
  }
  return sizes;
}
