import katex from 'katex';
import 'katex/dist/katex.min.css';
import { useMemo, type ReactNode } from 'react';

/**
 * A classic problem's statement (issue 29): the Markdown that problem packages use, with math
 * ($…$ inline, $$…$$ displayed) typeset by KaTeX and images served with the problem. Everything
 * but KaTeX's own output is built as React elements, so nothing of the statement is injected as
 * HTML; KaTeX runs with `trust` off, so no \href, \url or \includegraphics of the statement reaches
 * the page either.
 */
type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'math'; tex: string }
  | { kind: 'quote'; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'rule' }
  | { kind: 'paragraph'; text: string };

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

function tableCells(line: string): string[] {
  const trimmed = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

export function parseStatement(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (trimmed.startsWith('```') || trimmed.startsWith('~~~')) {
      flush();
      const fence = trimmed.slice(0, 3);
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith(fence); i++) code.push(lines[i]);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    if (trimmed.startsWith('$$') && paragraph.length === 0) {
      // Displayed math: `$$ … $$` on one line, or from a `$$` line to the line that closes it.
      const rest = trimmed.slice(2);
      const close = rest.indexOf('$$');
      if (close >= 0 && rest.slice(close + 2).trim() === '') {
        blocks.push({ kind: 'math', tex: rest.slice(0, close).trim() });
        continue;
      }
      if (close < 0) {
        const tex: string[] = [rest];
        let j = i + 1;
        for (; j < lines.length && !lines[j].includes('$$'); j++) tex.push(lines[j]);
        if (j < lines.length && lines[j].trim().endsWith('$$')) {
          tex.push(lines[j].trim().slice(0, -2));
          blocks.push({ kind: 'math', tex: tex.join('\n').trim() });
          i = j;
          continue;
        }
      }
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length, text: heading[2] });
      continue;
    }
    if (RULE.test(line) && paragraph.length === 0) {
      blocks.push({ kind: 'rule' });
      continue;
    }
    if (trimmed.startsWith('>')) {
      flush();
      const quote: string[] = [];
      for (; i < lines.length && lines[i].trim().startsWith('>'); i++)
        quote.push(lines[i].trim().replace(/^>\s?/, ''));
      i--;
      blocks.push({ kind: 'quote', text: quote.join('\n') });
      continue;
    }
    if (trimmed.includes('|') && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1])) {
      flush();
      const header = tableCells(line);
      const rows: string[][] = [];
      for (i += 2; i < lines.length && lines[i].trim().includes('|'); i++) rows.push(tableCells(lines[i]));
      i--;
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      const ordered = /\d/.test(item[2]);
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item[3]);
      else
        blocks.push({ kind: 'list', ordered, start: ordered ? parseInt(item[2], 10) : 1, items: [item[3]] });
      // An item's indented lines continue it.
      while (i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]) && !LIST_ITEM.test(lines[i + 1])) {
        const list = blocks[blocks.length - 1] as Extract<Block, { kind: 'list' }>;
        list.items[list.items.length - 1] += `\n${lines[++i].trim()}`;
      }
      continue;
    }
    if (!trimmed) {
      flush();
      continue;
    }
    paragraph.push(trimmed);
  }
  flush();
  return blocks;
}

/**
 * Where an image of the statement is served: a package's image under the problem's image route (as
 * the importer writes it, with the signature the API adds), or by its plain name; nothing from another
 * site or another problem.
 */
export function imageSource(problemId: string, src: string): string | null {
  const route = `/api/problems/${encodeURIComponent(problemId)}/images/`;
  const trimmed = src.trim();
  // The API signs the links of the statement it gives (an <img> sends no token): the signature is kept.
  const signed = trimmed.startsWith(route) ? SIGNED_LINK.exec(trimmed.slice(route.length)) : null;
  const name = signed
    ? safeDecode(signed[1])
    : trimmed.startsWith(route)
      ? safeDecode(trimmed.slice(route.length))
      : trimmed.replace(/^\.\//, '');
  if (!name || /^[a-z][a-z0-9+.-]*:/i.test(name) || name.includes('/') || name.includes('..')) return null;
  return `${route}${encodeURIComponent(name)}${signed ? signed[2] : ''}`;
}

/** An image name followed by the signature query the API writes (`?exp=<seconds>&sig=<signature>`). */
const SIGNED_LINK = /^([^?]+)(\?exp=\d{1,12}&sig=[A-Za-z0-9_-]{43})$/;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

function TexMath({ tex, display }: { tex: string; display: boolean }) {
  const html = useMemo(
    () =>
      katex.renderToString(tex, {
        displayMode: display,
        throwOnError: false,
        trust: false,
        strict: 'ignore',
        maxExpand: 1000,
        maxSize: 50,
      }),
    [tex, display],
  );
  const Tag = display ? 'div' : 'span';
  return (
    <Tag className={display ? 'math math-display' : 'math'} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!|$~<>]/;

/** Finds the `$` that closes inline math opened before `from`, skipping escaped ones. */
function closingDollar(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '$') return i;
  }
  return -1;
}

