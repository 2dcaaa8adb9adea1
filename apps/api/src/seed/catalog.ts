import type {
  CheckerName,
  Difficulty,
  InputType,
  ProblemInputType,
  ProblemReturnType,
  TestGroup,
} from '@javelin/contracts';
import { generateBoilerplate } from '@javelin/java-io';
import { rng } from './random';
import { TYPED_CATALOG } from './catalog-typed';
import { OLYMPIAD_CATALOG } from './catalog-olympiad';

/**
 * The starter catalog `seed.ts` loads: classic problems with statements, constraints, example and
 * hidden tests, and a reference Java solution for each.
 *
 * Values are written as the problem form takes them (ints and booleans in decimal / true|false,
 * arrays as "[1,2,3]", strings verbatim), so a seeded problem looks exactly like one an admin typed.
 * Small tests carry hand-checked expected outputs; the large ones are generated from a fixed seed
 * (the catalog is the same on every run) and their answers come from a small TypeScript oracle.
 * The Java reference solution is an independent second implementation: the seed integration test
 * runs it through the real judge against every test, which is what "verified" means here.
 */

type CatalogValue = number | string | boolean | readonly number[];

export interface CatalogTest {
  /** Variable name to value, as an admin types it in the problem form. */
  inputs: Record<string, string>;
  expectedOutput: string;
  isExample: boolean;
  /** A hidden test's group on a problem with subtasks (catalog-olympiad.ts, issue 31). */
  group?: string;
}

export interface CatalogInputVariable {
  id: string;
  name: string;
  type: ProblemInputType;
  description: string;
}

export interface CatalogProblem {
  title: string;
  description: string;
  constraints: string;
  difficulty: Difficulty;
  points: number;
  functionName: string;
  returnType: Exclude<ProblemReturnType, 'void'>;
  /** How outputs are compared; 'exact' when absent. */
  checker?: CheckerName;
  tolerance?: number;
  /** The 'custom' checker's Java program. */
  checkerCode?: string;
  inputVariables: CatalogInputVariable[];
  tags: string[];
  testCases: CatalogTest[];
  /** The body of the reference function; `referenceSolution` splices it into the generated boilerplate. */
  solutionBody: string;
  /** Subtasks (issue 31): the problem scores the points of each group all of whose tests pass. */
  testGroups?: TestGroup[];
}

const POINTS: Record<Difficulty, number> = { easy: 10, medium: 20, hard: 40 };

// ---------------------------------------------------------------------------------------------
// Helpers

/** The raw form-value of a test input (arrays in the canonical "[1,2,3]" form). */
function raw(value: CatalogValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `[${value.join(',')}]`;
}

function test(inputs: Record<string, CatalogValue>, expected: CatalogValue, isExample = false): CatalogTest {
  return {
    inputs: Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, raw(v)])),
    expectedOutput: raw(expected),
    isExample,
  };
}

const example = (inputs: Record<string, CatalogValue>, expected: CatalogValue) =>
  test(inputs, expected, true);

function v(name: string, type: InputType, description: string): CatalogInputVariable {
  return { id: name, name, type, description };
}

function randomArray(seed: number, n: number, lo: number, hi: number): number[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => r(lo, hi));
}

function randomString(seed: number, n: number, alphabet: string): string {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[r(0, alphabet.length - 1)];
  return s;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const LETTERS = `${LOWER}${LOWER.toUpperCase()}`;
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

// ---------------------------------------------------------------------------------------------
// Oracles for the generated tests (kept deliberately plain; the Java reference re-checks them).

function kadane(a: readonly number[]): number {
  let best = a[0];
  let cur = 0;
  for (const x of a) {
    cur = Math.max(x, cur + x);
    best = Math.max(best, cur);
  }
  return best;
}

function longestUniqueRun(s: string): number {
  const last = new Map<string, number>();
  let start = 0;
  let best = 0;
  for (let i = 0; i < s.length; i++) {
    const seen = last.get(s[i]);
    if (seen !== undefined && seen >= start) start = seen + 1;
    last.set(s[i], i);
    best = Math.max(best, i - start + 1);
  }
  return best;
}

function lis(a: readonly number[]): number {
  const tails: number[] = [];
  for (const x of a) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = x;
  }
  return tails.length;
}

function trapped(h: readonly number[]): number {
  let total = 0;
  const leftMax: number[] = [];
  let m = 0;
  for (let i = 0; i < h.length; i++) leftMax[i] = m = Math.max(m, h[i]);
  m = 0;
  for (let i = h.length - 1; i >= 0; i--) {
    m = Math.max(m, h[i]);
    total += Math.min(m, leftMax[i]) - h[i];
  }
  return total;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] : 1 + Math.min(prev[j - 1], prev[j], cur[j - 1]);
    }
    prev = cur;
  }
  return prev[b.length];
}

