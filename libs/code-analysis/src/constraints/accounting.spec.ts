import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILLER, leftover, tokens } from './accounting';
import { readConstraints, resolvedBound, type Reading, type Variable } from './reader';

/**
 * Issue 44 item 1, made structural (session 14): a line is read only when every token of it is
 * consumed by the rule that read it or is a filler word; anything left over makes the line not
 * understood and nothing is read from it.
 */
const v = (spec: string): Variable[] =>
  spec.split(/\s+/).map((s) => {
    const [name, type] = s.split(':');
    return { name, type } as Variable;
  });
const read = (text: string, vars: string) => readConstraints(text, v(vars));
const claims = (r: Reading) => ({
  bounds: r.bounds,
  alphabets: r.alphabets,
  distinct: r.distinct,
  oneOf: r.oneOf,
});

describe('accounting: tokens and what the spans leave over', () => {
  it('splits a clause into words, numbers, quoted characters and operators', () => {
    expect(tokens("1 <= nums[i] <= 10^5, 'a'").map((t) => t.text)).toEqual([
      '1',
      '<=',
      'nums',
      '[',
      'i',
      ']',
      '<=',
      '10',
      '^',
      '5',
      ',',
      "'a'",
    ]);
  });

  it('leaves filler words and punctuation out, and every other uncovered token in', () => {
    const clause = 'The largest element in nums is unique';
    expect(leftover(clause, [[12, 27]])).toEqual(['largest', 'unique']);
    expect(leftover(clause, [[0, clause.length]])).toEqual([]);
    expect(FILLER.has('largest')).toBe(false);
    expect(FILLER.has('not')).toBe(false);
  });
});

describe('rule: a line with a word no rule consumed is not understood (sample F, 747)', () => {
  it('"The largest element in nums is unique" claims no distinct elements and names the word', () => {
    const r = read('1 <= nums.length <= 50\nThe largest element in nums is unique.', 'nums:int[]');
    expect(r.distinct.has('nums')).toBe(false);
    expect(r.lines[1].rules).toEqual([]);
    expect(r.lines[1].unaccounted).toEqual(['largest']);
    expect(read('All the integers of nums are unique.', 'nums:int[]').distinct.has('nums')).toBe(true);
  });

  it('qualified ranges and prose around a chain read nothing: `for 1 <= i < n`, `for some`, `except`', () => {
    for (const line of [
      '1 <= nums[i] <= 10^5 for all odd i',
      '1 <= nums[i] <= 10^5 except nums[0]',
      'Usually 1 <= nums.length <= 100',
      'nums[i] is either 0 or 1 for most i',
      's consists of lowercase English letters except vowels',
    ]) {
      const r = read(line, 'nums:int[] s:string');
      expect(r.lines[0].rules).toEqual([]);
      expect(claims(r)).toEqual(claims(read('', 'nums:int[] s:string')));
    }
  });
});

describe('rule: consumed words in the wrong structure are declined', () => {
  it('two texts with characters of their own, two kinds of quantity with bounds of their own', () => {
    const r = read(
      's consists of lowercase letters and t of digits\nnums.length is at least 1 and nums[i] is at most 10',
      's:string t:string nums:int[]',
    );
    expect(r.lines.map((l) => l.rules)).toEqual([[], []]);
    expect(claims(r)).toEqual(claims(read('', 's:string t:string nums:int[]')));
    expect(read('s and t consist of lowercase letters', 's:string t:string').alphabets.get('t')).toBe(
      'abcdefghijklmnopqrstuvwxyz',
    );
  });
});

