import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { latexToMarkdown, MAX_NESTING, StatementTooLarge } from './latex';

const md = (tex: string) => latexToMarkdown(tex).markdown;
const BT = '`';

describe('latexToMarkdown: structure', () => {
  it('takes \\problemname as the title, not as a heading', () => {
    const r = latexToMarkdown('\\problemname{Sum of Squares}\nText.');
    expect(r.title).toBe('Sum of Squares');
    expect(r.markdown).toBe('Text.\n');
    expect(r.warnings).toEqual([]);
  });

  it('has no title without \\problemname', () => {
    expect(latexToMarkdown('Text.').title).toBeUndefined();
  });

  it('turns sections and subsections (starred or not) into headings', () => {
    expect(
      md(
        '\\section*{Input}\nOne line.\n\\section{Output}\nAnother.\n\\subsection*{Notes}\n\\subsubsection{Deep}',
      ),
    ).toBe('## Input\n\nOne line.\n\n## Output\n\nAnother.\n\n### Notes\n\n#### Deep\n');
  });

  it('joins lines into paragraphs and splits them at blank lines', () => {
    expect(md('First line\nsame paragraph.\n\n\n  Second   paragraph.\n')).toBe(
      'First line same paragraph.\n\nSecond paragraph.\n',
    );
  });

  it('reads \\par and \\paragraph', () => {
    expect(md('One.\\par Two.\n\\paragraph{Note.} Three.')).toBe('One.\n\nTwo.\n\n**Note.** Three.\n');
  });

  it('turns itemize into a bullet list and enumerate into a numbered one', () => {
    expect(md('\\begin{itemize}\n  \\item first\n  \\item second\n\\end{itemize}')).toBe(
      '- first\n- second\n',
    );
    expect(md('\\begin{enumerate}\\item a \\item b \\item c\\end{enumerate}')).toBe('1. a\n2. b\n3. c\n');
  });

  it('nests lists under their item', () => {
    const out = md(
      '\\begin{itemize}\n\\item outer\n\\begin{enumerate}\\item inner $x$\\item two\\end{enumerate}\n\\item next\n\\end{itemize}',
    );
    expect(out).toBe('- outer\n\n  1. inner $x$\n  2. two\n- next\n');
  });

  it('reads description lists and labelled items', () => {
    expect(md('\\begin{description}\\item[Term] Its meaning.\\end{description}')).toBe(
      '- **Term** Its meaning.\n',
    );
    expect(md('\\begin{itemize}\\item[(a)] first\\end{itemize}')).toBe('- (a) first\n');
  });

  it('keeps verbatim text exactly, in a fenced block', () => {
    const out = md(
      'Before.\n\\begin{verbatim}\nint x = 5;   // $not math$ \\textbf{raw} 50%\n  indented\n\\end{verbatim}\nAfter.',
    );
    expect(out).toBe(
      'Before.\n\n```\nint x = 5;   // $not math$ \\textbf{raw} 50%\n  indented\n```\n\nAfter.\n',
    );
  });

  it('uses a longer fence when the verbatim text holds one', () => {
    expect(md('\\begin{verbatim}\n```\n\\end{verbatim}')).toBe('````\n```\n````\n');
  });

  it('drops center and figure wrappers but keeps what they hold', () => {
    expect(md('\\begin{center}\nCentred text.\n\\end{center}')).toBe('Centred text.\n');
    expect(
      md(
        '\\begin{figure}[h]\\centering\\includegraphics{a.png}\\caption{A graph.}\\label{fig:a}\\end{figure}',
      ),
    ).toBe('![](a.png)\n\n*A graph.*\n');
  });

  it('turns a tabular into a Markdown table', () => {
    const out = md(
      '\\begin{tabular}{|c|l|}\n\\hline\n$n$ & answer \\\\ \\hline\n1 & \\textbf{2} \\\\\n$|x|$ & 3\\\\[2pt]\n\\hline\n\\end{tabular}',
    );
    expect(out).toBe('| $n$ | answer |\n| --- | --- |\n| 1 | **2** |\n| $\\|x\\|$ | 3 |\n');
  });

  it('turns quote into a block quote', () => {
    expect(md('\\begin{quote}Wise words.\\end{quote}')).toBe('> Wise words.\n');
  });

  it('reads a BAPC-style problem environment', () => {
    const r = latexToMarkdown(
      '\\begin{problem}{Jumbled Communication}{standard input}{standard output}{1 second}\nBody.\n\\end{problem}',
    );
    expect(r.title).toBe('Jumbled Communication');
    expect(r.markdown).toBe('Body.\n');
    expect(r.warnings).toEqual([]);
  });

  it('reads only the body of a whole document', () => {
    const r = latexToMarkdown(
      '\\documentclass{article}\n\\usepackage{amsmath}\n\\begin{document}\nHello.\n\\end{document}\n',
    );
    expect(r.markdown).toBe('Hello.\n');
    expect(r.warnings).toEqual([]);
  });
});

