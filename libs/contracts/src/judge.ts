import { z } from 'zod';
import { ResponseSchemas } from './response-rules';
import type { OutputValidation } from './output-validation';
import type { CheckerName } from './problem-types';

/** The BullMQ queue the API produces to and the judge consumes. */
export const JUDGE_QUEUE = 'judge';

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

export interface JudgeLimits {
  /** CPU time per test, milliseconds. */
  cpuTimeMs: number;
  /** Wall time per test, milliseconds. */
  wallTimeMs: number;
  memoryMb: number;
  stackMb: number;
  outputBytes: number;
  maxProcesses: number;
  compileWallTimeMs: number;
}

export const DEFAULT_JUDGE_LIMITS: JudgeLimits = {
  cpuTimeMs: 2_000,
  wallTimeMs: 5_000,
  memoryMb: 256,
  stackMb: 64,
  outputBytes: 1 << 20,
  maxProcesses: 64,
  compileWallTimeMs: 10_000,
};

export interface JudgeTest {
  /** Opaque id the API uses to match results to its test cases. */
  id: string;
  /** The exact bytes fed to the program's standard input (libs/java-io serialises them). */
  stdin: string;
  expectedOutput: string;
  /**
   * A scoring problem's test group (issue 31). With `stopAtFirstFailure`, a failure ends only the tests of
   * its own group (tests without a group, the examples, are one group of their own); the other groups are
   * still judged. When no test has a group, that is the whole submission, as before.
   */
  group?: string;
  /**
   * A classic problem's test group's own validator flags (its testdata.yaml, issue 42): they replace
   * `outputValidation.flags` for this test.
   */
  validatorFlags?: string[];
}

export interface JudgeJobData {
  code: string;
  /**
   * A program of several files (a package's jury submission with its own classes and packages, issue 42):
   * compiled together, the class with main run; `code` is then not used. Paths end in `.java`.
   */
  files?: { path: string; content: string }[];
  language: 'java';
  tests: JudgeTest[];
  limits: JudgeLimits;
  /** Follows a submission from the API's request to the judge's logs. */
  requestId?: string;
  /** How outputs are compared (apps/judge/src/checkers); 'exact' when absent, as before issue 18. */
  checker?: CheckerName;
  /** The 'float' checker's absolute or relative error; DEFAULT_FLOAT_TOLERANCE when absent. */
  tolerance?: number;
  /** The 'custom' checker's Java source, compiled and run in the sandbox by the judge. */
  checkerCode?: string;
  /**
   * A classic problem's output validation as the problem package format defines it (issue 29): the
   * default validator with its flags, or a custom output validator. When present it decides, not `checker`.
   */
  outputValidation?: OutputValidation;
  /**
   * A submit, or a rejudge (judged as a submit; apps/api/src/execution/judge-job.ts decides per purpose):
   * stop at the first test whose verdict is not accepted (as LeetCode and Codeforces do); the
   * results then end with that test and the tests after it are not judged. Absent or false (a run over
   * the examples, a reference validation, the AI's jobs): every test is judged.
   */
  stopAtFirstFailure?: boolean;
}

export interface JudgeTestResult {
  id: string;
  verdict: Verdict;
  actualOutput: string;
  /** Milliseconds of the test's run. */
  executionTime: number;
  /**
   * The CPU milliseconds the run used (the time limit is held to them), when measured: what an import
   * times a package's jury submissions by (issue 42). The API never shows it to anyone.
   */
  cpuTimeMs?: number;
  /** A short, user-readable reason; empty when accepted. */
  error: string;
  /** The start of the program's standard error (debug prints); the API shows it for example and custom runs only. */
  stderr?: string;
  /** A package output validator's judgemessage.txt: for admins only (issue 29). */
  feedback?: string;
}

/**
 * A judge job's progress while it runs (BullMQ's job progress): `judged` of `total` tests finished. On a
 * job whose tests carry groups (a scoring problem, issue 31) `marks` has one character per test, in the
 * job's order: '.' not finished, '+' accepted, '-' failed, '?' ran to the end with a custom checker still
 * to judge its output. The API turns them into group states; they never reach a client as they are.
 */
export interface JudgeJobProgress {
  judged: number;
  total: number;
  marks?: string;
}

/** A test's mark in JudgeJobProgress.marks: accepted (true), failed (false), or waiting for a custom checker (null). */
export const progressMark = (passed: boolean | null): string => (passed === null ? '?' : passed ? '+' : '-');

export interface JudgeJobResult {
  /** compilation_error when the code did not compile (then `results` is empty); otherwise the first failing test's verdict, or accepted. */
  verdict: Verdict;
  /** javac's message (`Main.java:3: error: ...`, line numbers of the submitted code), for compilation_error. */
  compileError?: string;
  /**
   * One per judged test, in the order of `JudgeJobData.tests`: every test, or with `stopAtFirstFailure` the
   * tests up to and including the first that failed (the rest were not judged); with groups, that per group.
   */
  results: JudgeTestResult[];
  /** Where the judge spent its time, milliseconds (for logs and metrics; not shown to users). */
  timings?: { compileMs: number; totalMs: number };
}

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
