/** `tabular` and `array` as Markdown tables: the body split into rows and cells, the cells as converted. */

/** A table body's rows, each its cells' raw LaTeX (`\\[2pt]` row ends included). */
export function tableCells(body: string): string[][] {
  return splitTop(body, '\\\\').map((row) => splitTop(row, '&'));
}

/** Rows of inline Markdown (at least one; the first is the header) as a Markdown table as wide as its widest row. */
export function markdownTable(rows: string[][]): string {
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]) =>
    `| ${[...cells, ...Array<string>(width - cells.length).fill('')].join(' | ')} |`;
  const [head, ...rest] = rows;
  return [line(head), `|${' --- |'.repeat(width)}`, ...rest.map(line)].join('\n');
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
