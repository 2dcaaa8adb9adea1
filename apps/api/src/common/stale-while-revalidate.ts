interface Entry<V> {
  at: number;
  value: V;
  /** A change happened after this value was read: readers wait for the refresh instead. */
  stale: boolean;
}

/**
 * A cache for values many readers ask for at once. One load per key runs at a time however many
 * readers arrive together; an entry past its lifetime is served at once while one background load
 * replaces it, so readers never queue behind that load. After `invalidate`, readers wait for a fresh
 * load (they see their own change), and a load that began before the change is never kept as current.
 */
export class StaleWhileRevalidate<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly inflight = new Map<K, { generation: number; value: Promise<V> }>();
  private readonly generations = new Map<K, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly load: (key: K) => Promise<V>,
  ) {}

  get(key: K): Promise<V> {
    const entry = this.entries.get(key);
    if (!entry || entry.stale) return this.refresh(key);
    if (Date.now() - entry.at >= this.ttlMs) void this.refresh(key).catch(() => undefined);
    return Promise.resolve(entry.value);
  }

  invalidate(key: K): void {
    this.generations.set(key, this.generation(key) + 1);
    const entry = this.entries.get(key);
    if (entry) entry.stale = true;
  }

  private generation(key: K): number {
    return this.generations.get(key) ?? 0;
  }

  private refresh(key: K): Promise<V> {
    const generation = this.generation(key);
    const running = this.inflight.get(key);
    if (running && running.generation === generation) return running.value;
    const value = this.load(key)
      .then((loaded) => {
        if (this.generation(key) === generation)
          this.entries.set(key, { at: Date.now(), value: loaded, stale: false });
        return loaded;
      })
      .finally(() => {
        if (this.inflight.get(key)?.value === value) this.inflight.delete(key);
      });
    this.inflight.set(key, { generation, value });
    return value;
  }
}
