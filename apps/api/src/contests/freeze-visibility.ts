/**
 * The rule every route that shows solves or verdicts follows during a freeze (the board's rule): a
 * result in a contest whose standings are frozen, at or after its freeze, is seen by its owner and by
 * admins only, until an admin unfreezes the contest. Everything else is seen as before.
 */

/** Who is looking: a signed-in user (admin or not), or nobody (anonymous). */
export interface FreezeViewer {
  id: string | null;
  admin: boolean;
}

export const ANONYMOUS: FreezeViewer = { id: null, admin: false };

/**
 * SQL: true when the result at `atColumn` in the contest `contestColumn` (null outside contests) is
 * behind a freeze still in force. One indexed lookup of the contest per row, only for contest results.
 */
export function hiddenByFreezeSql(contestColumn: string, atColumn: string): string {
  return `(${contestColumn} IS NOT NULL AND EXISTS (
    SELECT 1 FROM contests frozen
     WHERE frozen.id = ${contestColumn} AND frozen.freeze_minutes > 0 AND frozen.unfrozen_at IS NULL
       AND ${atColumn} >= frozen.end_time - make_interval(mins => frozen.freeze_minutes)))`;
}

/**
 * SQL: true when the viewer (`viewerParam` a uuid or null, `adminParam` a boolean) may see the result
 * of `ownerColumn` at `atColumn` in contest `contestColumn`.
 */
export function visibleThroughFreezeSql(
  columns: { owner: string; contest: string; at: string },
  viewerParam: string,
  adminParam: string,
): string {
  return `(${adminParam}::boolean OR ${columns.owner} = ${viewerParam}::uuid OR NOT ${hiddenByFreezeSql(columns.contest, columns.at)})`;
}
