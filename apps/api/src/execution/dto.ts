/** POST /api/execute-code and /api/run-custom, checked by their schemas in libs/contracts (execution.ts). */
export type { ExecuteCodeBody as ExecuteCodeDto, RunCustomBody as RunCustomDto } from '@javelin/contracts';
