import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Env, loadEnv } from '../../src/config/env';

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/javelin_test';
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The tests' Redis namespace: never the one of an instance started from the same shell. */
export const TEST_REDIS_PREFIX =
  process.env.TEST_REDIS_PREFIX ??
  (process.env.REDIS_PREFIX ? `${process.env.REDIS_PREFIX}-test` : 'javelin-test');

/** A test that names its own judge queue (JUDGE_QUEUE_PREFIX) gets that as the whole namespace. */
export function testRedisPrefix(overrides: Record<string, string>): string {
  return overrides.REDIS_PREFIX ?? overrides.JUDGE_QUEUE_PREFIX ?? TEST_REDIS_PREFIX;
}

/** The environment the tests run the API with: the test database, no rate limits unless asked, a temp outbox. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    JWT_SECRET: 'integration-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'javelin-mail-')),
    RATE_LIMIT_DISABLED: 'true',
    WEB_DIST_DIR: join(tmpdir(), 'javelin-no-web'),
    ...overrides,
    REDIS_PREFIX: testRedisPrefix(overrides),
  });
}
