import { z } from 'zod';
import isUUID from 'validator/lib/isUUID';
import { MAX_CODE_BYTES, ServerSentences, USERNAME_MIN_LENGTH } from './messages';
import { CONTEST_MODES } from './contest-modes';
import { findTextProblems } from './text-rule';

/**
 * What every request schema of libs/contracts is built from (issue 33 item 1): the sentences of the
 * checks, the small field rules, and checkRequest, which turns zod's issues into the 400 sentence the
 * API answers with. Each feature file states its own request schemas beside its types (auth.ts holds
 * sign-up, problems.ts the problem form, ...); the API validates bodies, queries and path parameters
 * with them (apps/api/src/common/zod.ts) and publishes their JSON Schema in the OpenAPI document.
 *
 * Each field lists its checks in the order the first failing one is the one reported, and every
 * sentence is the one these routes answered with before (the class-validator DTOs they replaced),
 * word for word: clients and tests read them.
 */

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
export const typeError = (field: string, message: string) => (issue: { input?: unknown }) =>
  issue.input === null ? ServerSentences.fieldIsNull(field) : message;

export const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

export const uuidField = (field: string, notAString = typeError(field, FieldSentences.uuid(field))) =>
  z
    .string({ error: notAString })
    .refine((value) => isUUID(value, 'all'), FieldSentences.uuid(field))
    .meta({ format: 'uuid' });

/** A UUID the body must have: null is refused as any other non-UUID. */
export const requiredUuid = (field: string) => uuidField(field, () => FieldSentences.uuid(field));

/** A path parameter that is an id (`:id`, `:userId`, ...): anything else is a 400 naming it. */
export const uuidParamSchema = (name: string) =>
  z
    .string({ error: ServerSentences.mustBeUuid(name) })
    .refine((value) => isUUID(value, 'all'), ServerSentences.mustBeUuid(name))
    .meta({ format: 'uuid' });

/** A query parameter read as a number (`?limit=20`), as the API always read it: Number(value). */
export const queryNumber = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === undefined ? value : Number(value)), schema);

/** A whole number of a query, in [min, max], in the sentences `sentences` give. */
export const queryWholeNumber = (
  field: string,
  min: { value: number; message: string },
  max?: { value: number; message: string },
) => {
  const base = z
    .number({ error: FieldSentences.wholeNumber(field) })
    .int(FieldSentences.wholeNumber(field))
    .min(min.value, min.message);
  return queryNumber((max ? base.max(max.value, max.message) : base).meta({ type: 'integer' })).optional();
};

/** A text the form must have: refused when it is not a string or is empty (after trimming, if `trim`). */
export const requiredText = (
  field: string,
  max: number,
  trim: boolean,
  tooLong = FieldSentences.maxLength(field, max),
) => {
  const text = z.string({ error: FieldSentences.isRequired(field) });
  return (trim ? text.trim() : text).min(1, FieldSentences.isRequired(field)).max(max, tooLong);
};

/** A text that may be left out (never null). */
export const optionalText = (field: string, max: number) =>
  z
    .string({ error: typeError(field, FieldSentences.mustBeString(field)) })
    .max(max, FieldSentences.maxLength(field, max))
    .optional();

/** One of `values`; optional ones refuse null with their own sentence. */
export const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: FieldSentences.oneOf(field, values) });
export const optionalOneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: typeError(field, FieldSentences.oneOf(field, values)) }).optional();

export type Issue = Exclude<Parameters<z.core.$RefinementCtx['addIssue']>[0], string>;

/**
 * A list of objects, checked as the problem form always checked it: a missing list must be an
 * array; a value that is neither a list nor an object, or a list with such an item, is refused in
 * one sentence; an object where the list belongs is refused and checked as one item; otherwise the
 * list's length (one sentence, first) and then each item, named by its place (`testCases.1.isExample`).
 */
export function objectList<I extends z.ZodType>(
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

export const wholeNumberIn = (field: string, min: number, max: number) =>
  z
    .number({ error: typeError(field, FieldSentences.wholeNumber(field)) })
    .refine(Number.isInteger, FieldSentences.wholeNumber(field))
    .min(min, FieldSentences.notLessThan(field, min))
    .max(max, FieldSentences.notGreaterThan(field, max))
    .meta({ type: 'integer' });

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
  // The text rule comes first: a value it refuses never reaches a schema's transforms or the database.
  const textProblems = Object.entries(findTextProblems(input));
  if (textProblems.length)
    return {
      ok: false,
      problems: {
        messages: textProblems.map(([, message]) => message),
        fields: Object.fromEntries(
          textProblems.map(([field, message]) => [field, { message, code: 'custom' }]),
        ),
      },
    };
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
