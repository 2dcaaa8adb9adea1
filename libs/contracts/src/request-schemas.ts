import { z } from 'zod';
import isEmail from 'validator/lib/isEmail';
import isUUID from 'validator/lib/isUUID';
import { MAX_CODE_BYTES } from './execution';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ServerMessages, ServerSentences } from './messages';
import { CONTEST_MODES } from './virtual';
import { CHECKERS, PROBLEM_INPUT_TYPES, PROBLEM_RETURN_TYPES, type ProblemReturnType } from './problem-types';
import { DIFFICULTIES, type TestValue } from './problems';
import { CLASSIC_LIMITS, PROBLEM_KINDS } from './packages';
import { TEST_GROUP_LIMITS } from './scoring';

/**
 * The request schemas the web and the API share (issue 15 item 6; README.md "Request schemas"):
 * sign-up, the first super admin and a password reset (with the password rule), execute-code, submission, solve, and
 * the problem form with the two reference-solution calls made from it.
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
  codeTooLarge: `code must be at most ${MAX_CODE_BYTES / 1024} KiB`,
  languageJava: 'language must be java',
  runAllTestCasesBoolean: 'runAllTestCases must be true or false',
  roleSuperAdmin: 'role must be super_admin',
  contestMode: `contestMode must be one of: ${CONTEST_MODES.join(', ')}`,
  oneOf: (field: string, values: readonly string[]) => `${field} must be one of: ${values.join(', ')}`,
  trueOrFalse: (field: string) => `${field} must be true or false`,
  mustBeArray: (field: string) => `${field} must be an array`,
  mustBeNumber: (field: string) => `${field} must be a number`,
  atLeast: (field: string, min: number) => `${field} must be at least ${min}`,
  atMost: (field: string, max: number) => `${field} must be at most ${max}`,
  maxItems: (field: string, max: number) => `${field} must contain no more than ${max} elements`,
  eachMaxLength: (field: string, max: number) =>
    `each value in ${field} must be shorter than or equal to ${max} characters`,
  /** A list of objects given something that is neither a list nor an object. */
  nestedItems: (field: string) => `each value in nested property ${field} must be either object or array`,
  /** A list of objects with a list where an object belongs. */
  itemNotObject: (field: string) => `each value in ${field} must be an object, not a list`,
  atLeastOneTest: 'testCases must contain at least one test case',
  arrayOfStrings: (field: string) => `${field} must be an array of strings`,
  testInputs: 'inputs must be an object of variable name to value',
  mustBe: (field: string, value: string) => `${field} must be ${value}`,
  mustBeObject: (field: string) => `${field} must be an object`,
  mustBeText: (field: string) => `${field} must be text`,
  notEmpty: (field: string) => `${field} must not be empty`,
  atMostCharacters: (field: string, max: number) => `${field} must be at most ${max} characters`,
  atMostCharactersLong: (field: string, max: number) => `${field} must be at most ${max} characters long`,
  atMostKiB: (field: string, bytes: number) => `${field} must be at most ${bytes / 1024} KiB`,
  atMostItems: (field: string, max: number) => `${field} must have at most ${max} items`,
  testResultsList: 'testResults must be an array of test results',
  customInputs: 'inputs must be an object of input values',
  countryCode: 'country must be an ISO 3166-1 alpha-3 code (three capital letters)',
  isoDateTime: (field: string) => `${field} must be an ISO 8601 date-time`,
  notNegative: (field: string) => `${field} must not be negative`,
  problemIdsUuids: 'problemIds must contain problem UUIDs',
  atLeastOneContestProblem: 'Please select at least one problem for the contest',
  freezeLongerThanContest: 'freezeMinutes must not be longer than the contest',
  customInputValues: (keys: number, chars: number) =>
    `inputs must map each input variable's name to a string value (at most ${keys} values of ${chars} characters)`,
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

/**
 * The `code` of every run, submission and AI call: Java source of at most MAX_CODE_BYTES in UTF-8.
 * The API's class-validator DTOs (run-custom, analyze-code, debug-help) check `code` with it too.
 */
export const javaSourceSchema = z
  .string({ error: typeError('code', FieldSentences.isRequired('code')) })
  .refine((value) => utf8Bytes(value) <= MAX_CODE_BYTES, FieldSentences.codeTooLarge)
  .meta({ maxLength: MAX_CODE_BYTES, description: `at most ${MAX_CODE_BYTES} bytes in UTF-8` });

