import { FreezeViewer, visibleThroughFreezeSql } from './freeze-visibility';

/**
 * The numbers every screen shows of a user, one definition each (issue 30), as SQL over the user
 * column `userColumn`, with the viewer's freeze rule (a frozen contest's late results count for its
 * owner and admins only, as on the board):
 * - problems solved: distinct problems solved, in practice or in contests;
 * - acceptance: accepted submissions ÷ all judged submissions (a submit judged against every test).
 * Total score is the practice score of DESIGN.md (the profile's total_score: the points of the
 * distinct problems solved in practice), kept as solves are recorded.
 * `viewerParam` and `adminParam` name the query's parameters of the viewer's id and admin flag.
 */
export function userNumbersSql(userColumn: string, viewerParam: string, adminParam: string): string {
  const solveVisible = visibleThroughFreezeSql(
    { owner: 's.user_id', contest: 's.contest_id', at: 's.solved_at' },
    viewerParam,
    adminParam,
  );
  const judgedVisible = visibleThroughFreezeSql(
    { owner: 'j.user_id', contest: 'j.contest_id', at: 'j.created_at' },
    viewerParam,
    adminParam,
  );
  return `(SELECT count(DISTINCT s.problem_id)::int FROM solved_problems s
            WHERE s.user_id = ${userColumn} AND ${solveVisible}) AS distinct_solved,
          (SELECT count(*)::int FROM judgements j
            WHERE j.user_id = ${userColumn} AND j.all_tests AND ${judgedVisible}) AS judged_submissions,
          (SELECT count(*)::int FROM judgements j
            WHERE j.user_id = ${userColumn} AND j.all_tests AND j.verdict = 'accepted' AND ${judgedVisible}) AS accepted_submissions`;
}

export interface UserNumbersRow {
  distinct_solved: number;
  judged_submissions: number;
  accepted_submissions: number;
}

/** Accepted ÷ judged, or null before the first judged submission. */
export function acceptanceRate(accepted: number, judged: number): number | null {
  return judged > 0 ? accepted / judged : null;
}

export type { FreezeViewer };
