import { MigrationInterface, QueryRunner } from 'typeorm';

export class Contests1763700200000 implements MigrationInterface {
  name = 'Contests1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(200) NOT NULL,
        description text NOT NULL DEFAULT '',
        start_time timestamptz NOT NULL,
        end_time timestamptz NOT NULL,
        max_participants integer NOT NULL DEFAULT 100 CHECK (max_participants >= 1),
        participant_count integer NOT NULL DEFAULT 0 CHECK (participant_count >= 0 AND participant_count <= max_participants),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finalized_at timestamptz,
        CHECK (end_time > start_time)
      )`);
    await q.query(`CREATE INDEX contests_start_idx ON contests (start_time)`);
    // A problem used by a contest cannot be deleted (RESTRICT): the API answers 409.
    await q.query(`
      CREATE TABLE contest_problems (
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        problem_id uuid NOT NULL REFERENCES problems(id) ON DELETE RESTRICT,
        position integer NOT NULL,
        points integer NOT NULL,
        PRIMARY KEY (contest_id, problem_id)
      )`);
    await q.query(`CREATE INDEX contest_problems_problem_idx ON contest_problems (problem_id)`);
    await q.query(`
      CREATE TABLE contest_participants (
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (contest_id, user_id)
      )`);
    await q.query(`CREATE INDEX contest_participants_user_idx ON contest_participants (user_id)`);
    // The contest leaderboard, maintained on every accepted solve so reads never rescan submissions.
    await q.query(`
      CREATE TABLE contest_scores (
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        score integer NOT NULL DEFAULT 0,
        problems_solved integer NOT NULL DEFAULT 0,
        last_improved_at timestamptz NOT NULL,
        PRIMARY KEY (contest_id, user_id)
      )`);
    await q.query(
      `CREATE INDEX contest_scores_rank_idx ON contest_scores (contest_id, score DESC, last_improved_at ASC, user_id)`,
    );
    await q.query(`
      CREATE TABLE rating_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        old_rating integer NOT NULL,
        new_rating integer NOT NULL,
        rank integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (contest_id, user_id)
      )`);
    await q.query(`CREATE INDEX rating_changes_user_idx ON rating_changes (user_id, created_at)`);
    await q.query(
      `CREATE INDEX judgements_contest_idx ON judgements (contest_id) WHERE contest_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX profiles_score_idx ON profiles (total_score DESC)`);
    await q.query(
      `CREATE INDEX profiles_rating_idx ON profiles (rating DESC) WHERE contests_participated > 0`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX profiles_rating_idx`);
    await q.query(`DROP INDEX profiles_score_idx`);
    await q.query(`DROP INDEX judgements_contest_idx`);
    for (const table of [
      'rating_changes',
      'contest_scores',
      'contest_participants',
      'contest_problems',
      'contests',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
