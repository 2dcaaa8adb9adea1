/** The AI routes' bodies, checked by their schemas in libs/contracts (ai.ts). */
export type {
  AnalyzeCodeBody as AnalyzeCodeDto,
  DebugHelpBody as DebugHelpDto,
  TestResultBody as TestResultDto,
} from '@javelin/contracts';
