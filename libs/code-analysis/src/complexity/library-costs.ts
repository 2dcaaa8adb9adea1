import { Cost, formatCost, O_LOG, O_N, O_N_LOG } from '../cost';
import { escape } from '../java-code';
import { CodeFacts } from './code-facts';
import { Term } from './term';

/**
 * What a library call or an operator costs where it stands (`list.contains(x)` is O(n),
 * `treeMap.put` O(log n), `Arrays.sort` O(n log n)): one named rule per family of calls, each giving
 * a term per call it finds in straight-line code (loops are priced around it).
 */
export interface LibraryScan {
  facts: CodeFacts;
  /** Straight-line code, comments and literals blanked, loops cut out. */
  text: string;
  /** The 1-based line of an index in `text`. */
  lineAt(index: number | undefined): number;
}

export interface LibraryCostRule {
  name: string;
  terms(scan: LibraryScan): Term[];
}

const LOG_TYPES = /^(PriorityQueue|TreeMap|TreeSet|SortedMap|SortedSet|NavigableMap|NavigableSet)\b/;
const LINEAR_LOOKUP_TYPES =
  /^(List|ArrayList|LinkedList|String|StringBuilder|Vector|Deque|ArrayDeque|Queue)\b/;
const LOG_METHODS =
  'add|offer|poll|remove|put|get|containsKey|contains|floorKey|ceilingKey|higherKey|lowerKey|floor|ceiling|higher|lower|first|last|firstKey|lastKey|pollFirst|pollLast|merge|getOrDefault|floorEntry|ceilingEntry';

const simpleType = (type: string) => type.replace(/<.*/, '');

