import { TimeoutError } from './timeout';

/**
 * PostgreSQL or Redis out of reach (refused, reset, closed, an offline command queue, a server
 * shutting down, a transaction whose connection broke under it — TypeORM then releases its query
 * runner) rather than a fault of the request: callers answer 503 and retry.
 */
const UNREACHABLE = new RegExp(
  [
    // sockets
    'ECONNREFUSED|ECONNRESET|ECONNABORTED|EPIPE|EHOSTUNREACH|ENOTFOUND|connect ETIMEDOUT|socket hang up',
    // node-postgres: a connection lost mid-query or mid-transaction, a pool that cannot connect
    'Connection terminated|timeout exceeded when trying to connect|is not queryable',
    // TypeORM: a transaction whose connection broke under it (its query runner is released)
    'Query runner already released|connection provided by a query runner was already released',
    // PostgreSQL: admin/crash shutdown, cannot connect now, connection exceptions (class 08)
    '\\b57P0[123]\\b|\\b08(000|001|003|004|006)\\b',
    // ioredis: closed, no writable stream, offline queue, retries per request exhausted
    "Connection is closed|Stream isn't writeable|offline queue|max retries per request",
  ].join('|'),
);

export function isConnectionError(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  if (!(error instanceof Error)) return false;
  return UNREACHABLE.test(`${(error as { code?: string }).code ?? ''} ${error.message}`);
}

/** Turns a failed start-up connection into one line naming the missing service and how to start it. */
export function describeConnectionError(error: unknown, databaseUrl?: string, redisUrl?: string): string {
  const code = (error as { code?: string })?.code;
  const message = error instanceof Error ? error.message : String(error);
  const refused = code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message);
  if (refused && redisUrl && message.includes(new URL(redisUrl).port || '6379')) {
    return `Redis is not answering at ${redisUrl}: start it (redis-server --daemonize yes --port 6379) or set REDIS_URL.`;
  }
  if (refused || code === '3D000' || code === '28P01' || code === 'ENOTFOUND') {
    return `PostgreSQL is not answering at ${databaseUrl ?? 'DATABASE_URL'}: start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set DATABASE_URL. (${message})`;
  }
  return `startup failed: ${message}`;
}
