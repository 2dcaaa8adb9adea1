import type { ComplexityEstimate } from './complexity/estimate';
import type { ConstraintBounds } from './constraints/bounds';
import { formatSteps } from './constraints/bounds';
import { degree } from './cost';
import { codeSpan, Finding } from './findings';
import { JavaCode } from './java-code';

export interface ThrownException {
  /** Simple class name: ArrayIndexOutOfBoundsException. */
  name: string;
  message: string;
  /** The first stack frame in the user's code, when a stack trace was given. */
  line?: number;
}

const EXCEPTION =
  /(?:Exception in thread "[^"\n]*"\s+)?((?:[a-z][\w$]*\.)*([A-Z][\w$]*(?:Exception|Error)))(?::[ \t]*([^\n]*))?/;

/** Finds the first Java exception in the texts (an error message, test errors) with its line in the user's code. */
export function findException(
  texts: string[],
  code: JavaCode,
  userFiles: string[],
): ThrownException | undefined {
  for (const text of texts) {
    const m = EXCEPTION.exec(text);
    if (!m) continue;
    let line: number | undefined;
    for (const frame of text.matchAll(/\bat\s+(?:[\w$]+\/)?[\w$.<>]+\(([\w$]+\.java):(\d+)\)/g)) {
      if (userFiles.includes(frame[1])) {
        line = Number(frame[2]);
        break;
      }
    }
    if (line !== undefined && (line < 1 || line > code.lines.length)) line = undefined;
    return { name: m[2], message: (m[3] ?? '').trim(), line };
  }
  return undefined;
}

export interface ExceptionContext {
  code: JavaCode;
  complexity: ComplexityEstimate;
  bounds: ConstraintBounds;
  stackMb: number;
}

/** One kind of failure: the exceptions it covers and how it explains them, with the line to look at and a fix. */
export interface ExceptionRule {
  name: string;
  exceptions: string[];
  explain(ex: ThrownException, ctx: ExceptionContext): Finding;
}

/** ` Line 7: `code`.` after an explanation, when the line is known. */
const lineNote = (code: JavaCode) => (line: number | undefined) =>
  line ? ` Line ${line}: ${codeSpan(code.lineText(line))}.` : '';

/** An index one past the end (or -1): the loop bound or the index expression to fix. */
export const indexOutOfBounds: ExceptionRule = {
  name: 'index-out-of-bounds',
  exceptions: [
    'ArrayIndexOutOfBoundsException',
    'StringIndexOutOfBoundsException',
    'IndexOutOfBoundsException',
  ],
  explain(ex, ctx) {
    const { code } = ctx;
    const at = lineNote(code);
    const numbers =
      /Index (-?\d+) out of bounds for length (\d+)/.exec(ex.message) ??
      /index out of range: (-?\d+)/i.exec(ex.message);
    const index = numbers ? Number(numbers[1]) : undefined;
    const length = numbers?.[2] !== undefined ? Number(numbers[2]) : undefined;
    const what = ex.name.startsWith('String') ? 'string' : ex.name.startsWith('Array') ? 'array' : 'list';
    const line = offByOneLine(code, ex.line, index, length);
    const past = index !== undefined && length !== undefined && index >= length;
    const negative = index !== undefined && index < 0;
    const explanation = negative
      ? `The code reads index ${index} of a ${what}: an index computed as \`i - 1\` (or similar) when i is 0.`
      : past || index !== undefined
        ? `The code reads index ${index}${length !== undefined ? ` of a ${what} of length ${length}` : ` of a ${what}`}: valid indices are 0 … length - 1, so this is one step past the end — an off-by-one error (a loop running while \`i <= length\`, or an access like \`i + 1\` / \`length - i\` at the last step).`
        : `The code reads outside the ${what}: an off-by-one error in a loop bound or an index expression.`;
    return {
      cause: 'index-out-of-bounds',
      title: `${ex.name} — off-by-one index`,
      line: line ?? ex.line,
      failedAt: ex.line && ex.line !== line ? ex.line : undefined,
      explanation: `${explanation}${at(line ?? ex.line)}`,
      fix: negative
        ? 'Start the loop at 1 when you read `i - 1`, or check `i > 0` first.'
        : 'Loop with `i < length` (not `<=`), and when reading `i + 1` stop at `length - 1`; for `s.length() - i` use `s.length() - 1 - i`. Also check empty inputs.',
    };
  },
};

