import { MAX_NESTING, StatementTooLarge } from './bounds';
import { PAR } from './markdown-output';
import { displayMath, inlineMath, mathEnd } from './math';
import { LatexTokenizer, type Mode, type Stop } from './tokenizer';

/** A run of plain text: nothing in it means anything to TeX or to Markdown. */
const TEXT_RUN = /[^\\{}$%~\s\-`'&#^_*[\]<>|]+/y;

/**
 * The sequence: text runs, groups, comments, paragraph breaks, TeX's typography (dashes, quotes,
 * ties) and math, up to its stop; every control sequence goes to `command` (commands.ts).
 */
export abstract class LatexSequence extends LatexTokenizer {
  private depth = 0;

  /** A control sequence at pos: its output, and whether it read the rest of the sequence (`{\bf …}`). */
  protected abstract command(mode: Mode, stop: Stop): { text: string; stop?: boolean };

  protected override seq(stop: Stop, mode: Mode): string {
    if (++this.depth > MAX_NESTING) throw new StatementTooLarge(MAX_NESTING, 'nesting');
    try {
      return this.seqBody(stop, mode);
    } finally {
      this.depth--;
    }
  }

  private seqBody(stop: Stop, mode: Mode): string {
    let out = '';
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (stop.kind === 'brace' && c === '}') {
        this.pos++;
        return out;
      }
      if (stop.kind === 'bracket' && c === ']') {
        this.pos++;
        return out;
      }
      TEXT_RUN.lastIndex = this.pos;
      const run = TEXT_RUN.exec(this.src);
      if (run) {
        out += run[0];
        this.pos += run[0].length;
        continue;
      }
      if (c === '\\') {
        if (this.endOfEnv(stop)) return out;
        const rest = this.command(mode, stop);
        if (rest.stop) return out + rest.text;
        out += rest.text;
      } else if (c === '{') {
        this.pos++;
        out += this.seq({ kind: 'brace' }, mode);
      } else if (c === '}') {
        this.pos++;
        this.warn('an unmatched } was ignored');
      } else if (c === '%') out += this.comment();
      else if (c === '$') out += this.dollarMath();
      else if (/\s/.test(c)) out += this.whitespace();
      else out += this.punctuation(c, mode);
    }
    if (stop.kind === 'brace') this.warn('a { is never closed');
    if (stop.kind === 'env') this.warn(`\\begin{${stop.name}} is never ended`);
    return out;
  }

  /** Whether pos is at the `\end{name}` closing the environment being read (then consumed). */
  private endOfEnv(stop: Stop): boolean {
    if (stop.kind !== 'env') return false;
    const m = /^\\end\s*\{([^}]*)\}/.exec(this.src.slice(this.pos, this.pos + 80));
    if (!m || m[1] !== stop.name) return false;
    this.pos += m[0].length;
    return true;
  }

  /** `%…` to the end of the line and the next line's indentation, as TeX reads it. */
  private comment(): string {
    this.skipComment();
    if (this.peek() !== '\n') return '';
    this.pos++;
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
    return this.peek() === '\n' ? PAR : '';
  }

  private whitespace(): string {
    let newlines = 0;
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) {
      if (this.src[this.pos] === '\n') newlines++;
      this.pos++;
    }
    return newlines >= 2 ? PAR : ' ';
  }

  private punctuation(c: string, mode: Mode): string {
    this.pos++;
    const next = this.peek();
    if (mode === 'code') {
      if (c === '~') return ' ';
      return c;
    }
    switch (c) {
      case '~':
        return '\u00a0';
      case '-':
        if (next === '-' && this.peek(1) === '-') return ((this.pos += 2), '—');
        if (next === '-') return (this.pos++, '–');
        return '-';
      case '`':
        if (next === '`') return (this.pos++, '“');
        return '‘';
      case "'":
        if (next === "'") return (this.pos++, '”');
        return '’';
      case '*':
      case '_':
        return `\\${c}`;
      case '<':
        return '\\<';
      default:
        return c;
    }
  }

  // ---- math (math.ts) -----------------------------------------------------------------------------

  private dollarMath(): string {
    const display = this.peek(1) === '$';
    const open = display ? '$$' : '$';
    const start = this.pos + open.length;
    const end = mathEnd(this.src, start, open);
    if (end >= 0) {
      const body = this.src.slice(start, end);
      this.pos = end + open.length;
      return display ? this.displayMath(body) : this.slot(inlineMath(body));
    }
    this.pos = start;
    this.warn(`a ${open} opening math is never closed: kept as text`);
    return '\\$'.repeat(open.length);
  }

  /** `\(`…`\)` or `\[`…`\]` (pos after the opener). */
  protected delimitedMath(close: string, display: boolean): string {
    const start = this.pos;
    const end = mathEnd(this.src, start, close);
    if (end >= 0) {
      this.pos = end + close.length;
      const body = this.src.slice(start, end);
      return display ? this.displayMath(body) : this.slot(inlineMath(body));
    }
    this.warn(`math opened without its ${close}`);
    this.pos = this.src.length;
    const body = this.src.slice(start);
    return display ? this.displayMath(body) : this.slot(inlineMath(body));
  }

  protected displayMath(body: string): string {
    return this.block(displayMath(body));
  }
}
