import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Practice after the end and virtual runs (issue 21 items 3 and 4). Their judgements keep contest_id
 * NULL, so nothing that reads a contest's judgements (standings, ratings, rejudge, plagiarism) sees
 * them; via_contest_id names the ended contest whose page they came from, virtual_run_id the run.
 */
export class VirtualRuns1795400000000 implements MigrationInterface {
  name = 'VirtualRuns1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE virtual_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        started_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        CHECK (ends_at >= started_at)
      )`);
    await q.query(`CREATE INDEX virtual_runs_user_idx ON virtual_runs (user_id, ends_at DESC)`);
    await q.query(
      `CREATE INDEX virtual_runs_contest_user_idx ON virtual_runs (contest_id, user_id, started_at DESC)`,
    );
    await q.query(`
      ALTER TABLE judgements
        ADD COLUMN via_contest_id uuid REFERENCES contests(id) ON DELETE SET NULL,
        ADD COLUMN virtual_run_id uuid REFERENCES virtual_runs(id) ON DELETE SET NULL`);
    await q.query(
      `CREATE INDEX judgements_virtual_run_idx ON judgements (virtual_run_id, created_at) WHERE virtual_run_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX judgements_via_contest_idx ON judgements (via_contest_id) WHERE via_contest_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX judgements_via_contest_idx`);
    await q.query(`DROP INDEX judgements_virtual_run_idx`);
    await q.query(`ALTER TABLE judgements DROP COLUMN virtual_run_id, DROP COLUMN via_contest_id`);
    await q.query(`DROP TABLE virtual_runs`);
  }
}
