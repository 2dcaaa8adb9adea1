import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  PackageMessages,
  CustomInputSentences,
  ExecuteCodeResponse,
  ExecutionMessages,
  InputVariable,
  isNotJudged,
  RunCustomResponse,
  isAdminRoles,
  ShownResult,
  JudgeJobResult,
  ServerMessages,
  STDIO_CUSTOM_INPUT_KEY,
  Verdict,
  groupResultsOf,
  isScoring,
  scoredFields,
  type TestGroup,
} from '@javelin/contracts';
import { validateValue } from '@javelin/java-io';
import { randomUUID } from 'node:crypto';
import { ENV, Env } from '../config/env';
import { JudgeAccessPolicy, type JudgingContext } from '../contests/judge-access.policy';
import { Metrics } from '../observability/metrics';
import { examplesFirst } from '../problems/problem-judging';
import { ProblemsService } from '../problems/problems.service';
import type { JudgingTest } from '../problems/problems.repository';
import { slowestOf, VERDICT_LABEL } from '../submissions/hidden-results';
import type { AuthUser } from '../users/users.service';
import { ExecuteCodeDto, RunCustomDto } from './dto';
import { JudgeClient } from './judge-client.service';
import { buildJudgeJob } from './judge-job';
import { doneOf, groupLayoutOf, JudgingProgressService } from './judging-progress.service';

@Injectable()
export class ExecutionService {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly access: JudgeAccessPolicy,
    private readonly problems: ProblemsService,
    private readonly queue: JudgeClient,
    private readonly metrics: Metrics,
    private readonly progress: JudgingProgressService,
  ) {}

  /**
   * Checks access, judges the code against the problem's tests (examples only for a run) and shapes the
   * verdict for this caller; with the context the try belongs to (a live contest, practice, a virtual run).
   * The response keeps the validator's feedback (to be stored): answer a non-admin withoutFeedback.
   * Called behind JudgeBacklogGuard (execute-code), which already refused a full queue.
   */
  async execute(
    user: AuthUser,
    dto: ExecuteCodeDto,
    requestId: string = randomUUID(),
  ): Promise<{ response: ExecuteCodeResponse; context: JudgingContext }> {
    const submit = dto.runAllTestCases === true;
    const context = await this.access.assertMayJudge(
      user,
      dto.problemId,
      dto.contestId,
      submit,
      dto.contestMode,
    );
    // Read at most a second ago, with the tests (issue 35); the practice check's problem when it read one.
    const judging = await this.problems.forJudging(dto.problemId, submit);
    const problem = context.problem ?? judging.problem;
    const tests = judging.tests;
    if (tests.length === 0) {
      throw new BadRequestException(submit ? ServerMessages.noTestCases : ServerMessages.noExampleTestCases);
    }
    const kind = submit ? 'submit' : 'run';
    const stopTimer = this.metrics.judgeDuration.startTimer({ kind });
    // The judgement's progress is followed under the user's id and this request's id (issue 30).
    const jobId = randomUUID();
    // A scoring problem's submit streams its groups' states too (issue 31).
    const layout =
      submit && isScoring(problem.testGroups)
        ? groupLayoutOf(problem.testGroups, examplesFirst(tests))
        : undefined;
    // Examples are streamed as they finish; hidden tests only as a count per tick (issue 47).
    const examples = tests.filter((t) => t.isExample).length;
    await this.progress.started(user.id, requestId, jobId, { total: tests.length, examples }, layout);
    let outcome: JudgeJobResult;
    try {
      outcome = await this.queue.requestAdmittedJudgement(
        buildJudgeJob({
          purpose: kind,
          problem,
          tests,
          code: dto.code,
          limits: this.env.judgeLimits,
          timeScale: this.env.judgeTimeScale,
          requestId,
        }),
        jobId,
      );
    } catch (error) {
      await this.progress.ended(user.id, requestId, jobId, { state: 'failed' });
      throw error;
    }
    stopTimer();
    const admin = isAdminRoles(user.roles);
    // A large text the job referred to unread is read only when this caller is shown it.
    const shown = await this.problems.withTexts(tests, (t) => admin || t.isExample);
    const response = toResponse(shown, outcome, admin, problem.testGroups);
    await this.progress.ended(user.id, requestId, jobId, doneOf(response));
    this.metrics.judgeVerdicts.inc({ verdict: response.verdict, kind });
    return { response, context };
  }

  /**
   * Judges stored code again against every current test of the problem, behind live submissions (a
   * rejudge an admin asked for), exactly as a submit is judged: the same job (buildJudgeJob: checker,
   * limits, examples first, stopping at the first failure). Hidden tests are masked in what is kept, as
   * for any non-admin.
   */
  async rejudge(problemId: string, code: string): Promise<ExecuteCodeResponse> {
    const problem = await this.problems.requireProblem(problemId);
    const tests = await this.problems.testsForJudging(problem, true);
    if (tests.length === 0) throw new BadRequestException(ServerMessages.noTestCases);
    const outcome = await this.queue.requestBackgroundJudgement(
      buildJudgeJob({
        purpose: 'rejudge',
        problem,
        tests,
        code,
        limits: this.env.judgeLimits,
        timeScale: this.env.judgeTimeScale,
        requestId: randomUUID(),
      }),
    );
    const shown = await this.problems.withTexts(tests, (t) => t.isExample);
    const response = toResponse(shown, outcome, false, problem.testGroups);
    this.metrics.judgeVerdicts.inc({ verdict: response.verdict, kind: 'rejudge' });
    return response;
  }

  /** Runs the code once on the caller's own input, with a run's access rules; nothing is compared (behind JudgeBacklogGuard). */
  async runCustom(
    user: AuthUser,
    dto: RunCustomDto,
    requestId: string = randomUUID(),
  ): Promise<RunCustomResponse> {
    const access = await this.access.assertMayJudge(user, dto.problemId, dto.contestId, false);
    const problem = access.problem ?? (await this.problems.requireProblem(dto.problemId));
    // The program would talk to nobody: the validator needs its own test data, which custom input lacks.
    if (problem.interaction === 'interactive')
      throw new BadRequestException(PackageMessages.customInputInteractive);
    const input =
      problem.kind === 'stdio' ? stdioInput(dto.inputs) : customInputs(problem.inputVariables, dto.inputs);
    const stopTimer = this.metrics.judgeDuration.startTimer({ kind: 'custom' });
    const outcome = await this.queue.requestAdmittedJudgement(
      buildJudgeJob({
        purpose: 'output',
        problem,
        tests: [{ id: CUSTOM_TEST_ID, input, expectedOutput: '', isExample: true }],
        code: dto.code,
        limits: this.env.judgeLimits,
        timeScale: this.env.judgeTimeScale,
        requestId,
      }),
    );
    stopTimer();
    const judged = outcome.results[0];
    if (outcome.verdict === 'compilation_error' || !judged) {
      const compileError = outcome.compileError ?? VERDICT_LABEL.compilation_error;
      return {
        actualOutput: '',
        stderr: '',
        executionTime: 0,
        verdict: 'compilation_error',
        error: compileError,
        compileError,
      };
    }
    // The judge compared the output with an empty expectation; with nothing to compare, a mismatch only means it ran.
    const verdict: Verdict = judged.verdict === 'wrong_answer' ? 'accepted' : judged.verdict;
    this.metrics.judgeVerdicts.inc({ verdict, kind: 'custom' });
    return {
      actualOutput: judged.actualOutput.replace(/\s+$/, ''),
      stderr: judged.stderr ?? '',
      executionTime: Math.round(judged.executionTime),
      verdict,
      error: verdict === 'accepted' ? '' : judged.error,
    };
  }
}

