import { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763700000000 implements MigrationInterface {
  name = 'Accounts1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        username varchar(32) NOT NULL,
        full_name varchar(100) NOT NULL,
        password_hash varchar(255),
        email_verified boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);
    await q.query(`CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`);
    await q.query(`
      CREATE TABLE user_roles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(20) NOT NULL CHECK (role IN ('admin', 'super_admin')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, role)
      )`);
    await q.query(`
      CREATE TABLE profiles (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        bio text NOT NULL DEFAULT '',
        preferred_language varchar(50) NOT NULL DEFAULT 'Java',
        total_score integer NOT NULL DEFAULT 0,
        problems_solved integer NOT NULL DEFAULT 0,
        rating integer NOT NULL DEFAULT 1500,
        contests_participated integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE auth_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose varchar(20) NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id, purpose)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth_tokens`);
    await q.query(`DROP TABLE profiles`);
    await q.query(`DROP TABLE user_roles`);
    await q.query(`DROP TABLE users`);
  }
}
