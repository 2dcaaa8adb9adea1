/**
 * Math is kept verbatim for KaTeX: `$…$`, `\(…\)` inline; `$$…$$`, `\[…\]` and the display
 * environments as a `$$` block. Nothing inside math is ever changed, but for `align`-like
 * environments, which KaTeX shows as `aligned` without their numbering commands.
 */

/** Environments shown as display math as they are. */
export const DISPLAY_ENVS = new Set([
  'equation',
  'equation*',
  'displaymath',
  'math',
  'gather',
  'gather*',
  'multline',
  'multline*',
]);
/** Environments shown as display math inside `aligned`. */
export const ALIGN_ENVS = new Set(['align', 'align*', 'eqnarray', 'eqnarray*', 'flalign', 'flalign*']);

/** Where math whose body starts at `start` is closed by `close` (an escaped character never closes it), or -1. */
export function mathEnd(src: string, start: number, close: string): number {
  let i = start;
  while (i < src.length) {
    if (src.startsWith(close, i)) return i;
    i += src[i] === '\\' ? 2 : 1;
  }
  return -1;
}

export function inlineMath(body: string): string {
  return `$${body}$`;
}

export function displayMath(body: string): string {
  return `$$\n${body.trim()}\n$$`;
}

/** A display environment's body as KaTeX reads it: `align`-like ones as `aligned`, unnumbered. */
export function mathOfEnvironment(name: string, body: string): string {
  return ALIGN_ENVS.has(name)
    ? `\\begin{aligned}${body.replace(/\\(?:label|nonumber|notag)(\{[^}]*\})?/g, '')}\\end{aligned}`
    : body;
}
