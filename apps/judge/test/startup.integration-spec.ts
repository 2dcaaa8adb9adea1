import { afterEach, describe, expect, it, vi } from 'vitest';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';
import { ADD, ADD_TESTS, job } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('judge start-up', () => {
  it('refuses to run without its sandbox', async () => {
    await expect(Judge.create(loadConfig({ bwrapPath: '/nonexistent/bwrap' }))).rejects.toThrow(/refuses to run code without its sandbox/);
  });

  it('runs without bubblewrap only with JUDGE_UNSAFE_NO_SANDBOX=1, and says so loudly', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => {
      errors.push(a.join(' '));
    });
    const judge = await Judge.create(loadConfig({ unsafeNoSandbox: true, warmCompiler: false, appCds: false }));
    try {
      expect(errors.join('\n')).toMatch(/JUDGE_UNSAFE_NO_SANDBOX=1: submissions run WITHOUT the bubblewrap sandbox/);
      const r = await judge.judge(job(ADD, ADD_TESTS));
      expect(r.verdict).toBe('accepted');
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
