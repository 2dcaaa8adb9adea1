import { blankCommentsAndLiterals } from '@javelin/java-io';

/** A method found in the source: its name, parameters and body range in the blanked text. */
export interface JavaMethod {
  name: string;
  params: string[];
  returnType: string;
  /** Offset just after the opening brace of the body. */
  bodyStart: number;
  /** Offset of the closing brace of the body. */
  bodyEnd: number;
  headerStart: number;
}

export type LoopKind = 'for' | 'foreach' | 'while' | 'do';

export interface JavaLoop {
  kind: LoopKind;
  /** The text between the loop's parentheses ('' for do, whose condition follows the body). */
  header: string;
  start: number;
  bodyStart: number;
  bodyEnd: number;
  /** Offset just past the whole statement (for do-while, after its condition). */
  end: number;
}

const MAX_LOOPS = 400;
const MAX_METHODS = 200;
const MAX_LOOP_NESTING = 30;

const CONTROL_WORDS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'synchronized',
  'try',
  'do',
  'else',
  'return',
  'new',
  'throw',
  'case',
]);
const METHOD_HEADER =
  /([A-Za-z_$][\w$<>[\],.?\s]*?)\s+([A-Za-z_$][\w$]*)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*(?:throws\s+[\w$.,\s]+)?$/;

/**
 * A light structural reading of a Java source: comments and literals blanked (offsets kept), the
 * methods with their bodies, and the loops. It is a scan, not a parser: good enough to estimate
 * complexity and spot common mistakes in the short programs of this platform.
 */
export class JavaCode {
  readonly blanked: string;
  readonly lines: string[];
  readonly methods: JavaMethod[];
  readonly loops: JavaLoop[];
  private readonly lineStarts: number[];
  /** For each opening bracket, the offset of the bracket closing it (-1 when none): one pass, not a scan per bracket. */
  private readonly closers: Int32Array;
  private readonly types = new Map<string, string | undefined>();

  constructor(readonly source: string) {
    this.blanked = blankCommentsAndLiterals(source);
    this.lines = source.split('\n');
    this.lineStarts = [0];
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.lineStarts.push(i + 1);
    this.closers = pairBrackets(this.blanked);
    this.methods = this.findMethods();
    this.loops = this.findLoops();
  }

  /**
   * Code past these sizes is not a contest solution worth a structural estimate, and scanning it
   * would hold the event loop for too long: the analyzer then reports javac's findings only.
   */
  get tooLargeToAnalyze(): boolean {
    return (
      this.loops.length > MAX_LOOPS ||
      this.methods.length > MAX_METHODS ||
      this.maxLoopNesting() > MAX_LOOP_NESTING
    );
  }

  private maxLoopNesting(): number {
    const open: number[] = [];
    let deepest = 0;
    for (const l of this.loops) {
      while (open.length && open[open.length - 1] <= l.start) open.pop();
      open.push(l.end);
      deepest = Math.max(deepest, open.length);
    }
    return deepest;
  }

  /** 1-based line number of an offset. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** The source text of a 1-based line, trimmed. */
  lineText(line: number): string {
    return (this.lines[line - 1] ?? '').trim();
  }

  method(name: string): JavaMethod | undefined {
    return this.methods.find((m) => m.name === name);
  }

  body(m: JavaMethod): string {
    return this.blanked.slice(m.bodyStart, m.bodyEnd);
  }

  methodAt(offset: number): JavaMethod | undefined {
    return this.methods
      .filter((m) => m.bodyStart <= offset && offset <= m.bodyEnd)
      .sort((a, b) => a.bodyEnd - a.bodyStart - (b.bodyEnd - b.bodyStart))[0];
  }

  /** Loops directly inside [start, end): not nested in another loop of that range. */
  topLevelLoops(start: number, end: number): JavaLoop[] {
    const inside = this.loops.filter((l) => l.start >= start && l.end <= end);
    return inside.filter(
      (l) => !inside.some((o) => o !== l && o.start <= l.start && l.end <= o.end && o.bodyStart <= l.start),
    );
  }

