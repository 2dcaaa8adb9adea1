import { ACCEPTED, countMismatch, rejected, tokensOf, type Checker } from './checker';

/** Whitespace-insensitive: the same tokens in the same order, however they are spaced or split into lines. */
export const tokensChecker: Checker = (expected, actual) => {
  const want = tokensOf(expected);
  const got = tokensOf(actual);
  const differing = got.findIndex((token, i) => i < want.length && token !== want[i]);
  if (differing >= 0) return rejected(`Token ${differing + 1} differs`);
  return got.length === want.length ? ACCEPTED : countMismatch('token', got.length, want.length);
};
