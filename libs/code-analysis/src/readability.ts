import { codeSpan } from './findings';
import { escape, JavaCode } from './java-code';

export interface ReadabilityNote {
  kind: 'naming' | 'dead-code' | 'magic-number' | 'debug-output' | 'structure' | 'performance';
  line?: number;
  text: string;
}

/** Names that say nothing about what they hold. */
const VAGUE_NAMES =
  /^(temp\d*|tmp\d*|foo|bar|baz|data\d*|stuff|thing|var\d*|val\d*|obj\d*|xx+|yy+|aa+|bb+|[a-z]\d+|arr\d+|res\d+|ans\d+)$/;
/** Single letters that carry a conventional meaning in this kind of code. */
const CONVENTIONAL_SHORT = new Set([
  'i',
  'j',
  'k',
  'n',
  'm',
  'x',
  'y',
  'a',
  'b',
  'c',
  's',
  't',
  'l',
  'r',
  'q',
  'u',
  'v',
  'w',
  'e',
  'd',
  'p',
  'lo',
  'hi',
  'dp',
  'sc',
  'br',
  'sb',
  'pq',
  'id',
  'mid',
  'in',
  'out',
]);
/** Numbers too common to need a name. */
const PLAIN_NUMBERS = new Set([
  '0',
  '1',
  '2',
  '-1',
  '10',
  '0L',
  '1L',
  '2L',
  '0.0',
  '1.0',
  '0.5',
  '26',
  '100',
]);
const MAX_METHOD_LINES = 60;
const MAX_NESTING = 4;

/** One readability check: the notes it makes on the code (the solution's function is never dead code). */
export interface ReadabilityRule {
  name: ReadabilityNote['kind'];
  notes(code: JavaCode, functionName?: string): ReadabilityNote[];
}

/** In the order their notes are listed. */
export const READABILITY_RULES: ReadabilityRule[] = [
  { name: 'naming', notes: naming },
  { name: 'dead-code', notes: deadCode },
  { name: 'magic-number', notes: magicNumbers },
  { name: 'debug-output', notes: debugOutput },
  { name: 'structure', notes: structure },
];
const MAX_NOTES = 12;

export function readabilityNotes(code: JavaCode, functionName?: string): ReadabilityNote[] {
  if (code.tooLargeToAnalyze) return [];
  return READABILITY_RULES.flatMap((rule) => rule.notes(code, functionName)).slice(0, MAX_NOTES);
}

export function naming(code: JavaCode): ReadabilityNote[] {
  const notes: ReadabilityNote[] = [];
  const seen = new Set<string>();
  const declarations =
    /\b(?:int|long|double|boolean|char|String|float|short|byte|var|List<[^>]*>|Map<[^>]*>|Set<[^>]*>|int\[\]|long\[\]|int\[\]\[\]|String\[\]|char\[\])\s+([A-Za-z_$][\w$]*)\s*[=;,)]/g;
  for (const d of code.blanked.matchAll(declarations)) {
    const name = d[1];
    if (seen.has(name)) continue;
    seen.add(name);
    const line = code.lineOf(d.index ?? 0);
    if (VAGUE_NAMES.test(name) && !CONVENTIONAL_SHORT.has(name)) {
      notes.push({
        kind: 'naming',
        line,
        text: `${codeSpan(name)} does not say what it holds: a name like \`count\`, \`prefixSum\` or \`bestLength\` reads better.`,
      });
    } else if (/_/.test(name) && /[a-z]/.test(name) && !/^[A-Z0-9_]+$/.test(name)) {
      notes.push({
        kind: 'naming',
        line,
        text: `${codeSpan(name)} uses snake_case: Java names are lowerCamelCase (\`${name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}\`).`,
      });
    }
  }
  for (const m of code.methods) {
    if (m.name.length <= 2 && m.name !== 'go') {
      notes.push({
        kind: 'naming',
        line: code.lineOf(m.bodyStart),
        text: `The method name ${codeSpan(m.name)} is too short to tell what it computes.`,
      });
    }
  }
  return notes.slice(0, 4);
}

