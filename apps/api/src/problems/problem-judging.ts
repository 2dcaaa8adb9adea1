import { DEFAULT_FLOAT_TOLERANCE, type JudgeJobData } from '@javelin/contracts';
import type { Problem } from './problem.entity';

/**
 * Tests in the order they are judged: examples first, then hidden tests, each in stored order (issue 27).
 * A program sees a hidden input only after every example ran, so no output a user is shown (an
 * example's output or standard error) can carry a hidden input, whatever order the tests are stored in.
 */
export function examplesFirst<T extends { isExample: boolean }>(tests: readonly T[]): T[] {
  return [...tests.filter((t) => t.isExample), ...tests.filter((t) => !t.isExample)];
}

/** What a judge job needs to compare outputs as the problem's author chose (apps/judge/src/checkers). */
export function checkerOfProblem(
  problem: Pick<Problem, 'checker' | 'tolerance' | 'checkerCode'>,
): Pick<JudgeJobData, 'checker' | 'tolerance' | 'checkerCode'> {
  const checker = problem.checker ?? 'exact';
  return {
    checker,
    ...(checker === 'float' ? { tolerance: problem.tolerance ?? DEFAULT_FLOAT_TOLERANCE } : {}),
    ...(checker === 'custom' ? { checkerCode: problem.checkerCode ?? '' } : {}),
  };
}
