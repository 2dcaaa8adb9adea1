import { ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { TEST_REDIS_URL } from './env';

const JUDGE_MAIN = resolve(__dirname, '../../../judge/dist/main.js');

export interface RunningJudge {
  prefix: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A cgroup directory the tests' judges join when set (its `cgroup.procs`, or `tasks` on cgroup v1):
 * with a CPU limit on it (v2 `cpu.max` 50000 100000, v1 `cpu.cfs_quota_us` 50000), the judge and
 * every JVM it starts run as on a machine half as fast (issue 34: the measurement must hold there).
 */
const JUDGE_TEST_CGROUP = process.env.JUDGE_TEST_CGROUP;

/** Starts a real judge worker process (apps/judge, built) on its own queue prefix. */
export async function startJudge(
  env: Record<string, string> = {},
  prefix = `t${randomBytes(4).toString('hex')}`,
): Promise<RunningJudge> {
  if (!existsSync(JUDGE_MAIN))
    throw new Error(`the judge is not built: run "npx nx build judge" (${JUDGE_MAIN} is missing)`);
  let output = '';
  const child = spawn(process.execPath, [JUDGE_MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      REDIS_URL: TEST_REDIS_URL,
      JUDGE_QUEUE_PREFIX: prefix,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (JUDGE_TEST_CGROUP && child.pid)
    appendFileSync(resolve(JUDGE_TEST_CGROUP, 'cgroup.procs'), `${child.pid}\n`);
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 90_000;
  while (!/listening/.test(output)) {
    if (child.exitCode !== null) throw new Error(`judge exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`judge did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    prefix,
    process: child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill(signal);
      }),
  };
}
