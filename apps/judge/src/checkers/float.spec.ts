import { DEFAULT_FLOAT_TOLERANCE } from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import { floatChecker, withinTolerance } from './float';

const accepts = (expected: string, actual: string, tolerance?: number) =>
  floatChecker(expected, actual, tolerance === undefined ? {} : { tolerance }).accepted;

describe('float checker', () => {
  it('uses the default tolerance of 1e-6: 1e-7 off passes, 1e-3 off fails', () => {
    expect(DEFAULT_FLOAT_TOLERANCE).toBe(1e-6);
    expect(accepts('2.5', '2.5000001')).toBe(true);
    expect(accepts('2.5', '2.4999999')).toBe(true);
    expect(accepts('2.5', '2.501')).toBe(false);
    expect(accepts('2.5', '2.499')).toBe(false);
    expect(floatChecker('2.5', '2.5000001').accepted).toBe(true);
  });

  it('is absolute near zero and relative for large values', () => {
    expect(accepts('0', '0.0000009')).toBe(true);
    expect(accepts('0', '0.000002')).toBe(false);
    expect(accepts('1000000', '1000000.9')).toBe(true);
    expect(accepts('1000000', '1000002')).toBe(false);
    expect(accepts('1.0E20', '100000000000000000001234')).toBe(false);
    expect(accepts('1.0E20', '1.0000000000001E20')).toBe(true);
    expect(withinTolerance(-3, -3.0000005, 1e-6)).toBe(true);
  });

  it('honours a problem tolerance', () => {
    expect(accepts('3.14159', '3.14', 1e-2)).toBe(true);
    expect(accepts('3.14159', '3.14', 1e-4)).toBe(false);
    expect(accepts('314.159', '314', 1e-3)).toBe(true);
    expect(accepts('314.159', '314', 1e-4)).toBe(false);
    expect(accepts('1', '1.0000001', 0)).toBe(false);
    expect(accepts('1', '1.0', 0)).toBe(true);
  });

  it('reads numbers as Java prints them, and compares every other token exactly', () => {
    expect(accepts('0.001 1.0E-7 -0.0', '1e-3 0.0000001 0')).toBe(true);
    expect(accepts('median 2.5', 'median 2.5000001')).toBe(true);
    expect(accepts('median 2.5', 'Median 2.5')).toBe(false);
    expect(accepts('2.5', 'abc')).toBe(false);
    expect(accepts('2.5', '0x2')).toBe(false);
    expect(accepts('2.5', '')).toBe(false);
  });

  it('lets NaN and Infinity match only themselves', () => {
    expect(accepts('NaN', 'NaN')).toBe(true);
    expect(accepts('Infinity -Infinity', 'Infinity -Infinity')).toBe(true);
    expect(accepts('NaN', '0')).toBe(false);
    expect(accepts('1.5', 'NaN')).toBe(false);
    expect(accepts('1e308', 'Infinity')).toBe(false);
    expect(accepts('Infinity', '1e308')).toBe(false);
  });

  it('keeps the line structure: a matrix row by row; trailing blank lines and spaces ignored', () => {
    expect(accepts('1.5 2.5\n3.5', '1.5000001 2.5  \n3.5\n\n')).toBe(true);
    expect(accepts('1.5 2.5\n3.5', '1.5\n2.5 3.5')).toBe(false);
    expect(floatChecker('1 2\n3', '1 2')).toEqual({
      accepted: false,
      message: 'Your output has 1 line; 2 expected',
    });
    expect(floatChecker('1 2\n3', '1\n3')).toEqual({
      accepted: false,
      message: 'Line 1 has 1 values; 2 expected',
    });
    expect(floatChecker('1 2\n3', '1 2.1\n3')).toEqual({
      accepted: false,
      message: 'Line 1, value 2 is wrong (tolerance 0.000001)',
    });
  });
});
