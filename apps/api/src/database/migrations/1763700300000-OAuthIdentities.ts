import { MigrationInterface, QueryRunner } from 'typeorm';

export class OAuthIdentities1763700300000 implements MigrationInterface {
  name = 'OAuthIdentities1763700300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE oauth_identities (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider varchar(20) NOT NULL CHECK (provider IN ('google', 'github')),
        provider_user_id varchar(255) NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        email varchar(254),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, provider_user_id)
      )`);
    await q.query(`CREATE INDEX oauth_identities_user_idx ON oauth_identities (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE oauth_identities`);
  }
}
