import { z } from 'zod';
import { ResponseSchemas } from './response-rules';

/**
 * Partial scores (issue 31): a problem may divide its hidden tests into ordered test groups (subtasks),
 * each worth points. A group is earned when every test of it passed and every group it depends on was
 * earned; the score is the sum of the earned groups' points. A problem without groups is all-or-nothing
 * as before, and none of this applies to it.
 */

/** One test group of a problem, in judging order. The examples belong to no group (they are worth 0). */
export const testGroupSchema = z
  .object({
    name: z.string(),
    points: z.number(),
    /** Earlier groups this one also needs (CMS and DMOJ batch dependencies). */
    dependsOn: z.array(z.string()).optional(),
  })
  .register(ResponseSchemas, { id: 'TestGroup' });
export type TestGroup = z.infer<typeof testGroupSchema>;

/** A group's result in one judgement (the `groups` of an execute-code response on a scoring problem). */
export const groupResultSchema = z
  .object({
    name: z.string(),
    points: z.number(),
    earned: z.boolean(),
    passedCount: z.number(),
    totalCount: z.number(),
    /** The 1-based number (in `results`) of the group's first test that did not pass; null when all passed. */
    firstFailedTest: z.number().nullable(),
  })
  .register(ResponseSchemas, { id: 'GroupResult' });
export type GroupResult = z.infer<typeof groupResultSchema>;

/** What a scoring problem's judgement adds to the spec's execute-code response. */
export interface ScoredFields {
  score: number;
  maxScore: number;
  groups: GroupResult[];
}

export const TEST_GROUP_LIMITS = {
  maxGroups: 50,
  nameLength: 60,
  maxPoints: 1000,
} as const;

/** A problem has partial scores when it has at least one group. */
export const isScoring = (groups: readonly TestGroup[] | null | undefined): groups is TestGroup[] =>
  Array.isArray(groups) && groups.length > 0;

export const maxScoreOf = (groups: readonly TestGroup[]): number => groups.reduce((s, g) => s + g.points, 0);

/**
 * Each group's result from the shown results (in the judged order), `groupOf` telling a result's group
 * (undefined for the examples). A group whose tests all passed is earned only when the groups it
 * depends on are; its `firstFailedTest` stays null then (no test of its own failed).
 */
export function groupResultsOf<R extends { passed: boolean }>(
  groups: readonly TestGroup[],
  results: readonly R[],
  groupOf: (result: R) => string | null | undefined,
): GroupResult[] {
  const earned = new Map<string, boolean>();
  return groups.map((group) => {
    let passedCount = 0;
    let totalCount = 0;
    let firstFailedTest: number | null = null;
    results.forEach((r, i) => {
      if (groupOf(r) !== group.name) return;
      totalCount++;
      if (r.passed) passedCount++;
      else if (firstFailedTest === null) firstFailedTest = i + 1;
    });
    const own = totalCount > 0 && passedCount === totalCount;
    const ok = own && (group.dependsOn ?? []).every((d) => earned.get(d) === true);
    earned.set(group.name, ok);
    return { name: group.name, points: group.points, earned: ok, passedCount, totalCount, firstFailedTest };
  });
}

/** The score of a judgement's groups: the earned groups' points. */
export const scoreOf = (groups: readonly GroupResult[]): number =>
  groups.reduce((s, g) => s + (g.earned ? g.points : 0), 0);

/**
 * The score fields of a judgement from its groups' results. A judgement whose code did not compile
 * scores 0 (every group then has no passed test).
 */
export function scoredFields(groups: readonly TestGroup[], results: GroupResult[]): ScoredFields {
  return { score: scoreOf(results), maxScore: maxScoreOf(groups), groups: results };
}

/**
 * Best per group over several judgements (IOI's rule since 2017): a group counts when any judgement
 * earned it. `earnedSets` lists, per judgement, the names of the groups it earned.
 */
export function bestOfGroups(groups: readonly TestGroup[], earnedSets: Iterable<Iterable<string>>): number {
  const best = new Set<string>();
  for (const set of earnedSets) for (const name of set) best.add(name);
  return groups.reduce((s, g) => s + (best.has(g.name) ? g.points : 0), 0);
}

/** The sentences of partial scores (the problem form's checks and the solving page). */
export const ScoringSentences = {
  score: (score: number, maxScore: number) => `${score} / ${maxScore}`,
  groupNameTwice: (name: string) => `testGroups: the group name "${name}" is used twice`,
  dependsOnUnknown: (group: string, dependency: string) =>
    `testGroups: group "${group}" may depend only on a group listed before it, not on "${dependency}"`,
  testGroupUnknown: (index: number, name: string) =>
    `testCases.${index}.group: there is no test group named "${name}"`,
  exampleInGroup: (index: number) =>
    `testCases.${index}.group: an example test belongs to no group (examples are worth 0)`,
  hiddenTestWithoutGroup: (index: number) =>
    `testCases.${index}.group: with test groups, every hidden test must name its group`,
  groupWithoutTests: (name: string) => `testGroups: group "${name}" has no test`,
  groupsHeading: 'Subtasks',
  earned: 'Earned',
  notEarned: 'Not earned',
  dependencyNotEarned: 'A group it depends on was not earned',
  /** A group none of whose tests has finished yet, while the submit is judged. */
  groupPending: 'Waiting',
  /** A group some of whose tests have finished (none failed), while the submit is judged. */
  groupJudging: 'Judging…',
  firstFailed: (test: number) => `Failed at test ${test}`,
  pointsLabel: (points: number) => `${points} point${points === 1 ? '' : 's'}`,
  ioiFormatOption: 'IOI (best of each subtask)',
  ioiFormatLabel: 'IOI',
  ioiRules: 'IOI rules: each problem scores the best of each subtask over your submissions; equal totals share a rank',
} as const;
