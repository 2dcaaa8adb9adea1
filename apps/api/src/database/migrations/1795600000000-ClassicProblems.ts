import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: classic (stdio) problems beside the function ones, with their own limits and output
 * validation, and what a problem package brings with it: where each test lived in the package, the
 * jury's submissions and the statement's images. Existing problems stay 'function'.
 */
export class ClassicProblems1795600000000 implements MigrationInterface {
  name = 'ClassicProblems1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE problems
         ADD COLUMN kind varchar(10) NOT NULL DEFAULT 'function' CHECK (kind IN ('function', 'stdio')),
         ADD COLUMN time_limit_ms int CHECK (time_limit_ms > 0),
         ADD COLUMN memory_limit_mb int CHECK (memory_limit_mb > 0),
         ADD COLUMN validator_flags jsonb NOT NULL DEFAULT '[]',
         ADD COLUMN output_validator jsonb`,
    );
    await q.query(`ALTER TABLE test_cases ADD COLUMN name varchar(300)`);
    await q.query(
      `CREATE TABLE jury_submissions (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
         problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
         path varchar(300) NOT NULL,
         code text NOT NULL,
         expected jsonb NOT NULL,
         UNIQUE (problem_id, path)
       )`,
    );
    await q.query(
      `CREATE TABLE problem_images (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
         problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
         name varchar(200) NOT NULL,
         content_type varchar(100) NOT NULL,
         data bytea NOT NULL,
         UNIQUE (problem_id, name)
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE problem_images`);
    await q.query(`DROP TABLE jury_submissions`);
    await q.query(`ALTER TABLE test_cases DROP COLUMN name`);
    await q.query(
      `ALTER TABLE problems DROP COLUMN output_validator, DROP COLUMN validator_flags,
         DROP COLUMN memory_limit_mb, DROP COLUMN time_limit_ms, DROP COLUMN kind`,
    );
  }
}
