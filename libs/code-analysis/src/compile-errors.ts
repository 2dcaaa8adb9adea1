import { codeSpan, Finding } from './findings';
import type { JavaCode } from './java-code';
import type { JavacDiagnostic } from './javac';

const JAVA_UTIL = new Set([
  'Scanner',
  'ArrayList',
  'List',
  'HashMap',
  'Map',
  'HashSet',
  'Set',
  'Arrays',
  'Collections',
  'LinkedList',
  'Deque',
  'ArrayDeque',
  'Queue',
  'PriorityQueue',
  'TreeMap',
  'TreeSet',
  'Stack',
  'StringTokenizer',
  'Iterator',
  'Comparator',
  'LinkedHashMap',
  'LinkedHashSet',
  'Objects',
  'Optional',
  'BitSet',
]);
const JAVA_IO = new Set([
  'BufferedReader',
  'InputStreamReader',
  'IOException',
  'PrintWriter',
  'BufferedWriter',
  'OutputStreamWriter',
  'EOFException',
]);

interface Explanation {
  explanation: string;
  fix: string;
  /** javac reports some errors on the line after the mistake. */
  line?: number;
}

/** Turns javac's errors into explanations with the user's line and a likely fix. */
export function explainCompileErrors(errors: JavacDiagnostic[], code: JavaCode): Finding[] {
  return errors.slice(0, 5).map((e) => {
    const { explanation, fix, line } = explain(e, code);
    const at = line ?? e.line;
    return {
      cause: 'compile-error',
      title: `Compilation error: ${e.message}`,
      line: at,
      failedAt: at !== e.line ? e.line : undefined,
      explanation,
      fix,
    };
  });
}

/** What an explanation reads of one javac error. */
export interface CompileErrorFacts {
  e: JavacDiagnostic;
  /** javac's message (`cannot find symbol`). */
  message: string;
  /** The lines javac adds below the caret, joined. */
  detail: string;
  /** The symbol javac names in them, if any. */
  symbol?: string;
  code: JavaCode;
}

/** One kind of javac error: the message it reads and how it explains it, with a likely fix. */
export interface CompileErrorRule {
  name: string;
  /** The javac messages it explains. */
  matches: RegExp;
  explain(facts: CompileErrorFacts): Explanation;
}

/** `cannot find symbol`: a java.util or java.io class not imported, else a typo (with the closest declared name). */
export const unknownSymbol: CompileErrorRule = {
  name: 'unknown-symbol',
  matches: /^cannot find symbol/,
  explain({ symbol, code }) {
    if (symbol && JAVA_UTIL.has(symbol)) {
      return {
        explanation: `${codeSpan(symbol)} is a class from java.util, and the file does not import it.`,
        fix: 'Add `import java.util.*;` at the top of the file.',
      };
    }
    if (symbol && JAVA_IO.has(symbol)) {
      return {
        explanation: `${codeSpan(symbol)} is a class from java.io, and the file does not import it.`,
        fix: 'Add `import java.io.*;` at the top of the file.',
      };
    }
    const similar = symbol ? closestName(symbol, code) : undefined;
    return {
      explanation: `javac does not know ${symbol ? codeSpan(symbol) : 'a name used on this line'}: it is not declared where it is used (a typo, a variable declared inside another block, or a missing import).`,
      fix: similar
        ? `Did you mean ${codeSpan(similar)}? Use the name you declared.`
        : 'Declare it before using it, in a scope that reaches this line, or fix the spelling.',
    };
  },
};

/** `';' expected`: the statement before is not finished (javac may point at the next line). */
export const missingSemicolon: CompileErrorRule = {
  name: 'missing-semicolon',
  matches: /^';' expected/,
  explain({ e, code }) {
    const previous = previousCodeLine(code, e.line);
    const onPrevious =
      previous !== e.line && !/[;{}]\s*$/.test(code.lineText(previous)) && code.lineText(e.line) === '';
    return {
      explanation: 'A statement is not finished: Java needs a semicolon at the end of every statement.',
      fix: `Add \`;\` at the end of line ${onPrevious ? previous : e.line}.`,
      line: onPrevious ? previous : e.line,
    };
  },
};

/** `reached end of file while parsing`: a `{` never closed. */
export const unclosedBrace: CompileErrorRule = {
  name: 'unclosed-brace',
  matches: /^reached end of file while parsing/,
  explain() {
    return {
      explanation: 'A `{` is never closed: the file ends inside a class or method.',
      fix: 'Add the missing `}` (count the braces of each method and the class).',
    };
  },
};

