import type { CustomOutputValidator } from './output-validation';

/**
 * Classic problems and problem packages (issue 29): the wire of `POST /api/problems/import`,
 * `POST /api/problems/:id/verify` and `GET /api/problems/:id/export`, and the classic problem's
 * fields beside the spec's Problem. A function problem (`kind: 'function'`, the default) is the
 * spec's; a classic one (`kind: 'stdio'`) is a whole program reading stdin and writing stdout.
 */
export const PROBLEM_KINDS = ['function', 'stdio'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** What a classic problem carries beside the spec's Problem fields (admins see `outputValidator` too). */
export interface ClassicProblemFields {
  kind: ProblemKind;
  /** Per-problem limits (classic problems): shown on the problem page; scaled by the deployment's time scale when judged. */
  timeLimitMs?: number;
  memoryLimitMb?: number;
  /** The package's `validator_flags` (default validator options, or a custom validator's arguments). */
  validatorFlags?: string[];
  /** The package's custom output validator (admins only). */
  outputValidator?: CustomOutputValidator;
}

/** `POST /api/problems/import` → 201. */
export interface ImportPackageResponse {
  _id: string;
  title: string;
  kind: ProblemKind;
  /** What was read by default or left out (e.g. "no time limit in problem.yaml: 1 s used"). */
  warnings: string[];
}

/** The verdicts a package's `submissions/<folder>/` allows (the format's folder names). */
export const JURY_FOLDERS = [
  'accepted',
  'wrong_answer',
  'time_limit_exceeded',
  'run_time_error',
  'rejected',
  'mixed',
  'slow_accepted',
] as const;
export type JuryFolder = (typeof JURY_FOLDERS)[number];

/** One jury submission of `POST /api/problems/:id/verify`. */
export interface JurySubmissionVerdict {
  /** Its path in the package, e.g. `submissions/accepted/Sol.java`. */
  path: string;
  /** The verdicts its folder (or its `@EXPECTED_RESULTS@` header) allows, in the judge's verdict names. */
  expected: string[];
  /** The verdict it got. */
  verdict: string;
  ok: boolean;
}

export interface VerifyPackageResponse {
  submissions: JurySubmissionVerdict[];
}
