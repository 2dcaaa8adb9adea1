import { ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  AiMeasurement,
  AiMessages,
  AiResponse,
  aiHelpOffInContest,
  CLASSIC_LIMITS,
  isAdminRoles,
} from '@javelin/contracts';
import {
  OfflineAnalyzer,
  outputLines,
  type OfflineReport,
  type ProblemContext,
  type SandboxFindings,
  type TestOutcome,
} from '@javelin/code-analysis';
import { ProblemsService, PROBLEM_NOT_FOUND } from '../problems/problems.service';
import type { TestCase } from '../problems/test-case.entity';
import type { AuthUser } from '../users/users.service';
import { AiAccess } from './ai-access';
import { AiCache } from './ai-cache';
import { AnalyzeCodeDto, DebugHelpDto, TestResultDto } from './dto';
import { describe, LlmClient, LlmTimeoutError } from './llm.client';
import { AiKind, buildMessages } from './prompt';
import { AiSandbox, SandboxProblem } from './sandbox/ai-sandbox';

/** Bumped when the analyzer's answers change, so old cached answers are not served. */
const CACHE_VERSION = 4;

/** What the cache keeps of an answer. */
interface CachedAnswer {
  analysis: string;
  measurement?: AiMeasurement;
}

/**
 * AI Code Analysis and AI Debug Help. The built-in analyzer always runs; with an AI service
 * configured its findings go into the prompt, and its answer is the fallback when the service fails.
 */
@Injectable()
export class AiService {
  private readonly logger = new Logger('AiService');

  constructor(
    private readonly problems: ProblemsService,
    private readonly analyzer: OfflineAnalyzer,
    private readonly llm: LlmClient,
    private readonly cache: AiCache,
    private readonly sandbox: AiSandbox,
    private readonly access: AiAccess,
  ) {}

  analyze(user: AuthUser, dto: AnalyzeCodeDto): Promise<AiResponse> {
    return this.answer('analyze', user, dto);
  }

  debug(user: AuthUser, dto: DebugHelpDto): Promise<AiResponse> {
    return this.answer('debug', user, dto);
  }

  private async answer(
    kind: AiKind,
    user: AuthUser,
    dto: AnalyzeCodeDto | DebugHelpDto,
  ): Promise<AiResponse> {
    const problem = await this.problems.requireProblem(dto.problemId);
    // Issue 47: no AI help on a running contest's problems for its participants (unless allowed).
    if (await this.access.blockedByRunningContest(user.id, problem.id))
      throw new ForbiddenException({ message: aiHelpOffInContest, success: false });
    // Practice rules, as on the solving page: hidden (contest-only) problems are for admins.
    if (!problem.isVisible && !isAdminRoles(user.roles))
      throw new NotFoundException({ message: PROBLEM_NOT_FOUND, success: false });
    const examples = await this.problems.testsInFull(problem.id, false);
    // Issue 44: code the judge accepted is never called too slow.
    const accepted = await this.access.accepted(user.id, problem.id, dto.code);
    const context: ProblemContext = {
      ...(accepted ? { accepted } : {}),
      title: problem.title,
      description: problem.description,
      constraints: problem.constraints ?? '',
      functionName: problem.functionName,
      returnType: problem.returnType,
      inputVariables: problem.inputVariables.map((v) => ({ name: v.name, type: v.type })),
      boilerplateCode: problem.boilerplateCode ?? '',
      examples: examples.map((e) => ({ input: e.input, expectedOutput: e.expectedOutput })),
      ...(problem.kind === 'stdio'
        ? {
            classic: {
              timeLimitMs: problem.timeLimitMs ?? CLASSIC_LIMITS.defaultTimeLimitMs,
              ...(problem.memoryLimitMb ? { memoryLimitMb: problem.memoryLimitMb } : {}),
              validatorFlags: problem.validatorFlags ?? [],
              customValidator: problem.outputValidator != null,
              interaction: problem.interaction ?? 'none',
            },
          }
        : {}),
    };
    const debug =
      kind === 'debug'
        ? {
            errorMessage: (dto as DebugHelpDto).errorMessage ?? '',
            results: trustedOutcomes((dto as DebugHelpDto).testResults ?? [], examples),
          }
        : undefined;
    const key = AiCache.keyOf([
      CACHE_VERSION,
      kind,
      problem.id,
      problem.updatedAt?.toISOString(),
      dto.code,
      accepted,
      debug,
      this.llm.enabled ? this.llm.model : 'offline',
    ]);
    const cached = await this.cache.get(key);
    if (cached !== null) return { success: true, ...(JSON.parse(cached) as CachedAnswer) };

    // Run in the judge's sandbox: the examples only (never a hidden test), and the signature and
    // constraints the generated inputs are made from.
    const sandboxProblem: SandboxProblem = {
      id: problem.id,
      version: problem.updatedAt?.toISOString() ?? '',
      constraints: context.constraints,
      inputVariables: context.inputVariables,
      judging: problem,
      examples,
    };
    const sandbox: SandboxFindings =
      kind === 'analyze'
        ? { measure: (staticTime) => this.sandbox.measure(sandboxProblem, dto.code, staticTime) }
        : hasFailure(debug!)
          ? { counterexample: () => this.sandbox.counterexample(sandboxProblem, dto.code) }
          : {};
    let offline: OfflineReport;
    try {
      offline =
        kind === 'analyze'
          ? await this.analyzer.analyze(context, dto.code, sandbox)
          : await this.analyzer.debug(context, dto.code, debug!.errorMessage, debug!.results, sandbox);
    } catch (error) {
      this.logger.error(`offline ${kind} failed: ${(error as Error).stack ?? error}`);
      return {
        success: false,
        analysis: '',
        error: kind === 'analyze' ? AiMessages.analysisFailed : AiMessages.debugFailed,
      };
    }
    const measurement = offline.measured?.chart;
    const extra = measurement ? { measurement } : {};
    // An answer missing what no judge answered in time is not cached: the next request asks again.
    const complete =
      offline.compiled !== null &&
      !offline.measured?.unavailable &&
      offline.counterexample?.kind !== 'unavailable';
    const keep = (analysis: string) =>
      complete ? this.cache.set(key, JSON.stringify({ analysis, ...extra })) : undefined;
    if (!this.llm.enabled) {
      await keep(offline.markdown);
      return { success: true, analysis: offline.markdown, ...extra };
    }
    try {
      const answer = await this.llm.complete(buildMessages(kind, context, dto.code, offline, debug));
      await keep(answer);
      return { success: true, analysis: answer, ...extra };
    } catch (error) {
      const timedOut = error instanceof LlmTimeoutError;
      this.logger.warn(`AI ${kind} fell back to the built-in analyzer: ${describe(error)}`);
      // Not cached: the next request tries the service again.
      return {
        success: true,
        analysis: `> ${timedOut ? AiMessages.llmTimeout : AiMessages.llmFailed}\n\n${offline.markdown}`,
        ...extra,
      };
    }
  }
}

