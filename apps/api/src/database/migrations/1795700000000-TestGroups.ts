import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: partial scores. A problem's test groups (subtasks) with their points, each hidden test's
 * group, and a submit's score and group results. Existing problems keep no groups: all-or-nothing.
 */
export class TestGroups1795700000000 implements MigrationInterface {
  name = 'TestGroups1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE problems ADD COLUMN test_groups jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`ALTER TABLE test_cases ADD COLUMN group_name varchar(60)`);
    await q.query(`ALTER TABLE judgements ADD COLUMN score int, ADD COLUMN groups jsonb`);
    // The IOI format: a cell's score is the best per group over the contestant's submits (real and visible).
    await q.query(`ALTER TABLE contests DROP CONSTRAINT IF EXISTS contests_format_check`);
    await q.query(
      `ALTER TABLE contests ADD CONSTRAINT contests_format_check CHECK (format IN ('points', 'icpc', 'ioi'))`,
    );
    await q.query(
      `ALTER TABLE contest_cells ADD COLUMN score int NOT NULL DEFAULT 0, ADD COLUMN visible_score int NOT NULL DEFAULT 0`,
    );
    // A rejudge that changes a group but not the verdict still changes the board.
    await q.query(`ALTER TABLE rejudge_items ADD COLUMN old_score int, ADD COLUMN new_score int`);
    // Practice: the points a user holds of a scoring problem not yet solved (its best score, scaled to its points).
    await q.query(
      `CREATE TABLE practice_scores (
         user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
         problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
         awarded int NOT NULL DEFAULT 0 CHECK (awarded >= 0),
         PRIMARY KEY (user_id, problem_id)
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE practice_scores`);
    await q.query(`ALTER TABLE rejudge_items DROP COLUMN new_score, DROP COLUMN old_score`);
    await q.query(`ALTER TABLE contest_cells DROP COLUMN visible_score, DROP COLUMN score`);
    await q.query(`ALTER TABLE contests DROP CONSTRAINT IF EXISTS contests_format_check`);
    await q.query(
      `ALTER TABLE contests ADD CONSTRAINT contests_format_check CHECK (format IN ('points', 'icpc'))`,
    );
    await q.query(`ALTER TABLE judgements DROP COLUMN groups, DROP COLUMN score`);
    await q.query(`ALTER TABLE test_cases DROP COLUMN group_name`);
    await q.query(`ALTER TABLE problems DROP COLUMN test_groups`);
  }
}
