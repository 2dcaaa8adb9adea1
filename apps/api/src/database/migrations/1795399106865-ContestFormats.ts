import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: contest formats (points, icpc), a freeze, per-problem scoreboard cells and rejudge jobs.
 * contest_scores keeps each participant's real totals and, beside them, the totals visible during a
 * freeze (only results from before the freeze); contest_cells holds one row per participant and problem.
 */
export class ContestFormats1795399106865 implements MigrationInterface {
  name = 'ContestFormats1795399106865';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE contests
        ADD COLUMN format varchar(10) NOT NULL DEFAULT 'points' CHECK (format IN ('points', 'icpc')),
        ADD COLUMN penalty_minutes integer NOT NULL DEFAULT 20 CHECK (penalty_minutes >= 0),
        ADD COLUMN freeze_minutes integer NOT NULL DEFAULT 0 CHECK (freeze_minutes >= 0),
        ADD COLUMN unfrozen_at timestamptz`);
    await q.query(`
      CREATE TABLE contest_cells (
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
        attempts integer NOT NULL DEFAULT 0,
        accepted_at timestamptz,
        points integer NOT NULL DEFAULT 0,
        visible_attempts integer NOT NULL DEFAULT 0,
        visible_accepted_at timestamptz,
        pending integer NOT NULL DEFAULT 0,
        PRIMARY KEY (contest_id, user_id, problem_id)
      )`);
    // The first solve of each problem, real and as visible during a freeze.
    await q.query(
      `CREATE INDEX contest_cells_first_idx ON contest_cells (contest_id, problem_id, accepted_at, user_id) WHERE accepted_at IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX contest_cells_visible_first_idx ON contest_cells (contest_id, problem_id, visible_accepted_at, user_id) WHERE visible_accepted_at IS NOT NULL`,
    );
    await q.query(`
      ALTER TABLE contest_scores
        ALTER COLUMN last_improved_at DROP NOT NULL,
        ADD COLUMN penalty integer NOT NULL DEFAULT 0,
        ADD COLUMN last_accepted_at timestamptz,
        ADD COLUMN visible_score integer NOT NULL DEFAULT 0,
        ADD COLUMN visible_solved integer NOT NULL DEFAULT 0,
        ADD COLUMN visible_penalty integer NOT NULL DEFAULT 0,
        ADD COLUMN visible_last_improved_at timestamptz,
        ADD COLUMN visible_last_accepted_at timestamptz`);
    await q.query(`
      CREATE INDEX contest_scores_icpc_idx ON contest_scores (contest_id, problems_solved DESC, penalty ASC, last_accepted_at ASC, user_id)`);
    // Existing contests have no freeze and no tries recorded as cells: their cells are their solves.
    await q.query(`
      INSERT INTO contest_cells (contest_id, user_id, problem_id, accepted_at, points, visible_accepted_at)
      SELECT contest_id, user_id, problem_id, solved_at, points, solved_at FROM solved_problems WHERE contest_id IS NOT NULL
      ON CONFLICT DO NOTHING`);
    await q.query(`
      UPDATE contest_scores SET last_accepted_at = last_improved_at, visible_score = score, visible_solved = problems_solved,
             visible_last_improved_at = last_improved_at, visible_last_accepted_at = last_improved_at`);
    await q.query(`
      CREATE TABLE rejudge_jobs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
        contest_id uuid REFERENCES contests(id) ON DELETE CASCADE,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    // One row per judgement a job re-runs: its verdict before, and after once judged again.
    await q.query(`
      CREATE TABLE rejudge_items (
        job_id uuid NOT NULL REFERENCES rejudge_jobs(id) ON DELETE CASCADE,
        judgement_id uuid NOT NULL REFERENCES judgements(id) ON DELETE CASCADE,
        old_verdict varchar(32) NOT NULL,
        new_verdict varchar(32),
        PRIMARY KEY (job_id, judgement_id)
      )`);
    await q.query(
      `CREATE INDEX judgements_problem_idx ON judgements (problem_id, created_at) WHERE all_tests`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX judgements_problem_idx`);
    await q.query(`DROP TABLE rejudge_items`);
    await q.query(`DROP TABLE rejudge_jobs`);
    await q.query(`DROP INDEX contest_scores_icpc_idx`);
    await q.query(`
      ALTER TABLE contest_scores DROP COLUMN penalty, DROP COLUMN last_accepted_at, DROP COLUMN visible_score,
        DROP COLUMN visible_solved, DROP COLUMN visible_penalty, DROP COLUMN visible_last_improved_at,
        DROP COLUMN visible_last_accepted_at`);
    await q.query(`DROP TABLE contest_cells`);
    await q.query(
      `ALTER TABLE contests DROP COLUMN format, DROP COLUMN penalty_minutes, DROP COLUMN freeze_minutes, DROP COLUMN unfrozen_at`,
    );
  }
}
