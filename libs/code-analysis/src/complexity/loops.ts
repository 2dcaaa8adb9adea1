import { Cost, formatCost, linearIn, logOf, N, O_1, O_2N } from '../cost';
import { escape, identifiersIn, JavaLoop } from '../java-code';
import { CodeFacts } from './code-facts';
import { Term } from './term';

/**
 * How many times a loop runs, read from its header and body by small named rules: each kind of
 * loop tries its rules in order and the first that knows the count gives it; a loop no rule reads
 * runs once per element of what it names (`linear`).
 */
export interface LoopContext {
  facts: CodeFacts;
  loop: JavaLoop;
  /** The loops around this one, outermost first. */
  enclosing: JavaLoop[];
  line: number;
  /** The loop's body, comments and literals blanked. */
  body: string;
}

/** A for loop's header read once: its parts, its counter, and the size variable its bound names. */
export interface ForHeader {
  cond: string;
  update: string;
  loopVar?: string;
  /** The header's bounds: the start, then each condition's side that is not the counter. */
  bounds: string[];
  variable: string;
}

/** A while loop's condition and the variables it reads. */
export interface WhileHeader {
  cond: string;
  condVars: string[];
  variable: string;
}

export interface LoopRule<H> {
  name: string;
  count(ctx: LoopContext, header: H): Term | undefined;
}

const CONSTANT: Term = { cost: O_1, why: [] };
const kindWord = (loop: JavaLoop) => (loop.kind === 'foreach' ? 'for-each' : loop.kind);
const squash = (text: string) => text.trim().replace(/\s+/g, ' ');

/** The loop runs `variable` times; an int input of the problem says its value is the size. */
export function linear(ctx: LoopContext, variable: string, runs: string): Term {
  const named = ctx.facts.sizeNames.has(variable) && identifiersIn(ctx.loop.header).includes(variable);
  return {
    cost: linearIn(variable),
    why: [
      `the ${kindWord(ctx.loop)} loop at line ${ctx.line} runs ${runs} (${named ? `${variable} times: the value of ${variable} is its size` : `${variable} times`})`,
    ],
  };
}

const logarithmic = (variable: string, why: string): Term => ({ cost: logOf(variable), why: [why] });

// ---- for-each: `for (T x : iterable)` ----

export const iterableOf = (ctx: LoopContext) =>
  ctx.loop.header.slice(ctx.loop.header.indexOf(':') + 1).trim();

/** Over a constant array or a small constant: `for (int[] d : DIRS)`. */
export const constantIterable: LoopRule<string> = {
  name: 'constant-iterable',
  count: (ctx, iterable) =>
    ctx.facts.isSmallConstant(iterable) || ctx.facts.isConstantArray(iterable) ? CONSTANT : undefined,
};

/** Over the digits of a number: `for (char c : String.valueOf(n).toCharArray())` is O(log n). */
export const digitsOfNumber: LoopRule<string> = {
  name: 'digits-of-number',
  count(ctx, iterable) {
    const digits =
      /\b(?:String\s*\.\s*valueOf|Integer\s*\.\s*toString|Long\s*\.\s*toString)\s*\(\s*([A-Za-z_$][\w$]*)\s*\)/.exec(
        iterable,
      );
    if (!digits) return undefined;
    const variable = ctx.facts.sizeVariable([digits[1]], ctx.enclosing);
    return logarithmic(
      variable,
      `the for-each loop at line ${ctx.line} runs over the digits of ${digits[1]} (O(log ${variable}))`,
    );
  },
};

/** Over the rows of a grid: m. */
export const gridRows: LoopRule<string> = {
  name: 'grid-rows',
  count: (ctx, iterable) =>
    ctx.facts.isGrid(iterable) ? linear(ctx, 'm', `over the rows of ${iterable}`) : undefined,
};

/** Over one node's neighbours inside a queue loop (BFS): the queue loop already counts every edge once. */
export const queueNeighbours: LoopRule<string> = {
  name: 'queue-neighbours',
  count(ctx, iterable) {
    const inQueueLoop = ctx.enclosing.some((l) => l.kind === 'while' && /isEmpty\s*\(/.test(l.header));
    return inQueueLoop && /(\.\s*get\s*\([^)]*\)|\[[^\]]+\])\s*$/.test(iterable) ? CONSTANT : undefined;
  },
};

export const FOREACH_RULES: LoopRule<string>[] = [
  constantIterable,
  digitsOfNumber,
  gridRows,
  queueNeighbours,
];

// ---- for: `for (init; cond; update)` ----

export function readForHeader(ctx: LoopContext): ForHeader {
  const [init = '', cond = '', update = ''] = ctx.loop.header.split(';');
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
    ctx.facts.gridSide(measured) ?? ctx.facts.sizeVariable(measured.flatMap(identifiersIn), ctx.enclosing);
  return { cond, update, loopVar, bounds, variable };
}

