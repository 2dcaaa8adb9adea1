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
  /** The school or club the user names (issue 32); null when none. */
  organization?: OrganizationRef | null;
}

/** An organization as a profile names it. */
export interface OrganizationRef {
  id: string;
  name: string;
}

/** A school or club that admins manage and users may name on their profile (issue 32). */
export interface Organization extends OrganizationRef {
  /** The full name when `name` is a short one. */
  formalName: string | null;
  /** ISO 3166-1 alpha-3, as the CLICS API shows it. */
  country: string | null;
}

export interface UpdateProfileRequest {
  username?: string;
  fullName?: string;
  bio?: string;
  preferredLanguage?: string;
  /** An organization's id; null clears it. */
  organizationId?: string | null;
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
