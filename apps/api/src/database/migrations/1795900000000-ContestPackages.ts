import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 43: contest packages (icpc/ccs-specs 2023-06 Contest Package Format) and team accounts.
 *
 * A contest, its problems, organizations, groups and teams keep the ids the package gave them
 * (`clics_id`): the CLICS API serves them under those ids, so the registration system, the Resolver
 * and a CDS agree with Javelin; Javelin's own keys stay inside. Organizations, groups and teams of a
 * package belong to its contest (the package says who competes; nothing leaks into other contests).
 * An account of the package signs in with its username (`users.account_type`: `team`, `judge`,
 * `admin`; everyone else is a `person` who signs in with an e-mail).
 */
export class ContestPackages1795900000000 implements MigrationInterface {
  name = 'ContestPackages1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contests ADD COLUMN clics_id varchar(36), ADD COLUMN formal_name varchar(300)`);
    await q.query(`CREATE UNIQUE INDEX contests_clics_id_key ON contests (clics_id) WHERE clics_id IS NOT NULL`);
    await q.query(
      `ALTER TABLE contest_problems ADD COLUMN clics_id varchar(36), ADD COLUMN label varchar(36), ADD COLUMN rgb varchar(7)`,
    );
    await q.query(
      `CREATE UNIQUE INDEX contest_problems_clics_id_key ON contest_problems (contest_id, clics_id) WHERE clics_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE contest_organizations (
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        clics_id varchar(36) NOT NULL,
        name varchar(300) NOT NULL,
        formal_name varchar(300),
        country char(3),
        PRIMARY KEY (contest_id, clics_id)
      )`);
    await q.query(`
      CREATE TABLE contest_groups (
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        clics_id varchar(36) NOT NULL,
        name varchar(300) NOT NULL,
        type varchar(100),
        hidden boolean NOT NULL DEFAULT false,
        PRIMARY KEY (contest_id, clics_id)
      )`);
    await q.query(`
      CREATE TABLE contest_teams (
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        clics_id varchar(36) NOT NULL,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        name varchar(300) NOT NULL,
        display_name varchar(300),
        label varchar(36) NOT NULL,
        organization_id varchar(36),
        group_ids varchar(36)[] NOT NULL DEFAULT '{}',
        hidden boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (contest_id, clics_id),
        FOREIGN KEY (contest_id, organization_id) REFERENCES contest_organizations (contest_id, clics_id)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX contest_teams_user_key ON contest_teams (contest_id, user_id) WHERE user_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX contest_teams_user_idx ON contest_teams (user_id) WHERE user_id IS NOT NULL`);
    await q.query(
      `ALTER TABLE users ADD COLUMN account_type varchar(10) NOT NULL DEFAULT 'person'
         CHECK (account_type IN ('person', 'team', 'judge', 'admin'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN account_type`);
    await q.query(`DROP TABLE contest_teams`);
    await q.query(`DROP TABLE contest_groups`);
    await q.query(`DROP TABLE contest_organizations`);
    await q.query(`ALTER TABLE contest_problems DROP COLUMN clics_id, DROP COLUMN label, DROP COLUMN rgb`);
    await q.query(`ALTER TABLE contests DROP COLUMN clics_id, DROP COLUMN formal_name`);
  }
}
