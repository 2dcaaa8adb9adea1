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

function explain(e: JavacDiagnostic, code: JavaCode): Explanation {
  const m = e.message;
  const detail = e.details.join(' ');
  const symbol = /symbol:\s+(?:variable|class|method)\s+([\w$]+)/.exec(detail)?.[1];
  if (/^cannot find symbol/.test(m)) {
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
  }
  if (/^';' expected/.test(m)) {
    const previous = previousCodeLine(code, e.line);
    const onPrevious =
      previous !== e.line && !/[;{}]\s*$/.test(code.lineText(previous)) && code.lineText(e.line) === '';
    return {
      explanation: 'A statement is not finished: Java needs a semicolon at the end of every statement.',
      fix: `Add \`;\` at the end of line ${onPrevious ? previous : e.line}.`,
      line: onPrevious ? previous : e.line,
    };
  }
  if (/^reached end of file while parsing/.test(m)) {
    return {
      explanation: 'A `{` is never closed: the file ends inside a class or method.',
      fix: 'Add the missing `}` (count the braces of each method and the class).',
    };
  }
  if (/^class, interface, enum, or record expected/.test(m)) {
    return {
      explanation: 'There is code outside of the class: usually one `}` too many closed the class early.',
      fix: 'Remove the extra `}` before this line, or move the code inside the class.',
    };
  }
  if (/^(illegal start of expression|illegal start of type|not a statement|<identifier> expected)/.test(m)) {
    return {
      explanation:
        'The code here is not valid Java at this position, often because a brace or parenthesis before it is missing or extra, or a statement sits outside a method.',
      fix: 'Check the braces and parentheses just before this line.',
    };
  }
  if (/^'else' without 'if'/.test(m)) {
    return {
      explanation:
        'This `else` has no `if` right before it: a `;` after the `if (...)` or an extra `}` split them.',
      fix: 'Remove the stray `;` or `}` between the `if` block and the `else`.',
    };
  }
  if (/incompatible types: possible lossy conversion from (\w+) to (\w+)/.test(m)) {
    const [, from, to] = /from (\w+) to (\w+)/.exec(m) ?? [];
    return {
      explanation: `A ${from} value is stored into a ${to}: Java refuses because the value may not fit.`,
      fix: `Declare the variable as ${from}, or cast explicitly with (${to}) if you are sure the value fits.`,
    };
  }
  if (/^incompatible types/.test(m)) {
    return {
      explanation: `The value on this line has a different type than the variable, parameter or return type expects (${m.replace(/^incompatible types:\s*/, '')}).`,
      fix: 'Convert the value (Integer.parseInt, String.valueOf, a cast) or change the declared type.',
    };
  }
  if (/^missing return statement/.test(m)) {
    return {
      explanation: 'Some path through the method ends without returning a value.',
      fix: 'Add a `return` after the last loop or in every branch (for example a default answer at the end).',
    };
  }
  if (/^unreported exception ([\w.]+)/.test(m)) {
    const name = /^unreported exception ([\w.]+)/.exec(m)?.[1] ?? 'IOException';
    return {
      explanation: `This call can throw the checked exception ${name}, which must be caught or declared.`,
      fix: `Add \`throws ${name}\` to the method header (for main: \`public static void main(String[] args) throws IOException\`).`,
    };
  }
  if (/^variable (\w+) might not have been initialized/.test(m)) {
    return {
      explanation: 'The variable may be read before any value was assigned to it.',
      fix: 'Give it a starting value where it is declared (for example `= 0`).',
    };
  }
  if (/^variable (\w+) is already defined/.test(m)) {
    return {
      explanation: 'The same name is declared twice in one scope.',
      fix: 'Rename one of them, or assign to the existing variable without declaring it again.',
    };
  }
  if (/^non-static (method|variable) (\w+)/.test(m)) {
    return {
      explanation: 'A static method (such as main) uses an instance member of the class.',
      fix: 'Declare that method or field `static`, or create an object and call it on the object.',
    };
  }
  if (/^unreachable statement/.test(m)) {
    return {
      explanation: 'This statement can never run: a return, break, continue or throw comes before it.',
      fix: 'Remove it, or move it before the return.',
    };
  }
  if (/^unclosed (string|character) literal/.test(m)) {
    return {
      explanation: 'A string or character literal is not closed on this line.',
      fix: 'Add the closing quote (`"` for strings, `\'` for single characters).',
    };
  }
  if (/^bad operand types for binary operator/.test(m)) {
    return {
      explanation: `The operator is used on types it does not support (${detail || m}).`,
      fix: 'Compare strings with `.equals`, convert between types first, or use the right operator for the type.',
    };
  }
  if (/cannot be applied to given types|no suitable (method|constructor) found/.test(m)) {
    return {
      explanation: 'A method is called with the wrong number or types of arguments.',
      fix: "Match the call to the method's parameters (order and types).",
    };
  }
  if (/^cannot return a value from method whose result type is void/.test(m)) {
    return {
      explanation: 'A `void` method returns a value.',
      fix: "Remove the value from the `return`, or change the method's return type.",
    };
  }
  if (/is public, should be declared in a file named/.test(m)) {
    return {
      explanation: 'There are two public classes, or the public class name does not match the file.',
      fix: 'Keep one public class (Main) and make the others package-private.',
    };
  }
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
