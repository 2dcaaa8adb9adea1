import { z } from 'zod';
import isEmail from 'validator/lib/isEmail';
import isUUID from 'validator/lib/isUUID';
import { MAX_CODE_BYTES } from './execution';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ServerMessages, ServerSentences } from './messages';
import { CONTEST_MODES } from './virtual';

/**
 * The request schemas the web and the API share (issue 15 item 6; README.md "Request schemas"):
 * sign-up and the first super admin (with the password rule), execute-code, submission and solve.
 * The API validates those bodies with them (apps/api/src/common/shared-body.ts) and publishes their
 * JSON Schema in the OpenAPI document; the web checks its forms with them before sending.
 *
 * Each field lists its checks in the order the first failing one is the one reported, and every
 * sentence is the one these routes answered with before (the class-validator DTOs they replace),
 * word for word: clients and tests read them.
 */

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const FULL_NAME_MAX_LENGTH = 100;
/** What a client may say about its own run of a submission; the server records its own judgement. */
export const CLIENT_STATUS_MAX_LENGTH = 32;
export const CLIENT_TEST_COUNT_MAX = 10_000;

/** The sentences of the checks these schemas share with the rest of the API's validation. */
export const FieldSentences = {
  mustBeString: (field: string) => `${field} must be a string`,
  maxLength: (field: string, max: number) => `${field} must be shorter than or equal to ${max} characters`,
  notLessThan: (field: string, min: number) => `${field} must not be less than ${min}`,
  notGreaterThan: (field: string, max: number) => `${field} must not be greater than ${max}`,
  unknownField: (field: string) => `property ${field} should not exist`,
  isRequired: (field: string) => `${field} is required`,
  uuid: (field: string) => `${field} must be a UUID`,
  wholeNumber: (field: string) => `${field} must be a whole number`,
  email: 'email must be a valid email address',
  usernameTooShort: `username must be at least ${USERNAME_MIN_LENGTH} characters long`,
  usernameCharacters: 'username may contain only letters, digits, dot, dash and underscore',
  codeTooLarge: 'code must be at most 64 KiB',
  languageJava: 'language must be java',
  runAllTestCasesBoolean: 'runAllTestCases must be true or false',
  roleSuperAdmin: 'role must be super_admin',
  contestMode: `contestMode must be one of: ${CONTEST_MODES.join(', ')}`,
} as const;

/** The type error of a field: null gets its own sentence (leave the field out instead), anything else `message`. */
const typeError = (field: string, message: string) => (issue: { input?: unknown }) =>
  issue.input === null ? ServerSentences.fieldIsNull(field) : message;

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

const uuid = (field: string) =>
  z
    .string({ error: typeError(field, FieldSentences.uuid(field)) })
    .refine((value) => isUUID(value, 'all'), FieldSentences.uuid(field))
    .meta({ format: 'uuid' });

/** The rule every new password follows (sign-up, reset, first super admin). */
export const passwordSchema = z
  .string({ error: typeError('password', FieldSentences.mustBeString('password')) })
  .min(PASSWORD_MIN_LENGTH, ServerMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, FieldSentences.maxLength('password', PASSWORD_MAX_LENGTH));

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
  .regex(USERNAME_PATTERN, FieldSentences.usernameCharacters);

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

/** POST /api/auth/create-super-admin. */
export const createSuperAdminSchema = z.strictObject({
  role: z.literal('super_admin', { error: FieldSentences.roleSuperAdmin }),
  ...accountFields,
});

/** Java source for a problem: what run and submit start from. */
const javaCode = {
  code: z
    .string({ error: typeError('code', FieldSentences.isRequired('code')) })
    .refine((value) => utf8Bytes(value) <= MAX_CODE_BYTES, FieldSentences.codeTooLarge)
    .meta({ maxLength: MAX_CODE_BYTES, description: `at most ${MAX_CODE_BYTES} bytes in UTF-8` }),
  language: z.literal('java', { error: FieldSentences.languageJava }),
  problemId: uuid('problemId'),
};

/**
 * How a try with a contestId uses the contest (issue 21): absent, the live contest; 'practice', an
 * ended contest's problem practised from its page; 'virtual', the caller's running virtual run.
 */
