import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 47: no AI help on a running contest's problems for its participants, unless an admin allowed
 * it for that contest (`allow_ai_help`, off for every contest, old and new).
 */
export class ContestAiHelp1795844000000 implements MigrationInterface {
  name = 'ContestAiHelp1795844000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contests ADD COLUMN allow_ai_help boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contests DROP COLUMN allow_ai_help`);
  }
}