/** Java source for a problem: what run and submit start from. */
const javaCode = {
  code: javaSourceSchema,
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

/* ---- The problem form (POST /api/problems, PUT /api/problems/:id) and its reference calls ---- */

export const PROBLEM_TITLE_MAX_LENGTH = 200;
export const PROBLEM_DESCRIPTION_MAX_LENGTH = 20_000;
export const PROBLEM_CONSTRAINTS_MAX_LENGTH = 5_000;
export const PROBLEM_POINTS_MAX = 10_000;
export const FUNCTION_NAME_MAX_LENGTH = 100;
export const MAX_TEST_CASES = 200;
export const MAX_INPUT_VARIABLES = 20;
export const MAX_TAGS = 20;
export const TAG_MAX_LENGTH = 40;
/** A variable's name and a client's id of a variable or test. */
export const FORM_ID_MAX_LENGTH = 64;
export const VARIABLE_DESCRIPTION_MAX_LENGTH = 1_000;
/** A test's expected output, and the stored form of its inputs. */
export const MAX_VALUE_LENGTH = 100_000;
/** Boilerplate, reference solutions and checkers: Java sources of a problem. */
export const MAX_JAVA_SOURCE_LENGTH = 64 * 1024;
/** A 'float' tolerance outside these is a mistake (1e-15 is below a double's precision near 1). */
export const MIN_TOLERANCE = 1e-15;
export const MAX_TOLERANCE = 0.5;

/** A text the form must have: refused when it is not a string or is empty (after trimming, if `trim`). */
const requiredText = (field: string, max: number, trim: boolean) => {
  const text = z.string({ error: FieldSentences.isRequired(field) });
  return (trim ? text.trim() : text)
    .min(1, FieldSentences.isRequired(field))
    .max(max, FieldSentences.maxLength(field, max));
};

/** A text that may be left out (never null). */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: typeError(field, FieldSentences.mustBeString(field)) })
    .max(max, FieldSentences.maxLength(field, max))
    .optional();

/** One of `values`; optional ones refuse null with their own sentence. */
const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: FieldSentences.oneOf(field, values) });
const optionalOneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: typeError(field, FieldSentences.oneOf(field, values)) }).optional();

type Issue = Exclude<Parameters<z.core.$RefinementCtx['addIssue']>[0], string>;

/**
 * A list of objects, checked as the problem form always checked it: a missing list must be an
 * array; a value that is neither a list nor an object, or a list with such an item, is refused in
 * one sentence; an object where the list belongs is refused and checked as one item; otherwise the
 * list's length (one sentence, first) and then each item, named by its place (`testCases.1.isExample`).
 */
function objectList<I extends z.ZodType>(
  field: string,
  item: I,
  bounds: { max: number; min?: { count: number; message: string } },
) {
  const published = z.array(item).max(bounds.max);
  const problems = (value: unknown): Issue[] => {
    if (value === undefined) return [{ code: 'custom', message: FieldSentences.mustBeArray(field) }];
    if (value === null || typeof value !== 'object')
      return [{ code: 'custom', message: FieldSentences.nestedItems(field) }];
    const itemProblems = (entry: unknown, path: PropertyKey[]): Issue[] => {
      if (Array.isArray(entry))
        return [{ code: 'custom', path, message: FieldSentences.itemNotObject(field) }];
      if (entry === null || typeof entry !== 'object')
        return [{ code: 'custom', path, message: FieldSentences.nestedItems(field) }];
      const checked = item.safeParse(entry);
      return checked.success
        ? []
        : checked.error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] }) as Issue);
    };
    if (!Array.isArray(value))
      return [{ code: 'custom', message: FieldSentences.mustBeArray(field) }, ...itemProblems(value, [])];
    const own: Issue[] =
      bounds.min && value.length < bounds.min.count
        ? [{ code: 'custom', message: bounds.min.message }]
        : value.length > bounds.max
          ? [{ code: 'custom', message: FieldSentences.maxItems(field, bounds.max) }]
          : [];
    return [...own, ...value.flatMap((entry, i) => itemProblems(entry, [i]))];
  };
  return z.preprocess(
    (value, ctx) => {
      const found = problems(value);
      // Unknown fields alone do not stop the list below, which then reports them itself.
      if (found.some((issue) => issue.code !== 'unrecognized_keys'))
        for (const issue of found) ctx.addIssue({ ...issue, input: value } as Issue);
      return value;
    },
    bounds.min ? published.min(bounds.min.count) : published,
  );
}

