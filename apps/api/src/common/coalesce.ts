interface Window {
  /** Another change came during the window: `run` once more when it ends. */
  again: boolean;
  timer: NodeJS.Timeout;
  /** Readers waiting for the window's changes to be run. */
  waiting: (() => void)[];
}

/**
 * Runs `run(key)` for a burst of changes to one key at most once per `windowMs`: the first change of a
 * quiet key runs at once (leading edge) and opens a window; changes during the window are run together
 * once when it ends (trailing edge), which opens the next window. The last change of a burst is run at
 * most `windowMs` after it. `settled(key)` resolves once every change made so far has been run, so a
 * reader who must see a change (their own) waits at most one window instead of reading past it.
 */
export class PerKeyCoalescer<K> {
  private readonly windows = new Map<K, Window>();

  constructor(
    private readonly windowMs: number,
    private readonly run: (key: K) => void,
  ) {}

  changed(key: K): void {
    const open = this.windows.get(key);
    if (open) {
      open.again = true;
      return;
    }
    this.run(key);
    this.open(key);
  }

  /** Resolves at once when every change to `key` has been run, or when the pending ones are. */
  settled(key: K): Promise<void> {
    const open = this.windows.get(key);
    if (!open?.again) return Promise.resolve();
    return new Promise((resolve) => open.waiting.push(resolve));
  }

  /** Runs every pending change now and closes every window (shutdown). */
  flush(): void {
    for (const [key, window] of [...this.windows]) {
      clearTimeout(window.timer);
      this.windows.delete(key);
      try {
        if (window.again) this.run(key);
      } finally {
        for (const resolve of window.waiting) resolve();
      }
    }
  }

  private open(key: K): void {
    const window: Window = {
      again: false,
      waiting: [],
      timer: setTimeout(() => {
        this.windows.delete(key);
        try {
          if (window.again) this.changed(key);
        } finally {
          for (const resolve of window.waiting) resolve();
        }
      }, this.windowMs),
    };
    window.timer.unref();
    this.windows.set(key, window);
  }
}
