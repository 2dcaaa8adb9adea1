import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_DATABASE_URL, TEST_REDIS_URL, testRedisPrefix } from './env';

const API_MAIN = resolve(__dirname, '../../dist/main.js');

export interface RunningApi {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** The exit code, or the signal Nest re-raises on itself after a graceful close. */
  exited: Promise<number | string | null>;
}

/** Starts the built API (apps/api/dist) as its own process, for tests of signals and restarts. */
export async function startApiProcess(env: Record<string, string>): Promise<RunningApi> {
  if (!existsSync(API_MAIN))
    throw new Error(`the API is not built: run "npx nx build api" (${API_MAIN} is missing)`);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  let output = '';
  const child = spawn(process.execPath, [API_MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATABASE_URL: TEST_DATABASE_URL,
      REDIS_URL: TEST_REDIS_URL,
      JWT_SECRET: 'integration-test-secret-0123456789',
      RATE_LIMIT_DISABLED: 'true',
      MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'javelin-mail-')),
      WEB_DIST_DIR: join(tmpdir(), 'javelin-no-web'),
      LOG_LEVEL: 'warn',
      ...env,
      REDIS_PREFIX: testRedisPrefix(env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | string | null>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`API did not start: ${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, process: child, output: () => output, exited };
}
