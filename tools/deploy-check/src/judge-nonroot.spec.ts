import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from './repo';

/**
 * The judge image runs the judge as a non-root user whose uid is also JUDGE_SANDBOX_UID, with
 * docker/judge/setpriv-nonroot.sh installed as /usr/sbin/setpriv. This reproduces that on the host:
 * the built judge (apps/judge/dist) runs as uid 65534 without capabilities, in a private mount
 * namespace whose /usr/sbin holds the shim, and judges real submissions from a private BullMQ queue.
 */
const NOBODY = 65534;
const REDIS_URL = process.env.DEPLOY_CHECK_REDIS_URL || 'redis://127.0.0.1:6379';
const MAIN = repoPath('apps/judge/dist/main.js');

function has(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function redisAnswers(): boolean {
  try {
    const { hostname, port } = new URL(REDIS_URL);
    return execFileSync('redis-cli', ['-h', hostname, '-p', port || '6379', 'ping'], { encoding: 'utf8', timeout: 3000 }).trim() === 'PONG';
  } catch {
    return false;
  }
}

// Needs root (to enter a mount namespace and drop to uid 65534), bubblewrap, a JDK, Redis and the built judge.
const missing = [
  process.getuid?.() === 0 ? null : 'root',
  ...['bwrap', 'javac', 'unshare', 'setpriv', 'redis-cli'].map((c) => (has(c) ? null : c)),
  existsSync(MAIN) ? null : 'apps/judge/dist (nx build judge)',
].filter(Boolean);
const ready = missing.length === 0 && redisAnswers();
// Only a judge with its bubblewrap sandbox (apps/judge/src/sandbox/sandbox.ts) starts programs through setpriv.
const judgeHasSandbox = existsSync(repoPath('apps/judge/src/sandbox/sandbox.ts'));
if (!judgeHasSandbox) console.warn('judge non-root check skipped: this judge has no sandbox (apps/judge/src/sandbox/sandbox.ts)');
else if (!ready) console.warn(`judge non-root check: missing ${missing.join(', ') || 'Redis at ' + REDIS_URL}`);

const LIMITS = { cpuTimeMs: 2000, wallTimeMs: 5000, memoryMb: 256, stackMb: 64, outputBytes: 1 << 20, maxProcesses: 64, compileWallTimeMs: 10000 };

// In CI (which installs bubblewrap, the JDK and Redis) a missing prerequisite fails instead of skipping.
describe.runIf(judgeHasSandbox && (ready || process.env.CI === 'true'))('judge as a non-root user with the image’s setpriv shim', () => {
  const prefix = `deploy-check-${process.pid}-${Date.now()}`;
  let dir = '';
  let judge: ChildProcess | undefined;
  let log = '';
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    if (!ready) throw new Error(`cannot run: missing ${missing.join(', ') || 'Redis at ' + REDIS_URL}`);
    dir = mkdtempSync(join(tmpdir(), 'deploy-check-judge-'));
    chmodSync(dir, 0o755);
    const sbin = join(dir, 'sbin');
    execFileSync('mkdir', [sbin]);
    for (const f of readdirSync('/usr/sbin')) symlinkSync(join('/usr/sbin', f), join(sbin, f));
    rmSync(join(sbin, 'setpriv'), { force: true });
    copyFileSync(repoPath('docker/judge/setpriv-nonroot.sh'), join(sbin, 'setpriv'));
    chmodSync(join(sbin, 'setpriv'), 0o755);
    const work = join(dir, 'work');
    execFileSync('mkdir', [work]);
    chownSync(work, NOBODY, NOBODY);
    const env = [
      `HOME=${work}`,
      `REDIS_URL=${REDIS_URL}`,
      `JUDGE_QUEUE_PREFIX=${prefix}`,
      `JUDGE_SANDBOX_UID=${NOBODY}`,
      `JUDGE_SANDBOX_GID=${NOBODY}`,
      `JUDGE_WORK_DIR=${work}/judge`,
      'JUDGE_TEST_PARALLELISM=2',
    ];
    const script = `mount --bind "$1" /usr/sbin && shift && exec "$@"`;
    judge = spawn(
      'unshare',
      ['-m', '--propagation', 'private', 'sh', '-c', script, 'sh', sbin, 'setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', 'env', '-i', 'PATH=/usr/bin:/bin', ...env, process.execPath, MAIN],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    judge.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    judge.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const deadline = Date.now() + 90_000;
    while (!/"msg":"listening"/.test(log)) {
      if (judge.exitCode !== null || Date.now() > deadline) throw new Error(`the judge did not start as uid ${NOBODY}:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const connection = { url: REDIS_URL };
    queue = new Queue('judge', { prefix, connection });
    events = new QueueEvents('judge', { prefix, connection });
    await events.waitUntilReady();
  }, 120_000);

  afterAll(async () => {
    if (judge?.pid && judge.exitCode === null) {
      judge.kill('SIGTERM');
      await new Promise((r) => judge!.once('exit', r));
    }
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await Promise.all([queue?.close(), events?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const judgeCode = async (code: string, stdin: string, expectedOutput: string) => {
    const job = await queue.add('judge', { code, language: 'java', tests: [{ id: 't1', stdin, expectedOutput }], limits: LIMITS });
    return (await job.waitUntilFinished(events, 60_000)) as { verdict: string; results: { verdict: string; actualOutput: string }[] };
  };

  it('started its sandbox as uid 65534 (no capabilities) and judges a correct and a wrong solution', async () => {
    expect(log).toMatch(/"sandbox":"bubblewrap/);
    const sum = 'import java.util.*;\npublic class Main { public static void main(String[] a) { Scanner s = new Scanner(System.in); System.out.println(s.nextInt() + s.nextInt()); } }';
    expect((await judgeCode(sum, '2 3\n', '5')).verdict).toBe('accepted');
    expect((await judgeCode(sum, '2 3\n', '6')).verdict).toBe('wrong_answer');
  });

  it('a submission sees neither the host’s files nor the network', async () => {
    const readHost =
      'import java.nio.file.*;\npublic class Main { public static void main(String[] a) throws Exception { System.out.println(Files.readString(Path.of("/etc/passwd")).contains("root:") ? "host" : "private"); } }';
    expect((await judgeCode(readHost, '', 'private')).results[0].actualOutput.trim()).toBe('private');
    const { hostname, port } = new URL(REDIS_URL);
    const net = `import java.net.*;\npublic class Main { public static void main(String[] a) { try (Socket s = new Socket()) { s.connect(new InetSocketAddress("${hostname}", ${port || 6379}), 1000); System.out.println("connected"); } catch (Exception e) { System.out.println("blocked"); } } }`;
    expect((await judgeCode(net, '', 'blocked')).results[0].actualOutput.trim()).toBe('blocked');
  });
});
