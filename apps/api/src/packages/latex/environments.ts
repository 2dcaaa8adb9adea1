import { ITEM, LABEL, PAR } from './markdown-output';
import { ALIGN_ENVS, DISPLAY_ENVS, mathOfEnvironment } from './math';
import { LatexSequence } from './sequence';
import { markdownTable, tableCells } from './tables';

/** Environments whose content is shown as it is (layout and floats). */
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
const FLOAT_ENVS = new Set(['figure', 'figure*', 'table', 'table*']);
const VERBATIM_ENVS = new Set(['verbatim', 'verbatim*', 'Verbatim', 'lstlisting', 'minted']);
const LIST_ENVS = new Set(['itemize', 'enumerate', 'description']);

/**
 * `\begin{name}…\end{name}`: verbatim as fenced code, display math, lists, tables, quotes, the
 * BAPC-style `problem` environment, layout environments by their content; an unknown one keeps its
 * content, with a warning.
 */
export abstract class LatexEnvironments extends LatexSequence {
  protected environment(name: string): string {
    if (VERBATIM_ENVS.has(name)) return this.verbatim(name);
    if (DISPLAY_ENVS.has(name) || ALIGN_ENVS.has(name))
      return this.displayMath(mathOfEnvironment(name, this.rawUntilEnd(name)));
    if (LIST_ENVS.has(name)) return this.list(name);
    if (name === 'tabular' || name === 'tabular*' || name === 'array') return this.table(name);
    if (name === 'quote' || name === 'quotation') return this.quote(name);
    if (name === 'problem') {
      this.title = this.inline(this.text(this.argument()));
      this.groupsFollowing();
      return this.seq({ kind: 'env', name }, 'text');
    }
    if (TRANSPARENT_ENVS.has(name)) {
      if (FLOAT_ENVS.has(name)) this.optional();
      if (name === 'minipage') this.skipArgs(1);
      if (name === 'wrapfigure') this.skipArgs(2);
      return `${PAR}${this.seq({ kind: 'env', name }, 'text')}${PAR}`;
    }
    this.warn(`unknown environment ${name}: its content was kept`);
    return `${PAR}${this.seq({ kind: 'env', name }, 'text')}${PAR}`;
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

  private quote(name: string): string {
    const body = this.blocks(this.seq({ kind: 'env', name }, 'text'));
    return this.block(
      body
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n'),
    );
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
    const rows = tableCells(this.rawUntilEnd(name))
      .map((row) => row.map((cell) => this.inline(this.text(cell)).replace(/\|/g, '\\|')))
      .filter((cells) => cells.some((cell) => cell !== ''));
    return rows.length === 0 ? '' : this.block(markdownTable(rows));
  }
}
