import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: organizations (a school or a club) that admins manage and users may name on their profile;
 * the CLICS Contest API shows them as the teams' organizations and groups.
 */
export class Organizations1795700032000 implements MigrationInterface {
  name = 'Organizations1795700032000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        formal_name varchar(300),
        country char(3),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX organizations_name_key ON organizations (lower(name))`);
    await q.query(
      `ALTER TABLE profiles ADD COLUMN organization_id uuid REFERENCES organizations(id) ON DELETE SET NULL`,
    );
    await q.query(`CREATE INDEX profiles_organization_idx ON profiles (organization_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE profiles DROP COLUMN organization_id`);
    await q.query(`DROP TABLE organizations`);
  }
}
