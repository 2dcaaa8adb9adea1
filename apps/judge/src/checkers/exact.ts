import { ACCEPTED, countMismatch, rejected, significantLines, type Checker } from './checker';

/** The spec's rule: trailing whitespace on lines and trailing blank lines are ignored. */
export const exactChecker: Checker = (expected, actual) => {
  const want = significantLines(expected);
  const got = significantLines(actual);
  const differing = got.findIndex((line, i) => line !== want[i]);
  if (differing >= 0 && differing < want.length) return rejected(`Line ${differing + 1} differs`);
  return got.length === want.length ? ACCEPTED : countMismatch('line', got.length, want.length);
};