/** A null used as an object: a missing map key unboxed, a field never created, input read past its end. */
export const nullPointer: ExceptionRule = {
  name: 'null-pointer',
  exceptions: ['NullPointerException'],
  explain(ex, ctx) {
    const { code } = ctx;
    const at = lineNote(code);
    const line = ex.line ?? nullLine(code, ex.message);
    let explanation = 'A variable that holds no object (null) is used as if it did.';
    let fix = 'Initialise the object or array before using it, or check for null first.';
    if (
      /Map\.get\(Object\)|\.get\(/.test(ex.message) ||
      (line && /\.get\s*\(/.test(code.lineText(line)) && /\bint\b|\+|-|>|</.test(code.lineText(line)))
    ) {
      explanation =
        '`Map.get` returned null because the key is not in the map yet, and Java then unboxed that null into an int.';
      fix =
        'Use `map.getOrDefault(key, 0)` (or check `containsKey` first) before doing arithmetic on the value.';
    } else if (
      /because "(?:this\.|[\w$]+\.)?([\w$]+)" is null/.test(ex.message) ||
      /array because/.test(ex.message)
    ) {
      const name = /because "(?:this\.|[\w$]+\.)?([\w$<>]+)" is null/.exec(ex.message)?.[1];
      explanation = `${name && !name.startsWith('<') ? codeSpan(name) : 'A field or array'} is null: it is declared but never assigned an object (for example \`int[] memo;\` without \`new int[n]\`).`;
      fix = 'Create it before use (`memo = new int[n + 1];`), typically at the start of the function.';
    } else if (/readLine\(\)|String\.(trim|split|length)/.test(ex.message)) {
      explanation = '`readLine()` returned null: the program read more lines than the input has.';
      fix = 'Read exactly the inputs the problem gives, in the order of the boilerplate.';
    }
    return {
      cause: 'null-pointer',
      title: 'NullPointerException',
      line,
      explanation: `${explanation}${at(line)}${ex.message ? ` Java says: “${ex.message}”.` : ''}`,
      fix,
    };
  },
};

/** Text parsed as a number that is not one: a whole line of numbers, an empty line, a value past int. */
export const numberFormat: ExceptionRule = {
  name: 'number-format',
  exceptions: ['NumberFormatException'],
  explain(ex, ctx) {
    const { code } = ctx;
    const at = lineNote(code);
    const input = /For input string: "([^"]*)"/.exec(ex.message)?.[1];
    const line = ex.line ?? parseLine(code);
    let explanation = 'The program parsed text that is not a single number.';
    let fix = 'Read the input exactly as the boilerplate does.';
    if (input !== undefined && /\s/.test(input.trim())) {
      explanation = `\`Integer.parseInt\` received ${codeSpan(`"${input}"`)}: a whole line holding several numbers. Arrays arrive as their length on one line and then all elements on the next line, space-separated.`;
      fix =
        'Split the line into tokens (`new StringTokenizer(line)` or `line.trim().split("\\\\s+")`) and parse each one, as the boilerplate\'s readIntArray does.';
    } else if (input !== undefined && input.trim() === '') {
      explanation =
        'An empty line was parsed as a number: the program read past the end of the input or read lines in a different order than they come.';
      fix = 'Read the inputs in the order of the boilerplate, and call `.trim()` before parsing.';
    } else if (input !== undefined && /^-?\d+$/.test(input.trim())) {
      explanation = `${codeSpan(input)} does not fit in an int (−2,147,483,648 … 2,147,483,647).`;
      fix = 'Use `Long.parseLong` and a `long` variable.';
    } else if (input !== undefined) {
      explanation = `${codeSpan(`"${input}"`)} is not a whole number: the program reads a different input line than it expects (another variable, or a string line).`;
      fix = 'Follow the input order of the boilerplate: one value per line, arrays as length then elements.';
    }
    return {
      cause: 'number-format',
      title: 'NumberFormatException while parsing input',
      line,
      explanation: `${explanation}${at(line)}`,
      fix,
    };
  },
};

/** Scanner read a token of another type, or none: the input is read in another order or format. */
export const inputMismatch: ExceptionRule = {
  name: 'input-mismatch',
  exceptions: ['InputMismatchException', 'NoSuchElementException'],
  explain(ex, ctx) {
    const { code } = ctx;
    const at = lineNote(code);
    const line = ex.line ?? parseLine(code);
    return {
      cause: 'input-format',
      title: `${ex.name}: the input is read differently from how it is given`,
      line,
      explanation: `Scanner found a token of a different type than requested, or no token at all: the program reads the input in a different order or format than the problem gives it.${at(line)}`,
      fix: 'Read the values in the order of the boilerplate: one per line, arrays as a length line then an elements line, strings as whole lines (`nextLine`).',
    };
  },
};

