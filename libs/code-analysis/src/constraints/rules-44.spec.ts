import { describe, expect, it } from 'vitest';
import { buildInputSpec } from './input-spec';
import { readConstraints, resolvedBound, type Reading, type Variable } from './reader';

/**
 * Issue 44: one block per notation the outside measurement found read wrong or missed, each from the
 * real problems' own lines (doocs/leetcode READMEs). A line the reader does not fully understand is
 * listed as not understood and nothing is read from it.
 */
const v = (spec: string): Variable[] =>
  spec.split(/\s+/).map((s) => {
    const [name, type] = s.split(':');
    return { name, type } as Variable;
  });
const read = (text: string, vars: string) => readConstraints(text, v(vars));
const at = (r: Reading, key: string) => resolvedBound(r, key);
const unread = (r: Reading) => r.lines.filter((l) => l.rules.length === 0).map((l) => l.text);

describe('rule 1: equality inside a chain', () => {
  it('`1 <= n == nums.length <= 10^5`, `1 <= nums1.length == nums2.length <= 100`, `1 <= m == pattern.length < n`', () => {
    const a = read('1 <= n == nums.length <= 10^5\n0 <= nums[i] <= n', 'nums:int[]');
    expect(at(a, 'nums:length')).toEqual({ min: 1, max: 1e5 });
    expect(at(a, 'nums:values')).toEqual({ min: 0, max: 1e5 });
    const b = read('1 <= nums1.length == nums2.length <= 100', 'nums1:int[] nums2:int[]');
    expect(at(b, 'nums2:length')).toEqual({ min: 1, max: 100 });
    expect(at(b, 'nums1:length')).toEqual({ min: 1, max: 100 });
    const c = read('2 <= n == nums.length <= 100\n1 <= m == pattern.length < n', 'nums:int[] pattern:int[]');
    expect(at(c, 'pattern:length')).toEqual({ min: 1, max: 99 });
  });
});

describe('rule 2: per-column ranges of a matrix stay per column', () => {
  it('`1 <= rowi <= n`, `1 <= seati <= 10`: never one merged range; the generator keeps within both', () => {
    const text =
      '1 <= n <= 10^9\n1 <= reservedSeats.length <= 10^4\nreservedSeats[i].length == 2\n1 <= reservedSeats[i][0] <= n\n1 <= reservedSeats[i][1] <= 10';
    const r = read(text, 'n:int reservedSeats:int[][]');
    expect(at(r, 'reservedSeats:column0')).toEqual({ min: 1, max: 1e9 });
    expect(at(r, 'reservedSeats:column1')).toEqual({ min: 1, max: 10 });
    expect(at(r, 'reservedSeats:values')).toEqual({});
    const named = read(
      '1 <= brackets.length <= 100\n1 <= upperi <= 1000\n0 <= percenti <= 100',
      'brackets:int[][]',
    );
    expect(at(named, 'brackets:column0')).toEqual({ min: 1, max: 1000 });
    expect(at(named, 'brackets:column1')).toEqual({ min: 0, max: 100 });
    expect(named.assumptions.join(' ')).toContain('columns of brackets in the order the text names them');
    const built = buildInputSpec(
      [{ name: 'brackets', type: 'int[][]' }],
      '1 <= brackets.length <= 100\n1 <= upperi <= 1000\n0 <= percenti <= 100',
    )!;
    expect(built.spec.variables[0].values).toEqual({ min: 1, max: 100 });
    expect(built.defaults.join('\n')).toContain('columns have ranges of their own');
  });
});

describe('rule 3: equality chains of three or more terms', () => {
  it('`n == grid.length == grid[i].length`, `n == status.length == candies.length == keys.length`', () => {
    const g = read('n == grid.length == grid[i].length\n1 <= n <= 200', 'grid:int[][]');
    expect(at(g, 'grid:length')).toEqual({ min: 1, max: 200 });
    expect(at(g, 'grid:columns')).toEqual({ min: 1, max: 200 });
    const s = read(
      'n == status.length == candies.length == keys.length\n1 <= n <= 1000',
      'status:int[] candies:int[] keys:int[][]',
    );
    for (const k of ['status:length', 'candies:length', 'keys:length'])
      expect(at(s, k)).toEqual({ min: 1, max: 1000 });
    const five = read('ranks.length == suits.length == 5', 'ranks:int[] suits:char[]');
    expect(at(five, 'suits:length')).toEqual({ min: 5, max: 5 });
  });
});

