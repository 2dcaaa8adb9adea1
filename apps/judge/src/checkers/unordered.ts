import { ACCEPTED, countMismatch, rejected, significantLines, tokensOf, type Checker } from './checker';

/** A line as a multiset of its tokens: the same key whatever the order and spacing of its values. */
function lineKey(line: string): string {
  return tokensOf(line).sort().join(' ');
}

/**
 * For "return them in any order" answers: the output is a multiset of lines, and each line a multiset
 * of tokens. So an array (one line) may list its elements in any order, and a matrix or a list of
 * groups (Group Anagrams, 3Sum) its rows in any order and each row's values in any order. Counts
 * matter: a missing or repeated element or row is wrong. A problem whose rows must keep their inner
 * order (Permutations) needs the 'custom' checker or a statement asking for a canonical order.
 * Trailing whitespace and trailing blank lines are ignored, as by 'exact'.
 */
export const unorderedChecker: Checker = (expected, actual) => {
  const want = significantLines(expected);
  const got = significantLines(actual);
  const remaining = new Map<string, number>();
  for (const line of want) {
    const key = lineKey(line);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  for (let i = 0; i < got.length; i++) {
    const key = lineKey(got[i]);
    const left = remaining.get(key) ?? 0;
    if (left === 0) {
      return want.length === 1 && got.length === 1
        ? rejected('Your answer does not hold the expected values (in any order)')
        : rejected(`Line ${i + 1} of your output matches no remaining expected line (in any order)`);
    }
    remaining.set(key, left - 1);
  }
  return got.length === want.length ? ACCEPTED : countMismatch('line', got.length, want.length);
};
