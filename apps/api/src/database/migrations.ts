import { Accounts1763700000000 } from './migrations/1763700000000-Accounts';
import { ProblemsAndJudging1763700100000 } from './migrations/1763700100000-ProblemsAndJudging';

/** Every migration, in order; listed explicitly so the build and the tests run the same set. */
export const MIGRATIONS = [Accounts1763700000000, ProblemsAndJudging1763700100000];
