import { CHECKERS } from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkerFor,
  exactChecker,
  floatChecker,
  isBuiltInChecker,
  tokensChecker,
  unorderedChecker,
} from './index';

describe('checkerFor', () => {
  it('finds each built-in checker by its wire name', () => {
    expect(checkerFor('exact')).toBe(exactChecker);
    expect(checkerFor('tokens')).toBe(tokensChecker);
    expect(checkerFor('float')).toBe(floatChecker);
    expect(checkerFor('unordered')).toBe(unorderedChecker);
    expect(CHECKERS.filter(isBuiltInChecker)).toEqual(['exact', 'tokens', 'float', 'unordered']);
  });

  it('refuses custom (it runs in the sandbox) and names that are not checkers', () => {
    expect(() => checkerFor('custom')).toThrow(/sandbox/);
    expect(() => checkerFor('sorted')).toThrow(
      'Unknown checker "sorted"; expected one of exact, tokens, float, unordered, custom',
    );
    expect(isBuiltInChecker('toString')).toBe(false);
  });

  it('the same output is judged differently by each checker', () => {
    const expected = '1.5 2';
    const actual = '2 1.5000001';
    expect(
      ['exact', 'tokens', 'float', 'unordered'].map((name) => checkerFor(name)(expected, actual).accepted),
    ).toEqual([false, false, false, false]);
    expect(checkerFor('float')(expected, '1.5000001 2').accepted).toBe(true);
    expect(checkerFor('unordered')(expected, '2 1.5').accepted).toBe(true);
    expect(checkerFor('tokens')(expected, '1.5\n2').accepted).toBe(true);
  });
});