  /** Loops enclosing an offset, innermost last. */
  enclosingLoops(offset: number): JavaLoop[] {
    return this.loops
      .filter((l) => l.bodyStart <= offset && offset < l.bodyEnd)
      .sort((a, b) => a.start - b.start);
  }

  /** The text of [start, end) with the given (disjoint) sub-ranges blanked out, offsets kept. */
  textWithout(start: number, end: number, holes: { start: number; end: number }[]): string {
    let out = '';
    let at = start;
    for (const h of [...holes].sort((a, b) => a.start - b.start)) {
      const from = Math.max(h.start, at);
      const to = Math.min(h.end, end);
      if (to <= from) continue;
      out += this.blanked.slice(at, from) + ' '.repeat(to - from);
      at = to;
    }
    return out + this.blanked.slice(at, end);
  }

  /** Index of the bracket matching the one at `open` ('(' or '{' or '['), or -1. */
  matching(open: number): number {
    return open >= 0 && open < this.closers.length ? this.closers[open] : -1;
  }

  /** Declared type of a variable or field (the last declaration wins), or undefined. */
  typeOf(name: string): string | undefined {
    if (!this.types.has(name)) this.types.set(name, this.findType(name));
    return this.types.get(name);
  }

  private findType(name: string): string | undefined {
    const decl = new RegExp(
      `([A-Za-z_$][\\w$.]*(?:\\s*<[^;=(){}]*>)?(?:\\s*\\[\\s*\\])*)\\s+${escape(name)}\\s*(?:[=;,)]|:)`,
      'g',
    );
    let found: string | undefined;
    for (const m of this.blanked.matchAll(decl)) {
      const type = m[1].replace(/\s+/g, '');
      if (CONTROL_WORDS.has(type) || type === 'return') continue;
      // `var list = new ArrayList<Integer>()` has the type of what it is initialised with.
      const init =
        type === 'var'
          ? /^\s*=\s*new\s+([\w$.]+)/.exec(this.blanked.slice((m.index ?? 0) + m[0].length - 1))
          : null;
      found = init ? init[1] : type;
    }
    return found;
  }