const inputVariableItem = z.strictObject({
  id: optionalText('id', FORM_ID_MAX_LENGTH),
  name: requiredText('name', FORM_ID_MAX_LENGTH, true),
  type: oneOf('type', PROBLEM_INPUT_TYPES),
  description: optionalText('description', VARIABLE_DESCRIPTION_MAX_LENGTH),
});

/** A value of a test's inputs map: any JSON value; the service checks it against its variable's type. */
const testValue = z.unknown() as z.ZodType<TestValue>;

const testCaseItem = z.strictObject({
  id: optionalText('id', FORM_ID_MAX_LENGTH),
  _id: optionalText('_id', FORM_ID_MAX_LENGTH),
  /** Variable name to value: the text an admin typed, or a JSON value (libs/java-io/README.md). */
  inputs: z.record(z.string(), testValue, { error: FieldSentences.testInputs }),
  /** Accepted from clients that send the stored form; `inputs` wins. */
  input: optionalText('input', MAX_VALUE_LENGTH),
  expectedOutput: z
    .string({ error: FieldSentences.mustBeString('expectedOutput') })
    .max(MAX_VALUE_LENGTH, FieldSentences.maxLength('expectedOutput', MAX_VALUE_LENGTH)),
  isExample: z.boolean({ error: FieldSentences.trueOrFalse('isExample') }),
  /** A hidden test's group on a scoring problem (issue 31); the service checks it names one of `testGroups`. */
  group: optionalText('group', TEST_GROUP_LIMITS.nameLength),
});

/** One test group (issue 31): the service checks distinct names and that `dependsOn` names earlier groups. */
const testGroupItem = z.strictObject({
  name: requiredText('name', TEST_GROUP_LIMITS.nameLength, true),
  points: z
    .number({ error: typeError('points', FieldSentences.wholeNumber('points')) })
    .refine(Number.isInteger, FieldSentences.wholeNumber('points'))
    .min(0, FieldSentences.notLessThan('points', 0))
    .max(TEST_GROUP_LIMITS.maxPoints, FieldSentences.notGreaterThan('points', TEST_GROUP_LIMITS.maxPoints))
    .meta({ type: 'integer' }),
  dependsOn: z
    .array(
      z.string({ error: FieldSentences.arrayOfStrings('dependsOn') }).max(TEST_GROUP_LIMITS.nameLength),
      {
        error: typeError('dependsOn', FieldSentences.arrayOfStrings('dependsOn')),
      },
    )
    .max(TEST_GROUP_LIMITS.maxGroups, FieldSentences.maxItems('dependsOn', TEST_GROUP_LIMITS.maxGroups))
    .optional(),
});

/** A scoring problem's subtasks (absent or empty: all-or-nothing). */
const testGroups = objectList('testGroups', testGroupItem, { max: TEST_GROUP_LIMITS.maxGroups }).optional();

const inputVariables = objectList('inputVariables', inputVariableItem, { max: MAX_INPUT_VARIABLES });
const testCases = objectList('testCases', testCaseItem, {
  max: MAX_TEST_CASES,
  min: { count: 1, message: FieldSentences.atLeastOneTest },
});

/** Tags: one sentence for the whole list, the most basic problem first. */
const tags = z
  .preprocess(
    (value, ctx) => {
      const problem =
        value === null
          ? ServerSentences.fieldIsNull('tags')
          : !Array.isArray(value)
            ? FieldSentences.arrayOfStrings('tags')
            : value.length > MAX_TAGS
              ? FieldSentences.maxItems('tags', MAX_TAGS)
              : value.some((tag) => typeof tag !== 'string')
                ? FieldSentences.arrayOfStrings('tags')
                : value.some((tag: string) => tag.length > TAG_MAX_LENGTH)
                  ? FieldSentences.eachMaxLength('tags', TAG_MAX_LENGTH)
                  : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
      return value;
    },
    z.array(z.string().max(TAG_MAX_LENGTH)).max(MAX_TAGS),
  )
  .optional();