const CUSTOM_TEST_ID = 'custom';

/** A classic problem's custom run reads its standard input from `inputs.stdin` (the raw text, empty when left out). */
export function stdioInput(inputs: Record<string, string>): string {
  const unknown = Object.keys(inputs).find((k) => k !== STDIO_CUSTOM_INPUT_KEY);
  if (unknown !== undefined) throw new BadRequestException(CustomInputSentences.notAnInput(unknown));
  return inputs[STDIO_CUSTOM_INPUT_KEY] ?? '';
}

/** The inputs of a custom run: one valid value per input variable, checked as the admin test-case editor checks them. */
export function customInputs(
  variables: readonly InputVariable[],
  inputs: Record<string, string>,
): Record<string, string> {
  const names = new Set(variables.map((v) => v.name));
  const unknown = Object.keys(inputs).find((k) => !names.has(k));
  if (unknown !== undefined) throw new BadRequestException(CustomInputSentences.notAnInput(unknown));
  for (const v of variables) {
    const raw = inputs[v.name];
    if (raw === undefined) throw new BadRequestException(CustomInputSentences.required(v.name));
    const check = validateValue(v.type, raw);
    if (!check.valid) throw new BadRequestException(CustomInputSentences.invalid(v.name, check.error));
  }
  return inputs;
}

/** A judged test as a response shows it: a text is null only where it is not shown (ProblemsService.withTexts). */
type ShownTest = Pick<JudgingTest, 'id' | 'isExample' | 'group' | 'input' | 'expectedOutput'>;

/**
 * The response to a judgement of `tests` (the judge's order, examples first) for this caller. A hidden
 * test is masked unless `revealHidden` (admins): no data, the verdict as its error, and the slowest
 * test's time. A test the judge did not reach because it stopped at an earlier failure (a submit) is
 * reported as not judged (ExecutionMessages in libs/contracts).
 */
