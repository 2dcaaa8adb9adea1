// The real Javelin stack on private resources: a PostgreSQL cluster and a Redis server of its own
// (so faults can stop them without touching anyone else's), the built API and ≥2 judge workers.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const API_MAIN = join(ROOT, 'apps/api/dist/main.js');
const JUDGE_MAIN = join(ROOT, 'apps/judge/dist/main.js');
const MIGRATE = join(ROOT, 'apps/api/dist/database/migrate.js');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nothing listens on right now (asked from the kernel). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function pgBin(name) {
  for (const version of readdirSync('/usr/lib/postgresql').sort().reverse()) {
    const path = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (existsSync(path)) return path;
  }
  throw new Error(`PostgreSQL's ${name} is not installed (/usr/lib/postgresql/*/bin)`);
}

function asPostgres(args, options = {}) {
  const isRoot = process.getuid?.() === 0;
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000, ...options });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** A PostgreSQL cluster of our own in a temp dir, on its own port; stop/start it at will. */
export async function startPostgres(log, { statStatements = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'javelin-bench-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const port = await freePort();
  asPostgres([
    pgBin('initdb'),
    '-D',
    dir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const pg = {
    dir,
    port,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start() {
      asPostgres([
        pgBin('pg_ctl'),
        '-D',
        dir,
        '-w',
        '-t',
        '60',
        '-l',
        join(dir, 'server.log'),
        '-o',
        `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB${statStatements ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_utility=off' : ''}`,
        'start',
      ]);
    },
    /** The postmaster's pid (its backends are its children), or 0 when it is not running. */
    pid() {
      try {
        return Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return 0;
      }
    },
    /** Fast shutdown: open transactions are rolled back, sessions cut, as when a database server dies. */
    stop() {
      asPostgres([pgBin('pg_ctl'), '-D', dir, '-w', '-m', 'fast', 'stop']);
    },
    destroy() {
      try {
        asPostgres([pgBin('pg_ctl'), '-D', dir, '-w', '-m', 'immediate', 'stop']);
      } catch {
        /* not running */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  log(`postgres: private cluster on 127.0.0.1:${port} (${dir})`);
  return pg;
}

function uidOf(user) {
  return Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
}
function gidOf(user) {
  return Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
}

/** A redis-server of our own (no persistence, as the suggested dev setup), restartable on the same port. */
export async function startRedis(log) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'javelin-bench-redis-'));
  let child;
  const redis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
        {
          stdio: 'ignore',
        },
      );
      for (let i = 0; i < 100; i++) {
        if (
          spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG'
        )
          return;
        await sleep(100);
      }
      throw new Error(`redis-server on ${port} did not start`);
    },
    pid: () => child?.pid ?? 0,
    /** Stops the server (its data goes with it: no persistence). */
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
    async destroy() {
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  log(`redis: private server on 127.0.0.1:${port}`);
  return redis;
}

export function migrate(databaseUrl) {
  const r = spawnSync(process.execPath, [MIGRATE], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`migrations failed: ${r.stderr || r.stdout}`);
}

function child(name, argv, env, log, wrap = []) {
  let output = '';
  const cmd = wrap.length ? wrap[0] : process.execPath;
  const args = wrap.length ? [...wrap.slice(1), process.execPath, ...argv] : argv;
  const proc = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (d) => {
    output += d.toString();
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
  };
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const exited = new Promise((r) => proc.once('exit', (code, signal) => r(code ?? signal)));
  return {
    name,
    proc,
    output: () => output,
    exited,
    async kill(signal = 'SIGTERM', waitMs = 15_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal);
      const t = setTimeout(() => proc.kill('SIGKILL'), waitMs);
      await exited;
      clearTimeout(t);
      log?.(`${name}: exited`);
    },
  };
}

const baseEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '/tmp',
  ...(process.env.JAVA_HOME ? { JAVA_HOME: process.env.JAVA_HOME } : {}),
});

/** One judge worker process; `slow` runs it niced to 19 on one core with one test at a time. */
export async function startJudge({ redisUrl, prefix, concurrency = 1, slow = false, index }, log) {
  if (!existsSync(JUDGE_MAIN))
    throw new Error(
      `${JUDGE_MAIN} is missing: build first (npx nx run-many -t build -p contracts java-io api judge)`,
    );
  const env = {
    ...baseEnv(),
    REDIS_URL: redisUrl,
    JUDGE_QUEUE_PREFIX: prefix,
    JUDGE_CONCURRENCY: String(concurrency),
  };
  if (slow) env.JUDGE_TEST_PARALLELISM = '1';
  const wrap = slow ? ['nice', '-n', '19', 'taskset', '-c', '0'] : [];
  const judge = child(`judge#${index}${slow ? ' (slow)' : ''}`, [JUDGE_MAIN], env, log, wrap);
  const deadline = Date.now() + 120_000;
  while (!/listening/.test(judge.output())) {
    if (judge.proc.exitCode !== null)
      throw new Error(`judge exited (${judge.proc.exitCode}): ${judge.output()}`);
    if (Date.now() > deadline) throw new Error(`judge did not start: ${judge.output()}`);
    await sleep(100);
  }
  judge.slow = slow;
  return judge;
}

export async function startApi({ databaseUrl, redisUrl, prefix, env = {}, nodeArgs = [] }, log) {
  if (!existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: build first`);
  const port = await freePort();
  const mailDir = mkdtempSync(join(tmpdir(), 'javelin-bench-mail-'));
  const api = child(
    'api',
    [...nodeArgs, API_MAIN],
    {
      ...baseEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JUDGE_QUEUE_PREFIX: prefix,
      JWT_SECRET: `bench-${randomBytes(16).toString('hex')}`,
      EMAIL_VERIFICATION: 'false',
      MAIL_OUTBOX_DIR: mailDir,
      WEB_DIST_DIR: join(tmpdir(), 'javelin-bench-no-web'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    log,
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (api.proc.exitCode !== null) throw new Error(`API exited (${api.proc.exitCode}): ${api.output()}`);
    if (Date.now() > deadline) throw new Error(`API did not start: ${api.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  api.url = url;
  api.cleanup = () => rmSync(mailDir, { recursive: true, force: true });
  log(`api: ${url}`);
  return api;
}
