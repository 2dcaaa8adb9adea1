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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE judgements DROP COLUMN groups, DROP COLUMN score`);
    await q.query(`ALTER TABLE test_cases DROP COLUMN group_name`);
    await q.query(`ALTER TABLE problems DROP COLUMN test_groups`);
  }
}