function minWindow(s: string, t: string): string {
  const need = new Map<string, number>();
  for (const c of t) need.set(c, (need.get(c) ?? 0) + 1);
  let missing = t.length;
  let best = '';
  let left = 0;
  for (let right = 0; right < s.length; right++) {
    const c = s[right];
    const n = need.get(c) ?? 0;
    if (n > 0) missing--;
    need.set(c, n - 1);
    while (missing === 0) {
      if (best === '' || right - left + 1 < best.length) best = s.slice(left, right + 1);
      const l = s[left++];
      const k = (need.get(l) ?? 0) + 1;
      need.set(l, k);
      if (k > 0) missing++;
    }
  }
  return best;
}

function caesar(text: string, shift: number, decrypt: boolean): string {
  let k = ((shift % 26) + 26) % 26;
  if (decrypt) k = (26 - k) % 26;
  return text.replace(/[a-zA-Z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(base + ((c.charCodeAt(0) - base + k) % 26));
  });
}

const mod3 = (x: number) => ((x % 3) + 3) % 3;

/** Two Sum with exactly one answer: fillers are multiples of 3, the pair is ≡ 1 (mod 3), the target ≡ 2. */
function twoSumLarge(seed: number, n: number): CatalogTest {
  const r = rng(seed);
  const nums = Array.from({ length: n }, () => 3 * r(-333_333_333, 333_333_333));
  let a = 0;
  let b = 0;
  do {
    a = r(-1_000_000_000, 1_000_000_000);
    b = r(-1_000_000_000, 1_000_000_000);
  } while (mod3(a) !== 1 || mod3(b) !== 1 || Math.abs(a + b) > 1_000_000_000);
  const i = r(0, n - 2);
  const j = r(i + 1, n - 1);
  nums[i] = a;
  nums[j] = b;
  return test({ nums, target: a + b }, `${i} ${j}`);
}

function sortedDistinct(seed: number, n: number, lo: number, hi: number): number[] {
  const r = rng(seed);
  const set = new Set<number>([lo, hi]);
  while (set.size < n) set.add(r(lo, hi));
  return [...set].sort((x, y) => x - y);
}

/** The first value from `start` upwards that `sorted` does not contain. */
function absentFrom(sorted: readonly number[], start: number): number {
  const present = new Set(sorted);
  let x = start;
  while (present.has(x)) x++;
  return x;
}

const balanced = (depth: number) => '({['.repeat(depth) + ']})'.repeat(depth);

function solutionBody(code: string): string {
  return code.replace(/^\n/, '').trimEnd();
}

// ---------------------------------------------------------------------------------------------
// The catalog

const bigSorted = sortedDistinct(1101, 8000, -2_147_483_648, 2_147_483_647);
const stockLike = randomArray(1201, 10_000, -100_000, 100_000);
const kthPool = randomArray(1401, 5000, -2_147_483_648, 2_147_483_647);
const kthSorted = [...kthPool].sort((x, y) => x - y);
const lisRandom = randomArray(1501, 10_000, -10_000, 10_000);
const rainRandom = randomArray(1601, 10_000, 0, 100_000);
const editA = randomString(1701, 1000, 'abcd');
const editB = randomString(1702, 1000, 'abcd');
const windowS = randomString(1801, 50_000, LETTERS);
const palindromeHalf = randomString(1301, 25_000, `${LETTERS}0123456789 ,.:;!?`);

