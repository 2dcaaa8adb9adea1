import type {
  AiCounterexampleJobData,
  AiCounterexampleResult,
  JudgeLimits,
  JudgeTestResult,
} from '@javelin/contracts';
import {
  edgeInputs,
  encodeInput,
  formatInput,
  generateInput,
  inputSize,
  seededRandom,
  shrinkCandidates,
  type InputValues,
} from '@javelin/java-io';
import { checkerFor, isBuiltInChecker, type Checker } from '../checkers';
import type { Judge } from '../judge';
import { cpuMsOf, withCpuTimer } from './cpu-timer';

/** Random inputs of each search round, from size 0 up to the round's largest. */
const ROUNDS = [
  { inputs: 48, maxN: 6 },
  { inputs: 48, maxN: 14 },
];
/** Edge cases are made at this size (and at 1), at most this many. */
const EDGE_N = 3;
const MAX_EDGES = 96;
/** The user's runs go in chunks, smallest inputs first, so a slow failing program costs one chunk. */
const CHUNK = 12;
/** Shrinking tries at most this many smaller inputs per step, and this many steps. */
const SHRINK_CANDIDATES = 40;
const SHRINK_STEPS = 12;
/** A run on a small input gets this much CPU at most, ms (an endless loop is a failure, found fast). */
const SMALL_RUN_MS = 500;
/** Whatever the budget, the search stops after this much wall time (the API waits for it). */
const MAX_WALL_MS = 25_000;

interface Candidate {
  values: InputValues;
  stdin: string;
  size: number;
  magnitude: number;
}

interface Failure extends Candidate {
  expected: string;
  actual: string;
  verdict: string;
  error: string;
}

/**
 * Searches small generated inputs for one where the user's program and the problem's reference
 * solution disagree (or the user's crashes): every edge case first (each variable's boundary values,
 * empty, one-element, all-equal, sorted and reversed arrays, each character class of a string), then
 * random ones; shrinks what it finds to the smallest failing input, keeping the stated relations.
 * The inputs come from the signature and constraints only: no test of the problem is used.
 */
