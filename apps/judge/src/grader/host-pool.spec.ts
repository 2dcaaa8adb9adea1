import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ValidatorHostPool } from './host-pool';
import type { ValidatorHost } from './validator-host';

/**
 * The pool's bookkeeping (which host a submission gets, which wait, which end), on stand-ins that only
 * say whether they can serve; test/warm-hosts.integration-spec.ts holds the real hosts to the same.
 */
class StandIn {
  closed = false;
  broken = false;
  busy = false;
  constructor(readonly workDir: string) {}
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
  it('gives the next lease of a validator the host the last one gave back, with a fresh directory', () => {
    const p = pool();
    const a = p.take('v', start);
    p.give(a);
    const b = p.take('v', start);
    expect(b.host).toBe(a.host);
    expect(b.dir).not.toBe(a.dir);
    expect(started).toHaveLength(1);
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
