/**
 * Issue 44 item 1, made structural (session 14): a clause is understood only when every token of it
 * is accounted for. Each rule that reads a clause marks the spans it consumed (its comparison chain,
 * its subject, its range phrase, its characters); what no rule consumed must be a filler word of the
 * closed list below or punctuation. Anything else left over — an unknown word, a qualifier
 * ("largest", "some", "set {…}", "for i …") — makes the clause, and so its whole line, not
 * understood, and nothing is read from it. A new notation therefore reads as an honest miss until a
 * rule consumes it, never as a reading of the words a rule happened to recognise.
 */

/** Words that say nothing a rule could misread: articles, copulas, universal quantifiers and generic nouns. */
export const FILLER = new Set(
  [
    'a',
    'an',
    'the',
    'is',
    'are',
    'be',
    'will',
    'of',
    'in',
    'and',
    'each',
    'every',
    'all',
    'given',
    'it',
    'its',
    'array',
    'arrays',
    'string',
    'strings',
    'integer',
    'integers',
    'element',
    'elements',
    'value',
    'values',
    'number',
    'numbers',
    'also',
    'inclusive',
  ].map((w) => w.toLowerCase()),
);

/** Punctuation that carries no claim (brackets only group: their contents are still accounted for). */
const PUNCTUATION = /^[,.;:()[\]]$/;

const TOKEN = /'[^']*'|"[^"]*"|[A-Za-z_][\w-]*|\d+(?:\.\d+)?|<=|>=|==|!=|\S/g;

/** A clause's tokens with their positions. */
export function tokens(clause: string): { text: string; start: number; end: number }[] {
  return [...clause.matchAll(TOKEN)].map((m) => ({
    text: m[0],
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
}

/** What the marked spans leave over: every token not inside a span and neither filler nor punctuation. */
export function leftover(clause: string, spans: readonly (readonly [number, number])[]): string[] {
  const covered = new Array<boolean>(clause.length).fill(false);
  for (const [a, b] of spans)
    for (let i = Math.max(0, a); i < Math.min(clause.length, b); i++) covered[i] = true;
  return tokens(clause)
    .filter((t) => {
      for (let i = t.start; i < t.end; i++) if (!covered[i]) return true;
      return false;
    })
    .map((t) => t.text)
    .filter((t) => !FILLER.has(t.toLowerCase()) && !PUNCTUATION.test(t));
}

/** The spans of a regular expression's matches in a clause (for a rule that consumed them). */
export function matchSpans(clause: string, re: RegExp): [number, number][] {
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  return [...clause.matchAll(global)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length]);
}