/** `Arrays.sort`, `Collections.sort`, `list.sort`, a stream's `sorted()`: O(n log n), unless the array is a constant. */
export const sorting: LibraryCostRule = {
  name: 'sorting',
  terms: ({ facts, text, lineAt }) =>
    [...text.matchAll(/\b(?:Arrays|Collections)\s*\.\s*sort\s*\(\s*([A-Za-z_$][\w$]*)?|\.\s*sorted?\s*\(/g)]
      // Sorting an array written out in the code (`{a, b, c}`) or of a constant size is O(1).
      .filter((m) => !(m[1] && facts.isConstantArray(m[1])))
      .map((m) => ({ cost: O_N_LOG, why: [`sorting at line ${lineAt(m.index)} is O(n log n)`] })),
};

/** `Arrays.binarySearch`, `Collections.binarySearch`: O(log n). */
export const binarySearch: LibraryCostRule = {
  name: 'binary-search',
  terms: ({ text, lineAt }) =>
    [...text.matchAll(/\b(?:Arrays|Collections)\s*\.\s*binarySearch\s*\(/g)].map((m) => ({
      cost: O_LOG,
      why: [`binary search at line ${lineAt(m.index)} is O(log n)`],
    })),
};

/** A sorted structure's operations are O(log n); `contains`/`remove`/`indexOf` on a list scan it (O(n)). */
export const collectionLookups: LibraryCostRule = {
  name: 'collection-lookups',
  terms({ facts, text, lineAt }) {
    const out: Term[] = [];
    for (const m of text.matchAll(
      new RegExp(`\\b([A-Za-z_$][\\w$]*)\\s*\\.\\s*(${LOG_METHODS})\\s*\\(`, 'g'),
    )) {
      const type = facts.code.typeOf(m[1]);
      if (type && LOG_TYPES.test(type)) {
        out.push({
          cost: O_LOG,
          why: [`${simpleType(type)}.${m[2]}() at line ${lineAt(m.index)} is O(log n)`],
        });
      } else if (
        type &&
        LINEAR_LOOKUP_TYPES.test(type) &&
        /^(contains|remove|indexOf)$/.test(m[2]) &&
        !removesAnEnd(m[2], m.index, text)
      ) {
        out.push({
          cost: O_N,
          why: [`${simpleType(type)}.${m[2]}() at line ${lineAt(m.index)} scans the whole collection (O(n))`],
        });
      }
    }
    return out;
  },
};

/** `s.indexOf`, `s.substring`, `s.split`, `list.addAll`, `arr.clone()`…: O(n), except a hash set's `contains`. */
export const linearMethods: LibraryCostRule = {
  name: 'linear-methods',
  terms({ facts, text, lineAt }) {
    const out: Term[] = [];
    for (const m of text.matchAll(
      /\b([A-Za-z_$][\w$]*)\s*\.\s*(indexOf|contains|lastIndexOf|substring|toCharArray|split|repeat|chars|replace|replaceAll|addAll|removeAll|containsAll|clone|reverse)\s*\(/g,
    )) {
      const type = facts.code.typeOf(m[1]) ?? '';
      if (/^(Set|HashSet|Map|HashMap|LinkedHashSet|LinkedHashMap)\b/.test(type) && m[2] === 'contains')
        continue;
      if (LOG_TYPES.test(type)) continue;
      out.push({ cost: O_N, why: [`${m[1]}.${m[2]}() at line ${lineAt(m.index)} is O(n)`] });
    }
    return out;
  },
};

/** `Arrays.fill`, `System.arraycopy`, `Collections.max`, `String.join`…: the whole array, O(n). */
export const wholeArrayOperations: LibraryCostRule = {
  name: 'whole-array-operations',
  terms: ({ text, lineAt }) =>
    [
      ...text.matchAll(
        /\b(?:Arrays\s*\.\s*(?:fill|copyOf|copyOfRange|stream|asList|equals|toString|deepToString)|System\s*\.\s*arraycopy|Collections\s*\.\s*(?:max|min|reverse|frequency|nCopies|shuffle)|String\s*\.\s*join)\s*\(/g,
      ),
    ].map((m) => ({ cost: O_N, why: [`a whole-array operation at line ${lineAt(m.index)} is O(n)`] })),
};

/** `s += x` or `s = s + x` on a String copies it: O(n). */
export const stringConcatenation: LibraryCostRule = {
  name: 'string-concatenation',
  terms({ facts, text, lineAt }) {
    const out: Term[] = [];
    for (const m of text.matchAll(/\b([A-Za-z_$][\w$]*)\s*(?:\+=|=(?!=)([^;]*))/g)) {
      const grows =
        m[2] === undefined ||
        (m[2].includes('+') && new RegExp(`(?<![\\w$.])${escape(m[1])}(?![\\w$(])`).test(m[2]));
      if (grows && facts.code.typeOf(m[1]) === 'String')
        out.push({
          cost: O_N,
          why: [
            `String concatenation at line ${lineAt(m.index)} copies the whole string (O(n)): a StringBuilder appends in O(1)`,
          ],
        });
    }
    return out;
  },
};

/** A stream, or a collection built from another (`new ArrayList<>(list)`, `new TreeSet<>(list)`). */
export const streamsAndCopies: LibraryCostRule = {
  name: 'streams-and-copies',
  terms: ({ text, lineAt }) =>
    [
      ...text.matchAll(
        /\.\s*stream\s*\(|\b(?:IntStream|LongStream)\s*\.\s*(?:range|rangeClosed)\s*\(|\bnew\s+(?:ArrayList|HashSet|HashMap|TreeSet|TreeMap|ArrayDeque|LinkedList|PriorityQueue|String|StringBuilder)\s*(?:<[^>]*>)?\s*\(\s*[a-z_$]/g,
      ),
    ].map((m) => {
      const cost: Cost = /TreeSet|TreeMap|PriorityQueue/.test(m[0]) ? O_N_LOG : O_N;
      return {
        cost,
        why: [
          `${/stream|range/.test(m[0]) ? 'a stream' : 'copying a collection'} at line ${lineAt(m.index)} is ${formatCost(cost)}`,
        ],
      };
    }),
};

/** `list.add(0, x)` and `sb.insert` shift, `linkedList.get(i)` walks, `sb.toString()` copies: O(n). */
export const shiftsWalksAndCopies: LibraryCostRule = {
  name: 'shifts-walks-and-copies',
  terms({ facts, text, lineAt }) {
    const out: Term[] = [];
    for (const m of text.matchAll(
      /\b([A-Za-z_$][\w$]*)\s*\.\s*(add\s*\(\s*0\s*,|insert\s*\(|get\s*\(|toString\s*\(\s*\))/g,
    )) {
      const type = facts.code.typeOf(m[1]) ?? '';
      const shifts = /^add|^insert/.test(m[2]) && /^(List|ArrayList|StringBuilder)\b/.test(type);
      const walks = /^get/.test(m[2]) && /^LinkedList\b/.test(type);
      const copies = /^toString/.test(m[2]) && /^StringBuilder\b/.test(type);
      if (!shifts && !walks && !copies) continue;
      const verb = shifts
        ? 'shifts every element'
        : walks
          ? 'walks the linked list'
          : 'copies the whole text';
      out.push({
        cost: O_N,
        why: [`${m[1]}.${m[2].replace(/\s*\(.*$/, '')}() at line ${lineAt(m.index)} ${verb} (O(n))`],
      });
    }
    return out;
  },
};

/** In the order their terms are weighed (on a tie the earlier one's reason is kept). */
export const LIBRARY_COST_RULES: LibraryCostRule[] = [
  sorting,
  binarySearch,
  collectionLookups,
  linearMethods,
  wholeArrayOperations,
  stringConcatenation,
  streamsAndCopies,
  shiftsWalksAndCopies,
];

/** `list.remove(list.size() - 1)` and a queue's argument-less `remove()` take an end: O(1). */
function removesAnEnd(method: string, index: number | undefined, text: string): boolean {
  if (method !== 'remove') return false;
  const open = text.indexOf('(', index ?? 0);
  let depth = 0;
  let close = open;
  for (; close < text.length; close++) {
    if (text[close] === '(') depth++;
    else if (text[close] === ')' && --depth === 0) break;
  }
  const args = text.slice(open + 1, close);
  return args.trim() === '' || /size\s*\(\s*\)\s*-\s*1\s*$/.test(args);
}
