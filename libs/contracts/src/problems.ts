import type { ClassicProblemFields } from './packages';
import type { CheckerName, ProblemInputType, ProblemReturnType } from './problem-types';
import type { TestGroup } from './scoring';

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const RETURN_TYPES = ['int', 'string', 'boolean', 'void'] as const;
export type ReturnType = (typeof RETURN_TYPES)[number];

export const INPUT_TYPES = ['int', 'string', 'array', 'boolean'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export const DEFAULT_PROBLEM_POINTS = 10;

export interface InputVariable {
  id: string;
  name: string;
  /** The spec's four types, or a richer one of issue 18 (problem-types.ts). */
  type: ProblemInputType;
  description: string;
}

/** A test case as the server sends it: `input` is the JSON-encoded map of variable name to value. */
export interface TestCase {
  _id: string;
  id: string;
  input: string;
  expectedOutput: string;
  isExample: boolean;
  /** The test group of a hidden test of a scoring problem (issue 31); absent otherwise. */
  group?: string;
}

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
export interface Problem extends Partial<ClassicProblemFields> {
  _id: string;
  id: string;
  title: string;
  description: string;
  constraints: string;
  difficulty: Difficulty;
  points: number;
  inputVariables: InputVariable[];
  testCases: TestCase[];
  functionName: string;
  returnType: ProblemReturnType;
  boilerplateCode: string;
  tags: string[];
  isVisible: boolean;
  testCaseCount: number;
  createdAt?: string;
  /** How the judge compares outputs ('exact' unless the author chose another); stated on the problem page. */
  checker?: CheckerName;
  /** The 'float' checker's absolute or relative error. */
  tolerance?: number;
  /** The 'custom' checker's Java source: admins only. */
  checkerCode?: string;
  /** The author's Java solution, run to validate the tests: admins only, never sent to anyone else. */
  referenceSolution?: string;
  /** The subtasks of a scoring problem, in order (issue 31); absent for an all-or-nothing problem. */
  testGroups?: TestGroup[];
}

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
export interface ReferenceTestResult {
  /** The stored test's id; for a draft, the id the form sent (or null). */
  testCaseId: string | null;
  /** The reference's output is accepted by the problem's checker against `expectedOutput`. */
  passed: boolean;
  expectedOutput: string;
  actualOutput: string;
  /** Why the reference did not run to the end (compilation, runtime, limits, checker); empty when it did. */
  error: string;
}

export interface ValidateTestsResponse {
  results: ReferenceTestResult[];
}

/** `POST /api/problems/validate`: a problem form's reference solution on its tests, before it is saved. */
export type ValidateDraftRequest = Pick<
  ProblemForm,
  'inputVariables' | 'testCases' | 'checker' | 'tolerance' | 'checkerCode'
> & {
  referenceSolution: string;
};

/** `POST /api/problems/expected-output`: what the reference solution prints for one test's inputs. */
export interface ExpectedOutputRequest {
  referenceSolution: string;
  inputVariables: InputVariable[];
  inputs: Record<string, TestValue>;
}

export interface ExpectedOutputResponse {
  expectedOutput: string;
}
