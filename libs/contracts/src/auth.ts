import { z } from 'zod';
import isEmail from 'validator/lib/isEmail';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ServerMessages,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from './messages';
import { FieldSentences, typeError } from './request-rules';
import { ResponseSchemas } from './response-rules';
import { isReservedUsername, TextSentences } from './text-rule';

/** The signed-in user as the API describes it (GET /api/auth/me, the first super admin). */
export const userSchema = z
  .object({
    id: z.string(),
    _id: z.string(),
    email: z.string(),
    username: z.string(),
    fullName: z.string(),
    roles: z.array(z.string()),
    isAdmin: z.boolean(),
    isSuperAdmin: z.boolean(),
    emailVerified: z.boolean(),
  })
  .register(ResponseSchemas, { id: 'User' });
export type User = z.infer<typeof userSchema>;

/** GET /api/auth/me. */
export const meResponseSchema = z
  .object({ user: userSchema, roles: z.array(z.string()) })
  .register(ResponseSchemas, { id: 'MeResponse' });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** A signed-in caller's token (login, Google, a verified address). */
export const tokenResponseSchema = z
  .object({ token: z.string() })
  .register(ResponseSchemas, { id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST /api/auth/register: signed in at once, or told to verify the address first. */
export const registerResponseSchema = z
  .object({ token: z.string().optional(), requiresVerification: z.boolean(), message: z.string().optional() })
  .register(ResponseSchemas, { id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** Body of every error the API sends: `error` is the human message the web shows. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
}

/** Inferred from loginSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type LoginRequest = z.infer<typeof loginSchema>;

/** Inferred from registerSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type RegisterRequest = z.infer<typeof registerSchema>;

/** Inferred from createSuperAdminSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type CreateSuperAdminRequest = z.infer<typeof createSuperAdminSchema>;

/** Inferred from googleLoginSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type GoogleLoginRequest = z.infer<typeof googleLoginSchema>;

/** GET /api/auth/config: what the web needs at start to show the sign-in options. */
export const authConfigSchema = z
  .object({ googleClientId: z.string().optional(), githubEnabled: z.boolean() })
  .register(ResponseSchemas, { id: 'AuthConfig' });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** A confirmation with its sentence (ServerMessages). */
export const messageResponseSchema = z
  .object({ message: z.string().optional(), success: z.boolean().optional() })
  .register(ResponseSchemas, { id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A done action's confirmation (a sign-out, a new password, a removal). */
export const confirmationSchema = z.object({ success: z.literal(true), message: z.string() });
export type Confirmation = z.infer<typeof confirmationSchema>;

/** POST /api/auth/verify-email: the address verified, and the caller signed in. */
export const emailVerifiedSchema = z.object({ ...confirmationSchema.shape, token: z.string() });

/** POST /api/auth/create-super-admin: the first super admin, signed in. */
export const superAdminCreatedSchema = z.object({
  ...confirmationSchema.shape,
  token: z.string(),
  user: userSchema,
});

export const EMAIL_MAX_LENGTH = 254;
export const FULL_NAME_MAX_LENGTH = 100;

/** The rule every new password follows (sign-up, first super admin, reset), under the name `field` has there. */
const newPassword = (field: string, notAString: (issue: { input?: unknown }) => string) =>
  z
    .string({ error: notAString })
    .min(PASSWORD_MIN_LENGTH, ServerMessages.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, FieldSentences.maxLength(field, PASSWORD_MAX_LENGTH));

export const passwordSchema = newPassword(
  'password',
  typeError('password', FieldSentences.mustBeString('password')),
);

const email = z
  .string({ error: typeError('email', FieldSentences.email) })
  .trim()
  .refine((value) => isEmail(value), FieldSentences.email)
  .max(EMAIL_MAX_LENGTH, FieldSentences.maxLength('email', EMAIL_MAX_LENGTH))
  .meta({ format: 'email' });

const username = z
  .string({ error: typeError('username', FieldSentences.mustBeString('username')) })
  .trim()
  .min(USERNAME_MIN_LENGTH, FieldSentences.usernameTooShort)
  .max(USERNAME_MAX_LENGTH, FieldSentences.maxLength('username', USERNAME_MAX_LENGTH))
  .regex(USERNAME_PATTERN, FieldSentences.usernameCharacters)
  .refine((value) => !isReservedUsername(value), TextSentences.usernameReserved);

const fullName = z
  .string({ error: typeError('fullName', FieldSentences.mustBeString('fullName')) })
  .trim()
  .min(1, FieldSentences.isRequired('fullName'))
  .max(FULL_NAME_MAX_LENGTH, FieldSentences.maxLength('fullName', FULL_NAME_MAX_LENGTH));

/** The fields of a new account. Object order is the order problems are reported in. */
const accountFields = { email, password: passwordSchema, username, fullName };

/** POST /api/auth/register. Whether the two passwords match is the service's to say (one sentence for it). */
export const registerSchema = z.strictObject({
  confirmPassword: z
    .string({ error: typeError('confirmPassword', FieldSentences.mustBeString('confirmPassword')) })
    .min(1, FieldSentences.isRequired('confirmPassword')),
  ...accountFields,
});

/** An emailed token's greatest length; a real one is 43 characters. */
export const EMAIL_TOKEN_MAX_LENGTH = 200;

/** POST /api/auth/reset-password: the token of the mailed link and the new password. */
export const resetPasswordSchema = z.strictObject({
  token: z
    .string({ error: ServerMessages.invalidResetToken })
    .min(1, ServerMessages.invalidResetToken)
    .max(EMAIL_TOKEN_MAX_LENGTH, FieldSentences.maxLength('token', EMAIL_TOKEN_MAX_LENGTH)),
  newPassword: newPassword('newPassword', () => FieldSentences.mustBeString('newPassword')),
});

/** POST /api/auth/create-super-admin. */
export const createSuperAdminSchema = z.strictObject({
  role: z.literal('super_admin', { error: FieldSentences.roleSuperAdmin }),
  ...accountFields,
});

/** An email address a mail goes to (forgot password, resend verification): null is refused as any non-address. */
const mailAddress = z
  .string({ error: FieldSentences.email })
  .trim()
  .refine((value) => isEmail(value), FieldSentences.email)
  .max(EMAIL_MAX_LENGTH, FieldSentences.maxLength('email', EMAIL_MAX_LENGTH))
  .meta({ format: 'email' });

/** POST /api/auth/forgot-password and /api/auth/resend-verification. */
export const emailSchema = z.strictObject({ email: mailAddress });

/**
 * What signs in (issue 43): an email address, or the username of an account a contest package brought
 * (a team, a judge or an admin: they have no e-mail), given in the same `email` field.
 */
const signInName = z
  .string({ error: FieldSentences.email })
  .trim()
  .refine(
    (value) => isEmail(value) || (value.length <= USERNAME_MAX_LENGTH && USERNAME_PATTERN.test(value)),
    FieldSentences.email,
  )
  .max(EMAIL_MAX_LENGTH, FieldSentences.maxLength('email', EMAIL_MAX_LENGTH));

/** POST /api/auth/login and /api/auth/manual-login. */
export const loginSchema = z.strictObject({
  email: signInName,
  password: z
    .string({ error: FieldSentences.mustBeString('password') })
    .min(1, FieldSentences.isRequired('password'))
    .max(PASSWORD_MAX_LENGTH, FieldSentences.maxLength('password', PASSWORD_MAX_LENGTH)),
});

/** POST /api/auth/verify-email: the token of the mailed link. */
export const tokenSchema = z.strictObject({
  token: z
    .string({ error: FieldSentences.isRequired('token') })
    .min(1, FieldSentences.isRequired('token'))
    .max(EMAIL_TOKEN_MAX_LENGTH, FieldSentences.maxLength('token', EMAIL_TOKEN_MAX_LENGTH)),
});

/** Google ID tokens are about 1 KB; the cap only keeps junk out. */
export const GOOGLE_CREDENTIAL_MAX = 8192;

const userInfoText = (field: string, max: number) =>
  z
    .string({ error: typeError(field, FieldSentences.mustBeString(field)) })
    .max(max, FieldSentences.maxLength(field, max))
    .optional();

/** POST /api/auth/google. `userInfo` is what the web decoded from the credential: accepted for the spec's wire shape, never trusted. */
export const googleLoginSchema = z.strictObject({
  provider: z.literal('google', { error: FieldSentences.mustBe('provider', 'google') }),
  accessToken: z
    .string({ error: FieldSentences.isRequired('accessToken') })
    .min(1, FieldSentences.isRequired('accessToken'))
    .max(GOOGLE_CREDENTIAL_MAX, FieldSentences.maxLength('accessToken', GOOGLE_CREDENTIAL_MAX)),
  userInfo: z
    .strictObject(
      {
        id: userInfoText('id', 255),
        email: userInfoText('email', 254),
        name: userInfoText('name', 255),
        picture: userInfoText('picture', 2048),
      },
      { error: typeError('userInfo', FieldSentences.mustBeObject('userInfo')) },
    )
    .optional(),
});

export type RegisterBody = z.output<typeof registerSchema>;
export type CreateSuperAdminBody = z.output<typeof createSuperAdminSchema>;
export type ResetPasswordBody = z.output<typeof resetPasswordSchema>;
export type EmailBody = z.output<typeof emailSchema>;
export type LoginBody = z.output<typeof loginSchema>;
export type TokenBody = z.output<typeof tokenSchema>;
export type GoogleLoginBody = z.output<typeof googleLoginSchema>;
