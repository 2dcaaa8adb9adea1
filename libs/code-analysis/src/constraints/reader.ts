import type { ProblemInputType } from '@javelin/contracts';
import { TYPE_SHAPES } from '@javelin/java-io';
import { leftover, matchSpans } from './accounting';
import { evaluate, Node, normaliseLine, parse, pathOf, Value } from './expression';

/**
 * The constraint reader (issue 34): what a problem's constraints text says of each input variable,
 * read by small named rules (RULES below, one test block each in reader.spec.ts). A quantity is
 * keyed `name:aspect`: `nums:length`, `nums:values` (an int's value, or an array's elements),
 * `grid:columns`, `words:elementLength`, `nums:sum`. Whatever no rule reads is listed, and what the
 * generator then assumes is stated by the caller (input-spec.ts), never silently taken.
 */
export interface Variable {
  name: string;
  type: ProblemInputType;
}

/** A bound in another quantity: `times · key + plus` (`n - 1`, `s.length + 1`, `right`). */
export interface Linear {
  key: string;
  times: number;
  plus: number;
}

export interface Bound {
  min?: number;
  max?: number;
  /** Upper bounds in other quantities (`left <= right`, `k <= nums.length`, `graph[u][i] <= n - 1`). */
  maxFrom?: Linear[];
  minFrom?: Linear[];
  /** Equal to another quantity (`nums.length == 2 * n`, `t.length == s.length + 1`, `graph.length == n`). */
  equals?: Linear;
}

export interface Reading {
  bounds: Map<string, Bound>;
  /** The values a variable is one of (`nums[i] is either 0 or 1`). */
  oneOf: Map<string, number[]>;
  /** The characters a string or char variable is made of, by variable name. */
  alphabets: Map<string, string>;
  /** Variables whose elements are pairwise distinct. */
  distinct: Set<string>;
  /** Matrix columns named by subscripts (`intervals[i] = [start_i, end_i]`), and the ones ordered by a chain. */
  columnNames: Map<string, { matrix: string; index: number }>;
  orderedColumns: Set<string>;
  /** What `n`, `m`, … stand for (`n == nums.length`), and which were assumed. */
  aliases: Map<string, string>;
  /** Each line and the rules that read it (none: not understood). */
  lines: { text: string; rules: string[]; unaccounted?: string[] }[];
  /** What the reader assumed beyond the text (an undefined `n` read as the first array's length). */
  assumptions: string[];
  /**
   * Names that are no input but a quantity of their own (issue 44 rule 9): an undefined `n` the text
   * ties to a length by a formula (`nums.length == 2 * n`, `edges.length == n - 1`), keyed `n:values`.
   */
  virtuals: Set<string>;
}

interface Context {
  vars: Variable[];
  reading: Reading;
  /** The spans of the clause being read that the rules consumed (issue 44 item 1: every token accounted for). */
  spans: [number, number][];
  /** The names read by default as a length (`n read as nums.length`), not from a line of the text. */
  assumed: Set<string>;
}

/** A rule consumed `clause[a, b)`. */
const eat = (ctx: Context, a: number, b: number) => ctx.spans.push([a, b]);

const shape = (v: Variable) => TYPE_SHAPES[v.type];
const isScalarNumber = (v: Variable) => shape(v).depth === 0 && shape(v).element !== 'string';
const isIntegral = (v: Variable) => ['int', 'long'].includes(shape(v).element);

function find(ctx: Context, name: string): Variable | undefined {
  return ctx.reading.aliases.has(name) ? undefined : ctx.vars.find((v) => v.name === name);
}

/** The key a term names, through aliases and subscripted column names. */
export function keyOf(ctx: Context, path: string, depth = 0): string | undefined {
  const p = path.replace(/\s+/g, '');
  const alias = ctx.reading.aliases.get(p);
  if (alias && depth < 3) return keyOf(ctx, alias, depth + 1);
  let m = /^sum\((.+)\)$/.exec(p);
  if (m) {
    const inner = keyOf(ctx, m[1], depth + 1);
    // Session 14 (sample K, 2248): only a sum of elements is `:sum`; `sum(nums[i].length)` is not.
    const bare = ctx.vars.some((v) => v.name === m![1]);
    return inner && (bare || inner.endsWith(':values')) ? `${inner.split(':')[0]}:sum` : undefined;
  }
  m = /^([A-Za-z_]\w*)(?:\[\w+\])+\.(?:length(?:\(\))?|size(?:\(\))?)$/.exec(p);
  if (m) {
    const v = find(ctx, m[1]);
    if (!v || shape(v).depth === 0) return undefined;
    return shape(v).depth === 2 ? `${v.name}:columns` : `${v.name}:elementLength`;
  }
  m = /^([A-Za-z_]\w*)\.(?:length(?:\(\))?|size(?:\(\))?)$/.exec(p);
  // `.length` of an array or a string only (`num.length` of an int is no quantity of the signature).
  if (m) {
    const v = find(ctx, m[1]);
    return v && !isScalarNumber(v) ? `${m[1]}:length` : undefined;
  }
  m = /^([A-Za-z_]\w*)((?:\[\w+\])+)$/.exec(p);
  if (m)
    return elementKey(
      ctx,
      m[1],
      [...m[2].matchAll(/\[(\w+)\]/g)].map((x) => x[1]),
    );
  const v = find(ctx, p);
  if (v) return isScalarNumber(v) ? `${v.name}:values` : `${v.name}:length`;
  if (ctx.reading.virtuals.has(p)) return `${p}:values`;
  const column = ctx.reading.columnNames.get(p.replace(/_?\{?([ij])\}?$/, '_i'));
  if (column) return `${column.matrix}:column${column.index}`;
  // An undeclared subscripted name (`xi`, `start_i`, `u_j`) with one int matrix: one of its columns,
  // in the order the text names them (issue 44 rule 4), an assumption stated.
  const matrices = ctx.vars.filter((x) => shape(x).depth === 2 && shape(x).element === 'int');
  if (
    /^[a-z][a-z]{0,10}(?:_[ij]|[ij]|_\{[ij]\})$/i.test(p) &&
    matrices.length === 1 &&
    !WORDS.has(p.toLowerCase())
  ) {
    const matrix = matrices[0].name;
    const index = [...ctx.reading.columnNames.values()].filter((c) => c.matrix === matrix).length;
    ctx.reading.columnNames.set(p.replace(/_?\{?([ij])\}?$/, '_i'), { matrix, index });
    const note = positionalNote(matrix);
    if (!ctx.reading.assumptions.includes(note)) ctx.reading.assumptions.push(note);
    return `${matrix}:column${index}`;
  }
  return undefined;
}

const positionalNote = (matrix: string) =>
  `undeclared names read as the columns of ${matrix} in the order the text names them`;

/** Prose words ending in i or j that are no column names. */
const WORDS = new Set(['hi', 'multi', 'taxi']);

/**
 * `nums[i]`, `grid[i][j]`: every element (issue 44 rule 8: `patience[0]`, `travelScore[i][i]` are
 * one element or a diagonal, never all of them); `edges[i][0]` is a matrix's first column.
 */
function elementKey(ctx: Context, name: string, indices: string[]): string | undefined {
  const v = find(ctx, name);
  if (!v) return undefined;
  const loopVars = indices.filter((x) => /^[A-Za-z_]\w*$/.test(x));
  if (shape(v).depth === 2 && indices.length === 2 && loopVars.length === 1 && /^\d+$/.test(indices[1]))
    return `${name}:column${indices[1]}`;
  if (loopVars.length !== indices.length || new Set(loopVars).size !== loopVars.length) return undefined;
  return `${name}:values`;
}

function resolver(ctx: Context) {
  return (node: Node) => {
    if (node.type === 'CallExpression') {
      const call = node as Node & { callee: Node; arguments: Node[] };
      const callee = pathOf(call.callee);
      if (callee === 'sum' && call.arguments.length === 1) {
        const inner = pathOf(call.arguments[0]);
        return inner ? keyOf(ctx, `sum(${inner})`) : undefined;
      }
    }
    const path = pathOf(node);
    return path === undefined ? undefined : keyOf(ctx, path);
  };
}

/** A term of a comparison: a number, one or more quantities (`a, b`), or a formula in one (`n - 1`). */
type Term =
  { kind: 'number'; value: number } | { kind: 'keys'; keys: string[] } | { kind: 'formula'; linear: Linear };

function termOf(ctx: Context, text: string): Term | undefined {
  const pieces = text.split(/\s*,\s*/);
  if (pieces.length > 1) {
    const keys = pieces.map((p) => keyOf(ctx, p));
    if (keys.every((k): k is string => k !== undefined)) return { kind: 'keys', keys };
    // Issue 44 rule 10: a plain name that is no input (`pos` in `0 <= pos, k <= n - 1`) bounds nothing of ours.
    const known = keys.filter((k): k is string => k !== undefined);
    const others = pieces.filter((_, i) => keys[i] === undefined);
    return known.length && others.every((o) => /^[A-Za-z_]\w*$/.test(o))
      ? { kind: 'keys', keys: known }
      : undefined;
  }
  const node = parse(text);
  if (!node) return undefined;
  const value: Value | undefined = evaluate(node, resolver(ctx));
  if (!value) return undefined;
  if (value.kind === 'number') return Number.isFinite(value.value) ? value : undefined;
  if (value.times === 1 && value.plus === 0) return { kind: 'keys', keys: [value.key] };
  return { kind: 'formula', linear: { key: value.key, times: value.times, plus: value.plus } };
}

