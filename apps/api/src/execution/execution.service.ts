import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  ExecuteCodeResponse,
  ExecutionResult,
  isAdminRoles,
  JudgeJobResult,
  ServerMessages,
  Verdict,
} from '@javelin/contracts';
import { serializeInputs } from '@javelin/java-io';
import { randomUUID } from 'node:crypto';
import { ENV, Env } from '../config/env';
import { JudgeAccessPolicy } from '../contests/judge-access.policy';
import { Metrics } from '../observability/metrics';
import { ProblemsService } from '../problems/problems.service';
import type { TestCase } from '../problems/test-case.entity';
import type { AuthUser } from '../users/users.service';
import { ExecuteCodeDto } from './dto';
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

  /** Checks access, judges the code against the problem's tests (examples only for a run) and shapes the verdict for this caller. */
  async execute(
    user: AuthUser,
    dto: ExecuteCodeDto,
    requestId: string = randomUUID(),
  ): Promise<ExecuteCodeResponse> {
    const submit = dto.runAllTestCases === true;
    await this.access.assertMayJudge(user, dto.problemId, dto.contestId, submit);
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
    });
    stopTimer();
    const response = toResponse(tests, outcome, isAdminRoles(user.roles));
    this.metrics.judgeVerdicts.inc({ verdict: response.verdict, kind });
    return response;
  }
}

export function toResponse(
  tests: TestCase[],
  outcome: JudgeJobResult,
  revealHidden: boolean,
): ExecuteCodeResponse {
  const byId = new Map(outcome.results.map((r) => [r.id, r]));
  const results: ExecutionResult[] = tests.map((test) => {
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