/** Debug Help has a failure to explain: an error message, or a test that did not pass. */
function hasFailure(debug: { errorMessage: string; results: TestOutcome[] }): boolean {
  return debug.errorMessage.trim() !== '' || debug.results.some((r) => !r.passed);
}

/** What of an example test the analysis reads. */
type ExampleTest = Pick<TestCase, 'id' | 'input' | 'expectedOutput'>;

/**
 * What the analysis may use from the client's test results. Data is kept only for results that
 * match one of the problem's example tests, and the expected output is the server's own; any other
 * result (a hidden test, or one that matches nothing) keeps only pass/fail and a verdict label.
 */
export function trustedOutcomes(results: TestResultDto[], examples: ExampleTest[]): TestOutcome[] {
  return results.map((r) => {
    const example = r.isExample === false ? undefined : matchExample(r, examples);
    if (!example) return { passed: r.passed, isExample: false, error: verdictLabel(r.error ?? '') };
    return {
      passed: r.passed,
      isExample: true,
      error: (r.error ?? '').slice(0, 4_000),
      example: {
        input: example.input,
        expectedOutput: example.expectedOutput,
        actualOutput: (r.actualOutput ?? '').slice(0, 8_000),
      },
    };
  });
}

function matchExample(r: TestResultDto, examples: ExampleTest[]): ExampleTest | undefined {
  const id = r.testCaseId ?? r._id;
  if (id) return examples.find((e) => e.id === id);
  if (r.expectedOutput === undefined) return undefined;
  const expected = outputLines(r.expectedOutput).join('\n');
  const candidates = examples.filter((e) => outputLines(e.expectedOutput).join('\n') === expected);
  return candidates.find((e) => r.input !== undefined && e.input === r.input) ?? candidates[0];
}

/** A hidden test's error reduced to its verdict (and the exception's class name): never its data. */
function verdictLabel(error: string): string {
  if (/time limit/i.test(error)) return 'Time limit exceeded';
  if (/memory limit|OutOfMemoryError/i.test(error)) return 'Memory limit exceeded';
  if (/output limit/i.test(error)) return 'Output limit exceeded';
  if (/wrong answer/i.test(error)) return 'Wrong answer';
  if (/compil/i.test(error)) return 'Compilation error';
  const exception = /\b([A-Z][A-Za-z]*(?:Exception|Error))\b/.exec(error);
  if (exception) return `Runtime error: ${exception[1]}`;
  if (/runtime error/i.test(error)) return 'Runtime error';
  return '';
}
