import type { JudgeLimits, JudgeTest } from '@javelin/contracts';
import { writeClasses, runInFreshJvm, type FreshJvmRun } from '../executor/fresh-jvm';
import type { HarnessProcess } from '../executor/harness';
import { shapeOf } from '../executor/harness-launch';
import type { HarnessPool } from '../executor/harness-pool';
import { STDERR_LIMIT } from '../executor/jvm';
import type { Sandbox } from '../sandbox/sandbox';
import type { TestOutcome } from '../sandbox/types';
import type { Interactor } from './interactive';
import { classifyOutcome, THREAD_LIMIT_ERROR } from './verdict';

/** A compiled submission: its classes and the class whose main runs. */
export interface Submission {
  classes: { name: string; bytes: Buffer }[];
  mainClass: string;
}

/** Runs one test of a submission at a time, each as a fresh `java Main` would run it. */
export interface TestRunner {
  run(test: JudgeTest, index: number): Promise<TestOutcome>;
  close(): void;
}

/**
 * Runs the tests in order through `runner`, `parallel` at a time, until `stopAfter` says a test's
 * outcome ends the judging of its group (JudgeTest.group; the tests without one are a group too, so
 * without groups that is the whole submission): the outcomes are then those of the tests up to that one,
 * and of the other groups' tests (tests of that group after it that were already running are dropped,
 * never reported). The result has a slot per test; a test not judged has none.
 */
export async function runTests(
  tests: JudgeTest[],
  runner: TestRunner,
  parallel: number,
  stopAfter: (index: number, outcome: TestOutcome) => boolean,
): Promise<(TestOutcome | undefined)[]> {
  const outcomes: (TestOutcome | undefined)[] = new Array(tests.length);
  const stops = new GroupStops(tests);
  let next = 0;
  const worker = async () => {
    for (;;) {
      while (next < tests.length && stops.skips(next)) next++;
      if (next >= tests.length) return;
      const i = next++;
      outcomes[i] = await runner.run(tests[i], i);
      if (!stops.skips(i) && stopAfter(i, outcomes[i]!)) stops.stopAt(i);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(parallel, Math.max(1, tests.length)) }, worker));
  } finally {
    runner.close();
  }
  return outcomes.map((o, i) => (stops.skips(i) ? undefined : o));
}

/** Where each group's judging stopped: the index of its first test that ended it (issue 31). */
export class GroupStops {
  private readonly at = new Map<string, number>();

  constructor(private readonly tests: readonly Pick<JudgeTest, 'group'>[]) {}

  private groupOf(index: number): string {
    return this.tests[index]?.group ?? '';
  }

  stopAt(index: number): void {
    const group = this.groupOf(index);
    this.at.set(group, Math.min(this.at.get(group) ?? Infinity, index));
  }

  /** Whether test `index` comes after its group's stop (so it is not judged). */
  skips(index: number): boolean {
    return index > (this.at.get(this.groupOf(index)) ?? Infinity);
  }
}

/** A memory or thread-limit verdict: one that what earlier tests left in a reused JVM could cause. */
function isResourceVerdict(test: JudgeTest, outcome: TestOutcome, limits: JudgeLimits): boolean {
  // A clean exit without the OOM killer or a refused thread is neither: no need to classify (the hot path).
  if (outcome.exitCode === 0 && !outcome.oomKilled && !outcome.stderrMatched) return false;
  const r = classifyOutcome(test, outcome, limits, 0);
  return (
    r.verdict === 'memory_limit_exceeded' ||
    (r.verdict === 'runtime_error' && r.error.startsWith(THREAD_LIMIT_ERROR))
  );
}

/**
 * Every test of one submission through harness JVMs, one test at a time (test k+1 is sent only after
 * test k's result). A harness that must be recycled (a limit hit, threads left behind, an exit, JDK
 * state that cannot be put back) is replaced and the next test goes on in a fresh one. A memory or
 * thread-limit verdict from a JVM that had already run a test of this submission is not trusted: that
 * test runs again at once in a fresh harness, and only that run counts.
 */
export class HarnessRunner implements TestRunner {
  private harness: HarnessProcess | null = null;
  /** Tests the current harness has run. */
  private served = 0;
  readonly confirmedFresh: string[] = [];
  harnessWaitMs = 0;
  /** The heap in use after each test, when the harness was asked to report it (tests of the judge). */
  readonly heapBytes: (number | null)[] = [];

  constructor(
    private readonly pool: HarnessPool,
    private readonly submission: Submission,
    private readonly limits: JudgeLimits,
    /** The judge's run options this runner honours (JudgeRunOptions). */
    private readonly options: { reportHeap?: boolean; foregroundJit?: boolean } = {},
    /** An interactive problem's tests: each runs beside its validator (grader/interactive.ts). */
    private readonly interactor: Interactor | null = null,
  ) {}

  async run(test: JudgeTest, index: number): Promise<TestOutcome> {
    const reused = this.served > 0 && !this.harness?.dead;
    let outcome = await this.runOnce(test, index);
    if (reused && isResourceVerdict(test, outcome, this.limits)) {
      this.drop();
      this.confirmedFresh.push(test.id);
      outcome = await this.runOnce(test, index);
    }
    this.heapBytes[index] = outcome.heapBytes ?? null;
    return outcome;
  }

  private async runOnce(test: JudgeTest, index: number): Promise<TestOutcome> {
    const harness = await this.current();
    const interaction = this.interactor?.begin(test, harness);
    const run = await harness.runTest(index, test.stdin ?? '', this.limits, STDERR_LIMIT, interaction?.hooks);
    this.served++;
    if (run.recycle) this.drop();
    return interaction ? interaction.end(run.outcome) : run.outcome;
  }

  private async current(): Promise<HarnessProcess> {
    if (this.harness && !this.harness.dead) return this.harness;
    this.drop();
    const t0 = performance.now();
    const h = await this.pool.take(shapeOf(this.limits, this.options.foregroundJit));
    this.harnessWaitMs += performance.now() - t0;
    const { classes, mainClass } = this.submission;
    h.load(classes, mainClass, this.limits.stackMb * (1 << 20), STDERR_LIMIT, {
      reportHeap: this.options.reportHeap,
    });
    this.harness = h;
    this.served = 0;
    return h;
  }

  private drop(): void {
    this.harness?.kill();
    this.harness = null;
    this.served = 0;
  }

  close(): void {
    this.drop();
  }
}

/** Each test in its own sandboxed JVM (`java -cp /classes Main`): the per-test and cold paths. */
export class FreshJvmRunner implements TestRunner {
  private readonly run0: FreshJvmRun;

  constructor(
    private readonly sandbox: Sandbox,
    submission: Submission,
    run: Omit<FreshJvmRun, 'classesDir' | 'mainClass'>,
    classesDir: string,
  ) {
    writeClasses(submission.classes, classesDir);
    this.run0 = { ...run, classesDir, mainClass: submission.mainClass };
  }

  run(test: JudgeTest): Promise<TestOutcome> {
    return runInFreshJvm(this.sandbox, test, this.run0);
  }

  close(): void {
    // nothing is kept between tests
  }
}
