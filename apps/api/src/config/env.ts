import { DEFAULT_JUDGE_LIMITS, JudgeLimits } from '@javelin/contracts';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Configuration read once from the environment and validated; a bad value stops the process naming it. */
/** Settings of the AI calls. */
export interface AiConfig {
  /** Time one chat-completion attempt may take before the offline answer is used. */
  timeoutMs: number;
  cacheTtlSeconds: number;
  /** How long the analyzer waits for the judge's compile (javac -Xlint:all in the sandbox). */
  javacTimeoutMs: number;
  maxAnswerTokens: number;
  /** How long a measurement or a counterexample search may take in the judge, queueing included. */
  sandboxTimeoutMs: number;
  /** Test time a complexity measurement may spend; 0 turns measuring off. */
  measureBudgetMs: number;
  /** Test time a counterexample search may spend; 0 turns the search off. */
  counterexampleBudgetMs: number;
}

/** A fixed window: at most `limit` counted requests per `windowSeconds`. */
export interface RateWindow {
  limit: number;
  windowSeconds: number;
}

/**
 * Every rate limit, with its setting (`<limit>/<seconds>`) and default. The defaults fit a computer
 * lab of 200 behind one address; only failed sign-ins count against an account or an address.
 */
const RATE_LIMITS = {
  loginFailuresPerAccount: { variable: 'RATE_LIMIT_LOGIN_ACCOUNT', limit: 10, windowSeconds: 60 },
  loginFailuresPerAddress: { variable: 'RATE_LIMIT_LOGIN_ADDRESS', limit: 300, windowSeconds: 60 },
  signUpPerAddress: { variable: 'RATE_LIMIT_SIGNUP', limit: 300, windowSeconds: 600 },
  googleSignInPerAddress: { variable: 'RATE_LIMIT_GOOGLE_SIGN_IN', limit: 300, windowSeconds: 60 },
  mailPerAddress: { variable: 'RATE_LIMIT_MAIL_ADDRESS', limit: 50, windowSeconds: 600 },
  mailPerAccount: { variable: 'RATE_LIMIT_MAIL_ACCOUNT', limit: 5, windowSeconds: 600 },
  emailTokensPerAddress: { variable: 'RATE_LIMIT_EMAIL_TOKEN', limit: 300, windowSeconds: 600 },
  createSuperAdminPerAddress: { variable: 'RATE_LIMIT_CREATE_SUPER_ADMIN', limit: 10, windowSeconds: 600 },
  clarificationsPerUser: { variable: 'RATE_LIMIT_CLARIFICATIONS', limit: 10, windowSeconds: 300 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS | 'judgingPerUser' | 'aiPerUser';

function rateWindow(source: NodeJS.ProcessEnv, name: string, fallback: RateWindow): RateWindow {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new EnvError(`${name} must be <limit>/<seconds> with both at least 1, such as 10/60, got "${raw}"`);
  }
  return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
}

function rateLimits(source: NodeJS.ProcessEnv): Record<RateLimitName, RateWindow> {
  const windows = Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([name, { variable, ...fallback }]) => [
      name,
      rateWindow(source, variable, fallback),
    ]),
  ) as Record<keyof typeof RATE_LIMITS, RateWindow>;
  return {
    ...windows,
    judgingPerUser: {
      limit: int(source, 'SUBMIT_RATE_LIMIT', 30, 1),
      windowSeconds: int(source, 'SUBMIT_RATE_WINDOW_SECONDS', 60, 1),
    },
    aiPerUser: {
      limit: int(source, 'AI_RATE_LIMIT', 20, 1),
      windowSeconds: int(source, 'AI_RATE_WINDOW_SECONDS', 600, 1),
    },
  };
}

