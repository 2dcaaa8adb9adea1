import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidatorHost } from './validator-host';

/**
 * Validator hosts kept warm from one submission to the next (issue 42): a Java validator's JVM, a
 * Python validator's interpreter, a C++ validator's sandbox start once per judge and validator, not
 * once per submission (a JVM's start was most of what an interactive submission cost beyond a plain
 * one). A host serves one submission at a time (a lease); at the lease's end its runs' files go and the
 * host waits for the next submission of the same validator, at most `idleMs`, among at most `maxIdle`.
 *
 * What carries over from one submission to the next is what carries over from one test to the next
 * inside a submission, and nothing more: each run is a fresh process (C++, Python: a fork of a process
 * that never ran the validator) or a fresh class loader whose JVM ends after any run it could not undo
 * (java/ValidatorServer.java). Every host sees only its own directory (at /work), the test files it
 * was given (at /files, kept for the host's life: validator-host.ts) and the judge's FIFO root (at
 * /interact, unlistable: each harness's FIFOs are in a directory of a random name there).
 */
export interface HostLease {
  /** The validator the host runs (its compiled folder). */
  key: string;
  host: ValidatorHost;
  /** The directory under the host's /work for this lease's runs, emptied when it is given back (run-dirs.ts). */
  dir: string;
}

interface IdleHost {
  key: string;
  host: ValidatorHost;
  timer: NodeJS.Timeout;
}

export class ValidatorHostPool {
  private idle: IdleHost[] = [];
  private closed = false;

  constructor(
    /** Where each host's own directory (its /work) is made. */
    private readonly root: string,
    private readonly opts: { maxIdle: number; idleMs: number },
  ) {}

  /**
   * A host for the validator `key` (a warm one when one waits, else `start`ed with a directory of its own
   * as its /work), with its runs' directory emptied of the lease before.
   */
  take(key: string, start: (workDir: string) => ValidatorHost): HostLease {
    let host: ValidatorHost | null = null;
    for (let i = this.idle.length - 1; i >= 0 && !host; i--) {
      const w = this.idle[i];
      if (w.key !== key) continue;
      this.idle.splice(i, 1);
      clearTimeout(w.timer);
      if (w.host.serves(null)) host = w.host;
      else this.end(w.host);
    }
    if (!host) {
      const workDir = join(this.root, randomBytes(12).toString('hex'));
      mkdirSync(workDir, { recursive: true, mode: 0o755 });
      host = start(workDir);
    }
    return { key, host, dir: host.runs.root };
  }

  /** The lease is over: its runs' files go; the host waits for the next one if it can still serve. */
  give(lease: HostLease): void {
    lease.host.runs.clear();
    const { key, host } = lease;
    if (this.closed || !host.serves(null) || host.busy) return this.end(host);
    const timer = setTimeout(() => this.expire(host), this.opts.idleMs);
    timer.unref();
    this.idle.push({ key, host, timer });
    while (this.idle.length > this.opts.maxIdle) {
      const oldest = this.idle.shift();
      if (oldest) {
        clearTimeout(oldest.timer);
        this.end(oldest.host);
      }
    }
  }

  /** The judge closes: every idle host ends (a leased one ends when it is given back). */
  close(): void {
    this.closed = true;
    for (const w of this.idle.splice(0)) {
      clearTimeout(w.timer);
      this.end(w.host);
    }
  }

  private expire(host: ValidatorHost): void {
    const i = this.idle.findIndex((w) => w.host === host);
    if (i < 0) return;
    clearTimeout(this.idle[i].timer);
    this.idle.splice(i, 1);
    this.end(host);
  }

  private end(host: ValidatorHost): void {
    host.close();
    rmSync(host.workDir, { recursive: true, force: true });
  }
}
