import { isIP } from 'node:net';
import { EnvError, HTTP, int, url } from './env-values';
import { MIN_SECRET_LENGTH } from './secrets';

/** Where the API listens and whom it answers: its address, the proxies it trusts, CORS, /metrics, the Redis namespace. */

const HOST = /^[A-Za-z0-9.:%-]{1,253}$/;

export function host(source: NodeJS.ProcessEnv): string {
  const raw = source.HOST || '127.0.0.1';
  if (!HOST.test(raw)) throw new EnvError(`HOST must be an IP address or a host name, got "${raw}"`);
  return raw;
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, or an address with a prefix length that fits its family (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: the proxies allowed to name the client in X-Forwarded-For; loopback only by default. */
export function trustProxy(source: NodeJS.ProcessEnv): string[] {
  const raw = source.TRUST_PROXY || 'loopback';
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrRange(entry));
  if (bad !== undefined || !entries.length)
    throw new EnvError(
      `TRUST_PROXY must list proxy addresses, CIDR ranges or ${PROXY_RANGE_NAMES.join('/')}, got "${bad ?? raw}"`,
    );
  return entries;
}

/**
 * CORS_ORIGINS, or the app's own origin; development adds the Vite dev server's. Each must be an
 * origin (scheme, host, port), as browsers send it.
 */
export function corsOrigins(source: NodeJS.ProcessEnv, nodeEnv: string, publicUrl: string): string[] {
  const own = new URL(publicUrl).origin;
  const fallback = nodeEnv === 'development' ? [own, 'http://localhost:5173'] : [own];
  if (!source.CORS_ORIGINS) return fallback;
  const origins = source.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    url({ CORS_ORIGINS: origin }, 'CORS_ORIGINS', undefined, HTTP);
    if (new URL(origin).origin !== origin.replace(/\/$/, ''))
      throw new EnvError(`CORS_ORIGINS must list origins (scheme://host[:port]), got "${origin}"`);
  }
  return origins.map((o) => o.replace(/\/$/, ''));
}

export function metrics(source: NodeJS.ProcessEnv, port: number): { port?: number; token?: string } {
  const metricsPort = source.METRICS_PORT ? int(source, 'METRICS_PORT', 0, 1) : undefined;
  if (metricsPort !== undefined && metricsPort === port)
    throw new EnvError(`METRICS_PORT must differ from PORT (${port})`);
  const token = source.METRICS_TOKEN || undefined;
  if (token !== undefined && token.length < MIN_SECRET_LENGTH)
    throw new EnvError(`METRICS_TOKEN must be at least ${MIN_SECRET_LENGTH} characters long`);
  return { port: metricsPort, token };
}

const REDIS_PREFIX = /^[A-Za-z0-9._-]{1,64}$/;

/** 'bull' by default: BullMQ's own prefix, which judges deployed before REDIS_PREFIX existed still use. */
export function redisPrefix(source: NodeJS.ProcessEnv): string {
  const name = source.REDIS_PREFIX ? 'REDIS_PREFIX' : 'JUDGE_QUEUE_PREFIX';
  const raw = source[name] || 'bull';
  if (!REDIS_PREFIX.test(raw)) {
    throw new EnvError(`${name} must be 1 to 64 letters, digits, dots, dashes or underscores, got "${raw}"`);
  }
  return raw;
}
