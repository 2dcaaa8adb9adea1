import {
  compareCost,
  Cost,
  formatCost,
  O_1,
  O_2N,
  O_FACT,
  O_LOG,
  O_N,
  O_N_LOG,
  O_SQRT,
  polynomial,
  times,
} from './cost';
import { escape, identifiersIn, JavaCode, JavaLoop, JavaMethod } from './java-code';

/** A cost with the reasons that make it (the dominant path only). */
interface Term {
  cost: Cost;
  why: string[];
}

export type RecursionKind = 'linear' | 'halving' | 'divide-and-conquer' | 'branching' | 'backtracking' | 'memoised' | 'graph';

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
const LINEAR_LOOKUP_TYPES = /^(List|ArrayList|LinkedList|String|StringBuilder|Vector|Deque|ArrayDeque|Queue)\b/;
const LOG_METHODS =
  'add|offer|poll|remove|put|get|containsKey|contains|floorKey|ceilingKey|higherKey|lowerKey|floor|ceiling|higher|lower|first|last|firstKey|lastKey|pollFirst|pollLast|merge|getOrDefault|floorEntry|ceilingEntry';

/** Estimates time and extra space from the structure of the code (loops, calls, recursion, library operations). */
export function estimateComplexity(code: JavaCode, functionName?: string): ComplexityEstimate {
  if (code.tooLargeToAnalyze) {
    const why = ['the code is too large or too deeply nested for the built-in estimate'];
    return { estimated: false, time: O_1, space: O_1, timeText: 'not estimated', spaceText: 'not estimated', method: null, timeReasons: why, spaceReasons: why, recursion: [] };
  }
  return new ComplexityEstimator(code).estimate(functionName);
}

class ComplexityEstimator {
  private readonly methodCosts = new Map<string, Term>();
  private readonly inProgress = new Set<string>();
  private readonly constants: Map<string, number>;
  private readonly recursion: RecursionInfo[] = [];

