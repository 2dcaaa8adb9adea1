import { ROLES } from './roles';

/**
 * The one rule for the text of every request (issue 47 item 8): what PostgreSQL or UTF-8 refuses, and
 * what lets one name pass for another, is a 400 naming the field before any schema or database sees it.
 *
 * - Every string, and every key of an object: no NUL nor any other control character (C0 but tab, line
 *   feed and carriage return; DEL; C1), no lone UTF-16 surrogate.
 * - Single-line fields (names, email, preferred language): no tab nor line break either.
 * - Names (username, fullName, a title, an organization's name): no bidi control (U+202A–U+202E,
 *   U+2066–U+2069, marks) and no zero-width or otherwise invisible character.
 *
 * Field kinds apply to the top level of a body or query (nested keys are a problem's own data, such as
 * the input variables of a test); the base rule applies at every depth.
 */

type Range = readonly [number, number];
const within = (ranges: readonly Range[]) => (code: number) =>
  ranges.some(([low, high]) => code >= low && code <= high);

/** C0 controls but tab, line feed and carriage return; DEL; the C1 controls. */
const isControl = within([
  [0x00, 0x08],
  [0x0b, 0x0c],
  [0x0e, 0x1f],
  [0x7f, 0x9f],
]);
const isLineBreakOrTab = within([
  [0x09, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);
const isBidiControl = within([
  [0x061c, 0x061c],
  [0x200e, 0x200f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
]);
/** Zero-width and invisible formatting characters (soft hyphen, ZWSP/ZWNJ/ZWJ, word joiner, BOM, fillers, ...). */
const isInvisible = within([
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200d],
  [0x2060, 0x2064],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
]);

/** The UTF-16 code units of `value` (surrogates one by one, so a lone one shows). */
function* codeUnits(value: string): Generator<number> {
  for (let i = 0; i < value.length; i++) yield value.charCodeAt(i);
}

const hasAny = (value: string, test: (code: number) => boolean) => {
  for (const code of codeUnits(value)) if (test(code)) return true;
  return false;
};

function hasLoneSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

/** Fields that name someone or something shown to others: one line, nothing hidden, nothing reordered. */
export const NAME_FIELDS: readonly string[] = ['username', 'fullName', 'name', 'formalName', 'title'];
/** Other single-line fields. */
export const SINGLE_LINE_FIELDS: readonly string[] = [...NAME_FIELDS, 'email', 'preferredLanguage'];

export const TextSentences = {
  controlCharacter: (field: string) => `${field} must not contain NUL or other control characters`,
  loneSurrogate: (field: string) => `${field} must be valid Unicode text (it has a lone surrogate)`,
  singleLine: (field: string) => `${field} must be a single line (no tabs or line breaks)`,
  hiddenCharacters: (field: string) => `${field} must not contain invisible or direction-changing characters`,
  keyCharacters: (field: string) =>
    `${field} must not have a field name with control characters or a lone surrogate`,
  usernameReserved: 'username is reserved: please choose another',
  fullNameTaken: 'fullName is already used by another user: please add something that tells you apart',
} as const;

/** What is wrong with `value` as the text of `field` (at the top level when `kinds` is true), if anything. */
export function textProblem(field: string, value: string, kinds = true): string | undefined {
  if (hasAny(value, isControl)) return TextSentences.controlCharacter(field);
  if (hasLoneSurrogate(value)) return TextSentences.loneSurrogate(field);
  if (!kinds) return undefined;
  if (SINGLE_LINE_FIELDS.includes(field) && hasAny(value, isLineBreakOrTab))
    return TextSentences.singleLine(field);
  if (NAME_FIELDS.includes(field) && hasAny(value, (code) => isBidiControl(code) || isInvisible(code)))
    return TextSentences.hiddenCharacters(field);
  return undefined;
}

const badKey = (key: string) => hasAny(key, isControl) || hasLoneSurrogate(key);

/** Every refused text of a request, by the field's path (`testCases.1.input`), the first per field. */
export function findTextProblems(value: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (node: unknown, path: string[]): void => {
    const name = path.join('.');
    if (typeof node === 'string') {
      const problem = textProblem(path.length === 1 ? path[0] : name, node, path.length === 1);
      if (problem) found[name] = problem;
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (badKey(key)) found[name || 'body'] ??= TextSentences.keyCharacters(name || 'body');
      else walk(child, [...path, key]);
    }
  };
  walk(value, []);
  return found;
}

/** A name from elsewhere (an OAuth provider) made acceptable: hidden, reordering and control characters dropped, one line. */
export function withoutHiddenCharacters(name: string): string {
  const hidden = (code: number) =>
    isControl(code) || isBidiControl(code) || isInvisible(code) || (code >= 0xd800 && code <= 0xdfff);
  let kept = '';
  // By code point: a pair is one character above U+FFFF, a lone surrogate one in the surrogate range.
  for (const character of name) if (!hidden(character.codePointAt(0)!)) kept += character;
  return kept.replace(/\s+/g, ' ').trim();
}

/** Usernames no one may take: the roles' names and the words that pass for the platform itself. */
export const RESERVED_USERNAMES: readonly string[] = [
  ...ROLES,
  'admins',
  'administrator',
  'superadmin',
  'super-admin',
  'root',
  'system',
  'sysadmin',
  'moderator',
  'staff',
  'jury',
  'judge',
  'javelin',
  'support',
  'security',
  'official',
  'anonymous',
  'null',
  'undefined',
];

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.includes(username.trim().toLowerCase());
}
