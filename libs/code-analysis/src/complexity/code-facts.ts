import { Cost, N, productOf } from '../cost';
import { escape, JavaCode, JavaLoop } from '../java-code';

/** Bounds at or below this are treated as constants (alphabet sizes, bit counts, directions). */
const SMALL_CONSTANT = 1000;

/**
 * What the complexity rules ask of the code: which names are size variables, constants, grids,
 * and which calls are the user's own. `loopVariables` is filled as loops are read, outer first.
 */
export class CodeFacts {
  readonly constants = new Map<string, number>();
  /** The size variable each loop runs over, for loops whose bound is an outer loop's counter. */
  readonly loopVariables = new Map<JavaLoop, string>();

  constructor(
    readonly code: JavaCode,
    readonly sizeNames: Set<string>,
  ) {
    for (const m of code.blanked.matchAll(
      /\bfinal\s+(?:static\s+)?\w+\s+([A-Za-z_$][\w$]*)\s*=\s*([\d_]+)[lL]?\s*;/g,
    )) {
      this.constants.set(m[1], Number(m[2].replace(/_/g, '')));
    }
  }

  /** `grid.length` is the grid's rows (m), `grid[i].length` its columns (n), for a 2-D array. */
  gridSide(bounds: string[]): string | undefined {
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
  isGrid(name: string): boolean {
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
  gridCells(text: string): Cost | undefined {
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
  sizeVariable(identifiers: string[], enclosing: JavaLoop[]): string {
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

  isSmallConstant(expr: string): boolean {
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
  isConstantArray(name: string): boolean {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
    const literal = new RegExp(`\\b${escape(name)}\\s*=\\s*(?:new\\s+[\\w$]+\\s*(?:\\[\\s*\\])+\\s*)?\\{`);
    if (literal.test(this.code.blanked)) return true;
    const sized = new RegExp(`\\b${escape(name)}\\s*=\\s*new\\s+[\\w$]+\\s*\\[([^\\]]*)\\]`).exec(
      this.code.blanked,
    );
    return !!sized && sized[1].trim() !== '' && this.isSmallConstant(sized[1]);
  }

  declaredBefore(name: string, offset: number): boolean {
    const decl = new RegExp(
      `\\b(?:int|long|short|var)\\s+(?:[A-Za-z_$][\\w$]*\\s*=[^;,]*,\\s*)*${escape(name)}\\s*[=;,]`,
      'g',
    );
    const at = [...this.code.blanked.matchAll(decl)].map((d) => d.index ?? 0);
    return at.length > 0 && at.some((a) => a < offset);
  }

  /** A call written after `receiver.` is the user's only on `this.` or an object of one of the user's classes. */
  isOwnCall(before: string): boolean {
    const receiver = /([\w$)]+)\s*\.\s*$/.exec(before);
    if (!receiver) return true;
    if (receiver[1] === 'this') return true;
    if (receiver[1].endsWith(')')) return this.returnsOwnObject(before.slice(0, before.lastIndexOf(')') + 1));
    const type = this.code.typeOf(receiver[1]) ?? receiver[1];
    return this.code.blanked.includes(`class ${type}`);
  }

  /** `new Helper(x).solve()` or `make().solve()` call the user's code; `new StringBuilder(s).reverse()` does not. */
  returnsOwnObject(before: string): boolean {
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

  argsAt(callIndex: number): string {
    const open = this.code.blanked.indexOf('(', callIndex);
    const close = this.code.matching(open);
    return close < 0 ? '' : this.code.blanked.slice(open + 1, close);
  }
}
