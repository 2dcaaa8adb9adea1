/** What the offline analyzer can name as the cause of a failure. */
export type CauseCode =
  | 'compile-error'
  | 'index-out-of-bounds'
  | 'null-pointer'
  | 'number-format'
  | 'input-format'
  | 'stack-overflow'
  | 'division-by-zero'
  | 'class-cast'
  | 'int-overflow'
  | 'output-format'
  | 'time-limit'
  | 'memory-limit'
  | 'concurrent-modification'
  | 'runtime-error'
  | 'wrong-answer';

export interface Finding {
  cause: CauseCode;
  title: string;
  /** The line to change (1-based), when known. */
  line?: number;
  /** The line where the program failed, when it differs from the line to change. */
  failedAt?: number;
  explanation: string;
  fix: string;
}

/** A Markdown code span that survives backticks inside the code. */
export function codeSpan(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim().slice(0, 160);
  if (!clean) return '';
  return clean.includes('`') ? `\`\` ${clean} \`\`` : `\`${clean}\``;
}

/** A fenced block whose fence is longer than any backtick run inside. */
export function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}
