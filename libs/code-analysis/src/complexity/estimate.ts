import {
  compareCost,
  Cost,
  degree,
  formatCost,
  linearIn,
  logFactors,
  logOf,
  N,
  O_1,
  O_2N,
  O_FACT,
  O_LOG,
  O_N,
  O_N_LOG,
  productOf,
  times,
} from '../cost';
import { escape, identifiersIn, JavaCode, JavaLoop, JavaMethod } from '../java-code';

/** A cost with the reasons that make it (the dominant path only). */
interface Term {
  cost: Cost;
  why: string[];
  /**
   * Work whose total is bounded however often it is started: a search that marks what it visited
   * costs its whole O(nodes) once over all the calls of a loop, so it adds to the loop, not multiplies.
   */
  once?: Term;
  /** Set on a method whose cost is such a once-overall total. */
  amortised?: boolean;
}

export type RecursionKind =
  'linear' | 'halving' | 'divide-and-conquer' | 'branching' | 'backtracking' | 'memoised' | 'graph';

export interface RecursionInfo {
  method: string;
  kind: RecursionKind;
  line: number;
  /** Depth of the call stack in n: linear for n-1 steps, logarithmic for halving. */
  depth: Cost;
}

export interface ComplexityEstimate {
  /** False when the code is too large for a structural estimate (then time and space say nothing). */
  estimated: boolean;
  time: Cost;
  space: Cost;
  timeText: string;
  spaceText: string;
  /** The method whose cost is reported: the problem's function when present, else main. */
  method: string | null;
  timeReasons: string[];
  spaceReasons: string[];
  recursion: RecursionInfo[];
}

/** Bounds at or below this are treated as constants (alphabet sizes, bit counts, directions). */
const SMALL_CONSTANT = 1000;
/** Recursive call sites looked at per method; more say nothing new. */
const MAX_CALL_SITES = 50;
const INPUT_HELPERS = new Set(['main', 'readLine', 'readIntArray']);
const LOG_TYPES = /^(PriorityQueue|TreeMap|TreeSet|SortedMap|SortedSet|NavigableMap|NavigableSet)\b/;
const LINEAR_LOOKUP_TYPES =
  /^(List|ArrayList|LinkedList|String|StringBuilder|Vector|Deque|ArrayDeque|Queue)\b/;
const LOG_METHODS =
  'add|offer|poll|remove|put|get|containsKey|contains|floorKey|ceilingKey|higherKey|lowerKey|floor|ceiling|higher|lower|first|last|firstKey|lastKey|pollFirst|pollLast|merge|getOrDefault|floorEntry|ceilingEntry';

/**
 * Estimates time and extra space from the structure of the code (loops, calls, recursion, library
 * operations). `sizeNames` are the problem's int inputs: a loop up to one of them runs as many times
 * as its value, and is named after it.
 */
export function estimateComplexity(
  code: JavaCode,
  functionName?: string,
  sizeNames: string[] = [],
): ComplexityEstimate {
  if (code.tooLargeToAnalyze) {
    const why = ['the code is too large or too deeply nested for the built-in estimate'];
    return {
      estimated: false,
      time: O_1,
      space: O_1,
      timeText: 'not estimated',
      spaceText: 'not estimated',
      method: null,
      timeReasons: why,
      spaceReasons: why,
      recursion: [],
    };
  }
  return new ComplexityEstimator(code, new Set(sizeNames)).estimate(functionName);
}

class ComplexityEstimator {
  private readonly methodCosts = new Map<string, Term>();
  private readonly inProgress = new Set<string>();
  private readonly constants: Map<string, number>;
  private readonly recursion: RecursionInfo[] = [];
  /** The size variable each loop runs over, for loops whose bound is an outer loop's counter. */
  private readonly loopVariables = new Map<JavaLoop, string>();

  constructor(
    private readonly code: JavaCode,
    private readonly sizeNames: Set<string>,
  ) {
    this.constants = new Map();
    for (const m of code.blanked.matchAll(
      /\bfinal\s+(?:static\s+)?\w+\s+([A-Za-z_$][\w$]*)\s*=\s*([\d_]+)[lL]?\s*;/g,
    )) {
      this.constants.set(m[1], Number(m[2].replace(/_/g, '')));
    }
  }

  estimate(functionName?: string): ComplexityEstimate {
    const target =
      (functionName && this.code.method(functionName)) ||
      this.code.method('main') ||
      this.code.methods.find((m) => !INPUT_HELPERS.has(m.name));
    for (const m of this.code.methods) this.methodCost(m);
    const time = target ? this.methodCost(target) : { cost: O_1, why: [] };
    const space = this.space(target);
    return {
      estimated: true,
      time: time.cost,
      space: space.cost,
      timeText: formatCost(time.cost),
      spaceText: formatCost(space.cost),
      method: target?.name ?? null,
      timeReasons: dedupe(time.why),
      spaceReasons: dedupe(space.why),
      recursion: this.recursion,
    };
  }

