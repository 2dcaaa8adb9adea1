import type { Problem } from './problems';

export const CONTEST_STATUSES = ['upcoming', 'active', 'ended'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

export const DEFAULT_MAX_PARTICIPANTS = 100;

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
}

export interface CreateContestRequest {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  maxParticipants?: number;
  problemIds: string[];
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

export interface ContestLeaderboardEntry {
  userId: string;
  username: string;
  fullName?: string;
  problemsSolved: number;
  score: number;
  rank?: number;
}

export interface ProblemLeaderboardEntry {
  userId: string;
  fullName: string;
  username: string;
  totalScore: number;
}

export interface ContestRatingLeaderboardEntry {
  userId: string;
  fullName: string;
  username: string;
  contestRating: number;
  contestsParticipated: number;
}
