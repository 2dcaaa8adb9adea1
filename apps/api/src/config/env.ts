import { DEFAULT_JUDGE_LIMITS, JudgeLimits } from '@javelin/contracts';
import { EnvError, flag, HTTP, int, issuers, positiveNumber, url } from './env-values';
import { corsOrigins, host, metrics, redisPrefix, trustProxy } from './network';
import { rateLimits, type RateLimitName, type RateWindow } from './rate-limits';
import { jwtLifetimeSeconds, jwtSecret, type JwtSecretSource } from './secrets';

export { EnvError } from './env-values';
export type { RateLimitName, RateWindow } from './rate-limits';

/**
 * Configuration read once from the environment and validated; a bad value stops the process naming it.
 * The readers of one value are in env-values.ts; those of the rate limits, the token secret and the
 * network settings in rate-limits.ts, secrets.ts and network.ts.
 */

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
  jwtSecretSource: JwtSecretSource;
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

/** Beyond this a scaled limit means a misconfiguration, not a slow judge. */
const MAX_JUDGE_TIME_SCALE = 20;

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
