import type { ProblemInputType } from '@javelin/contracts';
import { formatValueText, type JavaValue } from '@javelin/java-io';
import type { CatalogInputVariable, CatalogProblem, CatalogTest } from './catalog';
import { rng } from './random';

/**
 * Classic problems that need issue 18's types (int[] and long[] results, int[][] and char[][]
 * grids, String[] inputs, double and char results) or checkers (unordered answers, a float
 * tolerance, a custom checker for groups in any order). As in catalog.ts: small tests carry
 * hand-checked answers, large ones come from a fixed seed and a plain TypeScript oracle, and each
 * problem's Java reference (a second, independent implementation) is run against every test by the
 * seed's integration test through the real judge.
 */

function v(name: string, type: ProblemInputType, description: string): CatalogInputVariable {
  return { id: name, name, type, description };
}

/** Tests of a problem with these variables: values written as an admin types them (`[[1,3],[2,6]]`). */
function tester(vars: CatalogInputVariable[]) {
  const make =
    (isExample: boolean) =>
    (values: Record<string, JavaValue>, expectedOutput: string): CatalogTest => ({
      inputs: Object.fromEntries(vars.map((x) => [x.name, formatValueText(x.type, values[x.name])])),
      expectedOutput,
      isExample,
    });
  return { example: make(true), test: make(false) };
}

function body(code: string): string {
  return code.replace(/^\n/, '').trimEnd();
}

/** A 1-D result as the boilerplate prints it: one line, one space between elements. */
const line = (values: readonly (number | string | bigint)[]) => values.join(' ');
/** A matrix result: one row per line. */
const rows = (matrix: readonly (readonly (number | string)[])[]) => matrix.map(line).join('\n');

/** A double as Java's String.valueOf prints it, for the small values of examples (`2.0`, `2.5`). */
function javaDouble(x: number): string {
  return Number.isInteger(x) && Math.abs(x) < 1e7 ? `${x}.0` : String(x);
}

function randomInts(seed: number, n: number, lo: number, hi: number): number[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => r(lo, hi));
}

// ---------------------------------------------------------------------------------------------
// Oracles

/** Every pair i < j with nums[i] + nums[j] == target, up to two (enough to tell one from many). */
function sumPairs(nums: readonly number[], target: number): [number, number][] {
  const at = new Map<number, number[]>();
  const pairs: [number, number][] = [];
  nums.forEach((x, j) => {
    for (const i of at.get(target - x) ?? []) if (pairs.length < 2) pairs.push([i, j]);
    at.set(x, [...(at.get(x) ?? []), j]);
  });
  return pairs;
}

/** A large Two Sum test with exactly one answer (the seed moves on until the draw has one). */
function twoSumIndicesLarge(seed: number, n: number): CatalogTest {
  for (let s = seed; ; s += 1000) {
    const r = rng(s);
    const nums = Array.from({ length: n }, () => r(-1_000_000_000, 1_000_000_000));
    const i = r(0, n - 2);
    const j = r(i + 1, n - 1);
    const target = nums[i] + nums[j];
    if (target < -2_147_483_648 || target > 2_147_483_647) continue;
    const pairs = sumPairs(nums, target);
    if (pairs.length === 1) return twoSumT.test({ nums, target }, line(pairs[0]));
  }
}

function mergeIntervals(intervals: readonly (readonly number[])[]): number[][] {
  const sorted = [...intervals].map((x) => [...x]).sort((a, b) => a[0] - b[0]);
  const out: number[][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

function randomIntervals(seed: number, n: number): number[][] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const s = r(0, 1_000_000);
    return [s, s + r(0, 400)];
  });
}

function median(a: readonly number[], b: readonly number[]): number {
  const all = [...a, ...b].sort((x, y) => x - y);
  const n = all.length;
  return n % 2 === 1 ? all[(n - 1) / 2] : (all[n / 2 - 1] + all[n / 2]) / 2;
}

const sortedInts = (seed: number, n: number, lo: number, hi: number) =>
  randomInts(seed, n, lo, hi).sort((x, y) => x - y);

/** Anagram groups in first-seen order, words in input order: one "a,b,c" string per group. */
function anagramGroups(words: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const w of words) {
    const key = [...w].sort().join('');
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  return [...groups.values()].map((g) => g.join(','));
}

function randomWords(seed: number, n: number, alphabet: string, maxLength: number): string[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const len = r(1, maxLength);
    let w = '';
    for (let i = 0; i < len; i++) w += alphabet[r(0, alphabet.length - 1)];
    return w;
  });
}

function rotate(matrix: readonly (readonly number[])[]): number[][] {
  const n = matrix.length;
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => matrix[n - 1 - j][i]));
}

function randomSquare(seed: number, n: number): number[][] {
  const r = rng(seed);
  return Array.from({ length: n }, () => Array.from({ length: n }, () => r(-1000, 1000)));
}