/** The quantities a term names. */
const termKeys = (t: Term): string[] =>
  t.kind === 'keys' ? t.keys : t.kind === 'formula' ? [t.linear.key] : [];

/**
 * The longest run of words at the end (or start) of prose that is a term ("where 1" → 1), with the span
 * of `text` it was read from (the prose cut off is not consumed).
 */
function trimmedTermSpan(
  ctx: Context,
  text: string,
  from: 'end' | 'start',
): { term: Term; start: number; end: number } | undefined {
  const found = [...text.matchAll(/\S+/g)];
  const words = found.map((m) => m[0]);
  for (let k = Math.min(words.length, 8); k >= 1; k--) {
    // Issue 44 rule 7: what is cut off must be prose, never the rest of a formula (`m * n`, `n * (n - 1) / 2`).
    const rest = from === 'end' ? words.slice(0, -k) : words.slice(k);
    const edge = from === 'end' ? rest[rest.length - 1] : rest[0];
    if (edge !== undefined && (from === 'end' ? /[-+*/^%(,]$|^\d/ : /^[-+*/^%)]|^\d/).test(edge)) continue;
    const part = (from === 'end' ? words.slice(-k) : words.slice(0, k)).join(' ').replace(/[.,:;]+$/, '');
    // `maxChanges + sum(nums)`: a sign cut off a formula (`-10^9` after prose is a number).
    if (
      from === 'end' &&
      edge !== undefined &&
      (/^[+*/^%]/.test(part) || (/^-/.test(part) && (/^[\d)]/.test(edge) || keyOf(ctx, edge))))
    )
      continue;
    const term = termOf(ctx, part.replace(/^[(,:]+/, ''));
    if (term) {
      const first = found[from === 'end' ? words.length - k : 0];
      const last = found[from === 'end' ? words.length - 1 : k - 1];
      return { term, start: first.index ?? 0, end: (last.index ?? 0) + last[0].length };
    }
  }
  return undefined;
}

const set = (ctx: Context, key: string, patch: Bound) => {
  const old = ctx.reading.bounds.get(key) ?? {};
  const next: Bound = { ...old };
  if (patch.min !== undefined) next.min = old.min === undefined ? patch.min : Math.max(old.min, patch.min);
  if (patch.max !== undefined) next.max = old.max === undefined ? patch.max : Math.min(old.max, patch.max);
  if (patch.maxFrom) next.maxFrom = [...(old.maxFrom ?? []), ...patch.maxFrom];
  if (patch.minFrom) next.minFrom = [...(old.minFrom ?? []), ...patch.minFrom];
  if (patch.equals) next.equals = patch.equals;
  ctx.reading.bounds.set(key, next);
};

/** Whether a key is a matrix's elements or one of its columns. */
function isMatrixElement(ctx: Context, key: string): boolean {
  const [name, aspect] = key.split(':');
  const v = ctx.vars.find((x) => x.name === name);
  return v !== undefined && shape(v).depth === 2 && /^(?:values|column\d+)$/.test(aspect);
}

/** Whether a key is a scalar input's (or a virtual quantity's) value. */
function isScalarKey(ctx: Context, key: string): boolean {
  const [name, aspect] = key.split(':');
  if (aspect !== 'values') return false;
  const v = ctx.vars.find((x) => x.name === name);
  return v ? shape(v).depth === 0 : ctx.reading.virtuals.has(name);
}

/**
 * Sample E rule "a text has no numeric value": a string's or a string[]'s `values` are no number
 * (`Each string prices[i] represents a real number in the range [0.0, 1000.0]`): no bound is read on them.
 */
function textValue(ctx: Context, key: string): boolean {
  const [name, aspect] = key.split(':');
  const v = ctx.vars.find((x) => x.name === name);
  return aspect === 'values' && v !== undefined && shape(v).element === 'string';
}

/** Whether a key counts whole numbers (a strict `<` moves its bound by one). */
function integral(ctx: Context, key: string): boolean {
  const [name, aspect] = key.split(':');
  const v = ctx.vars.find((x) => x.name === name);
  return aspect !== 'values' || (v !== undefined && (isIntegral(v) || shape(v).element === 'char'));
}

const COMPARISON = /(<=|>=|==|!=|<|>|=)/;

/** A line's clauses: split at `;`, and at a comma or "and" where a new comparison starts. */
function clauses(line: string): string[] {
  return line
    .split(/;|\.\s+(?=[A-Za-z])|\.$|,?\s+(?=where\s+[A-Za-z_]\w*\s+(?:is|==?)\s)/)
    .flatMap((c) =>
      c.split(
        /,\s*(?:and\s+)?(?=-?\s*[\w(]+[^,<>=]*(?:<=|>=|==|<|>|=)[^,<>=]+(?:<=|>=|==|<|>|=))|,\s*(?:and\s+)?(?=[\w[\]]+\s*==)|\s+and\s+(?=-?\s*[\w(]+[^,<>=]*(?:<=|>=|==|<|>|=))/,
      ),
    )
    .map((c) => c.trim())
    .filter(Boolean)
    .reduce<string[]>((out, c) => {
      // `1 <= k, minLength <= s.length <= 1000`: after one comparison a name list goes on.
      const previous = out[out.length - 1];
      const ops = (t: string) => (t.match(/<=|>=|<|>/g) ?? []).length;
      if (
        previous !== undefined &&
        ops(previous) === 1 &&
        /(?:<=|<)\s*[A-Za-z_][\w.[\]]*$/.test(previous) &&
        /^[A-Za-z_][\w.[\]]*\s*(?:<=|<)/.test(c) &&
        ops(c) >= 2
      )
        out[out.length - 1] = `${previous}, ${c}`;
      else out.push(c);
      return out;
    }, [])
    .flatMap(expandChain);
}

/**
 * Issue 44 rules 1, 3 and 5: a chain with equalities inside (`1 <= n == nums.length <= 10^5`,
 * `n == grid.length == grid[i].length`, `1 <= m == pattern.length < n`) is its equalities between
 * neighbours plus the chain through each member; `k <= min(A, B)` is `k <= A` and `k <= B`.
 */
export function expandChain(clause: string): string[] {
  const parts = clause.split(/(<=|>=|==|!=|<|>|=)/).map((p) => p.trim());
  if (parts.length < 3 || parts.includes('!=')) return [clause];
  const ops = parts.filter((_, i) => i % 2 === 1);
  const terms = parts.filter((_, i) => i % 2 === 0);
  const last = /^min\((.+)\)$/.exec(terms[terms.length - 1]);
  const first = /^max\((.+)\)$/.exec(terms[0]);
  const ascending = ops.every((op) => op !== '>' && op !== '>=');
  if ((last && ascending) || (first && ascending)) {
    const split = (m: RegExpExecArray) => topLevelArguments(m[1]);
    const heads = first ? split(first) : [terms[0]];
    const tails = last ? split(last) : [terms[terms.length - 1]];
    const middle = parts.slice(1, -1).join(' ');
    return heads.flatMap((h) => tails.flatMap((t) => expandChain(`${h} ${middle} ${t}`)));
  }
  if (!ops.some((op) => op === '==' || op === '=')) return [clause];
  const groups: string[][] = [[terms[0]]];
  const between: string[] = [];
  ops.forEach((op, i) => {
    if (op === '==' || op === '=') groups[groups.length - 1].push(terms[i + 1]);
    else {
      between.push(op);
      groups.push([terms[i + 1]]);
    }
  });
  const out: string[] = [];
  for (const g of groups) for (let k = 0; k + 1 < g.length; k++) out.push(`${g[k]} == ${g[k + 1]}`);
  if (groups.length > 1)
    groups.forEach((g, gi) => {
      for (const member of g) {
        const chain = groups.map((h, hi) =>
          hi === gi ? member : h[h.length - 1 - (hi < gi ? 0 : h.length - 1)],
        );
        out.push(chain.map((t, i) => (i ? `${between[i - 1]} ${t}` : t)).join(' '));
      }
    });
  return [...new Set(out)];
}

function topLevelArguments(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
      continue;
    }
    if (c === '(') depth++;
    if (c === ')') depth--;
    current += c;
  }
  out.push(current.trim());
  return out;
}

/** A rule reads one clause (true when it understood it) or, when `whole`, a whole line. */
interface Rule {
  name: string;
  read(ctx: Context, clause: string): boolean;
}

/**
 * `1 <= n <= 10^5`, `-2^31 <= nums[i] <= 2^31 - 1`, `0 < x < 10`, `1 <= m, n <= 300`, chains
 * through two quantities (`0 <= left <= right <= 10^9`), formulas (`0 <= graph[u][i] <= n - 1`).
 */