describe('rule: an exception unread (sample G, 1273; sample I, 1324)', () => {
  it("`parent[0] == -1 which indicates …` after `0 <= parent[i] <= nodes - 1`: the elements' range is dropped", () => {
    const r = read(
      '1 <= nodes <= 10^4\nparent.length == nodes\n0 <= parent[i] <= nodes - 1\nparent[0] == -1 which indicates that 0 is the root.',
      'nodes:int parent:int[]',
    );
    expect(resolvedBound(r, 'parent:values')).toEqual({});
    expect(r.assumptions.join(' ')).toContain("range of parent's elements not read");
    const spaces = read(
      "s contains only upper case English letters.\nIt's guaranteed that there is only one space between 2 words.",
      's:string',
    );
    expect(spaces.alphabets.has('s')).toBe(false);
    expect(spaces.assumptions.join(' ')).toContain('characters of s not read');
    const inside = read('0 <= stones[i] <= 2^31 - 1\nstones[0] == 0', 'stones:int[]');
    expect(resolvedBound(inside, 'stones:values')).toEqual({ min: 0, max: 2 ** 31 - 1 });
  });
});

describe('rule: columns by order need every name placed (sample H, 1094 and 871)', () => {
  it('an unread line naming another column leaves every column unread', () => {
    const r = read(
      '1 <= trips.length <= 1000\ntrips[i].length == 3\n1 <= numPassengersi <= 100\n0 <= fromi < toi <= 1000',
      'trips:int[][]',
    );
    for (const key of ['trips:column0', 'trips:column1', 'trips:column2', 'trips:values'])
      expect(resolvedBound(r, key)).toEqual({});
    expect(resolvedBound(r, 'trips:columns')).toEqual({ min: 3, max: 3 });
    expect(r.lines[3].rules).toEqual([]);
    expect(r.assumptions.join(' ')).toContain('columns of trips not read');
  });

  it('`positioni+1` is the next row, not a column plus one', () => {
    const r = read(
      '0 <= stations.length <= 500\n1 <= positioni < positioni+1 < target\n1 <= fueli < 10^9',
      'target:int stations:int[][]',
    );
    expect(r.lines[1].rules).toEqual([]);
    expect(resolvedBound(r, 'stations:column0')).toEqual({});
    expect(resolvedBound(r, 'stations:values')).toEqual({});
  });
});

describe('rule: sample J — a bare name is no length, no lower bound through rows (483, 2065)', () => {
  it('"n is an integer in the range [3, 10^18]" with n a string bounds neither its length nor a value', () => {
    const r = read('n is an integer in the range [3, 10^18].', 'n:string');
    expect(resolvedBound(r, 'n:length')).toEqual({});
    expect(r.lines[0].rules).toEqual([]);
    const len = read('The length of s is between 1 and 500.', 's:string');
    expect(resolvedBound(len, 's:length')).toEqual({ min: 1, max: 500 });
  });

  it('`0 <= uj < vj <= n - 1` with edges possibly empty leaves n at its own minimum', () => {
    const r = read(
      'n == values.length\n1 <= n <= 1000\n0 <= edges.length <= 2000\nedges[j].length == 3\n0 <= uj < vj <= n - 1',
      'values:int[] edges:int[][]',
    );
    expect(resolvedBound(r, 'values:length')).toEqual({ min: 1, max: 1000 });
  });
});

describe('rule: a sum of row lengths is no sum of elements (sample K, 2248)', () => {
  it('`1 <= sum(nums[i].length) <= 1000` bounds no sum; `sum(nums[i]) <= 10^5` does', () => {
    const rows = read('1 <= sum(nums[i].length) <= 1000', 'nums:int[][]');
    expect(resolvedBound(rows, 'nums:sum')).toEqual({});
    expect(rows.lines[0].rules).toEqual([]);
    expect(resolvedBound(read('sum(nums[i]) <= 10^5', 'nums:int[]'), 'nums:sum')).toEqual({ max: 1e5 });
  });
});

describe('rule: n defined by a formula on either side (sample L, 2122)', () => {
  it('`2 * n == nums.length`: n is a quantity of its own, nums has 2 to 2000 elements', () => {
    const r = read('2 * n == nums.length\n1 <= n <= 1000\n1 <= nums[i] <= 10^9', 'nums:int[]');
    expect(resolvedBound(r, 'nums:length')).toEqual({ min: 2, max: 2000 });
    expect(r.virtuals.has('n')).toBe(true);
    expect(r.assumptions).toEqual([]);
    expect(
      resolvedBound(read('n - 1 == edges.length\n2 <= n <= 1000', 'edges:int[][]'), 'edges:length'),
    ).toEqual({
      min: 1,
      max: 999,
    });
  });
});

