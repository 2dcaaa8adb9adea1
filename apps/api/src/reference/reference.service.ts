import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  type ExpectedOutputBody,
  type ExpectedOutputResponse,
  type JudgeJobResult,
  ReferenceMessages,
  type ReferenceTestResult,
  ServerMessages,
  type ValidateDraftBody,
  type ValidateTestsResponse,
} from '@javelin/contracts';
import { randomUUID } from 'node:crypto';
import { ENV, Env } from '../config/env';
import { JudgeClient } from '../execution/judge-client.service';
import { buildJudgeJob, type JudgedProblem } from '../execution/judge-job';
import { judgingFields, normaliseTests, normaliseVariables } from '../problems/problem-form';
import { ProblemsService } from '../problems/problems.service';

interface ReferenceTest {
  id: string | null;
  /** Variable name to value text, or the stored JSON string of that map. */
  inputs: Record<string, string> | string;
  expectedOutput: string;
  isExample: boolean;
}

/** What a test's `error` says when its run went wrong; empty when the reference ran to the end. */
function runError(outcome: JudgeJobResult, verdict: string | undefined, error: string | undefined): string {
  if (outcome.verdict === 'compilation_error') return outcome.compileError ?? 'Compilation error';
  if (verdict === undefined) return 'The judge returned no result for this test';
  return verdict === 'accepted' || verdict === 'wrong_answer' ? '' : (error ?? verdict);
}

/**
 * Runs a problem's reference solution through the judge (the queue, like any run: never in this
 * process) to check its tests or to compute a new test's expected output.
 */
@Injectable()
export class ReferenceService {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly problems: ProblemsService,
    private readonly queue: JudgeClient,
  ) {}

  /** The stored reference solution on every stored test, judged by the problem's checker. */
  async validateStored(problemId: string, requestId?: string): Promise<ValidateTestsResponse> {
    const problem = await this.problems.requireProblem(problemId);
    if (!problem.referenceSolution) throw new BadRequestException(ReferenceMessages.noReferenceSolution);
    const tests = await this.problems.testsInFull(problem.id, true);
    if (tests.length === 0) throw new BadRequestException(ServerMessages.noTestCases);
    return this.run(
      'validate',
      problem.referenceSolution,
      problem,
      tests.map((t) => ({
        id: t.id,
        inputs: t.input,
        expectedOutput: t.expectedOutput,
        isExample: t.isExample,
      })),
      requestId,
    );
  }

  /** A problem form's reference solution on its tests, before it is saved. */
  async validateDraft(draft: ValidateDraftBody, requestId?: string): Promise<ValidateTestsResponse> {
    const variables = normaliseVariables(draft.inputVariables);
    const tests = normaliseTests(variables, draft.testCases);
    return this.run(
      'validate',
      draft.referenceSolution,
      { inputVariables: variables, ...judgingFields(draft, null) },
      tests.map((t, i) => ({
        id: draft.testCases[i].id ?? draft.testCases[i]._id ?? null,
        inputs: t.inputs,
        expectedOutput: t.expectedOutput,
        isExample: t.isExample,
      })),
      requestId,
    );
  }

  /** What the reference prints for one test's inputs: the expected output of a new test. */
  async expectedOutput(dto: ExpectedOutputBody, requestId?: string): Promise<ExpectedOutputResponse> {
    const variables = normaliseVariables(dto.inputVariables);
    const [test] = normaliseTests(variables, [{ inputs: dto.inputs, expectedOutput: '', isExample: false }]);
    const [result] = (
      await this.run(
        'output',
        dto.referenceSolution,
        { inputVariables: variables, checker: 'exact', tolerance: null, checkerCode: null },
        [{ id: null, inputs: test.inputs, expectedOutput: '', isExample: true }],
        requestId,
      )
    ).results;
    if (result.error) throw new BadRequestException(ReferenceMessages.referenceDidNotRun(result.error));
    return { expectedOutput: result.actualOutput };
  }

  /**
   * The reference on `tests`, judged by the one job builder as a submission is (checker, limits, examples
   * first) except that every test is judged: each test's report is the point of a validation.
   */
  private async run(
    purpose: 'validate' | 'output',
    code: string,
    problem: JudgedProblem,
    tests: ReferenceTest[],
    requestId: string = randomUUID(),
  ): Promise<ValidateTestsResponse> {
    const ids = tests.map((_, i) => `t${i}`);
    const outcome = await this.queue.requestJudgement(
      buildJudgeJob({
        purpose,
        problem,
        tests: tests.map((t, i) => ({
          id: ids[i],
          input: t.inputs,
          expectedOutput: t.expectedOutput,
          isExample: t.isExample,
        })),
        code,
        limits: this.env.judgeLimits,
        timeScale: this.env.judgeTimeScale,
        requestId,
      }),
    );
    const byId = new Map(outcome.results.map((r) => [r.id, r]));
    const results: ReferenceTestResult[] = tests.map((t, i) => {
      const judged = byId.get(ids[i]);
      return {
        testCaseId: t.id,
        passed: outcome.verdict !== 'compilation_error' && judged?.verdict === 'accepted',
        expectedOutput: t.expectedOutput,
        // As compared: trailing whitespace does not count.
        actualOutput: (judged?.actualOutput ?? '').replace(/\s+$/, ''),
        error: runError(outcome, judged?.verdict, judged?.error),
      };
    });
    return { results };
  }
}
