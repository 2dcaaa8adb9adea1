import { afterAll, beforeAll } from 'vitest';
import { startJudge, type RunningJudge } from './judge';

/**
 * A real judge for the whole spec file (started before its tests, stopped after them) for the offline
 * analyzer's compiler findings. Returns the API's environment on the judge's queue with the measuring
 * and counterexample budgets at 0 (those are tested in ai-sandbox.integration-spec.ts), `env` added;
 * call it inside a hook or a test, once the judge runs.
 */
export function analyzerJudgeForFile(): (env?: Record<string, string>) => Record<string, string> {
  let judge: RunningJudge | undefined;
  beforeAll(async () => {
    judge = await startJudge();
  });
  afterAll(async () => {
    await judge?.stop();
  });
  return (env = {}) => {
    if (!judge) throw new Error('the judge starts in beforeAll: ask for its environment in a hook or a test');
    return {
      JUDGE_QUEUE_PREFIX: judge.prefix,
      AI_MEASURE_BUDGET_MS: '0',
      AI_COUNTEREXAMPLE_BUDGET_MS: '0',
      ...env,
    };
  };
}