/** Recursion too deep: a base case never reached, or depth past the stack for the largest n. */
export const stackOverflow: ExceptionRule = {
  name: 'stack-overflow',
  exceptions: ['StackOverflowError'],
  explain(ex, ctx) {
    const at = lineNote(ctx.code);
    const recursion = ctx.complexity.recursion[0];
    const line = ex.line ?? recursion?.line;
    const n = ctx.bounds.maxSize;
    const deep = recursion && degree(recursion.depth) > 0 && n !== undefined && n >= 10_000;
    return {
      cause: 'stack-overflow',
      title: 'StackOverflowError — recursion too deep',
      line,
      explanation: `${recursion ? `${codeSpan(`${recursion.method}()`)} calls itself` : 'A method calls itself'} until the call stack runs out.${deep ? ` With n up to ${formatSteps(n)} the recursion is about ${formatSteps(n)} calls deep, more than the stack holds (${ctx.stackMb} MiB).` : ''} Either the base case is never reached for some inputs (check it covers the smallest values, like 0 as well as 1) or the recursion is simply too deep.${at(line)}`,
      fix: 'Make sure every call moves toward the base case and the base case catches all small inputs (`n <= 1`); for depths of 10^4 and more, rewrite the recursion as a loop (or an explicit stack).',
    };
  },
};

/** An integer division or modulo by zero. */
export const divisionByZero: ExceptionRule = {
  name: 'division-by-zero',
  exceptions: ['ArithmeticException'],
  explain(ex, ctx) {
    const { code } = ctx;
    const at = lineNote(code);
    const line = ex.line ?? divisionLine(code);
    return {
      cause: 'division-by-zero',
      title: 'ArithmeticException: / by zero',
      line,
      explanation: `An integer division or modulo has a divisor equal to 0.${at(line)}`,
      fix: 'Check the divisor before dividing (handle the case where nothing was counted, an empty range, or `n == 0`).',
    };
  },
};

/** An object cast to a type it is not. */
export const classCast: ExceptionRule = {
  name: 'class-cast',
  exceptions: ['ClassCastException'],
  explain(ex, ctx) {
    const { code } = ctx;
    const at = lineNote(code);
    const cast = /class ([\w.$]+) cannot be cast to class ([\w.$]+)/.exec(ex.message);
    const target = cast?.[2].split('.').pop();
    const line = ex.line ?? (target ? findLine(code, new RegExp(`\\(\\s*${target}\\s*\\)`)) : undefined);
    return {
      cause: 'class-cast',
      title: 'ClassCastException',
      line,
      explanation: `An object is cast to a type it is not${cast ? `: it is a ${cast[1].split('.').pop()}, cast to ${target}` : ''}.${at(line)}`,
      fix: 'Store values with their real type (use generics like `List<Integer>` instead of `List<Object>`), or convert (`Integer.parseInt(text)`) instead of casting.',
    };
  },
};

