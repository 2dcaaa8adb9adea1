import { describe, expect, it } from 'vitest';
import type { CompileResult } from './compiler';
import { CompileCache } from './compile-cache';

const ok: CompileResult = {
  ok: true,
  mainClass: 'Main',
  classes: [{ name: 'Main', bytes: Buffer.from([0xca, 0xfe]) }],
  ms: 20,
};
const javacError: CompileResult = { ok: false, message: 'Main.java:1: error: ...', ms: 20, cacheable: true };
const timeout: CompileResult = {
  ok: false,
  message: 'Compilation timed out (limit 10 s)',
  ms: 10_000,
  cacheable: false,
};

describe('CompileCache', () => {
  it('keys by file name and source', () => {
    expect(CompileCache.key('Main', 'class A {}')).toBe(CompileCache.key('Main', 'class A {}'));
    expect(CompileCache.key('Main', 'class A {}')).not.toBe(CompileCache.key('Main', 'class A {} '));
    expect(CompileCache.key('Main', 'x')).not.toBe(CompileCache.key('Mainx', ''));
  });

  it('keeps classes and javac errors until the TTL, never a timeout', () => {
    let now = 0;
    const c = new CompileCache(1000, 10, () => now);
    c.set('a', ok);
    c.set('b', javacError);
    c.set('c', timeout);
    expect(c.get('a')).toBe(ok);
    expect(c.get('b')).toBe(javacError);
    expect(c.get('c')).toBeNull();
    now = 1000;
    expect(c.get('a')).toBeNull();
    expect(c.size).toBe(1);
  });

  it('drops the oldest entries past its size', () => {
    const c = new CompileCache(60_000, 2, () => 0);
    c.set('a', ok);
    c.set('b', ok);
    c.set('c', ok);
    expect(c.get('a')).toBeNull();
    expect(c.get('b')).toBe(ok);
    expect(c.get('c')).toBe(ok);
  });
});