export function toResponse(
  tests: readonly ShownTest[],
  outcome: JudgeJobResult,
  revealHidden: boolean,
  testGroups?: readonly TestGroup[] | null,
): ExecuteCodeResponse {
  const byId = new Map(outcome.results.map((r) => [r.id, r]));
  const compiled = outcome.verdict !== 'compilation_error';
  const ordered = examplesFirst(tests);
  const scoring = isScoring(testGroups);
  // A judge that stops (a submit) returns each group's tests up to its first failure: a test after that
  // one was never run. Without groups the whole submission is one group, so that is the first failure of
  // all. A test missing anywhere else is still reported as the run's fault, as before.
  const groupOf = (test: ShownTest): string => (scoring && !test.isExample ? (test.group ?? '') : '');
  const stoppedIn = stopsByGroup(ordered, outcome, groupOf);
  const slowest = slowestOf(outcome.results);
  const results: ShownResult[] = ordered.map((test, index) => {
    const judged = byId.get(test.id);
    const reveal = test.isExample || revealHidden;
    const stop = stoppedIn.get(groupOf(test));
    if (!judged && compiled && stop && index > stop.at) return notJudged(test, stop.verdict, reveal);
    const verdict: Verdict = judged?.verdict ?? (compiled ? 'runtime_error' : 'compilation_error');
    const error = compiled ? (judged?.error ?? '') : (outcome.compileError ?? 'Compilation error');
    const ownTime = Math.round(judged?.executionTime ?? 0);
    return {
      testCaseId: test.id,
      input: reveal ? (test.input ?? '') : '',
      expectedOutput: reveal ? (test.expectedOutput ?? '') : '',
      // Shown as compared: trailing whitespace does not count.
      actualOutput: reveal ? (judged?.actualOutput ?? '').replace(/\s+$/, '') : '',
      passed: verdict === 'accepted',
      // A hidden test's own time could carry its input (a program that sleeps n ms): the slowest is shown.
      executionTime: reveal ? ownTime : slowest,
      error: reveal ? error : VERDICT_LABEL[verdict],
      isExample: test.isExample,
      verdict,
      // Debug prints help on the examples the user can see; a hidden test's stderr could echo its input.
      ...(test.isExample && judged?.stderr ? { stderr: judged.stderr } : {}),
      // The validator's judgemessage.txt, kept for admins: whoever answers a non-admin strips it (withoutFeedback).
      ...(compiled && judged?.feedback ? { feedback: judged.feedback } : {}),
    };
  });
  const passedCount = results.filter((r) => r.passed).length;
  const firstFailure = results.find((r) => !r.passed && !isNotJudged(r)) ?? results.find((r) => !r.passed);
  return {
    results,
    overallPassed: passedCount === results.length,
    passedCount,
    totalCount: results.length,
    verdict: compiled ? (firstFailure?.verdict ?? 'accepted') : 'compilation_error',
    ...(outcome.compileError ? { compileError: outcome.compileError } : {}),
    // A scoring problem's submit (issue 31): the score and each group's result, beside the spec's fields.
    ...(scoring && ordered.some((t) => !t.isExample)
      ? scoredFields(
          testGroups,
          groupResultsOf(
            testGroups,
            results.map((r, i) => ({ passed: r.passed, group: groupOf(ordered[i]!) })),
            (r) => r.group,
          ),
        )
      : {}),
  };
}

/**
 * Where a stopping judge stopped, per group (`groupOf`; '' for all tests of a problem without groups):
 * the index (in `ordered`) of the last judged test of a group whose last judged test failed, and its verdict.
 */
function stopsByGroup(
  ordered: readonly ShownTest[],
  outcome: JudgeJobResult,
  groupOf: (test: ShownTest) => string,
): Map<string, { at: number; verdict: Verdict }> {
  const index = new Map(ordered.map((t, i) => [t.id, i]));
  const last = new Map<string, { at: number; verdict: Verdict }>();
  for (const r of outcome.results) {
    const at = index.get(r.id);
    if (at === undefined) continue;
    const group = groupOf(ordered[at]!);
    if ((last.get(group)?.at ?? -1) < at) last.set(group, { at, verdict: r.verdict });
  }
  for (const [group, stop] of last) if (stop.verdict === 'accepted') last.delete(group);
  return last;
}

/** A test after the first failure of a submit: never run, so nothing of a run to show. */
function notJudged(test: ShownTest, stoppedOn: Verdict, reveal: boolean): ShownResult {
  return {
    testCaseId: test.id,
    input: reveal ? (test.input ?? '') : '',
    expectedOutput: reveal ? (test.expectedOutput ?? '') : '',
    actualOutput: '',
    passed: false,
    executionTime: 0,
    error: ExecutionMessages.notJudgedError,
    isExample: test.isExample,
    verdict: stoppedOn,
    notJudged: true,
  };
}
