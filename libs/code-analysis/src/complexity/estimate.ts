import { compareCost, Cost, degree, formatCost, logFactors, O_1, O_N, productOf, times } from '../cost';
import { identifiersIn, JavaCode, JavaLoop, JavaMethod } from '../java-code';
import { CodeFacts } from './code-facts';
import { LIBRARY_COST_RULES, LibraryScan } from './library-costs';
import { loopCount } from './loops';
import { recursionContext, RecursionKind, recursionShape } from './recursion';
import { lookBehind, pick, pickOnce, Term } from './term';

export type { RecursionKind } from './recursion';

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

const INPUT_HELPERS = new Set(['main', 'readLine', 'readIntArray']);

/**
 * Estimates time and extra space from the structure of the code (loops, calls, recursion, library
 * operations). `sizeNames` are the problem's int inputs: a loop up to one of them runs as many times
 * as its value, and is named after it. The rules live beside this file: `loops.ts` (how often a loop
 * runs), `library-costs.ts` (what a call costs), `recursion.ts` (the kinds of recursion).
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
  return new ComplexityEstimator(new CodeFacts(code, new Set(sizeNames))).estimate(functionName);
}

/** Walks the methods: a method's cost is its loops' counts times their bodies, its calls, its recursion. */
class ComplexityEstimator {
  private readonly methodCosts = new Map<string, Term>();
  private readonly inProgress = new Set<string>();
  private readonly recursion: RecursionInfo[] = [];
  private readonly code: JavaCode;

  constructor(private readonly facts: CodeFacts) {
    this.code = facts.code;
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
      const factor = loopCount(this.facts, loop, enclosing);
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

  /** The cost of code without loops: calls to the user's methods, then library operations (LIBRARY_COST_RULES). */
  private straightCost(text: string, offset: number): Term {
    let best: Term = { cost: O_1, why: [] };
    for (const call of text.matchAll(/(?<![\w$])([A-Za-z_$][\w$]*)\s*\(/g)) {
      const callee = this.code.method(call[1]);
      const before = lookBehind(text, call.index ?? 0);
      if (!callee || /\bnew\s+$/.test(before) || !this.facts.isOwnCall(before)) continue;
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
    const scan: LibraryScan = {
      facts: this.facts,
      text,
      lineAt: (index) => this.code.lineOf(offset + (index ?? 0)),
    };
    for (const rule of LIBRARY_COST_RULES) for (const term of rule.terms(scan)) best = pick(best, term);
    return best;
  }

  private withRecursion(m: JavaMethod, body: Term): Term {
    const ctx = recursionContext(this.facts, m, body);
    if (!ctx) return body;
    const shape = recursionShape(ctx);
    this.recursion.push({ method: m.name, kind: shape.kind, line: ctx.line, depth: shape.depth });
    const term: Term = { cost: shape.cost, why: [shape.why, ...body.why] };
    return shape.amortised ? { ...term, amortised: true } : term;
  }

  private space(target: JavaMethod | undefined): Term {
    let best: Term = { cost: O_1, why: [] };
    const solutionInMain = target?.name === 'main';
    for (const m of this.code.methods) {
      if (INPUT_HELPERS.has(m.name) && !(solutionInMain && m.name === 'main')) continue;
      const text = this.code.body(m);
      for (const a of text.matchAll(/\bnew\s+[\w$.]+\s*((?:\[[^\]]*\]\s*)+)/g)) {
        const dims = [...a[1].matchAll(/\[([^\]]*)\]/g)].map((d) => d[1]);
        const sized = dims.filter((d) => d.trim() !== '' && !this.facts.isSmallConstant(d));
        if (sized.length > 0) {
          best = pick(best, {
            cost: productOf(
              sized.map((d) => this.facts.gridSide([d]) ?? this.facts.sizeVariable(identifiersIn(d), [])),
            ),
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
            const factor = loopCount(this.facts, l, []).cost;
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
}

function dedupe(items: string[]): string[] {
  return [...new Set(items)];
}
