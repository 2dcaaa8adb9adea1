import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import {
  InteractiveMessages,
  type CustomOutputValidator,
  type JudgeLimits,
  type JudgeTest,
  type JudgeTestResult,
} from '@javelin/contracts';
import type { CheckResult } from '../checkers';
import type { HarnessFifos, HarnessProcess, InteractiveTestHooks } from '../executor/harness';
import type { TestOutcome } from '../sandbox/types';
import { CHECKER_LIMITS, checkerFailed } from './custom-checker';
import { CARRIED_FEEDBACK_BYTES, carryFeedback, takeNextPass } from './feedback-dir';
import type { HostLease } from './host-pool';
import type { OutputValidators, PreparedValidator } from './output-validator';
import type { ValidatorHost } from './validator-host';
import { classifyOutcome } from './verdict';

/**
 * Interactive problems (issue 42), as the problem package format runs them: the output validator runs
 * as `validator input judge_answer feedback_dir [flags]` with its stdout connected to the submission's
 * stdin and the submission's stdout to its stdin, each in a sandbox of its own. The submission runs in
 * its harness JVM like any test; the two talk through the harness's FIFOs (HarnessProcess.fifos()).
 *
 * Who holds which end, and why:
 * - Before the test is sent the judge holds both FIFOs open read-write, so that the harness's opens
 *   (to-program for reading, from-program for writing) return at once.
 * - When the harness says its ends are open, the validator starts with from-program (read) as its
 *   stdin and to-program (write) as its stdout, and the judge lets go of to-program: the validator is
 *   then its only writer, so the submission reads end-of-file when the validator exits.
 * - The judge keeps a writer on from-program until the validator exits or the submission has ended:
 *   the validator never reads end-of-file early, and a validator that ends by itself is known to have
 *   decided before it could see the submission go (the rule "the validator's 43 is Wrong Answer even if
 *   the submission then fails" needs that order). When the submission failed, the validator is given
 *   DECIDED_GRACE_MS to be seen ending on its own before it is sent end-of-file.
 */

/** How long a failed submission's validator may take to be seen exiting on its own (it exited first). */
const DECIDED_GRACE_MS = 1_000;

/** What the validator made of one interactive test, beside the submission's own outcome. */
interface InteractionOutcome {
  /** The validator's verdict (accepted / wrong answer / a judge error), or null when it never started. */
  validator: (CheckResult & { feedback?: string }) | null;
  /** The validator ended before it could see the submission end (it decided first). */
  validatorFirst: boolean;
  /** The validator was killed writing to a submission that had already ended. */
  brokenPipe: boolean;
  /** The run's directory (its feedback directory inside), for the next pass of a multi-pass test. */
  dir: string;
  /** The nextpass.in the validator wrote (an interactive multi-pass problem asks for another pass), or null. */
  nextPass: string | null;
}

/**
 * An interactive test's outcome: the program's, and what the validator made of it (set by
 * Interaction.end; a test runner hands it on as the TestOutcome it is, classifyInteractive reads it).
 */
export interface InteractiveOutcome extends TestOutcome {
  interaction?: InteractionOutcome;
}

/** Runs interactive tests: the job's validator compiled once, then one validator run beside each test. */
export class Interactor {
  private prepared: PreparedValidator | null = null;
  private runs = 0;
  /** The validator host serving this submission (validator-host.ts), leased from the judge's warm ones. */
  private lease: HostLease | null = null;
  /** Leases given up mid-submission (their host ended): their runs' files stay until close (a next pass reads them). */
  private readonly spent: HostLease[] = [];
  private hostBinary: string | null = null;
  /** The run whose feedback directory the next run starts from (a multi-pass test's pass before). */
  private carried: string | null = null;

  constructor(
    private readonly validators: OutputValidators,
    private readonly validator: CustomOutputValidator,
    private readonly flags: string[],
    private readonly limits: JudgeLimits,
    private readonly workDir: string,
  ) {}

  /** Compiles the validator; the judge error every test gets when it does not compile (then nothing runs). */
  async prepare(): Promise<(CheckResult & { feedback?: string }) | null> {
    this.prepared = await this.validators.prepare(this.validator);
    if (!this.prepared.ok) return this.prepared.error;
    this.hostBinary = await this.validators.hostBinary(this.prepared.compiled);
    return null;
  }

  /** The submission's tests are over: its validator host goes back to wait for the next one. */
  close(): void {
    if (this.lease) this.spent.push(this.lease);
    this.lease = null;
    for (const lease of this.spent.splice(0)) this.validators.give(lease);
  }

