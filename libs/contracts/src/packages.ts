import { z } from 'zod';
import { FieldSentences, uuidParamSchema } from './request-rules';
import { customOutputValidatorSchema } from './output-validation';
import { ResponseSchemas } from './response-rules';

/**
 * Classic problems and problem packages (issue 29): the wire of `POST /api/problems/import`,
 * `POST /api/problems/:id/verify` and `GET /api/problems/:id/export`, and the classic problem's
 * fields beside the spec's Problem. A function problem (`kind: 'function'`, the default) is the
 * spec's; a classic one (`kind: 'stdio'`) is a whole program reading stdin and writing stdout.
 */
export const PROBLEM_KINDS = ['function', 'stdio'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
export const problemKindSchema = z.enum(PROBLEM_KINDS).register(ResponseSchemas, { id: 'ProblemKind' });

/**
 * How a classic problem's program meets its validator (issue 42): judged on its output (`none`),
 * `interactive` (the validator talks with the running program), or `multi-pass` (the validator gives
 * the program a next input, up to `validationPasses` runs). An interactive problem with
 * `validationPasses` is both (the format's `type: interactive multi-pass`): each pass an interaction.
 */
export const INTERACTIONS = ['none', 'interactive', 'multi-pass'] as const;
export type Interaction = (typeof INTERACTIONS)[number];
export const interactionSchema = z.enum(INTERACTIONS).register(ResponseSchemas, { id: 'Interaction' });

/** One line of a sample's `.interaction` file: from the validator (`<`) or from the submission (`>`). */
export const interactionLineSchema = z
  .object({ from: z.enum(['validator', 'submission']), text: z.string() })
  .register(ResponseSchemas, { id: 'InteractionLine' });
export type InteractionLine = z.infer<typeof interactionLineSchema>;

/** How an import set a package's time limit from its jury (issue 42). */
export const timeLimitBasisSchema = z
  .object({
    rule: z.string(),
    /** The slowest accepted jury submission's slowest test on this judge, CPU ms, and its path. */
    slowestMs: z.number(),
    slowestPath: z.string(),
    limitMs: z.number(),
    /** What a time_limit_exceeded submission must exceed (the safety margin), ms. */
    marginMs: z.number(),
  })
  .register(ResponseSchemas, { id: 'TimeLimitBasis' });
export type TimeLimitBasis = z.infer<typeof timeLimitBasisSchema>;

/** What a classic problem carries beside the spec's Problem fields (admins see `outputValidator` too). */
export const classicProblemFieldsSchema = z.object({
  /** Absent means `none`. */
  interaction: interactionSchema.optional(),
  /** A multi-pass problem's most passes (problem.yaml `limits.validation_passes`). */
  validationPasses: z.number().optional(),
  /**
   * How the time limit was set when the package stated none (issue 42; admins only): from the slowest
   * accepted jury submission on this judge, by the format's rule.
   */
  timeLimitBasis: z.lazy(() => timeLimitBasisSchema).optional(),
  /** Sample dialogues that have no test of their own (a package's `.interaction` files alone): shown, never judged. */
  sampleInteractions: z.array(z.array(interactionLineSchema)).optional(),
  kind: problemKindSchema,
  /** Per-problem limits (classic problems): shown on the problem page; scaled by the deployment's time scale when judged. */
  timeLimitMs: z.number().optional(),
  memoryLimitMb: z.number().optional(),
  /** The package's `validator_flags` (default validator options, or a custom validator's arguments). */
  validatorFlags: z.array(z.string()).optional(),
  /** The package's custom output validator (admins only). */
  outputValidator: customOutputValidatorSchema.optional(),
});
export type ClassicProblemFields = z.infer<typeof classicProblemFieldsSchema>;

/** `POST /api/problems/import` → 201. */
export const importPackageResponseSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    kind: problemKindSchema,
    /** What was read by default or left out (e.g. "no time limit in problem.yaml: 1 s used"). */
    warnings: z.array(z.string()),
    /** Imports start hidden (issue 47): visible only when `publish=true` was asked for, or an admin publishes it later. */
    isVisible: z.boolean(),
  })
  .register(ResponseSchemas, { id: 'ImportPackageResponse' });

