import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  type ExpectedOutputBody,
  type ExpectedOutputResponse,
  type InputVariable,
  type JudgeJobData,
  type JudgeJobResult,
  ReferenceMessages,
  type ReferenceTestResult,
  ServerMessages,
  type ValidateDraftBody,
  type ValidateTestsResponse,
} from '@javelin/contracts';
import { serializeInputs } from '@javelin/java-io';
import { randomUUID } from 'node:crypto';
import { ENV, Env } from '../config/env';
import { JudgeClient } from '../execution/judge-client.service';
import {
  checkerOfProblem,
  judgingFields,
  normaliseTests,
  normaliseVariables,
  ProblemsService,
} from '../problems/problems.service';

interface ReferenceTest {
  id: string | null;
  /** Variable name to value text, or the stored JSON string of that map. */
  inputs: Record<string, string> | string;
  expectedOutput: string;
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
    private readonly judge: JudgeClient,
  ) {}

  /** The stored reference solution on every stored test, judged by the problem's checker. */
  async validateStored(problemId: string, requestId?: string): Promise<ValidateTestsResponse> {
    const problem = await this.problems.requireProblem(problemId);
    if (!problem.referenceSolution) throw new BadRequestException(ReferenceMessages.noReferenceSolution);
    const tests = await this.problems.testsForJudging(problem.id, true);
    if (tests.length === 0) throw new BadRequestException(ServerMessages.noTestCases);
    return this.run(
      problem.referenceSolution,
      problem.inputVariables,
      tests.map((t) => ({ id: t.id, inputs: t.input, expectedOutput: t.expectedOutput })),
      checkerOfProblem(problem),
      requestId,
    );
  }

  /** A problem form's reference solution on its tests, before it is saved. */
  async validateDraft(draft: ValidateDraftBody, requestId?: string): Promise<ValidateTestsResponse> {
    const variables = normaliseVariables(draft.inputVariables);
    const tests = normaliseTests(variables, draft.testCases);
    const checker = checkerOfProblem(judgingFields(draft, null));
    return this.run(
      draft.referenceSolution,
      variables,
      tests.map((t, i) => ({
        id: draft.testCases[i].id ?? draft.testCases[i]._id ?? null,
        inputs: t.inputs,
        expectedOutput: t.expectedOutput,
      })),
      checker,
      requestId,
    );
  }

  /** What the reference prints for one test's inputs: the expected output of a new test. */
  async expectedOutput(dto: ExpectedOutputBody, requestId?: string): Promise<ExpectedOutputResponse> {
    const variables = normaliseVariables(dto.inputVariables);
    const [test] = normaliseTests(variables, [{ inputs: dto.inputs, expectedOutput: '', isExample: false }]);
    const [result] = (
      await this.run(
        dto.referenceSolution,
        variables,
        [{ id: null, inputs: test.inputs, expectedOutput: '' }],
        { checker: 'exact' },
        requestId,
      )
    ).results;
    if (result.error) throw new BadRequestException(ReferenceMessages.referenceDidNotRun(result.error));
    return { expectedOutput: result.actualOutput };
  }

  private async run(
    code: string,
    variables: InputVariable[],
    tests: ReferenceTest[],
    checker: Pick<JudgeJobData, 'checker' | 'tolerance' | 'checkerCode'>,
    requestId: string = randomUUID(),
  ): Promise<ValidateTestsResponse> {
    const ids = tests.map((_, i) => `t${i}`);
    const outcome = await this.judge.judge({
      code,
      language: 'java',
      tests: tests.map((t, i) => ({
        id: ids[i],
        stdin: serializeInputs(variables, t.inputs),
        expectedOutput: t.expectedOutput,
      })),
      limits: this.env.judgeLimits,
      requestId,
      ...checker,
    });
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