function islands(grid: readonly (readonly string[])[]): number {
  const seen = grid.map((row) => row.map(() => false));
  let count = 0;
  for (let i = 0; i < grid.length; i++) {
    for (let j = 0; j < grid[i].length; j++) {
      if (grid[i][j] !== '1' || seen[i][j]) continue;
      count++;
      const stack: [number, number][] = [[i, j]];
      seen[i][j] = true;
      while (stack.length) {
        const [a, b] = stack.pop()!;
        for (const [x, y] of [
          [a + 1, b],
          [a - 1, b],
          [a, b + 1],
          [a, b - 1],
        ]) {
          if (
            x >= 0 &&
            y >= 0 &&
            x < grid.length &&
            y < grid[x].length &&
            grid[x][y] === '1' &&
            !seen[x][y]
          ) {
            seen[x][y] = true;
            stack.push([x, y]);
          }
        }
      }
    }
  }
  return count;
}

function randomGrid(seed: number, height: number, width: number, landPercent: number): string[][] {
  const r = rng(seed);
  return Array.from({ length: height }, () =>
    Array.from({ length: width }, () => (r(1, 100) <= landPercent ? '1' : '0')),
  );
}

/** Products of all other elements, exactly (BigInt), as the long[] result prints them. */
function productsExceptSelf(nums: readonly number[]): string {
  const prefix: bigint[] = [1n];
  for (const x of nums) prefix.push(prefix[prefix.length - 1] * BigInt(x));
  let suffix = 1n;
  const out: bigint[] = new Array(nums.length);
  for (let i = nums.length - 1; i >= 0; i--) {
    out[i] = prefix[i] * suffix;
    suffix *= BigInt(nums[i]);
  }
  return line(out);
}

/** Mostly ±1 with a few larger factors (and `zeros` zeros), so every product fits in a long. */
function productInput(seed: number, n: number, big: number, zeros: number): number[] {
  const r = rng(seed);
  const nums: number[] = Array.from({ length: n }, () => (r(0, 1) === 0 ? -1 : 1));
  for (let k = 0; k < big; k++) nums[r(0, n - 1)] = r(2, 1000) * (r(0, 1) === 0 ? -1 : 1);
  for (let k = 0; k < zeros; k++) nums[r(0, n - 1)] = 0;
  return nums;
}

/** The k most frequent values, most frequent first; null when the k-th and (k+1)-th counts tie. */
function topK(nums: readonly number[], k: number): number[] | null {
  const counts = new Map<number, number>();
  for (const x of nums) counts.set(x, (counts.get(x) ?? 0) + 1);
  const byCount = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  if (k < byCount.length && byCount[k - 1][1] === byCount[k][1]) return null;
  return byCount.slice(0, k).map(([x]) => x);
}

/** A large test whose top k is unique: value i appears a distinct number of times. */
function topKLarge(seed: number, distinct: number, k: number): CatalogTest {
  const r = rng(seed);
  const values = new Set<number>();
  while (values.size < distinct) values.add(r(-100_000, 100_000));
  const nums: number[] = [];
  [...values].forEach((x, i) => {
    for (let c = 0; c <= i; c++) nums.push(x);
  });
  // Shuffle so equal values are not adjacent.
  for (let i = nums.length - 1; i > 0; i--) {
    const j = r(0, i);
    [nums[i], nums[j]] = [nums[j], nums[i]];
  }
  return topKT.test({ nums, k }, line(topK(nums, k)!));
}

function maxAverage(nums: readonly number[], k: number): number {
  let sum = 0;
  for (let i = 0; i < k; i++) sum += nums[i];
  let best = sum;
  for (let i = k; i < nums.length; i++) {
    sum += nums[i] - nums[i - k];
    best = Math.max(best, sum);
  }
  return best / k;
}

