import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { realpathSync } from 'node:fs';
import { JUDGE_JOB_VERSIONS, type JudgeJobVersion } from '@javelin/contracts';

/**
 * harness (default): one pre-started sandboxed JVM per submission, a fresh class loader per test.
 * per-test: a fresh sandboxed JVM per test (warm compiler, AppCDS, tests in parallel).
 * cold: the benchmark's baseline: javac per submission, a JVM per test with default flags, one at a time.
 */
const JUDGE_MODES = ['harness', 'per-test', 'cold'] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];

/** Judge configuration from the environment; a bad value stops the process with a message naming it. */
export interface JudgeConfig {
  redisUrl: string;
  /** BullMQ key prefix (default "bull", as the API's Queue uses); tests and the benchmark isolate themselves with their own. */
  queuePrefix: string;
  mode: JudgeMode;
  concurrency: number;
  /** Tests of one submission run in parallel up to this many (per-test mode). */
  testParallelism: number;
  /** Where the judge keeps its per-process state (compiled classes, private /etc, CDS archive). */
  workRoot: string;
  javaHome: string;
  /** Host uid/gid the sandboxed processes run as when the judge is root: one no other host process uses (default 64999). */
  sandboxUid: number;
  sandboxGid: number;
  /** bubblewrap binary (JUDGE_BWRAP; default: bwrap on the PATH). */
  bwrapPath?: string;
  /** The C compiler that builds native/javelin-enter.c at start (JUDGE_CC, default cc); none: sh and setpriv. */
  enterCompiler: string;
  /** Local development only: run Java without bubblewrap. Loudly logged. */
  unsafeNoSandbox: boolean;
  /** Use the warm compile service (javax.tools in a long-lived sandboxed JVM); else javac per submission. */
  warmCompiler: boolean;
  /** Build and use an AppCDS archive of the JDK classes solutions commonly load. */
  appCds: boolean;
  lockDurationMs: number;
  stalledIntervalMs: number;
  maxStalledCount: number;
  /** Most bytes of a test's output returned in a result (the comparison uses all of it). */
  maxReportedOutputBytes: number;
  /**
   * The judge job versions whose queues this judge consumes (JUDGE_JOB_VERSIONS, default every version it
   * understands; issue 46): a subset lets an operator drain one version's queue, or a test play an older judge.
   */
  jobVersions: JudgeJobVersion[];
  /**
   * How long a job this judge does not understand (a newer API's) is left on its queue for a judge that
   * does, from the moment it was queued (JUDGE_FOREIGN_JOB_WAIT_MS); then it fails with a judge error.
   */
  foreignJobWaitMs: number;
  /** How long such a job waits before a judge looks at it again (JUDGE_FOREIGN_RETRY_MS). */
  foreignRetryMs: number;
  /** Most bytes of test data fetched by reference kept on this judge's disk (JUDGE_TEST_DATA_CACHE_MB). */
  testDataCacheBytes: number;
}

function versions(name: string): JudgeJobVersion[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return [...JUDGE_JOB_VERSIONS];
  const picked = raw.split(',').map((v) => Number(v.trim()));
  const known = JUDGE_JOB_VERSIONS as readonly number[];
  if (picked.some((v) => !known.includes(v)))
    throw new Error(`${name} must list versions this judge understands (${known.join(', ')}), got "${raw}"`);
  return [...new Set(picked)] as JudgeJobVersion[];
}

function int(name: string, def: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return n;
}

function bool(name: string, def: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new Error(`${name} must be 1/0 or true/false (got "${raw}")`);
}

function findJavaHome(): string {
  const env = process.env.JAVA_HOME;
  if (env) return env;
  for (const p of ['/usr/bin/javac', '/usr/local/bin/javac']) {
    try {
      return dirname(dirname(realpathSync(p)));
    } catch {
      /* try the next */
    }
  }
  throw new Error('JAVA_HOME is not set and no javac was found on /usr/bin');
}

export function loadConfig(overrides: Partial<JudgeConfig> = {}): JudgeConfig {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (!/^rediss?:\/\//.test(redisUrl))
    throw new Error(`REDIS_URL must start with redis:// or rediss:// (got "${redisUrl}")`);
  const cores = Math.max(1, cpus().length);
  const mode = (process.env.JUDGE_MODE || 'harness') as JudgeMode;
  if (!JUDGE_MODES.includes(mode))
    throw new Error(`JUDGE_MODE must be one of ${JUDGE_MODES.join(', ')} (got "${mode}")`);
  return {
    redisUrl,
    // REDIS_PREFIX: the installation's Redis namespace, shared with the API (JUDGE_QUEUE_PREFIX is its older name).
    queuePrefix: process.env.REDIS_PREFIX || process.env.JUDGE_QUEUE_PREFIX || 'bull',
    mode,
    concurrency: int('JUDGE_CONCURRENCY', 1, 1, 64),
    // One more than the cores: a JVM's start-up leaves a core idle now and then (measured ~10% faster
    // than exactly the core count on 2 cores).
    testParallelism: int('JUDGE_TEST_PARALLELISM', cores + 1, 1, 64),
    workRoot: process.env.JUDGE_WORK_DIR || join(tmpdir(), 'javelin-judge'),
    javaHome: findJavaHome(),
    sandboxUid: int('JUDGE_SANDBOX_UID', 64999, 1, 2 ** 31 - 1),
    sandboxGid: int('JUDGE_SANDBOX_GID', 64999, 1, 2 ** 31 - 1),
    unsafeNoSandbox: bool('JUDGE_UNSAFE_NO_SANDBOX', false),
    bwrapPath: process.env.JUDGE_BWRAP || undefined,
    enterCompiler: process.env.JUDGE_CC || 'cc',
    warmCompiler: bool('JUDGE_WARM_COMPILER', true),
    appCds: bool('JUDGE_APPCDS', true),
    lockDurationMs: int('JUDGE_LOCK_DURATION_MS', 15_000, 1_000, 600_000),
    stalledIntervalMs: int('JUDGE_STALLED_INTERVAL_MS', 5_000, 500, 600_000),
    maxStalledCount: int('JUDGE_MAX_STALLED_COUNT', 2, 0, 100),
    maxReportedOutputBytes: int('JUDGE_MAX_REPORTED_OUTPUT', 64 * 1024, 1024, 64 << 20),
    jobVersions: versions('JUDGE_JOB_VERSIONS'),
    foreignJobWaitMs: int('JUDGE_FOREIGN_JOB_WAIT_MS', 120_000, 0, 3_600_000),
    foreignRetryMs: int('JUDGE_FOREIGN_RETRY_MS', 2_000, 50, 60_000),
    testDataCacheBytes: int('JUDGE_TEST_DATA_CACHE_MB', 2048, 16, 1 << 20) * 1024 * 1024,
    ...overrides,
  };
}