const contestMode = z
  .enum(CONTEST_MODES, { error: typeError('contestMode', FieldSentences.contestMode) })
  .optional()
  .meta({
    description:
      "Only with contestId. Absent: the live contest (joined, while active). 'practice': a problem of the ended contest practised from its page, kept as practice, never counted in the contest. 'virtual': a try in the caller's running virtual run of the contest (POST /api/contests/{id}/virtual).",
  });

/** A contestMode names how a contestId is used, so it comes with one. */
const modeNeedsContest = (body: { contestId?: string; contestMode?: string }) =>
  body.contestMode === undefined || body.contestId !== undefined;
const modeNeedsContestProblem = {
  message: ServerMessages.contestModeNeedsContestId,
  path: ['contestMode'],
};

/** POST /api/execute-code. */
export const executeCodeSchema = z
  .strictObject({
    runAllTestCases: z
      .boolean({ error: typeError('runAllTestCases', FieldSentences.runAllTestCasesBoolean) })
      .optional(),
    contestId: uuid('contestId').optional(),
    contestMode,
    ...javaCode,
  })
  .refine(modeNeedsContest, modeNeedsContestProblem);

/** A client's count of tests; numeric strings are read as numbers, as they always were. */
const clientCount = (field: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || Array.isArray(value) ? value : Number(value)),
    z
      .number({ error: typeError(field, FieldSentences.wholeNumber(field)) })
      .int(FieldSentences.wholeNumber(field))
      .min(0, FieldSentences.notLessThan(field, 0))
      .max(CLIENT_TEST_COUNT_MAX, FieldSentences.notGreaterThan(field, CLIENT_TEST_COUNT_MAX)),
  );

/** POST /api/submissions. */
export const submissionSchema = z
  .strictObject({
    contestId: uuid('contestId').optional(),
    contestMode,
    status: z
      .string({ error: typeError('status', FieldSentences.mustBeString('status')) })
      .max(CLIENT_STATUS_MAX_LENGTH, FieldSentences.maxLength('status', CLIENT_STATUS_MAX_LENGTH))
      .optional(),
    testCasesPassed: clientCount('testCasesPassed').optional(),
    totalTestCases: clientCount('totalTestCases').optional(),
    ...javaCode,
  })
  .refine(modeNeedsContest, modeNeedsContestProblem);

/** POST /api/solve. */
export const solveSchema = z
  .strictObject({
    problemId: uuid('problemId'),
    submissionId: uuid('submissionId'),
    contestId: uuid('contestId').optional(),
    contestMode,
  })
  .refine(modeNeedsContest, modeNeedsContestProblem);

/** The shared schemas by name: the OpenAPI document lists their bodies under these names. */
export const RequestSchemas = {
  RegisterDto: registerSchema,
  CreateSuperAdminDto: createSuperAdminSchema,
  ExecuteCodeDto: executeCodeSchema,
  SubmissionDto: submissionSchema,
  SolveDto: solveSchema,
} as const;

export type RegisterBody = z.output<typeof registerSchema>;
export type CreateSuperAdminBody = z.output<typeof createSuperAdminSchema>;
export type ExecuteCodeBody = z.output<typeof executeCodeSchema>;
export type SubmissionBody = z.output<typeof submissionSchema>;
export type SolveBody = z.output<typeof solveSchema>;

export interface RequestProblems {
  /** Each refused field's first problem, in the schema's order: unknown fields first, as they were sent. */
  messages: string[];
  /** The same by field, with zod's issue code (a form picks its own sentence for some). */
  fields: Record<string, { message: string; code: string }>;
}

/**
 * Checks `value` against a shared schema: the parsed body, or what is wrong with it. A body that is
 * not an object (absent, an array) is checked as `{}`, so it is refused field by field.
 */
export function checkRequest<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; problems: RequestProblems } {
  const input = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const unknown: string[] = [];
  const fields: RequestProblems['fields'] = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      unknown.push(...issue.keys.map((key) => FieldSentences.unknownField(key)));
      continue;
    }
    const field = issue.path.map(String).join('.');
    fields[field] ??= { message: issue.message, code: issue.code };
  }
  return {
    ok: false,
    problems: { messages: [...unknown, ...Object.values(fields).map((f) => f.message)], fields },
  };
}
