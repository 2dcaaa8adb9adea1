import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  let loads: number;
  let cache: ExpiringCache<string, number>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
    loads = 0;
    cache = new ExpiringCache(1000, async () => ++loads);
  });
  afterEach(() => vi.useRealTimers());

  it('shares one load among readers arriving together, and keeps it less than its max age, never longer', async () => {
    expect(await Promise.all([cache.get('a'), cache.get('a')])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await cache.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('a')).toBe(2);
  });

  it('forgets a key at once, and never keeps a load that began before the forget', async () => {
    expect(await cache.get('a')).toBe(1);
    cache.forget('a');
    const during = cache.get('a');
    cache.forget('a');
    expect(await during).toBe(2);
    expect(await cache.get('a')).toBe(3);
    cache.forgetAll();
    expect(await cache.get('a')).toBe(4);
  });

  it('serves a value only while `usable` allows it too, within its max age', async () => {
    let heard = true;
    const guarded = new ExpiringCache<string, number>(
      60_000,
      async () => ++loads,
      100,
      (at, now) => heard || now - at < 1000,
    );
    expect(await guarded.get('a')).toBe(1);
    vi.advanceTimersByTime(5_000);
    expect(await guarded.get('a')).toBe(1);
    heard = false;
    expect(await guarded.get('a')).toBe(2);
    vi.advanceTimersByTime(999);
    expect(await guarded.get('a')).toBe(2);
    vi.advanceTimersByTime(1);
    expect(await guarded.get('a')).toBe(3);
    heard = true;
    vi.advanceTimersByTime(60_000);
    expect(await guarded.get('a')).toBe(4);
  });
});