  private methodCost(m: JavaMethod): Term {
    const known = this.methodCosts.get(m.name);
    if (known) return known;
    if (this.inProgress.has(m.name)) return { cost: O_1, why: [] };
    this.inProgress.add(m.name);
    const range = this.rangeCost(m.bodyStart, m.bodyEnd, []);
    const body = range.once ? { ...pick(range, range.once), once: undefined } : range;
    const term = this.withRecursion(m, body);
    this.inProgress.delete(m.name);
    this.methodCosts.set(m.name, term);
    return term;
  }

  private rangeCost(start: number, end: number, enclosing: JavaLoop[]): Term {
    const loops = this.code.topLevelLoops(start, end);
    let total = this.straightCost(this.code.textWithout(start, end, loops), start);
    for (const loop of loops) {
      const factor = this.loopFactor(loop, enclosing);
      const inner = this.rangeCost(loop.bodyStart, loop.bodyEnd, [...enclosing, loop]);
      const header = this.straightCost(loop.header, loop.start);
      const work = pick(inner, header);
      const once = pickOnce(pickOnce(total.once, inner.once), header.once);
      total = {
        ...pick(total, { cost: times(factor.cost, work.cost), why: [...factor.why, ...work.why] }),
        once,
      };
    }
    return total;
  }

