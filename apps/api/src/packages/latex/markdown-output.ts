/**
 * What the converter writes before it is Markdown: text with sentinels (control characters, stripped
 * from the input before reading) for paragraph breaks and list items, and placeholders for finished
 * pieces (math, code, blocks) that later normalisation must not touch.
 */
import { StatementTooLarge, WORK_PER_OUTPUT_CHARACTER } from './bounds';

/** Paragraph break, list item marker, item label delimiter and placeholder delimiter. */
export const PAR = '\u0002';
export const ITEM = '\u0003';
export const LABEL = '\u0004';
const PH = '\u0001';
// eslint-disable-next-line no-control-regex -- the sentinels are control characters on purpose
export const CONTROL = /[\u0001-\u0004]/g;

/** The converter's output side: the results gathered, the placeholders and their expansion, within the bounds. */
export abstract class MarkdownOutput {
  private readonly warned = new Set<string>();
  readonly warnings: string[] = [];
  readonly images: string[] = [];
  /** The `\problemname{…}` (or BAPC-style `\begin{problem}{…}`) title, if any. */
  title?: string;
  private readonly slots: string[] = [];
  private produced = 0;

  constructor(private readonly maxCharacters: number) {}

  warn(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.warnings.push(message);
  }

  /** Counts materialised text against the bounds: the stop of a statement that grows past them. */
  private counted(text: string): string {
    this.produced += text.length;
    if (text.length > this.maxCharacters || this.produced > this.maxCharacters * WORK_PER_OUTPUT_CHARACTER)
      throw new StatementTooLarge(this.maxCharacters, 'size');
    return text;
  }

  /** Keeps finished text (math, code, blocks) out of later normalisation. */
  protected slot(text: string): string {
    this.slots.push(this.counted(text));
    return `${PH}${this.slots.length - 1}${PH}`;
  }

  protected block(text: string): string {
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
  protected inline(raw: string): string {
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

  protected wrap(raw: string, mark: string): string {
    const flat = raw.split(PAR).join(' ');
    const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(flat);
    const [lead, core, trail] = m ? [m[1], m[2], m[3]] : ['', flat, ''];
    return core === '' ? lead + trail : `${lead}${mark}${core}${mark}${trail}`;
  }

  protected code(raw: string): string {
    const text = this.inline(raw);
    if (text === '') return '';
    const fence = text.includes('`') ? '``' : '`';
    const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
    return this.slot(`${fence}${pad}${text}${pad}${fence}`);
  }
}

/** A text line that would start a heading, list or quote in Markdown gets its marker escaped. */
function escapeLineStart(line: string): string {
  if (/^(#{1,6}(\s|$)|>|[-+*]\s)/.test(line)) return `\\${line}`;
  const ordered = /^(\d{1,9})([.)])(\s|$)/.exec(line);
  if (ordered) return `${ordered[1]}\\${line.slice(ordered[1].length)}`;
  return line;
}