describe('rule 4: subscripted column names with two matrices in the signature', () => {
  it('`0 <= ai, bi <= n - 1` names no column when two int matrices could own it: not read', () => {
    const r = read('1 <= n <= 100\n0 <= ai, bi <= n - 1', 'n:int edges:int[][] queries:int[][]');
    expect(at(r, 'edges:values')).toEqual({});
    expect(at(r, 'queries:values')).toEqual({});
    expect(unread(r)).toEqual(['0 <= ai, bi <= n - 1']);
  });

  it('with one matrix, `0 <= starti < endi <= 10^9` orders each row and spans both columns', () => {
    const r = read('intervals[i].length == 2\n0 <= starti < endi <= 10^9', 'intervals:int[][]');
    expect(at(r, 'intervals:values')).toEqual({ min: 0, max: 1e9 });
    expect(r.orderedColumns.has('intervals')).toBe(true);
  });
});

describe('rule 5: min(...) in a bound', () => {
  it('`1 <= k <= min(10 * n, 10^4)` is k <= 10 * n and k <= 10^4', () => {
    const r = read('1 <= n <= 10^5\n1 <= k <= min(10 * n, 10^4)', 'n:int k:int');
    expect(at(r, 'k:values')).toEqual({ min: 1, max: 1e4 });
    expect(r.bounds.get('k:values')?.maxFrom).toEqual([{ key: 'n:values', times: 10, plus: 0 }]);
  });
});

describe('rule 6: strict chains through column names', () => {
  it('`1 <= ai < bi <= n`: ai up to n - 1, bi from 2 up to n (bi may equal n)', () => {
    const r = read('2 <= n <= 50\nedges[i].length == 2\n1 <= ai < bi <= n', 'n:int edges:int[][]');
    expect(at(r, 'edges:column0')).toEqual({ min: 1, max: 49 });
    expect(at(r, 'edges:column1')).toEqual({ min: 2, max: 50 });
    // Through the rows (edges may be empty) n is not raised.
    expect(at(r, 'n:values')).toEqual({ min: 2, max: 50 });
  });
  it('`0 <= li < ri < nums.length`: a key met twice takes its widest places', () => {
    const r = read('2 <= nums.length <= 10^5\n0 <= li < ri < nums.length', 'nums:int[] queries:int[][]');
    expect(at(r, 'queries:values')).toEqual({ min: 0, max: 99999 });
  });
});

describe('rule 7: products and quotients never cut to their first factor', () => {
  it('`1 <= k <= m * n`, `n * (n - 1) / 2`, `nums1.length == m + n`: not understood, nothing read', () => {
    const a = read(
      'm == grid.length\nn == grid[i].length\n1 <= m, n <= 5\n1 <= k <= m * n',
      'grid:int[][] k:int',
    );
    expect(at(a, 'k:values')).toEqual({});
    expect(unread(a)).toEqual(['1 <= k <= m * n']);
    const b = read('1 <= n <= 12\n0 <= k <= n * (n - 1) / 2', 'n:int k:int');
    expect(at(b, 'k:values')).toEqual({});
    const c = read('nums1.length == m + n\n0 <= m, n <= 200', 'nums1:int[] m:int n:int');
    expect(at(c, 'nums1:length')).toEqual({});
  });
  it('a formula in one quantity is solved for it: `1 < 2 * k <= nums.length`', () => {
    const r = read('2 <= nums.length <= 100\n1 < 2 * k <= nums.length', 'nums:int[] k:int');
    expect(at(r, 'k:values')).toEqual({ min: 1, max: 50 });
  });
});

describe("rule 8: one element's equality never applied to all", () => {
  it("`patience[0] == 0`, `travelScore[i][i] == 0`, `parent[0] == -1`, `s[0] != 'i'`", () => {
    const p = read('n == patience.length\n2 <= n <= 10^5\npatience[0] == 0', 'patience:int[]');
    expect(at(p, 'patience:values')).toEqual({});
    expect(unread(p)).toEqual(['patience[0] == 0']);
    const t = read('travelScore[i][i] == 0', 'travelScore:int[][]');
    expect(at(t, 'travelScore:values')).toEqual({});
    const s = read("1 <= s.length <= 100\ns consists of lowercase English letters.\ns[0] != 'i'", 's:string');
    expect(s.alphabets.get('s')).toBe('abcdefghijklmnopqrstuvwxyz');
  });
});

