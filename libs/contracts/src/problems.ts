import { z } from 'zod';
import { ServerSentences } from './messages';
import {
  CLASSIC_LIMITS,
  INTERACTIONS,
  PROBLEM_KINDS,
  classicProblemFieldsSchema,
  interactionLineSchema,
} from './packages';
import {
  CHECKERS,
  PROBLEM_INPUT_TYPES,
  PROBLEM_RETURN_TYPES,
  checkerNameSchema,
  problemInputTypeSchema,
  problemReturnTypeSchema,
  type CheckerName,
  type ProblemReturnType,
} from './problem-types';
import {
  FieldSentences,
  objectList,
  oneOf,
  optionalOneOf,
  optionalText,
  requiredText,
  typeError,
  wholeNumberIn,
} from './request-rules';
import { ResponseSchemas } from './response-rules';
import { TEST_GROUP_LIMITS, testGroupSchema, type TestGroup } from './scoring';

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const difficultySchema = z.enum(DIFFICULTIES).register(ResponseSchemas, { id: 'Difficulty' });

export const RETURN_TYPES = ['int', 'string', 'boolean', 'void'] as const;
export type ReturnType = (typeof RETURN_TYPES)[number];

export const INPUT_TYPES = ['int', 'string', 'array', 'boolean'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export const DEFAULT_PROBLEM_POINTS = 10;

export const inputVariableSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The spec's four types, or a richer one of issue 18 (problem-types.ts). */
    type: problemInputTypeSchema,
    description: z.string(),
  })
  .register(ResponseSchemas, { id: 'InputVariable' });
export type InputVariable = z.infer<typeof inputVariableSchema>;

/** A test case as the server sends it: `input` is the JSON-encoded map of variable name to value. */
export const testCaseSchema = z
  .object({
    _id: z.string(),
    id: z.string(),
    input: z.string(),
    expectedOutput: z.string(),
    isExample: z.boolean(),
    /** The test group of a hidden test of a scoring problem (issue 31); absent otherwise. */
    group: z.string().optional(),
    /** An interactive or multi-pass problem's sample as a dialogue (the package's `.interaction` file, issue 42). */
    interaction: z.array(interactionLineSchema).optional(),
  })
  .register(ResponseSchemas, { id: 'TestCase' });
export type TestCase = z.infer<typeof testCaseSchema>;

/** A test value: typed text, or a JSON value of the inputs map (libs/java-io/README.md). */
export type TestValue = string | number | boolean | TestValue[];

/**
 * A test case as the problem form sends it. A value of `inputs` is the text an admin typed, or a
 * JSON value (number, boolean, string, nested arrays); the server stores the map as the JSON string `input`.
 */
export interface TestCaseInput {
  id?: string;
  _id?: string;
  inputs: Record<string, TestValue>;
  expectedOutput: string;
  isExample: boolean;
  /** The test group (issue 31): a hidden test of a problem with `testGroups` names one; examples none. */
  group?: string;
}

/**
 * The spec's problem, with the classic problem's fields of issue 29 beside it: the server always sends
 * `kind`; `timeLimitMs`, `memoryLimitMb` and `validatorFlags` for stdio problems, `outputValidator` to admins.
 * A stdio problem's test `input` is the raw input text (not a JSON map), its `expectedOutput` the answer file.
 */
