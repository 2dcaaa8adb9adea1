import { describe, expect, it } from 'vitest';
import { StaleWhileRevalidate } from './stale-while-revalidate';

/** A load the test settles by hand, counting how many were started. */
function manualLoads() {
  const pending: ((value: number) => void)[] = [];
  return {
    started: () => pending.length,
    load: () => new Promise<number>((resolve) => pending.push(resolve)),
    settle: (index: number, value: number) => pending[index](value),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('StaleWhileRevalidate', () => {
  it('runs one load for many readers arriving together', async () => {
    const loads = manualLoads();
    const cache = new StaleWhileRevalidate<string, number>(60_000, loads.load);
    const readers = [cache.get('k'), cache.get('k'), cache.get('k')];
    expect(loads.started()).toBe(1);
    loads.settle(0, 7);
    expect(await Promise.all(readers)).toEqual([7, 7, 7]);
    expect(await cache.get('k')).toBe(7);
    expect(loads.started()).toBe(1);
  });

  it('serves an entry past its lifetime at once while one background load replaces it', async () => {
    const loads = manualLoads();
    const cache = new StaleWhileRevalidate<string, number>(0, loads.load);
    const first = cache.get('k');
    loads.settle(0, 1);
    await first;
    expect(await cache.get('k')).toBe(1);
    expect(await cache.get('k')).toBe(1);
    expect(loads.started()).toBe(2);
    loads.settle(1, 2);
    await tick();
    expect(await cache.get('k')).toBe(2);
  });

  it('makes readers wait for a fresh load after invalidate, and never keeps a load that began before it', async () => {
    const loads = manualLoads();
    const cache = new StaleWhileRevalidate<string, number>(60_000, loads.load);
    const before = cache.get('k');
    cache.invalidate('k');
    const after = cache.get('k');
    expect(loads.started()).toBe(2);
    loads.settle(0, 1);
    expect(await before).toBe(1);
    loads.settle(1, 2);
    expect(await after).toBe(2);
    expect(await cache.get('k')).toBe(2);
    expect(loads.started()).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = new StaleWhileRevalidate<string, string>(60_000, async (key) => key.toUpperCase());
    expect(await Promise.all([cache.get('a'), cache.get('b')])).toEqual(['A', 'B']);
  });
});
