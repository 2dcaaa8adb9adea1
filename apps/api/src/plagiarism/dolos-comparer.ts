import type { PlagiarismFragment } from '@javelin/contracts';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** The thread that runs Dolos; plain JavaScript so that tests (from src) and production (dist) load the same file. */
const THREAD_FILE = join(__dirname, 'dolos-thread.mjs');

/** Two solutions (indexes into the compared list) at least as similar as the threshold. */
export interface SimilarPair {
  a: number;
  b: number;
  similarity: number;
  fragments: PlagiarismFragment[];
}

export interface Comparison {
  solutions: string[];
  /** Code every solution starts from (the problem's boilerplate): what it shares is not counted. */
  template: string | null;
  threshold: number;
  /** At most this many pairs, the most similar. */
  maxPairs: number;
  /**
   * Code (a fingerprint) found in more than this many solutions is an idiom, not evidence: it is left
   * out of every similarity. Unset: nothing is left out.
   */
  maxFingerprintCount?: number;
}

interface Reply {
  requestId: number;
  pairs?: SimilarPair[];
  error?: string;
}

/**
 * Compares solutions with Dolos (tree-sitter's Java grammar, winnowed k-gram fingerprints) on a worker
 * thread of its own, one comparison at a time. Close it when done; a closed comparer cannot be reused.
 */
export class DolosComparer {
  private readonly thread = new Worker(THREAD_FILE);
  private readonly waiting = new Map<number, { resolve: (pairs: SimilarPair[]) => void; reject: (e: Error) => void }>();
  private nextId = 1;

  constructor() {
    this.thread.on('message', ({ requestId, pairs, error }: Reply) => {
      const waiter = this.waiting.get(requestId);
      this.waiting.delete(requestId);
      if (error !== undefined || !pairs) waiter?.reject(new Error(`Dolos failed: ${error}`));
      else waiter?.resolve(pairs);
    });
    this.thread.on('error', (error) => this.failAll(error));
    this.thread.on('exit', (code) => this.failAll(new Error(`the Dolos thread exited (code ${code})`)));
  }

  /** The pairs of solutions at least `threshold` similar, most similar first. Fewer than two solutions have none. */
  compare(comparison: Comparison): Promise<SimilarPair[]> {
    if (comparison.solutions.length < 2) return Promise.resolve([]);
    const requestId = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(requestId, { resolve, reject });
      this.thread.postMessage({ requestId, ...comparison });
    });
  }

  async close(): Promise<void> {
    await this.thread.terminate();
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