function commonPrefix(words: readonly string[]): string {
  let prefix = words[0] ?? '';
  for (const w of words) while (!w.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

function firstUnique(s: string): string {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...s].find((c) => counts.get(c) === 1) ?? '_';
}

function subsets(nums: readonly number[]): string {
  const out: string[] = [];
  for (let mask = 1; mask < 1 << nums.length; mask++) {
    out.push(line(nums.filter((_, i) => mask & (1 << i))));
  }
  return out.join('\n');
}

function distinctInts(seed: number, n: number, lo: number, hi: number): number[] {
  const r = rng(seed);
  const out = new Set<number>();
  while (out.size < n) out.add(r(lo, hi));
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// The problems

const twoSumVars = [v('nums', 'int[]', 'the numbers'), v('target', 'int', 'the sum to reach')];
const twoSumT = tester(twoSumVars);
const mergeVars = [v('intervals', 'int[][]', 'the intervals, each [start, end]')];
const mergeT = tester(mergeVars);
const medianVars = [
  v('nums1', 'int[]', 'the first sorted array'),
  v('nums2', 'int[]', 'the second sorted array'),
];
const medianT = tester(medianVars);
const anagramVars = [v('strs', 'string[]', 'the words')];
const anagramT = tester(anagramVars);
const rotateVars = [v('matrix', 'int[][]', 'the n x n matrix')];
const rotateT = tester(rotateVars);
const islandVars = [v('grid', 'char[][]', "the map: '1' land, '0' water")];
const islandT = tester(islandVars);
const productVars = [v('nums', 'int[]', 'the numbers')];
const productT = tester(productVars);
const topKVars = [v('nums', 'int[]', 'the numbers'), v('k', 'int', 'how many values to return')];
const topKT = tester(topKVars);
const averageVars = [v('nums', 'int[]', 'the numbers'), v('k', 'int', 'the window length')];
const averageT = tester(averageVars);
const prefixVars = [v('strs', 'string[]', 'the words')];
const prefixT = tester(prefixVars);
const uniqueVars = [v('s', 'string', 'the text')];
const uniqueT = tester(uniqueVars);
const subsetVars = [v('nums', 'int[]', 'distinct numbers')];
const subsetT = tester(subsetVars);

const medianA = sortedInts(2301, 5000, -1_000_000, 1_000_000);
const medianB = sortedInts(2302, 4001, -1_000_000, 1_000_000);
const intervals2000 = randomIntervals(2201, 2000);
const anagramWords = randomWords(2401, 3000, 'abcde', 4);
const islandBig = randomGrid(2601, 100, 100, 45);
const islandSparse = randomGrid(2602, 60, 120, 20);
const averageBig = randomInts(2901, 12_000, -10_000, 10_000);
const uniqueBig = (() => {
  const r = rng(3101);
  let s = '';
  for (let i = 0; i < 90_000; i++) s += 'abcdefghijklmnopqrstuvwxy'[r(0, 24)];
  return `${s}z${s.slice(0, 5000)}`;
})();
const uniqueLong = (() => {
  const r = rng(3102);
  let s = '';
  for (let i = 0; i < 20_000; i++) s += 'abcdefghijklm'[r(0, 12)];
  return `${s}${s}z${s}`;
})();
const prefixLong = 'javelin'.repeat(200);
const prefixWords = Array.from({ length: 200 }, (_, i) => `${prefixLong.slice(0, 300)}${'abc'[i % 3]}`);

/** The Group Anagrams checker: groups in any order, words in any order within a group. */
const GROUPS_CHECKER = `import java.nio.file.*;
import java.util.*;

public class GroupsChecker {
    /** The answer as a sorted list of groups, each group's words sorted and joined by commas. */
    static List<String> groups(String text) {
        List<String> out = new ArrayList<>();
        StringTokenizer tokens = new StringTokenizer(text);
        while (tokens.hasMoreTokens()) {
            String[] words = tokens.nextToken().split(",", -1);
            Arrays.sort(words);
            out.add(String.join(",", words));
        }
        Collections.sort(out);
        return out;
    }

    public static void main(String[] args) throws Exception {
        List<String> expected = groups(Files.readString(Path.of(args[1])));
        List<String> actual = groups(Files.readString(Path.of(args[2])));
        if (expected.equals(actual)) {
            System.out.println("accepted");
        } else {
            System.out.println("wrong");
            System.out.println("Your groups differ from the expected ones (" + actual.size() + " groups; " + expected.size() + " expected)");
        }
    }
}
`;

export const TYPED_CATALOG: CatalogProblem[] = [
  {
    title: 'Two Sum Indices',
    difficulty: 'easy',
    points: 10,
    description: [
      'Given an array of integers nums and an integer target, return the indices of the two numbers that add up to target.',
      '',
      'Each test has exactly one answer, and you may not use the same element twice. Return the two indices in any order.',
      '',
      'Example: nums = [2,7,11,15], target = 9 → [0,1] (or [1,0]).',
    ].join('\n'),
    constraints:
      '2 <= nums.length <= 5000\n-10^9 <= nums[i] <= 10^9\n-10^9 <= target <= 10^9\nExactly one valid answer exists.',
    functionName: 'twoSum',
    returnType: 'int[]',
    checker: 'unordered',
    inputVariables: twoSumVars,
    tags: ['arrays', 'hash-map'],
    testCases: [
      twoSumT.example({ nums: [2, 7, 11, 15], target: 9 }, '0 1'),
      twoSumT.example({ nums: [3, 2, 4], target: 6 }, '1 2'),
      twoSumT.test({ nums: [3, 3], target: 6 }, '0 1'),
      twoSumT.test({ nums: [1, 2], target: 3 }, '0 1'),
      twoSumT.test({ nums: [-3, 4, 3, 90], target: 0 }, '0 2'),
      twoSumT.test({ nums: [-1, -2, -3, -4, -5], target: -8 }, '2 4'),
      twoSumT.test({ nums: [0, 4, 3, 0], target: 0 }, '0 3'),
      twoSumT.test({ nums: [1_000_000_000, -1_000_000_000, 5], target: 0 }, '0 1'),
      twoSumT.test({ nums: [5, 75, 25], target: 100 }, '1 2'),
      twoSumIndicesLarge(2101, 5000),
      twoSumIndicesLarge(2102, 3000),
    ],
    solutionBody: body(`
        // value -> index of an earlier element; long keys because target - nums[i] can leave the int range.
        Map<Long, Integer> seen = new HashMap<>();
        for (int i = 0; i < nums.length; i++) {
            Integer j = seen.get((long) target - nums[i]);
            if (j != null) return new int[] { i, j };
            seen.putIfAbsent((long) nums[i], i);
        }
        return new int[0];`),
  },
  {
    title: 'Merge Intervals',
    difficulty: 'medium',
    points: 20,
    description: [
      'Given an array of intervals where intervals[i] = [start_i, end_i], merge all overlapping intervals (intervals that touch, like [1,4] and [4,5], overlap).',
      '',
      'Return the merged intervals sorted by their start, one interval per row.',
      '',
      'Example: [[1,3],[2,6],[8,10],[15,18]] → [[1,6],[8,10],[15,18]].',
    ].join('\n'),
    constraints: '1 <= intervals.length <= 10^4\n0 <= start_i <= end_i <= 10^6',
    functionName: 'merge',
    returnType: 'int[][]',
    inputVariables: mergeVars,
    tags: ['arrays', 'sorting'],
    testCases: [
      mergeT.example(
        {
          intervals: [
            [1, 3],
            [2, 6],
            [8, 10],
            [15, 18],
          ],
        },
        '1 6\n8 10\n15 18',
      ),
      mergeT.example(
        {
          intervals: [
            [1, 4],
            [4, 5],
          ],
        },
        '1 5',
      ),
      mergeT.test(
        {
          intervals: [
            [1, 4],
            [0, 4],
          ],
        },
        '0 4',
      ),
      mergeT.test(
        {
          intervals: [
            [1, 4],
            [2, 3],
          ],
        },
        '1 4',
      ),
      mergeT.test({ intervals: [[5, 5]] }, '5 5'),
      mergeT.test(
        {
          intervals: [
            [8, 10],
            [1, 3],
            [2, 6],
          ],
        },
        '1 6\n8 10',
      ),
      mergeT.test(
        {
          intervals: [
            [1, 2],
            [3, 4],
          ],
        },
        '1 2\n3 4',
      ),
      mergeT.test(
        {
          intervals: [
            [0, 0],
            [0, 0],
          ],
        },
        '0 0',
      ),
      mergeT.test(
        {
          intervals: [
            [2, 3],
            [4, 5],
            [6, 7],
            [8, 9],
            [1, 10],
          ],
        },
        '1 10',
      ),
      mergeT.test({ intervals: intervals2000 }, rows(mergeIntervals(intervals2000))),
      mergeT.test(
        { intervals: randomIntervals(2202, 300) },
        rows(mergeIntervals(randomIntervals(2202, 300))),
      ),
    ],
    solutionBody: body(`
        int[][] sorted = intervals.clone();
        Arrays.sort(sorted, (a, b) -> Integer.compare(a[0], b[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] interval : sorted) {
            int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
            else merged.add(new int[] { interval[0], interval[1] });
        }
        return merged.toArray(new int[0][]);`),
  },
  {
    title: 'Median of Two Sorted Arrays',
    difficulty: 'hard',
    points: 40,
    description: [
      'Given two sorted arrays nums1 and nums2, return the median of the two arrays taken together.',
      '',
      'The median of an even number of values is the mean of the two middle ones. Your answer is accepted within an absolute or relative error of 1e-6.',
      '',
      'Example: nums1 = [1,3], nums2 = [2] → 2.0; nums1 = [1,2], nums2 = [3,4] → 2.5.',
    ].join('\n'),
    constraints:
      '0 <= nums1.length, nums2.length <= 5000\n1 <= nums1.length + nums2.length\n-10^6 <= nums1[i], nums2[i] <= 10^6',
    functionName: 'findMedianSortedArrays',
    returnType: 'double',
    checker: 'float',
    inputVariables: medianVars,
    tags: ['arrays', 'binary-search'],
    testCases: [
      medianT.example({ nums1: [1, 3], nums2: [2] }, '2.0'),
      medianT.example({ nums1: [1, 2], nums2: [3, 4] }, '2.5'),
      medianT.test({ nums1: [], nums2: [1] }, '1.0'),
      medianT.test({ nums1: [2], nums2: [] }, '2.0'),
      medianT.test({ nums1: [0, 0], nums2: [0, 0] }, '0.0'),
      medianT.test({ nums1: [-5, 3, 6], nums2: [-2, 10] }, '3.0'),
      medianT.test({ nums1: [1, 1, 1], nums2: [1, 1, 1] }, '1.0'),
      medianT.test({ nums1: [-1_000_000], nums2: [999_999] }, '-0.5'),
      medianT.test({ nums1: [1, 2, 3, 4, 5, 6], nums2: [7] }, '4.0'),
      medianT.test({ nums1: medianA, nums2: medianB }, javaDouble(median(medianA, medianB))),
      medianT.test(
        { nums1: medianA.slice(0, 2000), nums2: medianB.slice(0, 2000) },
        javaDouble(median(medianA.slice(0, 2000), medianB.slice(0, 2000))),
      ),
    ],
    solutionBody: body(`
        // Binary search on a partition of the shorter array: left halves hold (m + n + 1) / 2 values.
        if (nums1.length > nums2.length) return findMedianSortedArrays(nums2, nums1);
        int m = nums1.length, n = nums2.length, half = (m + n + 1) / 2;
        int lo = 0, hi = m;
        while (true) {
            int i = (lo + hi) / 2, j = half - i;
            long leftA = i == 0 ? Long.MIN_VALUE : nums1[i - 1];
            long rightA = i == m ? Long.MAX_VALUE : nums1[i];
            long leftB = j == 0 ? Long.MIN_VALUE : nums2[j - 1];
            long rightB = j == n ? Long.MAX_VALUE : nums2[j];
            if (leftA > rightB) hi = i - 1;
            else if (leftB > rightA) lo = i + 1;
            else {
                long left = Math.max(leftA, leftB);
                if ((m + n) % 2 == 1) return left;
                return (left + Math.min(rightA, rightB)) / 2.0;
            }
        }`),
  },
  {
    title: 'Group Anagrams',
    difficulty: 'medium',
    points: 20,
    description: [
      'Given an array of words strs, group the anagrams together (words made of the same letters, like "eat", "tea" and "ate").',
      '',
      'Return one string per group: its words joined by commas, e.g. "eat,tea,ate". The groups, and the words within a group, may come in any order.',
      '',
      'Example: ["eat","tea","tan","ate","nat","bat"] → ["eat,tea,ate","tan,nat","bat"].',
    ].join('\n'),
    constraints:
      '1 <= strs.length <= 10^4\n1 <= strs[i].length <= 100\nstrs[i] consists of lowercase English letters.',
    functionName: 'groupAnagrams',
    returnType: 'string[]',
    checker: 'custom',
    checkerCode: GROUPS_CHECKER,
    inputVariables: anagramVars,
    tags: ['strings', 'hash-map', 'sorting'],
    testCases: [
      anagramT.example({ strs: ['eat', 'tea', 'tan', 'ate', 'nat', 'bat'] }, 'eat,tea,ate tan,nat bat'),
      anagramT.example({ strs: ['a'] }, 'a'),
      anagramT.test({ strs: ['ab', 'ba', 'abc', 'cab', 'bca', 'x'] }, 'ab,ba abc,cab,bca x'),
      anagramT.test({ strs: ['aa', 'aa'] }, 'aa,aa'),
      anagramT.test({ strs: ['abc', 'def', 'ghi'] }, 'abc def ghi'),
      anagramT.test(
        { strs: ['listen', 'silent', 'enlist', 'google', 'gogole'] },
        'listen,silent,enlist google,gogole',
      ),
      anagramT.test({ strs: ['ab', 'a', 'b', 'ba'] }, 'ab,ba a b'),
      anagramT.test({ strs: ['z'.repeat(100), 'z'.repeat(99)] }, `${'z'.repeat(100)} ${'z'.repeat(99)}`),
      anagramT.test({ strs: anagramWords }, line(anagramGroups(anagramWords))),
      anagramT.test({ strs: anagramWords.slice(0, 500) }, line(anagramGroups(anagramWords.slice(0, 500)))),
    ],
    solutionBody: body(`
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (String word : strs) {
            char[] letters = word.toCharArray();
            Arrays.sort(letters);
            groups.computeIfAbsent(new String(letters), key -> new ArrayList<>()).add(word);
        }
        String[] out = new String[groups.size()];
        int i = 0;
        for (List<String> group : groups.values()) out[i++] = String.join(",", group);
        return out;`),
  },
  {
    title: 'Rotate Image',
    difficulty: 'medium',
    points: 20,
    description: [
      'Given an n x n matrix, rotate it by 90 degrees clockwise.',
      '',
      'Rotate it in place if you can (without allocating another matrix), and return it: the returned matrix is printed one row per line.',
      '',
      'Example: [[1,2,3],[4,5,6],[7,8,9]] → [[7,4,1],[8,5,2],[9,6,3]].',
    ].join('\n'),
    constraints: '1 <= n <= 100\n-1000 <= matrix[i][j] <= 1000',
    functionName: 'rotate',
    returnType: 'int[][]',
    inputVariables: rotateVars,
    tags: ['arrays', 'matrix'],
    testCases: [
      rotateT.example(
        {
          matrix: [
            [1, 2, 3],
            [4, 5, 6],
            [7, 8, 9],
          ],
        },
        '7 4 1\n8 5 2\n9 6 3',
      ),
      rotateT.example(
        {
          matrix: [
            [5, 1, 9, 11],
            [2, 4, 8, 10],
            [13, 3, 6, 7],
            [15, 14, 12, 16],
          ],
        },
        '15 13 2 5\n14 3 4 1\n12 6 8 9\n16 7 10 11',
      ),
      rotateT.test({ matrix: [[1]] }, '1'),
      rotateT.test(
        {
          matrix: [
            [1, 2],
            [3, 4],
          ],
        },
        '3 1\n4 2',
      ),
      rotateT.test(
        {
          matrix: [
            [0, 0],
            [0, 0],
          ],
        },
        '0 0\n0 0',
      ),
      rotateT.test(
        {
          matrix: [
            [-1, -2],
            [-3, -4],
          ],
        },
        '-3 -1\n-4 -2',
      ),
      ...[5, 6, 20, 99, 100].map((n, k) => {
        const m = randomSquare(2501 + k, n);
        return rotateT.test({ matrix: m }, rows(rotate(m)));
      }),
    ],
    solutionBody: body(`
        int n = matrix.length;
        // Transpose, then mirror each row: a clockwise quarter turn, in place.
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                int t = matrix[i][j];
                matrix[i][j] = matrix[j][i];
                matrix[j][i] = t;
            }
        for (int[] row : matrix)
            for (int a = 0, b = n - 1; a < b; a++, b--) {
                int t = row[a];
                row[a] = row[b];
                row[b] = t;
            }
        return matrix;`),
  },
  {
    title: 'Number of Islands',
    difficulty: 'medium',
    points: 20,
    description: [
      "Given a grid of '1' (land) and '0' (water), return the number of islands.",
      '',
      'An island is land connected horizontally or vertically (not diagonally) and surrounded by water; everything outside the grid is water.',
      '',
      'Example: [["1","1","0"],["1","0","0"],["0","0","1"]] → 2.',
    ].join('\n'),
    constraints: "1 <= grid.length, grid[i].length <= 300\ngrid[i][j] is '0' or '1'.",
    functionName: 'numIslands',
    returnType: 'int',
    inputVariables: islandVars,
    tags: ['graphs', 'dfs', 'matrix'],
    testCases: [
      islandT.example(
        {
          grid: [
            ['1', '1', '1', '1', '0'],
            ['1', '1', '0', '1', '0'],
            ['1', '1', '0', '0', '0'],
            ['0', '0', '0', '0', '0'],
          ],
        },
        '1',
      ),
      islandT.example(
        {
          grid: [
            ['1', '1', '0', '0', '0'],
            ['1', '1', '0', '0', '0'],
            ['0', '0', '1', '0', '0'],
            ['0', '0', '0', '1', '1'],
          ],
        },
        '3',
      ),
      islandT.test({ grid: [['0']] }, '0'),
      islandT.test({ grid: [['1']] }, '1'),
      islandT.test(
        {
          grid: [
            ['1', '0', '1'],
            ['0', '1', '0'],
            ['1', '0', '1'],
          ],
        },
        '5',
      ),
      islandT.test(
        {
          grid: [
            ['1', '1', '1'],
            ['1', '0', '1'],
            ['1', '1', '1'],
          ],
        },
        '1',
      ),
      islandT.test({ grid: [['1', '0', '1', '0', '1', '0', '1']] }, '4'),
      islandT.test({ grid: [['1'], ['1'], ['0'], ['1']] }, '2'),
      islandT.test({ grid: randomGrid(2603, 100, 100, 100) }, '1'),
      islandT.test({ grid: islandBig }, String(islands(islandBig))),
      islandT.test({ grid: islandSparse }, String(islands(islandSparse))),
    ],
    solutionBody: body(`
        int count = 0;
        int[][] steps = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
        ArrayDeque<int[]> stack = new ArrayDeque<>();
        for (int i = 0; i < grid.length; i++)
            for (int j = 0; j < grid[i].length; j++) {
                if (grid[i][j] != '1') continue;
                count++;
                grid[i][j] = '0';
                stack.push(new int[] { i, j });
                while (!stack.isEmpty()) {
                    int[] cell = stack.pop();
                    for (int[] s : steps) {
                        int x = cell[0] + s[0], y = cell[1] + s[1];
                        if (x >= 0 && x < grid.length && y >= 0 && y < grid[x].length && grid[x][y] == '1') {
                            grid[x][y] = '0';
                            stack.push(new int[] { x, y });
                        }
                    }
                }
            }
        return count;`),
  },
  {
    title: 'Product of Array Except Self',
    difficulty: 'medium',
    points: 20,
    description: [
      'Given an integer array nums, return an array answer where answer[i] is the product of all the elements of nums except nums[i].',
      '',
      'Every product fits in a 64-bit long (but not always in an int). Try it without division, in O(n) time.',
      '',
      'Example: [1,2,3,4] → [24,12,8,6].',
    ].join('\n'),
    constraints: '2 <= nums.length <= 10^4\n-1000 <= nums[i] <= 1000\nEvery product fits in a long.',
    functionName: 'productExceptSelf',
    returnType: 'long[]',
    inputVariables: productVars,
    tags: ['arrays', 'prefix-sums'],
    testCases: [
      productT.example({ nums: [1, 2, 3, 4] }, '24 12 8 6'),
      productT.example({ nums: [-1, 1, 0, -3, 3] }, '0 0 9 0 0'),
      productT.test({ nums: [2, 3] }, '3 2'),
      productT.test({ nums: [0, 0, 5] }, '0 0 0'),
      productT.test({ nums: [0, 4, 5] }, '20 0 0'),
      productT.test({ nums: [-1, -1, -1] }, '1 1 1'),
      productT.test({ nums: [1000, 1000, 1000, 1000] }, '1000000000 1000000000 1000000000 1000000000'),
      productT.test(
        { nums: [1000, 1000, 1000, 1000, 1000, 1000, 7] },
        productsExceptSelf([1000, 1000, 1000, 1000, 1000, 1000, 7]),
      ),
      ...[
        [2801, 4000, 6, 0],
        [2802, 3000, 6, 1],
        [2803, 2000, 5, 2],
      ].map(([seed, n, big, zeros]) => {
        const nums = productInput(seed, n, big, zeros);
        return productT.test({ nums }, productsExceptSelf(nums));
      }),
    ],
    solutionBody: body(`
        int n = nums.length;
        long[] answer = new long[n];
        long left = 1;
        for (int i = 0; i < n; i++) {
            answer[i] = left;
            left *= nums[i];
        }
        long right = 1;
        for (int i = n - 1; i >= 0; i--) {
            answer[i] *= right;
            right *= nums[i];
        }
        return answer;`),
  },
  {
    title: 'Top K Frequent Elements',
    difficulty: 'medium',
    points: 20,
    description: [
      'Given an integer array nums and an integer k, return the k most frequent values.',
      '',
      'The answer is unique in every test; return its values in any order.',
      '',
      'Example: nums = [1,1,1,2,2,3], k = 2 → [1,2].',
    ].join('\n'),
    constraints:
      '1 <= nums.length <= 10^5\n-10^5 <= nums[i] <= 10^5\n1 <= k <= the number of distinct values\nThe answer is unique.',
    functionName: 'topKFrequent',
    returnType: 'int[]',
    checker: 'unordered',
    inputVariables: topKVars,
    tags: ['hash-map', 'sorting', 'heap'],
    testCases: [
      topKT.example({ nums: [1, 1, 1, 2, 2, 3], k: 2 }, '1 2'),
      topKT.example({ nums: [1], k: 1 }, '1'),
      topKT.test({ nums: [4, 4, 5], k: 1 }, '4'),
      topKT.test({ nums: [-1, -1, 2, 2, 2, 3], k: 2 }, '2 -1'),
      topKT.test({ nums: [7, 8, 9], k: 3 }, '7 8 9'),
      topKT.test({ nums: [5, 3, 5, 3, 5, 1], k: 2 }, '5 3'),
      topKT.test({ nums: [100000, -100000, 100000], k: 1 }, '100000'),
      topKT.test({ nums: [0, 0, 0, 1, 1, 2], k: 2 }, '0 1'),
      topKLarge(2701, 120, 10),
      topKLarge(2702, 100, 50),
    ],
    solutionBody: body(`
        Map<Integer, Integer> counts = new HashMap<>();
        for (int x : nums) counts.merge(x, 1, Integer::sum);
        List<Map.Entry<Integer, Integer>> entries = new ArrayList<>(counts.entrySet());
        entries.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
        int[] out = new int[k];
        for (int i = 0; i < k; i++) out[i] = entries.get(i).getKey();
        return out;`),
  },
  {
    title: 'Maximum Average Subarray',
    difficulty: 'easy',
    points: 10,
    description: [
      'Given an integer array nums and an integer k, find the contiguous subarray of length k with the largest average, and return that average.',
      '',
      'Your answer is accepted within an absolute or relative error of 1e-6.',
      '',
      'Example: nums = [1,12,-5,-6,50,3], k = 4 → 12.75 ((12 - 5 - 6 + 50) / 4).',
    ].join('\n'),
    constraints: '1 <= k <= nums.length <= 10^5\n-10^4 <= nums[i] <= 10^4',
    functionName: 'findMaxAverage',
    returnType: 'double',
    checker: 'float',
    inputVariables: averageVars,
    tags: ['arrays', 'sliding-window'],
    testCases: [
      averageT.example({ nums: [1, 12, -5, -6, 50, 3], k: 4 }, '12.75'),
      averageT.example({ nums: [5], k: 1 }, '5.0'),
      averageT.test({ nums: [-1], k: 1 }, '-1.0'),
      averageT.test({ nums: [0, 4, 0, 3, 2], k: 1 }, '4.0'),
      averageT.test({ nums: [1, 2, 3], k: 3 }, '2.0'),
      averageT.test({ nums: [-5, -3, -8], k: 2 }, '-4.0'),
      averageT.test({ nums: [1, 2], k: 2 }, '1.5'),
      averageT.test({ nums: [1, 1, 2], k: 3 }, String(4 / 3)),
      averageT.test({ nums: [10000, -10000, 10000, 10000], k: 2 }, '10000.0'),
      averageT.test({ nums: averageBig, k: 777 }, String(maxAverage(averageBig, 777))),
      averageT.test({ nums: averageBig, k: 12_000 }, String(maxAverage(averageBig, 12_000))),
    ],
    solutionBody: body(`
        long sum = 0;
        for (int i = 0; i < k; i++) sum += nums[i];
        long best = sum;
        for (int i = k; i < nums.length; i++) {
            sum += nums[i] - nums[i - k];
            best = Math.max(best, sum);
        }
        return (double) best / k;`),
  },
  {
    title: 'Longest Common Prefix',
    difficulty: 'easy',
    points: 10,
    description: [
      'Given an array of words strs, return their longest common prefix: the longest string every word starts with.',
      '',
      'If they share no prefix, return the empty string.',
      '',
      'Example: ["flower","flow","flight"] → "fl".',
    ].join('\n'),
    constraints:
      '1 <= strs.length <= 200\n0 <= strs[i].length <= 2000\nstrs[i] consists of lowercase English letters.',
    functionName: 'longestCommonPrefix',
    returnType: 'string',
    inputVariables: prefixVars,
    tags: ['strings'],
    testCases: [
      prefixT.example({ strs: ['flower', 'flow', 'flight'] }, 'fl'),
      prefixT.example({ strs: ['dog', 'racecar', 'car'] }, ''),
      prefixT.test({ strs: [''] }, ''),
      prefixT.test({ strs: ['a'] }, 'a'),
      prefixT.test({ strs: ['ab', 'ab'] }, 'ab'),
      prefixT.test({ strs: ['abc', 'abd', 'ab'] }, 'ab'),
      prefixT.test({ strs: ['prefix', ''] }, ''),
      prefixT.test({ strs: ['interview', 'internet', 'interval', 'internal'] }, 'inter'),
      prefixT.test(
        { strs: [prefixLong, `${prefixLong}x`, prefixLong.slice(0, 1000)] },
        commonPrefix([prefixLong, `${prefixLong}x`, prefixLong.slice(0, 1000)]),
      ),
      prefixT.test({ strs: prefixWords }, commonPrefix(prefixWords)),
    ],
    solutionBody: body(`
        String prefix = strs[0];
        for (String word : strs)
            while (!word.startsWith(prefix)) prefix = prefix.substring(0, prefix.length() - 1);
        return prefix;`),
  },
  {
    title: 'First Unique Character',
    difficulty: 'easy',
    points: 10,
    description: [
      "Given a string s of lowercase letters, return its first character that appears exactly once, or '_' if every character repeats.",
      '',
      'Example: "leetcode" → \'l\'; "loveleetcode" → \'v\'; "aabb" → \'_\'.',
    ].join('\n'),
    constraints: '1 <= s.length <= 10^5\ns consists of lowercase English letters.',
    functionName: 'firstUniqChar',
    returnType: 'char',
    inputVariables: uniqueVars,
    tags: ['strings', 'counting'],
    testCases: [
      uniqueT.example({ s: 'leetcode' }, 'l'),
      uniqueT.example({ s: 'aabb' }, '_'),
      uniqueT.test({ s: 'loveleetcode' }, 'v'),
      uniqueT.test({ s: 'z' }, 'z'),
      uniqueT.test({ s: 'aabbc' }, 'c'),
      uniqueT.test({ s: 'abcabc' }, '_'),
      uniqueT.test({ s: 'xxyz' }, 'y'),
      uniqueT.test({ s: uniqueBig }, firstUnique(uniqueBig)),
      uniqueT.test({ s: uniqueLong }, firstUnique(uniqueLong)),
      uniqueT.test({ s: `${'ab'.repeat(30_000)}q` }, 'q'),
    ],
    solutionBody: body(`
        int[] counts = new int[128];
        for (int i = 0; i < s.length(); i++) counts[s.charAt(i)]++;
        for (int i = 0; i < s.length(); i++) if (counts[s.charAt(i)] == 1) return s.charAt(i);
        return '_';`),
  },
  {
    title: 'Subsets',
    difficulty: 'medium',
    points: 20,
    description: [
      'Given an array nums of distinct integers, return all of its non-empty subsets, one per row.',
      '',
      'The subsets may come in any order, and the values within a subset too; no subset may repeat.',
      '',
      'Example: [1,2,3] → [[1],[2],[3],[1,2],[1,3],[2,3],[1,2,3]].',
    ].join('\n'),
    constraints: '1 <= nums.length <= 10\n-10 <= nums[i] <= 10\nAll the numbers of nums are distinct.',
    functionName: 'subsets',
    returnType: 'int[][]',
    checker: 'unordered',
    inputVariables: subsetVars,
    tags: ['backtracking', 'bit-manipulation'],
    testCases: [
      subsetT.example({ nums: [1, 2, 3] }, subsets([1, 2, 3])),
      subsetT.example({ nums: [0] }, '0'),
      subsetT.test({ nums: [5, -5] }, subsets([5, -5])),
      subsetT.test({ nums: [10] }, '10'),
      subsetT.test({ nums: [-10, 0, 10] }, subsets([-10, 0, 10])),
      ...[4, 5, 7, 8, 9, 10].map((n, k) => {
        const nums = distinctInts(3201 + k, n, -10, 10);
        return subsetT.test({ nums }, subsets(nums));
      }),
    ],
    solutionBody: body(`
        int n = nums.length;
        int[][] out = new int[(1 << n) - 1][];
        for (int mask = 1; mask < (1 << n); mask++) {
            int[] subset = new int[Integer.bitCount(mask)];
            for (int i = 0, k = 0; i < n; i++) if ((mask & (1 << i)) != 0) subset[k++] = nums[i];
            out[mask - 1] = subset;
        }
        return out;`),
  },
];
