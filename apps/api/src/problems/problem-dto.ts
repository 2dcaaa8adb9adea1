import {
  type ClassicProblemFields,
  CLASSIC_LIMITS,
  DEFAULT_FLOAT_TOLERANCE,
  DEFAULT_PROBLEM_POINTS,
  Problem as ProblemDto,
  TestCase as TestCaseDto,
} from '@javelin/contracts';
import type { Problem } from './problem.entity';
import type { TestCase } from './test-case.entity';

/** A problem and its tests on the wire, as admins or everyone else may see them. */

export function toTestCaseDto(tc: TestCase): TestCaseDto {
  return {
    _id: tc.id,
    id: tc.id,
    input: tc.input,
    expectedOutput: tc.expectedOutput,
    isExample: tc.isExample,
    ...(tc.group ? { group: tc.group } : {}),
    ...(tc.interaction?.length ? { interaction: tc.interaction } : {}),
  };
}

/**
 * An interactive problem's sample as a non-admin sees it: its dialogue only. The format keeps its .in and
 * .ans from teams (the validator's own data, e.g. the secret a guessing game hides); admins see them.
 */
function sampleOf(problem: Problem, admin: boolean): (tc: TestCase) => TestCaseDto {
  if (admin || problem.interaction !== 'interactive') return toTestCaseDto;
  return (tc) => ({ ...toTestCaseDto(tc), input: '', expectedOutput: '' });
}

/** The wire form of a problem; hidden tests only when `withHidden` (admins). */
export function toProblemDto(
  problem: Problem,
  tests: TestCase[],
  withHidden: boolean,
  testCount = tests.length,
): ProblemDto {
  return {
    _id: problem.id,
    id: problem.id,
    title: problem.title,
    description: problem.description,
    constraints: problem.constraints,
    difficulty: problem.difficulty,
    points: problem.points ?? DEFAULT_PROBLEM_POINTS,
    inputVariables: problem.inputVariables,
    testCases: tests.filter((t) => withHidden || t.isExample).map(sampleOf(problem, withHidden)),
    functionName: problem.functionName,
    returnType: problem.returnType,
    boilerplateCode: problem.boilerplateCode,
    tags: problem.tags,
    isVisible: problem.isVisible,
    testCaseCount: testCount,
    createdAt: problem.createdAt?.toISOString(),
    checker: problem.checker ?? 'exact',
    ...(problem.checker === 'float' ? { tolerance: problem.tolerance ?? DEFAULT_FLOAT_TOLERANCE } : {}),
    // The checker's source and the reference solution are the author's: admins only.
    ...(withHidden
      ? { checkerCode: problem.checkerCode ?? '', referenceSolution: problem.referenceSolution ?? '' }
      : {}),
    ...classicFieldsOf(problem, withHidden),
    // The subtasks and their points are part of the statement (as olympiad statements list them).
    ...(problem.testGroups?.length ? { testGroups: problem.testGroups } : {}),
  };
}

/** A problem's kind, and a classic problem's limits and validation (its custom validator for admins only). */
function classicFieldsOf(problem: Problem, admin: boolean): ClassicProblemFields {
  if (problem.kind !== 'stdio') return { kind: 'function' };
  return {
    kind: 'stdio',
    timeLimitMs: problem.timeLimitMs ?? CLASSIC_LIMITS.defaultTimeLimitMs,
    ...(problem.memoryLimitMb ? { memoryLimitMb: problem.memoryLimitMb } : {}),
    validatorFlags: problem.validatorFlags ?? [],
    ...(admin && problem.outputValidator ? { outputValidator: problem.outputValidator } : {}),
    ...(problem.interaction && problem.interaction !== 'none' ? { interaction: problem.interaction } : {}),
    // A multi-pass problem's passes, and an interactive multi-pass one's (issue 42).
    ...(problem.interaction !== 'none' && problem.validationPasses
      ? { validationPasses: problem.validationPasses }
      : {}),
    ...(problem.sampleInteractions?.length ? { sampleInteractions: problem.sampleInteractions } : {}),
    ...(admin && problem.timeLimitBasis ? { timeLimitBasis: problem.timeLimitBasis } : {}),
  };
}
