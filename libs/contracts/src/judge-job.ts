import { z } from 'zod';
import { checkerNameSchema } from './problem-types';
import { TEST_DATA_INLINE_MAX_BYTES } from './test-data';

/**
 * The judge job as a contract between two apps that deploy separately (issue 46). The API builds every
 * job through `judgeJobSchema` (apps/api/src/execution/judge-job.ts) and the judge parses every job it
 * takes with `parseJudgeJob` before anything runs; the answer (`judgeJobResultSchema`) and the progress
 * marks (`judgeJobProgressSchema`) are schemas too.
 *
 * **Versions.** A job says which version of this contract built it. A field a judge does not know would be
 * judged as if it were absent (an interactive problem as a plain one: a wrong verdict, silently), so every
 * new field is a new version, and every object here is strict: a field the schema does not name is a
 * refusal, never ignored. Each version travels on a queue of its own (`judgeQueueName`), so a judge never
 * even takes a job of a version it does not understand; a newer judge consumes every version it knows.
 *
 * | version | queue      | what it added                                                               |
 * | ------- | ---------- | --------------------------------------------------------------------------- |
 * | 1       | `judge`    | the jobs of before this contract (no `version` field)                       |
 * | 2       | `judge-v2` | `version`; interactive and multi-pass validation, per-group validator flags, |
 * |         |            | a program of several files (issue 42)                                       |
 * | 3       | `judge-v3` | Python output validators and interactors (`custom.language: 'python'`);     |
 * |         |            | `interactive` together with `passes`: an interactive multi-pass problem,    |
 * |         |            | each pass an interaction (a version-2 judge would judge it in one pass);    |
 * |         |            | large test data by reference: `tests[].stdinRef`, `expectedOutputRef`        |
 * |         |            | (test-data.ts; a real regional's tests are tens of megabytes a problem)      |
 *
 * How an upgrade rolls is in k8s/README.md ("Upgrading").
 */
export const JUDGE_JOB_VERSION = 3;

/** Every version this build's judge understands, oldest first: it consumes each one's queue. */
export const JUDGE_JOB_VERSIONS = [1, 2, 3] as const;
export type JudgeJobVersion = (typeof JUDGE_JOB_VERSIONS)[number];

/** The BullMQ queue of one version's jobs: version 1 kept the name the queue had before versions. */
export function judgeQueueName(version: number): string {
  return version === 1 ? 'judge' : `judge-v${version}`;
}

/**
 * The queue the API produces to and waits on: this version's. The API stamps every job with this version,
 * not only the jobs an older judge could not judge: one queue per API keeps a contest's waiting line in one
 * place (the backlog refusal, a submission's place in the line and the queue-depth metric all count one
 * queue), and judges roll first (k8s/README.md), so every job finds a judge that knows its version.
 */
export const JUDGE_QUEUE = judgeQueueName(JUDGE_JOB_VERSION);

/** The BullMQ job name of a judging job (the AI's jobs have names of their own, ai.ts). */
export const JUDGE_JOB_NAME = 'judge';

const positive = z.number().finite().positive();

export const judgeLimitsSchema = z.strictObject({
  /** CPU time per test, milliseconds. */
  cpuTimeMs: positive,
  /** Wall time per test, milliseconds. */
  wallTimeMs: positive,
  memoryMb: positive,
  stackMb: positive,
  outputBytes: positive,
  maxProcesses: positive,
  compileWallTimeMs: positive,
});
export type JudgeLimits = z.infer<typeof judgeLimitsSchema>;

const testV1 = z.strictObject({
  /** Opaque id the API uses to match results to its test cases. */
  id: z.string(),
  /** The exact bytes fed to the program's standard input (libs/java-io serialises them). */
  stdin: z.string(),
  expectedOutput: z.string(),
  /**
   * A scoring problem's test group (issue 31). With `stopAtFirstFailure`, a failure ends only the tests of
   * its own group (tests without a group, the examples, are one group of their own); the other groups are
   * still judged. When no test has a group, that is the whole submission, as before.
   */
  group: z.string().optional(),
});

const testV2 = testV1.extend({
  /**
   * A classic problem's test group's own validator flags (its testdata.yaml, issue 42): they replace
   * `outputValidation.flags` for this test.
   */
  validatorFlags: z.array(z.string()).optional(),
});

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lowercase hex');

const testV3 = testV2
  .extend({
    /** The SHA-256 of a large input's UTF-8 bytes (test-data.ts): `stdin` is then empty, the judge fetches it. */
    stdinRef: sha256.optional(),
    /** The same for a large expected output: `expectedOutput` is then empty. */
    expectedOutputRef: sha256.optional(),
  })
  .refine(
    (t) =>
      (t.stdinRef === undefined || t.stdin === '') &&
      (t.expectedOutputRef === undefined || t.expectedOutput === ''),
    {
      message: 'a test with a reference carries no inline text of it',
    },
  );
export type JudgeTest = z.infer<typeof testV3>;
/** A test as the AI's measurement carries the problem's examples (small: always inline). */
export const judgeTestSchema = testV2;
export type InlineJudgeTest = z.infer<typeof testV2>;
/** A text larger than this travels by reference in a version-3 job. */
export const JUDGE_TEST_INLINE_MAX_BYTES = TEST_DATA_INLINE_MAX_BYTES;

const sourceFile = z.strictObject({ path: z.string(), content: z.string() });

const customValidator = z.strictObject({
  language: z.enum(['cpp', 'java']),
  files: z.array(sourceFile),
});