/** Reads `[label](target)` at `at` (the `[`): the label, the target and where it ends. */
function bracketLink(text: string, at: number): { label: string; target: string; end: number } | null {
  let depth = 0;
  let i = at;
  for (; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) break;
  }
  if (i >= text.length || text[i + 1] !== '(') return null;
  const close = text.indexOf(')', i + 2);
  if (close < 0) return null;
  const target = text
    .slice(i + 2, close)
    .trim()
    .replace(/\s+"[^"]*"$/, '');
  return { label: text.slice(at + 1, i), target, end: close + 1 };
}

/** `$…$` (inline) or `$$…$$` (display) math starting at `i`, with where it ends; null when unclosed. */
function mathAt(text: string, i: number, key: number): { node: ReactNode; end: number } | null {
  if (text[i + 1] === '$') {
    const close = text.indexOf('$$', i + 2);
    return close > i + 2
      ? { node: <TexMath key={key} tex={text.slice(i + 2, close)} display />, end: close + 2 }
      : null;
  }
  const close = closingDollar(text, i + 1);
  return close > i + 1
    ? { node: <TexMath key={key} tex={text.slice(i + 1, close)} display={false} />, end: close + 1 }
    : null;
}

export function renderStatementInline(text: string, problemId: string): ReactNode[] {
  const out: ReactNode[] = [];
  let plain = '';
  const push = (node: ReactNode) => {
    if (plain) out.push(plain);
    plain = '';
    out.push(node);
  };
  for (let i = 0; i < text.length;) {
    const c = text[i];
    const key = out.length;
    if (c === '\\' && i + 1 < text.length && ESCAPABLE.test(text[i + 1])) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '\n') {
      plain += ' ';
      i++;
      continue;
    }
    if (c === '`') {
      const close = text.indexOf('`', i + 1);
      if (close > i + 1) {
        push(<code key={key}>{text.slice(i + 1, close)}</code>);
        i = close + 1;
        continue;
      }
    }
    const math = c === '$' ? mathAt(text, i, key) : null;
    if (math) {
      push(math.node);
      i = math.end;
      continue;
    }
    if (c === '!' && text[i + 1] === '[') {
      const link = bracketLink(text, i + 1);
      if (link) {
        const src = imageSource(problemId, link.target);
        push(
          src ? (
            <img key={key} className="statement-image" src={src} alt={link.label} loading="lazy" />
          ) : (
            <span key={key}>[{link.label}]</span>
          ),
        );
        i = link.end;
        continue;
      }
    }
    if (c === '[') {
      const link = bracketLink(text, i);
      if (link) {
        const children = renderStatementInline(link.label, problemId);
        push(
          /^(https?:|mailto:)/i.test(link.target) ? (
            <a key={key} href={link.target} target="_blank" rel="noreferrer noopener">
              {children}
            </a>
          ) : (
            <span key={key}>{children}</span>
          ),
        );
        i = link.end;
        continue;
      }
    }
    if ((c === '*' || c === '_') && text[i + 1] === c) {
      const close = text.indexOf(c + c, i + 2);
      if (close > i + 2) {
        push(<strong key={key}>{renderStatementInline(text.slice(i + 2, close), problemId)}</strong>);
        i = close + 2;
        continue;
      }
    }
    if (c === '*' || (c === '_' && !/\w/.test(text[i - 1] ?? ''))) {
      let close = text.indexOf(c, i + 1);
      while (c === '_' && close > 0 && /\w/.test(text[close + 1] ?? '')) close = text.indexOf(c, close + 1);
      if (close > i + 1 && text[i + 1] !== ' ') {
        push(<em key={key}>{renderStatementInline(text.slice(i + 1, close), problemId)}</em>);
        i = close + 1;
        continue;
      }
    }
    plain += c;
    i++;
  }
  if (plain) out.push(plain);
  return out;
}

export function StatementMarkdown({ source, problemId }: { source: string; problemId: string }) {
  const blocks = useMemo(() => parseStatement(source), [source]);
  const inline = (text: string) => renderStatementInline(text, problemId);
  return (
    <div className="markdown statement-markdown" data-testid="statement-markdown">
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return block.level <= 2 ? (
              <h3 key={i}>{inline(block.text)}</h3>
            ) : (
              <h4 key={i}>{inline(block.text)}</h4>
            );
          case 'list': {
            const items = block.items.map((item, j) => <li key={j}>{inline(item)}</li>);
            return block.ordered ? (
              <ol key={i} start={block.start}>
                {items}
              </ol>
            ) : (
              <ul key={i}>{items}</ul>
            );
          }
          case 'code':
            return <pre key={i}>{block.text}</pre>;
          case 'math':
            return <TexMath key={i} tex={block.tex} display />;
          case 'quote':
            return <blockquote key={i}>{inline(block.text)}</blockquote>;
          case 'rule':
            return <hr key={i} />;
          case 'table':
            return (
              <div key={i} className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      {block.header.map((cell, j) => (
                        <th key={j} scope="col">
                          {inline(cell)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, j) => (
                      <tr key={j}>
                        {row.map((cell, k) => (
                          <td key={k}>{inline(cell)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          default:
            return <p key={i}>{inline(block.text)}</p>;
        }
      })}
    </div>
  );
}
