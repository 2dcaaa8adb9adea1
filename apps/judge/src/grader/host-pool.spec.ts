import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ValidatorHostPool } from './host-pool';
import { RunDirs } from './run-dirs';
import type { ValidatorHost } from './validator-host';

/**
 * The pool's bookkeeping (which host a submission gets, which wait, which end), on stand-ins that only
 * say whether they can serve; test/warm-hosts.integration-spec.ts holds the real hosts to the same.
 */
class StandIn {
  closed = false;
  broken = false;
  busy = false;
  readonly runs: RunDirs;
  constructor(readonly workDir: string) {
    this.runs = new RunDirs(join(workDir, 'runs'));
  }
  serves(): boolean {
    return !this.closed && !this.broken;
  }
  close(): void {
    this.closed = true;
  }
}

let root: string;
const started: StandIn[] = [];
const start = (workDir: string) => {
  const h = new StandIn(workDir);
  started.push(h);
  return h as unknown as ValidatorHost;
};
const pool = (maxIdle = 2, idleMs = 60_000) => {
  root = mkdtempSync(join(tmpdir(), 'host-pool-'));
  return new ValidatorHostPool(root, { maxIdle, idleMs });
};

afterEach(() => {
  started.length = 0;
  rmSync(root, { recursive: true, force: true });
});

describe('ValidatorHostPool', () => {
  it('gives the next lease of a validator the host the last one gave back, its runs emptied', () => {
    const p = pool();
    const a = p.take('v', start);
    // Two runs: one wrote feedback (a file and a folder), one has a large input of its own.
    a.host.runs.prepare(join(a.dir, 'i0'));
    a.host.runs.prepare(join(a.dir, 'i1'));
    writeFileSync(join(a.dir, 'i0', 'feedback', 'judgemessage.txt'), 'secret of the lease before');
    mkdirSync(join(a.dir, 'i0', 'feedback', 'sub'));
    writeFileSync(join(a.dir, 'i1', 'input'), 'big');
    p.give(a);
    const b = p.take('v', start);
    expect(b.host).toBe(a.host);
    expect(started).toHaveLength(1);
    // The run directories stay for the next lease, empty but for their empty feedback directories.
    expect(readdirSync(b.dir).sort()).toEqual(['i0', 'i1']);
    for (const run of ['i0', 'i1']) {
      expect(readdirSync(join(b.dir, run))).toEqual(['feedback']);
      expect(readdirSync(join(b.dir, run, 'feedback'))).toEqual([]);
    }
    p.close();
  });

  it('removes a run directory it did not make, and starts over when one cannot be emptied', () => {
    const p = pool();
    const a = p.take('v', start);
    a.host.runs.prepare(join(a.dir, 'i0'));
    writeFileSync(join(a.dir, 'stray'), 'not a directory');
    p.give(a);
    const b = p.take('v', start);
    expect(readdirSync(b.dir)).toEqual([]);
    // Known no more: the next run's directory is made again.
    b.host.runs.prepare(join(b.dir, 'i0'));
    expect(existsSync(join(b.dir, 'i0', 'feedback'))).toBe(true);
    p.close();
  });

  it('never gives a host out twice at once, nor to another validator', () => {
    const p = pool();
    const a = p.take('v', start);
    const b = p.take('v', start);
    expect(b.host).not.toBe(a.host);
    p.give(a);
    expect(p.take('w', start).host).not.toBe(a.host);
    expect(started).toHaveLength(3);
    p.close();
  });

  it('ends a host that can no longer serve, or is still running, when it is given back', () => {
    const p = pool();
    const a = p.take('v', start);
    const b = p.take('v', start);
    (a.host as unknown as StandIn).broken = true;
    (b.host as unknown as StandIn).busy = true;
    p.give(a);
    p.give(b);
    expect(started.map((h) => h.closed)).toEqual([true, true]);
    expect(p.take('v', start).host).not.toBe(a.host);
    p.close();
  });

  it('keeps at most maxIdle hosts waiting, ending the longest waiting first', () => {
    const p = pool(2);
    const leases = ['a', 'b', 'c'].map((k) => p.take(k, start));
    for (const l of leases) p.give(l);
    expect(started.map((h) => h.closed)).toEqual([true, false, false]);
    p.close();
    expect(started.every((h) => h.closed)).toBe(true);
  });

  it('ends a host that waited idleMs for its next submission', async () => {
    const p = pool(2, 20);
    p.give(p.take('v', start));
    await expect.poll(() => started[0].closed).toBe(true);
    expect(p.take('v', start).host).not.toBe(started[0] as unknown as ValidatorHost);
    p.close();
  });

  it('ends a host given back after the judge closed', () => {
    const p = pool();
    const a = p.take('v', start);
    p.close();
    p.give(a);
    expect(started[0].closed).toBe(true);
  });
});
