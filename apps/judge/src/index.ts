export { Judge, type JudgeRunOptions } from './judge';
export { createWorker } from './worker';
export { loadConfig, JUDGE_MODES, type JudgeConfig, type JudgeMode } from './config';
export { normalizeOutput, outputsMatch } from './compare';
export { classifyOutcome, type TestOutcome } from './verdict';