/** An array created with a negative size. */
export const negativeArraySize: ExceptionRule = {
  name: 'negative-array-size',
  exceptions: ['NegativeArraySizeException'],
  explain(ex, ctx) {
    const { code } = ctx;
    return {
      cause: 'runtime-error',
      title: 'NegativeArraySizeException',
      line: ex.line ?? findLine(code, /\bnew\s+\w+\s*\[/),
      explanation: 'An array is created with a negative size: the size expression underflows or overflows.',
      fix: 'Check the size expression; compute it in long if it can exceed the int range.',
    };
  },
};

/** A collection changed while a for-each loop walks it. */
export const concurrentModification: ExceptionRule = {
  name: 'concurrent-modification',
  exceptions: ['ConcurrentModificationException'],
  explain(ex) {
    return {
      cause: 'concurrent-modification',
      title: 'ConcurrentModificationException',
      line: ex.line,
      explanation: 'A collection is modified while a for-each loop iterates over it.',
      fix: 'Collect the changes and apply them after the loop, or use an Iterator and its remove().',
    };
  },
};

/** More memory allocated than the limit. */
export const outOfMemory: ExceptionRule = {
  name: 'out-of-memory',
  exceptions: ['OutOfMemoryError'],
  explain(ex, ctx) {
    const { code } = ctx;
    return {
      cause: 'memory-limit',
      title: 'OutOfMemoryError',
      line: ex.line ?? findLine(code, /\bnew\s+\w+\s*\[[^\]]+\]\s*\[/),
      explanation:
        'The program allocates more memory than the limit: usually an n×n table or collections that keep growing.',
      fix: 'Keep only what the next step needs (one or two rows of a DP table), or use a smaller structure.',
    };
  },
};

/** Any other exception: its name and message, at its line. */
export function otherException(ex: ThrownException, ctx: ExceptionContext): Finding {
  const at = lineNote(ctx.code);
  return {
    cause: 'runtime-error',
    title: ex.name,
    line: ex.line,
    explanation: `The program stopped with ${ex.name}${ex.message ? `: ${ex.message}` : ''}.${at(ex.line)}`,
    fix: 'Read the exception message and check the values used on that line for the smallest and largest inputs.',
  };
}

export const EXCEPTION_RULES: ExceptionRule[] = [
  indexOutOfBounds,
  nullPointer,
  numberFormat,
  inputMismatch,
  stackOverflow,
  divisionByZero,
  classCast,
  negativeArraySize,
  concurrentModification,
  outOfMemory,
];

/** Maps a runtime exception to its usual causes (EXCEPTION_RULES), with the line to look at and a likely fix. */
export function explainException(ex: ThrownException, ctx: ExceptionContext): Finding {
  const rule = EXCEPTION_RULES.find((r) => r.exceptions.includes(ex.name));
  return rule ? rule.explain(ex, ctx) : otherException(ex, ctx);
}

function findLine(code: JavaCode, pattern: RegExp): number | undefined {
  const i = code.blanked.search(pattern);
  return i < 0 ? undefined : code.lineOf(i);
}

/** The line to fix for an index one past the end: the loop bound using `<=`, else the access itself. */
function offByOneLine(
  code: JavaCode,
  crashLine: number | undefined,
  index?: number,
  length?: number,
): number | undefined {
  const bounded = (from: number, to: number) =>
    code.loops.find(
      (l) =>
        l.start >= from &&
        l.start < to &&
        /<=\s*[\w$.]*(length|size|\bn\b)/.test(l.header) &&
        l.kind !== 'foreach',
    );
  if (crashLine) {
    const offset = lineOffset(code, crashLine);
    const loop = code
      .enclosingLoops(offset)
      .reverse()
      .find((l) => /<=\s*[\w$.]*(length|size)|<=\s*n\b/.test(l.header));
    if (loop && (index === undefined || length === undefined || index >= length))
      return code.lineOf(loop.start);
    return crashLine;
  }
  const loop = bounded(0, code.blanked.length);
  if (loop) return code.lineOf(loop.start);
  return (
    findLine(code, /(?:charAt|get)\s*\([^)]*\.\s*(?:length|size)\s*\(\s*\)\s*-\s*[A-Za-z_$][\w$]*\s*\)/) ??
    findLine(code, /\[[^\]]*\.\s*length\s*-\s*[A-Za-z_$][\w$]*\s*\]/) ??
    findLine(code, /\[\s*[A-Za-z_$][\w$]*\s*\+\s*1\s*\]/) ??
    findLine(code, /\[\s*[A-Za-z_$][\w$]*\s*-\s*1\s*\]/)
  );
}

function nullLine(code: JavaCode, message: string): number | undefined {
  if (/Map\.get/.test(message)) {
    return findLine(
      code,
      /\b(?:int|long)\s+[\w$]+\s*=\s*[\w$.]+\.get\s*\(|[\w$]+\.get\s*\([^)]*\)\s*[-+*/<>]/,
    );
  }
  return undefined;
}

function parseLine(code: JavaCode): number | undefined {
  const parses = [
    ...code.blanked.matchAll(
      /\b(?:Integer|Long)\s*\.\s*(?:parseInt|parseLong|valueOf)\s*\(|\.\s*next(?:Int|Long)\s*\(/g,
    ),
  ].map((m) => m.index ?? 0);
  const inLoop = parses.find(
    (p) => code.enclosingLoops(p).length > 0 && !code.methodAt(p)?.name.startsWith('read'),
  );
  const chosen = inLoop ?? parses[0];
  return chosen === undefined ? undefined : code.lineOf(chosen);
}

function divisionLine(code: JavaCode): number | undefined {
  return findLine(code, /[\w$)\]]\s*[/%]\s*(?![\d\s]*[;)\]])[A-Za-z_$(]/);
}

export function lineOffset(code: JavaCode, line: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) offset += (code.lines[l - 1]?.length ?? 0) + 1;
  return offset + (code.lines[line - 1]?.search(/\S/) ?? 0);
}