/** `class, interface, enum, or record expected`: code outside the class, usually one `}` too many. */
export const codeOutsideClass: CompileErrorRule = {
  name: 'code-outside-class',
  matches: /^class, interface, enum, or record expected/,
  explain() {
    return {
      explanation: 'There is code outside of the class: usually one `}` too many closed the class early.',
      fix: 'Remove the extra `}` before this line, or move the code inside the class.',
    };
  },
};

/** `illegal start of expression`, `not a statement`, `<identifier> expected`: a brace or parenthesis missing or extra. */
export const invalidSyntax: CompileErrorRule = {
  name: 'invalid-syntax',
  matches: /^(illegal start of expression|illegal start of type|not a statement|<identifier> expected)/,
  explain() {
    return {
      explanation:
        'The code here is not valid Java at this position, often because a brace or parenthesis before it is missing or extra, or a statement sits outside a method.',
      fix: 'Check the braces and parentheses just before this line.',
    };
  },
};

/** `'else' without 'if'`: a `;` or `}` between the if and its else. */
export const elseWithoutIf: CompileErrorRule = {
  name: 'else-without-if',
  matches: /^'else' without 'if'/,
  explain() {
    return {
      explanation:
        'This `else` has no `if` right before it: a `;` after the `if (...)` or an extra `}` split them.',
      fix: 'Remove the stray `;` or `}` between the `if` block and the `else`.',
    };
  },
};

/** `possible lossy conversion`: a wider value stored into a narrower type. */
export const lossyConversion: CompileErrorRule = {
  name: 'lossy-conversion',
  matches: /incompatible types: possible lossy conversion from (\w+) to (\w+)/,
  explain({ message: m }) {
    const [, from, to] = /from (\w+) to (\w+)/.exec(m) ?? [];
    return {
      explanation: `A ${from} value is stored into a ${to}: Java refuses because the value may not fit.`,
      fix: `Declare the variable as ${from}, or cast explicitly with (${to}) if you are sure the value fits.`,
    };
  },
};

/** `incompatible types`: a value of another type than expected. */
export const incompatibleTypes: CompileErrorRule = {
  name: 'incompatible-types',
  matches: /^incompatible types/,
  explain({ message: m }) {
    return {
      explanation: `The value on this line has a different type than the variable, parameter or return type expects (${m.replace(/^incompatible types:\s*/, '')}).`,
      fix: 'Convert the value (Integer.parseInt, String.valueOf, a cast) or change the declared type.',
    };
  },
};

/** `missing return statement`: a path ends without returning. */
export const missingReturn: CompileErrorRule = {
  name: 'missing-return',
  matches: /^missing return statement/,
  explain() {
    return {
      explanation: 'Some path through the method ends without returning a value.',
      fix: 'Add a `return` after the last loop or in every branch (for example a default answer at the end).',
    };
  },
};

/** `unreported exception`: a checked exception neither caught nor declared. */
export const uncaughtCheckedException: CompileErrorRule = {
  name: 'uncaught-checked-exception',
  matches: /^unreported exception ([\w.]+)/,
  explain({ message: m }) {
    const name = /^unreported exception ([\w.]+)/.exec(m)?.[1] ?? 'IOException';
    return {
      explanation: `This call can throw the checked exception ${name}, which must be caught or declared.`,
      fix: `Add \`throws ${name}\` to the method header (for main: \`public static void main(String[] args) throws IOException\`).`,
    };
  },
};

/** `might not have been initialized`: read before assigned. */
export const uninitialisedVariable: CompileErrorRule = {
  name: 'uninitialised-variable',
  matches: /^variable (\w+) might not have been initialized/,
  explain() {
    return {
      explanation: 'The variable may be read before any value was assigned to it.',
      fix: 'Give it a starting value where it is declared (for example `= 0`).',
    };
  },
};

/** `is already defined`: a name declared twice in one scope. */
export const duplicateVariable: CompileErrorRule = {
  name: 'duplicate-variable',
  matches: /^variable (\w+) is already defined/,
  explain() {
    return {
      explanation: 'The same name is declared twice in one scope.',
      fix: 'Rename one of them, or assign to the existing variable without declaring it again.',
    };
  },
};

/** `non-static … cannot be referenced from a static context`. */
export const staticContext: CompileErrorRule = {
  name: 'static-context',
  matches: /^non-static (method|variable) (\w+)/,
  explain() {
    return {
      explanation: 'A static method (such as main) uses an instance member of the class.',
      fix: 'Declare that method or field `static`, or create an object and call it on the object.',
    };
  },
};