  private findMethods(): JavaMethod[] {
    const code = this.blanked;
    const methods: JavaMethod[] = [];
    let lastDelimiter = 0;
    for (let i = 0; i < code.length; i++) {
      const c = code[i];
      if (c === '{') {
        const header = code
          .slice(lastDelimiter, i)
          .replace(/@\w+(\s*\([^)]*\))?/g, ' ')
          .trim();
        const m = METHOD_HEADER.exec(header);
        if (m && !CONTROL_WORDS.has(m[2]) && !/\b(new|class|interface|enum|record)\b|=|->/.test(header)) {
          const end = this.matching(i);
          const typeWords = m[1].trim().split(/\s+/);
          methods.push({
            name: m[2],
            params: m[3]
              .split(',')
              .map((p) => p.trim().split(/\s+/).pop() ?? '')
              .filter(Boolean),
            returnType: typeWords[typeWords.length - 1] ?? '',
            bodyStart: i + 1,
            bodyEnd: end < 0 ? code.length : end,
            headerStart: lastDelimiter,
          });
        }
        lastDelimiter = i + 1;
      } else if (c === '}' || c === ';') {
        lastDelimiter = i + 1;
      }
    }
    return methods;
  }

  private findLoops(): JavaLoop[] {
    const code = this.blanked;
    const loops: JavaLoop[] = [];
    const doBodies: { bodyEnd: number; loop: JavaLoop }[] = [];
    for (const m of code.matchAll(/\b(for|while|do)\b/g)) {
      const start = m.index ?? 0;
      const word = m[1];
      if (word === 'do') {
        const brace = this.skipSpace(start + 2);
        if (code[brace] !== '{') continue;
        const bodyEnd = this.matching(brace);
        if (bodyEnd < 0) continue;
        const loop: JavaLoop = {
          kind: 'do',
          header: '',
          start,
          bodyStart: brace + 1,
          bodyEnd,
          end: bodyEnd + 1,
        };
        doBodies.push({ bodyEnd, loop });
        loops.push(loop);
        continue;
      }
      const paren = this.skipSpace(start + word.length);
      if (code[paren] !== '(') continue;
      const close = this.matching(paren);
      if (close < 0) continue;
      const header = code.slice(paren + 1, close);
      if (word === 'while') {
        const before = code.slice(0, start).trimEnd();
        const owner = doBodies.find((d) => d.bodyEnd === before.length - 1);
        if (owner) {
          owner.loop.header = header;
          const semi = code.indexOf(';', close);
          owner.loop.end = semi < 0 ? close + 1 : semi + 1;
          continue;
        }
      }
      const bodyOpen = this.skipSpace(close + 1);
      let bodyStart: number;
      let bodyEnd: number;
      if (code[bodyOpen] === '{') {
        bodyStart = bodyOpen + 1;
        bodyEnd = this.matching(bodyOpen);
        if (bodyEnd < 0) bodyEnd = code.length;
      } else {
        // A brace-less body is one statement; it ends after its `;` (or the `}` of a nested block), so a
        // loop nested in it, even on the same line, lies inside the body.
        bodyStart = bodyOpen;
        bodyEnd = Math.min(code.length, this.statementEnd(bodyOpen) + 1);
      }
      const kind: LoopKind = word === 'for' ? (header.includes(';') ? 'for' : 'foreach') : 'while';
      const braced = code[bodyOpen] === '{';
      loops.push({
        kind,
        header,
        start,
        bodyStart,
        bodyEnd,
        end: braced ? Math.min(code.length, bodyEnd + 1) : bodyEnd,
      });
    }
    return loops.sort((a, b) => a.start - b.start);
  }

  private skipSpace(i: number): number {
    while (i < this.blanked.length && /\s/.test(this.blanked[i])) i++;
    return i;
  }

  /** End of a single statement starting at i (the `;` at bracket depth 0), for brace-less loop bodies. */
  private statementEnd(i: number): number {
    let depth = 0;
    for (let k = i; k < this.blanked.length; k++) {
      const c = this.blanked[k];
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (c === '{') {
        const end = this.matching(k);
        if (end < 0) return this.blanked.length;
        k = end;
        if (
          depth === 0 &&
          this.blanked
            .slice(i, k)
            .trim()
            .match(/^(for|while|if|else)\b/)
        )
          return k;
      } else if (c === ';' && depth === 0) return k;
    }
    return this.blanked.length;
  }
}

/** Pairs each kind of bracket on its own (a stray `)` does not close a `{`), as counting depth per kind would. */
function pairBrackets(text: string): Int32Array {
  const closers = new Int32Array(text.length).fill(-1);
  const open: Record<string, number[]> = { '(': [], '{': [], '[': [] };
  const opener: Record<string, string> = { ')': '(', '}': '{', ']': '[' };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c in open) open[c].push(i);
    else if (c in opener) {
      const at = open[opener[c]].pop();
      if (at !== undefined) closers[at] = i;
    }
  }
  return closers;
}

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Identifiers used in an expression (keywords and numbers excluded). */
export function identifiersIn(expr: string): string[] {
  return [...expr.matchAll(/[A-Za-z_$][\w$]*/g)].map((m) => m[0]).filter((w) => !JAVA_KEYWORDS.has(w));
}

const JAVA_KEYWORDS = new Set([
  'int',
  'long',
  'short',
  'byte',
  'char',
  'boolean',
  'double',
  'float',
  'var',
  'final',
  'new',
  'true',
  'false',
  'null',
  'this',
  'instanceof',
  'return',
  'if',
  'else',
  'for',
  'while',
  'do',
]);