export async function findCounterexample(
  judge: Judge,
  data: AiCounterexampleJobData,
): Promise<AiCounterexampleResult> {
  const started = performance.now();
  const checkerName = data.checker ?? 'exact';
  if (!isBuiltInChecker(checkerName))
    return { status: 'unsupported', tried: 0, detail: `the ${checkerName} checker` };
  const checker = checkerFor(checkerName);
  const rng = seededRandom(data.seed);
  // Both programs run with the timing class when it fits them: the budget counts CPU time, which a
  // busy machine does not inflate. Their outputs are untouched (the time goes to stderr).
  const reference = await timed(judge, data.reference, data.limits);
  const code = await timed(judge, data.code, data.limits);
  const runMs = Math.min(SMALL_RUN_MS, data.limits.cpuTimeMs);
  const limits: JudgeLimits = { ...data.limits, cpuTimeMs: runMs, wallTimeMs: Math.max(runMs * 4, 2_000) };
  let spent = 0;
  let tried = 0;
  const outOfTime = () => spent >= data.budgetMs || performance.now() - started > MAX_WALL_MS;

  const candidate = (values: InputValues): Candidate => ({
    values,
    stdin: encodeInput(data.spec, values),
    size: inputSize(data.spec, values),
    magnitude: magnitudeOf(values),
  });

  /**
   * Runs the candidates; the failing ones, smallest first. Undefined when either program does not
   * compile. `always`: the user's runs go ahead even past the budget (the one verifying run).
   */
  const failing = async (
    candidates: Candidate[],
    always = false,
  ): Promise<Failure[] | 'reference' | 'user'> => {
    const unique = [...new Map(candidates.map((c) => [c.stdin, c])).values()].sort(smallerFirst);
    if (unique.length === 0) return [];
    const ref = await judge.judge({
      code: reference,
      language: 'java',
      limits,
      tests: unique.map((c, i) => ({ id: `r${i}`, stdin: c.stdin, expectedOutput: '' })),
    });
    if (ref.verdict === 'compilation_error') return 'reference';
    spent += time(ref.results, runMs);
    // An input the reference cannot answer is outside the problem's promises: it is dropped.
    const valid = unique
      .map((c, i) => ({ c, expected: ref.results[i] }))
      .filter((x) => x.expected && !crashed(x.expected.verdict));
    const found: Failure[] = [];
    for (let from = 0; from < valid.length && found.length === 0 && (always || !outOfTime()); from += CHUNK) {
      const chunk = valid.slice(from, from + CHUNK);
      const user = await judge.judge({
        code,
        language: 'java',
        limits,
        tests: chunk.map((x, i) => ({
          id: `u${i}`,
          stdin: x.c.stdin,
          expectedOutput: x.expected.actualOutput,
        })),
      });
      if (user.verdict === 'compilation_error') return 'user';
      spent += time(user.results, runMs);
      tried += chunk.length;
      chunk.forEach((x, i) => {
        const r = user.results[i];
        if (r && disagrees(r, x.expected.actualOutput, checker, data.tolerance))
          found.push({
            ...x.c,
            expected: x.expected.actualOutput,
            actual: r.actualOutput,
            verdict: r.verdict,
            error: r.error,
          });
      });
    }
    return found.sort(smallerFirst);
  };

  let best: Failure | undefined;
  // Edges first (issue 34): every boundary value and shape of the inputs, then random rounds.
  const edges = () =>
    [...edgeInputs(data.spec, EDGE_N, rng), ...edgeInputs(data.spec, 1, rng)]
      .slice(0, MAX_EDGES)
      .map(candidate);
  const rounds: (() => Candidate[])[] = [
    edges,
    ...ROUNDS.map(
      (round) => () =>
        Array.from({ length: round.inputs }, (_, i) =>
          candidate(
            generateInput(data.spec, Math.floor((i * (round.maxN + 1)) / round.inputs), rng, {
              smallValues: i % 2 === 0,
            }),
          ),
        ),
    ),
  ];
  for (const round of rounds) {
    if (best || outOfTime()) break;
    const inputs = round();
    const found = await failing(inputs);
    if (found === 'reference')
      return { status: 'reference-failed', tried, detail: 'the reference solution does not compile' };
    if (found === 'user') return { status: 'compile-error', tried };
    best = found[0];
  }
  if (!best) return { status: 'not-found', tried };

  for (let step = 0; step < SHRINK_STEPS && !outOfTime(); step++) {
    const current: Failure = best;
    const smaller = shrinkCandidates(data.spec, current.values)
      .map(candidate)
      .filter((c) => smallerFirst(c, current) < 0)
      .sort(smallerFirst)
      .slice(0, SHRINK_CANDIDATES);
    const found = await failing(smaller);
    if (typeof found === 'string' || found.length === 0) break;
    best = found[0];
  }

  // Verified: the smallest input fails again when both programs run on it once more. That one run is
  // made even when the search spent its budget or its wall time (on a busy machine it once was skipped,
  // and a true counterexample went out unverified).
  const again = await failing([best], true);
  const verified =
    Array.isArray(again) &&
    again.length === 1 &&
    again[0].actual === best.actual &&
    again[0].expected === best.expected;
  return {
    status: 'found',
    input: formatInput(data.spec, best.values),
    size: best.size,
    expected: best.expected,
    actual: best.actual,
    verdict: best.verdict,
    error: best.error,
    tried,
    verified,
  };
}

/** The program with the timing class when that compiles (a compile only: no test runs), else as it is. */
async function timed(judge: Judge, code: string, limits: JudgeLimits): Promise<string> {
  const withTimer = withCpuTimer(code);
  if (!withTimer) return code;
  const compiled = await judge.judge({ code: withTimer, language: 'java', tests: [], limits });
  return compiled.verdict === 'compilation_error' ? code : withTimer;
}

function crashed(verdict: string): boolean {
  return verdict !== 'accepted' && verdict !== 'wrong_answer';
}

/** The user's run fails: it crashed or timed out, or the checker refuses its output against the reference's. */
function disagrees(r: JudgeTestResult, expected: string, checker: Checker, tolerance?: number): boolean {
  if (crashed(r.verdict)) return true;
  return !checker(expected, r.actualOutput, tolerance === undefined ? {} : { tolerance }).accepted;
}

/** Test time spent: each run's CPU time (its wall time when it could not be timed), a timed-out run's limit. */
function time(results: JudgeTestResult[], limitMs: number): number {
  return results.reduce(
    (s, r) => s + (r.verdict === 'time_limit_exceeded' ? limitMs : (cpuMsOf(r.stderr) ?? r.executionTime)),
    0,
  );
}

function magnitudeOf(values: InputValues): number {
  const walk = (x: unknown): number =>
    Array.isArray(x)
      ? x.reduce((s: number, e) => s + walk(e), 0)
      : typeof x === 'number' || typeof x === 'bigint'
        ? Math.abs(Number(x))
        : 0;
  return Object.values(values).reduce((s: number, v) => s + walk(v), 0);
}

/** Fewer elements and digits first, then smaller numbers. */
function smallerFirst(a: Candidate, b: Candidate): number {
  return a.size - b.size || a.magnitude - b.magnitude;
}
