import type { AiMeasurement } from './ai';
export const INITIAL_RATING = 1500;

export interface Profile {
  userId: string;
  username: string;
  fullName: string;
  email?: string;
  bio: string;
  preferredLanguage: string;
  totalScore: number;
  /** Distinct problems solved, in practice or in contests (issue 30: one definition on every screen). */
  problemsSolved: number;
  rating: number;
  contestsParticipated: number;
  /** Accepted submissions ÷ all judged submissions (0..1); null before the first judged submission. */
  acceptanceRate?: number | null;
}

export interface UpdateProfileRequest {
  username?: string;
  fullName?: string;
  bio?: string;
  preferredLanguage?: string;
}

export interface Activity {
  problemId: string;
  problemTitle: string;
  difficulty: string;
  points: number;
  solvedAt: string;
}

export interface RatingChange {
  contestId: string;
  contestTitle: string;
  oldRating: number;
  newRating: number;
  rank: number;
  at: string;
}

export interface PlatformStats {
  problems: number;
  contests: number;
  users: number;
}

export interface AiResponse {
  success: boolean;
  analysis: string;
  error?: string;
  /** Analyze Code: the complexity measured in the judge's sandbox, for the web's chart (issue 19). */
  measurement?: AiMeasurement;
}
