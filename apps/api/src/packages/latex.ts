/**
 * Placeholder until the LaTeX converter lands (branch pkg-seed replaces this file): the statement's
 * text as it is, inside a note that it was not converted.
 */
export function latexToMarkdown(tex: string): { markdown: string; images: string[]; warnings: string[] } {
  const images = [...tex.matchAll(/\\includegraphics(?:\[[^\]]*\])?\{([^}]+)\}/g)].map((m) => m[1]);
  return { markdown: tex, images, warnings: ['The LaTeX statement was kept as it is (no converter yet)'] };
}
