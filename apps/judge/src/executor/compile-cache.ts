import { createHash } from 'node:crypto';
import type { CompileResult } from './compiler';

/** How long a compiled submission is kept: long enough for run-then-submit of the same code. */
const COMPILE_CACHE_TTL_MS = 10 * 60_000;
const COMPILE_CACHE_MAX_ENTRIES = 256;

/**
 * A short-lived cache of compile results (classes or javac's error), keyed by the SHA-256 of the file
 * name and the source. Only the compiler's verdicts are kept: a timeout or an out-of-memory compile
 * may depend on the machine's load and is tried again.
 */
export class CompileCache {
  private readonly entries = new Map<string, { result: CompileResult; expires: number }>();

  constructor(
    private readonly ttlMs = COMPILE_CACHE_TTL_MS,
    private readonly maxEntries = COMPILE_CACHE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  static key(fileName: string, source: string): string {
    return createHash('sha256').update(fileName).update('\0').update(source).digest('hex');
  }

  get(key: string): CompileResult | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.expires <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return e.result;
  }

  set(key: string, result: CompileResult): void {
    if (!result.ok && !result.cacheable) return;
    this.entries.delete(key);
    this.entries.set(key, { result, expires: this.now() + this.ttlMs });
    // Map iteration is insertion order: the first entries are the oldest.
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(k);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
