import { z } from 'zod';
import { FieldSentences, typeError } from './request-rules';
/** Pairs of accepted solutions at least this similar (Dolos' 0..1 similarity) are reported. */
export const PLAGIARISM_DEFAULT_THRESHOLD = 0.7;

export const PLAGIARISM_STATUSES = ['idle', 'queued', 'running', 'done', 'failed'] as const;
/** idle: never run; queued/running: a job is under way; done: `pairs` is the report; failed: `error` says why. */
export type PlagiarismStatus = (typeof PLAGIARISM_STATUSES)[number];

/** A run of lines and columns in a solution (0-based rows and columns, end exclusive), as Dolos reports it. */
export interface CodeRegion {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

/** One matching fragment: where it lies in solution A and in solution B. */
export interface PlagiarismFragment {
  a: CodeRegion;
  b: CodeRegion;
}

export interface PlagiarismPair {
  id: string;
  problemId: string;
  problemTitle: string;
  userA: string;
  userB: string;
  usernameA: string;
  usernameB: string;
  similarity: number;
  submissionA: string;
  submissionB: string;
}

export interface PlagiarismReport {
  status: PlagiarismStatus;
  /** Problems analysed so far out of all the contest's problems. */
  progress: { done: number; total: number };
  threshold: number;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  /** Most similar first. */
  pairs: PlagiarismPair[];
}

/** One reported pair with both solutions and the fragments they share, for the side-by-side view. */
export interface PlagiarismPairDetail extends PlagiarismPair {
  codeA: string;
  codeB: string;
  fragments: PlagiarismFragment[];
}

/** The API's queue of plagiarism jobs (under REDIS_PREFIX). */
export const PLAGIARISM_QUEUE = 'plagiarism';

/** Pairs less alike than this are noise: a shared boilerplate alone reaches it. */
const PLAGIARISM_MIN_THRESHOLD = 0.1;

/** POST /api/contests/:id/plagiarism. */
export const startPlagiarismSchema = z.strictObject({
  /** Pairs at least this similar (0.1..1) are reported; the default is PLAGIARISM_DEFAULT_THRESHOLD. */
  threshold: z
    .number({ error: typeError('threshold', FieldSentences.mustBeNumber('threshold')) })
    .min(PLAGIARISM_MIN_THRESHOLD, FieldSentences.atLeast('threshold', PLAGIARISM_MIN_THRESHOLD))
    .max(1, FieldSentences.atMost('threshold', 1))
    .optional(),
});

export type StartPlagiarismBody = z.output<typeof startPlagiarismSchema>;
