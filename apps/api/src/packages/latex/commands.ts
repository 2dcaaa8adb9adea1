import { LatexEnvironments } from './environments';
import { CONTROL, ITEM, LABEL, PAR } from './markdown-output';
import type { Mode, Stop } from './tokenizer';
import { ACCENTS, DECLARATIONS, DROPPED, ESCAPED, HEADINGS, SYMBOLS, TRANSPARENT } from './vocabulary';

/**
 * The converter whole: a document read command by command. Control symbols (`\\`, `\(`, `\'e`,
 * `\%`) and control words: the tables of vocabulary.ts first, then the commands that read their
 * arguments in their own way (styles, links, images, `\problemname`, lists' `\item`, `\begin`); an
 * unknown command keeps the text of its arguments and adds a warning naming it.
 */
export class LatexConverter extends LatexEnvironments {
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

  protected override command(mode: Mode, stop: Stop): { text: string; stop?: boolean } {
    const m = /^\\([A-Za-z]+|[\s\S]?)/.exec(this.src.slice(this.pos, this.pos + 64));
    const name = m ? m[1] : '';
    this.pos += 1 + name.length;
    if (!/^[A-Za-z]/.test(name)) return { text: this.controlSymbol(name, mode) };
    const starred = this.peek() === '*';
    if (starred && (name in HEADINGS || name === 'paragraph' || name === 'vspace' || name === 'hspace'))
      this.pos++;
    this.skipSpaces();
    if (name in DECLARATIONS) return { text: this.declaration(DECLARATIONS[name], mode, stop), stop: true };
    return { text: this.named(name, mode) };
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

  private named(name: string, mode: Mode): string {
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
}
