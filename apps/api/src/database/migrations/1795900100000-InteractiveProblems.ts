import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 42: interactive and multi-pass problems. How a classic problem's program meets its validator,
 * a multi-pass problem's most passes, a sample's dialogue (its package's `.interaction` file), and the
 * dialogues of `.interaction` files without a test beside them (shown, never judged); and how a package's
 * time limit was set from its jury when it stated none.
 */
export class InteractiveProblems1795900100000 implements MigrationInterface {
  name = 'InteractiveProblems1795900100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE problems ADD COLUMN interaction varchar(12) NOT NULL DEFAULT 'none'
         CHECK (interaction IN ('none', 'interactive', 'multi-pass')),
       ADD COLUMN validation_passes int CHECK (validation_passes BETWEEN 2 AND 100),
       ADD COLUMN sample_interactions jsonb NOT NULL DEFAULT '[]',
       ADD COLUMN time_limit_basis jsonb`,
    );
    // A test group's own validator flags (its testdata.yaml), when they differ from the problem's.
    await q.query(`ALTER TABLE test_cases ADD COLUMN interaction jsonb, ADD COLUMN validator_flags jsonb`);
    // A jury submission of several files (a folder under submissions/<verdict>/).
    await q.query(`ALTER TABLE jury_submissions ADD COLUMN files jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jury_submissions DROP COLUMN files`);
    await q.query(`ALTER TABLE test_cases DROP COLUMN validator_flags, DROP COLUMN interaction`);
    await q.query(
      `ALTER TABLE problems DROP COLUMN time_limit_basis, DROP COLUMN sample_interactions, DROP COLUMN validation_passes, DROP COLUMN interaction`,
    );
  }
}
