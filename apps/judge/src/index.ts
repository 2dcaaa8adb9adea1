export { Judge, judgeSubmission, getJudge, closeSharedJudge, type JudgeMode, type JudgeRunOptions } from './judge';
export { createWorker } from './worker';
export { loadConfig, type JudgeConfig } from './config';
export { normalizeOutput, outputsMatch } from './compare';