describe('rule 9: n defined as a multiple', () => {
  it('`nums.length == 2 * n`, `nums.length == 3 * n`, `edges.length == n - 1` with n no input', () => {
    const r = read('1 <= n <= 15\nnums.length == 2 * n', 'nums:int[]');
    expect(at(r, 'nums:length')).toEqual({ min: 2, max: 30 });
    expect(r.virtuals.has('n')).toBe(true);
    expect(at(read('nums.length == 3 * n\n1 <= n <= 10^5', 'nums:int[]'), 'nums:length')).toEqual({
      min: 3,
      max: 3e5,
    });
    expect(at(read('3 <= n <= 10^5\nedges.length == n - 1', 'edges:int[][]'), 'edges:length')).toEqual({
      min: 2,
      max: 99999,
    });
    expect(at(read('1 <= n <= 500\nnums.length == 2n', 'nums:int[]'), 'nums:length')).toEqual({
      min: 2,
      max: 1000,
    });
  });
});

describe('rule 10: names that are not variables', () => {
  it('`1 <= startX <= targetX <= 10^5`, `0 <= pos, k <= n - 1`', () => {
    expect(at(read('1 <= startX <= targetX <= 10^5', 'targetX:int targetY:int'), 'targetX:values')).toEqual({
      min: 1,
      max: 1e5,
    });
    const r = read('1 <= n <= 10^5\n0 <= pos, k <= n - 1', 'n:int k:int');
    expect(at(r, 'k:values')).toEqual({ min: 0, max: 99999 });
  });
});

describe('rule 11: two undefined lengths', () => {
  it('`1 <= n, m <= 50` with two arrays says nothing of which is which: not read', () => {
    const r = read('1 <= n, m <= 50\n1 <= nums1[i], nums2[j] <= 50', 'nums1:int[] nums2:int[]');
    expect(at(r, 'nums1:length')).toEqual({});
    expect(at(r, 'nums2:length')).toEqual({});
    expect(unread(r)).toEqual(['1 <= n, m <= 50']);
  });
});

describe('rule 12: "unique" about something else', () => {
  it('"the answer is unique", "n + 1 unique elements … repeated", "The number of unique words[i]" are no distinct elements', () => {
    expect(read('The answer is unique.', 'nums:int[]').distinct.size).toBe(0);
    expect(
      read('nums contains n + 1 unique elements and one of them is repeated exactly n times.', 'nums:int[]')
        .distinct.size,
    ).toBe(0);
    expect(
      read('k is in the range [1, The number of unique words[i]]', 'words:string[] k:int').distinct.size,
    ).toBe(0);
    expect(read('All values of keys[i] are unique.', 'keys:int[][]').distinct.size).toBe(0);
    expect(read('All dayi are distinct.', 'stockPrices:int[][]').distinct.size).toBe(0);
    expect([...read('All the pairs of richer are unique.', 'richer:int[][] quiet:int[]').distinct]).toEqual([
      'richer',
    ]);
    expect([...read('nums is a permutation.', 'nums:int[]').distinct]).toEqual(['nums']);
  });
});

describe('rule 13: an alphabet from mixed prose, never overwritten by a later line', () => {
  it("\"grid contains only characters '.', '#', 'S', 'T', or 'B'.\" then \"There is only one character 'S', 'B', and 'T'\"", () => {
    const r = read(
      "grid contains only characters '.', '#', 'S', 'T', or 'B'.\nThere is only one character 'S', 'B', and 'T' in the grid.",
      'grid:char[][]',
    );
    expect(r.alphabets.get('grid')).toBe('.#STB');
    const lower = read(
      "s contains only lowercase English letters and spaces ' '.\nAll the words in s are separated by a single space.",
      's:string',
    );
    expect(lower.alphabets.get('s')).toBe('abcdefghijklmnopqrstuvwxyz ');
    expect(
      read(
        "firstWord consist of lowercase English letters from 'a' to 'j' inclusive.",
        'firstWord:string',
      ).alphabets.get('firstWord'),
    ).toBe('abcdefghij');
    expect(
      read(
        'chars[i] is a lowercase English letter, uppercase English letter, digit, or symbol.',
        'chars:char[]',
      ).alphabets.size,
    ).toBe(0);
    expect(read("'a' <= suits[i] <= 'd'", 'suits:char[]').alphabets.get('suits')).toBe('abcd');
    expect(
      read(
        "word consists of English uppercase and lowercase letters, digits, '@', '#', and '$'.",
        'word:string',
      ).alphabets.get('word'),
    ).toContain('$');
  });
});

