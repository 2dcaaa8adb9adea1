import { describe, expect, it } from 'vitest';
import { DEFAULT_JUDGE_LIMITS } from '@javelin/contracts';
import { TestInFlight } from './harness-protocol';

const nonce = Buffer.from('0123456789abcdef');

/** The bytes Harness.java writes after a test's output. */
function result(index: number, exitCode: number, stderr = '', recycle = false): Buffer {
  const err = Buffer.from(stderr);
  const b = Buffer.alloc(37);
  b.writeInt32BE(index, 0);
  b.writeInt32BE(exitCode, 4);
  b.writeBigInt64BE(3_000_000n, 8);
  b.writeBigInt64BE(5_500_000n, 16);
  b.writeBigInt64BE(-1n, 24);
  b.writeUInt8(recycle ? 1 : 0, 32);
  b.writeInt32BE(err.length, 33);
  return Buffer.concat([nonce, b, err]);
}

function reader(index = 2, outputBytes = 1000): TestInFlight {
  return new TestInFlight(index, nonce, { ...DEFAULT_JUDGE_LIMITS, outputBytes }, 100, null);
}

/** Feed the stream in pieces of `size` bytes; returns whether the reader said it is done. */
function feed(r: TestInFlight, bytes: Buffer, size: number): boolean {
  let done = false;
  for (let i = 0; i < bytes.length && !done; i += size) done = r.onStdout(bytes.subarray(i, i + size));
  return done;
}

describe('TestInFlight (reading a harness reply)', () => {
  it.each([1, 3, 7, 16, 1000])('splits output and result whatever the chunking (%i-byte chunks)', (size) => {
    const before = performance.now();
    const r = reader();
    expect(feed(r, Buffer.concat([Buffer.from('hello\n'), result(2, 0, 'warn')]), size)).toBe(true);
    const o = r.outcome(null, 12, false);
    expect(o).toMatchObject({ exitCode: 0, stderr: 'warn', protocolViolation: false, outputExceeded: false });
    expect(o.stdout.toString()).toBe('hello\n');
    // The harness says 5.5 ms; the judge saw less from outside, and a test is never shown longer than that.
    expect(o.executionMs).toBeLessThanOrEqual(5.5);
    expect(o.executionMs).toBeLessThanOrEqual(performance.now() - before);
    expect(r.result?.recycle).toBe(false);
  });

  it('a result for another test is a protocol violation', () => {
    const r = reader(2);
    expect(r.onStdout(result(3, 0))).toBe(true);
    expect(r.protocolViolation).toBe(true);
    expect(r.outcome({ code: null, signal: 'SIGKILL' }, null, false)).toMatchObject({
      protocolViolation: true,
      exitCode: null,
      signal: 'SIGKILL',
    });
  });

  it('a stderr length beyond its cap is a protocol violation, before any of it is read', () => {
    const r = reader();
    const bad = result(2, 0);
    bad.writeInt32BE(1 << 30, 16 + 33);
    expect(r.onStdout(bad)).toBe(true);
    expect(r.protocolViolation).toBe(true);
  });

  it('output past the limit without a result stops the reader (the judge then kills the JVM)', () => {
    const r = reader(2, 100);
    expect(feed(r, Buffer.alloc(500, 'x'), 64)).toBe(true);
    expect(r.outputExceeded).toBe(true);
    expect(r.outcome(null, null, false).stdout.length).toBe(100);
  });

  it('bytes after the result are stray (someone else writes to the harness)', () => {
    const r = reader();
    expect(r.onStdout(Buffer.concat([result(2, 0), Buffer.from('junk')]))).toBe(true);
    expect(r.stray).toBe(true);
  });

  it('a lying harness cannot hide CPU time: the cgroup figure above the limit is a CPU verdict', () => {
    const r = reader();
    r.onStdout(result(2, 0));
    expect(r.outcome(null, DEFAULT_JUDGE_LIMITS.cpuTimeMs + 1, false).cpuExceeded).toBe(true);
    expect(r.outcome(null, 10, false).cpuExceeded).toBe(false);
  });
});