/** Version 3: a Python validator too (run with the judge's python3, its files as the package holds them). */
const customValidatorV3 = customValidator.extend({ language: z.enum(['cpp', 'java', 'python']) });

const outputValidationV1 = z.strictObject({
  /** `validator_flags`: for the default validator its options, for a custom one its extra arguments. */
  flags: z.array(z.string()),
  /** Absent: the default output validator. */
  custom: customValidator.optional(),
});

const outputValidationV2 = outputValidationV1.extend({
  /** An interactive problem (issue 42): the custom validator talks with the program. */
  interactive: z.boolean().optional(),
  /** A multi-pass problem: at most this many passes (at least 2). */
  passes: z.number().int().min(2).optional(),
});

/**
 * Version 3's output validation: the same fields, a Python validator allowed, and `interactive` with
 * `passes` meaning an interactive multi-pass problem (each pass an interaction; the validator's nextpass.in
 * is the next pass's input file).
 */
const outputValidationV3 = outputValidationV2.extend({ custom: customValidatorV3.optional() });

const jobV1 = z.strictObject({
  code: z.string(),
  language: z.literal('java'),
  tests: z.array(testV1),
  limits: judgeLimitsSchema,
  /** Follows a submission from the API's request to the judge's logs. */
  requestId: z.string().optional(),
  /** How outputs are compared (apps/judge/src/checkers); 'exact' when absent. */
  checker: checkerNameSchema.optional(),
  /** The 'float' checker's absolute or relative error; DEFAULT_FLOAT_TOLERANCE when absent. */
  tolerance: z.number().finite().nonnegative().optional(),
  /** The 'custom' checker's Java source, compiled and run in the sandbox by the judge. */
  checkerCode: z.string().optional(),
  /**
   * A classic problem's output validation as the problem package format defines it (issue 29): the
   * default validator with its flags, or a custom output validator. When present it decides, not `checker`.
   */
  outputValidation: outputValidationV1.optional(),
  /**
   * A submit or a rejudge (apps/api/src/execution/judge-job.ts decides per purpose): stop at the first test
   * whose verdict is not accepted (per group on a scoring problem); the tests after it are not judged.
   */
  stopAtFirstFailure: z.boolean().optional(),
});

const jobV2 = jobV1.extend({
  version: z.literal(2),
  tests: z.array(testV2),
  outputValidation: outputValidationV2.optional(),
  /**
   * A program of several files (a package's jury submission with its own classes and packages, issue 42):
   * compiled together, the class with main run; `code` is then not used. Paths end in `.java`.
   */
  files: z.array(sourceFile).optional(),
});

const jobV3 = jobV2.extend({
  version: z.literal(3),
  tests: z.array(testV3),
  outputValidation: outputValidationV3.optional(),
});

/** The job this version of the API sends. */
export const judgeJobSchema = jobV3;
export type VersionedJudgeJob = z.infer<typeof jobV3>;
/** A job as the judge judges it, whichever version carried it. */
export type JudgeJobData = Omit<VersionedJudgeJob, 'version'>;

const JOB_SCHEMAS: Record<JudgeJobVersion, z.ZodType<JudgeJobData>> = { 1: jobV1, 2: jobV2, 3: jobV3 };

/** Why a judge did not take a job: it may be another judge's to judge (`foreign`), or nobody's (`malformed`). */
export type JudgeJobRefusal = { kind: 'foreign' | 'malformed'; detail: string };

/**
 * A job taken from `queueVersion`'s queue, checked whole before anything runs. A version other than the
 * queue's, a field no schema of that version names, or a job name this judge does not know is `foreign`:
 * built by a newer API, for a judge that understands it. Anything else wrong is `malformed`.
 */
export function parseJudgeJob(
  data: unknown,
  queueVersion: JudgeJobVersion,
): { ok: true; job: JudgeJobData } | ({ ok: false } & JudgeJobRefusal) {
  const stated = (data as { version?: unknown } | null)?.version;
  const version = stated === undefined ? 1 : stated;
  if (version !== queueVersion) {
    return {
      ok: false,
      kind: 'foreign',
      detail: `a job of version ${String(version)} on the version ${queueVersion} queue`,
    };
  }
  const parsed = JOB_SCHEMAS[queueVersion].safeParse(data);
  return parsed.success ? { ok: true, job: parsed.data } : { ok: false, ...refusalOf(parsed.error) };
}

/** Why a job failed its schema: a field the schema does not name is `foreign`, anything else `malformed`. */
export function refusalOf(error: z.ZodError): JudgeJobRefusal {
  const unknown = error.issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown) {
    const where = [...unknown.path, ...unknown.keys].join('.');
    return { kind: 'foreign', detail: `a field this judge does not know: ${where}` };
  }
  const first = error.issues[0];
  return { kind: 'malformed', detail: `${first.path.join('.') || 'job'}: ${first.message}` };
}

/** A job whose `version` is not its queue's: a newer (or older) API's, for another judge. */
export function versionRefusal(stated: unknown, queueVersion: number): JudgeJobRefusal {
  return {
    kind: 'foreign',
    detail: `a job of version ${String(stated)} on the version ${queueVersion} queue`,
  };
}

/** What a judge answers when it would not judge a job (the job fails with it; the API answers 503). */
export const JudgeJobRefusals = {
  prefix: 'judge refused the job',
  foreign: (detail: string) =>
    `judge refused the job: ${detail}; no judge that understands it took it in time`,
  malformed: (detail: string) => `judge refused the job: malformed (${detail})`,
} as const;
