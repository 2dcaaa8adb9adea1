/**
 * LaTeX problem statements → Markdown (issue 29).
 *
 * Problem packages (Kattis / ICPC format) often carry `problem_statement/problem.en.tex`: a body of
 * LaTeX in the usual problem-statement subset (problemtools' `\problemname`, `\section*{Input}`,
 * lists, `\textbf`, `\includegraphics`, Kattis's `\illustration`, math). This reads that subset with a
 * small tokenizer and recursive descent (no regex soup, no TeX engine) and writes CommonMark:
 *
 * - math (`$…$`, `$$…$$`, `\[…\]`, `\(…\)`, `equation`/`align` environments) is kept verbatim as
 *   `$…$` / `$$…$$` for KaTeX: nothing inside math is ever changed;
 * - `\problemname{…}` is returned as `title` (the page shows the problem's name; it is not repeated
 *   as a heading);
 * - images (`\includegraphics`, `\illustration`) become Markdown images; their file names, as
 *   written (relative to `problem_statement/`, possibly without extension), are listed in `images`;
 * - `\sampletable…` is dropped (samples are shown from `data/sample`), with a warning;
 * - an unknown command keeps the text of its arguments and adds a warning naming it; an unknown
 *   environment keeps its content, with a warning.
 *
 * No dependency: the one maintained LaTeX parser on npm (@unified-latex) is a unified/PEG stack
 * whose Markdown path goes through HTML and would still need handlers for every Kattis macro.
 */

import { PACKAGE_LIMITS } from '@javelin/contracts';

export interface LatexConversion {
  markdown: string;
  /** Image files the statement shows, as written in the source (relative to problem_statement/). */
  images: string[];
  /** What was not understood or left out, one sentence each. */
  warnings: string[];
  /** The `\problemname{…}` (or BAPC-style `\begin{problem}{…}`) title, if any. */
  title?: string;
}

/**
 * The conversion's bounds (issue 47): a statement that nests `\illustration` copies its caption twice
 * per level, so its output would double with each. Every text the converter materialises counts
 * against a budget, none may exceed the statement's limit, and groups nest at most MAX_NESTING deep
 * (each level rescans the rest of its argument): past any of them the conversion stops at once.
 */
export class StatementTooLarge extends Error {
  constructor(
    readonly limit: number,
    readonly why: 'size' | 'nesting',
  ) {
    super(why === 'size' ? `more than ${limit} characters` : `groups nested more than ${limit} deep`);
  }
}

/** Groups and environments nested deeper than any statement needs. */
export const MAX_NESTING = 64;
/** All the text one conversion may materialise, as a multiple of the output's limit. */
const WORK_PER_OUTPUT_CHARACTER = 8;

/** Paragraph break, list item marker, item label delimiter and placeholder delimiter (stripped from the input). */
const PAR = '\u0002';
const ITEM = '\u0003';
const LABEL = '\u0004';
const PH = '\u0001';
// eslint-disable-next-line no-control-regex -- the sentinels are control characters on purpose
const CONTROL = /[\u0001-\u0004]/g;

type Mode = 'text' | 'code';
type Stop = { kind: 'eof' } | { kind: 'brace' } | { kind: 'bracket' } | { kind: 'env'; name: string };

const HEADINGS: Record<string, string> = {
  section: '##',
  subsection: '###',
  subsubsection: '####',
};

