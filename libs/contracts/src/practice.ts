import type { GroupResult } from './scoring';
import type { ExecutionResult } from './execution';
import type { Verdict } from './judge';
import type { ContestMode } from './virtual';

/** Sentences of the practice pages (issue 17) that the spec does not word; the spec's own live in the web's catalogue. */
export const PracticeMessages = {
  alreadySolvedTitle: 'Already solved',
  alreadySolved: 'You have already solved this problem, so no new points were awarded.',
  signInToRun: 'Sign in to run and submit your solution.',
  signInKeepsCode: 'Your code stays in this browser while you sign in.',
  confirmReset: 'Reset the editor to the starter code? Your current code will be lost.',
  stderrTruncated: '… (standard error truncated)',
  hiddenTest: 'Hidden test case — input and output are not shown.',
  unrated: 'Unrated',
  noSubmissions: 'No submissions yet',
  customInputInvalid: (name: string, type: string) => `${name} must be a valid ${type}`,
} as const;

/** What the server says about a custom run's input map, naming the variable. */
export const CustomInputSentences = {
  notAnInput: (name: string) => `inputs.${name} is not an input of this problem`,
  required: (name: string) => `inputs.${name} is required`,
  invalid: (name: string, reason: string) => `inputs.${name}: ${reason}`,
} as const;

/** How much of a run's standard error the results panel shows. */
export const STDERR_DISPLAY_LIMIT = 2_000;

/** A test result as the results panel shows it: example and custom runs may carry the program's standard error. */
export type ShownResult = ExecutionResult & { stderr?: string };

/** One full judgement (a submit) in the caller's history: GET /api/submissions. */
export interface SubmissionSummary {
  _id: string;
  problemId: string;
  problemTitle: string;
  contestId: string | null;
  /** A practice or virtual-run submit made from an ended contest's page: which, and that contest. */
  contestMode?: ContestMode;
  viaContestId?: string;
  verdict: Verdict;
  passedCount: number;
  totalCount: number;
  /** The slowest test's time, milliseconds. */
  maxTimeMs: number;
  createdAt: string;
  /** A scoring problem's submit (issue 31): its score and the most it could have scored. */
  score?: number;
  maxScore?: number;
}

/** GET /api/submissions/:id: the code and per-test results, hidden tests masked as execute-code masks them. */
export interface SubmissionDetail extends SubmissionSummary {
  code: string;
  language: 'java';
  results: ExecutionResult[];
  compileError?: string;
  /** A scoring problem's submit (issue 31): each group's result. */
  groups?: GroupResult[];
}

export interface SubmissionPage {
  items: SubmissionSummary[];
  total: number;
  limit: number;
  offset: number;
}

export const SUBMISSIONS_PAGE_DEFAULT = 20;
export const SUBMISSIONS_PAGE_MAX = 100;

/** POST /api/run-custom: runs the code on the user's own input; nothing is compared. */
export interface RunCustomRequest {
  problemId: string;
  contestId?: string;
  code: string;
  language: 'java';
  /** One value per input variable, by name, in the admin test-case editor's format. */
  inputs: Record<string, string>;
}

export interface RunCustomResponse {
  actualOutput: string;
  stderr: string;
  executionTime: number;
  verdict: Verdict;
  error: string;
  compileError?: string;
}
