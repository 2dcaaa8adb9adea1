import type {
  AiCounterexampleJobData,
  AiCounterexampleResult,
  AiJobName,
  AiLintJobData,
  AiLintResult,
  AiMeasureJobData,
  AiMeasureResult,
} from '@javelin/contracts';
import type { Judge } from '../judge';
import { findCounterexample } from './counterexample';
import { measureComplexity } from './measure';

export type AiJobData = AiLintJobData | AiMeasureJobData | AiCounterexampleJobData;
export type AiJobResult = AiLintResult | AiMeasureResult | AiCounterexampleResult;

/** How long the analyzer's compile may take in the compile service, ms. */
const LINT_TIMEOUT_MS = 10_000;

/**
 * The AI features' jobs (issue 19; libs/contracts/src/ai.ts): compiler findings from the warm compile
 * service, a measured complexity, a counterexample against the reference solution. Everything runs
 * through the Judge's public calls, so the user's code runs only in the sandbox, as for judging.
 */
export async function runAiJob(judge: Judge, name: AiJobName, data: AiJobData): Promise<AiJobResult> {
  if (typeof data?.code !== 'string') throw new Error('job data has no code');
  switch (name) {
    case 'ai-lint':
      return lint(judge, data as AiLintJobData);
    case 'ai-measure':
      return measureComplexity(judge, data as AiMeasureJobData);
    case 'ai-counterexample':
      return findCounterexample(judge, data as AiCounterexampleJobData);
  }
}

async function lint(judge: Judge, data: AiLintJobData): Promise<AiLintResult> {
  const reply = await judge.lint(data.code, LINT_TIMEOUT_MS);
  if (!reply)
    return {
      ran: false,
      compiled: false,
      diagnostics: '',
      fileName: '',
      note: 'the compile service did not answer',
    };
  return { ran: true, compiled: reply.compiled, diagnostics: reply.diagnostics, fileName: reply.fileName };
}