describe('latexToMarkdown: inline text', () => {
  it('reads \\textbf, \\emph, \\textit and \\texttt', () => {
    expect(md('a \\textbf{bold} b \\emph{em} c \\textit{it} d \\texttt{code\\_x}')).toBe(
      `a **bold** b *em* c *it* d ${BT}code_x${BT}\n`,
    );
  });

  it('keeps the spaces outside the emphasis marks', () => {
    expect(md('x\\textbf{ y }z \\emph{}w')).toBe('x **y** z w\n');
  });

  it('reads font declarations for the rest of their group', () => {
    expect(md('{\\bf bold text} and {\\em stressed} and {\\tt mono}')).toBe(
      `**bold text** and *stressed* and ${BT}mono${BT}\n`,
    );
  });

  it('nests styles', () => {
    expect(md('\\textbf{very \\emph{important}}')).toBe('**very *important***\n');
  });

  it('reads \\url and \\href', () => {
    expect(
      md('See \\url{https://example.com/a_b%20c} and \\href{https://open.kattis.com}{the \\emph{archive}}.'),
    ).toBe('See <https://example.com/a_b%20c> and [the *archive*](https://open.kattis.com).\n');
  });

  it('reads \\verb', () => {
    expect(md('Type \\verb|a_b{}| now.')).toBe(`Type ${BT}a_b{}${BT} now.\n`);
  });

  it('turns ~ into a non-breaking space and \\\\ into a hard line break', () => {
    expect(md('Figure~1\\\\next line\\newline third')).toBe('Figure\u00a01\\\nnext line\\\nthird\n');
  });

  it('turns -- and --- into dashes, and TeX quotes into curly ones', () => {
    expect(md("1--10 --- or ``so'' it's -1")).toBe('1–10 — or “so” it’s -1\n');
  });

  it('unescapes \\%, \\$, \\&, \\_, \\#, \\{ and \\} (escaping what Markdown needs)', () => {
    expect(md('50\\% of \\$5 \\& a\\_b \\#1 \\{x\\}')).toBe('50% of \\$5 & a\\_b #1 {x}\n');
  });

  it('escapes Markdown characters of plain text', () => {
    expect(md('a*b*c <tag>')).toBe('a\\*b\\*c \\<tag>\n');
  });

  it('does not let a line of text start a heading, list or quote', () => {
    expect(md('# one\n\n- two\n\n1. three\n\n> four')).toBe('\\# one\n\n\\- two\n\n1\\. three\n\n\\> four\n');
  });

  it('reads accents', () => {
    expect(md('Caf\\\'e, na\\"{i}ve, \\c{c}a, Erd\\H{o}s, \\aa')).toBe('Café, naïve, ça, Erdős, å\n');
  });

  it('reads \\ldots and friends, skipping the space after a control word as TeX does', () => {
    expect(md('1, 2, \\ldots, n and \\LaTeX\\ rocks \\S 3')).toBe('1, 2, …, n and LaTeX rocks §3\n');
  });

  it('drops comments, and an escaped % is no comment', () => {
    expect(md('Visible % hidden \\textbf{x}\ntext 100\\% real')).toBe('Visible text 100% real\n');
    expect(md('one%\n\ntwo')).toBe('one\n\ntwo\n');
  });

  it('drops layout commands silently', () => {
    const r = latexToMarkdown(
      '\\noindent\\medskip Text\\vspace{2mm}\\hspace*{1cm} here.\\label{x}\\clearpage',
    );
    expect(r.markdown).toBe('Text here.\n');
    expect(r.warnings).toEqual([]);
  });

  it('keeps footnotes in parentheses', () => {
    expect(md('Word\\footnote{a note}.')).toBe('Word (a note).\n');
  });
});

