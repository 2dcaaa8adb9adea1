/** TeX commands a summary writes as the symbol they print. */
const TEX_SYMBOLS: Record<string, string> = {
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ne: '≠',
  neq: '≠',
  times: '×',
  cdot: '·',
  ldots: '…',
  dots: '…',
  cdots: '…',
  to: '→',
  infty: '∞',
  pm: '±',
  lfloor: '⌊',
  rfloor: '⌋',
  lceil: '⌈',
  rceil: '⌉',
};

/** Inline TeX as plain text: `$n$` → n, `$1 \le n \le 10^5$` → 1 ≤ n ≤ 10^5, `\textbf{x}` → x. */
function texAsText(tex: string): string {
  return tex
    .replace(/\\(?:text|textbf|textit|emph|mathrm|mathbf|texttt|operatorname)\{([^{}]*)\}/g, '$1')
    .replace(/\\([a-zA-Z]+)/g, (whole, name: string) => TEX_SYMBOLS[name] ?? whole.slice(1))
    .replace(/[{}]/g, '')
    .replace(/\\,|\\;|\\ /g, ' ');
}

/**
 * A statement's first words as plain text, for a problem card or an admin row (issue 45): the card
 * shows no Markdown or LaTeX source. Headings, images and code fences are dropped; emphasis, inline
 * code and links keep their words; math keeps its symbols; escapes (`\_`) their character.
 */
export function statementSummary(statement: string, maxLength = 160): string {
  const text = statement
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/\\\[[\s\S]*?\\\]/g, ' ')
    .replace(/^\s*#{1,6}\s+.*$/gm, ' ')
    .replace(/\\(?:section|subsection|begin|end)\*?\{[^}]*\}/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\$([^$]+)\$/g, (_m, tex: string) => texAsText(tex))
    .replace(/\\\(([\s\S]*?)\\\)/g, (_m, tex: string) => texAsText(tex))
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!$%&~])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
