import { MarkdownOutput } from './markdown-output';

/** Code mode (inside `\texttt`, `{\tt …}`) keeps characters that text mode turns into typography. */
export type Mode = 'text' | 'code';
/** What ends the sequence being read: the source's end, a `}`, a `]`, or an environment's `\end`. */
export type Stop = { kind: 'eof' } | { kind: 'brace' } | { kind: 'bracket' } | { kind: 'env'; name: string };

/**
 * The cursor over the source, as TeX reads it: spaces after control words, `{…}` and `[…]`
 * arguments with escapes and comments respected, an environment's raw body. The sequence that reads
 * what the cursor finds is `seq` (sequence.ts).
 */
export abstract class LatexTokenizer extends MarkdownOutput {
  protected src = '';
  protected pos = 0;

  protected abstract seq(stop: Stop, mode: Mode): string;

  /** Converts `text` (a part of the source) with this converter's state. */
  protected convert(text: string, mode: Mode, stop: Stop = { kind: 'eof' }): string {
    const [src, pos] = [this.src, this.pos];
    this.src = text;
    this.pos = 0;
    try {
      return this.seq(stop, mode);
    } finally {
      this.src = src;
      this.pos = pos;
    }
  }

  protected text(raw: string, mode: Mode = 'text'): string {
    return this.convert(raw, mode);
  }

  protected peek(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }

  /** Spaces (and at most one line break) after a control word, as TeX skips them. */
  protected skipSpaces(allowNewline = true): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
    if (allowNewline && this.peek() === '\n') {
      let p = this.pos + 1;
      while (this.src[p] === ' ' || this.src[p] === '\t') p++;
      if (this.src[p] !== '\n') this.pos = p;
    }
  }

  /** A balanced `{…}` (or `[…]`) starting at pos, raw; escapes and comments respected. */
  protected balanced(open: string, close: string, comments = true): string {
    const start = ++this.pos;
    let depth = 0;
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === '\\') this.pos += 2;
      else if (c === '%' && comments) this.skipComment();
      else if (c === '{') {
        depth++;
        this.pos++;
      } else if (c === '}' && depth > 0) {
        depth--;
        this.pos++;
      } else if (c === close && depth === 0) {
        this.pos++;
        return this.src.slice(start, this.pos - 1);
      } else this.pos++;
    }
    this.warn(`a ${open} is never closed`);
    return this.src.slice(start);
  }

  protected skipComment(): void {
    while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.pos++;
  }

  /** `[…]` if one follows, raw. */
  protected optional(): string | undefined {
    const save = this.pos;
    this.skipSpaces();
    if (this.peek() === '[') return this.balanced('[', ']');
    this.pos = save;
    return undefined;
  }

  /** One argument, raw: `{…}`, or else one token (a control sequence or a character). */
  protected argument(comments = true): string {
    this.skipSpaces();
    const c = this.peek();
    if (c === '{') return this.balanced('{', '}', comments);
    if (c === '\\') {
      const m = /^\\([A-Za-z]+|.)/.exec(this.src.slice(this.pos));
      const token = m ? m[0] : '\\';
      this.pos += token.length;
      return token;
    }
    if (c === '') {
      this.warn('an argument is missing at the end');
      return '';
    }
    this.pos++;
    return c;
  }

  /** An optional argument and `count` mandatory ones, dropped. */
  protected skipArgs(count: number): void {
    this.optional();
    for (let i = 0; i < count; i++) this.argument();
  }

  /** How many `{…}` groups follow immediately (for unknown commands). */
  protected groupsFollowing(): string[] {
    const args: string[] = [];
    for (;;) {
      if (this.peek() === '[' && args.length === 0) {
        this.balanced('[', ']');
        continue;
      }
      if (this.peek() !== '{') return args;
      args.push(this.balanced('{', '}'));
    }
  }

  /** An environment's body up to its `\end{name}`, raw (verbatim, math, tables). */
  protected rawUntilEnd(name: string): string {
    const end = `\\end{${name}}`;
    const at = this.src.indexOf(end, this.pos);
    if (at < 0) {
      this.warn(`\\begin{${name}} is never ended`);
      const body = this.src.slice(this.pos);
      this.pos = this.src.length;
      return body;
    }
    const body = this.src.slice(this.pos, at);
    this.pos = at + end.length;
    return body;
  }
}