describe('latexToMarkdown: math is kept verbatim', () => {
  it('keeps $…$ as it is, untouched inside', () => {
    expect(md('Let $a_1 * b_2 \\le 10^{9}$ and $\\{x \\mid x\\%2\\}$.')).toBe(
      'Let $a_1 * b_2 \\le 10^{9}$ and $\\{x \\mid x\\%2\\}$.\n',
    );
  });

  it('turns \\(…\\) into $…$', () => {
    expect(md('Given \\(n \\ge 1\\) items.')).toBe('Given $n \\ge 1$ items.\n');
  });

  it('turns $$…$$ and \\[…\\] into display blocks', () => {
    expect(md('Compute $$\\sum_{i=1}^n a_i$$ quickly.')).toBe(
      'Compute\n\n$$\n\\sum_{i=1}^n a_i\n$$\n\nquickly.\n',
    );
    expect(md('\\[ x \\\\ y_{--} \\]')).toBe('$$\nx \\\\ y_{--}\n$$\n');
  });

  it('keeps an escaped dollar inside math', () => {
    expect(md('Price $\\$5 + x$ ok')).toBe('Price $\\$5 + x$ ok\n');
  });

  it('turns equation and align environments into display math', () => {
    expect(md('\\begin{equation*}\n  e^{i\\pi} + 1 = 0\n\\end{equation*}')).toBe(
      '$$\ne^{i\\pi} + 1 = 0\n$$\n',
    );
    expect(md('\\begin{align*}a &= b \\\\ c &= d\\end{align*}')).toBe(
      '$$\n\\begin{aligned}a &= b \\\\ c &= d\\end{aligned}\n$$\n',
    );
  });

  it('keeps math inside styles, lists and headings', () => {
    expect(md('\\section*{The $k$-th item}\\begin{itemize}\\item \\textbf{$x_i$ values}\\end{itemize}')).toBe(
      '## The $k$-th item\n\n- **$x_i$ values**\n',
    );
  });

  it('keeps an unclosed $ as text, with a warning', () => {
    const r = latexToMarkdown('Costs $5 today');
    expect(r.markdown).toBe('Costs \\$5 today\n');
    expect(r.warnings[0]).toMatch(/never closed/);
  });
});

describe('latexToMarkdown: images', () => {
  it('turns \\includegraphics into an image and lists its file', () => {
    const r = latexToMarkdown(
      '\\begin{center}\\includegraphics[width=0.5\\textwidth]{figure1.png}\\end{center}',
    );
    expect(r.markdown).toBe('![](figure1.png)\n');
    expect(r.images).toEqual(['figure1.png']);
  });

  it("reads Kattis's \\illustration{width}{file}{caption}", () => {
    const r = latexToMarkdown(
      '\\illustration{0.3}{tree.jpg}{A tree with $5$ nodes. Photo by \\emph{someone}}Text.',
    );
    expect(r.markdown).toBe(
      '![A tree with $5$ nodes. Photo by *someone*](tree.jpg)\n\n*A tree with $5$ nodes. Photo by *someone**\n\nText.\n',
    );
    expect(r.images).toEqual(['tree.jpg']);
  });

  it('lists each file once, in order, as written (no extension added)', () => {
    const r = latexToMarkdown('\\includegraphics{b}\\includegraphics{a.pdf}\\includegraphics{b}');
    expect(r.images).toEqual(['b', 'a.pdf']);
  });
});