/** `for (;;)`: until a break, assumed n times. */
export const untilBreak: LoopRule<ForHeader> = {
  name: 'until-break',
  count: (ctx, h) => (h.cond.trim() ? undefined : linear(ctx, N, 'until a break (assumed n times)')),
};

/** `mask < (1 << n)`: every subset. */
export const subsets: LoopRule<ForHeader> = {
  name: 'subsets',
  count: (ctx, h) =>
    /\b1L?\s*<<|\bMath\s*\.\s*pow\s*\(\s*2\b/.test(h.cond)
      ? { cost: O_2N, why: [`the loop at line ${ctx.line} runs over all 2^n subsets (${squash(h.cond)})`] }
      : undefined,
};

/** `i *= 2`, `i /= 10`, `i >>= 1`, `i = i * k`: logarithmic steps. */
export const multipliedCounter: LoopRule<ForHeader> = {
  name: 'multiplied-counter',
  count: (ctx, h) =>
    /\*=|\/=|>>>?=|<<=/.test(h.update) ||
    (h.loopVar && new RegExp(`${escape(h.loopVar)}\\s*=\\s*${escape(h.loopVar)}\\s*[*/]`).test(h.update))
      ? logarithmic(
          h.variable,
          `the loop at line ${ctx.line} multiplies or divides its counter (O(log ${h.variable}) steps)`,
        )
      : undefined,
};

/** `j += i` inside `for (i …)`: a sieve's harmonic sum, n log n in total. */
export const harmonicStep: LoopRule<ForHeader> = {
  name: 'harmonic-step',
  count(ctx, h) {
    const step = /\+=\s*([A-Za-z_$][\w$]*)\s*$/.exec(h.update.trim());
    const byOuterCounter =
      step &&
      ctx.enclosing.some(
        (l) => l.kind === 'for' && new RegExp(`^\\s*(?:\\w+\\s+)?${escape(step[1])}\\s*=`).test(l.header),
      );
    return byOuterCounter
      ? logarithmic(
          h.variable,
          `the loop at line ${ctx.line} steps by the outer counter (n/1 + n/2 + … = O(n log n) in total)`,
        )
      : undefined;
  },
};

/** `i * i <= n` or `Math.sqrt`: √n steps. */
export const squareRoot: LoopRule<ForHeader> = {
  name: 'square-root',
  count: (ctx, h) =>
    h.loopVar &&
    (new RegExp(`\\b${escape(h.loopVar)}\\s*\\*\\s*${escape(h.loopVar)}\\b`).test(h.cond) ||
      /Math\s*\.\s*sqrt/.test(h.cond))
      ? {
          cost: { exp: 0, poly: { [h.variable]: 0.5 }, log: {} },
          why: [`the loop at line ${ctx.line} stops at √${h.variable}`],
        }
      : undefined,
};

/** Bounded by constants only (`i < 26`, `d < DIRS.length`): O(1). */
export const constantBounds: LoopRule<ForHeader> = {
  name: 'constant-bounds',
  count: (ctx, h) => (h.bounds.every((b) => ctx.facts.isSmallConstant(b)) ? CONSTANT : undefined),
};

export const FOR_RULES: LoopRule<ForHeader>[] = [
  untilBreak,
  subsets,
  multipliedCounter,
  harmonicStep,
  squareRoot,
  constantBounds,
];

// ---- while and do-while ----

/** `while (true)`: until a break, assumed n times. */
export const whileTrue: LoopRule<WhileHeader> = {
  name: 'while-true',
  count: (ctx, h) =>
    /^\s*true\s*$/.test(h.cond) ? linear(ctx, N, 'until a break (assumed n times)') : undefined,
};

/** A top-level queue loop over a grid (BFS): each cell once. */
export const queueOverGrid: LoopRule<WhileHeader> = {
  name: 'queue-over-grid',
  count(ctx, h) {
    const cells: Cost | undefined =
      !ctx.enclosing.length && /isEmpty\s*\(/.test(h.cond) ? ctx.facts.gridCells(ctx.body) : undefined;
    return cells
      ? {
          cost: cells,
          why: [`the queue loop at line ${ctx.line} takes each cell of the grid once (${formatCost(cells)})`],
        }
      : undefined;
  },
};

/** A range halved each step (`n /= 2`, `hi = mid`, `x &= x - 1`), or Euclid's `a % b`: logarithmic. */
export const halvingRange: LoopRule<WhileHeader> = {
  name: 'halving-range',
  count(ctx, h) {
    const { body } = ctx;
    // Euclid's loop (`t = a % b; a = b; b = t`) shrinks its divisor at least by half every two steps.
    const euclid = h.condVars.some(
      (v) =>
        new RegExp(`%\\s*${escape(v)}\\b`).test(body) && new RegExp(`\\b${escape(v)}\\s*=(?!=)`).test(body),
    );
    const halves =
      euclid ||
      h.condVars.some((v) =>
        new RegExp(
          `\\b${escape(v)}\\s*(?:/=|>>>?=|\\*=|<<=|&=)|\\b${escape(v)}\\s*=\\s*[^;=]*(?:/\\s*2\\b|>>>?\\s*1\\b|\\bmid\\b)`,
        ).test(body),
      );
    return halves
      ? logarithmic(
          h.variable,
          `the loop at line ${ctx.line} halves its range each step (O(log ${h.variable}) steps)`,
        )
      : undefined;
  },
};

/** An inner loop that drains a queue or stack shared with the outer loop: its work is counted there. */
export const drainsSharedQueue: LoopRule<WhileHeader> = {
  name: 'drains-shared-queue',
  count: (ctx, h) =>
    ctx.enclosing.length && /isEmpty\s*\(|size\s*\(\s*\)\s*>/.test(h.cond) ? CONSTANT : undefined,
};

/** Two pointers: the inner loop moves a pointer kept across outer iterations, so it runs n times in total. */
export const twoPointers: LoopRule<WhileHeader> = {
  name: 'two-pointers',
  count(ctx, h) {
    const outer = ctx.enclosing[ctx.enclosing.length - 1];
    if (!outer) return undefined;
    const pointers = [
      ...ctx.body.matchAll(/([A-Za-z_$][\w$]*)\s*(?:\+\+|--|\+=\s*1\b)|(?:\+\+|--)\s*([A-Za-z_$][\w$]*)/g),
    ].map((p) => p[1] ?? p[2]);
    const moved = pointers.find(
      (v) =>
        ctx.facts.declaredBefore(v, outer.start) &&
        (h.condVars.includes(v) ||
          new RegExp(
            `\\[\\s*${escape(v)}\\s*\\]|charAt\\s*\\(\\s*${escape(v)}\\s*\\)|get\\s*\\(\\s*${escape(v)}\\s*\\)`,
          ).test(ctx.body)),
    );
    return moved ? CONSTANT : undefined;
  },
};

/** A condition on constants only: O(1). */
export const constantCondition: LoopRule<WhileHeader> = {
  name: 'constant-condition',
  count: (ctx, h) =>
    h.condVars.length > 0 && h.condVars.every((v) => ctx.facts.isSmallConstant(v)) ? CONSTANT : undefined,
};

export const WHILE_RULES: LoopRule<WhileHeader>[] = [
  whileTrue,
  queueOverGrid,
  halvingRange,
  drainsSharedQueue,
  twoPointers,
  constantCondition,
];

function firstRule<H>(rules: LoopRule<H>[], ctx: LoopContext, header: H): Term | undefined {
  for (const rule of rules) {
    const term = rule.count(ctx, header);
    if (term) return term;
  }
  return undefined;
}

export function loopContext(facts: CodeFacts, loop: JavaLoop, enclosing: JavaLoop[]): LoopContext {
  return {
    facts,
    loop,
    enclosing,
    line: facts.code.lineOf(loop.start),
    body: facts.code.blanked.slice(loop.bodyStart, loop.bodyEnd),
  };
}

export function readWhileHeader(ctx: LoopContext): WhileHeader {
  const condVars = identifiersIn(ctx.loop.header);
  return { cond: ctx.loop.header, condVars, variable: ctx.facts.sizeVariable(condVars, ctx.enclosing) };
}

/**
 * How many times a loop runs, by the first rule of its kind that reads it, else once per element.
 * The loop's size variable is recorded for the loops nested in it (`for (j < i)` inherits i's).
 */
export function loopCount(facts: CodeFacts, loop: JavaLoop, enclosing: JavaLoop[]): Term {
  const term = countOf(loopContext(facts, loop, enclosing));
  const variables = Object.keys(term.cost.poly).concat(Object.keys(term.cost.log));
  facts.loopVariables.set(loop, variables[0] ?? N);
  return term;
}

function countOf(ctx: LoopContext): Term {
  if (ctx.loop.kind === 'foreach') {
    const iterable = iterableOf(ctx);
    return firstRule(FOREACH_RULES, ctx, iterable) ?? linear(ctx, N, `over ${iterable}`);
  }
  if (ctx.loop.kind === 'for') {
    const h = readForHeader(ctx);
    return firstRule(FOR_RULES, ctx, h) ?? linear(ctx, h.variable, `up to ${squash(h.cond)}`);
  }
  const h = readWhileHeader(ctx);
  return firstRule(WHILE_RULES, ctx, h) ?? linear(ctx, h.variable, `while ${squash(h.cond)}`);
}
