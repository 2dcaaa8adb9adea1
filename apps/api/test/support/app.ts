import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import * as argon2 from 'argon2';
import { createApp } from '../../src/bootstrap';
import type { Env } from '../../src/config/env';
import { testEnv } from './env';

export interface TestApp {
  app: INestApplication;
  http: ReturnType<typeof request>;
  db: DataSource;
  env: Env;
  close(): Promise<void>;
}

export async function startApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const env = testEnv(overrides);
  const app = await createApp(env, { quiet: true });
  await app.init();
  const db = app.get<DataSource>(getDataSourceToken());
  return {
    app,
    env,
    db,
    http: request(app.getHttpServer()),
    close: () => app.close(),
  };
}

/** Empties every table, so a test file starts from a known state (files run one after another). */
export async function resetDatabase(db: DataSource): Promise<void> {
  const tables: { tablename: string }[] = await db.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`,
  );
  if (!tables.length) return;
  const truncate = `TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} CASCADE`;
  // TRUNCATE locks every table in turn, so a read an app makes meanwhile (one starting up, or one
  // just closed by the file before) can lock two of them in the other order: PostgreSQL then aborts the
  // TRUNCATE as a deadlock (40P01), rolled back whole. Trying again is safe.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.query(truncate);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

export function unique(prefix = 'u'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export interface SeededUser {
  id: string;
  email: string;
  username: string;
  password: string;
  token: string;
}

let cachedHash: Promise<string> | undefined;

/** Inserts a verified user (with roles) straight into the database and signs in through the API. */
export async function seedUser(t: TestApp, roles: ('admin' | 'super_admin')[] = []): Promise<SeededUser> {
  const name = unique();
  const password = 'correct-horse-1';
  cachedHash ??= argon2.hash(password);
  const [row] = await t.db.query(
    `INSERT INTO users (email, username, full_name, password_hash, email_verified) VALUES ($1, $2, $3, $4, true) RETURNING id`,
    [`${name}@example.com`, name, `User ${name}`, await cachedHash],
  );
  await t.db.query(`INSERT INTO profiles (user_id) VALUES ($1)`, [row.id]);
  for (const role of roles)
    await t.db.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, $2)`, [row.id, role]);
  const login = await t.http.post('/api/auth/login').send({ email: `${name}@example.com`, password });
  if (login.status !== 200)
    throw new Error(`seed login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: row.id, email: `${name}@example.com`, username: name, password, token: login.body.token };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Sends `send` every 20 ms until it answers `status`: the ms from `since` until it did (fails past
 * `limitMs`). For a change that another request, instance or SQL made and a cache must let through.
 */
export async function msUntilStatus(
  send: () => PromiseLike<{ status: number }>,
  status: number,
  since: number,
  limitMs = 5_000,
): Promise<number> {
  for (;;) {
    const res = await send();
    if (res.status === status) return performance.now() - since;
    if (performance.now() - since > limitMs)
      throw new Error(`still ${res.status} (not ${status}) after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
