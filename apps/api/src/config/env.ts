import { DEFAULT_JUDGE_LIMITS, JudgeLimits } from '@javelin/contracts';

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
  /** Accept queue of the HTTP server (the kernel caps it at net.core.somaxconn). */
  listenBacklog: number;
  databaseUrl: string;
  redisUrl: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  publicUrl: string;
  corsOrigins: string[];
  mailUrl?: string;
  mailFrom: string;
  mailOutboxDir: string;
  emailVerification: boolean;
  webDistDir?: string;
  judgeLimits: JudgeLimits;
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

export const DEV_JWT_SECRET = 'javelin-development-secret-change-me';

export class EnvError extends Error {}

const HTTP = ['http:', 'https:'];

function int(source: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = source[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new EnvError(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
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

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const nodeEnv = source.NODE_ENV ?? 'development';
  const port = int(source, 'PORT', 3000, 1);
  const listenBacklog = int(source, 'LISTEN_BACKLOG', 4096, 1);
  const jwtSecret = source.JWT_SECRET || DEV_JWT_SECRET;
  if (nodeEnv === 'production' && jwtSecret === DEV_JWT_SECRET) {
    throw new EnvError('JWT_SECRET must be set in production (the development default is refused)');
  }
  if (jwtSecret.length < 16) throw new EnvError('JWT_SECRET must be at least 16 characters long');
  const publicUrl = url(source, 'PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:'])!;
  const logLevel = source.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new EnvError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  return {
    nodeEnv,
    logLevel,
    port,
    listenBacklog,
    databaseUrl: url(source, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/javelin', [
      'postgres:',
      'postgresql:',
    ])!,
    redisUrl: url(source, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:'])!,
    jwtSecret,
    jwtExpiresIn: source.JWT_EXPIRES_IN || '7d',
    publicUrl,
    corsOrigins: (source.CORS_ORIGINS || `${publicUrl},http://localhost:5173`)
      .split(',')
      .map((o) => o.trim()),
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
    redisPrefix: redisPrefix(source),
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