export const problemSchema = z
  .object({
    ...classicProblemFieldsSchema.partial().shape,
    _id: z.string(),
    id: z.string(),
    title: z.string(),
    description: z.string(),
    constraints: z.string(),
    difficulty: difficultySchema,
    points: z.number(),
    inputVariables: z.array(inputVariableSchema),
    testCases: z.array(testCaseSchema),
    functionName: z.string(),
    returnType: problemReturnTypeSchema,
    boilerplateCode: z.string(),
    tags: z.array(z.string()),
    isVisible: z.boolean(),
    testCaseCount: z.number(),
    createdAt: z.string().optional(),
    /** How the judge compares outputs ('exact' unless the author chose another); stated on the problem page. */
    checker: checkerNameSchema.optional(),
    /** The 'float' checker's absolute or relative error. */
    tolerance: z.number().optional(),
    /** The 'custom' checker's Java source: admins only. */
    checkerCode: z.string().optional(),
    /** The author's Java solution, run to validate the tests: admins only, never sent to anyone else. */
    referenceSolution: z.string().optional(),
    /** The subtasks of a scoring problem, in order (issue 31); absent for an all-or-nothing problem. */
    testGroups: z.array(testGroupSchema).optional(),
  })
  .register(ResponseSchemas, { id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;

export interface ProblemForm {
  title: string;
  description: string;
  constraints?: string;
  difficulty?: Difficulty;
  points?: number;
  inputVariables: InputVariable[];
  testCases: TestCaseInput[];
  functionName: string;
  returnType?: ProblemReturnType;
  boilerplateCode?: string;
  tags?: string[];
  isVisible?: boolean;
  /** 'exact' when left out. */
  checker?: CheckerName;
  /** For 'float'; DEFAULT_FLOAT_TOLERANCE when left out. */
  tolerance?: number;
  /** Java, required for 'custom'. */
  checkerCode?: string;
  /** Java; an empty string clears it. */
  referenceSolution?: string;
  /** Absent or empty: all-or-nothing (issue 31). */
  testGroups?: TestGroup[];
}

/** One test of `POST /api/problems/:id/validate` (or of a draft): the reference solution's run on it. */
export const referenceTestResultSchema = z
  .object({
    /** The stored test's id; for a draft, the id the form sent (or null). */
    testCaseId: z.string().nullable(),
    /** The reference's output is accepted by the problem's checker against `expectedOutput`. */
    passed: z.boolean(),
    expectedOutput: z.string(),
    actualOutput: z.string(),
    /** Why the reference did not run to the end (compilation, runtime, limits, checker); empty when it did. */
    error: z.string(),
  })
  .register(ResponseSchemas, { id: 'ReferenceTestResult' });
export type ReferenceTestResult = z.infer<typeof referenceTestResultSchema>;

export const validateTestsResponseSchema = z
  .object({ results: z.array(referenceTestResultSchema) })
  .register(ResponseSchemas, { id: 'ValidateTestsResponse' });
export type ValidateTestsResponse = z.infer<typeof validateTestsResponseSchema>;

/** `POST /api/problems/validate`: a problem form's reference solution on its tests, before it is saved. */
export type ValidateDraftRequest = Pick<
  ProblemForm,
  'inputVariables' | 'testCases' | 'checker' | 'tolerance' | 'checkerCode'
> & {
  referenceSolution: string;
};

/** `POST /api/problems/expected-output`: what the reference solution prints for one test's inputs. */
/** Inferred from expectedOutputSchema, the schema its route checks (issue 45: one contract, no hand-written copy). */
export type ExpectedOutputRequest = z.infer<typeof expectedOutputSchema>;

export const expectedOutputResponseSchema = z
  .object({ expectedOutput: z.string() })
  .register(ResponseSchemas, { id: 'ExpectedOutputResponse' });
export type ExpectedOutputResponse = z.infer<typeof expectedOutputResponseSchema>;

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
  /**
   * Issue 42: 'interactive' makes `outputValidator` the interactor (it talks with the running program),
   * 'multi-pass' runs the program again on the validator's nextpass.in, up to `validationPasses`;
   * both need `outputValidator`. Left out keeps the stored value ('none' for a new problem).
   */
  interaction: optionalOneOf('interaction', INTERACTIONS),
  validationPasses: wholeNumberIn('validationPasses', 2, 100).optional(),
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

export type ProblemFormBody = z.output<typeof problemFormSchema>;
export type ClassicProblemFormBody = z.output<typeof classicProblemFormSchema>;
export type ValidateDraftBody = z.output<typeof validateDraftSchema>;
export type ExpectedOutputBody = z.output<typeof expectedOutputSchema>;
export type InputVariableBody = z.output<typeof inputVariableItem>;
export type TestCaseBody = z.output<typeof testCaseItem>;
export type TestGroupBody = z.output<typeof testGroupItem>;
