/** The submission routes' bodies and the history's query, checked by their schemas in libs/contracts (practice.ts). */
export type {
  SolveBody as SolveDto,
  SubmissionBody as SubmissionDto,
  SubmissionHistoryQuery as SubmissionHistoryQueryDto,
} from '@javelin/contracts';