/** How the judge compares outputs: the checker, its tolerance ('float') and its source ('custom'). */
const judgingFields = {
  checker: optionalOneOf('checker', CHECKERS),
  tolerance: z
    .number({ error: typeError('tolerance', FieldSentences.mustBeNumber('tolerance')) })
    .min(MIN_TOLERANCE, FieldSentences.atLeast('tolerance', MIN_TOLERANCE))
    .max(MAX_TOLERANCE, FieldSentences.atMost('tolerance', MAX_TOLERANCE))
    .optional(),
  checkerCode: optionalText('checkerCode', MAX_JAVA_SOURCE_LENGTH),
};

/** The reference solution a reference call runs. */
const referenceToRun = requiredText('referenceSolution', MAX_JAVA_SOURCE_LENGTH, false);

/**
 * POST /api/problems and PUT /api/problems/:id. The service checks what a schema cannot: Java
 * identifiers, distinct variables, each test value against its variable's type, 'custom' with code.
 */
export const problemFormSchema = z.strictObject({
  /** A function problem (the spec's); `'stdio'` bodies are checked by classicProblemFormSchema. */
  kind: z.literal('function', { error: FieldSentences.oneOf('kind', ['function', 'stdio']) }).optional(),
  title: requiredText('title', PROBLEM_TITLE_MAX_LENGTH, true),
  description: requiredText('description', PROBLEM_DESCRIPTION_MAX_LENGTH, false),
  constraints: optionalText('constraints', PROBLEM_CONSTRAINTS_MAX_LENGTH),
  difficulty: optionalOneOf('difficulty', DIFFICULTIES),
  points: z
    .number({ error: typeError('points', FieldSentences.wholeNumber('points')) })
    .refine(Number.isInteger, FieldSentences.wholeNumber('points'))
    .min(0, FieldSentences.notLessThan('points', 0))
    .max(PROBLEM_POINTS_MAX, FieldSentences.notGreaterThan('points', PROBLEM_POINTS_MAX))
    .meta({ type: 'integer' })
    .optional(),
  inputVariables,
  testCases,
  functionName: requiredText('functionName', FUNCTION_NAME_MAX_LENGTH, true),
  returnType: optionalOneOf(
    'returnType',
    PROBLEM_RETURN_TYPES as [ProblemReturnType, ...ProblemReturnType[]],
  ),
  boilerplateCode: optionalText('boilerplateCode', MAX_JAVA_SOURCE_LENGTH),
  tags,
  isVisible: z.boolean({ error: typeError('isVisible', FieldSentences.trueOrFalse('isVisible')) }).optional(),
  ...judgingFields,
  /** The author's Java solution, admins only; an empty string clears it. */
  referenceSolution: optionalText('referenceSolution', MAX_JAVA_SOURCE_LENGTH),
  testGroups,
});

/** One test of a classic problem's form: the raw input text and the answer text, stored as they are. */
const classicTestItem = z.strictObject({
  id: optionalText('id', FORM_ID_MAX_LENGTH),
  _id: optionalText('_id', FORM_ID_MAX_LENGTH),
  input: z
    .string({ error: FieldSentences.isRequired('input') })
    .max(MAX_VALUE_LENGTH, FieldSentences.maxLength('input', MAX_VALUE_LENGTH)),
  expectedOutput: z
    .string({ error: FieldSentences.mustBeString('expectedOutput') })
    .max(MAX_VALUE_LENGTH, FieldSentences.maxLength('expectedOutput', MAX_VALUE_LENGTH)),
  isExample: z.boolean({ error: FieldSentences.trueOrFalse('isExample') }),
  group: optionalText('group', TEST_GROUP_LIMITS.nameLength),
});

const wholeNumberIn = (field: string, min: number, max: number) =>
  z
    .number({ error: typeError(field, FieldSentences.wholeNumber(field)) })
    .refine(Number.isInteger, FieldSentences.wholeNumber(field))
    .min(min, FieldSentences.notLessThan(field, min))
    .max(max, FieldSentences.notGreaterThan(field, max))
    .meta({ type: 'integer' });

const validatorFile = z.strictObject({
  path: requiredText('outputValidator.files[].path', CLASSIC_LIMITS.validatorPathLength, true),
  content: z
    .string({ error: FieldSentences.isRequired('outputValidator.files[].content') })
    .max(
      CLASSIC_LIMITS.validatorFileLength,
      FieldSentences.maxLength('outputValidator.files[].content', CLASSIC_LIMITS.validatorFileLength),
    ),
});

