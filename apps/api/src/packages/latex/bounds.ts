/**
 * The conversion's bounds (issue 47): a statement that nests `\illustration` copies its caption twice
 * per level, so its output would double with each. Every text the converter materialises counts
 * against a budget, none may exceed the statement's limit, and groups nest at most MAX_NESTING deep
 * (each level rescans the rest of its argument): past any of them the conversion stops at once.
 */
export class StatementTooLarge extends Error {
  constructor(
    readonly limit: number,
    readonly why: 'size' | 'nesting',
  ) {
    super(why === 'size' ? `more than ${limit} characters` : `groups nested more than ${limit} deep`);
  }
}

/** Groups and environments nested deeper than any statement needs. */
export const MAX_NESTING = 64;
/** All the text one conversion may materialise, as a multiple of the output's limit. */
export const WORK_PER_OUTPUT_CHARACTER = 8;
