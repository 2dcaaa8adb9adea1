import { z } from 'zod';
import { ResponseSchemas } from './response-rules';
import type { JudgeLimits } from './judge-job';

export * from './judge-job';

export const VERDICTS = [
  'accepted',
  'wrong_answer',
  'time_limit_exceeded',
  'memory_limit_exceeded',
  'runtime_error',
  'output_limit_exceeded',
  'compilation_error',
] as const;
export type Verdict = (typeof VERDICTS)[number];
export const verdictSchema = z.enum(VERDICTS).register(ResponseSchemas, { id: 'Verdict' });

export const DEFAULT_JUDGE_LIMITS: JudgeLimits = {
  cpuTimeMs: 2_000,
  wallTimeMs: 5_000,
  memoryMb: 256,
  stackMb: 64,
  outputBytes: 1 << 20,
  maxProcesses: 64,
  compileWallTimeMs: 10_000,
};

export const judgeTestResultSchema = z.object({
  id: z.string(),
  verdict: verdictSchema,
  actualOutput: z.string(),
  /** Milliseconds of the test's run. */
  executionTime: z.number(),
  /**
   * The CPU milliseconds the run used (the time limit is held to them), when measured: what an import
   * times a package's jury submissions by (issue 42). The API never shows it to anyone.
   */
  cpuTimeMs: z.number().optional(),
  /** A short, user-readable reason; empty when accepted. */
  error: z.string(),
  /** The start of the program's standard error (debug prints); the API shows it for example and custom runs only. */
  stderr: z.string().optional(),
  /** A package output validator's judgemessage.txt: for admins only (issue 29). */
  feedback: z.string().optional(),
});
export type JudgeTestResult = z.infer<typeof judgeTestResultSchema>;

/**
 * A judge job's progress while it runs (BullMQ's job progress): `judged` of `total` tests finished. On a
 * job whose tests carry groups (a scoring problem, issue 31) `marks` has one character per test, in the
 * job's order: '.' not finished, '+' accepted, '-' failed, '?' ran to the end with a custom checker still
 * to judge its output. The API turns them into group states; they never reach a client as they are.
 */
export const judgeJobProgressSchema = z.object({
  judged: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  marks: z
    .string()
    .regex(/^[.+?-]*$/)
    .optional(),
});
export type JudgeJobProgress = z.infer<typeof judgeJobProgressSchema>;

/** A test's mark in JudgeJobProgress.marks: accepted (true), failed (false), or waiting for a custom checker (null). */
export const progressMark = (passed: boolean | null): string => (passed === null ? '?' : passed ? '+' : '-');

/**
 * The judge's answer to a judging job. Unlike the job, an answer is not strict: a field a newer judge adds
 * to its answer is extra information an older API may drop (the verdict and results it knows are whole),
 * while a field added to a job changes how it must be judged.
 */
export const judgeJobResultSchema = z.object({
  /** compilation_error when the code did not compile (then `results` is empty); otherwise the first failing test's verdict, or accepted. */
  verdict: verdictSchema,
  /** javac's message (`Main.java:3: error: ...`, line numbers of the submitted code), for compilation_error. */
  compileError: z.string().optional(),
  /**
   * One per judged test, in the order of the job's tests: every test, or with `stopAtFirstFailure` the
   * tests up to and including the first that failed (the rest were not judged); with groups, that per group.
   */
  results: z.array(judgeTestResultSchema),
  /** Where the judge spent its time, milliseconds (for logs and metrics; not shown to users). */
  timings: z.object({ compileMs: z.number(), totalMs: z.number() }).optional(),
});
export type JudgeJobResult = z.infer<typeof judgeJobResultSchema>;

/** The runtime_error text of a test whose program tampered with the judge's test harness (forged or corrupted its replies). */
export const HARNESS_PROTOCOL_ERROR = 'The program interfered with the test harness';

/** What the judge itself says about a source it cannot run (compileError). */
export const JudgeSentences = {
  filesNeedCompileService:
    'A program of several files is compiled by the warm compile service, which this judge does not run',
  noMain: 'No main method found: declare public static void main(String[] args) in your public class.',
  sourceTooLarge: (limit: number) => `Source code too large (limit ${limit} bytes)`,
  severalPublicClasses: (names: string[]) =>
    `Only one top-level class may be public in one file, but ${names.join(', ')} are: remove "public" from all but the class with main.`,
} as const;
