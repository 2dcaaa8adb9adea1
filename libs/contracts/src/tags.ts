import type { Difficulty } from './problems';

/**
 * One set of canonical tags (issue 45): a tag is lower case with words joined by '-' ("Binary Search",
 * "binary_search" and "binary search" are all `binary-search`), so one problem's "binary search" and
 * another's "binary-search" are one filter. A difficulty word is never a tag: the problem's difficulty
 * says it (an admin sets it; a package's keyword 'easy'/'medium'/'hard' sets it on import).
 * The API stores tags only in this form (problem form, package import, seed), and the web reads them
 * through it too, so older rows agree.
 */
export function canonicalTag(tag: string): string {
  return tag
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const DIFFICULTY_WORDS: readonly Difficulty[] = ['easy', 'medium', 'hard'];

function isDifficulty(word: string): word is Difficulty {
  return (DIFFICULTY_WORDS as readonly string[]).includes(word);
}

/** The canonical tags of a list: each once, in the list's order, without difficulty words or empty ones. */
export function canonicalTags(tags: readonly string[]): string[] {
  const out = new Set<string>();
  for (const tag of tags) {
    const canonical = canonicalTag(tag);
    if (canonical && !isDifficulty(canonical)) out.add(canonical);
  }
  return [...out];
}

/** A difficulty named among keywords (a package's `keywords: [easy, …]`), or null when none is. */
export function difficultyOfKeywords(keywords: readonly string[]): Difficulty | null {
  for (const word of keywords) {
    const canonical = canonicalTag(word);
    if (isDifficulty(canonical)) return canonical;
  }
  return null;
}

/** A problem's points by its difficulty, where nobody set them (the seed's catalog scale). */
export const POINTS_BY_DIFFICULTY: Record<Difficulty, number> = { easy: 10, medium: 20, hard: 40 };
