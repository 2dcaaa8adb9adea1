import { z } from 'zod';
import { ResponseSchemas } from './response-rules';

/**
 * The richer problem types and output checkers of issue 18, as they travel on the wire.
 * The spec's `INPUT_TYPES` / `RETURN_TYPES` (problems.ts) are a subset of these and keep their meaning:
 * 'array' stays int[] and is kept beside the explicit 'int[]'.
 */
export const PROBLEM_INPUT_TYPES = [
  'int',
  'long',
  'double',
  'char',
  'boolean',
  'string',
  'array',
  'int[]',
  'long[]',
  'double[]',
  'boolean[]',
  'char[]',
  'string[]',
  'int[][]',
  'char[][]',
] as const;
export type ProblemInputType = (typeof PROBLEM_INPUT_TYPES)[number];
export const problemInputTypeSchema = z
  .enum(PROBLEM_INPUT_TYPES)
  .register(ResponseSchemas, { id: 'ProblemInputType' });

export type ProblemReturnType = ProblemInputType | 'void';
/** The input types and 'void'. */
export const PROBLEM_RETURN_TYPES: readonly ProblemReturnType[] = [...PROBLEM_INPUT_TYPES, 'void'];
export const problemReturnTypeSchema = z
  .enum(PROBLEM_RETURN_TYPES as [ProblemReturnType, ...ProblemReturnType[]])
  .register(ResponseSchemas, { id: 'ProblemReturnType' });

/** How the judge compares a test's output with the expected output; 'exact' is the spec's rule. */
export const CHECKERS = ['exact', 'tokens', 'float', 'unordered', 'custom'] as const;
export type CheckerName = (typeof CHECKERS)[number];
export const checkerNameSchema = z.enum(CHECKERS).register(ResponseSchemas, { id: 'CheckerName' });

export const DEFAULT_CHECKER: CheckerName = 'exact';

/** Absolute or relative error the 'float' checker allows when a problem sets no `tolerance`. */
export const DEFAULT_FLOAT_TOLERANCE = 1e-6;

export function isProblemInputType(value: unknown): value is ProblemInputType {
  return typeof value === 'string' && (PROBLEM_INPUT_TYPES as readonly string[]).includes(value);
}

export function isProblemReturnType(value: unknown): value is ProblemReturnType {
  return typeof value === 'string' && (PROBLEM_RETURN_TYPES as readonly string[]).includes(value);
}

export function isCheckerName(value: unknown): value is CheckerName {
  return typeof value === 'string' && (CHECKERS as readonly string[]).includes(value);
}

/** The sentence the problem page shows so users know how their output is judged. */
export function checkerDescription(checker: CheckerName, tolerance = DEFAULT_FLOAT_TOLERANCE): string {
  switch (checker) {
    case 'exact':
      return 'Your output must match the expected output exactly; trailing spaces and trailing blank lines are ignored.';
    case 'tokens':
      return 'Your output is compared token by token: spaces and line breaks between values do not matter.';
    case 'float':
      return `Numbers in your output are accepted within an absolute or relative error of ${tolerance}; everything else must match token by token.`;
    case 'unordered':
      return 'Your answer may list its values in any order: neither the order of the lines nor the order of the values within a line matters.';
    case 'custom':
      return "Your output is checked by the problem author's own checker program.";
  }
}
