/**
 * Values kept for at most `maxAgeMs` from when their read began, never served older (unlike
 * StaleWhileRevalidate, which serves an old value while it reloads). Readers arriving together share
 * one load; `forget` drops a key at once, and a load that began before it is never kept.
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: V }>();
  private readonly inflight = new Map<K, { generation: string; value: Promise<V> }>();
  /** Bumped by every forget, per key; `all` by forgetAll. */
  private readonly generations = new Map<K, number>();
  private all = 0;

  /**
   * `usable`, when given, is asked too whether a value read at `at` (performance.now()) may still be
   * served at `now`, within `maxAgeMs`.
   */
  constructor(
    private readonly maxAgeMs: number,
    private readonly load: (key: K) => Promise<V>,
    private readonly maxEntries = 10_000,
    private readonly usable?: (at: number, now: number) => boolean,
  ) {}

  get(key: K): Promise<V> {
    const now = performance.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.maxAgeMs && (!this.usable || this.usable(entry.at, now)))
      return Promise.resolve(entry.value);
    const generation = this.generation(key);
    const running = this.inflight.get(key);
    if (running && running.generation === generation) return running.value;
    const value = this.load(key)
      .then((loaded) => {
        if (this.generation(key) === generation) this.keep(key, { at: now, value: loaded });
        return loaded;
      })
      .finally(() => {
        if (this.inflight.get(key)?.value === value) this.inflight.delete(key);
      });
    this.inflight.set(key, { generation, value });
    return value;
  }

  forget(key: K): void {
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    this.entries.delete(key);
  }

  forgetAll(): void {
    this.all++;
    this.generations.clear();
    this.entries.clear();
  }

  private generation(key: K): string {
    return `${this.all}/${this.generations.get(key) ?? 0}`;
  }

  private keep(key: K, entry: { at: number; value: V }): void {
    if (this.entries.size >= this.maxEntries) {
      for (const [k, e] of this.entries) if (entry.at - e.at >= this.maxAgeMs) this.entries.delete(k);
      if (this.entries.size >= this.maxEntries) this.entries.clear();
    }
    this.entries.set(key, entry);
  }
}