describe('rule 14: a sum of lengths', () => {
  it('`firstList.length + secondList.length >= 1` is not understood and bounds neither', () => {
    const r = read(
      '0 <= firstList.length, secondList.length <= 1000\nfirstList.length + secondList.length >= 1',
      'firstList:int[][] secondList:int[][]',
    );
    expect(at(r, 'firstList:length')).toEqual({ min: 0, max: 1000 });
    expect(unread(r)).toEqual(['firstList.length + secondList.length >= 1']);
  });
});

describe('rule 15: zero-width spaces and qualified ranges', () => {
  it('`1 <= nums[i] <= 10^9​​​​​​​` reads; `for 1 <= i < n`, "for all i >= 1" and "either 0\'s or 1\'s" are not read', () => {
    expect(at(read('1 <= nums[i] <= 10^9\u200b\u200b\u200b', 'nums:int[]'), 'nums:values')).toEqual({
      min: 1,
      max: 1e9,
    });
    const q = read('1 <= patience[i] <= 10^5 for 1 <= i < n', 'patience:int[]');
    expect(at(q, 'patience:values')).toEqual({});
    expect(unread(q)).toHaveLength(1);
    const parent = read(
      'n == parent.length\n0 <= parent[i] <= n - 1 for all i >= 1\nparent[0] == -1',
      'parent:int[]',
    );
    expect(at(parent, 'parent:values')).toEqual({});
  });
});

describe('lines read whole or not at all (issue 44 item 1)', () => {
  it('a clause no rule understands rolls back its whole line, and the line is listed', () => {
    const r = read('1 <= arr[i] <= 3 * 10^4\narr[i] is a prime number for i > 0.', 'arr:int[]');
    expect(unread(r)).toEqual(['arr[i] is a prime number for i > 0.']);
    expect(at(r, 'arr:values')).toEqual({ min: 1, max: 3e4 });
    const built = buildInputSpec(
      [{ name: 'arr', type: 'int[]' }],
      '1 <= arr[i] <= 3 * 10^4\narr[i] is a prime number for i > 0.',
    )!;
    expect(built.defaults).toContain('not read, so not used: "arr[i] is a prime number for i > 0."');
  });
  it('"at most 20 parentheses in s" bounds no length', () => {
    const r = read('1 <= s.length <= 25\nThere will be at most 20 parentheses in s.', 's:string');
    expect(at(r, 's:length')).toEqual({ min: 1, max: 25 });
  });
});

describe('found on held-out sample D (issue 44 item 2: what the outside measurement finds)', () => {
  it("`1 <= k, minLength <= s.length <= 1000` is one chain; \"the digits '1' to '9'\"; \"the '#' letter\"; a string of symbols; `seq.size`", () => {
    const r = read(
      "1 <= k, minLength <= s.length <= 1000\ns consists of the digits '1' to '9'.",
      's:string k:int minLength:int',
    );
    expect(at(r, 's:length')).toEqual({ min: 1, max: 1000 });
    expect(at(r, 'k:values')).toEqual({ min: 1, max: 1000 });
    expect(r.alphabets.get('s')).toBe('123456789');
    expect(read("s consists of digits and the '#' letter.", 's:string').alphabets.get('s')).toBe(
      '0123456789#',
    );
    expect(
      read(
        'separator is a character from the string ".,|$#@" (excluding the quotes)',
        'separator:char',
      ).alphabets.get('separator'),
    ).toBe('.,|$#@');
    expect(at(read('1 <= seq.size <= 10000', 'seq:string'), 'seq:length')).toEqual({ min: 1, max: 10000 });
  });
});