  /** The host for a harness's FIFOs: the lease's, or a new lease when its host ended. */
  private hostFor(fifos: HarnessFifos): HostLease | null {
    if (!this.prepared?.ok || !this.hostBinary) return null;
    if (this.lease?.host.serves(fifos.toProgram)) return this.lease;
    if (this.lease) this.spent.push(this.lease);
    this.lease = this.validators.lease(this.prepared.compiled, this.hostBinary);
    return this.lease;
  }

  /**
   * The next runs start with the feedback directory `dir` (an interaction's InteractionOutcome.dir) left:
   * the format keeps it from pass to pass. Null: a fresh one (a test's first pass). A run judged again (in
   * a fresh JVM) starts from the same one.
   */
  carryFrom(dir: string | null): void {
    this.carried = dir;
  }

  /** Starts a test's interaction on `harness`: the hooks for its runTest, and `end` for its outcome. */
  begin(test: JudgeTest, harness: HarnessProcess): Interaction {
    const fifos = harness.fifos();
    const lease = this.hostFor(fifos);
    const dir = join(lease?.dir ?? this.workDir, `i${this.runs++}`);
    const carried = !this.carried || carryFeedback(join(this.carried, 'feedback'), join(dir, 'feedback'));
    const tooLarge = checkerFailed(InteractiveMessages.feedbackTooLarge(CARRIED_FEEDBACK_BYTES >> 20));
    const run = {
      prepared: carried ? this.prepared : { ok: false as const, error: tooLarge },
      validators: this.validators,
      flags: test.validatorFlags ?? this.flags,
      item: { input: test.stdin ?? '', expected: test.expectedOutput ?? '' },
      dir,
      wallTimeMs: this.limits.wallTimeMs + DECIDED_GRACE_MS + CHECKER_LIMITS.wallTimeMs,
    };
    return new Interaction({ ...run, host: lease?.host ?? null }, fifos);
  }
}

type ValidatorVerdict = CheckResult & { feedback?: string; brokenPipe: boolean };

/** One interactive test: the judge's holds on the FIFOs, and the validator run beside the program. */
class Interaction {
  private holdTo: number | null;
  private holdFrom: number | null;
  private validatorEnded = false;
  private validating: Promise<ValidatorVerdict | null> = Promise.resolve(null);
  /** Settles once a hosted validator holds its ends of the FIFOs (or never will): the judge keeps its own till then. */
  private hosted: Promise<void> = Promise.resolve();
  readonly hooks: InteractiveTestHooks = { onStarted: () => this.startValidator() };

  constructor(
    private readonly run: {
      prepared: PreparedValidator | null;
      validators: OutputValidators;
      flags: string[];
      item: { input: string; expected: string };
      dir: string;
      wallTimeMs: number;
      host: ValidatorHost | null;
    },
    private readonly fifos: HarnessFifos,
  ) {
    this.holdTo = openSync(fifos.toProgram, constants.O_RDWR);
    this.holdFrom = openSync(fifos.fromProgram, constants.O_RDWR);
  }

  private release(which: 'to' | 'from'): void {
    const fd = which === 'to' ? this.holdTo : this.holdFrom;
    if (fd === null) return;
    closeSync(fd);
    if (which === 'to') this.holdTo = null;
    else this.holdFrom = null;
  }

  /** The program's ends are open: the validator starts on the other ends. */
  private startValidator(): void {
    const { prepared, host } = this.run;
    if (!prepared?.ok) return;
    if (host) return this.startHosted(prepared, host);
    let stdin: number | null = null;
    let stdout: number | null = null;
    const failed = (e: unknown): ValidatorVerdict => ({
      ...checkerFailed(`${InteractiveMessages.noStart}: ${String(e).slice(0, 300)}`),
      brokenPipe: false,
    });
    try {
      stdin = openSync(this.fifos.fromProgram, constants.O_RDONLY);
      stdout = openSync(this.fifos.toProgram, constants.O_WRONLY);
      const { validators, flags, item, dir, wallTimeMs } = this.run;
      // The validator's process is forked before this returns; the judge's copies can go at once.
      this.validating = validators
        .runInteractive(prepared, flags, item, dir, { stdio: { stdin, stdout } }, wallTimeMs)
        .catch(failed)
        .finally(() => {
          this.validatorEnded = true;
          this.release('from');
        });
    } catch (e) {
      this.validating = Promise.resolve(failed(e));
    } finally {
      if (stdin !== null) closeSync(stdin);
      if (stdout !== null) closeSync(stdout);
      this.release('to');
    }
  }

