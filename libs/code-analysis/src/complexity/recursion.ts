import {
  compareCost,
  Cost,
  formatCost,
  linearIn,
  N,
  O_2N,
  O_FACT,
  O_LOG,
  O_N,
  productOf,
  times,
} from '../cost';
import { escape, identifiersIn, JavaMethod } from '../java-code';
import { CodeFacts } from './code-facts';
import { lookBehind, Term } from './term';

export type RecursionKind =
  'linear' | 'halving' | 'divide-and-conquer' | 'branching' | 'backtracking' | 'memoised' | 'graph';

/**
 * A recursive method read by small named rules, tried in order (RECURSION_RULES): the first that
 * recognises its shape names the kind, the depth of the call stack and the total cost.
 */
export interface RecursionContext {
  facts: CodeFacts;
  method: JavaMethod;
  /** The method's body, comments and literals blanked. */
  text: string;
  /** The method's own calls (at most MAX_CALL_SITES): offsets and argument texts. */
  calls: { index: number; args: string }[];
  /** The line of the first recursive call. */
  line: number;
  /** The body's own cost, without the recursion. */
  body: Term;
  /** Writes that undo a choice after the call (`used[i] = false`, `remove`, `swap`). */
  resets: boolean;
  /** A recursive call inside one of the method's loops. */
  inLoop: boolean;
  /** Every call passes half the range (`mid`, `/ 2`, `>> 1`). */
  halving: boolean;
  /** Calls per call: 1 when each sits in its own `return`. */
  branches: number;
}

export interface RecursionShape {
  kind: RecursionKind;
  /** Depth of the call stack in n: linear for n-1 steps, logarithmic for halving. */
  depth: Cost;
  cost: Cost;
  why: string;
  /** The cost is a total over all calls (memoised states, visited nodes), not per call. */
  amortised?: true;
}

export interface RecursionRule {
  name: string;
  read(ctx: RecursionContext): RecursionShape | undefined;
}

/** Recursive call sites looked at per method; more say nothing new. */
const MAX_CALL_SITES = 50;

/** A memo table read and written: each state once (`memo[i][j]`, `map.containsKey(key)`). */
export const memoised: RecursionRule = {
  name: 'memoised',
  read({ facts, method, text, body, line }) {
    const states = memoStates(facts, text);
    // Repeated calls find their answer stored: over all calls the work is the states', once.
    return states
      ? {
          kind: 'memoised',
          depth: O_N,
          cost: times(states, body.cost),
          why: `${method.name}() is memoised: each of the ${formatCost(states).slice(2, -1)} states is computed once (line ${line})`,
          amortised: true,
        }
      : undefined;
  },
};

