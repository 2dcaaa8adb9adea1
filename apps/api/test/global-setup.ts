import { Client } from 'pg';
import { migrate } from '../src/database/migrate';
import { TEST_DATABASE_URL } from './support/env';

/** One fresh test database per run, migrated with the real migrations. */
export default async function setup(): Promise<void> {
  const url = new URL(TEST_DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  await migrate(TEST_DATABASE_URL, () => undefined);
}
