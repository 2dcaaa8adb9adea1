import type { ExecutionResult } from '@javelin/contracts';

/**
 * The rows the CLICS Contest API is built from (clics.repository.ts reads them; clics-objects.ts makes
 * the spec's objects of them).
 */

export interface ClicsContestRow {
  id: string;
  /** The id the CLICS API serves it under: its contest package's (issue 43), else its UUID. */
  clicsId: string;
  title: string;
  formalName: string | null;
  startTime: Date;
  endTime: Date;
  penaltyMinutes: number;
  freezeMinutes: number;
  unfrozenAt: Date | null;
  finalizedAt: Date | null;
  createdAt: Date;
}

export interface ClicsProblemRow {
  id: string;
  /** The package's problem id, else the first 13 characters of the UUID. */
  clicsId: string;
  /** The package's label, else null (A, B, … by position). */
  label: string | null;
  rgb: string | null;
  title: string;
  position: number;
  timeLimitMs: number | null;
  testCount: number;
  /** A hidden problem is named to the public only from the contest's start (issue 47). */
  isVisible: boolean;
}

export interface ClicsOrganizationRow {
  /** Javelin's key: the organization's UUID, or `package:<clics id>` for a contest package's. */
  id: string;
  clicsId: string;
  name: string;
  formalName: string | null;
  country: string | null;
}

export interface ClicsTeamRow {
  /** The CLICS id: the package's team id, else the user's UUID. */
  id: string;
  /** The team's account (null: a package team without one). */
  userId: string | null;
  username: string;
  fullName: string;
  displayName: string | null;
  /** The package's label, else null (the username is shown). */
  label: string | null;
  joinedAt: Date;
  organization: ClicsOrganizationRow | null;
  /** The package's groups of the team; null: its organization's group. */
  groupIds: string[] | null;
  /** On no public board and never ranked: hidden by the package, or in a hidden group. */
  hidden: boolean;
}

/** A contest package's group (issue 43). */
export interface ClicsGroupRow {
  clicsId: string;
  name: string;
  type: string | null;
  hidden: boolean;
}

/** A submit in the contest: in Javelin one row is both the submission and its (final) judgement. */
export interface ClicsJudgementRow {
  id: string;
  userId: string;
  /** The team's CLICS id. */
  teamId: string;
  problemId: string;
  /** The problem's CLICS id. */
  problemClicsId: string;
  createdAt: Date;
  verdict: string;
  maxTimeMs: number;
  /** Per-test results: read for admins only (runs). */
  results: ExecutionResult[] | null;
}

export interface ClicsClarificationRow {
  id: string;
  userId: string;
  /** The asker's CLICS team id. */
  teamId: string;
  problemId: string | null;
  problemClicsId: string | null;
  question: string;
  answer: string | null;
  isPublic: boolean;
  answeredAt: Date | null;
  createdAt: Date;
}
