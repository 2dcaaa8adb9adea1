/** Turns a failed connection into one line naming the missing service and how to start it. */
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
