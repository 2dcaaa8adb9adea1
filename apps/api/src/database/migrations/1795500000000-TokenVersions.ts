import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28: sessions that end. Every token carries the version of its user's tokens when it was
 * signed; a password reset, a role removal or a logout moves the version on, and the tokens signed
 * before stop working at once (the signed-in request's one user query compares them).
 */
export class TokenVersions1795500000000 implements MigrationInterface {
  name = 'TokenVersions1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN token_version`);
  }
}
