/**
 * The IOI score of each cell (issue 31), as CTEs to follow a `j` CTE of the cell's full judgements
 * (user_id, problem_id, created_at, groups): `earned` is each group some judgement earned, with the
 * first time it did; `best` sums the points of those groups per cell (the best of each group over all
 * submits), and `visible_score` only of the groups first earned before `freezeAt` (an SQL expression).
 * One text for the maintained cells (REFRESH_CELLS) and a virtual run's cells at a moment (CELLS_AT).
 */
export function bestGroupsCtes(freezeAt: string): string {
  return `earned AS (
    SELECT j.user_id, j.problem_id, e->>'name' AS name, min(j.created_at) AS first_at
      FROM j CROSS JOIN LATERAL jsonb_array_elements(COALESCE(j.groups, '[]'::jsonb)) e
     WHERE (e->>'earned')::boolean
     GROUP BY j.user_id, j.problem_id, e->>'name'
  ), best AS (
    SELECT e.user_id, e.problem_id, sum((g->>'points')::int)::int AS score,
           COALESCE(sum((g->>'points')::int) FILTER (WHERE e.first_at < ${freezeAt}), 0)::int AS visible_score
      FROM earned e JOIN problems p ON p.id = e.problem_id
      CROSS JOIN LATERAL jsonb_array_elements(p.test_groups) g
     WHERE g->>'name' = e.name
     GROUP BY e.user_id, e.problem_id
  )`;
}