  /**
   * The same through the submission's validator host: the host opens the FIFOs by their paths, and the
   * judge lets go of to-program once the validator holds it (STARTED).
   */
  private startHosted(prepared: Extract<PreparedValidator, { ok: true }>, host: ValidatorHost): void {
    const { validators, flags, item, dir, wallTimeMs } = this.run;
    let holding = () => {};
    this.hosted = new Promise((r) => (holding = r));
    const wiring = {
      fifos: this.fifos,
      onStarted: () => {
        this.release('to');
        holding();
      },
    };
    this.validating = validators
      .runInteractive(prepared, flags, item, dir, wiring, wallTimeMs, host)
      .catch((e: unknown) => ({
        ...checkerFailed(`${InteractiveMessages.noStart}: ${String(e).slice(0, 300)}`),
        brokenPipe: false,
      }))
      .finally(() => {
        this.validatorEnded = true;
        holding();
        this.release('to');
        this.release('from');
      });
  }

  /** The program's test ended: the validator's verdict beside its outcome. */
  async end(outcome: TestOutcome): Promise<InteractiveOutcome> {
    try {
      if (!programSucceeded(outcome))
        await Promise.race([this.validating, new Promise((r) => setTimeout(r, DECIDED_GRACE_MS))]);
      const validatorFirst = this.validatorEnded;
      // A hosted validator opens the FIFOs by their paths: what the program wrote stays in from-program
      // only while someone holds it, so the judge lets go once the validator does.
      await this.hosted;
      this.release('from');
      this.release('to');
      const v = await this.validating;
      const { prepared, dir } = this.run;
      const validator = prepared && !prepared.ok ? prepared.error : v;
      const nextPass = v ? takeNextPass(join(dir, 'feedback')) : null;
      const brokenPipe = v?.brokenPipe ?? false;
      return { ...outcome, interaction: { validator, validatorFirst, brokenPipe, dir, nextPass } };
    } finally {
      this.release('from');
      this.release('to');
    }
  }
}

/** The submission ran to the end with exit code 0 and within every limit. */
function programSucceeded(o: TestOutcome): boolean {
  return (
    o.exitCode === 0 &&
    !o.timedOut &&
    !o.cpuExceeded &&
    !o.oomKilled &&
    !o.outputExceeded &&
    !o.stderrMatched &&
    !o.protocolViolation
  );
}

/**
 * An interactive test's verdict, by the package format's rules: a validator that decided first
 * (it exited before it could see the submission end) decides when it says Wrong Answer or fails
 * (a judge error, never Accepted); otherwise a submission that crashed, ran out of time or memory
 * gets that verdict; a submission that ran to the end gets the validator's verdict (a validator killed
 * writing to a submission that had exited: the submission ended the interaction early, Wrong Answer).
 */
export function classifyInteractive(
  test: JudgeTest,
  out: InteractiveOutcome,
  limits: JudgeLimits,
  maxReportedOutputBytes: number,
): JudgeTestResult {
  const i = out.interaction;
  // The program's output went to the validator: what the harness's fd 1 holds is the JVM's own (an OOM line).
  const shown = { ...out, stdout: Buffer.alloc(0) };
  const v: CheckResult & { feedback?: string } = !i
    ? checkerFailed(InteractiveMessages.notRun)
    : (i.validator ?? checkerFailed(InteractiveMessages.noStart));
  const withFeedback = (r: JudgeTestResult) => (v.feedback ? { ...r, feedback: v.feedback } : r);
  const judged = (check: CheckResult) =>
    withFeedback(classifyOutcome(test, cleanRun(shown), limits, maxReportedOutputBytes, () => check));
  // A validator that failed (crashed, another exit code, past its limits) is a judge error whatever the
  // submission did: unless it was killed writing to a submission that had already gone.
  if (v.checkerFailed && !i?.brokenPipe) return judged(v);
  if (i?.validatorFirst && !v.accepted) return judged(v);
  if (programSucceeded(out))
    return judged(i?.brokenPipe ? { accepted: false, message: InteractiveMessages.endedEarly } : v);
  const failed = classifyOutcome(test, out, limits, maxReportedOutputBytes);
  return withFeedback({ ...failed, actualOutput: '' });
}

/** The outcome of a program that ran to the end (the validator's verdict decides). */
function cleanRun(o: TestOutcome): TestOutcome {
  return {
    ...o,
    exitCode: 0,
    signal: null,
    timedOut: false,
    cpuExceeded: false,
    oomKilled: false,
    outputExceeded: false,
    stderrMatched: false,
    protocolViolation: false,
  };
}