/** `unreachable statement`: after a return, break, continue or throw. */
export const unreachableStatement: CompileErrorRule = {
  name: 'unreachable-statement',
  matches: /^unreachable statement/,
  explain() {
    return {
      explanation: 'This statement can never run: a return, break, continue or throw comes before it.',
      fix: 'Remove it, or move it before the return.',
    };
  },
};

/** `unclosed string literal` / `unclosed character literal`. */
export const unclosedLiteral: CompileErrorRule = {
  name: 'unclosed-literal',
  matches: /^unclosed (string|character) literal/,
  explain() {
    return {
      explanation: 'A string or character literal is not closed on this line.',
      fix: 'Add the closing quote (`"` for strings, `\'` for single characters).',
    };
  },
};

/** `bad operand types for binary operator`. */
export const badOperands: CompileErrorRule = {
  name: 'bad-operands',
  matches: /^bad operand types for binary operator/,
  explain({ message: m, detail }) {
    return {
      explanation: `The operator is used on types it does not support (${detail || m}).`,
      fix: 'Compare strings with `.equals`, convert between types first, or use the right operator for the type.',
    };
  },
};

/** `cannot be applied to given types`, `no suitable method found`: wrong arguments. */
export const wrongArguments: CompileErrorRule = {
  name: 'wrong-arguments',
  matches: /cannot be applied to given types|no suitable (method|constructor) found/,
  explain() {
    return {
      explanation: 'A method is called with the wrong number or types of arguments.',
      fix: "Match the call to the method's parameters (order and types).",
    };
  },
};

/** `cannot return a value from method whose result type is void`. */
export const voidReturnsValue: CompileErrorRule = {
  name: 'void-returns-value',
  matches: /^cannot return a value from method whose result type is void/,
  explain() {
    return {
      explanation: 'A `void` method returns a value.',
      fix: "Remove the value from the `return`, or change the method's return type.",
    };
  },
};

/** `is public, should be declared in a file named`: two public classes. */
export const publicClassName: CompileErrorRule = {
  name: 'public-class-name',
  matches: /is public, should be declared in a file named/,
  explain() {
    return {
      explanation: 'There are two public classes, or the public class name does not match the file.',
      fix: 'Keep one public class (Main) and make the others package-private.',
    };
  },
};

export const COMPILE_ERROR_RULES: CompileErrorRule[] = [
  unknownSymbol,
  missingSemicolon,
  unclosedBrace,
  codeOutsideClass,
  invalidSyntax,
  elseWithoutIf,
  lossyConversion,
  incompatibleTypes,
  missingReturn,
  uncaughtCheckedException,
  uninitialisedVariable,
  duplicateVariable,
  staticContext,
  unreachableStatement,
  unclosedLiteral,
  badOperands,
  wrongArguments,
  voidReturnsValue,
  publicClassName,
];

function explain(e: JavacDiagnostic, code: JavaCode): Explanation {
  const m = e.message;
  const detail = e.details.join(' ');
  const symbol = /symbol:\s+(?:variable|class|method)\s+([\w$]+)/.exec(detail)?.[1];
  const rule = COMPILE_ERROR_RULES.find((r) => r.matches.test(m));
  if (rule) return rule.explain({ e, message: m, detail, symbol, code });
  return {
    explanation: `javac reports: ${m}${detail ? ` (${detail})` : ''}.`,
    fix: 'Fix this line as the message says; the first error often causes the ones after it.',
  };
}

function previousCodeLine(code: JavaCode, line: number): number {
  for (let l = line - 1; l >= 1; l--) if (code.lineText(l) !== '') return l;
  return line;
}

function closestName(symbol: string, code: JavaCode): string | undefined {
  const names = new Set([...code.blanked.matchAll(/\b[A-Za-z_$][\w$]*\b/g)].map((m) => m[0]));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const name of names) {
    if (name === symbol) continue;
    const d = editDistance(name.toLowerCase(), symbol.toLowerCase());
    const score =
      name.toLowerCase().startsWith(symbol.toLowerCase()) ||
      symbol.toLowerCase().startsWith(name.toLowerCase())
        ? Math.min(d, 2)
        : d;
    if (score < bestScore && score <= Math.max(2, Math.floor(symbol.length / 3))) {
      best = name;
      bestScore = score;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}