/** Commands that only change layout or fonts globally: dropped, with the given number of arguments skipped. */
const DROPPED: Record<string, number> = {
  noindent: 0,
  indent: 0,
  centering: 0,
  raggedright: 0,
  raggedleft: 0,
  smallskip: 0,
  medskip: 0,
  bigskip: 0,
  clearpage: 0,
  newpage: 0,
  pagebreak: 0,
  nopagebreak: 0,
  hfill: 0,
  vfill: 0,
  hline: 0,
  toprule: 0,
  midrule: 0,
  bottomrule: 0,
  tiny: 0,
  scriptsize: 0,
  footnotesize: 0,
  small: 0,
  normalsize: 0,
  large: 0,
  Large: 0,
  LARGE: 0,
  huge: 0,
  Huge: 0,
  rm: 0,
  sf: 0,
  normalfont: 0,
  maketitle: 0,
  protect: 0,
  label: 1,
  vspace: 1,
  hspace: 1,
  cline: 1,
  pagestyle: 1,
  thispagestyle: 1,
  setlength: 2,
  addtolength: 2,
  setcounter: 2,
};

/** Commands whose only argument is shown as it is. */
const TRANSPARENT = new Set([
  'textrm',
  'textsf',
  'textnormal',
  'textup',
  'textsc',
  'textmd',
  'mbox',
  'makebox',
  'text',
  'underline',
  'uline',
]);

/** Font declarations (`{\bf …}`): they style the rest of their group. */
const DECLARATIONS: Record<string, 'bold' | 'italic' | 'code'> = {
  bf: 'bold',
  bfseries: 'bold',
  it: 'italic',
  itshape: 'italic',
  em: 'italic',
  sl: 'italic',
  slshape: 'italic',
  tt: 'code',
  ttfamily: 'code',
};

/** Control words that print something. */
const SYMBOLS: Record<string, string> = {
  ldots: '…',
  dots: '…',
  textellipsis: '…',
  LaTeX: 'LaTeX',
  TeX: 'TeX',
  textbackslash: '\\\\',
  textasciitilde: '~',
  textasciicircum: '^',
  textless: '\\<',
  textgreater: '>',
  textbar: '|',
  textendash: '–',
  textemdash: '—',
  textquoteleft: '‘',
  textquoteright: '’',
  textquotedblleft: '“',
  textquotedblright: '”',
  textdegree: '°',
  S: '§',
  P: '¶',
  copyright: '©',
  pounds: '£',
  euro: '€',
  quad: ' ',
  qquad: ' ',
  ss: 'ß',
  o: 'ø',
  O: 'Ø',
  aa: 'å',
  AA: 'Å',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  l: 'ł',
  L: 'Ł',
  i: 'ı',
};

/** Accent control symbols/words → combining characters. */
const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '"': '\u0308',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  c: '\u0327',
  v: '\u030C',
  u: '\u0306',
  H: '\u030B',
  r: '\u030A',
  k: '\u0328',
};

/** Characters escaped with `\` (the character) in the output. */
const ESCAPED: Record<string, string> = {
  '%': '%',
  $: '\\$',
  '&': '&',
  _: '\\_',
  '#': '#',
  '{': '{',
  '}': '}',
  ' ': ' ',
  ',': ' ',
  ';': ' ',
  ':': ' ',
  '!': '',
  '@': '',
  '/': '',
  '-': '',
  '|': '|',
};

const DISPLAY_ENVS = new Set([
  'equation',
  'equation*',
  'displaymath',
  'math',
  'gather',
  'gather*',
  'multline',
  'multline*',
]);
const ALIGN_ENVS = new Set(['align', 'align*', 'eqnarray', 'eqnarray*', 'flalign', 'flalign*']);
const TRANSPARENT_ENVS = new Set([
  'document',
  'center',
  'flushleft',
  'flushright',
  'samepage',
  'small',
  'footnotesize',
  'figure',
  'figure*',
  'table',
  'table*',
  'minipage',
  'wrapfigure',
  'frame',
]);
const VERBATIM_ENVS = new Set(['verbatim', 'verbatim*', 'Verbatim', 'lstlisting', 'minted']);
const LIST_ENVS = new Set(['itemize', 'enumerate', 'description']);