/**
 * POST /api/problems and PUT /api/problems/:id with `kind: 'stdio'` (issue 29): a classic problem, a
 * whole program reading stdin, its tests as text, its limits and its output validation. The service
 * checks the validator flags (parseDefaultValidatorFlags) and the validator's file paths.
 */
export const classicProblemFormSchema = z.strictObject({
  kind: z.literal('stdio', { error: FieldSentences.oneOf('kind', ['function', 'stdio']) }),
  title: requiredText('title', PROBLEM_TITLE_MAX_LENGTH, true),
  description: requiredText('description', PROBLEM_DESCRIPTION_MAX_LENGTH, false),
  constraints: optionalText('constraints', PROBLEM_CONSTRAINTS_MAX_LENGTH),
  difficulty: optionalOneOf('difficulty', DIFFICULTIES),
  points: wholeNumberIn('points', 0, PROBLEM_POINTS_MAX).optional(),
  testCases: objectList('testCases', classicTestItem, {
    max: CLASSIC_LIMITS.maxTests,
    min: { count: 1, message: FieldSentences.atLeastOneTest },
  }),
  tags,
  isVisible: z.boolean({ error: typeError('isVisible', FieldSentences.trueOrFalse('isVisible')) }).optional(),
  timeLimitMs: wholeNumberIn(
    'timeLimitMs',
    CLASSIC_LIMITS.minTimeLimitMs,
    CLASSIC_LIMITS.maxTimeLimitMs,
  ).optional(),
  memoryLimitMb: wholeNumberIn(
    'memoryLimitMb',
    CLASSIC_LIMITS.minMemoryLimitMb,
    CLASSIC_LIMITS.maxMemoryLimitMb,
  ).optional(),
  validatorFlags: z
    .array(
      z.string({ error: FieldSentences.arrayOfStrings('validatorFlags') }).max(CLASSIC_LIMITS.flagLength),
      {
        error: typeError('validatorFlags', FieldSentences.arrayOfStrings('validatorFlags')),
      },
    )
    .max(CLASSIC_LIMITS.maxFlags, FieldSentences.maxItems('validatorFlags', CLASSIC_LIMITS.maxFlags))
    .optional(),
  /** A custom output validator (C++ or Java); null removes it, left out keeps the stored one. */
  outputValidator: z
    .strictObject({
      language: z.enum(['cpp', 'java'], {
        error: typeError(
          'outputValidator.language',
          FieldSentences.oneOf('outputValidator.language', ['cpp', 'java']),
        ),
      }),
      files: z.array(validatorFile).min(1).max(CLASSIC_LIMITS.maxValidatorFiles),
    })
    .nullable()
    .optional(),
  /** The author's Java solution, admins only; an empty string clears it. */
  referenceSolution: optionalText('referenceSolution', MAX_JAVA_SOURCE_LENGTH),
  testGroups,
});

/**
 * The body of POST /api/problems and PUT /api/problems/:id as published: a function problem's form or a
 * classic one's (`kind: 'stdio'`), every field of either. Each body is checked by the schema its `kind`
 * names (problemBodySchemaOf), so a form is told what is wrong in its own kind's sentences.
 */
export const problemBodySchema = z.strictObject({
  ...problemFormSchema.shape,
  ...classicProblemFormSchema.shape,
  kind: optionalOneOf('kind', PROBLEM_KINDS),
  inputVariables: inputVariables.optional(),
  functionName: requiredText('functionName', FUNCTION_NAME_MAX_LENGTH, true).optional(),
  testCases: objectList('testCases', testCaseItem.extend({ inputs: testCaseItem.shape.inputs.optional() }), {
    max: Math.max(MAX_TEST_CASES, CLASSIC_LIMITS.maxTests),
    min: { count: 1, message: FieldSentences.atLeastOneTest },
  }),
});

/** The schema that checks a problem body: the classic form's when it says `kind: 'stdio'`. */
export function problemBodySchemaOf(
  body: unknown,
): typeof problemFormSchema | typeof classicProblemFormSchema {
  const kind = body !== null && typeof body === 'object' ? (body as { kind?: unknown }).kind : undefined;
  return kind === 'stdio' ? classicProblemFormSchema : problemFormSchema;
}

