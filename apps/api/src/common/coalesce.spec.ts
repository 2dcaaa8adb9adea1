import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PerKeyCoalescer } from './coalesce';

describe('PerKeyCoalescer', () => {
  let runs: string[];
  let coalescer: PerKeyCoalescer<string>;
  beforeEach(() => {
    vi.useFakeTimers();
    runs = [];
    coalescer = new PerKeyCoalescer(500, (key) => runs.push(key));
  });
  afterEach(() => vi.useRealTimers());

  it('runs the first change of a quiet key at once, and a burst after it once at the end of the window', () => {
    coalescer.changed('a');
    expect(runs).toEqual(['a']);
    for (let i = 0; i < 10; i++) coalescer.changed('a');
    expect(runs).toEqual(['a']);
    vi.advanceTimersByTime(499);
    expect(runs).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['a', 'a']);
    // The trailing run opened a window of its own; nothing came in it, so nothing more runs.
    vi.advanceTimersByTime(2_000);
    expect(runs).toEqual(['a', 'a']);
    coalescer.changed('a');
    expect(runs).toEqual(['a', 'a', 'a']);
  });

  it('keeps each key to its own window', () => {
    coalescer.changed('a');
    coalescer.changed('b');
    coalescer.changed('a');
    expect(runs).toEqual(['a', 'b']);
    vi.advanceTimersByTime(500);
    expect(runs).toEqual(['a', 'b', 'a']);
  });

  it('settles at once with nothing pending, and after the trailing run otherwise', async () => {
    coalescer.changed('a');
    let settled = false;
    await coalescer.settled('a').then(() => (settled = true));
    expect(settled).toBe(true);
    coalescer.changed('a');
    settled = false;
    const waiting = coalescer.settled('a').then(() => {
      settled = true;
      // The change was run before the reader goes on.
      expect(runs).toEqual(['a', 'a']);
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(settled).toBe(true);
  });

  it('flush runs the pending changes and releases their readers (shutdown)', async () => {
    coalescer.changed('a');
    coalescer.changed('a');
    const waiting = coalescer.settled('a');
    coalescer.flush();
    await waiting;
    expect(runs).toEqual(['a', 'a']);
    vi.advanceTimersByTime(1_000);
    expect(runs).toEqual(['a', 'a']);
  });
});
