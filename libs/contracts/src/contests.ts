import type { Problem } from './problems';
import type { OrganizationRef } from './profiles';

export const CONTEST_STATUSES = ['upcoming', 'active', 'ended'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

export const DEFAULT_MAX_PARTICIPANTS = 100;

/** 'points': the spec's sum of points; 'icpc': problems solved, then penalty minutes. */
/** `ioi` (issue 31): each problem scores the sum over its groups of the best each group got in the contest. */
export const CONTEST_FORMATS = ['points', 'icpc', 'ioi'] as const;
export type ContestFormat = (typeof CONTEST_FORMATS)[number];
export const DEFAULT_CONTEST_FORMAT: ContestFormat = 'points';
/** ICPC: minutes added for each rejected try before a problem's first accept. */
export const DEFAULT_PENALTY_MINUTES = 20;
/** The freeze before the end, in minutes; 0 means the standings never freeze. */
export const DEFAULT_FREEZE_MINUTES = 0;

export interface ContestProblem {
  problemId: Problem;
  points: number;
  order: number;
}

export interface Contest {
  _id: string;
  id: string;
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  status: ContestStatus;
  maxParticipants: number;
  participantCount: number;
  userJoined: boolean;
  contestProblems: ContestProblem[];
  format: ContestFormat;
  penaltyMinutes: number;
  freezeMinutes: number;
  /** When the standings froze (endTime − freezeMinutes), or null when the contest has no freeze. */
  freezeTime: string | null;
  /** True while others' results after freezeTime are hidden: a freeze until an admin unfreezes. */
  frozen: boolean;
}

export interface CreateContestRequest {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  maxParticipants?: number;
  problemIds: string[];
  format?: ContestFormat;
  penaltyMinutes?: number;
  freezeMinutes?: number;
}

/** Contest status from the server's clock: before start upcoming, start..end inclusive active, after end ended. */
export function contestStatusAt(
  contest: { startTime: string | Date; endTime: string | Date },
  now: Date,
): ContestStatus {
  const t = now.getTime();
  if (t < new Date(contest.startTime).getTime()) return 'upcoming';
  if (t <= new Date(contest.endTime).getTime()) return 'active';
  return 'ended';
}

/** One participant's result on one problem of a contest. */
export interface ScoreboardCell {
  problemId: string;
  /** Rejected tries (compile errors never count) before the first accept, or all of them while unsolved. */
  attempts: number;
  /** Whole minutes from the contest's start to the first accept, or null when not (visibly) solved. */
  acceptedAtMinutes: number | null;
  /** Tries hidden by the freeze: shown as '?' with this number; 0 outside a freeze. */
  pending: number;
  /** The earliest accept of this problem in the contest (among what this viewer may see). */
  firstSolve: boolean;
  /** IOI contests (issue 31): the problem's score, the best of each group over the participant's submits. */
  score?: number;
}

export interface ContestLeaderboardEntry {
  userId: string;
  username: string;
  fullName?: string;
  problemsSolved: number;
  score: number;
  rank?: number;
  /** ICPC contests: the sum over solved problems of accept minutes + penaltyMinutes per rejected try. */
  penalty?: number;
  /** One cell per problem the participant tried, in contest order. */
  cells?: ScoreboardCell[];
  /** Once the contest is rated (and unfrozen): the rating before and after it. */
  ratingBefore?: number;
  ratingAfter?: number;
  /** A virtual run's row on a virtual board (never on the contest's own standings). */
  virtual?: boolean;
  /** The school or club the participant names on their profile (issue 32); the board filters by it. */
  organization?: OrganizationRef;
}

/** An admin's rejudge of every submit of one problem (in one contest, or in practice). */
export interface RejudgeProgress {
  jobId: string;
  problemId: string;
  contestId: string | null;
  total: number;
  done: number;
  changed: number;
  finished: boolean;
}

export interface ProblemLeaderboardEntry {
  userId: string;
  fullName: string;
  username: string;
  totalScore: number;
  /** Distinct problems solved, in practice or in contests (as on the profile). */
  problemsSolved?: number;
  /** Accepted submissions ÷ all judged submissions (as on the profile); null before the first. */
  acceptanceRate?: number | null;
}

export interface ContestRatingLeaderboardEntry {
  userId: string;
  fullName: string;
  username: string;
  contestRating: number;
  contestsParticipated: number;
}