/**
 * POST /api/problems/import?publish=true: make the imported problem visible at once (the import
 * dialog's "Publish now"); without it the problem starts hidden, for admins (and contests) only. A
 * multipart upload may send `publish` as a form field instead.
 */
export const importPackageQuerySchema = z.strictObject({
  publish: z.enum(['true', 'false'], { error: FieldSentences.trueOrFalse('publish') }).optional(),
});
export type ImportPackageQuery = z.output<typeof importPackageQuerySchema>;
export type ImportPackageResponse = z.infer<typeof importPackageResponseSchema>;

/** The verdicts a package's `submissions/<folder>/` allows (the format's folder names). */
export const JURY_FOLDERS = [
  'accepted',
  'wrong_answer',
  'time_limit_exceeded',
  'run_time_error',
  'rejected',
  'mixed',
  'slow_accepted',
] as const;
export type JuryFolder = (typeof JURY_FOLDERS)[number];

/** One jury submission of `POST /api/problems/:id/verify`. */
export const jurySubmissionVerdictSchema = z
  .object({
    /** Its path in the package, e.g. `submissions/accepted/Sol.java`. */
    path: z.string(),
    /** The verdicts its folder (or its `@EXPECTED_RESULTS@` header) allows, in the judge's verdict names. */
    expected: z.array(z.string()),
    /** The verdict it got. */
    verdict: z.string(),
    ok: z.boolean(),
    /**
     * The output validator's feedback (judgemessage.txt) on the test that decided the verdict — the first
     * test not accepted, or for an accepted submission the first test with feedback — with that test's
     * name (`secret/group1/03`, or its position). Absent when the validator wrote none. Admins only (the route is).
     */
    feedback: z.object({ test: z.string(), message: z.string() }).optional(),
    /** Its slowest test's time on this judge, CPU milliseconds (issue 42): set beside `timeLimitMs`. */
    maxTimeMs: z.number().optional(),
    /** The problem's time limit as judged here (its own limit times the deployment's JUDGE_TIME_SCALE). */
    timeLimitMs: z.number().optional(),
  })
  .register(ResponseSchemas, { id: 'JurySubmissionVerdict' });
export type JurySubmissionVerdict = z.infer<typeof jurySubmissionVerdictSchema>;

export const verifyPackageResponseSchema = z
  .object({ submissions: z.array(jurySubmissionVerdictSchema) })
  .register(ResponseSchemas, { id: 'VerifyPackageResponse' });
export type VerifyPackageResponse = z.infer<typeof verifyPackageResponseSchema>;

/** Bounds of a classic problem (its form and its package). */
export const CLASSIC_LIMITS = {
  minTimeLimitMs: 100,
  maxTimeLimitMs: 60_000,
  minMemoryLimitMb: 32,
  maxMemoryLimitMb: 2_048,
  /** The time limit of a package that names none (the format's own default is 1 s too). */
  defaultTimeLimitMs: 1_000,
  maxTests: 500,
  maxFlags: 20,
  flagLength: 100,
  maxValidatorFiles: 20,
  validatorPathLength: 200,
  validatorFileLength: 512 * 1024,
} as const;

/** A stdio problem's custom run (`POST /api/run-custom`) reads its standard input from `inputs.stdin`. */
export const STDIO_CUSTOM_INPUT_KEY = 'stdin';