  constructor(private readonly code: JavaCode) {
    this.constants = new Map();
    for (const m of code.blanked.matchAll(/\bfinal\s+(?:static\s+)?\w+\s+([A-Za-z_$][\w$]*)\s*=\s*([\d_]+)[lL]?\s*;/g)) {
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
    const body = this.rangeCost(m.bodyStart, m.bodyEnd, []);
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
      total = pick(total, { cost: times(factor.cost, work.cost), why: [...factor.why, ...work.why] });
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
        best = pick(best, { cost: cost.cost, why: [`calls ${callee.name}() (${formatCost(cost.cost)}) at line ${this.code.lineOf(offset + (call.index ?? 0))}`, ...cost.why] });
      }
    }
    const at = (index: number | undefined) => this.code.lineOf(offset + (index ?? 0));
    for (const m of text.matchAll(/\b(?:Arrays|Collections)\s*\.\s*sort\s*\(|\.\s*sorted?\s*\(/g)) {
      best = pick(best, { cost: O_N_LOG, why: [`sorting at line ${at(m.index)} is O(n log n)`] });
    }
    for (const m of text.matchAll(/\b(?:Arrays|Collections)\s*\.\s*binarySearch\s*\(/g)) {
      best = pick(best, { cost: O_LOG, why: [`binary search at line ${at(m.index)} is O(log n)`] });
    }
    for (const m of text.matchAll(new RegExp(`\\b([A-Za-z_$][\\w$]*)\\s*\\.\\s*(${LOG_METHODS})\\s*\\(`, 'g'))) {
      const type = this.code.typeOf(m[1]);
      if (type && LOG_TYPES.test(type)) {
        best = pick(best, { cost: O_LOG, why: [`${type.replace(/<.*/, '')}.${m[2]}() at line ${at(m.index)} is O(log n)`] });
      } else if (type && LINEAR_LOOKUP_TYPES.test(type) && /^(contains|remove|indexOf)$/.test(m[2])) {
        best = pick(best, { cost: O_N, why: [`${type.replace(/<.*/, '')}.${m[2]}() at line ${at(m.index)} scans the whole collection (O(n))`] });
      }
    }
    for (const m of text.matchAll(/\b([A-Za-z_$][\w$]*)\s*\.\s*(indexOf|contains|lastIndexOf|substring|toCharArray|split|repeat|chars|replace|replaceAll|addAll|removeAll|containsAll|clone|reverse)\s*\(/g)) {
      const type = this.code.typeOf(m[1]) ?? '';
      if (/^(Set|HashSet|Map|HashMap|LinkedHashSet|LinkedHashMap)\b/.test(type) && m[2] === 'contains') continue;
      if (LOG_TYPES.test(type)) continue;
      best = pick(best, { cost: O_N, why: [`${m[1]}.${m[2]}() at line ${at(m.index)} is O(n)`] });
    }
    for (const m of text.matchAll(/\b(?:Arrays\s*\.\s*(?:fill|copyOf|copyOfRange|stream|asList|equals|toString|deepToString)|System\s*\.\s*arraycopy|Collections\s*\.\s*(?:max|min|reverse|frequency|nCopies|shuffle)|String\s*\.\s*join)\s*\(/g)) {
      best = pick(best, { cost: O_N, why: [`a whole-array operation at line ${at(m.index)} is O(n)`] });
    }
    for (const m of text.matchAll(/\b([A-Za-z_$][\w$]*)\s*\+=/g)) {
      if (this.code.typeOf(m[1]) === 'String') {
        best = pick(best, { cost: O_N, why: [`String concatenation with += at line ${at(m.index)} copies the string (O(n))`] });
      }
    }
    return best;
  }

  private loopFactor(loop: JavaLoop, enclosing: JavaLoop[]): Term {
    const line = this.code.lineOf(loop.start);
    const linear = (what: string): Term => ({ cost: O_N, why: [`the ${loop.kind === 'foreach' ? 'for-each' : loop.kind} loop at line ${line} runs ${what}`] });
    const constant: Term = { cost: O_1, why: [] };
    const body = this.code.blanked.slice(loop.bodyStart, loop.bodyEnd);
    if (loop.kind === 'foreach') {
      const iterable = loop.header.slice(loop.header.indexOf(':') + 1).trim();
      if (this.isSmallConstant(iterable) || this.isConstantArray(iterable)) return constant;
      const inQueueLoop = enclosing.some((l) => l.kind === 'while' && /isEmpty\s*\(/.test(l.header));
      if (inQueueLoop && /(\.\s*get\s*\([^)]*\)|\[[^\]]+\])\s*$/.test(iterable)) return constant;
      return linear(`over ${iterable} (n items)`);
    }
    if (loop.kind === 'for') {
      const [init = '', cond = '', update = ''] = loop.header.split(';');
      if (!cond.trim()) return linear('until a break (assumed n times)');
      const loopVar = /([A-Za-z_$][\w$]*)\s*=/.exec(init)?.[1] ?? /([A-Za-z_$][\w$]*)\s*(?:\+\+|--|[-+*/]=|>>=|<<=)/.exec(update)?.[1];
      if (/\*=|\/=|>>>?=|<<=/.test(update) || (loopVar && new RegExp(`${escape(loopVar)}\\s*=\\s*${escape(loopVar)}\\s*[*/]`).test(update))) {
        return { cost: O_LOG, why: [`the loop at line ${line} multiplies or divides its counter (O(log n) steps)`] };
      }
      const step = /\+=\s*([A-Za-z_$][\w$]*)\s*$/.exec(update.trim());
      if (step && enclosing.some((l) => l.kind === 'for' && new RegExp(`^\\s*(?:\\w+\\s+)?${escape(step[1])}\\s*=`).test(l.header))) {
        return { cost: O_LOG, why: [`the loop at line ${line} steps by the outer counter (n/1 + n/2 + … = O(n log n) in total)`] };
      }
      if (loopVar && (new RegExp(`\\b${escape(loopVar)}\\s*\\*\\s*${escape(loopVar)}\\b`).test(cond) || /Math\s*\.\s*sqrt/.test(cond))) {
        return { cost: O_SQRT, why: [`the loop at line ${line} stops at √n`] };
      }
      const bounds = [init.replace(/^[^=]*=/, ''), ...cond.split(/&&|\|\|/).map((c) => c.split(/<=|>=|<|>|!=/).filter((s) => !identifiersIn(s).includes(loopVar ?? '')).join(' '))];
      if (bounds.every((b) => this.isSmallConstant(b))) return constant;
      return linear(`up to ${cond.trim().replace(/\s+/g, ' ')} (n times)`);
    }
    // while and do-while
    const cond = loop.header;
    if (/^\s*true\s*$/.test(cond)) return linear('until a break (assumed n times)');
    const condVars = identifiersIn(cond);
    const halves = condVars.some((v) =>
      new RegExp(`\\b${escape(v)}\\s*(?:/=|>>>?=|\\*=|<<=|&=)|\\b${escape(v)}\\s*=\\s*[^;=]*(?:/\\s*2\\b|>>>?\\s*1\\b|\\bmid\\b)`).test(body),
    );
    if (halves) return { cost: O_LOG, why: [`the loop at line ${line} halves its range each step (O(log n) steps)`] };
    const outer = enclosing[enclosing.length - 1];
    if (outer) {
      if (/isEmpty\s*\(|size\s*\(\s*\)\s*>/.test(cond)) return { cost: O_1, why: [] };
      // Two pointers: the inner loop moves a pointer kept across outer iterations, so it runs n times in total.
      const pointers = [...body.matchAll(/([A-Za-z_$][\w$]*)\s*(?:\+\+|--|\+=\s*1\b)|(?:\+\+|--)\s*([A-Za-z_$][\w$]*)/g)].map((p) => p[1] ?? p[2]);
      const moved = pointers.find(
        (v) =>
          this.declaredBefore(v, outer.start) &&
          (condVars.includes(v) || new RegExp(`\\[\\s*${escape(v)}\\s*\\]|charAt\\s*\\(\\s*${escape(v)}\\s*\\)|get\\s*\\(\\s*${escape(v)}\\s*\\)`).test(body)),
      );
      if (moved) return { cost: O_1, why: [] };
    }
    if (condVars.length > 0 && condVars.every((v) => this.isSmallConstant(v))) return constant;
    return linear(`while ${cond.trim().replace(/\s+/g, ' ')} (assumed n times)`);
  }

  private withRecursion(m: JavaMethod, body: Term): Term {
    const text = this.code.body(m);
    const selfCall = new RegExp(`(?<![\\w$])${escape(m.name)}\\s*\\(`, 'g');
    const calls = [...text.matchAll(selfCall)].filter((c) => this.isOwnCall(lookBehind(text, c.index ?? 0))).slice(0, MAX_CALL_SITES).map((c) => ({ index: m.bodyStart + (c.index ?? 0), args: this.argsAt(m.bodyStart + (c.index ?? 0)) }));
    if (calls.length === 0) return body;
    const line = this.code.lineOf(calls[0].index);
    const record = (kind: RecursionKind, depth: Cost, cost: Cost, why: string): Term => {
      this.recursion.push({ method: m.name, kind, line, depth });
      return { cost, why: [why, ...body.why] };
    };
    const memoDims = this.memoDimensions(text);
    if (memoDims > 0) {
      const states = polynomial(memoDims);
      return record('memoised', O_N, times(states, body.cost), `${m.name}() is memoised: each of the ${formatCost(states).slice(2, -1)} states is computed once (line ${line})`);
    }
    const guard = /\b(visited|vis|seen|marked)\s*(\[|\.\s*(contains|add)\s*\()/.test(text);
    const resets = /\b\w+\s*\[[^\]]*\]\s*=\s*false\b|\.\s*remove\s*\(|swap\s*\(/.test(text.slice(text.search(selfCall)));
    const inLoop = calls.some((c) => this.code.enclosingLoops(c.index).some((l) => l.start >= m.bodyStart));
    if (guard && !resets) return record('graph', O_N, O_N, `${m.name}() visits each node once thanks to its visited marks (O(n) over nodes and edges)`);
    if (inLoop) {
      if (resets) return record('backtracking', O_N, O_FACT, `${m.name}() tries every arrangement: it recurses in a loop and undoes its choice (backtracking, line ${line})`);
      return record('branching', O_N, O_2N, `${m.name}() calls itself inside a loop without memoisation (line ${line})`);
    }
    const midVars = [...text.matchAll(/([A-Za-z_$][\w$]*)\s*=\s*[^;]*(?:\/\s*2\b|>>>?\s*1\b)/g)].map((v) => v[1]);
    const halving = calls.every((c) => /\/\s*2\b|>>>?\s*1\b/.test(c.args) || midVars.some((v) => new RegExp(`\\b${escape(v)}\\b`).test(c.args)));
    const branches = this.exclusiveReturns(text, selfCall) ? 1 : calls.length;
    if (branches >= 2 && halving) {
      if (compareCost(body.cost, O_N) >= 0) {
        return record('divide-and-conquer', O_LOG, times(body.cost, O_LOG), `${m.name}() splits the range in half twice and does ${formatCost(body.cost)} work per level (divide and conquer, line ${line})`);
      }
      return record('divide-and-conquer', O_LOG, O_N, `${m.name}() splits the range in half and visits every part (line ${line})`);
    }
    if (branches >= 2) {
      return record('branching', O_N, O_2N, `${m.name}() calls itself ${branches} times per call with smaller arguments and no memoisation: the calls double at each level (line ${line})`);
    }
    if (halving) {
      if (compareCost(body.cost, O_N) >= 0) return record('halving', O_LOG, body.cost, `${m.name}() recurses on half the input (line ${line})`);
      return record('halving', O_LOG, times(O_LOG, body.cost), `${m.name}() recurses on half of its range each time: O(log n) calls (line ${line})`);
    }
    return record('linear', O_N, times(O_N, body.cost), `${m.name}() recurses once per call, one step smaller: n calls deep (line ${line})`);
  }

  /** Each recursive call sits in its own `return` statement: only one of them runs per call. */
  private exclusiveReturns(text: string, selfCall: RegExp): boolean {
    const statements = text.split(/[;{}]/).filter((s) => new RegExp(selfCall.source).test(s));
    if (statements.length < 2) return false;
    return statements.every((s) => /\breturn\b/.test(s) && [...s.matchAll(new RegExp(selfCall.source, 'g'))].length === 1);
  }

  /** Dimensions of a memo table read and written in a recursive body (0 when none). */
  private memoDimensions(text: string): number {
    for (const w of text.matchAll(/([A-Za-z_$][\w$]*)((?:\s*\[[^\]]*\])+)\s*=(?!=)/g)) {
      const name = w[1];
      if (/^(visited|vis|seen|used|marked)$/.test(name)) continue;
      const read = new RegExp(`(?:\\b${escape(name)}(?:\\s*\\[[^\\]]*\\])+\\s*(?:!=|==|>=|<=|>|<)|\\breturn\\s+${escape(name)}\\s*\\[|(?:!=|==)\\s*${escape(name)}\\s*\\[)`);
      const declaredHere = new RegExp(`\\b${escape(name)}\\s*=\\s*new\\b`).test(text);
      if (read.test(text) && !declaredHere) return (w[2].match(/\[/g) ?? []).length;
    }
    for (const w of text.matchAll(/([A-Za-z_$][\w$]*)\s*\.\s*put\s*\(([^,]*),/g)) {
      if (new RegExp(`\\b${escape(w[1])}\\s*\\.\\s*(containsKey|get|getOrDefault)\\s*\\(`).test(text)) {
        return Math.max(1, Math.min(3, identifiersIn(w[2]).filter((v) => !/^(String|Integer|Long|valueOf)$/.test(v)).length));
      }
    }
    return 0;
  }

  /** A call written after `receiver.` is the user's only on `this.` or an object of one of the user's classes. */
  private isOwnCall(before: string): boolean {
    const receiver = /([\w$)]+)\s*\.\s*$/.exec(before);
    if (!receiver) return true;
    if (receiver[1] === 'this' || receiver[1].endsWith(')')) return true;
    const type = this.code.typeOf(receiver[1]) ?? receiver[1];
    return this.code.blanked.includes(`class ${type}`);
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
        const degree = dims.filter((d) => d.trim() !== '' && !this.isSmallConstant(d)).length;
        if (degree > 0) {
          best = pick(best, { cost: polynomial(degree), why: [`the array allocated at line ${this.code.lineOf(m.bodyStart + (a.index ?? 0))}`] });
        }
      }
      for (const c of text.matchAll(/\b([A-Za-z_$][\w$]*)\s*\.\s*(add|put|offer|push|append|addLast|addFirst|merge|putIfAbsent|computeIfAbsent|compute|addAll)\s*\(/g)) {
        const at = m.bodyStart + (c.index ?? 0);
        if (this.code.enclosingLoops(at).some((l) => this.loopFactor(l, []).cost.poly > 0 || this.loopFactor(l, []).cost.log > 0)) {
          best = pick(best, { cost: O_N, why: [`${c[1]} grows inside a loop (line ${this.code.lineOf(at)})`] });
        }
      }
      for (const c of text.matchAll(/\.\s*(toCharArray|split|clone|chars)\s*\(|\bArrays\s*\.\s*copyOf/g)) {
        best = pick(best, { cost: O_N, why: [`a copy of the input at line ${this.code.lineOf(m.bodyStart + (c.index ?? 0))}`] });
      }
    }
    for (const r of this.recursion) {
      const depth = r.kind === 'memoised' ? O_N : r.depth;
      best = pick(best, { cost: depth, why: [`the call stack of ${r.method}() is ${formatCost(depth).slice(2, -1)} deep`] });
    }
    return best;
  }

  private isSmallConstant(expr: string): boolean {
    const e = expr.trim().replace(/[()]/g, '').trim();
    if (e === '') return true;
    const parts = e.split(/[-+*/%]/).map((p) => p.trim()).filter(Boolean);
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
    const sized = new RegExp(`\\b${escape(name)}\\s*=\\s*new\\s+[\\w$]+\\s*\\[([^\\]]*)\\]`).exec(this.code.blanked);
    return !!sized && sized[1].trim() !== '' && this.isSmallConstant(sized[1]);
  }

  private declaredBefore(name: string, offset: number): boolean {
    const decl = new RegExp(`\\b(?:int|long|short|var)\\s+(?:[A-Za-z_$][\\w$]*\\s*=[^;,]*,\\s*)*${escape(name)}\\s*[=;,]`, 'g');
    const at = [...this.code.blanked.matchAll(decl)].map((d) => d.index ?? 0);
    return at.length > 0 && at.some((a) => a < offset);
  }
}

/** The few characters before a call: enough to see its receiver, and cheap on long texts. */
function lookBehind(text: string, index: number): string {
  return text.slice(Math.max(0, index - 120), index);
}

function pick(a: Term, b: Term): Term {
  return compareCost(b.cost, a.cost) > 0 ? b : a;
}

function dedupe(items: string[]): string[] {
  return [...new Set(items)];
}

