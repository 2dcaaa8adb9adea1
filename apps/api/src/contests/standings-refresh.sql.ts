import { bestGroupsCtes } from './group-scores.sql';

/**
 * The SQL that keeps the maintained standings (standings.repository.ts) equal to a recount: a
 * participant's cells from their judgements and solves, then their totals from their cells.
 */

/**
 * Recomputes cells from what they are made of: the contest's full judgements (compile errors never
 * count) and its solves. A cell's accept is its solve; attempts are the rejected tries before it.
 * The visible (frozen) columns count only what happened before the freeze; `pending` counts the
 * tries at or after the freeze up to the accept. $2 / $3 narrow it to one user / problem (null: all).
 * A cell's `score` (the IOI format's, issue 31) is, on a problem with test groups, the sum of the points
 * of each group some full judgement earned (best per group; `visible_score`: earned before the freeze),
 * and on a problem without groups its points once solved. Being a recount of every judgement under the
 * participant's lock, simultaneous submits can never lose a group's best.
 */
export const REFRESH_CELLS = `
  WITH c AS (
    SELECT id, end_time - make_interval(mins => freeze_minutes) AS freeze_at FROM contests WHERE id = $1
  ), s AS (
    SELECT user_id, problem_id, solved_at, points FROM solved_problems
     WHERE contest_id = $1 AND ($2::uuid IS NULL OR user_id = $2) AND ($3::uuid IS NULL OR problem_id = $3)
  ), j AS (
    SELECT user_id, problem_id, created_at, verdict, groups FROM judgements
     WHERE contest_id = $1 AND all_tests AND verdict <> 'compilation_error'
       AND ($2::uuid IS NULL OR user_id = $2) AND ($3::uuid IS NULL OR problem_id = $3)
  ), ${bestGroupsCtes('(SELECT freeze_at FROM c)')}, keys AS (
    SELECT user_id, problem_id FROM j UNION SELECT user_id, problem_id FROM s
  ), computed AS (
    SELECT k.user_id, k.problem_id, s.solved_at, COALESCE(s.points, 0) AS points, c.freeze_at,
           COALESCE(b.score, CASE WHEN s.solved_at IS NOT NULL THEN s.points ELSE 0 END) AS score,
           COALESCE(b.visible_score, CASE WHEN s.solved_at < c.freeze_at THEN s.points ELSE 0 END) AS visible_score,
           count(j.created_at) FILTER (WHERE j.verdict <> 'accepted' AND (s.solved_at IS NULL OR j.created_at < s.solved_at))::int AS attempts,
           count(j.created_at) FILTER (WHERE j.verdict <> 'accepted' AND j.created_at < c.freeze_at
                                         AND (s.solved_at IS NULL OR j.created_at < s.solved_at))::int AS visible_attempts,
           count(j.created_at) FILTER (WHERE j.created_at >= c.freeze_at AND (s.solved_at IS NULL OR j.created_at <= s.solved_at))::int AS pending
      FROM keys k CROSS JOIN c
      LEFT JOIN s ON s.user_id = k.user_id AND s.problem_id = k.problem_id
      LEFT JOIN j ON j.user_id = k.user_id AND j.problem_id = k.problem_id
      LEFT JOIN best b ON b.user_id = k.user_id AND b.problem_id = k.problem_id
     GROUP BY k.user_id, k.problem_id, s.solved_at, s.points, c.freeze_at, b.score, b.visible_score
  ), gone AS (
    DELETE FROM contest_cells cc
     WHERE cc.contest_id = $1 AND ($2::uuid IS NULL OR cc.user_id = $2) AND ($3::uuid IS NULL OR cc.problem_id = $3)
       AND NOT EXISTS (SELECT 1 FROM keys k WHERE k.user_id = cc.user_id AND k.problem_id = cc.problem_id)
  )
  INSERT INTO contest_cells (contest_id, user_id, problem_id, attempts, accepted_at, points, visible_attempts, visible_accepted_at, pending,
                             score, visible_score)
  SELECT $1, user_id, problem_id, attempts, solved_at, points, visible_attempts,
         CASE WHEN solved_at < freeze_at THEN solved_at END,
         GREATEST(pending, CASE WHEN solved_at >= freeze_at THEN 1 ELSE 0 END),
         score, visible_score
    FROM computed
  ON CONFLICT (contest_id, user_id, problem_id) DO UPDATE SET
    attempts = EXCLUDED.attempts, accepted_at = EXCLUDED.accepted_at, points = EXCLUDED.points,
    visible_attempts = EXCLUDED.visible_attempts, visible_accepted_at = EXCLUDED.visible_accepted_at, pending = EXCLUDED.pending,
    score = EXCLUDED.score, visible_score = EXCLUDED.visible_score`;