const TEXT_RUN = /[^\\{}$%~\s\-`'&#^_*[\]<>|]+/y;

class Converter {
  private src = '';
  private pos = 0;
  private readonly warned = new Set<string>();
  readonly warnings: string[] = [];
  readonly images: string[] = [];
  private readonly slots: string[] = [];
  private produced = 0;
  private depth = 0;
  title?: string;

  constructor(private readonly maxCharacters: number) {}

  run(tex: string): string {
    let body = tex.replace(/\r\n?/g, '\n').replace(CONTROL, '');
    const doc = body.indexOf('\\begin{document}');
    if (doc >= 0)
      body = body.slice(doc + '\\begin{document}'.length).replace(/\\end\{document\}[\s\S]*$/, '');
    const raw = this.convert(body, 'text');
    if (raw.includes(ITEM)) this.warn('an \\item outside a list was kept as a paragraph');
    // Items outside a list: their labels dropped, each a paragraph.
    const loose = raw
      .split(LABEL)
      .filter((_part, i) => i % 2 === 0)
      .join('');
    return this.blocks(loose.split(ITEM).join(PAR)).trim() + '\n';
  }

  warn(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.warnings.push(message);
  }

  // ---- output helpers -----------------------------------------------------------------------------

  /** Counts materialised text against the bounds: the stop of a statement that grows past them. */
  private counted(text: string): string {
    this.produced += text.length;
    if (text.length > this.maxCharacters || this.produced > this.maxCharacters * WORK_PER_OUTPUT_CHARACTER)
      throw new StatementTooLarge(this.maxCharacters, 'size');
    return text;
  }

  /** Keeps finished text (math, code, blocks) out of later normalisation. */
  private slot(text: string): string {
    this.slots.push(this.counted(text));
    return `${PH}${this.slots.length - 1}${PH}`;
  }

  private block(text: string): string {
    return text.trim() === '' ? PAR : `${PAR}${this.slot(text)}${PAR}`;
  }

  private expand(text: string): string {
    let out = text;
    while (out.includes(PH)) {
      // PH n PH: the even parts are text, the odd ones slot numbers.
      out = this.counted(
        out
          .split(PH)
          .map((part, i) => (i % 2 === 0 ? part : (this.slots[Number(part)] ?? '')))
          .join(''),
      );
    }
    return this.counted(out);
  }

  /** Raw output → one line of inline Markdown (paragraph breaks become spaces). */
  private inline(raw: string): string {
    return this.expand(
      raw
        .split(PAR)
        .join(' ')
        .replace(/[ \t\n]+/g, ' ')
        .trim(),
    );
  }

  /** Raw output → Markdown blocks separated by blank lines. */
  blocks(raw: string): string {
    const pieces = raw.split(PAR).map((piece) =>
      piece
        .split('\n')
        .map((line) => escapeLineStart(line.replace(/[ \t]+/g, ' ').trim()))
        .filter((line) => line !== '')
        .join('\n'),
    );
    return this.expand(pieces.filter((p) => p !== '').join('\n\n'));
  }

  private wrap(raw: string, mark: string): string {
    const flat = raw.split(PAR).join(' ');
    const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(flat);
    const [lead, core, trail] = m ? [m[1], m[2], m[3]] : ['', flat, ''];
    return core === '' ? lead + trail : `${lead}${mark}${core}${mark}${trail}`;
  }

  private code(raw: string): string {
    const text = this.inline(raw);
    if (text === '') return '';
    const fence = text.includes('`') ? '``' : '`';
    const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
    return this.slot(`${fence}${pad}${text}${pad}${fence}`);
  }

  // ---- reading ------------------------------------------------------------------------------------

  /** Converts `text` (a part of the source) with this converter's state. */
  convert(text: string, mode: Mode, stop: Stop = { kind: 'eof' }): string {
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

  private peek(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }

  /** Spaces (and at most one line break) after a control word, as TeX skips them. */
  private skipSpaces(allowNewline = true): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
    if (allowNewline && this.peek() === '\n') {
      let p = this.pos + 1;
      while (this.src[p] === ' ' || this.src[p] === '\t') p++;
      if (this.src[p] !== '\n') this.pos = p;
    }
  }

  /** A balanced `{…}` (or `[…]`) starting at pos, raw; escapes and comments respected. */
  private balanced(open: string, close: string, comments = true): string {
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

  private skipComment(): void {
    while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.pos++;
  }

  /** `[…]` if one follows, raw. */
  private optional(): string | undefined {
    const save = this.pos;
    this.skipSpaces();
    if (this.peek() === '[') return this.balanced('[', ']');
    this.pos = save;
    return undefined;
  }

  /** One argument, raw: `{…}`, or else one token (a control sequence or a character). */
  private argument(comments = true): string {
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

  /** How many `{…}` groups follow immediately (for unknown commands). */
  private groupsFollowing(): string[] {
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

  // ---- the sequence -------------------------------------------------------------------------------

  private seq(stop: Stop, mode: Mode): string {
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

  // ---- math ---------------------------------------------------------------------------------------

  private dollarMath(): string {
    const display = this.peek(1) === '$';
    const open = display ? '$$' : '$';
    const start = this.pos + open.length;
    let i = start;
    while (i < this.src.length) {
      if (this.src.startsWith(open, i)) {
        const body = this.src.slice(start, i);
        this.pos = i + open.length;
        return display ? this.displayMath(body) : this.slot(`$${body}$`);
      }
      i += this.src[i] === '\\' ? 2 : 1;
    }
    this.pos = start;
    this.warn(`a ${open} opening math is never closed: kept as text`);
    return '\\$'.repeat(open.length);
  }

  /** `\(`…`\)` or `\[`…`\]` (pos after the opener). */
  private delimitedMath(close: string, display: boolean): string {
    const start = this.pos;
    let i = start;
    while (i < this.src.length) {
      if (this.src.startsWith(close, i)) {
        this.pos = i + close.length;
        const body = this.src.slice(start, i);
        return display ? this.displayMath(body) : this.slot(`$${body}$`);
      }
      i += this.src[i] === '\\' ? 2 : 1;
    }
    this.warn(`math opened without its ${close}`);
    this.pos = this.src.length;
    return display ? this.displayMath(this.src.slice(start)) : this.slot(`$${this.src.slice(start)}$`);
  }

  private displayMath(body: string): string {
    return this.block(`$$\n${body.trim()}\n$$`);
  }

  // ---- commands -----------------------------------------------------------------------------------

  private command(mode: Mode, stop: Stop): { text: string; stop?: boolean } {
    const m = /^\\([A-Za-z]+|[\s\S]?)/.exec(this.src.slice(this.pos, this.pos + 64));
    const name = m ? m[1] : '';
    this.pos += 1 + name.length;
    if (!/^[A-Za-z]/.test(name)) return { text: this.controlSymbol(name, mode) };
    const starred = this.peek() === '*';
    if (starred && (name in HEADINGS || name === 'paragraph' || name === 'vspace' || name === 'hspace'))
      this.pos++;
    this.skipSpaces();
    if (name in DECLARATIONS) return { text: this.declaration(DECLARATIONS[name], mode, stop), stop: true };
    return { text: this.named(name, mode, stop) };
  }

  private controlSymbol(name: string, mode: Mode): string {
    if (name === '\\') {
      if (this.peek() === '*') this.pos++;
      this.optional();
      return mode === 'code' ? ' ' : '\\\n';
    }
    if (name === '(') return this.delimitedMath('\\)', false);
    if (name === '[') return this.delimitedMath('\\]', true);
    if (name in ACCENTS && !/^[A-Za-z]/.test(name)) return this.accent(name);
    if (name === '\n' || name === '\t') return ' ';
    if (name in ESCAPED)
      return mode === 'code' && name === '_' ? '_' : mode === 'code' && name === '$' ? '$' : ESCAPED[name];
    if (name === '') return '';
    this.warn(`unknown command \\${name}`);
    return name;
  }

  private accent(name: string): string {
    const arg = this.argument();
    const base = arg === '\\i' ? 'i' : arg === '\\j' ? 'j' : this.inline(this.convert(arg, 'text'));
    if (base === '') return '';
    return (base[0] + ACCENTS[name] + base.slice(1)).normalize('NFC');
  }

  /** `{\bf rest of group}`: the rest of the group (up to the stop) styled. */
  private declaration(style: 'bold' | 'italic' | 'code', mode: Mode, stop: Stop): string {
    const rest = this.seq(stop, style === 'code' ? 'code' : mode);
    if (style === 'code') return this.code(rest);
    return this.wrap(rest, style === 'bold' ? '**' : '*');
  }

  private text(raw: string, mode: Mode = 'text'): string {
    return this.convert(raw, mode);
  }

  private named(name: string, mode: Mode, _stop: Stop): string {
    if (name in SYMBOLS) return mode === 'code' && name === 'textbackslash' ? '\\' : SYMBOLS[name];
    if (name in ACCENTS) return this.accent(name);
    if (name in HEADINGS) {
      this.optional();
      return this.block(`${HEADINGS[name]} ${this.inline(this.text(this.argument()))}`);
    }
    if (name in DROPPED) {
      for (let i = 0; i < DROPPED[name]; i++) this.argument();
      return '';
    }
    if (TRANSPARENT.has(name)) return this.text(this.argument(), mode);
    switch (name) {
      case 'problemname': {
        this.optional();
        this.title = this.inline(this.text(this.argument()));
        return '';
      }
      case 'paragraph':
        return `${PAR}${this.wrap(this.text(this.argument()), '**')} `;
      case 'textbf':
        return this.wrap(this.text(this.argument(), mode), '**');
      case 'emph':
      case 'textit':
      case 'textsl':
        return this.wrap(this.text(this.argument(), mode), '*');
      case 'texttt':
        return this.code(this.text(this.argument(), 'code'));
      case 'verb':
        return this.verb();
      case 'url': {
        const url = this.argument(false).trim();
        return this.slot(`<${url}>`);
      }
      case 'href': {
        const url = this.argument(false).trim();
        const label = this.inline(this.text(this.argument()));
        return this.slot(`[${label || url}](${url.replace(/[()\s]/g, encodeURIComponent)})`);
      }
      case 'includegraphics': {
        this.optional();
        return this.image(this.argument().trim(), '');
      }
      case 'illustration': {
        this.argument();
        const file = this.argument().trim();
        const caption = this.inline(this.text(this.argument()));
        return this.image(file, caption) + (caption ? `${PAR}*${caption}*${PAR}` : '');
      }
      case 'caption':
        this.optional();
        return `${PAR}${this.wrap(this.text(this.argument()), '*')}${PAR}`;
      case 'footnote':
        return ` (${this.inline(this.text(this.argument()))})`;
      case 'sampletable':
      case 'sampletableinteractive':
        this.groupsFollowing();
        this.warn(`\\${name} was left out: the samples are shown from data/sample`);
        return '';
      case 'newline':
      case 'linebreak':
        return '\\\n';
      case 'par':
        return PAR;
      case 'item':
        return this.item();
      case 'begin':
        return this.environment(this.argument().trim());
      case 'end':
        this.argument();
        this.warn('an \\end without its \\begin was ignored');
        return '';
      case 'newcommand':
      case 'renewcommand':
      case 'providecommand':
      case 'DeclareMathOperator': {
        const macro = this.argument();
        this.optional();
        this.optional();
        this.argument();
        this.warn(`the macro ${macro.trim()} defined by \\${name} is not expanded`);
        return '';
      }
      case 'usepackage':
      case 'documentclass':
      case 'input':
      case 'include':
        this.optional();
        this.warn(`\\${name}{${this.argument().trim()}} was ignored`);
        return '';
      default: {
        const args = this.groupsFollowing();
        this.warn(`unknown command \\${name}: its text was kept`);
        return args.map((arg) => this.text(arg, mode)).join(' ');
      }
    }
  }

  private verb(): string {
    const delim = this.src[this.pos] === '*' ? this.src[++this.pos] : this.src[this.pos];
    const end = this.src.indexOf(delim ?? '', this.pos + 1);
    if (!delim || end < 0) {
      this.warn('\\verb without its closing delimiter');
      return '';
    }
    const body = this.src.slice(this.pos + 1, end);
    this.pos = end + 1;
    const fence = body.includes('`') ? '``' : '`';
    return this.slot(`${fence}${body}${fence}`);
  }

  private image(file: string, alt: string): string {
    if (file === '') return '';
    if (!this.images.includes(file)) this.images.push(file);
    const target = /[\s()<>]/.test(file) ? `<${file}>` : file;
    // The alt text is plain: links keep their text, brackets are escaped.
    const plain = alt.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[[\]]/g, '\\$&');
    return this.block(`![${plain}](${target})`);
  }

  private item(): string {
    const label = this.optional();
    return label === undefined ? ITEM : `${ITEM}${LABEL}${label}${LABEL}`;
  }

  // ---- environments -------------------------------------------------------------------------------

  private environment(name: string): string {
    if (VERBATIM_ENVS.has(name)) return this.verbatim(name);
    if (DISPLAY_ENVS.has(name) || ALIGN_ENVS.has(name)) {
      const body = this.rawUntilEnd(name);
      const math = ALIGN_ENVS.has(name)
        ? `\\begin{aligned}${body.replace(/\\(?:label|nonumber|notag)(\{[^}]*\})?/g, '')}\\end{aligned}`
        : body;
      return this.displayMath(math);
    }
    if (LIST_ENVS.has(name)) return this.list(name);
    if (name === 'tabular' || name === 'tabular*' || name === 'array') return this.table(name);
    if (name === 'quote' || name === 'quotation') {
      const body = this.blocks(this.seq({ kind: 'env', name }, 'text'));
      return this.block(
        body
          .split('\n')
          .map((line) => (line ? `> ${line}` : '>'))
          .join('\n'),
      );
    }
    if (name === 'problem') {
      this.title = this.inline(this.text(this.argument()));
      this.groupsFollowing();
      return this.seq({ kind: 'env', name }, 'text');
    }
    if (TRANSPARENT_ENVS.has(name)) {
      if (name === 'figure' || name === 'figure*' || name === 'table' || name === 'table*') this.optional();
      if (name === 'minipage') this.skipArgs(1);
      if (name === 'wrapfigure') this.skipArgs(2);
      return `${PAR}${this.seq({ kind: 'env', name }, 'text')}${PAR}`;
    }
    this.warn(`unknown environment ${name}: its content was kept`);
    return `${PAR}${this.seq({ kind: 'env', name }, 'text')}${PAR}`;
  }

  private rawUntilEnd(name: string): string {
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

  /** An optional argument and `count` mandatory ones, dropped. */
  private skipArgs(count: number): void {
    this.optional();
    for (let i = 0; i < count; i++) this.argument();
  }

  private verbatim(name: string): string {
    if (name === 'lstlisting') this.optional();
    if (name === 'minted') this.skipArgs(1);
    let body = this.rawUntilEnd(name);
    body = body.replace(/^[ \t]*\n/, '').replace(/\n[ \t]*$/, '');
    let fence = '```';
    while (body.includes(fence)) fence += '`';
    return this.block(`${fence}\n${body}\n${fence}`);
  }

  private list(name: string): string {
    const raw = this.seq({ kind: 'env', name }, 'text');
    const [before, ...items] = raw.split(ITEM);
    const lines: string[] = [];
    items.forEach((item, i) => {
      let body = item;
      let label: string | undefined;
      if (body.startsWith(LABEL)) {
        const close = body.indexOf(LABEL, 1);
        label = body.slice(1, close);
        body = body.slice(close + 1);
      }
      let text = this.blocks(body);
      if (label !== undefined) {
        const term = this.inline(this.text(label));
        text = name === 'description' ? `**${term}** ${text}`.trim() : `${term} ${text}`.trim();
      }
      const marker = name === 'enumerate' ? `${i + 1}. ` : '- ';
      const indent = ' '.repeat(marker.length);
      const [first, ...rest] = text.split('\n');
      lines.push(`${marker}${first ?? ''}`.trimEnd(), ...rest.map((line) => (line ? indent + line : '')));
    });
    const intro = before.trim() ? `${before}${PAR}` : '';
    return `${intro}${this.block(lines.join('\n'))}`;
  }

  private table(name: string): string {
    if (name === 'tabular*') this.argument();
    this.optional();
    this.argument(); // column spec
    const body = this.rawUntilEnd(name);
    const rows = splitTop(body, '\\\\')
      .map((row) => splitTop(row, '&').map((cell) => this.inline(this.text(cell)).replace(/\|/g, '\\|')))
      .filter((cells) => cells.some((cell) => cell !== ''));
    if (rows.length === 0) return '';
    const width = Math.max(...rows.map((r) => r.length));
    const line = (cells: string[]) =>
      `| ${[...cells, ...Array<string>(width - cells.length).fill('')].join(' | ')} |`;
    const [head, ...rest] = rows;
    return this.block([line(head), `|${' --- |'.repeat(width)}`, ...rest.map(line)].join('\n'));
  }
}

