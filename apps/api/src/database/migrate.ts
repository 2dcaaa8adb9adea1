import { EnvError, loadEnv } from '../config/env';
import { describeConnectionError } from '../common/connection-errors';
import { createDataSource } from './data-source';

/** `npm run db:migrate`: creates the database when missing, then runs every pending migration. */
export async function migrate(databaseUrl: string, log: (line: string) => void = console.log): Promise<void> {
  await ensureDatabase(databaseUrl);
  const dataSource = createDataSource(databaseUrl);
  await dataSource.initialize();
  try {
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    log(
      ran.length
        ? `migrations: ran ${ran.map((m) => m.name).join(', ')}`
        : 'migrations: database is up to date',
    );
  } finally {
    await dataSource.destroy();
  }
}

async function ensureDatabase(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const { Client } = await import('pg');
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    // Another process may create it at the same moment.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

if (require.main === module) {
  (async () => {
    try {
      await migrate(loadEnv().databaseUrl);
    } catch (error) {
      const env = error instanceof EnvError ? null : loadEnvSafe();
      console.error(
        error instanceof EnvError
          ? `config: ${error.message}`
          : describeConnectionError(error, env?.databaseUrl),
      );
      process.exit(1);
    }
  })();
}

function loadEnvSafe() {
  try {
    return loadEnv();
  } catch {
    return null;
  }
}