describe('latexToMarkdown: what it does not know', () => {
  it('keeps an unknown command’s argument text and names it in a warning', () => {
    const r = latexToMarkdown('A \\foo{kept text} and \\bar[opt]{one}{two} and \\baz here.');
    expect(r.markdown).toBe('A kept text and one two and here.\n');
    expect(r.warnings).toEqual([
      'unknown command \\foo: its text was kept',
      'unknown command \\bar: its text was kept',
      'unknown command \\baz: its text was kept',
    ]);
  });

  it('warns once per unknown command', () => {
    expect(latexToMarkdown('\\foo{a} \\foo{b}').warnings).toHaveLength(1);
  });

  it('keeps an unknown environment’s content, with a warning', () => {
    const r = latexToMarkdown('\\begin{mybox}Inside.\\end{mybox}');
    expect(r.markdown).toBe('Inside.\n');
    expect(r.warnings).toEqual(['unknown environment mybox: its content was kept']);
  });

  it('drops \\sampletable, saying so', () => {
    const r = latexToMarkdown(
      'Text.\n\\sampletable{Sample Input}{sample.in}{Sample Output}{sample.ans}\nMore.',
    );
    expect(r.markdown).toBe('Text. More.\n');
    expect(r.warnings).toEqual(['\\sampletable was left out: the samples are shown from data/sample']);
  });

  it('says macro definitions are not expanded', () => {
    const r = latexToMarkdown('\\newcommand{\\N}[1]{\\mathbb{N}}Text.');
    expect(r.markdown).toBe('Text.\n');
    expect(r.warnings).toEqual(['the macro \\N defined by \\newcommand is not expanded']);
  });

  it('never throws on broken input', () => {
    for (const tex of [
      '\\textbf{open',
      '}}',
      '\\begin{itemize}\\item x',
      '\\end{foo}',
      '\\',
      '$$x',
      '\\[x',
      '\\item alone',
      '\\verb|x',
      '\\href{u}',
    ]) {
      expect(() => latexToMarkdown(tex)).not.toThrow();
    }
    expect(latexToMarkdown('\\textbf{open').warnings).toContain('a { is never closed');
    expect(latexToMarkdown('\\begin{itemize}\\item x').markdown).toBe('- x\n');
  });

  it('refuses groups nested deeper than MAX_NESTING at once, never rescanning the source per level', () => {
    const deep = '{'.repeat(200_000) + 'x' + '}'.repeat(200_000);
    expect(() => latexToMarkdown(deep)).toThrow(new StatementTooLarge(MAX_NESTING, 'nesting'));
    const fine = '{'.repeat(MAX_NESTING - 1) + 'x' + '}'.repeat(MAX_NESTING - 1);
    expect(latexToMarkdown(fine).markdown).toBe('x\n');
  });

  it('converts a long statement in linear time', () => {
    const paragraph = 'Let $a_i$ be \\textbf{the} $i$-th value --- see \\emph{below}.\n\n';
    const started = Date.now();
    const r = latexToMarkdown(paragraph.repeat(20_000), 10_000_000);
    expect(r.markdown.split('\n\n')).toHaveLength(20_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops a statement whose nested \\illustration doubles at each level (issue 47), and keeps one that fits', () => {
    const nested = (levels: number) => {
      let tex = 'caption';
      for (let i = 0; i < levels; i++) tex = `\\illustration{0.5}{a.png}{${tex}}`;
      return tex;
    };
    // 24 levels made 84 MB of Markdown before the bound; now the conversion stops at the limit.
    expect(() => latexToMarkdown(nested(24))).toThrow(new StatementTooLarge(100_000, 'size'));
    expect(() => latexToMarkdown(nested(12), 1_000)).toThrow(StatementTooLarge);
    expect(latexToMarkdown(nested(3)).markdown.length).toBeLessThan(1_000);
    // A long but plain statement over the limit is refused too.
    expect(() => latexToMarkdown('word '.repeat(30_000), 100_000)).toThrow(StatementTooLarge);
  });

  it('strips control characters of the input', () => {
    expect(md('a\u0001b\u0002c')).toBe('abc\n');
  });
});

describe('latexToMarkdown: real-looking statements', () => {
  it('converts a Kattis-style statement', () => {
    const tex = [
      '\\problemname{Hiking Trails}',
      '',
      '\\illustration{0.35}{trail.jpg}{Mountain trail, \\href{https://example.org}{CC BY}}',
      'Ylva loves hiking. The park has $n$ junctions connected by $m$ trails; trail $i$ joins',
      'junctions $u_i$ and $v_i$ and takes $t_i$~minutes to walk --- in either direction.',
      '% TODO: mention one-way trails?',
      'She starts at junction~$1$ and wants to reach junction~$n$ as fast as possible.',
      '',
      '\\section*{Input}',
      'The first line of input contains two integers $n$ and $m$ ($2 \\le n \\le 10^5$, $1 \\le m \\le 2 \\cdot 10^5$).',
      'Then follow $m$ lines, each with three integers $u_i$, $v_i$, $t_i$ ($1 \\le u_i, v_i \\le n$, $1 \\le t_i \\le 10^4$).',
      '',
      '\\section*{Output}',
      'Output the shortest time, or \\texttt{impossible} if junction $n$ cannot be reached.',
      '',
      '\\sampletable{Sample Input 1}{sample/1.in}{Sample Output 1}{sample/1.ans}',
    ].join('\n');
    const r = latexToMarkdown(tex);
    expect(r.title).toBe('Hiking Trails');
    expect(r.images).toEqual(['trail.jpg']);
    expect(r.markdown).toBe(
      [
        '![Mountain trail, CC BY](trail.jpg)',
        '',
        '*Mountain trail, [CC BY](https://example.org)*',
        '',
        'Ylva loves hiking. The park has $n$ junctions connected by $m$ trails; trail $i$ joins junctions $u_i$ and $v_i$ and takes $t_i$\u00a0minutes to walk — in either direction. She starts at junction\u00a0$1$ and wants to reach junction\u00a0$n$ as fast as possible.',
        '',
        '## Input',
        '',
        'The first line of input contains two integers $n$ and $m$ ($2 \\le n \\le 10^5$, $1 \\le m \\le 2 \\cdot 10^5$). Then follow $m$ lines, each with three integers $u_i$, $v_i$, $t_i$ ($1 \\le u_i, v_i \\le n$, $1 \\le t_i \\le 10^4$).',
        '',
        '## Output',
        '',
        'Output the shortest time, or `impossible` if junction $n$ cannot be reached.',
        '',
      ].join('\n'),
    );
    expect(r.warnings).toEqual(['\\sampletable was left out: the samples are shown from data/sample']);
  });

  it('converts a statement with a list, display math and a table', () => {
    const tex = String.raw`\problemname{Coin Game}
Alice and Bob play with a pile of $n$ coins. On each turn a player:
\begin{enumerate}
  \item removes $1$, $2$ or $3$ coins, \emph{or}
  \item passes, at most \textbf{once} per game.
\end{enumerate}
The value of a position is
\[
  V(n) = \max_{1 \le k \le 3} \bigl(k - V(n-k)\bigr).
\]
\begin{center}
\begin{tabular}{c|c}
$n$ & $V(n)$ \\ \hline
1 & 1 \\
2 & 2 \\
\end{tabular}
\end{center}
\section*{Output}
Print \texttt{Alice} or \texttt{Bob}.`;
    const r = latexToMarkdown(tex);
    expect(r.warnings).toEqual([]);
    expect(r.markdown).toBe(
      [
        'Alice and Bob play with a pile of $n$ coins. On each turn a player:',
        '',
        '1. removes $1$, $2$ or $3$ coins, *or*',
        '2. passes, at most **once** per game.',
        '',
        'The value of a position is',
        '',
        '$$',
        'V(n) = \\max_{1 \\le k \\le 3} \\bigl(k - V(n-k)\\bigr).',
        '$$',
        '',
        '| $n$ | $V(n)$ |',
        '| --- | --- |',
        '| 1 | 1 |',
        '| 2 | 2 |',
        '',
        '## Output',
        '',
        'Print `Alice` or `Bob`.',
        '',
      ].join('\n'),
    );
  });
});

describe('latexToMarkdown: the seed packages’ LaTeX statements', () => {
  const seed = join(__dirname, '..', 'seed', 'packages');
  const texStatements = readdirSync(seed)
    .map((name) => join(seed, name, 'problem_statement', 'problem.en.tex'))
    .filter((file) => existsSync(file));

  it('has LaTeX statements to convert', () => {
    expect(texStatements.length).toBeGreaterThanOrEqual(2);
  });

  it.each(texStatements)('converts %s without a warning', (file) => {
    const r = latexToMarkdown(readFileSync(file, 'utf8'));
    expect(r.warnings).toEqual([]);
    expect(r.title).toBeTruthy();
    expect(r.markdown).toContain('## Input');
    expect(r.markdown).toContain('## Output');
    expect(r.markdown).not.toMatch(/\\(section|begin|end|textbf|emph|item)\b/);
  });
});
