import { describe, expect, it } from 'vitest';
import { formatCost } from '../cost';
import { JavaCode } from '../java-code';
import { CodeFacts } from './code-facts';
import {
  binarySearch,
  collectionLookups,
  LIBRARY_COST_RULES,
  LibraryCostRule,
  linearMethods,
  shiftsWalksAndCopies,
  sorting,
  streamsAndCopies,
  stringConcatenation,
  wholeArrayOperations,
} from './library-costs';

/** What `rule` finds in the body of `static int f(<params>)`: each term's cost and reason. */
function terms(rule: LibraryCostRule, params: string, body: string): string[] {
  const code = new JavaCode(
    `import java.util.*;\npublic class Main {\n  static int f(${params}) {\n${body}\n  }\n}\n`,
  );
  const method = code.method('f')!;
  return rule
    .terms({
      facts: new CodeFacts(code, new Set()),
      text: code.body(method),
      lineAt: (i) => code.lineOf(method.bodyStart + (i ?? 0)),
    })
    .map((t) => `${formatCost(t.cost)}: ${t.why[0]}`);
}

describe('library cost rules', () => {
  it('sorting: a sort is O(n log n), unless the array is written out', () => {
    expect(terms(sorting, 'int[] nums', 'Arrays.sort(nums); return 0;')).toEqual([
      'O(n log n): sorting at line 4 is O(n log n)',
    ]);
    expect(terms(sorting, 'int a', 'int[] xs = {a, 1, 2}; Arrays.sort(xs); return xs[0];')).toEqual([]);
  });

  it('binary-search: the library binary search is O(log n)', () => {
    expect(terms(binarySearch, 'int[] nums', 'return Arrays.binarySearch(nums, 3);')).toEqual([
      'O(log n): binary search at line 4 is O(log n)',
    ]);
  });

  it("collection-lookups: a TreeMap's operations are O(log n), a list's contains scans it, removing its end does not", () => {
    expect(
      terms(
        collectionLookups,
        'int x',
        'TreeMap<Integer, Integer> t = new TreeMap<>(); t.put(x, 1); return 0;',
      ),
    ).toEqual(['O(log n): TreeMap.put() at line 4 is O(log n)']);
    expect(
      terms(collectionLookups, 'int x', 'List<Integer> l = new ArrayList<>(); return l.contains(x) ? 1 : 0;'),
    ).toEqual(['O(n): List.contains() at line 4 scans the whole collection (O(n))']);
    expect(
      terms(
        collectionLookups,
        'int x',
        'List<Integer> l = new ArrayList<>(); l.remove(l.size() - 1); return 0;',
      ),
    ).toEqual([]);
    expect(
      terms(collectionLookups, 'int x', 'Set<Integer> s = new HashSet<>(); return s.contains(x) ? 1 : 0;'),
    ).toEqual([]);
  });

  it("linear-methods: a string's indexOf or substring is O(n), a hash set's contains is not", () => {
    expect(terms(linearMethods, 'String s', 'return s.indexOf("a");')).toEqual([
      'O(n): s.indexOf() at line 4 is O(n)',
    ]);
    expect(
      terms(
        linearMethods,
        'int x',
        'HashSet<Integer> seen = new HashSet<>(); return seen.contains(x) ? 1 : 0;',
      ),
    ).toEqual([]);
  });

  it('whole-array-operations: Arrays.fill, System.arraycopy, String.join are O(n)', () => {
    expect(terms(wholeArrayOperations, 'int[] nums', 'Arrays.fill(nums, 0); return 0;')).toEqual([
      'O(n): a whole-array operation at line 4 is O(n)',
    ]);
  });

  it('string-concatenation: s += x copies the string, an int += does not', () => {
    expect(terms(stringConcatenation, 'String t', 'String s = ""; s += t; return 0;')).toHaveLength(1);
    expect(terms(stringConcatenation, 'int a', 'int s = 0; s += a; return s;')).toEqual([]);
  });

  it('streams-and-copies: a stream is O(n), copying into a TreeSet O(n log n)', () => {
    expect(terms(streamsAndCopies, 'List<Integer> xs', 'return (int) xs.stream().count();')).toEqual([
      'O(n): a stream at line 4 is O(n)',
    ]);
    expect(
      terms(streamsAndCopies, 'List<Integer> xs', 'TreeSet<Integer> t = new TreeSet<>(xs); return t.size();'),
    ).toEqual(['O(n log n): copying a collection at line 4 is O(n log n)']);
  });

  it("shifts-walks-and-copies: add(0, x) shifts, a LinkedList's get walks, sb.toString() copies", () => {
    expect(
      terms(shiftsWalksAndCopies, 'int x', 'List<Integer> l = new ArrayList<>(); l.add(0, x); return 0;'),
    ).toEqual(['O(n): l.add() at line 4 shifts every element (O(n))']);
    expect(
      terms(shiftsWalksAndCopies, 'int x', 'LinkedList<Integer> l = new LinkedList<>(); return l.get(x);'),
    ).toEqual(['O(n): l.get() at line 4 walks the linked list (O(n))']);
    expect(
      terms(shiftsWalksAndCopies, 'int x', 'List<Integer> l = new ArrayList<>(); return l.get(x);'),
    ).toEqual([]);
  });

  it('are weighed in a fixed order', () => {
    expect(LIBRARY_COST_RULES.map((r) => r.name)).toEqual([
      'sorting',
      'binary-search',
      'collection-lookups',
      'linear-methods',
      'whole-array-operations',
      'string-concatenation',
      'streams-and-copies',
      'shifts-walks-and-copies',
    ]);
  });
});
