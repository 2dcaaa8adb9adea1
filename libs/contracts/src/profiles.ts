import { z } from 'zod';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from './messages';
import { FieldSentences, typeError, uuidField } from './request-rules';
import { ResponseSchemas } from './response-rules';
import { isReservedUsername, TextSentences } from './text-rule';
import { aiMeasurementSchema } from './ai';
export const INITIAL_RATING = 1500;

/** An organization as a profile (and a contest's standings) names it. */
export const organizationRefSchema = z
  .object({ id: z.string(), name: z.string() })
  .register(ResponseSchemas, { id: 'OrganizationRef' });
export type OrganizationRef = z.infer<typeof organizationRefSchema>;

/** A school or club that admins manage and users may name on their profile (issue 32). */
export const organizationSchema = z
  .object({
    ...organizationRefSchema.shape,
    /** The full name when `name` is a short one. */
    formalName: z.string().nullable(),
    /** ISO 3166-1 alpha-3, as the CLICS API shows it. */
    country: z.string().nullable(),
  })
  .register(ResponseSchemas, { id: 'Organization' });
export type Organization = z.infer<typeof organizationSchema>;

/** GET /api/profiles/:userId and /api/profiles/me. */
export const profileSchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    fullName: z.string(),
    email: z.string().optional(),
    bio: z.string(),
    preferredLanguage: z.string(),
    /** Practice points (DESIGN.md): solvedScore + partialScore (issue 45: the page shows both parts). */
    totalScore: z.number(),
    /** Points of the problems solved in practice. */
    solvedScore: z.number().optional(),
    /** Points held of scoring problems not yet solved in practice (their best partial score). */
    partialScore: z.number().optional(),
    /** Distinct problems solved, in practice or in contests (issue 30: one definition on every screen). */
    problemsSolved: z.number(),
    rating: z.number(),
    contestsParticipated: z.number(),
    /** Accepted submissions ÷ all judged submissions (0..1); null before the first judged submission. */
    acceptanceRate: z.number().nullable().optional(),
    /** The school or club the user names (issue 32); null when none. */
    // A union with null, not .nullable(): OpenAPI 3.0 has no nullable $ref (anyOf with a null is what validators read).
    organization: z.union([organizationRefSchema, z.null()]).optional(),
  })
  .register(ResponseSchemas, { id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** Inferred from updateProfileSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type UpdateProfileRequest = z.infer<typeof updateProfileSchema>;

export const activitySchema = z
  .object({
    problemId: z.string(),
    problemTitle: z.string(),
    difficulty: z.string(),
    points: z.number(),
    solvedAt: z.string(),
    /** The contest the solve was in (its points count there, not in Total Score); null for practice. */
    contestTitle: z.string().nullable().optional(),
  })
  .register(ResponseSchemas, { id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;

export const ratingChangeSchema = z
  .object({
    contestId: z.string(),
    contestTitle: z.string(),
    oldRating: z.number(),
    newRating: z.number(),
    rank: z.number(),
    at: z.string(),
  })
  .register(ResponseSchemas, { id: 'RatingChange' });
export type RatingChange = z.infer<typeof ratingChangeSchema>;

export const platformStatsSchema = z
  .object({ problems: z.number(), contests: z.number(), users: z.number() })
  .register(ResponseSchemas, { id: 'PlatformStats' });
export type PlatformStats = z.infer<typeof platformStatsSchema>;

/** POST /api/ai/analyze-code and /api/ai/debug-help. */
export const aiResponseSchema = z
  .object({
    success: z.boolean(),
    analysis: z.string(),
    error: z.string().optional(),
    /** Analyze Code: the complexity measured in the judge's sandbox, for the web's chart (issue 19). */
    measurement: aiMeasurementSchema.optional(),
  })
  .register(ResponseSchemas, { id: 'AiResponse' });
export type AiResponse = z.infer<typeof aiResponseSchema>;

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
    .refine((value) => !isReservedUsername(value), TextSentences.usernameReserved)
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