/** Bounds of an imported package, checked while the zip is read (a zip bomb stops at the first bound crossed). */
export const PACKAGE_LIMITS = {
  /** The zip itself. */
  maxZipBytes: 32 * 1024 * 1024,
  /** Everything it holds, uncompressed. */
  maxUncompressedBytes: 128 * 1024 * 1024,
  maxEntries: 5_000,
  /** One file, uncompressed. */
  maxFileBytes: 32 * 1024 * 1024,
  /**
   * A YAML file (problem.yaml, testdata.yaml, test_group.yaml), checked before it is parsed: real ones
   * are a few hundred bytes, and parsing time grows with the square of the keys (issue 47).
   */
  maxYamlBytes: 8 * 1024,
  /** Every YAML file the reader parses (problem.yaml and each test group's), together. */
  maxYamlTotalBytes: 32 * 1024,
  /** The statement's source (Markdown or LaTeX), before it is read. */
  maxStatementSourceBytes: 1024 * 1024,
  /** The statement once converted to Markdown: five times what the problem form saves. */
  maxStatementCharacters: 100_000,
  /** How long reading a package (unzipping, YAML, the statement's conversion) may take on its thread. */
  maxReadMs: 60_000,
} as const;

/** What the server says about a problem package (import, verify, export) and classic problems. */
export const PackageMessages = {
  notAZip: (why: string) => `The package is not a readable zip file: ${why}`,
  noPackage:
    'No package: send the zip as the multipart field "package" or as the body with Content-Type: application/zip',
  zipTooLarge: (limitMb: number) => `The package is larger than the ${limitMb} MB limit`,
  tooManyEntries: (limit: number) => `The package holds more than ${limit} files`,
  uncompressedTooLarge: (limitMb: number) =>
    `The package holds more than ${limitMb} MB once uncompressed (a zip bomb?)`,
  fileTooLarge: (path: string, limitMb: number) => `${path} is larger than ${limitMb} MB uncompressed`,
  pathEscapes: (path: string) => `${path} escapes the package: paths must stay inside it`,
  noProblem: 'The package has no problem.yaml and no statement (problem_statement/ or statement/)',
  badYaml: (path: string, why: string) => `${path} is not valid YAML: ${why}`,
  badField: (path: string, field: string, why: string) => `${path}: ${field} ${why}`,
  interactiveWithoutValidator: (type: string) =>
    `problem.yaml makes this a ${type} problem, which needs its output validator, but the package holds none (output_validators/ or output_validator/)`,
  badPasses: 'problem.yaml: limits.validation_passes must be a whole number from 2 to 100',
  badInteraction: (path: string, line: number) =>
    `${path}: line ${line} starts with neither "<" nor ">" (nor is it "---" between passes)`,
  /** The API's 400 on a custom run of an interactive problem, and the problem page's line in its place (issue 42). */
  customInputInteractive:
    "Custom input is not available on an interactive problem: the judge's interactor answers your program, with test data of its own. Run plays the samples with it.",
  unsupportedValidatorLanguage: (path: string) =>
    `${path}: only C++ (.cpp, .cc), Java (.java) and Python 3 (.py) output validators are supported`,
  noPythonEntry: (path: string) =>
    `${path}: a Python validator of several files needs its entry point, __main__.py (the format's default)`,
  customWithoutValidator:
    'problem.yaml asks for a custom output validator (validation: custom) but output_validators/ holds none',
  badValidatorFlags: (path: string, why: string) => `${path}: validator_flags: ${why}`,
  testWithoutAnswer: (path: string) => `${path} has no answer file (${path.replace(/\.in$/, '.ans')})`,
  noTests: 'The package has no tests: data/sample/ and data/secret/ hold no .in files',
  badText: (path: string) => `${path} is not UTF-8 text`,
  yamlTooLarge: (path: string, limitKb: number) =>
    `${path} is larger than ${limitKb} KB: a package's YAML files hold a few settings, never that much`,
  yamlTotalTooLarge: (limitKb: number) =>
    `The package's YAML files (problem.yaml, testdata.yaml, test_group.yaml) hold more than ${limitKb} KB together`,
  statementSourceTooLarge: (path: string, limitKb: number) => `${path} is larger than ${limitKb} KB`,
  statementTooLarge: (path: string, limit: number) =>
    `${path} converts to a statement of more than ${limit.toLocaleString('en-US')} characters`,
  readTooSlow: (seconds: number) => `The package could not be read within ${seconds} s`,
  tooManyTests: (limit: number) => `The package has more than ${limit} tests`,
  badValidatorPath: (path: string) =>
    `outputValidator.files: "${path}" must be a relative path inside the validator`,
  noJurySubmissions: 'This problem has no jury submissions to verify',
  imageNotFound: (name: string) => `This problem has no image ${name}`,
  /** An image link's signature query that is not one the API writes (a signed link: `?exp=<seconds>&sig=<signature>`). */
  imageSignatureMalformed:
    "exp and sig go together: exp a whole number of seconds, sig the 43-character signature of the statement's image link",
  notMultipartPackage: 'The multipart form holds no file field "package"',
  unsupportedUpload: (type: string) =>
    `Content-Type ${type} cannot carry a package: send multipart/form-data with the field "package", or application/zip`,
  // Warnings: what the import read by default or left out.
  defaultTimeLimit: (ms: number) => `No time limit in the package: ${ms} ms used`,
  noAcceptedToTime: (ms: number) =>
    `No time limit in the package and no accepted Java jury submission to set one from: ${ms} ms used`,
  timeLimitFromJury: (limitMs: number, slowestMs: number, path: string, rule: string, marginMs: number) =>
    `Time limit ${limitMs} ms set from the jury, as the package format does: the slowest accepted submission (${path}) took ${slowestMs} ms on this judge; ${rule}; time_limit_exceeded submissions must exceed ${marginMs} ms`,
  acceptedNotAccepted: (path: string, verdict: string) =>
    `${path} did not pass when timed (${verdict}): not used for the time limit`,
  tleWithinMargin: (path: string, verdict: string, marginMs: number) =>
    `${path} should exceed the time limit with the safety margin (${marginMs} ms) but got ${verdict}: the time limit may be too generous`,
  timeLimitFrom: (source: string, ms: number) => `Time limit ${ms} ms read from ${source}`,
  timeLimitClamped: (ms: number, used: number) =>
    `Time limit ${ms} ms is outside Javelin's bounds: ${used} ms used`,
  noStatement: 'No statement in the package: the problem description is empty',
  statementLanguage: (path: string) => `Statement read from ${path}`,
  skippedSubmission: (path: string) => `${path} skipped: only Java jury submissions are kept`,
  skippedFolder: (path: string) => `${path} skipped: not a verdict folder of the format`,
  missingImage: (name: string) => `The statement refers to ${name}, which the package does not hold`,
  noName: 'problem.yaml names no problem: the folder name is used as the title',
  memoryLimitClamped: (mb: number, used: number) =>
    `Memory limit ${mb} MB is outside Javelin's bounds: ${used} MB used`,
  stdioNoSignature:
    'This is a classic (stdio) problem: it has no function signature, so signature-based help (the signature, generated inputs) is not available; the rest works on the whole program.',
} as const;

/** A statement image's file name in GET /api/problems/{id}/images/{name}; the service answers 404 for one the package lacks. */
export const packageImageNameSchema = z.string();

const signaturePart = z.string({ error: PackageMessages.imageSignatureMalformed });

/**
 * GET /api/problems/{id}/images/{name}: the contest a hidden problem's image is seen through, and a
 * signed link's expiry and signature (both or neither; the API checks their form). Other parameters
 * (a cache breaker) are ignored.
 */
export const packageImageQuerySchema = z.object({
  contestId: uuidParamSchema('contestId').optional(),
  exp: signaturePart.optional(),
  sig: signaturePart.optional(),
});

export type PackageImageQuery = z.output<typeof packageImageQuerySchema>;