const comparisonChain: Rule = {
  name: 'comparison-chain',
  read(ctx, clause) {
    const raw = clause.split(COMPARISON);
    const parts = raw.map((p) => p.trim());
    if (parts.length < 3) return false;
    let ops = parts.filter((_, i) => i % 2 === 1);
    if (ops.some((op) => op === '==' || op === '=' || op === '!=')) return false;
    const rawTerms = parts.filter((_, i) => i % 2 === 0);
    const head = trimmedTermSpan(ctx, raw[0], 'end');
    const tail = trimmedTermSpan(ctx, raw[raw.length - 1], 'start');
    const tailAt = clause.length - raw[raw.length - 1].length;
    let terms = rawTerms.map((t, i) =>
      i === 0 ? head?.term : i === rawTerms.length - 1 ? tail?.term : termOf(ctx, t),
    );
    // Issue 44 rule 10: a name in the middle that is no input (`startX` in `1 <= startX <= targetX <= 10^5`)
    // is left out; the chain still holds across it (its ops merged, strict if either was).
    for (let i = terms.length - 2; i >= 1; i--)
      if (terms[i] === undefined && /^[A-Za-z_]\w*$/.test(rawTerms[i]) && terms.length > 3) {
        const strict = ops[i - 1].length === 1 || ops[i].length === 1;
        const op = ops[i - 1].startsWith('<') ? (strict ? '<' : '<=') : strict ? '>' : '>=';
        terms = [...terms.slice(0, i), ...terms.slice(i + 1)];
        ops = [...ops.slice(0, i - 1), op, ...ops.slice(i + 1)];
      }
    if (terms.some((t) => t === undefined)) return false;
    // Session 14: `positioni+1` is the next row's position (x_{i+1}), not a column plus one: not read.
    if (/\b[A-Za-z]\w*?_?i\+\d/.test(clause)) return false;
    if ((terms as Term[]).some((t) => termKeys(t).some((k) => textValue(ctx, k)))) return false;
    const ascending = ops.every((op) => op === '<' || op === '<=');
    const descending = ops.every((op) => op === '>' || op === '>=');
    if (!ascending && !descending) return false;
    const ts = (ascending ? terms : [...terms].reverse()) as Term[];
    const strict = (ascending ? ops : [...ops].reverse()).map((op) => op.length === 1);
    if (!ts.some((t) => t.kind === 'keys' || t.kind === 'formula')) return false;
    // A formula in one quantity between bounds (`1 < 2 * k <= nums.length`): the quantity's own bounds.
    ts.forEach((t, j) => {
      if (t.kind !== 'formula' || t.linear.times <= 0) return;
      const { key, times, plus } = t.linear;
      const whole = integral(ctx, key);
      const gap = (a: number, b: number) => (whole ? strict.slice(a, b).filter(Boolean).length : 0);
      const lower = ts
        .slice(0, j)
        .reverse()
        .find((s) => s.kind === 'number');
      const upper = ts.slice(j + 1).find((s) => s.kind === 'number');
      const lowAt = ts.lastIndexOf(lower as Term, j);
      const highAt = ts.indexOf(upper as Term, j);
      // Session 14 (sample J, 2065): `0 <= uj < vj <= n - 1` raises no size or scalar through a
      // matrix's elements (the matrix may have no rows), for a formula as for a plain term.
      const elementOf = (x: Term) =>
        (x.kind === 'keys' && x.keys.some((k) => isMatrixElement(ctx, k))) ||
        (x.kind === 'formula' && isMatrixElement(ctx, x.linear.key));
      const throughRows = !isMatrixElement(ctx, key) && ts.slice(lowAt + 1, j).some(elementOf);
      if (lower?.kind === 'number' && !throughRows) {
        const lo = (lower.value + gap(lowAt, j) - plus) / times;
        set(ctx, key, { min: whole ? Math.ceil(lo) : lo });
      }
      if (upper?.kind === 'number') {
        const hi = (upper.value - gap(j, highAt) - plus) / times;
        set(ctx, key, { max: whole ? Math.floor(hi) : hi });
      }
      const next = ts[j + 1];
      if (next?.kind === 'keys' && next.keys.length === 1)
        set(ctx, key, {
          maxFrom: [{ key: next.keys[0], times: 1 / times, plus: (-gap(j, j + 1) - plus) / times }],
        });
    });
    // A key met twice (a matrix's columns `start_i <= end_i`) takes the widest of its positions.
    const mins = new Map<string, number[]>();
    const maxes = new Map<string, number[]>();
    const push = (m: Map<string, number[]>, key: string, x: number) => m.set(key, [...(m.get(key) ?? []), x]);
    // A key met twice (`0 <= li < ri < n` with li, ri one matrix's values): its lower bounds come from
    // its first place and its upper ones from its last, the widest (issue 44 rule 6).
    const places = (key: string) =>
      ts.flatMap((t, j) => (t.kind === 'keys' && t.keys.includes(key) ? [j] : []));
    ts.forEach((t, j) => {
      if (t.kind !== 'keys') return;
      for (const key of t.keys) {
        const at = places(key);
        const whole = integral(ctx, key);
        const gap = (a: number, b: number) => (whole ? strict.slice(a, b).filter(Boolean).length : 0);
        const lower = ts.slice(0, j).some((s) => s.kind === 'number');
        const upper = ts.slice(j + 1).some((s) => s.kind === 'number');
        if (!lower && j === at[0]) push(mins, key, -Infinity);
        if (!upper && j === at[at.length - 1]) push(maxes, key, Infinity);
        for (let i = j - 1; i >= 0 && j === at[0]; i--) {
          const s = ts[i];
          // Through a matrix's element (`0 <= ui < vi < n`) a lower bound reaches no size or scalar: rows may be absent.
          const through = ts
            .slice(i + 1, j)
            .some(
              (x) =>
                (x.kind === 'keys' && x.keys.some((k) => isMatrixElement(ctx, k))) ||
                (x.kind === 'formula' && isMatrixElement(ctx, x.linear.key)),
            );
          const elementKey = /:(?:values|column\d+)$/.test(key) && !isScalarKey(ctx, key);
          if (through && !elementKey) break;
          if (s.kind === 'number') {
            push(mins, key, s.value + gap(i, j));
            break;
          }
          // An element's bound (`0 <= ui < vi < n`) raises no size or scalar: the array may be empty.
          const element = (k: string) => /:(?:values|column\d+)$/.test(k) && !isScalarKey(ctx, k);
          if (s.kind === 'formula') {
            if (!element(s.linear.key) || element(key))
              set(ctx, key, { minFrom: [{ ...s.linear, plus: s.linear.plus + gap(i, j) }] });
          } else
            for (const other of s.keys)
              if (other !== key && (!element(other) || element(key)))
                set(ctx, key, { minFrom: [{ key: other, times: 1, plus: gap(i, j) }] });
        }
        for (let i = j + 1; i < ts.length && j === at[at.length - 1]; i++) {
          const s = ts[i];
          if (s.kind === 'number') {
            push(maxes, key, s.value - gap(j, i));
            break;
          }
          if (s.kind === 'formula')
            set(ctx, key, { maxFrom: [{ ...s.linear, plus: s.linear.plus - gap(j, i) }] });
          else
            for (const other of s.keys)
              if (other !== key) set(ctx, key, { maxFrom: [{ key: other, times: 1, plus: 0 - gap(j, i) }] });
        }
      }
      // Subscripted columns in order (`start_i <= end_i`): each row's columns ascend.
      const next = ts[j + 1];
      if (next?.kind === 'keys' && t.keys.length === 1 && next.keys.length === 1) {
        const [a, b] = [t.keys[0], next.keys[0]];
        const column = (k: string) => /:column(\d+)$/.exec(k)?.[1];
        const sameMatrix = a.split(':')[0] === b.split(':')[0];
        if (a === b || (sameMatrix && column(a) !== undefined && Number(column(a)) < Number(column(b) ?? -1)))
          ctx.reading.orderedColumns.add(a.split(':')[0]);
      }
    });
    for (const [key, xs] of mins)
      if (Number.isFinite(Math.min(...xs))) set(ctx, key, { min: Math.min(...xs) });
    for (const [key, xs] of maxes)
      if (Number.isFinite(Math.max(...xs))) set(ctx, key, { max: Math.max(...xs) });
    eat(ctx, head!.start, tailAt + tail!.end);
    return true;
  },
};