export interface Env {
  nodeEnv: string;
  logLevel: string;
  port: number;
  /** The address the HTTP server listens on: loopback unless HOST opens it to a network. */
  host: string;
  /** Accept queue of the HTTP server (the kernel caps it at net.core.somaxconn). */
  listenBacklog: number;
  /**
   * The proxies whose `X-Forwarded-For` names the client (TRUST_PROXY: addresses, CIDR ranges or
   * Express's names loopback, linklocal, uniquelocal); loopback only by default.
   */
  trustProxy: string[];
  databaseUrl: string;
  redisUrl: string;
  jwtSecret: string;
  /** Where the secret came from: JWT_SECRET, or the file generated on the first start without it. */
  jwtSecretSource: 'JWT_SECRET' | { file: string };
  /** How long a token lives (JWT_EXPIRES_IN: seconds, or a number with s, m, h or d). */
  jwtLifetimeSeconds: number;
  publicUrl: string;
  corsOrigins: string[];
  /** /metrics on a port of its own (METRICS_PORT), and/or behind a bearer token (METRICS_TOKEN); neither: not served. */
  metrics: { port?: number; token?: string };
  mailUrl?: string;
  mailFrom: string;
  mailOutboxDir: string;
  emailVerification: boolean;
  webDistDir?: string;
  judgeLimits: JudgeLimits;
  /** How many teams the CLICS awards give each medal (CLICS_GOLD_MEDALS, CLICS_SILVER_MEDALS, CLICS_BRONZE_MEDALS). */
  clicsMedals: { gold: number; silver: number; bronze: number };
  /**
   * JUDGE_TIME_SCALE: a classic problem's own time limit is multiplied by it, for judges slower than
   * the machines a package's limits were set on (issue 29); 1 by default.
   */
  judgeTimeScale: number;
  /**
   * The namespace of everything this installation keeps in Redis: BullMQ queues (shared with the
   * judge workers), rate-limit counters, caches and pub/sub channels (REDIS_PREFIX, or its older
   * name JUDGE_QUEUE_PREFIX).
   */
  redisPrefix: string;
  judgeResultTimeoutMs: number;
  judgeQueueLimit: number;
  ai: AiConfig;
  rateLimits: Record<RateLimitName, RateWindow>;
  rateLimitDisabled: boolean;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  aiModel: string;
  googleClientId?: string;
  googleClientSecret?: string;
  githubClientId?: string;
  githubClientSecret?: string;
  /** Accepted `iss` values of Google ID tokens (GOOGLE_ISSUERS, comma-separated). */
  googleIssuers: string[];
  googleJwksUrl: string;
  githubAuthorizeUrl: string;
  githubTokenUrl: string;
  githubUserUrl: string;
  githubEmailsUrl: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class EnvError extends Error {}

const HTTP = ['http:', 'https:'];

/** Beyond this a scaled limit means a misconfiguration, not a slow judge. */
const MAX_JUDGE_TIME_SCALE = 20;

function int(source: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new EnvError(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

/** A positive decimal number (JUDGE_TIME_SCALE=1.5), or the process stops naming it. */
function positiveNumber(source: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = source[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || !(value > 0) || value > max)
    throw new EnvError(`${name} must be a number greater than 0 and at most ${max}, got "${raw}"`);
  return value;
}

function url(
  source: NodeJS.ProcessEnv,
  name: string,
  fallback: string | undefined,
  protocols: string[],
): string | undefined {
  const raw = source[name] || fallback;
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new EnvError(`${name} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new EnvError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

/** Comma-separated issuer identifiers: a bare host (Google's legacy `accounts.google.com`) or an http(s) URL. */
function issuers(source: NodeJS.ProcessEnv, name: string, fallback: string): string[] {
  const values = (source[name] || fallback)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.length) throw new EnvError(`${name} must name at least one issuer`);
  for (const value of values) {
    if (value.includes('://')) url({ [name]: value }, name, undefined, HTTP);
    else if (!/^[A-Za-z0-9.-]+(:\d+)?$/.test(value))
      throw new EnvError(`${name} has an invalid issuer: "${value}"`);
  }
  return values;
}

function flag(source: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new EnvError(`${name} must be true or false, got "${raw}"`);
}

const REDIS_PREFIX = /^[A-Za-z0-9._-]{1,64}$/;

/** 'bull' by default: BullMQ's own prefix, which judges deployed before REDIS_PREFIX existed still use. */
function redisPrefix(source: NodeJS.ProcessEnv): string {
  const name = source.REDIS_PREFIX ? 'REDIS_PREFIX' : 'JUDGE_QUEUE_PREFIX';
  const raw = source[name] || 'bull';
  if (!REDIS_PREFIX.test(raw)) {
    throw new EnvError(`${name} must be 1 to 64 letters, digits, dots, dashes or underscores, got "${raw}"`);
  }
  return raw;
}

/** 256 bits, as the HS256 key of the tokens. */
const GENERATED_SECRET_BYTES = 32;
const MIN_SECRET_LENGTH = 16;
/** Read and write for the owner only. */
const SECRET_FILE_MODE = 0o600;

/**
 * The secret kept in `file`, generated (256 random bits, mode 0600) when the file does not exist yet,
 * so a start without JWT_SECRET never signs with a known value and later starts keep their sessions.
 */
export function readOrCreateSecretFile(file: string): string {
  let fd: number;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // 'wx': of two processes starting at once, one creates the file and the other reads it.
    fd = openSync(file, 'wx', SECRET_FILE_MODE);
    writeSync(fd, `${randomBytes(GENERATED_SECRET_BYTES).toString('base64url')}\n`);
    closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new EnvError(`JWT_SECRET is unset and ${file} cannot be written: ${(error as Error).message}`);
  }
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new EnvError(`JWT_SECRET is unset and ${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    const mode = fstatSync(fd).mode & 0o777;
    if (mode & 0o077) {
      throw new EnvError(
        `${file} holds the token secret but others may read it (mode ${mode.toString(8)}): run "chmod 600 ${file}"`,
      );
    }
    const secret = readFileSync(fd, 'utf8').trim();
    if (secret.length < MIN_SECRET_LENGTH)
      throw new EnvError(`${file} must hold a secret of at least ${MIN_SECRET_LENGTH} characters`);
    return secret;
  } finally {
    closeSync(fd);
  }
}

/** JWT_SECRET when set; otherwise (never in production, where instances must share one) the generated file's. */
function jwtSecret(source: NodeJS.ProcessEnv, nodeEnv: string): Pick<Env, 'jwtSecret' | 'jwtSecretSource'> {
  const set = source.JWT_SECRET;
  if (set) {
    if (set.length < MIN_SECRET_LENGTH)
      throw new EnvError(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
    return { jwtSecret: set, jwtSecretSource: 'JWT_SECRET' };
  }
  if (nodeEnv === 'production') {
    throw new EnvError('JWT_SECRET must be set in production (every instance signs and checks with it)');
  }
  const file = source.JWT_SECRET_FILE || 'var/jwt-secret';
  return { jwtSecret: readOrCreateSecretFile(file), jwtSecretSource: { file } };
}

const LIFETIME_UNITS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };

function jwtLifetimeSeconds(source: NodeJS.ProcessEnv): number {
  const raw = source.JWT_EXPIRES_IN || '7d';
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw.trim());
  const seconds = match ? Number(match[1]) * LIFETIME_UNITS[match[2] || 's'] : 0;
  if (seconds < 1) {
    throw new EnvError(`JWT_EXPIRES_IN must be a lifetime such as 3600, 90m, 12h or 7d, got "${raw}"`);
  }
  return seconds;
}

const HOST = /^[A-Za-z0-9.:%-]{1,253}$/;

function host(source: NodeJS.ProcessEnv): string {
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
function trustProxy(source: NodeJS.ProcessEnv): string[] {
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
function corsOrigins(source: NodeJS.ProcessEnv, nodeEnv: string, publicUrl: string): string[] {
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

function metrics(source: NodeJS.ProcessEnv, port: number): Env['metrics'] {
  const metricsPort = source.METRICS_PORT ? int(source, 'METRICS_PORT', 0, 1) : undefined;
  if (metricsPort !== undefined && metricsPort === port)
    throw new EnvError(`METRICS_PORT must differ from PORT (${port})`);
  const token = source.METRICS_TOKEN || undefined;
  if (token !== undefined && token.length < MIN_SECRET_LENGTH)
    throw new EnvError(`METRICS_TOKEN must be at least ${MIN_SECRET_LENGTH} characters long`);
  return { port: metricsPort, token };
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const nodeEnv = source.NODE_ENV ?? 'development';
  const port = int(source, 'PORT', 3000, 1);
  const listenBacklog = int(source, 'LISTEN_BACKLOG', 4096, 1);
  const publicUrl = url(source, 'PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:'])!;
  const logLevel = source.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new EnvError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  return {
    nodeEnv,
    logLevel,
    port,
    host: host(source),
    listenBacklog,
    trustProxy: trustProxy(source),
    databaseUrl: url(source, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/javelin', [
      'postgres:',
      'postgresql:',
    ])!,
    redisUrl: url(source, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:'])!,
    ...jwtSecret(source, nodeEnv),
    jwtLifetimeSeconds: jwtLifetimeSeconds(source),
    publicUrl,
    corsOrigins: corsOrigins(source, nodeEnv, publicUrl),
    metrics: metrics(source, port),
    mailUrl: url(source, 'MAIL_URL', undefined, ['smtp:', 'smtps:']),
    mailFrom: source.MAIL_FROM || 'Javelin <no-reply@javelin.local>',
    mailOutboxDir: source.MAIL_OUTBOX_DIR || 'var/mail',
    emailVerification: flag(source, 'EMAIL_VERIFICATION', true),
    webDistDir: source.WEB_DIST_DIR,
    judgeLimits: {
      cpuTimeMs: int(source, 'JUDGE_CPU_MS', DEFAULT_JUDGE_LIMITS.cpuTimeMs, 100),
      wallTimeMs: int(source, 'JUDGE_WALL_MS', DEFAULT_JUDGE_LIMITS.wallTimeMs, 100),
      memoryMb: int(source, 'JUDGE_MEMORY_MB', DEFAULT_JUDGE_LIMITS.memoryMb, 32),
      stackMb: int(source, 'JUDGE_STACK_MB', DEFAULT_JUDGE_LIMITS.stackMb, 1),
      outputBytes: int(source, 'JUDGE_OUTPUT_BYTES', DEFAULT_JUDGE_LIMITS.outputBytes, 1024),
      maxProcesses: int(source, 'JUDGE_MAX_PROCESSES', DEFAULT_JUDGE_LIMITS.maxProcesses, 1),
      compileWallTimeMs: int(source, 'JUDGE_COMPILE_MS', DEFAULT_JUDGE_LIMITS.compileWallTimeMs, 1000),
    },
    clicsMedals: {
      gold: int(source, 'CLICS_GOLD_MEDALS', 4),
      silver: int(source, 'CLICS_SILVER_MEDALS', 4),
      bronze: int(source, 'CLICS_BRONZE_MEDALS', 4),
    },
    redisPrefix: redisPrefix(source),
    judgeTimeScale: positiveNumber(source, 'JUDGE_TIME_SCALE', 1, MAX_JUDGE_TIME_SCALE),
    judgeResultTimeoutMs: int(source, 'JUDGE_RESULT_TIMEOUT_MS', 60_000, 1000),
    judgeQueueLimit: int(source, 'JUDGE_QUEUE_LIMIT', 5_000, 1),
    ai: {
      timeoutMs: int(source, 'AI_TIMEOUT_MS', 20_000, 100),
      cacheTtlSeconds: int(source, 'AI_CACHE_TTL_SECONDS', 86_400, 1),
      javacTimeoutMs: int(source, 'AI_JAVAC_TIMEOUT_MS', 15_000, 1000),
      maxAnswerTokens: int(source, 'AI_MAX_TOKENS', 1_500, 100),
      sandboxTimeoutMs: int(source, 'AI_SANDBOX_TIMEOUT_MS', 45_000, 1000),
      measureBudgetMs: int(source, 'AI_MEASURE_BUDGET_MS', 2_000, 0),
      counterexampleBudgetMs: int(source, 'AI_COUNTEREXAMPLE_BUDGET_MS', 2_000, 0),
    },
    rateLimits: rateLimits(source),
    rateLimitDisabled: flag(source, 'RATE_LIMIT_DISABLED', false),
    openaiApiKey: source.OPENAI_API_KEY || undefined,
    openaiBaseUrl: url(source, 'OPENAI_BASE_URL', undefined, ['http:', 'https:']),
    aiModel: source.AI_MODEL || 'gpt-4o-mini',
    googleClientId: source.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: source.GOOGLE_CLIENT_SECRET || undefined,
    githubClientId: source.GITHUB_CLIENT_ID || undefined,
    githubClientSecret: source.GITHUB_CLIENT_SECRET || undefined,
    googleIssuers: issuers(source, 'GOOGLE_ISSUERS', 'https://accounts.google.com,accounts.google.com'),
    googleJwksUrl: url(source, 'GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs', HTTP)!,
    githubAuthorizeUrl: url(
      source,
      'GITHUB_AUTHORIZE_URL',
      'https://github.com/login/oauth/authorize',
      HTTP,
    )!,
    githubTokenUrl: url(source, 'GITHUB_TOKEN_URL', 'https://github.com/login/oauth/access_token', HTTP)!,
    githubUserUrl: url(source, 'GITHUB_USER_URL', 'https://api.github.com/user', HTTP)!,
    githubEmailsUrl: url(source, 'GITHUB_EMAILS_URL', 'https://api.github.com/user/emails', HTTP)!,
  };
}

/** Nest injection token for the validated environment. */
export const ENV = Symbol('ENV');
