import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JudgeJobProgress } from '@javelin/contracts';
import { throttledProgress } from './worker';

describe('throttledProgress', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a fast job only its last progress, at once', () => {
    vi.useFakeTimers();
    const sent: JudgeJobProgress[] = [];
    const progress = throttledProgress((p) => sent.push(p), 200);
    for (let judged = 1; judged < 10; judged++) {
      vi.advanceTimersByTime(5);
      progress.report({ judged, total: 10 }, false);
    }
    expect(sent).toEqual([]);
    progress.report({ judged: 10, total: 10 }, true);
    expect(sent).toEqual([{ judged: 10, total: 10 }]);
    progress.stop();
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
  });

  it('shows the tests before a long one within the interval, the latest report only', () => {
    vi.useFakeTimers();
    const sent: JudgeJobProgress[] = [];
    const progress = throttledProgress((p) => sent.push(p), 200);
    progress.report({ judged: 1, total: 5, marks: '+....' }, false);
    vi.advanceTimersByTime(50);
    progress.report({ judged: 2, total: 5, marks: '++...' }, false);
    vi.advanceTimersByTime(149);
    expect(sent).toEqual([]);
    // Test 3 runs long: 200 ms after the start the latest progress goes out.
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ judged: 2, total: 5, marks: '++...' }]);
    // Test 3 ends 2 s later: that is past the interval, so it goes out at once.
    vi.advanceTimersByTime(2000);
    progress.report({ judged: 3, total: 5, marks: '++-..' }, false);
    expect(sent.at(-1)).toEqual({ judged: 3, total: 5, marks: '++-..' });
    // At most one per interval after that.
    progress.report({ judged: 4, total: 5, marks: '++-+.' }, false);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(200);
    expect(sent).toHaveLength(3);
    progress.stop();
  });

  it('drops what is held back when the job ends without a last test (the verdict says it)', () => {
    vi.useFakeTimers();
    const sent: JudgeJobProgress[] = [];
    const progress = throttledProgress((p) => sent.push(p), 200);
    progress.report({ judged: 1, total: 5 }, false);
    progress.stop();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([]);
  });
});