/** `n == nums.length`, `nums.length == 2 * n`, `t.length == s.length + 1`, `intervals[i].length == 2`, either way round. */
const equality: Rule = {
  name: 'equality',
  read(ctx, clause) {
    const parts = clause.split(/\s*(?:==|=)\s*/);
    if (parts.length !== 2 || /[<>!]/.test(clause)) return false;
    // An alias (`m == grid.length`) was read in the first pass.
    if (/^\s*-?[\w.]+\s*,?\s*(?:or|and)\s/i.test(parts[1])) return false;
    const rightAt = clause.length - parts[1].length;
    const [sa, sb] = [trimmedTermSpan(ctx, parts[0], 'end'), trimmedTermSpan(ctx, parts[1], 'start')];
    const [a, b] = [sa?.term, sb?.term];
    const lhs = parts[0].trim().split(' ').pop() ?? '';
    // Never through a default (session 15: `n == nums.length / 2` with n assumed nums.length is no alias line).
    const rhs = parts[1].trim();
    const alias = (name: string) => ctx.reading.aliases.has(name) && !ctx.assumed.has(name);
    if (alias(lhs) || alias(rhs)) {
      eat(ctx, parts[0].lastIndexOf(lhs), clause.length);
      return true;
    }
    if (!a || !b) return false;
    eat(ctx, sa!.start, rightAt + sb!.end);
    if ([...termKeys(a), ...termKeys(b)].some((k) => textValue(ctx, k))) return false;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      if (x.kind === 'keys' && y.kind === 'number') {
        for (const key of x.keys) set(ctx, key, { min: y.value, max: y.value });
        return true;
      }
    }
    // The side that is one plain quantity follows the other (a length prefers to be the follower).
    const plain = (t: Term) => (t.kind === 'keys' && t.keys.length === 1 ? t.keys[0] : undefined);
    const linear = (t: Term): Linear | undefined =>
      t.kind === 'formula'
        ? t.linear
        : t.kind === 'keys' && t.keys.length === 1
          ? { key: t.keys[0], times: 1, plus: 0 }
          : undefined;
    const pa = plain(a);
    const pb = plain(b);
    const follower = pa && (!pb || /:length$/.test(pa) || !/:length$/.test(pb)) ? 'a' : pb ? 'b' : undefined;
    if (!follower) return false;
    let [key, other] = follower === 'a' ? [pa!, linear(b)] : [pb!, linear(a)];
    if (!other || other.key === key) return false;
    // A quantity already tied (`n == a.length == b.length`): the other side follows instead.
    if (ctx.reading.bounds.get(key)?.equals) {
      const swapped = follower === 'a' ? pb : pa;
      if (!swapped || other.times !== 1 || other.plus !== 0 || ctx.reading.bounds.get(swapped)?.equals)
        return false;
      [key, other] = [swapped, { key, times: 1, plus: 0 }];
    }
    set(ctx, key, { equals: other });
    return true;
  },
};

const NUMBER_WORDS = String.raw`-?\s*[\d.]+(?:\s*(?:\^|\*\*|\*)\s*-?[\d.]+)*(?:\s*[-+]\s*\d+(?!\s*(?:\^|\*)))?`;

const PARTS =
  /\b(?:number|count) of (?!(?:the |all )?(?:elements?|items?|values?|integers?|numbers?|entries|characters?|letters?|digits?)\b)[a-z]+\b|\b(?:length|size) of (?:each|every|any|a|one) (?!(?:array|string|list|element)\b)([A-Za-z_]\w*)/i;

/** The quantity a sentence speaks of: `nums.length`, `nums[i]`, "the length of s", "each element of nums", a name. */
function proseSubjects(ctx: Context, text: string, spans: [number, number][] = []): string[] {
  // Sample E rule "parts of a text": "The number of words in sentence is in the range [1, 1000]", "The
  // length of each word in sentence …" count or measure the text's parts, never the variable itself.
  const part = PARTS.exec(text);
  if (part && !(part[1] && ctx.vars.some((v) => v.name === part[1]))) return [];
  const keys: string[] = [];
  // Each match that names a quantity is consumed (issue 44 item 1).
  const add = (key: string | undefined | false, m: RegExpMatchArray) => {
    if (!key) return;
    spans.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
    if (!keys.includes(key)) keys.push(key);
  };
  const sum =
    /\bsum of (?:all )?(?:the )?(?:elements? (?:of|in) |values? (?:of|in) |integers? (?:of|in) )?([A-Za-z_][\w.[\]()]*)/i.exec(
      text,
    );
  if (sum) {
    const inner = keyOf(ctx, sum[1].replace(/\.$/, ''));
    if (inner) {
      spans.push([sum.index, sum.index + sum[0].length]);
      return [`${inner.split(':')[0]}:sum`];
    }
  }
  for (const m of text.matchAll(/\b(?:length|size) of (?:the )?(?:array |string |list )?([A-Za-z_]\w*)/gi))
    add(find(ctx, m[1]) && `${m[1]}:length`, m);
  for (const m of text.matchAll(
    /\b(?:number of (?:elements|items|values) in) (?:the )?(?:array )?([A-Za-z_]\w*)/gi,
  ))
    add(find(ctx, m[1]) && `${m[1]}:length`, m);
  for (const m of text.matchAll(
    /\b(?:elements?|values?|integers?|numbers?|entries) (?:of|in) (?:the )?(?:array )?([A-Za-z_]\w*)/gi,
  ))
    add(find(ctx, m[1]) && `${m[1]}:values`, m);
  const taken = spans.length;
  for (const m of text.matchAll(/[A-Za-z_][\w]*(?:\[\w+\])*(?:\.length(?:\(\))?|\.size\(\))?/g)) {
    const at = m.index ?? 0;
    if (spans.slice(0, taken).some(([a, b]) => at >= a && at < b)) continue;
    // Session 14 (sample J, 483): a text's or an array's bare name in prose is its value, never its
    // length (`n is an integer in the range [3, 10^18]` with n a string); only "length of" says length.
    const bare = ctx.vars.find(
      (v) => v.name === m[0] && !isScalarNumber(v) && !ctx.reading.aliases.has(m[0]),
    );
    add(bare ? `${bare.name}:values` : keyOf(ctx, m[0]), m);
  }
  return keys;
}

function numberIn(ctx: Context, text: string): number | undefined {
  const t = termOf(ctx, text.trim());
  return t?.kind === 'number' ? t.value : undefined;
}

/** "will be between 1 and 50,000", "in the range [-10^4, 10^4]", "from 1 to 100", "at most 10^4", "at least 1", "positive". */
const proseRange: Rule = {
  name: 'prose-range',
  read(ctx, clause) {
    const subjects = proseSubjects(ctx, clause, ctx.spans);
    if (subjects.length === 0 || subjects.some((k) => textValue(ctx, k))) return false;
    // Session 14: subjects of different kinds (`nums.length is at least 1 and nums[i] at most 10`) would
    // each take both bounds: declined.
    if (new Set(subjects.map((k) => k.split(':')[1])).size > 1) return false;
    const took = (x: RegExpExecArray | null) => x && eat(ctx, x.index, x.index + x[0].length);
    // "digits from 1 to 9" names characters (the alphabet rule's), not a range of the string's length.
    const characters = /\b(?:digits?|letters?|characters?)\s+(?:from|between)\b/i.test(clause);
    let m = characters
      ? null
      : new RegExp(
          String.raw`\b(?:between|from)\s+(${NUMBER_WORDS})\s+(?:and|to)\s+(${NUMBER_WORDS})`,
          'i',
        ).exec(clause);
    const both = (lo?: number, hi?: number, strictLo = false, strictHi = false) => {
      if (lo === undefined || hi === undefined) return false;
      for (const key of subjects) {
        const whole = integral(ctx, key);
        set(ctx, key, { min: lo + (strictLo && whole ? 1 : 0), max: hi - (strictHi && whole ? 1 : 0) });
      }
      return true;
    };
    took(m);
    if (m) return both(numberIn(ctx, m[1]), numberIn(ctx, m[2]));
    m = new RegExp(
      String.raw`range\s*([[(])\s*(${NUMBER_WORDS})\s*,\s*(${NUMBER_WORDS})\s*([\])])`,
      'i',
    ).exec(clause);
    took(m);
    if (m) return both(numberIn(ctx, m[2]), numberIn(ctx, m[3]), m[1] === '(', m[4] === ')');
    let read = false;
    m = new RegExp(
      String.raw`\b(?:at most|no more than|not (?:be )?(?:greater|more|larger) than|(?:does|will) not exceed|less than or equal to|up to)\s+(${NUMBER_WORDS})`,
      'i',
    ).exec(clause);
    // "at most 20 parentheses in s": a count of something else, not a bound of s.
    if (m && /^\s+(?!and\b|or\b|inclusive\b|for\b)[A-Za-z]/.test(clause.slice((m.index ?? 0) + m[0].length)))
      return false;
    const hi = m ? numberIn(ctx, m[1]) : undefined;
    if (hi !== undefined) took(m);
    if (hi !== undefined) {
      for (const key of subjects) set(ctx, key, { max: hi });
      read = true;
    }
    m = new RegExp(
      String.raw`\b(?:at least|no less than|greater than or equal to)\s+(${NUMBER_WORDS})`,
      'i',
    ).exec(clause);
    const lo = m ? numberIn(ctx, m[1]) : undefined;
    if (lo !== undefined) took(m);
    if (lo !== undefined) {
      for (const key of subjects) set(ctx, key, { min: lo });
      read = true;
    }
    if (/\bnon-?negative\b/i.test(clause)) {
      ctx.spans.push(...matchSpans(clause, /\bnon-?negative\b/i));
      for (const key of subjects) set(ctx, key, { min: 0 });
      read = true;
    } else if (/\bpositive\b/i.test(clause)) {
      ctx.spans.push(...matchSpans(clause, /\bpositive\b/i));
      for (const key of subjects) set(ctx, key, { min: integral(ctx, key) ? 1 : 0 });
      read = true;
    }
    return read;
  },
};

