// What the benchmarks share: the repository root, `--name value` options, a clock-stamped log,
// percentiles, the machine line printed with the figures, the built judge worker and API, a process's CPU.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** `require` as from the repository root (its node_modules: bullmq, pg, argon2, the built libs). */
export const requireFromRoot = createRequire(join(ROOT, 'package.json'));
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The command line's `--name value` pairs as { name: value } (a name without a value: undefined). */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.reduce(
      (pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs),
      [],
    ),
  );
}

/** `--name value` from the command line, or `fallback` when it is not given. */
export function options(argv = process.argv.slice(2)) {
  const args = parseArgs(argv);
  return (name, fallback) => args[name] ?? fallback;
}

/** A log whose lines start with the seconds since it was made. */
export function clockLog(started = Date.now()) {
  return (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${line}`);
}

/** The p-th percentile of `values` (nearest rank); NaN for none. */
export function pct(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The machine line every benchmark prints with its figures: cores, time, 1-minute load at start and now. */
export function machineLine(loadAtStart, loadAtEnd = loadavg()[0]) {
  return `machine: ${cpus().length} cores, ${new Date().toISOString()}, load average (1 min) ${loadAtStart.toFixed(2)} at start, ${loadAtEnd.toFixed(2)} at end`;
}

/** The built judge worker (apps/judge/dist/main.js); exits with how to build it when it is missing. */
export function builtJudgeWorker() {
  const worker = join(ROOT, 'apps/judge/dist/main.js');
  if (!existsSync(worker)) {
    console.error('apps/judge/dist/main.js is missing: run `npx nx build judge` first');
    process.exit(1);
  }
  return worker;
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** CPU time (user + system) a process has used, in ms, from /proc; 0 once it is gone. */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * The built API (apps/api/dist/main.js) on `port` with `env` on top of the bench's own settings, waited
 * for until /api/health answers (30 s at most); `cpuProfDir` writes a V8 CPU profile of the whole run there.
 */
export async function startBuiltApi({ port, env, cpuProfDir }) {
  const profile = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(cpuProfDir)}`] : [];
  const api = spawn(process.execPath, [...profile, join(ROOT, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'bench-mail-')),
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return api;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  api.kill();
  throw new Error('the API did not start');
}

/**
 * A bench database made anew: dropped if it is there (its connections closed), then migrated by the built
 * API's migrations. `database` is checked to be a plain name first.
 */
export async function freshBenchDatabase(database) {
  if (!/^[a-z0-9_]+$/.test(database)) throw new Error(`--database ${database}: lower-case letters, digits and _ only`);
  const pg = requireFromRoot('pg');
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
  execFileSync(process.execPath, [join(ROOT, 'apps/api/dist/database/migrate.js')], {
    env: { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` },
    stdio: 'inherit',
  });
}

/**
 * An admin of a bench's own database, straight into PostgreSQL (`db` a connected pg Client), signed in
 * through the API at `apiUrl`: its id and token. The password is generated for the run.
 */
export async function benchAdmin(db, apiUrl) {
  const argon2 = requireFromRoot('argon2');
  const { randomBytes } = await import('node:crypto');
  const password = `bench-${randomBytes(12).toString('hex')}`;
  const hash = await argon2.hash(password, { type: argon2.argon2id, memoryCost: 4096, timeCost: 2, parallelism: 1 });
  const [{ id }] = (
    await db.query(
      `INSERT INTO users (email, username, full_name, password_hash, email_verified)
       VALUES ('admin@bench.local', 'benchadmin', 'Bench Admin', $1, true) RETURNING id`,
      [hash],
    )
  ).rows;
  await db.query(`INSERT INTO profiles (user_id) VALUES ($1)`, [id]);
  await db.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [id]);
  const login = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench.local', password }),
  });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
  return { id, token: (await login.json()).token };
}