describe('rule: a default never overrides an unread definition (sample L, 2122)', () => {
  it('`n == nums.length / 2` not understood: n is not assumed nums.length, and nothing is read through it', () => {
    const r = read('n == nums.length / 2\n1 <= n <= 1000\n1 <= nums[i] <= 10^9', 'nums:int[]');
    expect(resolvedBound(r, 'nums:length')).toEqual({});
    expect(r.lines.map((l) => l.rules.length > 0)).toEqual([false, false, true]);
    expect(r.assumptions).toEqual([
      'n not read as a length: "n == nums.length / 2" defines it in a way not understood',
    ]);
    expect(resolvedBound(r, 'nums:values')).toEqual({ min: 1, max: 1e9 });
  });

  it('an unread line naming n without an equality keeps the default (`1 <= k <= n * (n - 1) / 2`)', () => {
    const r = read('1 <= n <= 100\n1 <= k <= n * (n - 1) / 2', 'nums:int[] k:int');
    expect(resolvedBound(r, 'nums:length')).toEqual({ min: 1, max: 100 });
    expect(r.assumptions).toEqual(['n read as nums.length (the constraints do not say what n is)']);
  });

  it('an alias read from the text still reads its own lines once (no equality both ways: 778, 1980)', () => {
    const r = read('n == grid.length\nn == grid[i].length\n1 <= n <= 50', 'grid:int[][]');
    expect(resolvedBound(r, 'grid:columns')).toEqual({ min: 1, max: 50 });
    const cycles = [...r.bounds].filter(
      ([key, b]) => b.equals && r.bounds.get(b.equals.key)?.equals?.key === key,
    );
    expect(cycles).toEqual([]);
  });

  it('the alias line itself is still read (`n == nums.length`)', () => {
    const r = read('n == nums.length\n1 <= n <= 50', 'nums:int[]');
    expect(resolvedBound(r, 'nums:length')).toEqual({ min: 1, max: 50 });
    expect(r.lines[0].rules.length).toBeGreaterThan(0);
  });
});

describe('rule: several arrays each a permutation of n integers (sample M, 2657)', () => {
  it('`A and B are both a permutation of n integers` with n their length: each distinct', () => {
    const r = read(
      '1 <= A.length == B.length == n <= 50\n1 <= A[i], B[i] <= n\nIt is guaranteed that A and B are both a permutation of n integers.',
      'A:int[] B:int[]',
    );
    expect([...r.distinct].sort()).toEqual(['A', 'B']);
    expect(r.lines[2].rules).toEqual(['uniqueness']);
  });

  it('declined when n is not the length of each (B unbounded by n), and for a text', () => {
    const loose = read(
      '1 <= A.length, B.length <= 50\nIt is guaranteed that A and B are both a permutation of n integers.',
      'A:int[] B:int[]',
    );
    expect(loose.distinct.size).toBe(0);
    expect(loose.lines[1].rules).toEqual([]);
    const text = read(
      'n == a.length == b.length\na and b are both a permutation of n integers.',
      'a:string b:int[]',
    );
    expect(text.distinct.size).toBe(0);
  });
});

describe('rule: n and m beside one matrix (sample G, 3122)', () => {
  it('`1 <= n, m <= 1000` with grid alone: its rows and columns, the assumption stated', () => {
    const r = read('1 <= n, m <= 1000\n0 <= grid[i][j] <= 9', 'grid:int[][]');
    expect(resolvedBound(r, 'grid:length')).toEqual({ min: 1, max: 1000 });
    expect(resolvedBound(r, 'grid:columns')).toEqual({ min: 1, max: 1000 });
    expect(r.assumptions.join(' ')).toContain('rows and columns of grid');
  });
});

