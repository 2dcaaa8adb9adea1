import type { Verdict } from './judge';
import type { ContestMode } from './virtual';

export interface ExecuteCodeRequest {
  code: string;
  language: 'java';
  problemId: string;
  runAllTestCases: boolean;
  contestId?: string;
  /** How the contestId is used: absent for the live contest, or practice / a virtual run (issue 21). */
  contestMode?: ContestMode;
}

/** One test's result as the web sees it; hidden tests carry no input or outputs for non-admins. */
export interface ExecutionResult {
  testCaseId: string;
  input: string;
  expectedOutput: string;
  actualOutput: string;
  passed: boolean;
  executionTime: number;
  error: string;
  isExample: boolean;
  verdict: Verdict;
}

export interface ExecuteCodeResponse {
  results: ExecutionResult[];
  overallPassed: boolean;
  passedCount: number;
  totalCount: number;
  verdict: Verdict;
  compileError?: string;
}

export const MAX_CODE_BYTES = 64 * 1024;

export type SubmissionStatus = 'accepted' | 'wrong_answer' | 'pending' | string;

export interface SubmissionRequest {
  problemId: string;
  contestId?: string;
  contestMode?: ContestMode;
  code: string;
  language: 'java';
  status: SubmissionStatus;
  testCasesPassed: number;
  totalTestCases: number;
}

export interface SolveRequest {
  problemId: string;
  submissionId: string;
  contestId?: string;
  contestMode?: ContestMode;
}

/** Spec §3 "Solved-problem entry": problemId or _id. */
export interface SolvedProblemEntry {
  problemId?: string | { _id: string };
  _id?: string;
}

export interface DebugHelpRequest {
  problemId: string;
  code: string;
  language: 'java';
  errorMessage: string;
  testResults: { passed: boolean; expectedOutput: string; actualOutput: string; error: string }[];
}