/** The spec's types only, as the catalog began. */
const SPEC_CATALOG: CatalogProblem[] = [
  {
    title: 'Two Sum',
    difficulty: 'easy',
    points: POINTS.easy,
    description: [
      'Given an array of integers nums and an integer target, find the two different positions i < j with nums[i] + nums[j] == target.',
      '',
      'Return them as a string: the two indices separated by one space, smaller first, e.g. "0 1".',
      'Every test has exactly one such pair.',
      '',
      'Example: nums = [2,7,11,15], target = 9 → "0 1" (2 + 7 = 9).',
    ].join('\n'),
    constraints:
      '2 <= nums.length <= 8000\n-10^9 <= nums[i] <= 10^9\n-10^9 <= target <= 10^9\nExactly one valid answer exists.',
    functionName: 'twoSum',
    returnType: 'string',
    inputVariables: [v('nums', 'array', 'the numbers'), v('target', 'int', 'the sum to reach')],
    tags: ['arrays', 'hash-map'],
    testCases: [
      example({ nums: [2, 7, 11, 15], target: 9 }, '0 1'),
      example({ nums: [3, 2, 4], target: 6 }, '1 2'),
      example({ nums: [3, 3], target: 6 }, '0 1'),
      test({ nums: [1, 2], target: 3 }, '0 1'),
      test({ nums: [-3, 4, 3, 90], target: 0 }, '0 2'),
      test({ nums: [-1, -2, -3, -4, -5], target: -8 }, '2 4'),
      test({ nums: [0, 4, 3, 0], target: 0 }, '0 3'),
      test({ nums: [1_000_000_000, -1_000_000_000, 5], target: 0 }, '0 1'),
      test({ nums: [1_000_000_000, 1, -1_000_000_000, 999_999_999], target: 1_000_000_000 }, '1 3'),
      test({ nums: [5, 75, 25], target: 100 }, '1 2'),
      twoSumLarge(1001, 8000),
      twoSumLarge(1002, 5000),
    ],
    solutionBody: solutionBody(`
        // value -> index of an earlier element; long keys because target - nums[i] can leave the int range.
        Map<Long, Integer> seen = new HashMap<>();
        for (int i = 0; i < nums.length; i++) {
            Integer j = seen.get((long) target - nums[i]);
            if (j != null) return j + " " + i;
            seen.putIfAbsent((long) nums[i], i);
        }
        return "";`),
  },
  {
    title: 'Reverse String',
    difficulty: 'easy',
    points: POINTS.easy,
    description: [
      'Given a line of text s, return it reversed character by character.',
      '',
      'Example: s = "hello" → "olleh".',
    ].join('\n'),
    constraints:
      '0 <= s.length <= 10^5\ns consists of printable ASCII characters (spaces included) and does not start or end with a space.',
    functionName: 'reverseString',
    returnType: 'string',
    inputVariables: [v('s', 'string', 'the text to reverse')],
    tags: ['strings', 'two-pointers'],
    testCases: [
      example({ s: 'hello' }, 'olleh'),
      example({ s: 'Hannah' }, 'hannaH'),
      test({ s: 'a' }, 'a'),
      test({ s: '' }, ''),
      test({ s: 'ab' }, 'ba'),
      test({ s: 'racecar' }, 'racecar'),
      test({ s: 'Hello, World!' }, '!dlroW ,olleH'),
      test({ s: 'a b  c' }, 'c  b a'),
      test({ s: '12345 -67890' }, '09876- 54321'),
      test({ s: 'x'.repeat(50_000) + 'y'.repeat(50_000) }, 'y'.repeat(50_000) + 'x'.repeat(50_000)),
      (() => {
        const s = `A${randomString(1051, 99_998, PRINTABLE)}z`;
        return test({ s }, [...s].reverse().join(''));
      })(),
    ],
    solutionBody: solutionBody(`
        return new StringBuilder(s).reverse().toString();`),
  },
  {
    title: 'Valid Palindrome',
    difficulty: 'easy',
    points: POINTS.easy,
    description: [
      'A phrase is a palindrome if, after converting all uppercase letters to lowercase and removing every character that is not a letter or a digit, it reads the same forward and backward.',
      '',
      'Given a line s, return true if it is a palindrome and false otherwise. A line with no letters or digits is a palindrome.',
      '',
      'Example: s = "A man, a plan, a canal: Panama" → true ("amanaplanacanalpanama").',
    ].join('\n'),
    constraints: '0 <= s.length <= 10^5\ns consists of printable ASCII characters.',
    functionName: 'isPalindrome',
    returnType: 'boolean',
    inputVariables: [v('s', 'string', 'the phrase')],
    tags: ['strings', 'two-pointers'],
    testCases: [
      example({ s: 'A man, a plan, a canal: Panama' }, true),
      example({ s: 'race a car' }, false),
      test({ s: '' }, true),
      test({ s: '.,' }, true),
      test({ s: 'a' }, true),
      test({ s: 'ab' }, false),
      test({ s: '0P' }, false),
      test({ s: 'No lemon, no melon' }, true),
      test({ s: 'Was it a car or a cat I saw?' }, true),
      test({ s: '12321' }, true),
      test({ s: '1a2' }, false),
      test({ s: palindromeHalf + [...palindromeHalf].reverse().join('').toUpperCase() }, true),
      // "xy" in the middle of a mirrored text: reads "...xy..." forward and "...yx..." backward.
      test({ s: palindromeHalf + 'xy' + [...palindromeHalf].reverse().join('') }, false),
    ],
    solutionBody: solutionBody(`
        int i = 0, j = s.length() - 1;
        while (i < j) {
            char a = s.charAt(i), b = s.charAt(j);
            if (!Character.isLetterOrDigit(a)) { i++; continue; }
            if (!Character.isLetterOrDigit(b)) { j--; continue; }
            if (Character.toLowerCase(a) != Character.toLowerCase(b)) return false;
            i++;
            j--;
        }
        return true;`),
  },
  {
    title: 'Climbing Stairs',
    difficulty: 'easy',
    points: POINTS.easy,
    description: [
      'You are climbing a staircase of n steps. Each time you can climb either 1 or 2 steps.',
      'In how many distinct ways can you reach the top?',
      '',
      'Example: n = 3 → 3 (1+1+1, 1+2, 2+1).',
    ].join('\n'),
    constraints: '1 <= n <= 45 (the answer fits in a 32-bit int)',
    functionName: 'climbStairs',
    returnType: 'int',
    inputVariables: [v('n', 'int', 'the number of steps')],
    tags: ['dynamic-programming', 'math'],
    testCases: [
      example({ n: 2 }, 2),
      example({ n: 3 }, 3),
      test({ n: 1 }, 1),
      test({ n: 4 }, 5),
      test({ n: 5 }, 8),
      test({ n: 10 }, 89),
      test({ n: 20 }, 10946),
      test({ n: 30 }, 1346269),
      test({ n: 44 }, 1134903170),
      test({ n: 45 }, 1836311903),
    ],
    solutionBody: solutionBody(`
        int prev = 1, cur = 1; // ways to reach step i - 1 and step i
        for (int i = 2; i <= n; i++) {
            int next = prev + cur;
            prev = cur;
            cur = next;
        }
        return cur;`),
  },
  {
    title: 'Binary Search',
    difficulty: 'easy',
    points: POINTS.easy,
    description: [
      'Given an array of distinct integers nums sorted in ascending order and an integer target, return the index of target in nums, or -1 if it is not there.',
      '',
      'Your solution should run in O(log n) time.',
      '',
      'Example: nums = [-1,0,3,5,9,12], target = 9 → 4.',
    ].join('\n'),
    constraints:
      '0 <= nums.length <= 8000\n-2^31 <= nums[i], target <= 2^31 - 1\nnums is sorted ascending and its values are distinct.',
    functionName: 'search',
    returnType: 'int',
    inputVariables: [v('nums', 'array', 'sorted, distinct numbers'), v('target', 'int', 'the value to find')],
    tags: ['arrays', 'binary-search'],
    testCases: [
      example({ nums: [-1, 0, 3, 5, 9, 12], target: 9 }, 4),
      example({ nums: [-1, 0, 3, 5, 9, 12], target: 2 }, -1),
      test({ nums: [], target: 5 }, -1),
      test({ nums: [5], target: 5 }, 0),
      test({ nums: [5], target: -5 }, -1),
      test({ nums: [1, 3], target: 3 }, 1),
      test({ nums: [-2_147_483_648, 0, 2_147_483_647], target: 2_147_483_647 }, 2),
      test({ nums: [-2_147_483_648, 0, 2_147_483_647], target: -2_147_483_648 }, 0),
      test({ nums: [-10, -5, 0, 5, 10], target: 11 }, -1),
      test({ nums: bigSorted, target: bigSorted[5678] }, 5678),
      test({ nums: bigSorted, target: bigSorted[7999] }, 7999),
      test({ nums: bigSorted, target: absentFrom(bigSorted, bigSorted[4000] + 1) }, -1),
    ],
    solutionBody: solutionBody(`
        int lo = 0, hi = nums.length - 1;
        while (lo <= hi) {
            int mid = lo + (hi - lo) / 2; // no overflow of lo + hi
            if (nums[mid] == target) return mid;
            if (nums[mid] < target) lo = mid + 1;
            else hi = mid - 1;
        }
        return -1;`),
  },
  {
    title: 'Caesar Cipher',
    difficulty: 'easy',
    points: POINTS.easy,
    description: [
      'The Caesar cipher shifts every letter of a text by a fixed number of places along the alphabet, wrapping around from z to a.',
      '',
      'Given text, an integer shift and a boolean decrypt, return the text with every letter shifted forward by shift places when decrypt is false, or backward by shift places when decrypt is true.',
      'Uppercase letters stay uppercase, lowercase stay lowercase, and every other character is unchanged. shift may be negative (a negative shift moves the other way) and larger than 26.',
      '',
      'Example: text = "Hello, World!", shift = 3, decrypt = false → "Khoor, Zruog!".',
    ].join('\n'),
    constraints: '1 <= text.length <= 10^5 (printable ASCII)\n-10^9 <= shift <= 10^9',
    functionName: 'caesarCipher',
    returnType: 'string',
    inputVariables: [
      v('text', 'string', 'the text'),
      v('shift', 'int', 'how many places to shift'),
      v('decrypt', 'boolean', 'shift backward instead of forward'),
    ],
    tags: ['strings', 'math'],
    testCases: [
      example({ text: 'Hello, World!', shift: 3, decrypt: false }, 'Khoor, Zruog!'),
      example({ text: 'Khoor, Zruog!', shift: 3, decrypt: true }, 'Hello, World!'),
      test({ text: 'abc', shift: 0, decrypt: false }, 'abc'),
      test({ text: 'xyz', shift: 3, decrypt: false }, 'abc'),
      test({ text: 'ABC', shift: 3, decrypt: true }, 'XYZ'),
      test({ text: 'Zebra', shift: 26, decrypt: false }, 'Zebra'),
      test({ text: 'abc', shift: -1, decrypt: false }, 'zab'),
      test({ text: 'abc', shift: -1, decrypt: true }, 'bcd'),
      test({ text: '123 !?', shift: 7, decrypt: false }, '123 !?'),
      test(
        { text: 'Attack at Dawn', shift: 1_000_000_000, decrypt: false },
        caesar('Attack at Dawn', 1_000_000_000, false),
      ),
      test(
        { text: 'Mixed CASE text', shift: -1_000_000_000, decrypt: true },
        caesar('Mixed CASE text', -1_000_000_000, true),
      ),
      (() => {
        const text = `Q${randomString(1061, 99_998, PRINTABLE)}q`;
        return test({ text, shift: 777_777, decrypt: true }, caesar(text, 777_777, true));
      })(),
    ],
    solutionBody: solutionBody(`
        int k = ((shift % 26) + 26) % 26; // shift may be negative or huge
        if (decrypt) k = (26 - k) % 26;
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 'a' && c <= 'z') out.append((char) ('a' + (c - 'a' + k) % 26));
            else if (c >= 'A' && c <= 'Z') out.append((char) ('A' + (c - 'A' + k) % 26));
            else out.append(c);
        }
        return out.toString();`),
  },
  {
    title: 'Monotonic Array',
    difficulty: 'easy',
    points: POINTS.easy,
    description: [
      'An array is monotonic if it is entirely non-decreasing or entirely non-increasing. It is strictly monotonic if it is entirely increasing or entirely decreasing (no two neighbours equal).',
      '',
      'Given nums and a boolean strict, return true if nums is monotonic (strictly monotonic when strict is true). Arrays with fewer than two elements are monotonic either way.',
      '',
      'Example: nums = [1,2,2,3], strict = false → true; with strict = true → false.',
    ].join('\n'),
    constraints: '0 <= nums.length <= 10^4\n-10^5 <= nums[i] <= 10^5',
    functionName: 'isMonotonic',
    returnType: 'boolean',
    inputVariables: [
      v('nums', 'array', 'the numbers'),
      v('strict', 'boolean', 'require strictly increasing or decreasing'),
    ],
    tags: ['arrays'],
    testCases: [
      example({ nums: [1, 2, 2, 3], strict: false }, true),
      example({ nums: [1, 2, 2, 3], strict: true }, false),
      example({ nums: [6, 5, 4, 4], strict: false }, true),
      test({ nums: [], strict: true }, true),
      test({ nums: [7], strict: true }, true),
      test({ nums: [1, 3, 2], strict: false }, false),
      test({ nums: [3, 3, 3], strict: false }, true),
      test({ nums: [3, 3, 3], strict: true }, false),
      test({ nums: [-100_000, 0, 100_000], strict: true }, true),
      test({ nums: [100_000, 5, -5, -100_000], strict: true }, true),
      test({ nums: [1, 1, 2, 1], strict: false }, false),
      test({ nums: Array.from({ length: 10_000 }, (_, i) => 50_000 - 10 * i), strict: true }, true),
      test(
        {
          nums: Array.from({ length: 10_000 }, (_, i) => (i === 9_998 ? 0 : Math.floor(i / 2))),
          strict: false,
        },
        false,
      ),
    ],
    solutionBody: solutionBody(`
        boolean up = true, down = true;
        for (int i = 1; i < nums.length; i++) {
            if (strict ? nums[i] <= nums[i - 1] : nums[i] < nums[i - 1]) up = false;
            if (strict ? nums[i] >= nums[i - 1] : nums[i] > nums[i - 1]) down = false;
        }
        return up || down;`),
  },
  {
    title: 'Valid Parentheses',
    difficulty: 'medium',
    points: POINTS.medium,
    description: [
      'Given a string s of the characters ( ) [ ] { }, decide whether it is valid: every opening bracket is closed by a bracket of the same type, brackets close in the right order, and every closing bracket has a matching opening one.',
      'The empty string is valid.',
      '',
      'Example: s = "()[]{}" → true; s = "(]" → false; s = "([)]" → false.',
    ].join('\n'),
    constraints: '0 <= s.length <= 10^5\ns consists only of ()[]{}',
    functionName: 'isValid',
    returnType: 'boolean',
    inputVariables: [v('s', 'string', 'the brackets')],
    tags: ['strings', 'stack'],
    testCases: [
      example({ s: '()[]{}' }, true),
      example({ s: '(]' }, false),
      example({ s: '([)]' }, false),
      test({ s: '' }, true),
      test({ s: '(' }, false),
      test({ s: ')' }, false),
      test({ s: '{[]}' }, true),
      test({ s: '(((' }, false),
      test({ s: '())(' }, false),
      test({ s: '([]{[()]})' }, true),
      test({ s: balanced(16_666) }, true),
      test({ s: balanced(16_666) + ')' }, false),
      test({ s: '('.repeat(50_000) + ')'.repeat(49_999) + ']' }, false),
    ],
    solutionBody: solutionBody(`
        char[] stack = new char[s.length()]; // an explicit stack: no recursion depth to worry about
        int top = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(') stack[top++] = ')';
            else if (c == '[') stack[top++] = ']';
            else if (c == '{') stack[top++] = '}';
            else if (top == 0 || stack[--top] != c) return false;
        }
        return top == 0;`),
  },
  {
    title: 'Maximum Subarray',
    difficulty: 'medium',
    points: POINTS.medium,
    description: [
      'Given an integer array nums, find the contiguous, non-empty subarray with the largest sum and return that sum.',
      '',
      'Example: nums = [-2,1,-3,4,-1,2,1,-5,4] → 6 (the subarray [4,-1,2,1]).',
    ].join('\n'),
    constraints: '1 <= nums.length <= 10^4\n-10^5 <= nums[i] <= 10^5',
    functionName: 'maxSubArray',
    returnType: 'int',
    inputVariables: [v('nums', 'array', 'the numbers')],
    tags: ['arrays', 'dynamic-programming'],
    testCases: [
      example({ nums: [-2, 1, -3, 4, -1, 2, 1, -5, 4] }, 6),
      example({ nums: [1] }, 1),
      example({ nums: [5, 4, -1, 7, 8] }, 23),
      test({ nums: [-1] }, -1),
      test({ nums: [-3, -2, -5, -1, -4] }, -1),
      test({ nums: [0, 0, 0] }, 0),
      test({ nums: [2, -1, 2] }, 3),
      test({ nums: [-2, -3, 4, -1, -2, 1, 5, -3] }, 7),
      test({ nums: [100_000, -100_000, 100_000] }, 100_000),
      test({ nums: Array.from({ length: 10_000 }, () => 100_000) }, 1_000_000_000),
      test({ nums: Array.from({ length: 10_000 }, (_, i) => -100_000 + (i % 7)) }, -99_994),
      test({ nums: stockLike }, kadane(stockLike)),
    ],
    solutionBody: solutionBody(`
        // Kadane: best sum of a subarray ending here, and the best seen so far.
        int best = nums[0], cur = 0;
        for (int x : nums) {
            cur = Math.max(x, cur + x);
            best = Math.max(best, cur);
        }
        return best;`),
  },
  {
    title: 'Longest Substring Without Repeating Characters',
    difficulty: 'medium',
    points: POINTS.medium,
    description: [
      'Given a line s, return the length of the longest substring (contiguous run of characters) in which no character appears twice.',
      '',
      'Example: s = "abcabcbb" → 3 ("abc"); s = "bbbbb" → 1; s = "pwwkew" → 3 ("wke").',
    ].join('\n'),
    constraints:
      '0 <= s.length <= 10^5\ns consists of printable ASCII characters (letters, digits, symbols and spaces).',
    functionName: 'lengthOfLongestSubstring',
    returnType: 'int',
    inputVariables: [v('s', 'string', 'the text')],
    tags: ['strings', 'sliding-window', 'hash-map'],
    testCases: [
      example({ s: 'abcabcbb' }, 3),
      example({ s: 'bbbbb' }, 1),
      example({ s: 'pwwkew' }, 3),
      test({ s: '' }, 0),
      test({ s: 'a' }, 1),
      test({ s: 'au' }, 2),
      test({ s: 'dvdf' }, 3),
      test({ s: 'abba' }, 2),
      test({ s: 'tmmzuxt' }, 5),
      test({ s: 'a b-c a' }, 5),
      test({ s: PRINTABLE.slice(1) + PRINTABLE.slice(1) }, 94),
      (() => {
        const s = randomString(1071, 100_000, 'abcdefghijklmnopqrstuvwxyz0123456789');
        return test({ s }, longestUniqueRun(s));
      })(),
    ],
    solutionBody: solutionBody(`
        int[] last = new int[128]; // 1 + the last index of each character, 0 if unseen
        int start = 0, best = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            start = Math.max(start, last[c]);
            last[c] = i + 1;
            best = Math.max(best, i - start + 1);
        }
        return best;`),
  },
  {
    title: 'Kth Largest Element',
    difficulty: 'medium',
    points: POINTS.medium,
    description: [
      'Given an integer array nums and an integer k, return the kth largest element: the element that would be at position k (counting from 1) if nums were sorted in descending order. Duplicates count separately.',
      '',
      'Example: nums = [3,2,1,5,6,4], k = 2 → 5; nums = [3,2,3,1,2,4,5,5,6], k = 4 → 4.',
    ].join('\n'),
    constraints: '1 <= k <= nums.length <= 5000\n-2^31 <= nums[i] <= 2^31 - 1',
    functionName: 'findKthLargest',
    returnType: 'int',
    inputVariables: [
      v('nums', 'array', 'the numbers'),
      v('k', 'int', 'which largest to return (1 = the maximum)'),
    ],
    tags: ['arrays', 'sorting', 'heap'],
    testCases: [
      example({ nums: [3, 2, 1, 5, 6, 4], k: 2 }, 5),
      example({ nums: [3, 2, 3, 1, 2, 4, 5, 5, 6], k: 4 }, 4),
      test({ nums: [1], k: 1 }, 1),
      test({ nums: [-1], k: 1 }, -1),
      test({ nums: [2, 1], k: 2 }, 1),
      test({ nums: [7, 7, 7, 7], k: 3 }, 7),
      test({ nums: [-5, -1, -3], k: 1 }, -1),
      test({ nums: [2_147_483_647, -2_147_483_648, 0], k: 3 }, -2_147_483_648),
      test({ nums: [2_147_483_647, -2_147_483_648, 2_147_483_647], k: 2 }, 2_147_483_647),
      test({ nums: kthPool, k: 1 }, kthSorted[kthSorted.length - 1]),
      test({ nums: kthPool, k: 2500 }, kthSorted[kthSorted.length - 2500]),
      test({ nums: kthPool, k: 5000 }, kthSorted[0]),
    ],
    solutionBody: solutionBody(`
        // A min-heap of the k largest seen so far; its head is the answer.
        PriorityQueue<Integer> heap = new PriorityQueue<>();
        for (int x : nums) {
            heap.add(x);
            if (heap.size() > k) heap.poll();
        }
        return heap.peek();`),
  },
  {
    title: 'Longest Increasing Subsequence',
    difficulty: 'hard',
    points: POINTS.hard,
    description: [
      'Given an integer array nums, return the length of the longest strictly increasing subsequence. A subsequence keeps the original order but may skip elements.',
      '',
      'Aim for O(n log n).',
      '',
      'Example: nums = [10,9,2,5,3,7,101,18] → 4 (for instance [2,3,7,101]).',
    ].join('\n'),
    constraints: '1 <= nums.length <= 10^4\n-10^4 <= nums[i] <= 10^4',
    functionName: 'lengthOfLIS',
    returnType: 'int',
    inputVariables: [v('nums', 'array', 'the numbers')],
    tags: ['arrays', 'dynamic-programming', 'binary-search'],
    testCases: [
      example({ nums: [10, 9, 2, 5, 3, 7, 101, 18] }, 4),
      example({ nums: [0, 1, 0, 3, 2, 3] }, 4),
      example({ nums: [7, 7, 7, 7, 7, 7, 7] }, 1),
      test({ nums: [5] }, 1),
      test({ nums: [2, 1] }, 1),
      test({ nums: [-10_000, 10_000] }, 2),
      test({ nums: [4, 10, 4, 3, 8, 9] }, 3),
      test({ nums: [1, 3, 6, 7, 9, 4, 10, 5, 6] }, 6),
      test({ nums: Array.from({ length: 10_000 }, (_, i) => -5_000 + i) }, 10_000),
      test({ nums: Array.from({ length: 10_000 }, (_, i) => 10_000 - 2 * i) }, 1),
      test({ nums: Array.from({ length: 10_000 }, (_, i) => (i % 2 === 0 ? i : -i)) }, 5_000),
      test({ nums: lisRandom }, lis(lisRandom)),
    ],
    solutionBody: solutionBody(`
        // tails[i] = the smallest tail of an increasing subsequence of length i + 1 (patience sorting).
        int[] tails = new int[nums.length];
        int size = 0;
        for (int x : nums) {
            int lo = 0, hi = size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (tails[mid] < x) lo = mid + 1;
                else hi = mid;
            }
            tails[lo] = x;
            if (lo == size) size++;
        }
        return size;`),
  },
  {
    title: 'Trapping Rain Water',
    difficulty: 'hard',
    points: POINTS.hard,
    description: [
      'Given n non-negative integers height describing an elevation map where every bar is 1 wide, compute how many units of water it can trap after raining.',
      '',
      'Example: height = [0,1,0,2,1,0,1,3,2,1,2,1] → 6; height = [4,2,0,3,2,5] → 9.',
    ].join('\n'),
    constraints: '0 <= height.length <= 10^4\n0 <= height[i] <= 10^5',
    functionName: 'trap',
    returnType: 'int',
    inputVariables: [v('height', 'array', 'the bar heights')],
    tags: ['arrays', 'two-pointers', 'stack'],
    testCases: [
      example({ height: [0, 1, 0, 2, 1, 0, 1, 3, 2, 1, 2, 1] }, 6),
      example({ height: [4, 2, 0, 3, 2, 5] }, 9),
      test({ height: [] }, 0),
      test({ height: [5] }, 0),
      test({ height: [3, 0] }, 0),
      test({ height: [2, 0, 2] }, 2),
      test({ height: [1, 2, 3, 4, 5] }, 0),
      test({ height: [5, 4, 1, 2] }, 1),
      test({ height: [0, 0, 0, 0] }, 0),
      test({ height: [100_000, ...Array.from({ length: 9_998 }, () => 0), 100_000] }, 999_800_000),
      test({ height: Array.from({ length: 10_000 }, (_, i) => (i % 2 === 0 ? 100_000 : 0)) }, 499_900_000),
      test({ height: rainRandom }, trapped(rainRandom)),
    ],
    solutionBody: solutionBody(`
        // Two pointers: the lower side's water level is fixed by its own running maximum.
        int left = 0, right = height.length - 1, leftMax = 0, rightMax = 0, water = 0;
        while (left < right) {
            if (height[left] < height[right]) {
                leftMax = Math.max(leftMax, height[left]);
                water += leftMax - height[left++];
            } else {
                rightMax = Math.max(rightMax, height[right]);
                water += rightMax - height[right--];
            }
        }
        return water;`),
  },
  {
    title: 'Edit Distance',
    difficulty: 'hard',
    points: POINTS.hard,
    description: [
      'Given two words word1 and word2, return the minimum number of operations needed to turn word1 into word2.',
      'An operation inserts one character, deletes one character, or replaces one character.',
      '',
      'Example: word1 = "horse", word2 = "ros" → 3 (horse → rorse → rose → ros).',
    ].join('\n'),
    constraints:
      '0 <= word1.length, word2.length <= 1000\nword1 and word2 consist of lowercase English letters.',
    functionName: 'minDistance',
    returnType: 'int',
    inputVariables: [v('word1', 'string', 'the starting word'), v('word2', 'string', 'the target word')],
    tags: ['strings', 'dynamic-programming'],
    testCases: [
      example({ word1: 'horse', word2: 'ros' }, 3),
      example({ word1: 'intention', word2: 'execution' }, 5),
      test({ word1: '', word2: '' }, 0),
      test({ word1: '', word2: 'abc' }, 3),
      test({ word1: 'abc', word2: '' }, 3),
      test({ word1: 'a', word2: 'a' }, 0),
      test({ word1: 'a', word2: 'b' }, 1),
      test({ word1: 'kitten', word2: 'sitting' }, 3),
      test({ word1: 'sunday', word2: 'saturday' }, 3),
      test({ word1: 'a'.repeat(1000), word2: 'b'.repeat(1000) }, 1000),
      test({ word1: 'ab'.repeat(500), word2: 'ba'.repeat(500) }, 2),
      test({ word1: editA, word2: editB }, editDistance(editA, editB)),
    ],
    solutionBody: solutionBody(`
        int m = word1.length(), n = word2.length();
        int[] prev = new int[n + 1], cur = new int[n + 1]; // two DP rows: O(n) memory
        for (int j = 0; j <= n; j++) prev[j] = j;
        for (int i = 1; i <= m; i++) {
            cur[0] = i;
            for (int j = 1; j <= n; j++) {
                if (word1.charAt(i - 1) == word2.charAt(j - 1)) cur[j] = prev[j - 1];
                else cur[j] = 1 + Math.min(prev[j - 1], Math.min(prev[j], cur[j - 1]));
            }
            int[] swap = prev;
            prev = cur;
            cur = swap;
        }
        return prev[n];`),
  },
  {
    title: 'Minimum Window Substring',
    difficulty: 'hard',
    points: POINTS.hard,
    description: [
      'Given strings s and t, return the shortest substring of s that contains every character of t, counting duplicates (if t has two "a", the window needs at least two "a").',
      'If several windows have the minimum length, return the leftmost one. If there is no such window, return the empty string.',
      '',
      'Example: s = "ADOBECODEBANC", t = "ABC" → "BANC".',
    ].join('\n'),
    constraints:
      '1 <= s.length, t.length <= 5 * 10^4\ns and t consist of English letters (upper and lower case are different characters).',
    functionName: 'minWindow',
    returnType: 'string',
    inputVariables: [
      v('s', 'string', 'the text to search'),
      v('t', 'string', 'the characters the window must contain'),
    ],
    tags: ['strings', 'sliding-window', 'hash-map'],
    testCases: [
      example({ s: 'ADOBECODEBANC', t: 'ABC' }, 'BANC'),
      example({ s: 'a', t: 'a' }, 'a'),
      example({ s: 'a', t: 'aa' }, ''),
      test({ s: 'a', t: 'b' }, ''),
      test({ s: 'ab', t: 'b' }, 'b'),
      test({ s: 'aa', t: 'aa' }, 'aa'),
      test({ s: 'abcabc', t: 'cb' }, 'bc'),
      test({ s: 'bba', t: 'ab' }, 'ba'),
      test({ s: 'aAbB', t: 'AB' }, 'AbB'),
      test({ s: 'xyzzyx', t: 'xyz' }, 'xyz'),
      test({ s: 'a'.repeat(50_000), t: 'a'.repeat(50_000) }, 'a'.repeat(50_000)),
      test({ s: windowS, t: 'Javelin' }, minWindow(windowS, 'Javelin')),
      test(
        { s: windowS.slice(0, 30_000), t: 'ZZZZzzzzQQqq' },
        minWindow(windowS.slice(0, 30_000), 'ZZZZzzzzQQqq'),
      ),
    ],
    solutionBody: solutionBody(`
        int[] need = new int[128]; // how many more of each character the window needs (negative: spare)
        for (int i = 0; i < t.length(); i++) need[t.charAt(i)]++;
        int missing = t.length(), left = 0, bestStart = 0, bestLen = Integer.MAX_VALUE;
        for (int right = 0; right < s.length(); right++) {
            if (need[s.charAt(right)]-- > 0) missing--;
            while (missing == 0) {
                // Only a strictly shorter window replaces the best, so ties keep the leftmost.
                if (right - left + 1 < bestLen) {
                    bestLen = right - left + 1;
                    bestStart = left;
                }
                if (++need[s.charAt(left++)] > 0) missing++;
            }
        }
        return bestLen == Integer.MAX_VALUE ? "" : s.substring(bestStart, bestStart + bestLen);`),
  },
];

/** The starting code a user sees for `problem` (exactly what the seed stores as boilerplate_code). */
export function boilerplateOf(problem: CatalogProblem): string {
  return generateBoilerplate(problem);
}

/**
 * The reference solution: the problem's generated boilerplate with its stub body replaced by
 * `solutionBody`, so it reads stdin exactly as a user's program would.
 */
export function referenceSolution(problem: CatalogProblem): string {
  const boilerplate = boilerplateOf(problem);
  // The stub generateBoilerplate writes: the comment, then the default return of the type.
  const stub = / {8}\/\/ Write your code here\n {8}return [^\n]*;/;
  if (!stub.test(boilerplate))
    throw new Error(`${problem.title}: the boilerplate has no stub body to replace`);
  return boilerplate.replace(stub, () => problem.solutionBody);
}

/**
 * Every starter problem: the spec's types first, then those needing issue 18's types and checkers,
 * then the olympiad problems with subtasks (issue 31).
 */
export const CATALOG: CatalogProblem[] = [...SPEC_CATALOG, ...TYPED_CATALOG, ...OLYMPIAD_CATALOG];