describe('rule: a set of characters (sample F, 854)', () => {
  it("`lowercase letters from the set {'a', 'b', 'c', 'd', 'e', 'f'}` is the set, not a–z", () => {
    const r = read(
      "1 <= s1.length, s2.length <= 20\ns1 and s2 contain only lowercase letters from the set {'a', 'b', 'c', 'd', 'e', 'f'}.",
      's1:string s2:string',
    );
    expect(r.alphabets.get('s1')).toBe('abcdef');
    expect(r.alphabets.get('s2')).toBe('abcdef');
  });

  it('declines a set joined to another class, or a set outside the class it is said to be of', () => {
    const joined = read("s consists of digits and letters from the set {'a', 'b'}", 's:string');
    expect(joined.alphabets.has('s')).toBe(false);
    expect(joined.lines[0].rules).toEqual([]);
    const outside = read("s consists of lowercase letters from the set {'A', 'b'}", 's:string');
    expect(outside.alphabets.has('s')).toBe(false);
  });

  it('quoted braces are characters, not a set', () => {
    const r = read("expression consists of '{', '}', ',' or lowercase English letters.", 'expression:string');
    expect([...(r.alphabets.get('expression') ?? '')].sort().join('')).toContain('{}');
  });
});

describe('rule: n defined in prose (`where n is the length of nums`)', () => {
  it('reads the alias from its own clause, so the chain before it is fully accounted for', () => {
    const r = read('1 <= n <= 10^5, where n is the length of nums.\n0 <= nums[i] <= n', 'nums:int[] k:int');
    expect(resolvedBound(r, 'nums:length')).toEqual({ min: 1, max: 1e5 });
    expect(r.lines[0].rules.length).toBeGreaterThan(0);
    expect(r.assumptions).toEqual([]);
  });
});

describe('rule: a permutation of a range', () => {
  it('`nums is a permutation of integers from 1 to n`: distinct, values 1..n and n of them', () => {
    const r = read('1 <= n <= 1000\nnums is a permutation of integers from 1 to n.', 'n:int nums:int[]');
    expect(r.distinct.has('nums')).toBe(true);
    expect(resolvedBound(r, 'nums:values')).toEqual({ min: 1, max: 1000 });
    expect(resolvedBound(r, 'nums:length')).toEqual({ min: 1, max: 1000 });
    const z = read(
      '1 <= nums.length <= 10^5\nnums is a permutation of all the numbers in the range [0, n - 1].',
      'nums:int[]',
    );
    expect(resolvedBound(z, 'nums:values')).toEqual({ min: 0, max: 1e5 - 1 });
  });

  it('a permutation of something else is not understood', () => {
    const r = read('nums is a permutation of the rows of grid', 'nums:int[] grid:int[][]');
    expect(r.lines[0].rules).toEqual([]);
    expect(r.distinct.has('nums')).toBe(false);
  });
});

describe('property: one unknown word anywhere in an understood line reads nothing from it', () => {
  const vars = 'nums:int[] s:string k:int';
  const lines = [
    '1 <= nums.length <= 10^5',
    '-10^9 <= nums[i] <= 10^9',
    '1 <= k <= nums.length',
    's consists of lowercase English letters.',
    'All the integers of nums are unique.',
    'The length of s is between 1 and 500.',
    'nums[i] is either 0 or 1.',
    "s[i] is either 'a' or 'b'.",
  ];
  const word = fc.oneof(
    fc.constantFrom('largest', 'some', 'except', 'odd', 'twice', 'prime', 'sorted', 'usually', 'not'),
    fc.stringMatching(/^[a-z]{2,7}$/).map((w) => `qz${w}`),
  );

  it('for every line, word and position', () => {
    fc.assert(
      fc.property(fc.constantFrom(...lines), word, fc.nat(), (line, extra, at) => {
        const base = read(line, vars);
        expect(base.lines[0].rules.length).toBeGreaterThan(0);
        const words = line.split(' ');
        const i = at % (words.length + 1);
        const text = [...words.slice(0, i), extra, ...words.slice(i)].join(' ');
        const r = read(text, vars);
        expect(r.lines[0].rules).toEqual([]);
        expect(claims(r)).toEqual(claims(read('', vars)));
      }),
      { numRuns: 400 },
    );
  });
});