describe('found on held-out sample E (session 13): each a named rule from the real lines', () => {
  it('"one element is not all": `there is at least one i such that endi == n - 1` reads nothing and is listed', () => {
    const text =
      '2 <= n <= 300\n1 <= requirements.length <= n\nrequirements[i] = [endi, cnti]\n0 <= endi <= n - 1\n0 <= cnti <= 400\nThe input is generated such that there is at least one i such that endi == n - 1.\nThe input is generated such that all endi are unique.';
    const r = read(text, 'n:int requirements:int[][]');
    expect(at(r, 'requirements:column0')).toEqual({ min: 0, max: 299 });
    expect(at(r, 'requirements:column1')).toEqual({ min: 0, max: 400 });
    expect(unread(r)).toContain(
      'The input is generated such that there is at least one i such that endi == n - 1.',
    );
    // "at least one index i such that nums[i] >= k" ties no element to k.
    const k = read(
      '1 <= nums[i] <= 10^9\n1 <= k <= 10^9\nThe input is generated such that there is at least one index i such that nums[i] >= k.',
      'nums:int[] k:int',
    );
    expect(k.bounds.get('nums:values')?.minFrom).toBeUndefined();
    expect(k.bounds.get('k:values')?.maxFrom).toBeUndefined();
    expect(unread(k)).toHaveLength(1);
  });

  it('"parts of a text": the number of words in sentence, the length of each word, bound no length of sentence', () => {
    const text =
      '1 <= sentence.length <= 10^6\nsentence consists of only lower-case letters and spaces.\nThe number of words in sentence is in the range [1, 1000]\nThe length of each word in sentence is in the range [1, 1000]';
    const r = read(text, 'sentence:string');
    expect(at(r, 'sentence:length')).toEqual({ min: 1, max: 1e6 });
    expect(r.alphabets.get('sentence')).toBe('abcdefghijklmnopqrstuvwxyz ');
    expect(unread(r)).toEqual([
      'The number of words in sentence is in the range [1, 1000]',
      'The length of each word in sentence is in the range [1, 1000]',
    ]);
    // The count of a variable's own elements still reads.
    expect(
      at(read('The number of elements in nums is in the range [1, 100].', 'nums:int[]'), 'nums:length'),
    ).toEqual({ min: 1, max: 100 });
    const built = buildInputSpec([{ name: 'sentence', type: 'string' }], text)!;
    expect(built.spec.variables[0].length).toEqual({ min: 1, max: 1e6 });
    expect(built.defaults.join('\n')).toContain('The number of words in sentence');
  });

  it('"a text has no numeric value": `prices[i] represents a real number in the range [0.0, 1000.0]` bounds nothing', () => {
    const r = read(
      '1 <= prices.length <= 500\nEach string prices[i] represents a real number in the range [0.0, 1000.0] and has exactly 3 decimal places.\n0 <= target <= 10^6',
      'prices:string[] target:int',
    );
    expect(at(r, 'prices:values')).toEqual({});
    expect(at(r, 'prices:length')).toEqual({ min: 1, max: 500 });
    expect(unread(r)).toHaveLength(1);
    expect(at(read('0 <= s[i] <= 9', 's:string'), 's:values')).toEqual({});
    // A char's value still is one (`'a' <= c`, or a number bound of a char[]'s elements).
    expect(at(read('0 <= board[i] <= 9', 'board:char[]'), 'board:values')).toEqual({ min: 0, max: 9 });
  });

  it('"positions are rows": "All the given positions are unique" makes the rows distinct', () => {
    const r = read(
      '1 <= trees.length <= 3000\ntrees[i].length == 2\n0 <= xi, yi <= 100\nAll the given positions are unique.',
      'trees:int[][]',
    );
    expect(r.distinct.has('trees')).toBe(true);
    expect(at(r, 'trees:values')).toEqual({ min: 0, max: 100 });
  });

  it("\"special characters named by quotes\": \"special characters '*', '#', and '%'\" is an alphabet", () => {
    const r = read(
      "s consists of only lowercase English letters and special characters '*', '#', and '%'.",
      's:string',
    );
    expect(r.alphabets.get('s')).toBe('abcdefghijklmnopqrstuvwxyz*#%');
    // Unnamed special characters are still no alphabet.
    expect(
      read('s consists of lowercase letters and special characters.', 's:string').alphabets.has('s'),
    ).toBe(false);
  });
});
