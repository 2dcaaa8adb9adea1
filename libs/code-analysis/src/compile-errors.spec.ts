import { describe, expect, it } from 'vitest';
import { COMPILE_ERROR_RULES, explainCompileErrors } from './compile-errors';
import { JavaCode } from './java-code';
import type { JavacDiagnostic } from './javac';

const CODE = new JavaCode(
  [
    'public class Main {', // 1
    '  static int f(int total) {', // 2
    '    int x = total', // 3
    '', // 4
    '    return totl;', // 5
    '  }', // 6
    '}', // 7
  ].join('\n'),
);
const error = (message: string, line = 5, details: string[] = []): JavacDiagnostic => ({
  kind: 'error',
  line,
  message,
  details,
});
const explained = (d: JavacDiagnostic) => explainCompileErrors([d], CODE)[0];

/** One javac message per rule, and what its explanation or fix must say. */
const CASES: [rule: string, diagnostic: JavacDiagnostic, says: string][] = [
  ['unknown-symbol', error('cannot find symbol', 5, ['symbol:   variable totl']), 'Did you mean `total`?'],
  ['missing-semicolon', error("';' expected", 4), 'Add `;` at the end of line 3.'],
  ['unclosed-brace', error('reached end of file while parsing', 7), 'A `{` is never closed'],
  ['code-outside-class', error('class, interface, enum, or record expected', 7), 'code outside of the class'],
  ['invalid-syntax', error('illegal start of expression'), 'not valid Java at this position'],
  ['else-without-if', error("'else' without 'if'"), 'This `else` has no `if`'],
  [
    'lossy-conversion',
    error('incompatible types: possible lossy conversion from long to int'),
    'A long value is stored into a int',
  ],
  [
    'incompatible-types',
    error('incompatible types: String cannot be converted to int'),
    '(String cannot be converted to int)',
  ],
  ['missing-return', error('missing return statement'), 'ends without returning a value'],
  [
    'uncaught-checked-exception',
    error('unreported exception IOException; must be caught or declared to be thrown'),
    'throws IOException',
  ],
  ['uninitialised-variable', error('variable x might not have been initialized'), 'read before any value'],
  ['duplicate-variable', error('variable x is already defined in method f(int)'), 'declared twice'],
  [
    'static-context',
    error('non-static method g() cannot be referenced from a static context'),
    'instance member',
  ],
  ['unreachable-statement', error('unreachable statement'), 'can never run'],
  ['unclosed-literal', error('unclosed string literal'), 'not closed on this line'],
  [
    'bad-operands',
    error("bad operand types for binary operator '&&'", 5, ['first type: int']),
    '(first type: int)',
  ],
  [
    'wrong-arguments',
    error('method f in class Main cannot be applied to given types;'),
    'wrong number or types of arguments',
  ],
  [
    'void-returns-value',
    error('cannot return a value from method whose result type is void'),
    'A `void` method returns a value.',
  ],
  [
    'public-class-name',
    error('class Foo is public, should be declared in a file named Foo.java'),
    'two public classes',
  ],
];

describe('compile-error rules', () => {
  it.each(CASES)('%s', (rule, diagnostic, says) => {
    expect(COMPILE_ERROR_RULES.find((r) => r.matches.test(diagnostic.message))?.name).toBe(rule);
    const f = explained(diagnostic);
    expect(`${f.explanation} ${f.fix}`).toContain(says);
    expect(f).toMatchObject({ cause: 'compile-error', title: `Compilation error: ${diagnostic.message}` });
  });

  it('every rule has a case above', () => {
    expect(COMPILE_ERROR_RULES.map((r) => r.name)).toEqual(CASES.map(([rule]) => rule));
  });

  it('names the missing java.util or java.io import', () => {
    expect(explained(error('cannot find symbol', 3, ['symbol:   class HashMap'])).fix).toBe(
      'Add `import java.util.*;` at the top of the file.',
    );
    expect(explained(error('cannot find symbol', 3, ['symbol:   class BufferedReader'])).fix).toBe(
      'Add `import java.io.*;` at the top of the file.',
    );
  });

  it('points a missing semicolon at the unfinished line above, with the line javac named as failedAt', () => {
    expect(explained(error("';' expected", 4))).toMatchObject({ line: 3, failedAt: 4 });
  });

  it("quotes javac's message for one no rule knows, and explains at most five errors", () => {
    expect(explained(error('something new', 5, ['detail'])).explanation).toBe(
      'javac reports: something new (detail).',
    );
    expect(
      explainCompileErrors(
        Array.from({ length: 7 }, () => error('missing return statement')),
        CODE,
      ),
    ).toHaveLength(5);
  });
});
