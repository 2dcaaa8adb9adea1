import { z } from 'zod';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from './messages';
import { FieldSentences, typeError, uuidField } from './request-rules';
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

/* ---- PUT /api/profile and POST /api/organizations ---- */

export const BIO_MAX_LENGTH = 2_000;
export const ORGANIZATION_NAME_MAX = 120;
export const ORGANIZATION_FORMAL_NAME_MAX = 300;

const optionalString = (field: string) =>
  z.string({ error: typeError(field, FieldSentences.mustBeString(field)) });

/** PUT /api/profile: each field left out keeps its value; null clears the bio and the organization. */
export const updateProfileSchema = z.strictObject({
  username: optionalString('username')
    .trim()
    .min(USERNAME_MIN_LENGTH, FieldSentences.usernameTooShort)
    .max(USERNAME_MAX_LENGTH, FieldSentences.maxLength('username', USERNAME_MAX_LENGTH))
    .regex(USERNAME_PATTERN, FieldSentences.usernameCharacters)
    .optional(),
  fullName: optionalString('fullName')
    .trim()
    .min(1, FieldSentences.notEmpty('fullName'))
    .max(100, FieldSentences.maxLength('fullName', 100))
    .optional(),
  /** null clears the bio. */
  bio: z
    .string({ error: FieldSentences.mustBeString('bio') })
    .max(BIO_MAX_LENGTH, FieldSentences.atMostCharactersLong('bio', BIO_MAX_LENGTH))
    .nullable()
    .optional(),
  preferredLanguage: optionalString('preferredLanguage')
    .trim()
    .max(50, FieldSentences.maxLength('preferredLanguage', 50))
    .optional(),
  /** The school or club the user names (one of GET /api/organizations); null clears it. */
  organizationId: uuidField('organizationId', () => FieldSentences.uuid('organizationId'))
    .nullable()
    .optional(),
  /** The web sends the read-only email back; any other value is refused by the service. */
  email: optionalString('email').max(254, FieldSentences.maxLength('email', 254)).optional(),
});

/** POST /api/organizations. */
export const createOrganizationSchema = z.strictObject({
  name: z
    .string({ error: FieldSentences.isRequired('name') })
    .trim()
    .min(1, FieldSentences.isRequired('name'))
    .max(ORGANIZATION_NAME_MAX, FieldSentences.atMostCharacters('name', ORGANIZATION_NAME_MAX)),
  formalName: z
    .string({ error: FieldSentences.mustBeString('formalName') })
    .trim()
    .max(
      ORGANIZATION_FORMAL_NAME_MAX,
      FieldSentences.atMostCharacters('formalName', ORGANIZATION_FORMAL_NAME_MAX),
    )
    .nullable()
    .optional(),
  /** ISO 3166-1 alpha-3, as the ICPC tools show flags by it. */
  country: z
    .string({ error: FieldSentences.mustBeString('country') })
    .regex(/^[A-Z]{3}$/, FieldSentences.countryCode)
    .nullable()
    .optional(),
});

export type UpdateProfileBody = z.output<typeof updateProfileSchema>;
export type CreateOrganizationBody = z.output<typeof createOrganizationSchema>;
