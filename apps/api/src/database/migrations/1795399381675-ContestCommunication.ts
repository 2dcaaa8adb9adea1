import { MigrationInterface, QueryRunner } from 'typeorm';

/** Announcements, clarifications and the plagiarism report of a contest (issue 21). */
export class ContestCommunication1795399381675 implements MigrationInterface {
  name = 'ContestCommunication1795399381675';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contest_announcements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        text text NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(
      `CREATE INDEX contest_announcements_contest_idx ON contest_announcements (contest_id, created_at DESC)`,
    );
    await q.query(`
      CREATE TABLE contest_clarifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        problem_id uuid REFERENCES problems(id) ON DELETE SET NULL,
        question text NOT NULL,
        answer text,
        is_public boolean NOT NULL DEFAULT false,
        answered_by uuid REFERENCES users(id) ON DELETE SET NULL,
        answered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(
      `CREATE INDEX contest_clarifications_contest_idx ON contest_clarifications (contest_id, created_at DESC)`,
    );
    // The plagiarism report reads each participant's latest accepted solution per problem of a contest.
    await q.query(
      `CREATE INDEX submissions_contest_accepted_idx ON submissions (contest_id, problem_id, user_id, created_at DESC)
         WHERE status = 'accepted' AND contest_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE plagiarism_reports (
        contest_id uuid PRIMARY KEY REFERENCES contests(id) ON DELETE CASCADE,
        run_id uuid NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
        done integer NOT NULL DEFAULT 0,
        total integer NOT NULL DEFAULT 0,
        threshold real NOT NULL,
        error text,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE plagiarism_pairs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contest_id uuid NOT NULL REFERENCES plagiarism_reports(contest_id) ON DELETE CASCADE,
        problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
        user_a uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        user_b uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        submission_a uuid NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
        submission_b uuid NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
        similarity real NOT NULL,
        fragments jsonb NOT NULL DEFAULT '[]'
      )`);
    await q.query(
      `CREATE INDEX plagiarism_pairs_contest_idx ON plagiarism_pairs (contest_id, similarity DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE plagiarism_pairs`);
    await q.query(`DROP TABLE plagiarism_reports`);
    await q.query(`DROP INDEX submissions_contest_accepted_idx`);
    await q.query(`DROP TABLE contest_clarifications`);
    await q.query(`DROP TABLE contest_announcements`);
  }
}