/** Recomputes participants' totals from their cells, real and visible; $2 narrows it to one user (null: all). */
export const REFRESH_SCORES = `
  WITH c AS (
    SELECT id, start_time, penalty_minutes, format FROM contests WHERE id = $1
  ), agg AS (
    SELECT cc.user_id,
           CASE WHEN c.format = 'ioi' THEN COALESCE(sum(cc.score), 0)
                ELSE COALESCE(sum(cc.points) FILTER (WHERE cc.accepted_at IS NOT NULL), 0) END::int AS score,
           count(*) FILTER (WHERE cc.accepted_at IS NOT NULL)::int AS solved,
           COALESCE(sum(floor(extract(epoch FROM cc.accepted_at - c.start_time) / 60) + c.penalty_minutes * cc.attempts)
                    FILTER (WHERE cc.accepted_at IS NOT NULL), 0)::int AS penalty,
           max(cc.accepted_at) FILTER (WHERE cc.points > 0) AS last_improved_at,
           max(cc.accepted_at) AS last_accepted_at,
           CASE WHEN c.format = 'ioi' THEN COALESCE(sum(cc.visible_score), 0)
                ELSE COALESCE(sum(cc.points) FILTER (WHERE cc.visible_accepted_at IS NOT NULL), 0) END::int AS visible_score,
           count(*) FILTER (WHERE cc.visible_accepted_at IS NOT NULL)::int AS visible_solved,
           COALESCE(sum(floor(extract(epoch FROM cc.visible_accepted_at - c.start_time) / 60) + c.penalty_minutes * cc.visible_attempts)
                    FILTER (WHERE cc.visible_accepted_at IS NOT NULL), 0)::int AS visible_penalty,
           max(cc.visible_accepted_at) FILTER (WHERE cc.points > 0) AS visible_last_improved_at,
           max(cc.visible_accepted_at) AS visible_last_accepted_at
      FROM contest_cells cc CROSS JOIN c
     WHERE cc.contest_id = $1 AND ($2::uuid IS NULL OR cc.user_id = $2)
     GROUP BY cc.user_id, c.format
  ), gone AS (
    DELETE FROM contest_scores s
     WHERE s.contest_id = $1 AND ($2::uuid IS NULL OR s.user_id = $2)
       AND NOT EXISTS (SELECT 1 FROM agg WHERE agg.user_id = s.user_id)
  )
  INSERT INTO contest_scores (contest_id, user_id, score, problems_solved, penalty, last_improved_at, last_accepted_at,
                              visible_score, visible_solved, visible_penalty, visible_last_improved_at, visible_last_accepted_at)
  SELECT $1, user_id, score, solved, penalty, last_improved_at, last_accepted_at,
         visible_score, visible_solved, visible_penalty, visible_last_improved_at, visible_last_accepted_at
    FROM agg
  ON CONFLICT (contest_id, user_id) DO UPDATE SET
    score = EXCLUDED.score, problems_solved = EXCLUDED.problems_solved, penalty = EXCLUDED.penalty,
    last_improved_at = EXCLUDED.last_improved_at, last_accepted_at = EXCLUDED.last_accepted_at,
    visible_score = EXCLUDED.visible_score, visible_solved = EXCLUDED.visible_solved, visible_penalty = EXCLUDED.visible_penalty,
    visible_last_improved_at = EXCLUDED.visible_last_improved_at, visible_last_accepted_at = EXCLUDED.visible_last_accepted_at`;
