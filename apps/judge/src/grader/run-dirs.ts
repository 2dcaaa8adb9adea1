import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The directories of a validator host's runs (under its /work), kept from one submission to the next
 * and emptied between them rather than made and removed for each run: on ext4 a mkdir costs a journaled
 * inode and block, ~30 µs alone and several times that beside busy JVMs, and a run needs two (its own
 * and its feedback directory). Between leases every run directory is left with an empty feedback
 * directory and nothing else, so a submission sees nothing of the one before; when emptying fails, the
 * whole tree goes and is made again.
 */
export class RunDirs {
  /** The run directories (each with its feedback directory) known to exist. */
  private readonly made = new Set<string>();

  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true, mode: 0o755 });
  }

  /**
   * `dir` (below root) made with its feedback directory, writable by the sandbox's uid (the validator
   * runs as it; nothing else of the run directory is writable).
   */
  prepare(dir: string): void {
    if (this.made.has(dir)) return;
    makeRunDir(dir);
    this.made.add(dir);
  }

  /** Every run's files gone, its feedback directory emptied: what the next lease starts from. */
  clear(): void {
    try {
      for (const run of readdirSync(this.root)) {
        const dir = join(this.root, run);
        for (const name of readdirSync(dir)) {
          if (name !== 'feedback' || !this.made.has(dir)) {
            rmSync(join(dir, name), { recursive: true, force: true });
            continue;
          }
          const feedback = join(dir, name);
          for (const left of readdirSync(feedback)) rmSync(join(feedback, left), { recursive: true, force: true });
        }
        if (!this.made.has(dir)) rmSync(dir, { recursive: true, force: true });
      }
    } catch {
      this.made.clear();
      rmSync(this.root, { recursive: true, force: true });
      mkdirSync(this.root, { recursive: true, mode: 0o755 });
    }
  }
}

/** A run's directory `dir` and its feedback directory, the only part the validator (the sandbox's uid) may write. */
export function makeRunDir(dir: string): void {
  // Two calls rather than one recursive from the leaf (which fails once, then makes both).
  mkdirSync(dir, { recursive: true });
  const feedback = join(dir, 'feedback');
  mkdirSync(feedback, { recursive: true });
  chmodSync(feedback, 0o777);
}
