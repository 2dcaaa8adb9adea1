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
 *
 * The converter is layered by construct, each layer a class extending the one below (latex/): bounds
 * and the Markdown output with its placeholders (markdown-output.ts), the tokenizer, the sequence of
 * text, groups, comments and math (sequence.ts, math.ts), environments with lists and tables
 * (environments.ts, tables.ts), and the commands on top (commands.ts, vocabulary.ts).
 */

import { PACKAGE_LIMITS } from '@javelin/contracts';
import { StatementTooLarge } from './latex/bounds';
import { LatexConverter } from './latex/commands';

export { MAX_NESTING, StatementTooLarge } from './latex/bounds';

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
 * Converts a problem statement's LaTeX (the usual subset) to Markdown with `$…$` / `$$…$$` math.
 * What it cannot read is kept as text and named in `warnings`; a statement that would grow past
 * `maxCharacters` or nest deeper than MAX_NESTING throws StatementTooLarge as soon as it does.
 */
export function latexToMarkdown(
  tex: string,
  maxCharacters: number = PACKAGE_LIMITS.maxStatementCharacters,
): LatexConversion {
  const converter = new LatexConverter(maxCharacters);
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
