import { MigrationInterface, QueryRunner } from 'typeorm';

/** A full judgement (a submit) keeps its code and per-test results, so users can read their history. */
export class SubmissionHistory1763700400000 implements MigrationInterface {
  name = 'SubmissionHistory1763700400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE judgements ADD COLUMN code text, ADD COLUMN results jsonb, ADD COLUMN compile_error text`,
    );
    // The history lists a user's submits newest first, for all problems or for one.
    await q.query(
      `CREATE INDEX judgements_history_idx ON judgements (user_id, created_at DESC) WHERE all_tests`,
    );
    await q.query(
      `CREATE INDEX judgements_problem_history_idx ON judgements (user_id, problem_id, created_at DESC) WHERE all_tests`,
    );
    // Acceptance rates count distinct users per problem over submits.
    await q.query(
      `CREATE INDEX judgements_acceptance_idx ON judgements (problem_id, user_id) WHERE all_tests`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX judgements_acceptance_idx`);
    await q.query(`DROP INDEX judgements_problem_history_idx`);
    await q.query(`DROP INDEX judgements_history_idx`);
    await q.query(`ALTER TABLE judgements DROP COLUMN compile_error, DROP COLUMN results, DROP COLUMN code`);
  }
}
