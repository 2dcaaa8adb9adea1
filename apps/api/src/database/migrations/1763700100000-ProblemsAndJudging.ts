import { MigrationInterface, QueryRunner } from 'typeorm';

export class ProblemsAndJudging1763700100000 implements MigrationInterface {
  name = 'ProblemsAndJudging1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE problems (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(200) NOT NULL,
        description text NOT NULL,
        constraints text NOT NULL DEFAULT '',
        difficulty varchar(10) NOT NULL DEFAULT 'easy' CHECK (difficulty IN ('easy', 'medium', 'hard')),
        points integer NOT NULL DEFAULT 10 CHECK (points >= 0),
        input_variables jsonb NOT NULL DEFAULT '[]',
        function_name varchar(100) NOT NULL,
        return_type varchar(10) NOT NULL DEFAULT 'int' CHECK (return_type IN ('int', 'string', 'boolean', 'void')),
        boilerplate_code text NOT NULL DEFAULT '',
        tags jsonb NOT NULL DEFAULT '[]',
        is_visible boolean NOT NULL DEFAULT true,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX problems_visible_idx ON problems (is_visible, created_at)`);
    await q.query(`
      CREATE TABLE test_cases (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
        position integer NOT NULL,
        input text NOT NULL,
        expected_output text NOT NULL,
        is_example boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX test_cases_problem_idx ON test_cases (problem_id, position)`);
    await q.query(`
      CREATE TABLE judgements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
        contest_id uuid,
        code_hash char(64) NOT NULL,
        all_tests boolean NOT NULL,
        verdict varchar(32) NOT NULL,
        passed_count integer NOT NULL,
        total_count integer NOT NULL,
        max_time_ms integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX judgements_lookup_idx ON judgements (user_id, problem_id, code_hash, created_at DESC)`,
    );
    await q.query(`
      CREATE TABLE submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
        contest_id uuid,
        judgement_id uuid REFERENCES judgements(id) ON DELETE SET NULL,
        code text NOT NULL,
        language varchar(16) NOT NULL,
        status varchar(32) NOT NULL,
        test_cases_passed integer NOT NULL,
        total_test_cases integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX submissions_user_idx ON submissions (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE solved_problems (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE CASCADE,
        contest_id uuid,
        submission_id uuid REFERENCES submissions(id) ON DELETE SET NULL,
        points integer NOT NULL,
        solved_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Points for a problem are awarded once per user in practice, and once per user per contest.
    await q.query(
      `CREATE UNIQUE INDEX solved_practice_key ON solved_problems (user_id, problem_id) WHERE contest_id IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX solved_contest_key ON solved_problems (user_id, problem_id, contest_id) WHERE contest_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX solved_recent_idx ON solved_problems (user_id, solved_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['solved_problems', 'submissions', 'judgements', 'test_cases', 'problems']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