/** A search that marks what it visited and never unmarks it: each node or cell once. */
export const graphSearch: RecursionRule = {
  name: 'graph-search',
  read({ facts, method, text, resets }) {
    const guard = /\b(visited|vis|seen|marked)\s*(\[|\.\s*(contains|add)\s*\()/.test(text);
    if (!guard || resets) return undefined;
    const cells = facts.gridCells(text);
    return {
      kind: 'graph',
      depth: O_N,
      cost: cells ?? O_N,
      why: `${method.name}() visits each ${cells ? 'cell' : 'node'} once thanks to its visited marks (${cells ? formatCost(cells) : 'O(n) over nodes and edges'} over all calls)`,
      amortised: true,
    };
  },
};

/** Recursion in a loop that undoes its choice: every arrangement, O(n!). */
export const backtracking: RecursionRule = {
  name: 'backtracking',
  read: ({ method, inLoop, resets, line }) =>
    inLoop && resets
      ? {
          kind: 'backtracking',
          depth: O_N,
          cost: O_FACT,
          why: `${method.name}() tries every arrangement: it recurses in a loop and undoes its choice (backtracking, line ${line})`,
        }
      : undefined,
};

/** Recursion in a loop, no memo: the calls multiply, O(2^n). */
export const loopBranching: RecursionRule = {
  name: 'loop-branching',
  read: ({ method, inLoop, line }) =>
    inLoop
      ? {
          kind: 'branching',
          depth: O_N,
          cost: O_2N,
          why: `${method.name}() calls itself inside a loop without memoisation (line ${line})`,
        }
      : undefined,
};

/** Two calls on halves: O(log n) deep, the body's work at each level (merge sort's n log n). */
export const divideAndConquer: RecursionRule = {
  name: 'divide-and-conquer',
  read({ method, body, branches, halving, line }) {
    if (branches < 2 || !halving) return undefined;
    if (compareCost(body.cost, O_N) >= 0)
      return {
        kind: 'divide-and-conquer',
        depth: O_LOG,
        cost: times(body.cost, O_LOG),
        why: `${method.name}() splits the range in half twice and does ${formatCost(body.cost)} work per level (divide and conquer, line ${line})`,
      };
    return {
      kind: 'divide-and-conquer',
      depth: O_LOG,
      cost: O_N,
      why: `${method.name}() splits the range in half and visits every part (line ${line})`,
    };
  },
};

/** Two or more calls per call on smaller arguments, no memo: O(2^n). */
export const branching: RecursionRule = {
  name: 'branching',
  read: ({ method, branches, line }) =>
    branches >= 2
      ? {
          kind: 'branching',
          depth: O_N,
          cost: O_2N,
          why: `${method.name}() calls itself ${branches} times per call with smaller arguments and no memoisation: the calls double at each level (line ${line})`,
        }
      : undefined,
};

/** One call on half the range (binary search): O(log n) deep. */
export const halving: RecursionRule = {
  name: 'halving',
  read({ method, body, halving: halves, line }) {
    if (!halves) return undefined;
    if (compareCost(body.cost, O_N) >= 0)
      return {
        kind: 'halving',
        depth: O_LOG,
        cost: body.cost,
        why: `${method.name}() recurses on half the input (line ${line})`,
      };
    return {
      kind: 'halving',
      depth: O_LOG,
      cost: times(O_LOG, body.cost),
      why: `${method.name}() recurses on half of its range each time: O(log n) calls (line ${line})`,
    };
  },
};

/** One call one step smaller: as deep as its argument, the body's work at each level (what no rule above reads). */
export function linearRecursion({ facts, method, calls, body, line }: RecursionContext): RecursionShape {
  const variable = facts.sizeVariable(identifiersIn(calls[0].args), []);
  return {
    kind: 'linear',
    depth: O_N,
    cost: times(linearIn(variable), body.cost),
    why: `${method.name}() recurses once per call, one step smaller: ${variable} calls deep (line ${line})`,
  };
}

export const RECURSION_RULES: RecursionRule[] = [
  memoised,
  graphSearch,
  backtracking,
  loopBranching,
  divideAndConquer,
  branching,
  halving,
];

/** The facts the rules read of a method that calls itself, or undefined when it does not. */
export function recursionContext(facts: CodeFacts, m: JavaMethod, body: Term): RecursionContext | undefined {
  const { code } = facts;
  const text = code.body(m);
  const selfCall = new RegExp(`(?<![\\w$])${escape(m.name)}\\s*\\(`, 'g');
  const calls = [...text.matchAll(selfCall)]
    .filter((c) => facts.isOwnCall(lookBehind(text, c.index ?? 0)))
    .slice(0, MAX_CALL_SITES)
    .map((c) => ({ index: m.bodyStart + (c.index ?? 0), args: facts.argsAt(m.bodyStart + (c.index ?? 0)) }));
  if (calls.length === 0) return undefined;
  const midVars = [...text.matchAll(/([A-Za-z_$][\w$]*)\s*=\s*[^;]*(?:\/\s*2\b|>>>?\s*1\b)/g)].map(
    (v) => v[1],
  );
  return {
    facts,
    method: m,
    text,
    calls,
    line: code.lineOf(calls[0].index),
    body,
    resets: /\b\w+\s*\[[^\]]*\]\s*=\s*false\b|\.\s*remove\s*\(|swap\s*\(/.test(
      text.slice(text.search(selfCall)),
    ),
    inLoop: calls.some((c) => code.enclosingLoops(c.index).some((l) => l.start >= m.bodyStart)),
    halving: calls.every(
      (c) =>
        /\/\s*2\b|>>>?\s*1\b/.test(c.args) ||
        midVars.some((v) => new RegExp(`\\b${escape(v)}\\b`).test(c.args)),
    ),
    branches: exclusiveReturns(text, selfCall) ? 1 : calls.length,
  };
}

/** The shape of a recursion, by the first rule that reads it, else linear. */
export function recursionShape(ctx: RecursionContext): RecursionShape {
  for (const rule of RECURSION_RULES) {
    const shape = rule.read(ctx);
    if (shape) return shape;
  }
  return linearRecursion(ctx);
}

/** Each recursive call sits in its own `return` statement: only one of them runs per call. */
function exclusiveReturns(text: string, selfCall: RegExp): boolean {
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
function memoStates(facts: CodeFacts, text: string): Cost | undefined {
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
    ).exec(facts.code.blanked);
    const dims = allocation
      ? [...allocation[1].matchAll(/\[([^\]]*)\]/g)].map((d) => d[1])
      : (w[2].match(/\[/g) ?? []).map(() => N);
    const sized = dims.filter((d) => !facts.isSmallConstant(d));
    // A table sized by constants alone (`new long[100]`) is sized for the largest input: n per dimension.
    return productOf(
      sized.length
        ? sized.map((d) => facts.gridSide([d]) ?? facts.sizeVariable(identifiersIn(d), []))
        : dims.map(() => N),
    );
  }
  for (const w of text.matchAll(/([A-Za-z_$][\w$]*)\s*\.\s*put\s*\(([^,]*),/g)) {
    if (new RegExp(`\\b${escape(w[1])}\\s*\\.\\s*(containsKey|get|getOrDefault)\\s*\\(`).test(text)) {
      const parts = identifiersIn(w[2])
        .filter((v) => !/^(String|Integer|Long|valueOf|toString)$/.test(v))
        .slice(0, 3);
      return productOf((parts.length ? parts : [N]).map((v) => (facts.sizeNames.has(v) ? v : N)));
    }
  }
  return undefined;
}
