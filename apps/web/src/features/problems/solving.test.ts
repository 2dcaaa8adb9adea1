import { describe, expect, it } from 'vitest';
import { codeRefusal } from './solving';

describe('runs and submits check the code with the rule the API checks it with', () => {
  it('refuses code over 64 KiB (in UTF-8 bytes) before sending, in the API words', () => {
    expect(codeRefusal('x'.repeat(64 * 1024 + 1))).toBe('code must be at most 64 KiB');
    expect(codeRefusal('é'.repeat(32 * 1024 + 1))).toBe('code must be at most 64 KiB');
    expect(codeRefusal('x'.repeat(64 * 1024))).toBeNull();
    expect(codeRefusal('class A {}')).toBeNull();
  });
});
