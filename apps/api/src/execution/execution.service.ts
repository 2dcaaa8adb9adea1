import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  CustomInputSentences,
  ExecuteCodeResponse,
  ExecutionResult,
  InputVariable,
  RunCustomResponse,
  isAdminRoles,
  ShownResult,
  JudgeJobResult,
  ServerMessages,
  Verdict,
} from '@javelin/contracts';
import { serializeInputs, validateValue } from '@javelin/java-io';
import { randomUUID } from 'node:crypto';
import { ENV, Env } from '../config/env';
import { JudgeAccessPolicy, type JudgingContext } from '../contests/judge-access.policy';
import { Metrics } from '../observability/metrics';
import { checkerOfProblem, ProblemsService } from '../problems/problems.service';
import type { TestCase } from '../problems/test-case.entity';
import type { AuthUser } from '../users/users.service';
import { ExecuteCodeDto, RunCustomDto } from './dto';
import { JudgeClient } from './judge-client.service';

/** What a hidden test's `error` says to a non-admin: the verdict, never data from the test. */
const VERDICT_LABEL: Record<Verdict, string> = {
  accepted: '',
  wrong_answer: 'Wrong answer',
  time_limit_exceeded: 'Time limit exceeded',
  memory_limit_exceeded: 'Memory limit exceeded',
  runtime_error: 'Runtime error',
  output_limit_exceeded: 'Output limit exceeded',
  compilation_error: 'Compilation error',
};

@Injectable()
export class ExecutionService {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly access: JudgeAccessPolicy,
    private readonly problems: ProblemsService,
    private readonly judge: JudgeClient,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Checks access, judges the code against the problem's tests (examples only for a run) and shapes the
   * verdict for this caller; with the context the try belongs to (a live contest, practice, a virtual run).
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
    const problem = await this.problems.requireProblem(dto.problemId);
    const tests = await this.problems.testsForJudging(problem.id, submit);
    if (tests.length === 0) {
      throw new BadRequestException(submit ? ServerMessages.noTestCases : ServerMessages.noExampleTestCases);
    }
    const kind = submit ? 'submit' : 'run';
    const stopTimer = this.metrics.judgeDuration.startTimer({ kind });
    const outcome = await this.judge.judge({
      code: dto.code,
      language: 'java',
      tests: tests.map((t) => ({
        id: t.id,
        stdin: serializeInputs(problem.inputVariables, t.input),
        expectedOutput: t.expectedOutput,
      })),
      limits: this.env.judgeLimits,
      requestId,
      ...checkerOfProblem(problem),
    });
    stopTimer();
    const response = toResponse(tests, outcome, isAdminRoles(user.roles));
    this.metrics.judgeVerdicts.inc({ verdict: response.verdict, kind });
    return { response, context };
  }

  /**
   * Judges stored code again against every current test of the problem, behind live submissions (a
   * rejudge an admin asked for). Hidden tests are masked in what is kept, as for any non-admin.
   */
  async rejudge(problemId: string, code: string): Promise<ExecuteCodeResponse> {
    const problem = await this.problems.requireProblem(problemId);
    const tests = await this.problems.testsForJudging(problem.id, true);
    if (tests.length === 0) throw new BadRequestException(ServerMessages.noTestCases);
    const outcome = await this.judge.judgeInBackground({
      code,
      language: 'java',
      tests: tests.map((t) => ({
        id: t.id,
        stdin: serializeInputs(problem.inputVariables, t.input),
        expectedOutput: t.expectedOutput,
      })),
      limits: this.env.judgeLimits,
      requestId: randomUUID(),
    });
    const response = toResponse(tests, outcome, false);
    this.metrics.judgeVerdicts.inc({ verdict: response.verdict, kind: 'rejudge' });
    return response;
  }

  /** Runs the code once on the caller's own input, with a run's access rules; nothing is compared. */
  async runCustom(
    user: AuthUser,
    dto: RunCustomDto,
    requestId: string = randomUUID(),
  ): Promise<RunCustomResponse> {
    await this.access.assertMayJudge(user, dto.problemId, dto.contestId, false);
    const problem = await this.problems.requireProblem(dto.problemId);
    const stdin = customStdin(problem.inputVariables, dto.inputs);
    const stopTimer = this.metrics.judgeDuration.startTimer({ kind: 'custom' });
    const outcome = await this.judge.judge({
      code: dto.code,
      language: 'java',
      tests: [{ id: CUSTOM_TEST_ID, stdin, expectedOutput: '' }],
      limits: this.env.judgeLimits,
      requestId,
    });
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

/** The stdin of a custom run: one valid value per input variable, checked as the admin test-case editor checks them. */
export function customStdin(variables: readonly InputVariable[], inputs: Record<string, string>): string {
  const names = new Set(variables.map((v) => v.name));
  const unknown = Object.keys(inputs).find((k) => !names.has(k));
  if (unknown !== undefined) throw new BadRequestException(CustomInputSentences.notAnInput(unknown));
  for (const v of variables) {
    const raw = inputs[v.name];
    if (raw === undefined) throw new BadRequestException(CustomInputSentences.required(v.name));
    const check = validateValue(v.type, raw);
    if (!check.valid) throw new BadRequestException(CustomInputSentences.invalid(v.name, check.error));
  }
  return serializeInputs([...variables], inputs);
}

/** A hidden test as a non-admin sees it: pass/fail, time and the verdict, never its data. */
export function maskHidden(result: ExecutionResult): ExecutionResult {
  if (result.isExample) return result;
  return {
    ...result,
    input: '',
    expectedOutput: '',
    actualOutput: '',
    error: VERDICT_LABEL[result.verdict] ?? '',
  };
}

export function toResponse(
  tests: TestCase[],
  outcome: JudgeJobResult,
  revealHidden: boolean,
): ExecuteCodeResponse {
  const byId = new Map(outcome.results.map((r) => [r.id, r]));
  const results: ShownResult[] = tests.map((test) => {
    const judged = byId.get(test.id);
    const verdict: Verdict =
      judged?.verdict ?? (outcome.verdict === 'compilation_error' ? 'compilation_error' : 'runtime_error');
    const reveal = test.isExample || revealHidden;
    const error =
      verdict === 'compilation_error' ? (outcome.compileError ?? 'Compilation error') : (judged?.error ?? '');
    return {
      testCaseId: test.id,
      input: reveal ? test.input : '',
      expectedOutput: reveal ? test.expectedOutput : '',
      // Shown as compared: trailing whitespace does not count.
      actualOutput: reveal ? (judged?.actualOutput ?? '').replace(/\s+$/, '') : '',
      passed: verdict === 'accepted',
      executionTime: Math.round(judged?.executionTime ?? 0),
      error: reveal ? error : VERDICT_LABEL[verdict],
      isExample: test.isExample,
      verdict,
      // Debug prints help on the examples the user can see; a hidden test's stderr could echo its input.
      ...(test.isExample && judged?.stderr ? { stderr: judged.stderr } : {}),
    };
  });
  const passedCount = results.filter((r) => r.passed).length;
  const firstFailure = results.find((r) => !r.passed);
  return {
    results,
    overallPassed: passedCount === results.length,
    passedCount,
    totalCount: results.length,
    verdict:
      outcome.verdict === 'compilation_error' ? 'compilation_error' : (firstFailure?.verdict ?? 'accepted'),
    ...(outcome.compileError ? { compileError: outcome.compileError } : {}),
  };
}