/** POST /api/problems/validate: a problem form's reference solution on its tests, before it is saved. */
export const validateDraftSchema = z.strictObject({
  referenceSolution: referenceToRun,
  inputVariables,
  testCases,
  ...judgingFields,
});

/** POST /api/problems/expected-output: what the reference prints for one test's inputs. */
export const expectedOutputSchema = z.strictObject({
  referenceSolution: referenceToRun,
  inputVariables,
  inputs: z.record(z.string(), testValue, { error: FieldSentences.testInputs }),
});

/** The shared schemas by name: the OpenAPI document lists their bodies under these names. */
export const RequestSchemas = {
  RegisterDto: registerSchema,
  CreateSuperAdminDto: createSuperAdminSchema,
  ResetPasswordDto: resetPasswordSchema,
  ExecuteCodeDto: executeCodeSchema,
  SubmissionDto: submissionSchema,
  SolveDto: solveSchema,
  // A function problem's form or a classic one's (issue 29), under the name the form always had.
  ProblemFormDto: problemBodySchema,
  ValidateDraftDto: validateDraftSchema,
  ExpectedOutputDto: expectedOutputSchema,
} as const;

export type RegisterBody = z.output<typeof registerSchema>;
export type CreateSuperAdminBody = z.output<typeof createSuperAdminSchema>;
export type ResetPasswordBody = z.output<typeof resetPasswordSchema>;
export type ExecuteCodeBody = z.output<typeof executeCodeSchema>;
export type SubmissionBody = z.output<typeof submissionSchema>;
export type SolveBody = z.output<typeof solveSchema>;
export type ProblemFormBody = z.output<typeof problemFormSchema>;
export type ClassicProblemFormBody = z.output<typeof classicProblemFormSchema>;
export type ValidateDraftBody = z.output<typeof validateDraftSchema>;
export type ExpectedOutputBody = z.output<typeof expectedOutputSchema>;
export type InputVariableBody = z.output<typeof inputVariableItem>;
export type TestCaseBody = z.output<typeof testCaseItem>;
export type TestGroupBody = z.output<typeof testGroupItem>;

export interface RequestProblems {
  /**
   * Each refused field's first problem, in the schema's order: at each level the unknown fields first
   * (as they were sent), then each field, its own problem before those of what it holds.
   */
  messages: string[];
  /** The same by field (`testCases.1.isExample` inside lists), with zod's issue code (a form picks its own sentence for some). */
  fields: Record<string, { message: string; code: string }>;
}

/** The problems found at one place of a body, and below it. */
interface ProblemNode {
  own?: { message: string; code: string };
  unknown: string[];
  below: Map<string, ProblemNode>;
}

const problemNode = (): ProblemNode => ({ unknown: [], below: new Map() });

/** A nested field's sentence names its place: `isExample must…` at testCases.1 reads `testCases.1.isExample must…`. */
function placed(message: string, path: readonly PropertyKey[]): string {
  if (path.length < 2) return message;
  const last = String(path.at(-1)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return message.replace(new RegExp(`^${last}\\b`), path.map(String).join('.'));
}

function ordered(node: ProblemNode): string[] {
  return [
    ...(node.own ? [node.own.message] : []),
    ...node.unknown,
    ...[...node.below.values()].flatMap(ordered),
  ];
}

/**
 * Checks `value` against a shared schema: the parsed body, or what is wrong with it. A body that is
 * not an object is checked as one whose fields are its items (none, when absent), so it is refused
 * field by field.
 */
export function checkRequest<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; problems: RequestProblems } {
  const input =
    value !== null && typeof value === 'object' ? (Array.isArray(value) ? { ...value } : value) : {};
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const root = problemNode();
  const fields: RequestProblems['fields'] = {};
  for (const issue of result.error.issues) {
    let node = root;
    for (const key of issue.path.map(String)) {
      const next = node.below.get(key) ?? problemNode();
      node.below.set(key, next);
      node = next;
    }
    if (issue.code === 'unrecognized_keys') {
      node.unknown.push(...issue.keys.map((key) => FieldSentences.unknownField(key)));
    } else if (!node.own) {
      node.own = { message: placed(issue.message, issue.path), code: issue.code };
      fields[issue.path.map(String).join('.')] = node.own;
    }
  }
  return { ok: false, problems: { messages: ordered(root), fields } };
}
