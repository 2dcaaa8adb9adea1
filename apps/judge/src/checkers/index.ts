import { CHECKERS, type CheckerName } from '@javelin/contracts';
import type { Checker } from './checker';
import { exactChecker } from './exact';
import { floatChecker } from './float';
import { tokensChecker } from './tokens';
import { unorderedChecker } from './unordered';

export { ACCEPTED } from './checker';
export type { Checker, CheckResult } from './checker';
export { exactChecker, floatChecker, tokensChecker, unorderedChecker };

/** The checkers that compare text in the judge process; 'custom' runs the author's Java in the sandbox instead. */
type BuiltInCheckerName = Exclude<CheckerName, 'custom'>;

const BUILT_IN: Record<BuiltInCheckerName, Checker> = {
  exact: exactChecker,
  tokens: tokensChecker,
  float: floatChecker,
  unordered: unorderedChecker,
};

export function isBuiltInChecker(name: unknown): name is BuiltInCheckerName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(BUILT_IN, name);
}

/** The checker named `name`; throws for 'custom' (it needs the sandbox) and for names that are not checkers. */
export function checkerFor(name: string): Checker {
  if (isBuiltInChecker(name)) return BUILT_IN[name];
  if ((CHECKERS as readonly string[]).includes(name)) {
    throw new Error(
      `The "${name}" checker runs the problem's checker program in the sandbox, not in-process`,
    );
  }
  throw new Error(`Unknown checker "${name}"; expected one of ${CHECKERS.join(', ')}`);
}