/** `nums[i] is either 0 or 1`, `nums[i] is 0, 1, or 2`, `x is one of 1, 2, 5`. */
const enumeration: Rule = {
  name: 'enumeration',
  read(ctx, clause) {
    const m =
      /^(.*?)(?:\b(?:is|are)|\s*==?)\s+(?:either\s+|one of\s+|only\s+)?(-?\d+(?:\s*,\s*-?\d+)*\s*,?\s*(?:or|and)\s+-?\d+)\s*\.?$/i.exec(
        clause,
      );
    if (!m) return false;
    const keys = proseSubjects(ctx, m[1], ctx.spans).filter((k) => k.endsWith(':values'));
    if (keys.length === 0 || keys.some((k) => textValue(ctx, k))) return false;
    eat(ctx, m[1].length, clause.length);
    const values = [...m[2].matchAll(/-?\d+/g)].map((x) => Number(x[0]));
    for (const key of keys) {
      ctx.reading.oneOf.set(key.split(':')[0], values);
      set(ctx, key, { min: Math.min(...values), max: Math.max(...values) });
    }
    return true;
  },
};

/** "All the integers of nums are unique", "nums contains distinct values", "pairwise distinct". */
const uniqueness: Rule = {
  name: 'uniqueness',
  read(ctx, clause) {
    // `nums is a permutation (of …)`: distinct elements.
    const permutation =
      /^\s*([A-Za-z_]\w*) is a permutation\b(?:\s+of\s+(?:all\s+)?(?:the\s+)?(?:integers|numbers)?\s*(?:from\s+(.+?)\s+to\s+(.+?)|in the range\s*\[\s*(.+?)\s*,\s*(.+?)\s*\])\s*$)?/.exec(
        clause,
      );
    // Session 15 (sample M, 2657): `It is guaranteed that A and B are both a permutation of n integers`:
    // each distinct, when n counts the elements of each (n stands for their lengths).
    const several =
      /^\s*(?:it is guaranteed that\s+)?([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*,?\s+and\s+[A-Za-z_]\w*) are (?:both |all )?(?:a )?permutations? of ([A-Za-z_]\w*) (?:distinct )?integers\s*$/i.exec(
        clause,
      );
    if (several) {
      const names = several[1].split(/\s*,\s*|\s+and\s+/).filter(Boolean);
      const vs = names.map((n) =>
        ctx.vars.find((x) => x.name === n && shape(x).depth === 1 && isIntegral(x)),
      );
      const count = keyOf(ctx, several[2]);
      const tied = (name: string) => {
        const own = `${name}:length`;
        const other = (k: string) => ctx.reading.bounds.get(k)?.equals;
        const same = (l: Linear | undefined, k: string) => l?.key === k && l.times === 1 && l.plus === 0;
        return own === count || same(other(own), count!) || same(other(count!), own);
      };
      if (vs.some((x) => !x) || !count || !names.every(tied)) return false;
      for (const n of names) ctx.reading.distinct.add(n);
      eat(ctx, 0, several[0].length);
      return true;
    }
    if (permutation) {
      const v = ctx.vars.find((x) => x.name === permutation[1] && shape(x).depth === 1 && isIntegral(x));
      if (!v) return false;
      // Session 14: `nums is a permutation of integers from 1 to n`: distinct values in [1, n], and n of them.
      const [lowText, highText] = [permutation[2] ?? permutation[4], permutation[3] ?? permutation[5]];
      if (lowText !== undefined) {
        const [low, high] = [termOf(ctx, lowText), termOf(ctx, highText)];
        if (low?.kind !== 'number' || (low.value !== 0 && low.value !== 1) || !high) return false;
        const top: Linear | undefined =
          high.kind === 'formula'
            ? high.linear
            : high.kind === 'keys' && high.keys.length === 1
              ? { key: high.keys[0], times: 1, plus: 0 }
              : undefined;
        if (high.kind === 'number') {
          set(ctx, `${v.name}:values`, { min: low.value, max: high.value });
          set(ctx, `${v.name}:length`, { min: high.value - low.value + 1, max: high.value - low.value + 1 });
        } else if (top) {
          set(ctx, `${v.name}:values`, { min: low.value, maxFrom: [top] });
          const count = { ...top, plus: top.plus - low.value + 1 };
          if (count.key !== `${v.name}:length`) set(ctx, `${v.name}:length`, { equals: count });
          else if (count.times !== 1 || count.plus !== 0) return false;
        } else return false;
      }
      ctx.reading.distinct.add(v.name);
      eat(ctx, 0, permutation[0].length);
      return true;
    }
    const keyword = /\b(?:unique|distinct|pairwise different|no duplicates?|no repeated)\b/i;
    if (!keyword.test(clause)) return false;
    // "not necessarily unique" claims nothing; "not unique" (some duplicate) is a claim no rule reads.
    const negated =
      /\bnot\s+necessarily\s+(?:unique|distinct)\b|\bneed not be (?:unique|distinct)\b|\bmay contain duplicates\b/i;
    if (negated.test(clause)) {
      // Claims nothing: the negation and the subjects it speaks of are consumed.
      ctx.spans.push(...matchSpans(clause, negated));
      proseSubjects(ctx, clause, ctx.spans);
      return true;
    }
    ctx.spans.push(...matchSpans(clause, keyword));
    ctx.spans.push(
      ...matchSpans(
        clause,
        /\b(?:pairwise|pairs|tuples|points|positions|edges|rows|intervals)\b|\b(?:consists?|contains?)(?:\s+of)?\b/i,
      ),
    );
    // Issue 44 rule 12: "the answer is unique" speaks of something else than the input.
    if (
      /\b(?:answers?|solutions?|outputs?|results?|way)\b|\brepeated\b|\btimes\b|\bnumber of\b|\bcount of\b/i.test(
        clause,
      )
    )
      return false;
    const subjects = proseSubjects(ctx, clause, ctx.spans);
    const tuples = /\b(?:pairs|tuples)\b/i.test(clause);
    // `All the tuples [username[i], timestamp[i], website[i]] are unique`: across arrays, not expressible.
    if ((tuples || /\[\s*\w+\[/.test(clause)) && new Set(subjects.map((k) => k.split(':')[0])).size > 1)
      return false;
    // A column (`All dayi are distinct`) or one row's values (`All values of keys[i] are unique`) is no
    // distinctness of the matrix's rows: not read.
    if (subjects.some((k) => /:column\d+$/.test(k)) && !tuples) return false;
    const named = subjects.map((k) => k.split(':')[0]);
    const arrays = ctx.vars.filter((v) => shape(v).depth > 0);
    const rowsOf = (name: string) =>
      new RegExp(
        `\\b(?:${name}|pairs|points|positions|edges|rows|intervals|elements)\\b(?!\\[)|\\b${name}\\[i\\] (?:are|is)\\b`,
        'i',
      ).test(clause) &&
      !new RegExp(`(?:values|elements|integers|numbers) (?:of|in) ${name}\\[`, 'i').test(clause);
    const fits = (name: string) => shape(arrays.find((a) => a.name === name)!).depth === 1 || rowsOf(name);
    const targets = named.filter((n) => arrays.some((a) => a.name === n));
    const matrices = arrays.filter((a) => shape(a).depth === 2);
    const chosen = targets.length
      ? targets
      : arrays.length === 1
        ? [arrays[0].name]
        : tuples && matrices.length === 1
          ? [matrices[0].name]
          : [];
    if (chosen.length === 0 || !chosen.every((n) => fits(n) || tuples)) return false;
    for (const name of chosen) ctx.reading.distinct.add(name);
    return true;
  },
};

const ASCII_PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';
const NAMED_CHARACTERS: [RegExp, string][] = [
  [/\bspaces?\b|' '/i, ' '],
  [/\b(?:dash(?:es)?|hyphens?)\b/i, '-'],
  [/\bunderscores?\b/i, '_'],
  [/\b(?:periods?|dots?|full stops?)\b/i, '.'],
  [/\bcommas?\b/i, ','],
  [/\bplus(?: signs?)?\b/i, '+'],
  [/\bparenthes[ie]s\b/i, '()'],
  [/\b(?:square )?brackets\b/i, '[]'],
  [/\b(?:curly )?braces\b/i, '{}'],
  [/\basterisks?\b/i, '*'],
  [/\bslash(?:es)?\b/i, '/'],
  [/\bexclamation marks?\b/i, '!'],
  [/\bquestion marks?\b/i, '?'],
  [/\bapostrophes?\b/i, "'"],
  [/\bat signs?\b|'@'/i, '@'],
];

/** The words of a sentence naming a string's characters that the alphabet rule reads (or that say nothing more). */
const ALPHABET_WORDS =
  /\b(?:digits?|a digit)\s+(?:from\s+)?\d\s*(?:-|to|through)\s*\d|\bone of\b|\band\/or\b|\bspecial characters?(?=\s*')|\boperators?(?=\s*')|\(?\bexcluding the quotes\)?|\b(?:consists?|consisting|contains?|containing|made|up|composed|only|of|from|to|through|or|either|lower\s*-?\s*case|upper\s*-?\s*case|lower|upper|case|english|letters?|characters?|digits?|numeric|alphabets?|printable|ascii|binary|vowels)\b/i;

/**
 * The characters of a string: classes composed ("uppercase and lowercase English letters",
 * "letters, digits, and dashes '-'", "English letters (lower-case and upper-case), ',' and '.'",
 * "printable ASCII", "binary string"), quoted characters, and ranges (`'a' to 'e'`).
 */
const alphabet: Rule = {
  name: 'alphabet',
  read(ctx, clause) {
    const texts = ctx.vars.filter((v) => ['string', 'char'].includes(shape(v).element));
    const named = texts.filter((v) => new RegExp(`\\b${v.name}\\b`).test(clause));
    const targets = named.length
      ? named
      : texts.length === 1 &&
          /\b(?:consists?|contains?|made|only|letters?|characters?|digits?)\b/i.test(clause)
        ? texts
        : [];
    if (targets.length === 0) return false;
    // Session 14: every text it speaks of is named before its characters (`s1 and s2 contain only …`);
    // `s consists of letters and t of digits` gives each its own and is declined.
    const classAt = clause.search(
      /\b(?:consists?|contains?|made|composed|only|lower|upper|english|letters?|digits?|characters?)\b|'/i,
    );
    const lastName = Math.max(
      ...targets.map((v) => clause.search(new RegExp(`\\b${v.name}\\b(?![^']*'\\s*$)`))),
    );
    if (named.length > 1 && classAt >= 0 && lastName > classAt) return false;
    // "Each word consists of …", "words are separated by a single space": about parts of the text.
    const subject = /^\s*(?:each|every|all(?: the)?)\s+([A-Za-z_]\w*)/i.exec(clause)?.[1];
    if (
      (subject && !ctx.vars.some((v) => v.name === subject)) ||
      /\bseparated by\b|\bwithout\b/i.test(clause)
    )
      return false;
    // Issue 44 rule 13: counts, negations and single positions (`There is only one character 'S'`,
    // `s[0] != 'i'`, `does not contain`, `no leading zeros`) are no alphabet; nor an undefined class ("symbol").
    if (
      /!=|\bnot\b|n't\b|\bonly one\b|\bexactly one\b|\bno two\b|\bno leading\b|\bthere (?:is|are)\b|\bat (?:most|least)\b|\b\w+\[\d+\]|"\w{2,}"/i.test(
        clause,
      ) ||
      // Sample E: "special characters '*', '#', and '%'" names them; "special characters" alone does not.
      /\bsymbols?\b|\bspecial characters?\b(?!\s*'[^']')|\bpunctuation\b|\bother characters?\b/i.test(clause)
    )
      return false;
    // `'a' <= suits[i] <= 'd'`: the characters between.
    const between = /'(.)'\s*<=\s*[A-Za-z_]\w*(?:\[[a-z]\])?\s*<=\s*'(.)'/.exec(clause);
    // A comparison of numbers (`0 <= digits.length <= 4`) names no characters.
    if (!between && /<=|>=|<|>/.test(clause)) return false;
    if (between) {
      let cs = '';
      for (let c = between[1].charCodeAt(0); c <= between[2].charCodeAt(0); c++) cs += String.fromCharCode(c);
      for (const v of targets) ctx.reading.alphabets.set(v.name, cs);
      eat(ctx, between.index, between.index + between[0].length);
      return cs.length > 0;
    }
    // Session 14 rule "a set of characters": `lowercase letters from the set {'a', 'b', 'c'}` is the set
    // (the class words describe its members); with another class joined (`digits and letters from …`) declined.
    const braced = /(?:\b(?:from|in|of)\s+)?(?:the\s+)?(?:set\s*)?\{\s*('.'(?:\s*,\s*'.')*)\s*\}/i.exec(
      clause,
    );
    if (braced && /(?:letters?|digits?|characters?|case)\s*(?:,|\band\b|\bor\b)/i.test(clause)) return false;
    if (!braced && /[{}]/.test(clause.replace(/'[^']*'|"[^"]*"/g, ''))) return false;
    clause = braced ? clause.replace(braced[0], ' '.repeat(braced[0].length)) : clause;
    let chars = '';
    const add = (s: string) => (chars += [...s].filter((c) => !chars.includes(c)).join(''));
    const lower = /\blower\s*-?\s*case\b/i.test(clause);
    const upper = /\bupper\s*-?\s*case\b/i.test(clause);
    if (/\bprintable\s+ascii\b|\bascii\s+printable\b|\bprintable characters\b/i.test(clause))
      add(ASCII_PRINTABLE);
    if (/\bbinary\b/i.test(clause)) add('01');
    // "the letters 'A' and 'B'", "letters from 'a' to 'j'": the quoted ones, not a class.
    const quotedSpan = /'.'\s*(?:-|to|through)\s*'.'/.test(clause);
    // "the '#' letter" names one character, not the letters.
    const genericLetters =
      !quotedSpan &&
      /(?<!['"]\s?)\bletters?\b(?!\s*['"])|\balphabets?\b/i.test(clause.replace(/'.'\s+letter\b/g, ''));
    if (genericLetters || ((lower || upper) && !quotedSpan)) {
      if (lower || !upper) add(LOWER);
      if (upper || (!lower && /\bEnglish letters\b|\bletters\b/i.test(clause) && !/\blower/i.test(clause)))
        add(UPPER);
    }
    const digitRange = /\bdigits?\s+(?:from\s+)?(\d)\s*(?:-|to|through)\s*(\d)/i.exec(clause);
    // "a digit in the range ['2', '9']": the quoted range says which digits.
    const quotedRange = /'(.)'\s*(?:-|to|through|,)\s*'(.)'\s*\]/.test(clause);
    if (digitRange) add(DIGITS.slice(Number(digitRange[1]), Number(digitRange[2]) + 1));
    else if (/\bdigits?\b|\bnumeric\b/i.test(clause) && !quotedRange && !quotedSpan) add(DIGITS);
    if (/\bvowels\b/i.test(clause)) add('aeiou');
    for (const [re, cs] of NAMED_CHARACTERS) if (re.test(clause)) add(cs);
    for (const m of clause.matchAll(/'(.)'\s*(?:-|to|through|,)\s*'(.)'\s*\]/g))
      for (let c = m[1].charCodeAt(0); c <= m[2].charCodeAt(0); c++) add(String.fromCharCode(c));
    for (const m of clause.matchAll(/'([^'\s]{2,})'/g)) add(m[1]);
    // `characters from the string ".,|$#@"`: each character of a quoted string of symbols.
    for (const m of clause.matchAll(/"([^"\sA-Za-z0-9]{2,})"/g)) add(m[1]);
    for (const m of clause.matchAll(/'(.)'\s*(?:-|to|through)\s*'(.)'/g))
      for (let c = m[1].charCodeAt(0); c <= m[2].charCodeAt(0); c++) add(String.fromCharCode(c));
    for (const m of clause.matchAll(/'(.)'|"(.)"/g)) add(m[1] ?? m[2]);
    if (braced) {
      const members = [...braced[1].matchAll(/'(.)'/g)].map((x) => x[1]).join('');
      const quotedElsewhere = /'[^']*'|"[^"]*"/.test(clause);
      if (quotedElsewhere || (chars && [...members].some((c) => !chars.includes(c)))) return false;
      chars = members;
      eat(ctx, braced.index, braced.index + braced[0].length);
    }
    if (!chars) return false;
    // Issue 44 item 1: the words of the alphabet's sentence it understood are consumed.
    for (const v of targets) ctx.spans.push(...matchSpans(clause, new RegExp(`\\b${v.name}(?:\\[\\w+\\])*`)));
    ctx.spans.push(...matchSpans(clause, ALPHABET_WORDS));
    for (const [re] of NAMED_CHARACTERS) ctx.spans.push(...matchSpans(clause, re));
    ctx.spans.push(...matchSpans(clause, /'[^']*'s?|"[^"]*"/));
    // Issue 44 rule 13: a later line never overwrites an alphabet (`separated by a single space`, a
    // quoted example); one that names characters outside it is not understood.
    for (const v of targets) {
      const had = ctx.reading.alphabets.get(v.name);
      if (had !== undefined && [...chars].some((c) => !had.includes(c))) return false;
    }
    for (const v of targets) if (!ctx.reading.alphabets.has(v.name)) ctx.reading.alphabets.set(v.name, chars);
    return true;
  },
};

const COLUMN_NAMES = /([A-Za-z_]\w*)\[i\]\s*==?\s*\[([^\]]+)\]/;

/** `intervals[i] = [start_i, end_i]`: the names of a matrix's columns (read before the others). */
function readColumnNames(ctx: Context, line: string) {
  const m = COLUMN_NAMES.exec(line);
  if (!m) return false;
  const v = ctx.vars.find((x) => x.name === m[1]);
  if (!v || shape(v).depth !== 2) return false;
  m[2].split(',').forEach((raw, index) => {
    const name = raw.trim().replace(/_?\{?i\}?$/, '_i');
    ctx.reading.columnNames.set(name, { matrix: v.name, index });
  });
  set(ctx, `${v.name}:columns`, { min: m[2].split(',').length, max: m[2].split(',').length });
  return true;
}

/** `m == grid.length`, `n == nums.length`: a name that is no input stands for a quantity. */
function readAlias(ctx: Context, clause: string): boolean {
  // Session 14: `where n is the length of nums`, `where n is the length` (of the one text or array there is).
  const prose =
    /^\s*(?:where\s+)?([A-Za-z_]\w*)\s+(?:is|==?)\s+the\s+(?:length|size)(?:\s+of\s+(?:the\s+)?(?:array\s+|string\s+)?([A-Za-z_]\w*))?\s*\.?\s*$/.exec(
      clause,
    );
  if (prose) {
    const sized = ctx.vars.filter((v) => shape(v).depth > 0 || shape(v).element === 'string');
    const of = prose[2] ?? (sized.length === 1 ? sized[0].name : undefined);
    if (!of || !sized.some((v) => v.name === of)) return false;
    clause = `${prose[1]} == ${of}.length`;
  }
  const m = /^\s*(?:where\s+|and\s+)?([A-Za-z_]\w*)\s*==?\s*([A-Za-z_][\w.[\]()]*)\s*$/.exec(clause);
  if (!m || ctx.vars.some((v) => v.name === m[1])) {
    const r = /^\s*([A-Za-z_][\w.[\]()]*)\s*==?\s*([A-Za-z_]\w*)\s*$/.exec(clause);
    if (!r || ctx.vars.some((v) => v.name === r[2]) || !keyOf(ctx, r[1])) return false;
    ctx.reading.aliases.set(r[2], r[1]);
    return true;
  }
  const target = keyOf(ctx, m[2]);
  if (!target) return false;
  const before = ctx.reading.aliases.get(m[1]);
  if (before !== undefined && before !== m[2]) {
    // `n == grid.length` and `n == grid[i].length`: the two are equal (a square grid).
    const first = keyOf(ctx, before);
    if (first && first !== target) set(ctx, target, { equals: { key: first, times: 1, plus: 0 } });
    return true;
  }
  ctx.reading.aliases.set(m[1], m[2]);
  return true;
}

export const RULES: Rule[] = [comparisonChain, equality, enumeration, proseRange, uniqueness, alphabet];

const EXISTENTIAL =
  /\b(?:at least one|exactly one|only one|some)\s+(?:index|indices|i|j|k|element|value|position|pair|row|column|cell)\b[^.]*?\b(?:such that|where|with|satisfying|for which)\b|\bfor some\b|\bthere exists?\b/i;

/** Reads a constraints text against the signature's variables. */
export function readConstraints(text: string, vars: Variable[]): Reading {
  const reading = readWith(text, vars, new Set());
  // Session 15 rule "a default never overrides an unread definition" (sample L, 2122): an undefined name
  // read by default as a length (`n read as nums.length`) is not assumed when a line the reader did not
  // understand ties that name by an equality (`2 * n == nums.length`): the text defines it, the reader
  // cannot say how, so the lines through it read nothing and the user is told why.
  const defines = (name: string) =>
    reading.lines.find(
      (l) => l.rules.length === 0 && new RegExp(`\\b${name}\\b`).test(l.text) && EQUALITY.test(l.text),
    );
  const doubtful = DEFAULTED.filter(
    (name) =>
      reading.assumptions.some((a) => new RegExp(`^(?:m and n|${name}) read as`).test(a)) && defines(name),
  );
  if (doubtful.length === 0) return reading;
  const again = readWith(text, vars, new Set(doubtful));
  for (const name of doubtful)
    again.assumptions.push(
      `${name} not read as a length: "${defines(name)!.text}" defines it in a way not understood`,
    );
  return again;
}

/** An equality sign, never part of `<=`, `>=` or `!=`. */
const EQUALITY = /(?<![<>!=])==?(?!=)/;

/** The undefined names the reader may take by default for a length. */
const DEFAULTED = ['n', 'm'];

function readWith(text: string, vars: Variable[], noDefault: Set<string>): Reading {
  const reading: Reading = {
    bounds: new Map(),
    oneOf: new Map(),
    alphabets: new Map(),
    distinct: new Set(),
    columnNames: new Map(),
    orderedColumns: new Set(),
    aliases: new Map(),
    lines: [],
    assumptions: [],
    virtuals: new Set(),
  };
  const ctx: Context = { vars, reading, spans: [], assumed: new Set() };
  const lines = (text ?? '')
    .split(/\n/)
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, ''))
    .filter((l) => l.trim());
  const normalised = lines.map(normaliseLine);
  // First the names: matrix columns, then what `n`, `m`, … stand for.
  const early = new Set<number>();
  normalised.forEach((l, i) => readColumnNames(ctx, l) && early.add(i));
  normalised.forEach((l, i) => {
    for (const c of clauses(l)) if (readAlias(ctx, c)) early.add(i);
  });
  readVirtuals(ctx, normalised);
  const arrays = vars.filter((v) => shape(v).depth > 0 || shape(v).element === 'string');
  const firstArray = arrays[0];
  const matrix = vars.find((v) => shape(v).depth === 2);
  const mentions = (name: string) => normalised.some((l) => new RegExp(`\\b${name}\\b`).test(l));
  const undefinedName = (name: string) =>
    !noDefault.has(name) &&
    !reading.aliases.has(name) &&
    !reading.virtuals.has(name) &&
    !vars.some((v) => v.name === name) &&
    mentions(name);
  // Issue 44 rule 11: `1 <= n, m <= 50` with two arrays and neither defined says nothing of which is which.
  const twoUndefined = undefinedName('n') && undefinedName('m') && !matrix && arrays.length > 1;
  // Session 14: `1 <= n, m <= 1000` beside one matrix and nothing else: its rows and its columns.
  const dimensions = undefinedName('n') && undefinedName('m') && matrix !== undefined && arrays.length === 1;
  if (dimensions) {
    reading.aliases.set('m', `${matrix.name}.length`);
    reading.aliases.set('n', `${matrix.name}[i].length`);
    ctx.assumed.add('m').add('n');
    reading.assumptions.push(
      `m and n read as the rows and columns of ${matrix.name} (the constraints do not say which is which)`,
    );
  } else if (undefinedName('n') && firstArray && !twoUndefined) {
    reading.aliases.set('n', `${firstArray.name}.length`);
    ctx.assumed.add('n');
    reading.assumptions.push(`n read as ${firstArray.name}.length (the constraints do not say what n is)`);
  }
  if (!dimensions && undefinedName('m') && matrix) {
    reading.aliases.set('m', `${matrix.name}.length`);
    ctx.assumed.add('m');
    reading.assumptions.push(`m read as ${matrix.name}.length (the constraints do not say what m is)`);
  }
  normalised.forEach((line, i) => {
    // Sample E rule "one element is not all": `there is at least one i such that endi == n - 1`, "at least
    // one index i such that nums[i] >= k" state a relation of some element, never of every one.
    if (EXISTENTIAL.test(line)) {
      reading.lines.push({ text: lines[i].trim(), rules: [] });
      return;
    }
    const rules = new Set<string>(early.has(i) ? ['names'] : []);
    // Issue 44 item 1: a line is read whole or not at all. When one of its clauses is understood by no
    // rule, nothing is read from it and it is listed as not understood.
    const before = structuredClone({ ...reading, lines: [] as Reading['lines'] });
    let whole = true;
    const unaccounted: string[] = [];
    for (const clause of clauses(line)) {
      ctx.spans = [];
      let read = false;
      if (early.has(i) && readAlias(ctx, clause)) {
        eat(ctx, 0, clause.length);
        read = true;
      } else if (early.has(i) && COLUMN_NAMES.test(clause)) {
        ctx.spans.push(...matchSpans(clause, COLUMN_NAMES));
        read = true;
      }
      for (const rule of RULES) {
        const had = ctx.spans.length;
        if (rule.read(ctx, clause)) {
          rules.add(rule.name);
          read = true;
        } else ctx.spans.length = had;
      }
      // Issue 44 item 1: a clause with a token no rule consumed (an unknown word, a qualifier) is not understood.
      const rest = leftover(clause, ctx.spans);
      if (!read || rest.length) whole = false;
      if (read) unaccounted.push(...rest.filter((t) => !unaccounted.includes(t)));
    }
    if (!whole && rules.size) {
      const { lines: _lines, ...kept } = before;
      Object.assign(reading, kept);
      rules.clear();
    }
    reading.lines.push({
      text: lines[i].trim(),
      rules: [...rules],
      ...(unaccounted.length && !whole ? { unaccounted } : {}),
    });
  });
  dropUnplacedColumns(ctx, normalised);
  settleColumns(ctx);
  dropContradicted(ctx, normalised);
  return reading;
}

/**
 * Session 14 rule "columns by order need every name placed": undeclared names are a matrix's columns in
 * the order the text names them only when no line naming another such name (`numPassengersi`) went
 * unread; otherwise the order is unknown and no column's range is read.
 */
function dropUnplacedColumns(ctx: Context, lines: string[]) {
  const known = (name: string) =>
    ctx.vars.some((v) => v.name === name) ||
    ctx.reading.aliases.has(name) ||
    ctx.reading.columnNames.has(name.replace(/_?i$/, '_i')) ||
    WORDS.has(name.toLowerCase());
  for (const v of ctx.vars.filter((x) => ctx.reading.assumptions.includes(positionalNote(x.name)))) {
    const unplaced = ctx.reading.lines.find(
      (line, i) =>
        line.rules.length === 0 &&
        [...lines[i].matchAll(/\b([A-Za-z][A-Za-z]*_?i)\b/g)].some((m) => m[1].length > 2 && !known(m[1])),
    );
    if (!unplaced) continue;
    for (const key of [...ctx.reading.bounds.keys()])
      if (key === `${v.name}:values` || (key.startsWith(`${v.name}:column`) && /:column\d+$/.test(key)))
        ctx.reading.bounds.delete(key);
    ctx.reading.orderedColumns.delete(v.name);
    // The lines that read those columns are listed as not understood with it.
    const names = [...ctx.reading.columnNames]
      .filter(([, c]) => c.matrix === v.name)
      .map(([name]) => name.replace(/_i$/, ''));
    ctx.reading.lines.forEach((line, i) => {
      if (names.some((n) => new RegExp(`\\b${n}_?i\\b`).test(lines[i]))) line.rules = [];
    });
    ctx.reading.assumptions.push(
      `the columns of ${v.name} not read: "${unplaced.text}" names one the order of the others cannot place`,
    );
  }
}

/**
 * Session 14 rule "an exception unread": a line not understood that gives one element a number outside
 * the range read for all of them (`parent[0] == -1 which indicates that 0 is the root` after
 * `0 <= parent[i] <= n - 1`) makes that range doubtful: it is dropped, and the user told why.
 */
function dropContradicted(ctx: Context, lines: string[]) {
  ctx.reading.lines.forEach((line, i) => {
    if (line.rules.length) return;
    // The same for characters: an unread line naming one outside a text's alphabet (`only one space
    // between 2 words` after `only upper case English letters`) makes that alphabet doubtful.
    const texts = ctx.vars.filter((v) => ['string', 'char'].includes(shape(v).element));
    const named = texts.filter((v) => new RegExp(`\\b${v.name}\\b`).test(lines[i]));
    let characters = '';
    for (const [re, cs] of NAMED_CHARACTERS) if (re.test(lines[i])) characters += cs;
    for (const m of lines[i].matchAll(/'(.)'/g)) characters += m[1];
    for (const v of named.length ? named : texts.length === 1 ? texts : []) {
      const alphabet = ctx.reading.alphabets.get(v.name);
      if (alphabet === undefined || [...characters].every((c) => alphabet.includes(c))) continue;
      ctx.reading.alphabets.delete(v.name);
      ctx.reading.assumptions.push(
        `the characters of ${v.name} not read: "${line.text}" names one outside them`,
      );
    }
    for (const m of lines[i].matchAll(/\b([A-Za-z_]\w*)\[\d+\]/g)) {
      const v = ctx.vars.find((x) => x.name === m[1] && shape(x).depth > 0);
      const key = `${m[1]}:values`;
      if (!v || !ctx.reading.bounds.has(key)) continue;
      const { min, max } = resolvedBound(ctx.reading, key);
      const rest = lines[i].replace(/\b[A-Za-z_]\w*\[\d+\]/g, ' ');
      const numbers = [...rest.matchAll(/(?<![\w^.])-?\d+(?:\.\d+)?(?![\w^.])/g)].map((x) => Number(x[0]));
      if (numbers.some((x) => (min !== undefined && x < min) || (max !== undefined && x > max))) {
        ctx.reading.bounds.delete(key);
        ctx.reading.assumptions.push(
          `the range of ${m[1]}'s elements not read: "${line.text}" gives one of them a value outside it`,
        );
      }
    }
  });
}

/**
 * Issue 44 rule 9: an undefined name the text ties to a length by a formula (`nums.length == 2 * n`,
 * `edges.length == n - 1`, `nums.length == 3 * n`) is a quantity of its own, not an input's length.
 */
function readVirtuals(ctx: Context, lines: string[]) {
  // Session 15 (sample L, 2122): the formula on either side (`2 * n == nums.length`).
  const formulas = (line: string) => [
    ...[...line.matchAll(/[A-Za-z_][\w[\]]*\.length\s*==?\s*([^,;<>=]+)/g)].map((m) => m[1]),
    ...[...line.matchAll(/(?:^|[,;<>]\s*)([^,;<>=]+?)\s*==?\s*[A-Za-z_][\w[\]]*\.length\b/g)].map(
      (m) => m[1],
    ),
  ];
  for (const line of lines)
    for (const formula of formulas(line)) {
      const rhs = formula.trim();
      const names = [...rhs.matchAll(/\b([a-z])\b/g)].map((x) => x[1]);
      if (names.length !== 1 || /^[a-z]$/.test(rhs)) continue;
      const name = names[0];
      if (!ctx.vars.some((v) => v.name === name) && !ctx.reading.aliases.has(name))
        ctx.reading.virtuals.add(name);
    }
}

/**
 * A matrix whose columns have ranges of their own (issue 44 rule 2: `1 <= rowi <= n`, `1 <= seati <= 10`)
 * keeps them per column; one range for all its values is claimed only when every column has the same
 * (or, for ordered rows `start_i < end_i`, the span of both).
 */
function settleColumns(ctx: Context) {
  for (const v of ctx.vars.filter((x) => shape(x).depth === 2)) {
    if (ctx.reading.bounds.get(`${v.name}:values`)) continue;
    const keys = [...ctx.reading.bounds.keys()].filter(
      (k) => k.startsWith(`${v.name}:column`) && /:column\d+$/.test(k),
    );
    if (keys.length === 0) continue;
    const count = resolvedBound(ctx.reading, `${v.name}:columns`);
    const named = [...ctx.reading.columnNames.values()].filter((c) => c.matrix === v.name).length;
    const all = Math.max(count.max === count.min ? (count.max ?? 0) : 0, named);
    if (keys.length < all) continue;
    const ranges = keys.map((k) => resolvedBound(ctx.reading, k));
    const same = ranges.every((r) => r.min === ranges[0].min && r.max === ranges[0].max);
    const ordered = ctx.reading.orderedColumns.has(v.name);
    if (!same && !ordered) continue;
    const lows = ranges.map((r) => r.min);
    const highs = ranges.map((r) => r.max);
    const min = lows.some((x) => x === undefined) ? undefined : Math.min(...(lows as number[]));
    const max = highs.some((x) => x === undefined) ? undefined : Math.max(...(highs as number[]));
    // Relations every column shares (`0 <= ai, bi <= n - 1`) hold for all the values.
    const relations = (k: string) => JSON.stringify(ctx.reading.bounds.get(k)?.maxFrom ?? []);
    const shared = keys.every((k) => relations(k) === relations(keys[0]))
      ? ctx.reading.bounds.get(keys[0])?.maxFrom
      : undefined;
    if (min !== undefined || max !== undefined || shared?.length)
      set(ctx, `${v.name}:values`, { min, max, ...(shared?.length ? { maxFrom: shared } : {}) });
  }
}

/** A quantity's bounds with the formulas resolved to numbers where the other quantity's bound is known. */
export function resolvedBound(reading: Reading, key: string, depth = 0): { min?: number; max?: number } {
  const own = reading.bounds.get(key);
  // An equality read the other way round (`s.length == t.length` bounds t by s): A == t·B + p gives B == (A − p) / t.
  const mirrored: Linear[] = [];
  for (const [other, b] of reading.bounds)
    if (other !== key && b.equals?.key === key && b.equals.times !== 0)
      mirrored.push({ key: other, times: 1 / b.equals.times, plus: -b.equals.plus / b.equals.times });
  if (!own && mirrored.length === 0) return {};
  const b: Bound = { ...(own ?? {}) };
  let { min, max } = b;
  if (depth > 4) return { min, max };
  const of = (l: Linear) => resolvedBound(reading, l.key, depth + 1);
  const apply = (l: Linear, which: 'min' | 'max') => {
    const r = of(l);
    const bound = l.times >= 0 ? r[which] : r[which === 'min' ? 'max' : 'min'];
    return bound === undefined ? undefined : l.times * bound + l.plus;
  };
  if (b.equals) {
    const lo = apply(b.equals, 'min');
    const hi = apply(b.equals, 'max');
    if (lo !== undefined) min = min === undefined ? lo : Math.max(min, lo);
    if (hi !== undefined) max = max === undefined ? hi : Math.min(max, hi);
  }
  for (const l of b.maxFrom ?? []) {
    const hi = apply(l, 'max');
    if (hi !== undefined) max = max === undefined ? hi : Math.min(max, hi);
  }
  for (const l of b.minFrom ?? []) {
    const lo = apply(l, 'min');
    if (lo !== undefined) min = min === undefined ? lo : Math.max(min, lo);
  }
  if (depth < 2)
    for (const l of mirrored) {
      const lo = apply(l, 'min');
      const hi = apply(l, 'max');
      if (lo !== undefined) min = min === undefined ? lo : Math.max(min, lo);
      if (hi !== undefined) max = max === undefined ? hi : Math.min(max, hi);
    }
  // A bound through a fraction (`2 * k <= nums.length`): whole quantities round inward.
  if (min !== undefined && !Number.isInteger(min) && !/:values$/.test(key)) min = Math.ceil(min);
  if (max !== undefined && !Number.isInteger(max) && !/:values$/.test(key)) max = Math.floor(max);
  return { min, max };
}
