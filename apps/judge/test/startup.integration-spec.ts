import { afterEach, describe, expect, it, vi } from 'vitest';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';
import { ADD, ADD_TESTS, job } from './helpers';
import type { HarnessLaunch } from '../src/executor/harness';
import { COMPILER_BACKGROUND_WARMUP_ROUNDS } from '../src/executor/compiler';
import { WARMUP_SOURCES, type JudgeRuntime } from '../src/startup';

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

  it('warms javac on while idle after start; a compilation asked for meanwhile waits for one warm-up at most', async () => {
    const judge = await Judge.create(loadConfig({ mode: 'harness' }));
    try {
      const compiler = (judge as unknown as { rt: JudgeRuntime }).rt.compiler;
      if (!compiler) throw new Error('no warm compile service');
      const all = COMPILER_BACKGROUND_WARMUP_ROUNDS * WARMUP_SOURCES.length;
      expect(compiler.backgroundWarmups).toBeLessThan(all);
      for (let i = 0; i < 3; i++) {
        const before = compiler.backgroundWarmups;
        const r = await compiler.compile('Main', `${ADD}// ${i}\n`, 10_000);
        expect(r.ok && r.classes.map((c) => c.name)).toEqual(['Main']);
        expect(compiler.backgroundWarmups - before).toBeLessThanOrEqual(1);
      }
      await compiler.warmed;
      expect(compiler.backgroundWarmups).toBe(all);
      expect((await judge.judge(job(ADD, ADD_TESTS))).verdict).toBe('accepted');
    } finally {
      await judge.close();
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
