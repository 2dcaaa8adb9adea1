import type { ConstraintBounds } from './constraints/bounds';
import { codeSpan, Finding } from './findings';
import { JavaCode } from './java-code';

const INT_MAX = 2 ** 31 - 1;
const INT_MIN = -(2 ** 31);
/** Largest int whose square still fits in an int. */
const INT_SQRT = 46_340;

export interface OutputComparison {
  expected: string;
  actual: string;
}

/** Lines of output as the judge compares them: trailing spaces and trailing blank lines ignored. */
export function outputLines(text: string): string[] {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A small line diff of expected against actual, for the report. */
export function diffOutputs({ expected, actual }: OutputComparison, maxLines = 12): string {
  const e = outputLines(expected);
  const a = outputLines(actual);
  const out: string[] = [];
  for (let i = 0; i < Math.max(e.length, a.length) && out.length < maxLines; i++) {
    if (e[i] === a[i]) out.push(`  ${e[i]}`);
    else {
      if (e[i] !== undefined) out.push(`- ${e[i]}`);
      if (a[i] !== undefined) out.push(`+ ${a[i]}`);
    }
  }
  return out.join('\n');
}

/** What a wrong-output rule reads: both outputs as the judge compares them, and the code. */
export interface OutputFacts {
  cmp: OutputComparison;
  expected: string;
  actual: string;
  code: JavaCode;
  /** The line of the print to look at: the last print, or the first matching `pattern`. */
  printLine(pattern?: RegExp): number | undefined;
}

/** One way an output can be wrong that the difference itself tells. */
export interface WrongOutputRule {
  name: string;
  explain(facts: OutputFacts): Finding | undefined;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const bare = (s: string) => squash(s.replace(/[[\],]/g, ' '));

/** The expected number is the printed one wrapped past the int range: an int overflowed. */
export const intOverflow: WrongOutputRule = {
  name: 'int-overflow',
  explain({ expected, actual, code }) {
    if (/^-?\d+$/.test(expected.trim()) && /^-?\d+$/.test(actual.trim())) {
      const e = BigInt(expected.trim());
      const a = BigInt(actual.trim());
      const wraps =
        e !== a &&
        ((e - a) % 2n ** 32n === 0n || e > BigInt(INT_MAX) || e < BigInt(INT_MIN)) &&
        a >= BigInt(INT_MIN) &&
        a <= BigInt(INT_MAX);
      if (wraps) {
        const line = overflowLine(code);
        return {
          cause: 'int-overflow',
          title: 'Integer overflow',
          line,
          explanation: `The expected answer ${expected.trim()} ${e > BigInt(INT_MAX) || e < BigInt(INT_MIN) ? 'does not fit in an int' : 'differs from yours by a multiple of 2^32'}, and your program printed ${actual.trim()}: an int wrapped around past 2,147,483,647.${line ? ` Line ${line}: ${codeSpan(code.lineText(line))}.` : ''}`,
          fix: 'Use `long` for sums, products and counts that can exceed about 2·10^9 (declare the accumulator as long, and cast before multiplying: `(long) a * b`).',
        };
      }
    }
    return undefined;
  },
};

/** Nothing printed where an answer was expected. */
export const nothingPrinted: WrongOutputRule = {
  name: 'nothing-printed',
  explain({ expected, actual, printLine }) {
    if (actual.trim() === '' && expected.trim() !== '') {
      return {
        cause: 'output-format',
        title: 'Nothing was printed',
        line: printLine(),
        explanation: 'The program printed nothing for this test, while an answer was expected.',
        fix: "Print the function's result in main (`System.out.println(result)`), as the boilerplate does.",
      };
    }
    return undefined;
  },
};

/** The right values with other spaces or line breaks. */
export const spacing: WrongOutputRule = {
  name: 'spacing',
  explain({ expected, actual, printLine }) {
    if (squash(expected) === squash(actual)) {
      return {
        cause: 'output-format',
        title: 'Output format: spacing or line breaks',
        line: printLine(),
        explanation: 'Your output has the right values but different spaces or line breaks than expected.',
        fix: 'Print the values exactly as the expected output shows them: one space between values, and line breaks only where expected.',
      };
    }
    return undefined;
  },
};

/** A collection printed with its brackets and commas. */
export const bracketsAndCommas: WrongOutputRule = {
  name: 'brackets-and-commas',
  explain({ expected, actual, printLine }) {
    if (bare(expected) === bare(actual) && /[[\],]/.test(actual)) {
      return {
        cause: 'output-format',
        title: 'Output format: brackets and commas',
        line: printLine(/Arrays\s*\.\s*toString|println\s*\(\s*[\w$]*(list|List|result|res|ans)\b/),
        explanation: `Your output ${codeSpan(actual.split('\n')[0])} prints the collection with brackets and commas (as Arrays.toString or a List prints itself), while the expected output is ${codeSpan(expected.split('\n')[0])}.`,
        fix: 'Print the elements joined by single spaces, for example with a StringBuilder or `String.join(" ", ...)`, instead of `Arrays.toString`.',
      };
    }
    return undefined;
  },
};

/** The same words in another case. */
export const capitalisation: WrongOutputRule = {
  name: 'capitalisation',
  explain({ expected, actual, printLine }) {
    if (squash(expected).toLowerCase() === squash(actual).toLowerCase()) {
      return {
        cause: 'output-format',
        title: 'Output format: capitalisation',
        line: printLine(),
        explanation: `Your output differs only in upper/lower case (${codeSpan(actual)} vs ${codeSpan(expected)}).`,
        fix: 'Print exactly the expected words (for booleans: `true`/`false`).',
      };
    }
    return undefined;
  },
};

/** The answer with labels or prompts around it. */
export const extraText: WrongOutputRule = {
  name: 'extra-text',
  explain({ expected, actual, printLine }) {
    if (actual.includes(expected.trim()) && expected.trim() !== '') {
      const extra = actual.replace(expected.trim(), '…').trim();
      return {
        cause: 'output-format',
        title: 'Output format: extra text around the answer',
        line: printLine(/println\s*\([^;]*"\s*\+|print(?:ln|f)?\s*\(\s*"/),
        explanation: `Your output contains the right answer but also extra text (${codeSpan(extra)}): the judge compares the whole output.`,
        fix: 'Print only the answer: no labels, prompts or debug lines.',
      };
    }
    return undefined;
  },
};

/** More lines than expected: debug prints, or printing in a loop. */
export const extraLines: WrongOutputRule = {
  name: 'extra-lines',
  explain({ cmp, printLine }) {
    const expectedLines = outputLines(cmp.expected).length;
    const actualLines = outputLines(cmp.actual).length;
    if (actualLines > expectedLines) {
      return {
        cause: 'output-format',
        title: 'Output format: extra lines',
        line: printLine(/System\s*\.\s*out\s*\.\s*print/),
        explanation: `Your program printed ${actualLines} lines where ${expectedLines} ${expectedLines === 1 ? 'is' : 'are'} expected: debug prints or printing inside a loop.`,
        fix: 'Remove debug prints and print the answer once.',
      };
    }
    return undefined;
  },
};

/** An integer printed as a decimal. */
export const decimalPoint: WrongOutputRule = {
  name: 'decimal-point',
  explain({ expected, actual, printLine }) {
    if (
      /^-?\d+\.0+$/.test(actual.trim()) &&
      /^-?\d+$/.test(expected.trim()) &&
      Number(actual) === Number(expected)
    ) {
      return {
        cause: 'output-format',
        title: 'Output format: decimal point',
        line: printLine(),
        explanation: 'Your answer is printed as a decimal number; the expected output is an integer.',
        fix: 'Compute and print an int or long (or cast before printing).',
      };
    }
    return undefined;
  },
};

export const WRONG_OUTPUT_RULES: WrongOutputRule[] = [
  intOverflow,
  nothingPrinted,
  spacing,
  bracketsAndCommas,
  capitalisation,
  extraText,
  extraLines,
  decimalPoint,
];

/** Why a failing example's output differs from the expected one, when the difference itself tells. */
export function explainWrongOutput(cmp: OutputComparison, code: JavaCode): Finding | undefined {
  const facts: OutputFacts = {
    cmp,
    expected: outputLines(cmp.expected).join('\n'),
    actual: outputLines(cmp.actual).join('\n'),
    code,
    printLine: (pattern) => findPrintLine(code, pattern),
  };
  for (const rule of WRONG_OUTPUT_RULES) {
    const finding = rule.explain(facts);
    if (finding) return finding;
  }
  return undefined;
}

/** Where an int accumulator or product can overflow, when the code has one. */
export function overflowLine(code: JavaCode): number | undefined {
  const intDeclarations = new Map<string, number>();
  for (const d of code.blanked.matchAll(/\bint\s+([A-Za-z_$][\w$]*)\s*=/g))
    if (!intDeclarations.has(d[1])) intDeclarations.set(d[1], d.index ?? 0);
  let first: number | undefined;
  for (const g of code.blanked.matchAll(
    /(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:\+=|\*=|=\s*([A-Za-z_$][\w$]*)\s*[+*])/g,
  )) {
    const name = g[1];
    const declared = intDeclarations.get(name);
    if (declared === undefined || (g[2] !== undefined && g[2] !== name)) continue;
    if (code.enclosingLoops(g.index ?? 0).length > 0 || code.methodAt(g.index ?? 0)?.name !== 'main') {
      if (first === undefined || declared < first) first = declared;
    }
  }
  if (first !== undefined) return code.lineOf(first);
  const product = code.blanked.search(/\bint\s+[\w$]+\s*=\s*[\w$[\]]+\s*\*\s*[\w$[\]]+/);
  return product < 0 ? undefined : code.lineOf(product);
}

/** Overflow risks visible from the code and the constraints alone (no test data needed). */
export function staticOverflowRisk(code: JavaCode, bounds: ConstraintBounds): Finding | undefined {
  const value = bounds.maxValue;
  const size = bounds.maxSize ?? 1;
  if (value === undefined) return undefined;
  const line = overflowLine(code);
  if (!line) return undefined;
  const text = code.lineText(line);
  const isProduct = /\*/.test(text) && value > INT_SQRT;
  if (value * Math.max(size, 2) <= INT_MAX && !isProduct) return undefined;
  return {
    cause: 'int-overflow',
    title: 'Possible integer overflow',
    line,
    explanation: `Values go up to ${value.toLocaleString('en-US')}${size > 1 ? ` and there can be ${size.toLocaleString('en-US')} of them` : ''}, so a sum or product can pass the int limit of 2,147,483,647. Line ${line}: ${codeSpan(text)}.`,
    fix: 'Use `long` for this accumulator (and `(long) a * b` for products).',
  };
}

function findPrintLine(code: JavaCode, preferred?: RegExp): number | undefined {
  // Literals are blanked in code.blanked, so patterns that look into strings use the source.
  const lines = code.lines;
  const prints: number[] = [];
  for (let i = 0; i < lines.length; i++)
    if (/System\s*\.\s*out\s*\.\s*print/.test(lines[i])) prints.push(i + 1);
  if (preferred) {
    const hit = prints.find((l) => preferred.test(lines[l - 1]));
    if (hit) return hit;
  }
  return prints[prints.length - 1];
}

export interface InputReadingNote {
  line?: number;
  text: string;
}

/**
 * Compares how main reads the input with the boilerplate's encoding: strings as whole lines,
 * arrays as a length line then an elements line, one value per line, in variable order.
 */
export function inputReadingNotes(
  code: JavaCode,
  inputs: { name: string; type: string }[],
): InputReadingNote[] {
  const notes: InputReadingNote[] = [];
  const main = code.method('main');
  if (!main) return notes;
  const body = code.body(main);
  const line = (pattern: RegExp) => {
    const i = body.search(pattern);
    return i < 0 ? undefined : code.lineOf(main.bodyStart + i);
  };
  if (inputs.some((v) => v.type === 'string') && /\.\s*next\s*\(\s*\)/.test(body)) {
    notes.push({
      line: line(/\.\s*next\s*\(\s*\)/),
      text: 'A string input is read with `Scanner.next()`, which stops at the first space: string inputs are whole lines, read them with `nextLine()`.',
    });
  }
  if (/\.\s*next(?:Int|Long|Double)\s*\(\s*\)/.test(body) && /\.\s*nextLine\s*\(\s*\)/.test(body)) {
    const firstNumber = body.search(/\.\s*next(?:Int|Long|Double)\s*\(/);
    const laterLine = body.slice(firstNumber).search(/\.\s*nextLine\s*\(/);
    if (laterLine >= 0) {
      notes.push({
        line: line(/\.\s*nextLine\s*\(/),
        text: "`nextLine()` after `nextInt()` returns the rest of the number's line (an empty string), not the next line: read every line with `nextLine()` and parse it.",
      });
    }
  }
  if (
    inputs[0]?.type === 'array' &&
    /^\s*(?:String\s*\[\s*\]\s*[\w$]+\s*=\s*)?[\w$.]*readLine\s*\(\s*\)\s*(?:\.\s*trim\s*\(\s*\))?\s*\.\s*split/.test(
      firstStatementReading(body),
    )
  ) {
    notes.push({
      line: line(/split\s*\(/),
      text: 'The first input is an array, which arrives as its length on one line and its elements on the next: the first line read is the length, not the elements.',
    });
  }
  if (
    inputs.some((v) => v.type === 'array') &&
    /\.\s*readLine\s*\(\s*\)/.test(body) &&
    !/split|StringTokenizer|readIntArray|nextInt/.test(body)
  ) {
    notes.push({
      line: line(/parseInt\s*\(/),
      text: 'Array elements arrive on one line, separated by spaces: split that line instead of reading one element per line.',
    });
  }
  return notes;
}

function firstStatementReading(body: string): string {
  const statements = body.split(';');
  return statements.find((s) => /readLine\s*\(|next\w*\s*\(/.test(s)) ?? '';
}