export function deadCode(code: JavaCode, functionName?: string): ReadabilityNote[] {
  const notes: ReadabilityNote[] = [];
  for (const m of code.methods) {
    if (
      m.name === 'main' ||
      m.name === functionName ||
      m.name === 'compare' ||
      m.name === 'toString' ||
      m.name === 'equals' ||
      m.name === 'hashCode'
    )
      continue;
    const uses = [
      ...code.blanked.matchAll(
        new RegExp(`(?<![\\w$])${escape(m.name)}\\s*\\(|::\\s*${escape(m.name)}\\b`, 'g'),
      ),
    ].filter((u) => (u.index ?? 0) < m.headerStart || (u.index ?? 0) > m.bodyStart);
    const external = uses.filter((u) => (u.index ?? 0) < m.bodyStart || (u.index ?? 0) > m.bodyEnd);
    if (external.length === 0)
      notes.push({
        kind: 'dead-code',
        line: code.lineOf(m.bodyStart),
        text: `The method ${codeSpan(`${m.name}()`)} is never called: remove it.`,
      });
  }
  for (const m of code.methods) {
    const body = code.body(m);
    const counts = new Map<string, number>();
    for (const w of body.matchAll(/(?<![\w$.])[A-Za-z_$][\w$]*/g))
      counts.set(w[0], (counts.get(w[0]) ?? 0) + 1);
    for (const d of body.matchAll(/\b(?:int|long|double|boolean|String|char)\s+([A-Za-z_$][\w$]*)\s*=/g)) {
      const uses = counts.get(d[1]) ?? 0;
      if (uses <= 1)
        notes.push({
          kind: 'dead-code',
          line: code.lineOf(m.bodyStart + (d.index ?? 0)),
          text: `The variable ${codeSpan(d[1])} is assigned but never used.`,
        });
    }
    for (const u of body.matchAll(/\b(return\b[^;]*|break|continue);\s*(?=[A-Za-z_$])/g)) {
      const after = body.slice((u.index ?? 0) + u[0].length);
      const before = body.slice(0, u.index);
      // Only a jump that starts its own statement (not the body of an if/else/loop) hides what follows.
      const ownStatement = /[;{}]\s*$/.test(before) || before.trim() === '';
      if (ownStatement && !/^(case|default)\b/.test(after)) {
        notes.push({
          kind: 'dead-code',
          line: code.lineOf(m.bodyStart + (u.index ?? 0) + u[0].length),
          text: 'Code after a return/break/continue in the same block never runs.',
        });
      }
    }
  }
  code.lines.forEach((text, i) => {
    const comment = /^\s*\/\/\s*(.*)$/.exec(text);
    if (comment && /(;\s*$|System\.out|^\s*(for|if|while)\s*\()/.test(comment[1])) {
      notes.push({
        kind: 'dead-code',
        line: i + 1,
        text: 'Commented-out code: delete it (version history keeps old attempts).',
      });
    }
  });
  return notes.slice(0, 4);
}

export function magicNumbers(code: JavaCode): ReadabilityNote[] {
  const notes: ReadabilityNote[] = [];
  const seen = new Set<string>();
  for (const m of code.methods) {
    const body = code.source.slice(m.bodyStart, m.bodyEnd);
    const blanked = code.body(m);
    for (const n of blanked.matchAll(/(?<![\w$.])(\d[\d_]*(?:\.\d+)?[lL]?)(?![\w$.])/g)) {
      const value = n[1];
      if (PLAIN_NUMBERS.has(value) || seen.has(value) || Number(value.replace(/[_lL]/g, '')) < 10) continue;
      const lineStart = blanked.lastIndexOf('\n', n.index ?? 0) + 1;
      const lineText = body.slice(lineStart, body.indexOf('\n', n.index ?? 0));
      if (/\bfinal\b/.test(lineText)) continue;
      seen.add(value);
      const name = /^1_?000_?000_?00[79]L?$/.test(value) ? 'MOD' : 'a named constant';
      notes.push({
        kind: 'magic-number',
        line: code.lineOf(m.bodyStart + (n.index ?? 0)),
        text: `The number ${codeSpan(value)} appears without a name: declare it once as ${name === 'MOD' ? '`static final long MOD = 1_000_000_007L;`' : 'a `static final` constant'} so its meaning is clear.`,
      });
    }
  }
  return notes.slice(0, 3);
}

export function debugOutput(code: JavaCode): ReadabilityNote[] {
  const notes: ReadabilityNote[] = [];
  let offset = 0;
  code.lines.forEach((text, i) => {
    const lineStart = offset;
    offset += text.length + 1;
    if (!/System\s*\.\s*(err|out)/.test(text)) return;
    const method = code.methodAt(lineStart + text.search(/\S|$/));
    if (
      /System\s*\.\s*err\s*\.\s*print/.test(text) ||
      (/System\s*\.\s*out\s*\.\s*print/.test(text) &&
        method &&
        method.name !== 'main' &&
        !/^(print|write|output)/i.test(method.name))
    ) {
      notes.push({
        kind: 'debug-output',
        line: i + 1,
        text: 'Printing inside the solution function looks like debug output: the judge compares everything printed, so remove it before submitting.',
      });
    }
  });
  return notes.slice(0, 2);
}

export function structure(code: JavaCode): ReadabilityNote[] {
  const notes: ReadabilityNote[] = [];
  for (const m of code.methods) {
    const lines = code.lineOf(m.bodyEnd) - code.lineOf(m.bodyStart);
    if (lines > MAX_METHOD_LINES)
      notes.push({
        kind: 'structure',
        line: code.lineOf(m.bodyStart),
        text: `${codeSpan(`${m.name}()`)} is ${lines} lines long: split it into helpers with names that say what each step does.`,
      });
  }
  let depth = 0;
  let deepest = 0;
  let deepestAt = 0;
  for (let i = 0; i < code.blanked.length; i++) {
    if (code.blanked[i] === '{') {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        deepestAt = i;
      }
    } else if (code.blanked[i] === '}') depth--;
  }
  // Class and method braces account for two levels.
  if (deepest - 2 > MAX_NESTING) {
    notes.push({
      kind: 'structure',
      line: code.lineOf(deepestAt),
      text: `Blocks nest ${deepest - 2} levels deep here: early \`continue\`/\`return\` or a helper method would flatten it.`,
    });
  }
  return notes;
}

/** Performance habits worth a note whatever the complexity. */
export function performanceNotes(code: JavaCode, maxSize: number | undefined): ReadabilityNote[] {
  const notes: ReadabilityNote[] = [];
  if (/\bnew\s+Scanner\s*\(/.test(code.blanked) && (maxSize ?? 0) >= 100_000) {
    notes.push({
      kind: 'performance',
      line: code.lineOf(code.blanked.search(/\bnew\s+Scanner\s*\(/)),
      text: 'Scanner is slow for large inputs (10^5 values and more): BufferedReader with StringTokenizer, as in the boilerplate, reads several times faster.',
    });
  }
  for (const m of code.blanked.matchAll(/\b([A-Za-z_$][\w$]*)\s*\+=/g)) {
    if (code.typeOf(m[1]) === 'String' && code.enclosingLoops(m.index ?? 0).length > 0) {
      notes.push({
        kind: 'performance',
        line: code.lineOf(m.index ?? 0),
        text: `${codeSpan(`${m[1]} += …`)} inside a loop copies the whole string each time (O(n^2) overall): use a StringBuilder.`,
      });
      break;
    }
  }
  return notes;
}