  /** The cost of code without loops: calls to the user's methods and library operations. */
  private straightCost(text: string, offset: number): Term {
    let best: Term = { cost: O_1, why: [] };
    for (const call of text.matchAll(/(?<![\w$])([A-Za-z_$][\w$]*)\s*\(/g)) {
      const callee = this.code.method(call[1]);
      const before = lookBehind(text, call.index ?? 0);
      if (!callee || /\bnew\s+$/.test(before) || !this.isOwnCall(before)) continue;
      const cost = this.methodCost(callee);
      if (compareCost(cost.cost, O_1) > 0) {
        const term = {
          cost: cost.cost,
          why: [
            `calls ${callee.name}() (${formatCost(cost.cost)}) at line ${this.code.lineOf(offset + (call.index ?? 0))}`,
            ...cost.why,
          ],
        };
        if (cost.amortised) best = { ...best, once: pickOnce(best.once, term) };
        else best = { ...pick(best, term), once: best.once };
      }
    }
    const at = (index: number | undefined) => this.code.lineOf(offset + (index ?? 0));
    for (const m of text.matchAll(
      /\b(?:Arrays|Collections)\s*\.\s*sort\s*\(\s*([A-Za-z_$][\w$]*)?|\.\s*sorted?\s*\(/g,
    )) {
      // Sorting an array written out in the code (`{a, b, c}`) or of a constant size is O(1).
      if (m[1] && this.isConstantArray(m[1])) continue;
      best = pick(best, { cost: O_N_LOG, why: [`sorting at line ${at(m.index)} is O(n log n)`] });
    }
    for (const m of text.matchAll(/\b(?:Arrays|Collections)\s*\.\s*binarySearch\s*\(/g)) {
      best = pick(best, { cost: O_LOG, why: [`binary search at line ${at(m.index)} is O(log n)`] });
    }
    for (const m of text.matchAll(
      new RegExp(`\\b([A-Za-z_$][\\w$]*)\\s*\\.\\s*(${LOG_METHODS})\\s*\\(`, 'g'),
    )) {
      const type = this.code.typeOf(m[1]);
      if (type && LOG_TYPES.test(type)) {
        best = pick(best, {
          cost: O_LOG,
          why: [`${type.replace(/<.*/, '')}.${m[2]}() at line ${at(m.index)} is O(log n)`],
        });
      } else if (
        type &&
        LINEAR_LOOKUP_TYPES.test(type) &&
        /^(contains|remove|indexOf)$/.test(m[2]) &&
        !this.removesAnEnd(m[2], m.index, text)
      ) {
        best = pick(best, {
          cost: O_N,
          why: [
            `${type.replace(/<.*/, '')}.${m[2]}() at line ${at(m.index)} scans the whole collection (O(n))`,
          ],
        });
      }
    }
    for (const m of text.matchAll(
      /\b([A-Za-z_$][\w$]*)\s*\.\s*(indexOf|contains|lastIndexOf|substring|toCharArray|split|repeat|chars|replace|replaceAll|addAll|removeAll|containsAll|clone|reverse)\s*\(/g,
    )) {
      const type = this.code.typeOf(m[1]) ?? '';
      if (/^(Set|HashSet|Map|HashMap|LinkedHashSet|LinkedHashMap)\b/.test(type) && m[2] === 'contains')
        continue;
      if (LOG_TYPES.test(type)) continue;
      best = pick(best, { cost: O_N, why: [`${m[1]}.${m[2]}() at line ${at(m.index)} is O(n)`] });
    }
    for (const m of text.matchAll(
      /\b(?:Arrays\s*\.\s*(?:fill|copyOf|copyOfRange|stream|asList|equals|toString|deepToString)|System\s*\.\s*arraycopy|Collections\s*\.\s*(?:max|min|reverse|frequency|nCopies|shuffle)|String\s*\.\s*join)\s*\(/g,
    )) {
      best = pick(best, { cost: O_N, why: [`a whole-array operation at line ${at(m.index)} is O(n)`] });
    }
    for (const m of text.matchAll(/\b([A-Za-z_$][\w$]*)\s*(?:\+=|=(?!=)([^;]*))/g)) {
      const grows =
        m[2] === undefined ||
        (m[2].includes('+') && new RegExp(`(?<![\\w$.])${escape(m[1])}(?![\\w$(])`).test(m[2]));
      if (grows && this.code.typeOf(m[1]) === 'String') {
        best = pick(best, {
          cost: O_N,
          why: [
            `String concatenation at line ${at(m.index)} copies the whole string (O(n)): a StringBuilder appends in O(1)`,
          ],
        });
      }
    }
    for (const m of text.matchAll(
      /\.\s*stream\s*\(|\b(?:IntStream|LongStream)\s*\.\s*(?:range|rangeClosed)\s*\(|\bnew\s+(?:ArrayList|HashSet|HashMap|TreeSet|TreeMap|ArrayDeque|LinkedList|PriorityQueue|String|StringBuilder)\s*(?:<[^>]*>)?\s*\(\s*[a-z_$]/g,
    )) {
      const cost = /TreeSet|TreeMap|PriorityQueue/.test(m[0]) ? O_N_LOG : O_N;
      best = pick(best, {
        cost,
        why: [
          `${/stream|range/.test(m[0]) ? 'a stream' : 'copying a collection'} at line ${at(m.index)} is ${formatCost(cost)}`,
        ],
      });
    }
    for (const m of text.matchAll(
      /\b([A-Za-z_$][\w$]*)\s*\.\s*(add\s*\(\s*0\s*,|insert\s*\(|get\s*\(|toString\s*\(\s*\))/g,
    )) {
      const type = this.code.typeOf(m[1]) ?? '';
      const shifts = /^add|^insert/.test(m[2]) && /^(List|ArrayList|StringBuilder)\b/.test(type);
      const walks = /^get/.test(m[2]) && /^LinkedList\b/.test(type);
      const copies = /^toString/.test(m[2]) && /^StringBuilder\b/.test(type);
      if (shifts || walks || copies) {
        const verb = shifts
          ? 'shifts every element'
          : walks
            ? 'walks the linked list'
            : 'copies the whole text';
        best = pick(best, {
          cost: O_N,
          why: [`${m[1]}.${m[2].replace(/\s*\(.*$/, '')}() at line ${at(m.index)} ${verb} (O(n))`],
        });
      }
    }
    return best;
  }

  private loopFactor(loop: JavaLoop, enclosing: JavaLoop[]): Term {
    const term = this.loopTerm(loop, enclosing);
    const variables = Object.keys(term.cost.poly).concat(Object.keys(term.cost.log));
    this.loopVariables.set(loop, variables[0] ?? N);
    return term;
  }

  private loopTerm(loop: JavaLoop, enclosing: JavaLoop[]): Term {
    const line = this.code.lineOf(loop.start);
    const what = loop.kind === 'foreach' ? 'for-each' : loop.kind;
    const named = (variable: string) =>
      this.sizeNames.has(variable) && identifiersIn(loop.header).includes(variable);
    const linear = (variable: string, runs: string): Term => ({
      cost: linearIn(variable),
      why: [
        `the ${what} loop at line ${line} runs ${runs} (${named(variable) ? `${variable} times: the value of ${variable} is its size` : `${variable} times`})`,
      ],
    });
    const constant: Term = { cost: O_1, why: [] };
    const body = this.code.blanked.slice(loop.bodyStart, loop.bodyEnd);
    if (loop.kind === 'foreach') {
      const iterable = loop.header.slice(loop.header.indexOf(':') + 1).trim();
      if (this.isSmallConstant(iterable) || this.isConstantArray(iterable)) return constant;
      const digits =
        /\b(?:String\s*\.\s*valueOf|Integer\s*\.\s*toString|Long\s*\.\s*toString)\s*\(\s*([A-Za-z_$][\w$]*)\s*\)/.exec(
          iterable,
        );
      if (digits) {
        const variable = this.sizeVariable([digits[1]], enclosing);
        return {
          cost: logOf(variable),
          why: [
            `the for-each loop at line ${line} runs over the digits of ${digits[1]} (O(log ${variable}))`,
          ],
        };
      }
      if (this.isGrid(iterable)) return linear('m', `over the rows of ${iterable}`);
      const inQueueLoop = enclosing.some((l) => l.kind === 'while' && /isEmpty\s*\(/.test(l.header));
      if (inQueueLoop && /(\.\s*get\s*\([^)]*\)|\[[^\]]+\])\s*$/.test(iterable)) return constant;
      return linear(N, `over ${iterable}`);
    }
    if (loop.kind === 'for') {
      const [init = '', cond = '', update = ''] = loop.header.split(';');
      if (!cond.trim()) return linear(N, 'until a break (assumed n times)');
      const loopVar =
        /([A-Za-z_$][\w$]*)\s*=/.exec(init)?.[1] ??
        /([A-Za-z_$][\w$]*)\s*(?:\+\+|--|[-+*/]=|>>=|<<=)/.exec(update)?.[1];
      const bounds = [
        init.replace(/^[^=]*=/, ''),
        ...cond.split(/&&|\|\|/).map((c) =>
          c
            .split(/<=|>=|<|>|!=/)
            .filter((side) => !identifiersIn(side).includes(loopVar ?? ''))
            .join(' '),
        ),
      ];
      // The count is the condition's bound less the start: `for (i = k; i < nums.length; …)` runs over n.
      const measured = bounds.slice(1).some((b) => identifiersIn(b).length) ? bounds.slice(1) : bounds;
      const variable =
        this.gridSide(measured) ?? this.sizeVariable(measured.flatMap(identifiersIn), enclosing);
      if (/\b1L?\s*<<|\bMath\s*\.\s*pow\s*\(\s*2\b/.test(cond)) {
        return {
          cost: O_2N,
          why: [`the loop at line ${line} runs over all 2^n subsets (${cond.trim().replace(/\s+/g, ' ')})`],
        };
      }
      if (
        /\*=|\/=|>>>?=|<<=/.test(update) ||
        (loopVar && new RegExp(`${escape(loopVar)}\\s*=\\s*${escape(loopVar)}\\s*[*/]`).test(update))
      ) {
        return {
          cost: logOf(variable),
          why: [`the loop at line ${line} multiplies or divides its counter (O(log ${variable}) steps)`],
        };
      }
      const step = /\+=\s*([A-Za-z_$][\w$]*)\s*$/.exec(update.trim());
      if (
        step &&
        enclosing.some(
          (l) => l.kind === 'for' && new RegExp(`^\\s*(?:\\w+\\s+)?${escape(step[1])}\\s*=`).test(l.header),
        )
      ) {
        return {
          cost: logOf(variable),
          why: [`the loop at line ${line} steps by the outer counter (n/1 + n/2 + … = O(n log n) in total)`],
        };
      }
      if (
        loopVar &&
        (new RegExp(`\\b${escape(loopVar)}\\s*\\*\\s*${escape(loopVar)}\\b`).test(cond) ||
          /Math\s*\.\s*sqrt/.test(cond))
      ) {
        return {
          cost: { exp: 0, poly: { [variable]: 0.5 }, log: {} },
          why: [`the loop at line ${line} stops at √${variable}`],
        };
      }
      if (bounds.every((b) => this.isSmallConstant(b))) return constant;
      return linear(variable, `up to ${cond.trim().replace(/\s+/g, ' ')}`);
    }
    // while and do-while
    const cond = loop.header;
    if (/^\s*true\s*$/.test(cond)) return linear(N, 'until a break (assumed n times)');
    const cells = !enclosing.length && /isEmpty\s*\(/.test(cond) ? this.gridCells(body) : undefined;
    if (cells)
      return {
        cost: cells,
        why: [`the queue loop at line ${line} takes each cell of the grid once (${formatCost(cells)})`],
      };
    const condVars = identifiersIn(cond);
    const variable = this.sizeVariable(condVars, enclosing);
    // Euclid's loop (`t = a % b; a = b; b = t`) shrinks its divisor at least by half every two steps.
    const euclid = condVars.some(
      (v) =>
        new RegExp(`%\\s*${escape(v)}\\b`).test(body) && new RegExp(`\\b${escape(v)}\\s*=(?!=)`).test(body),
    );
    const halves =
      euclid ||
      condVars.some((v) =>
        new RegExp(
          `\\b${escape(v)}\\s*(?:/=|>>>?=|\\*=|<<=|&=)|\\b${escape(v)}\\s*=\\s*[^;=]*(?:/\\s*2\\b|>>>?\\s*1\\b|\\bmid\\b)`,
        ).test(body),
      );
    if (halves)
      return {
        cost: logOf(variable),
        why: [`the loop at line ${line} halves its range each step (O(log ${variable}) steps)`],
      };
    const outer = enclosing[enclosing.length - 1];
    if (outer) {
      if (/isEmpty\s*\(|size\s*\(\s*\)\s*>/.test(cond)) return { cost: O_1, why: [] };
      // Two pointers: the inner loop moves a pointer kept across outer iterations, so it runs n times in total.
      const pointers = [
        ...body.matchAll(/([A-Za-z_$][\w$]*)\s*(?:\+\+|--|\+=\s*1\b)|(?:\+\+|--)\s*([A-Za-z_$][\w$]*)/g),
      ].map((p) => p[1] ?? p[2]);
      const moved = pointers.find(
        (v) =>
          this.declaredBefore(v, outer.start) &&
          (condVars.includes(v) ||
            new RegExp(
              `\\[\\s*${escape(v)}\\s*\\]|charAt\\s*\\(\\s*${escape(v)}\\s*\\)|get\\s*\\(\\s*${escape(v)}\\s*\\)`,
            ).test(body)),
      );
      if (moved) return { cost: O_1, why: [] };
    }
    if (condVars.length > 0 && condVars.every((v) => this.isSmallConstant(v))) return constant;
    return linear(variable, `while ${cond.trim().replace(/\s+/g, ' ')}`);
  }

  /** `grid.length` is the grid's rows (m), `grid[i].length` its columns (n), for a 2-D array. */
  private gridSide(bounds: string[]): string | undefined {
    for (const bound of bounds) {
      // `int rows = grid.length;` then `r < rows`.
      const alias = /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(bound);
      const aliased =
        alias &&
        new RegExp(
          `\\b${escape(alias[1])}\\s*=\\s*([A-Za-z_$][\\w$]*\\s*(?:\\[[^\\]]*\\])?\\s*\\.\\s*length)\\s*[;,]`,
        ).exec(this.code.blanked);
      const b = aliased ? aliased[1] : bound;
      const side = /^\s*([A-Za-z_$][\w$]*)\s*(\[[^\]]*\])?\s*\.\s*length\s*$/.exec(b);
      if (side && /\[\]\[\]/.test(this.code.typeOf(side[1]) ?? '')) return side[2] ? N : 'm';
    }
    return undefined;
  }

  /**
   * A 2-D array read as a grid of cells: allocated with a grid's sides, or indexed by two
   * computed indices (`grid[r][c]`); an edge list (`e[0]`, `e[1]`) is not one.
   */
  private isGrid(name: string): boolean {
    if (!/^[A-Za-z_$][\w$]*$/.test(name) || !/\[\]\[\]/.test(this.code.typeOf(name) ?? '')) return false;
    const allocation = new RegExp(`\\b${escape(name)}\\s*=\\s*new\\s+[\\w$]+\\s*\\[([^\\]]*)\\]`).exec(
      this.code.blanked,
    );
    if (allocation) return this.gridSide([allocation[1]]) === 'm';
    return new RegExp(
      `\\b${escape(name)}\\s*\\[\\s*[A-Za-z_$][^\\]]*\\]\\s*\\[\\s*[A-Za-z_$][^\\]]*\\]`,
    ).test(this.code.blanked);
  }

  /** m·n when the code indexes a 2-D array (a grid's cells), else undefined. */
  private gridCells(text: string): Cost | undefined {
    for (const a of text.matchAll(/\b([A-Za-z_$][\w$]*)\s*\[[^\]]+\]\s*\[[^\]]+\]/g)) {
      if (/\[\]\[\]/.test(this.code.typeOf(a[1]) ?? '')) return productOf(['m', N]);
    }
    return undefined;
  }

  /**
   * The size variable a loop bound is measured in: an int input of the problem it names (its value
   * is the size), else an outer loop's variable when the bound is that loop's counter
   * (`for (j < i)` inside `for (i < a)` runs up to a), else n.
   */
  private sizeVariable(identifiers: string[], enclosing: JavaLoop[]): string {
    const named = identifiers.find((v) => this.sizeNames.has(v));
    if (named) return named;
    const counters = new Map<string, string>();
    for (const l of enclosing) {
      const counter =
        l.kind === 'for' ? /([A-Za-z_$][\w$]*)\s*=/.exec(l.header.split(';')[0] ?? '')?.[1] : undefined;
      if (counter) counters.set(counter, this.loopVariables.get(l) ?? N);
    }
    const others = identifiers.filter((v) => !counters.has(v) && !this.isSmallConstant(v));
    if (others.length) return N;
    const outer = identifiers.find((v) => counters.has(v));
    return outer ? counters.get(outer)! : N;
  }

  private withRecursion(m: JavaMethod, body: Term): Term {
    const text = this.code.body(m);
    const selfCall = new RegExp(`(?<![\\w$])${escape(m.name)}\\s*\\(`, 'g');
    const calls = [...text.matchAll(selfCall)]
      .filter((c) => this.isOwnCall(lookBehind(text, c.index ?? 0)))
      .slice(0, MAX_CALL_SITES)
      .map((c) => ({ index: m.bodyStart + (c.index ?? 0), args: this.argsAt(m.bodyStart + (c.index ?? 0)) }));
    if (calls.length === 0) return body;
    const line = this.code.lineOf(calls[0].index);
    const record = (kind: RecursionKind, depth: Cost, cost: Cost, why: string): Term => {
      this.recursion.push({ method: m.name, kind, line, depth });
      return { cost, why: [why, ...body.why] };
    };
    const states = this.memoStates(text);
    if (states) {
      // Repeated calls find their answer stored: over all calls the work is the states', once.
      const memoised = record(
        'memoised',
        O_N,
        times(states, body.cost),
        `${m.name}() is memoised: each of the ${formatCost(states).slice(2, -1)} states is computed once (line ${line})`,
      );
      return { ...memoised, amortised: true };
    }
    const guard = /\b(visited|vis|seen|marked)\s*(\[|\.\s*(contains|add)\s*\()/.test(text);
    const resets = /\b\w+\s*\[[^\]]*\]\s*=\s*false\b|\.\s*remove\s*\(|swap\s*\(/.test(
      text.slice(text.search(selfCall)),
    );
    const inLoop = calls.some((c) => this.code.enclosingLoops(c.index).some((l) => l.start >= m.bodyStart));
    if (guard && !resets) {
      const cells = this.gridCells(text);
      const visit = record(
        'graph',
        O_N,
        cells ?? O_N,
        `${m.name}() visits each ${cells ? 'cell' : 'node'} once thanks to its visited marks (${cells ? formatCost(cells) : 'O(n) over nodes and edges'} over all calls)`,
      );
      return { ...visit, amortised: true };
    }
    if (inLoop) {
      if (resets)
        return record(
          'backtracking',
          O_N,
          O_FACT,
          `${m.name}() tries every arrangement: it recurses in a loop and undoes its choice (backtracking, line ${line})`,
        );
      return record(
        'branching',
        O_N,
        O_2N,
        `${m.name}() calls itself inside a loop without memoisation (line ${line})`,
      );
    }
    const midVars = [...text.matchAll(/([A-Za-z_$][\w$]*)\s*=\s*[^;]*(?:\/\s*2\b|>>>?\s*1\b)/g)].map(
      (v) => v[1],
    );
    const halving = calls.every(
      (c) =>
        /\/\s*2\b|>>>?\s*1\b/.test(c.args) ||
        midVars.some((v) => new RegExp(`\\b${escape(v)}\\b`).test(c.args)),
    );
    const branches = this.exclusiveReturns(text, selfCall) ? 1 : calls.length;
    if (branches >= 2 && halving) {
      if (compareCost(body.cost, O_N) >= 0) {
        return record(
          'divide-and-conquer',
          O_LOG,
          times(body.cost, O_LOG),
          `${m.name}() splits the range in half twice and does ${formatCost(body.cost)} work per level (divide and conquer, line ${line})`,
        );
      }
      return record(
        'divide-and-conquer',
        O_LOG,
        O_N,
        `${m.name}() splits the range in half and visits every part (line ${line})`,
      );
    }
    if (branches >= 2) {
      return record(
        'branching',
        O_N,
        O_2N,
        `${m.name}() calls itself ${branches} times per call with smaller arguments and no memoisation: the calls double at each level (line ${line})`,
      );
    }
    if (halving) {
      if (compareCost(body.cost, O_N) >= 0)
        return record('halving', O_LOG, body.cost, `${m.name}() recurses on half the input (line ${line})`);
      return record(
        'halving',
        O_LOG,
        times(O_LOG, body.cost),
        `${m.name}() recurses on half of its range each time: O(log n) calls (line ${line})`,
      );
    }
    const variable = this.sizeVariable(identifiersIn(calls[0].args), []);
    return record(
      'linear',
      O_N,
      times(linearIn(variable), body.cost),
      `${m.name}() recurses once per call, one step smaller: ${variable} calls deep (line ${line})`,
    );
  }

  /** `list.remove(list.size() - 1)` and a queue's argument-less `remove()` take an end: O(1). */
  private removesAnEnd(method: string, index: number | undefined, text: string): boolean {
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

  /** Each recursive call sits in its own `return` statement: only one of them runs per call. */
  private exclusiveReturns(text: string, selfCall: RegExp): boolean {
    const statements = text.split(/[;{}]/).filter((s) => new RegExp(selfCall.source).test(s));
    if (statements.length < 2) return false;
    return statements.every(
      (s) => /\breturn\b/.test(s) && [...s.matchAll(new RegExp(selfCall.source, 'g'))].length === 1,
    );
  }

  /**
   * The states of a memo table read and written in a recursive body, by the table's shape:
   * `new long[n + 1]` is n states, `new int[m][n]` is m·n, a constant dimension adds nothing.
   */
  private memoStates(text: string): Cost | undefined {
    for (const w of text.matchAll(/([A-Za-z_$][\w$]*)((?:\s*\[[^\]]*\])+)\s*=(?!=)/g)) {
      const name = w[1];
      if (/^(visited|vis|seen|used|marked)$/.test(name)) continue;
      const read = new RegExp(
        `(?:\\b${escape(name)}(?:\\s*\\[[^\\]]*\\])+\\s*(?:!=|==|>=|<=|>|<)|\\breturn\\s+${escape(name)}\\s*\\[|(?:!=|==)\\s*${escape(name)}\\s*\\[)`,
      );
      const declaredHere = new RegExp(`\\b${escape(name)}\\s*=\\s*new\\b`).test(text);
      if (!read.test(text) || declaredHere) continue;
      const allocation = new RegExp(
        `\\b${escape(name)}\\s*=\\s*new\\s+[\\w$]+\\s*((?:\\[[^\\]]*\\]\\s*)+)`,
      ).exec(this.code.blanked);
      const dims = allocation
        ? [...allocation[1].matchAll(/\[([^\]]*)\]/g)].map((d) => d[1])
        : (w[2].match(/\[/g) ?? []).map(() => N);
      const sized = dims.filter((d) => !this.isSmallConstant(d));
      // A table sized by constants alone (`new long[100]`) is sized for the largest input: n per dimension.
      return productOf(
        sized.length
          ? sized.map((d) => this.gridSide([d]) ?? this.sizeVariable(identifiersIn(d), []))
          : dims.map(() => N),
      );
    }
    for (const w of text.matchAll(/([A-Za-z_$][\w$]*)\s*\.\s*put\s*\(([^,]*),/g)) {
      if (new RegExp(`\\b${escape(w[1])}\\s*\\.\\s*(containsKey|get|getOrDefault)\\s*\\(`).test(text)) {
        const parts = identifiersIn(w[2])
          .filter((v) => !/^(String|Integer|Long|valueOf|toString)$/.test(v))
          .slice(0, 3);
        return productOf((parts.length ? parts : [N]).map((v) => (this.sizeNames.has(v) ? v : N)));
      }
    }
    return undefined;
  }

  /** A call written after `receiver.` is the user's only on `this.` or an object of one of the user's classes. */
  private isOwnCall(before: string): boolean {
    const receiver = /([\w$)]+)\s*\.\s*$/.exec(before);
    if (!receiver) return true;
    if (receiver[1] === 'this') return true;
    if (receiver[1].endsWith(')')) return this.returnsOwnObject(before.slice(0, before.lastIndexOf(')') + 1));
    const type = this.code.typeOf(receiver[1]) ?? receiver[1];
    return this.code.blanked.includes(`class ${type}`);
  }

  /** `new Helper(x).solve()` or `make().solve()` call the user's code; `new StringBuilder(s).reverse()` does not. */
  private returnsOwnObject(before: string): boolean {
    let depth = 0;
    let open = before.length - 1;
    for (; open >= 0; open--) {
      if (before[open] === ')') depth++;
      else if (before[open] === '(' && --depth === 0) break;
    }
    const callee = /(new\s+)?([A-Za-z_$][\w$]*)\s*$/.exec(before.slice(0, Math.max(0, open)));
    if (!callee) return false;
    const type = callee[1] ? callee[2] : this.code.method(callee[2])?.returnType;
    return !!type && new RegExp(`\\b(?:class|record)\\s+${escape(type)}\\b`).test(this.code.blanked);
  }

  private argsAt(callIndex: number): string {
    const open = this.code.blanked.indexOf('(', callIndex);
    const close = this.code.matching(open);
    return close < 0 ? '' : this.code.blanked.slice(open + 1, close);
  }

  private space(target: JavaMethod | undefined): Term {
    let best: Term = { cost: O_1, why: [] };
    const solutionInMain = target?.name === 'main';
    for (const m of this.code.methods) {
      if (INPUT_HELPERS.has(m.name) && !(solutionInMain && m.name === 'main')) continue;
      const text = this.code.body(m);
      for (const a of text.matchAll(/\bnew\s+[\w$.]+\s*((?:\[[^\]]*\]\s*)+)/g)) {
        const dims = [...a[1].matchAll(/\[([^\]]*)\]/g)].map((d) => d[1]);
        const sized = dims.filter((d) => d.trim() !== '' && !this.isSmallConstant(d));
        if (sized.length > 0) {
          best = pick(best, {
            cost: productOf(sized.map((d) => this.gridSide([d]) ?? this.sizeVariable(identifiersIn(d), []))),
            why: [`the array allocated at line ${this.code.lineOf(m.bodyStart + (a.index ?? 0))}`],
          });
        }
      }
      for (const c of text.matchAll(
        /\b([A-Za-z_$][\w$]*)\s*(?:\.\s*(add|put|offer|push|append|addLast|addFirst|merge|putIfAbsent|computeIfAbsent|compute|addAll|insert)\s*\(|\+=|=(?!=)[^;]*\+)/g,
      )) {
        // A String built up with + grows like a collection.
        if (c[2] === undefined && this.code.typeOf(c[1]) !== 'String') continue;
        const at = m.bodyStart + (c.index ?? 0);
        if (
          this.code.enclosingLoops(at).some((l) => {
            const factor = this.loopFactor(l, []).cost;
            return degree(factor) > 0 || logFactors(factor) > 0;
          })
        ) {
          best = pick(best, {
            cost: O_N,
            why: [`${c[1]} grows inside a loop (line ${this.code.lineOf(at)})`],
          });
        }
      }
      for (const c of text.matchAll(
        /(?<!\b(?:valueOf|toString)\s*\([^()]*\))\.\s*(toCharArray|split|clone|chars)\s*\(|\bArrays\s*\.\s*copyOf|\bnew\s+(?:ArrayList|HashSet|TreeSet|ArrayDeque|LinkedList|StringBuilder)\s*(?:<[^>]*>)?\s*\(\s*[a-z_$]/g,
      )) {
        best = pick(best, {
          cost: O_N,
          why: [`a copy of the input at line ${this.code.lineOf(m.bodyStart + (c.index ?? 0))}`],
        });
      }
      // A stream that sorts, de-duplicates, boxes or collects holds its elements.
      for (const c of text.matchAll(/\.\s*(sorted|distinct|boxed|collect|toList|toArray)\s*\(/g)) {
        best = pick(best, {
          cost: O_N,
          why: [
            `the stream's ${c[1]}() at line ${this.code.lineOf(m.bodyStart + (c.index ?? 0))} holds its elements`,
          ],
        });
      }
    }
    for (const r of this.recursion) {
      const depth = r.kind === 'memoised' ? O_N : r.depth;
      best = pick(best, {
        cost: depth,
        why: [`the call stack of ${r.method}() is ${formatCost(depth).slice(2, -1)} deep`],
      });
    }
    return best;
  }

  private isSmallConstant(expr: string): boolean {
    const e = expr.trim().replace(/[()]/g, '').trim();
    if (e === '') return true;
    const parts = e
      .split(/[-+*/%]/)
      .map((p) => p.trim())
      .filter(Boolean);
    return parts.every((p) => {
      if (/^\d[\d_]*[lL]?$/.test(p)) return Number(p.replace(/[_lL]/g, '')) <= SMALL_CONSTANT;
      if (/^0[xX][\da-fA-F]+$/.test(p)) return Number(p) <= SMALL_CONSTANT;
      const value = this.constants.get(p);
      if (value !== undefined) return value <= SMALL_CONSTANT;
      const length = /^([A-Za-z_$][\w$]*)\s*\.\s*length$/.exec(p);
      return !!length && this.isConstantArray(length[1]);
    });
  }

  /** An array written out in the code (`int[] dirs = {…}`) or allocated with a small constant size. */
  private isConstantArray(name: string): boolean {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
    const literal = new RegExp(`\\b${escape(name)}\\s*=\\s*(?:new\\s+[\\w$]+\\s*(?:\\[\\s*\\])+\\s*)?\\{`);
    if (literal.test(this.code.blanked)) return true;
    const sized = new RegExp(`\\b${escape(name)}\\s*=\\s*new\\s+[\\w$]+\\s*\\[([^\\]]*)\\]`).exec(
      this.code.blanked,
    );
    return !!sized && sized[1].trim() !== '' && this.isSmallConstant(sized[1]);
  }

  private declaredBefore(name: string, offset: number): boolean {
    const decl = new RegExp(
      `\\b(?:int|long|short|var)\\s+(?:[A-Za-z_$][\\w$]*\\s*=[^;,]*,\\s*)*${escape(name)}\\s*[=;,]`,
      'g',
    );
    const at = [...this.code.blanked.matchAll(decl)].map((d) => d.index ?? 0);
    return at.length > 0 && at.some((a) => a < offset);
  }
}

/** The few characters before a call: enough to see its receiver, and cheap on long texts. */
function lookBehind(text: string, index: number): string {
  return text.slice(Math.max(0, index - 120), index);
}

/** The dominant of two terms, keeping the once-overall work of both. */
function pick(a: Term, b: Term): Term {
  const order = compareCost(b.cost, a.cost);
  // On a tie (O(k) then O(n)) the input's length wins: an int input that sizes a loop is usually bounded by it.
  const winner = order > 0 || (order === 0 && N in b.cost.poly && !(N in a.cost.poly)) ? b : a;
  const once =
    a.once && b.once ? (compareCost(b.once.cost, a.once.cost) > 0 ? b.once : a.once) : (a.once ?? b.once);
  return once === winner.once ? winner : { ...winner, once };
}

function pickOnce(a: Term | undefined, b: Term | undefined): Term | undefined {
  return a && b ? (compareCost(b.cost, a.cost) > 0 ? b : a) : (a ?? b);
}

function dedupe(items: string[]): string[] {
  return [...new Set(items)];
}
