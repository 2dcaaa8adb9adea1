/**
 * The commands the converter knows by name, as tables: what each prints, drops or styles. Commands
 * that read arguments in their own way are in commands.ts.
 */

/** Sectioning commands → Markdown heading levels. */
export const HEADINGS: Record<string, string> = {
  section: '##',
  subsection: '###',
  subsubsection: '####',
};

/** Commands that only change layout or fonts globally: dropped, with the given number of arguments skipped. */
export const DROPPED: Record<string, number> = {
  noindent: 0,
  indent: 0,
  centering: 0,
  raggedright: 0,
  raggedleft: 0,
  smallskip: 0,
  medskip: 0,
  bigskip: 0,
  clearpage: 0,
  newpage: 0,
  pagebreak: 0,
  nopagebreak: 0,
  hfill: 0,
  vfill: 0,
  hline: 0,
  toprule: 0,
  midrule: 0,
  bottomrule: 0,
  tiny: 0,
  scriptsize: 0,
  footnotesize: 0,
  small: 0,
  normalsize: 0,
  large: 0,
  Large: 0,
  LARGE: 0,
  huge: 0,
  Huge: 0,
  rm: 0,
  sf: 0,
  normalfont: 0,
  maketitle: 0,
  protect: 0,
  label: 1,
  vspace: 1,
  hspace: 1,
  cline: 1,
  pagestyle: 1,
  thispagestyle: 1,
  setlength: 2,
  addtolength: 2,
  setcounter: 2,
};

/** Commands whose only argument is shown as it is. */
export const TRANSPARENT = new Set([
  'textrm',
  'textsf',
  'textnormal',
  'textup',
  'textsc',
  'textmd',
  'mbox',
  'makebox',
  'text',
  'underline',
  'uline',
]);

/** Font declarations (`{\bf …}`): they style the rest of their group. */
export const DECLARATIONS: Record<string, 'bold' | 'italic' | 'code'> = {
  bf: 'bold',
  bfseries: 'bold',
  it: 'italic',
  itshape: 'italic',
  em: 'italic',
  sl: 'italic',
  slshape: 'italic',
  tt: 'code',
  ttfamily: 'code',
};

/** Control words that print something. */
export const SYMBOLS: Record<string, string> = {
  ldots: '…',
  dots: '…',
  textellipsis: '…',
  LaTeX: 'LaTeX',
  TeX: 'TeX',
  textbackslash: '\\\\',
  textasciitilde: '~',
  textasciicircum: '^',
  textless: '\\<',
  textgreater: '>',
  textbar: '|',
  textendash: '–',
  textemdash: '—',
  textquoteleft: '‘',
  textquoteright: '’',
  textquotedblleft: '“',
  textquotedblright: '”',
  textdegree: '°',
  S: '§',
  P: '¶',
  copyright: '©',
  pounds: '£',
  euro: '€',
  quad: ' ',
  qquad: ' ',
  ss: 'ß',
  o: 'ø',
  O: 'Ø',
  aa: 'å',
  AA: 'Å',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  l: 'ł',
  L: 'Ł',
  i: 'ı',
};

/** Accent control symbols/words → combining characters. */
export const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '"': '\u0308',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  c: '\u0327',
  v: '\u030C',
  u: '\u0306',
  H: '\u030B',
  r: '\u030A',
  k: '\u0328',
};

/** Characters escaped with `\` (the character) in the output. */
export const ESCAPED: Record<string, string> = {
  '%': '%',
  $: '\\$',
  '&': '&',
  _: '\\_',
  '#': '#',
  '{': '{',
  '}': '}',
  ' ': ' ',
  ',': ' ',
  ';': ' ',
  ':': ' ',
  '!': '',
  '@': '',
  '/': '',
  '-': '',
  '|': '|',
};
