// Checks that PostgreSQL and Redis answer; prints one line naming what is missing and how to start it.
import pg from 'pg';
import Redis from 'ioredis';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/javelin';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const problems = [];

const admin = new URL(databaseUrl);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query('SELECT 1');
} catch (error) {
  problems.push(
    `PostgreSQL is not answering at ${admin.host} (${error.code ?? error.message}): start it with ` +
      `"pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start", or set DATABASE_URL.`,
  );
} finally {
  await client.end().catch(() => undefined);
}

const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
redis.on('error', () => undefined);
try {
  await redis.connect();
  await redis.ping();
} catch (error) {
  problems.push(
    `Redis is not answering at ${new URL(redisUrl).host} (${error.code ?? error.message}): start it with ` +
      `"redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no", or set REDIS_URL.`,
  );
} finally {
  redis.disconnect();
}

for (const line of problems) console.error(line);
process.exit(problems.length ? 1 : 0);
