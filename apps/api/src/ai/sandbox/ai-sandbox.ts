import { Inject, Injectable } from '@nestjs/common';
import {
  AiCounterexampleJobData,
  AiCounterexampleResult,
  AiLintResult,
  AiMeasureJobData,
  AiMeasureResult,
  AiMessages,
  isProblemInputType,
  JudgeLimits,
} from '@javelin/contracts';
import {
  buildInputSpec,
  describeMeasurement,
  parseJavacOutput,
  type CounterexampleOutcome,
  type Cost,
  type JavacResult,
  type MeasuredReport,
} from '@javelin/code-analysis';
import { createHash } from 'node:crypto';
import { sha256 } from '../../common/hash';
import { ENV, Env } from '../../config/env';
import { buildJudgeJob, checkingOf, type JudgedProblem, type JudgedTest } from '../../execution/judge-job';
import { AiCache } from '../ai-cache';
import { AI_CONFIG, AiConfig } from '../ai.config';
import { ReferenceSolutions } from './reference-solutions';
import { SandboxJobs } from './sandbox-jobs';

/** The problem as the sandbox jobs need it: signature, constraints, example tests (never hidden ones). */
export interface SandboxProblem {
  id: string;
  /** Changes when the problem is edited: cached measurements of the old version are not reused. */
  version: string;
  constraints: string;
  inputVariables: { name: string; type: string }[];
  /** How the problem judges (its variables and checker): the examples are judged as a submission judges them. */
  judging: JudgedProblem;
  examples: JudgedTest[];
}

/**
 * Why inputs cannot be generated for a problem (issue 34, item 5): it has no signature (a classic
 * stdin/stdout problem), or a type the generator does not make. Undefined when they can.
 */
function withoutSignature(problem: SandboxProblem): { measure: string; counterexample: string } | undefined {
  if (problem.inputVariables.length === 0)
    return {
      measure: AiMessages.measurementNeedsSignature,
      counterexample: AiMessages.counterexampleNeedsSignature,
    };
  const unsupported = problem.inputVariables.filter((v) => !isProblemInputType(v.type)).map((v) => v.type);
  if (unsupported.length) {
    const sentence = AiMessages.inputsNotGenerated([...new Set(unsupported)].join(', '));
    return { measure: sentence, counterexample: sentence };
  }
  return undefined;
}

const seedOf = (code: string) => createHash('sha256').update(code).digest().readUInt32BE(0);

/**
 * The analyzer's findings that need the code compiled or run: they come from the judge, in its
 * sandbox (SandboxJobs), and say so when no judge answers in time.
 */
@Injectable()
export class AiSandbox {
  constructor(
    private readonly jobs: SandboxJobs,
    private readonly references: ReferenceSolutions,
    private readonly cache: AiCache,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private get limits(): JudgeLimits {
    return this.env.judgeLimits;
  }

  /** javac -Xlint:all's diagnostics, from the judge's warm compile service. */
  async lint(code: string): Promise<JavacResult> {
    const r = await this.jobs.run<AiLintResult>('ai-lint', { code }, this.config.javacTimeoutMs);
    if (!r || !r.ran)
      return { ran: false, compiled: false, diagnostics: [], note: r?.note ?? 'no judge answered in time' };
    return { ran: true, compiled: r.compiled, diagnostics: parseJavacOutput(r.diagnostics, r.fileName) };
  }

  /**
   * The measured complexity of code that passes the examples, cached per problem version and code.
   * Undefined when measuring is off or nothing in the input grows.
   */
  async measure(
    problem: SandboxProblem,
    code: string,
    staticTime?: Cost,
  ): Promise<MeasuredReport | undefined> {
    if (this.config.measureBudgetMs === 0) return undefined;
    const missing = withoutSignature(problem);
    if (missing) return { summary: missing.measure, detail: missing.measure, tooSlow: false };
    const built = buildInputSpec(problem.inputVariables, problem.constraints);
    if (!built || !built.spec.variables.some((v) => v.role === 'size')) return undefined;
    const key = `ai:measure:${sha256(JSON.stringify([problem.id, problem.version, code, this.config.measureBudgetMs]))}`;
    const cached = await this.cache.get(key);
    let result: AiMeasureResult | null = cached ? (JSON.parse(cached) as AiMeasureResult) : null;
    if (!result) {
      const examples = buildJudgeJob({
        purpose: 'measure',
        problem: problem.judging,
        tests: problem.examples,
        code,
        limits: this.limits,
      });
      const data: AiMeasureJobData = {
        code,
        examples: examples.tests,
        ...checkingOf(examples),
        spec: built.spec,
        limits: examples.limits,
        budgetMs: this.config.measureBudgetMs,
        seed: seedOf(code),
      };
      result = await this.jobs.run<AiMeasureResult>('ai-measure', data, this.config.sandboxTimeoutMs);
      if (result) await this.cache.set(key, JSON.stringify(result));
    }
    return describeMeasurement(result, {
      cpuLimitMs: this.limits.cpuTimeMs,
      sizeLabel: built.sizeLabel,
      sizeSymbols: built.sizeSymbols,
      defaults: built.defaults,
      staticTime,
    });
  }

  /**
   * A verified counterexample against the problem's reference solution, searched in the judge on
   * generated inputs. Undefined when the search is off or the input types cannot be generated.
   */
  async counterexample(problem: SandboxProblem, code: string): Promise<CounterexampleOutcome | undefined> {
    if (this.config.counterexampleBudgetMs === 0) return undefined;
    const missing = withoutSignature(problem);
    if (missing) return { kind: 'no-signature', sentence: missing.counterexample };
    const built = buildInputSpec(problem.inputVariables, problem.constraints);
    if (!built) return undefined;
    const reference = await this.references.of(problem.id);
    if (!reference) return { kind: 'no-reference' };
    const data: AiCounterexampleJobData = {
      code,
      reference: reference.code,
      spec: built.spec,
      limits: this.limits,
      checker: reference.checker,
      ...(reference.tolerance !== undefined ? { tolerance: reference.tolerance } : {}),
      budgetMs: this.config.counterexampleBudgetMs,
      seed: seedOf(code),
    };
    const result = await this.jobs.run<AiCounterexampleResult>(
      'ai-counterexample',
      data,
      this.config.sandboxTimeoutMs,
    );
    return result ? { kind: 'searched', result, assumed: built.defaults } : { kind: 'unavailable' };
  }
}