/** Splits a table body on `sep` outside braces, math and escapes (`\\[2pt]` row ends included). */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let math = false;
  let start = 0;
  let i = 0;
  while (i < text.length) {
    if (depth === 0 && !math && text.startsWith(sep, i)) {
      parts.push(text.slice(start, i));
      i += sep.length;
      if (sep === '\\\\') {
        const opt = /^\s*\[[^\]]*\]/.exec(text.slice(i));
        if (opt) i += opt[0].length;
      }
      start = i;
      continue;
    }
    const c = text[i];
    if (c === '\\') i += 2;
    else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '$') math = !math;
      i++;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** A text line that would start a heading, list or quote in Markdown gets its marker escaped. */
function escapeLineStart(line: string): string {
  if (/^(#{1,6}(\s|$)|>|[-+*]\s)/.test(line)) return `\\${line}`;
  const ordered = /^(\d{1,9})([.)])(\s|$)/.exec(line);
  if (ordered) return `${ordered[1]}\\${line.slice(ordered[1].length)}`;
  return line;
}

/**
 * Converts a problem statement's LaTeX (the usual subset) to Markdown with `$…$` / `$$…$$` math.
 * What it cannot read is kept as text and named in `warnings`; a statement that would grow past
 * `maxCharacters` or nest deeper than MAX_NESTING throws StatementTooLarge as soon as it does.
 */
export function latexToMarkdown(
  tex: string,
  maxCharacters: number = PACKAGE_LIMITS.maxStatementCharacters,
): LatexConversion {
  const converter = new Converter(maxCharacters);
  let markdown: string;
  try {
    markdown = converter.run(tex);
  } catch (err) {
    if (err instanceof StatementTooLarge) throw err;
    // Only pathological input gets here (e.g. braces nested thousands deep overflow the recursion).
    let fence = '```';
    while (tex.includes(fence)) fence += '`';
    return {
      markdown: `${fence}latex\n${tex.replace(/\s+$/, '')}\n${fence}\n`,
      images: [],
      warnings: [
        `the statement could not be converted (${(err as Error).message}): it is shown as LaTeX source`,
      ],
    };
  }
  const result: LatexConversion = { markdown, images: converter.images, warnings: converter.warnings };
  if (converter.title !== undefined) result.title = converter.title;
  return result;
}
