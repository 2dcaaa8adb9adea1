import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';
import { ADD, ADD_TESTS, job, mainWith } from './helpers';
import type { HarnessLaunch } from '../src/executor/harness-launch';
import type { CgroupRun } from '../src/sandbox/cgroups';
import { COMPILER_WARMUP_ROUNDS } from '../src/executor/compile-service';
import type { JudgeRuntime } from '../src/startup';
import { WARMUP_SOURCES } from '../src/startup/warmup-sources';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('judge start-up', () => {
  it('refuses to run without its sandbox', async () => {
    await expect(Judge.create(loadConfig({ bwrapPath: '/nonexistent/bwrap' }))).rejects.toThrow(
      /refuses to run code without its sandbox/,
    );
  });

  it('runs without bubblewrap only with JUDGE_UNSAFE_NO_SANDBOX=1, and says so loudly', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => {
      errors.push(a.join(' '));
    });
    const judge = await Judge.create(
      loadConfig({ unsafeNoSandbox: true, warmCompiler: false, appCds: false }),
    );
    try {
      expect(errors.join('\n')).toMatch(
        /JUDGE_UNSAFE_NO_SANDBOX=1: submissions run WITHOUT the bubblewrap sandbox/,
      );
      const r = await judge.judge(job(ADD, ADD_TESTS));
      expect(r.verdict).toBe('accepted');
    } finally {
      await judge.close();
    }
  });

  it('starts harnesses from their own dynamic CDS archive, which the sandboxed JVM maps (-Xshare:on fails otherwise)', async () => {
    const judge = await Judge.create(loadConfig({ mode: 'harness' }));
    try {
      const launch = (judge as unknown as { harnesses: { launch: HarnessLaunch } }).harnesses.launch;
      expect(launch.harnessArchiveDir).not.toBeNull();
      const args = launch.jvmArgs({ memoryMb: 256, stackMb: 64, maxProcesses: 64 });
      expect(args).toContain('-XX:SharedArchiveFile=/cds/javelin.jsa:/harness-cds/harness.jsa');
      // Harnesses started from now on must map both archives or not start at all.
      const jvmArgs = launch.jvmArgs;
      launch.jvmArgs = (shape) => jvmArgs(shape).map((a) => (a === '-Xshare:auto' ? '-Xshare:on' : a));
      // The first job takes the harness pre-started before the change; the second one started with -Xshare:on.
      for (let i = 0; i < 2; i++) expect((await judge.judge(job(ADD, ADD_TESTS))).verdict).toBe('accepted');
    } finally {
      await judge.close();
    }
  });

  it('warms javac up before it serves: every warm-up pass is compiled when the judge is ready, and the compile service idles after', async () => {
    const judge = await Judge.create(loadConfig({ mode: 'harness' }));
    try {
      const compiler = (judge as unknown as { rt: JudgeRuntime }).rt.compiler;
      if (!compiler) throw new Error('no warm compile service');
      expect(compiler.compiles).toBe(COMPILER_WARMUP_ROUNDS * WARMUP_SOURCES.length);
      // Idle after start, the compile service uses no CPU (its cgroup's figure stays).
      const cg = (compiler as unknown as { cg: CgroupRun | null }).cg;
      if (!cg) throw new Error('the compile service has no cgroup');
      const cpu = cg.cpuMs() ?? NaN;
      await new Promise((r) => setTimeout(r, 1500));
      expect((cg.cpuMs() ?? NaN) - cpu).toBeLessThan(100);
      expect((await judge.judge(job(ADD, ADD_TESTS))).verdict).toBe('accepted');
    } finally {
      await judge.close();
    }
  });

  it('starts every sandbox through javelin-enter: its rlimits and uid hold; without a C compiler, sh and setpriv do the same', async () => {
    // What a program sees of its first step: the rlimits, its user, no_new_privs.
    const code = mainWith(`
        for (String line : java.nio.file.Files.readAllLines(java.nio.file.Paths.get("/proc/self/limits")))
            if (line.matches("Max (cpu time|file size|open files|core file size) .*")) System.out.println(line.replaceAll("  +", "|"));
        for (String line : java.nio.file.Files.readAllLines(java.nio.file.Paths.get("/proc/self/status")))
            if (line.matches("(NoNewPrivs|Uid):.*")) System.out.println(line.replace('\t', ' '));
`);
    const seen: string[] = [];
    for (const cc of ['cc', '/nonexistent/cc']) {
      const judge = await Judge.create(loadConfig({ mode: 'per-test', enterCompiler: cc }));
      try {
        const sandbox = (judge as unknown as { rt: JudgeRuntime }).rt.sandbox;
        expect(sandbox.entersNatively).toBe(cc === 'cc');
        const r = await judge.judge(job(code, [{ id: 'l', stdin: '', expectedOutput: '' }]));
        const out = r.results[0].actualOutput ?? '';
        expect(out).toContain('Max cpu time|3|4|seconds');
        expect(out).toContain(`Max file size|${16 * 1024 * 1024}|${16 * 1024 * 1024}|bytes`);
        expect(out).toContain('Max open files|128|128|files');
        expect(out).toContain('Max core file size|0|0|bytes');
        expect(out).toContain('NoNewPrivs: 1');
        expect(out).not.toMatch(/Uid: 0 /);
        seen.push(out);
      } finally {
        await judge.close();
      }
    }
    expect(seen[0]).toBe(seen[1]);
  });

  it('takes javelin-enter only from a work root that is its own: one another user owns gets sh and setpriv', async () => {
    if (process.geteuid?.() !== 0) return expect(process.geteuid?.()).not.toBe(0);
    const workRoot = mkdtempSync(join(tmpdir(), 'javelin-foreign-'));
    chownSync(workRoot, 64998, 64998);
    const judge = await Judge.create(loadConfig({ mode: 'harness', workRoot }));
    try {
      expect((judge as unknown as { rt: JudgeRuntime }).rt.sandbox.entersNatively).toBe(false);
      expect((await judge.judge(job(ADD, ADD_TESTS))).verdict).toBe('accepted');
    } finally {
      await judge.close();
      rmSync(workRoot, { recursive: true, force: true });
    }
  });

  it('rejects bad configuration with a message naming the variable', () => {
    process.env.JUDGE_CONCURRENCY = 'many';
    try {
      expect(() => loadConfig()).toThrow(/JUDGE_CONCURRENCY/);
    } finally {
      delete process.env.JUDGE_CONCURRENCY;
    }
  });
});
