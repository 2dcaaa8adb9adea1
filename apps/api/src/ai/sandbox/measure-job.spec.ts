import { DEFAULT_JUDGE_LIMITS, type AiMeasureJobData } from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../config/env';
import { buildJudgeJob, type JudgedProblem } from '../../execution/judge-job';
import type { AiCache } from '../ai-cache';
import type { AiConfig } from '../ai.config';
import { AiSandbox } from './ai-sandbox';
import type { ReferenceSolutions } from './reference-solutions';
import type { SandboxJobs } from './sandbox-jobs';

const problem: JudgedProblem = {
  inputVariables: [
    { name: 'a', type: 'int' },
    { name: 'b', type: 'int' },
  ],
  checker: 'float',
  tolerance: 0.5,
  checkerCode: null,
};
const example = { id: 'e1', input: JSON.stringify({ a: '1', b: '1' }), expectedOutput: '2', isExample: true };

/** Issue 27: the measurement's job comes from the one job builder, so its examples are judged as a run judges them. */
describe("the AI's measurement job", () => {
  it("judges the examples with the problem's checker, limits and serialised inputs, as a run does", async () => {
    const sent: { name: string; data: AiMeasureJobData }[] = [];
    const jobs = {
      run: async (name: string, data: AiMeasureJobData) => {
        sent.push({ name, data });
        return null;
      },
    } as unknown as SandboxJobs;
    const cache = { get: async () => null, set: async () => undefined } as unknown as AiCache;
    const config = { measureBudgetMs: 2_000, sandboxTimeoutMs: 1_000 } as AiConfig;
    const env = { judgeLimits: DEFAULT_JUDGE_LIMITS } as Env;
    const sandbox = new AiSandbox(jobs, {} as ReferenceSolutions, cache, config, env);
    await sandbox.measure(
      {
        id: 'p',
        version: 'v',
        constraints: '1 <= a <= 10^5\n1 <= b <= 10^5',
        inputVariables: [...problem.inputVariables],
        judging: problem,
        examples: [example],
      },
      'class Main {}',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].name).toBe('ai-measure');
    const run = buildJudgeJob({
      purpose: 'run',
      problem,
      tests: [example],
      code: 'class Main {}',
      limits: DEFAULT_JUDGE_LIMITS,
    });
    expect(sent[0].data).toMatchObject({
      examples: run.tests,
      limits: run.limits,
      checker: 'float',
      tolerance: 0.5,
    });
  });
});
