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
  type: InputType;
  description: string;
}

/** A test case as the server sends it: `input` is the JSON-encoded map of variable name to value. */
export interface TestCase {
  _id: string;
  id: string;
  input: string;
  expectedOutput: string;
  isExample: boolean;
}

/** A test case as the problem form sends it. */
export interface TestCaseInput {
  id?: string;
  _id?: string;
  inputs: Record<string, string>;
  expectedOutput: string;
  isExample: boolean;
}

export interface Problem {
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
  returnType: ReturnType;
  boilerplateCode: string;
  tags: string[];
  isVisible: boolean;
  testCaseCount: number;
  createdAt?: string;
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
  returnType?: ReturnType;
  boilerplateCode?: string;
  tags?: string[];
  isVisible?: boolean;
}
