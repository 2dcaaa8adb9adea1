import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from './json-depth';

const nested = (levels: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < levels; i++) v = i % 2 ? { k: v } : [v];
  return v;
};

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, not scalars', () => {
    expect(jsonDepthExceeds(nested(3), 3)).toBe(false);
    expect(jsonDepthExceeds(nested(4), 3)).toBe(true);
    expect(jsonDepthExceeds('text', 0)).toBe(false);
    expect(jsonDepthExceeds(null, 0)).toBe(false);
  });

  it('finds the deep branch beside shallow ones', () => {
    expect(jsonDepthExceeds({ a: 1, b: [2, 3], c: { d: nested(10) } }, 12)).toBe(false);
    expect(jsonDepthExceeds({ a: 1, b: [2, 3], c: { d: nested(10) } }, 11)).toBe(true);
  });

  it('walks 100,000 levels without recursion', () => {
    expect(jsonDepthExceeds(nested(100_000), 64)).toBe(true);
    expect(jsonDepthExceeds(nested(100_000), 200_000)).toBe(false);
  });
});
