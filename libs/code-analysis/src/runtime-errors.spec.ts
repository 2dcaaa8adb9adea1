import { describe, expect, it } from 'vitest';
import { estimateComplexity } from './complexity/estimate';
import { JavaCode } from './java-code';
import {
  classCast,
  concurrentModification,
  divisionByZero,
  EXCEPTION_RULES,
  ExceptionContext,
  explainException,
  findException,
  indexOutOfBounds,
  inputMismatch,
  negativeArraySize,
  nullPointer,
  numberFormat,
  otherException,
  outOfMemory,
  stackOverflow,
} from './runtime-errors';

const SOURCE = [
  'import java.util.*;', // 1
  'public class Main {', // 2
  '  static int f(int[] nums, Map<Integer, Integer> m) {', // 3
  '    int s = 0;', // 4
  '    for (int i = 0; i <= nums.length; i++) s += nums[i];', // 5
  '    int c = m.get(s) + 1;', // 6
  '    return s / c;', // 7
  '  }', // 8
  '  static int g(int n) { return n == 0 ? 0 : 1 + g(n - 1); }', // 9
  '  public static void main(String[] args) {', // 10
  '    int n = Integer.parseInt(args[0]);', // 11
  '    int[] a = new int[n];', // 12
  '    System.out.println(f(a, new HashMap<>()) + g(n));', // 13
  '  }', // 14
  '}', // 15
].join('\n');

function context(maxSize?: number): ExceptionContext {
  const code = new JavaCode(SOURCE);
  return { code, complexity: estimateComplexity(code, 'g', ['n']), bounds: { maxSize }, stackMb: 64 };
}
const thrown = (name: string, message = '', line?: number) => ({ name, message, line });

describe('runtime-error rules', () => {
  it('index-out-of-bounds: one past the end points at the loop bound written with <=', () => {
    const f = indexOutOfBounds.explain(
      thrown('ArrayIndexOutOfBoundsException', 'Index 5 out of bounds for length 5', 5),
      context(),
    );
    expect(f).toMatchObject({ cause: 'index-out-of-bounds', line: 5 });
    expect(f.explanation).toContain('one step past the end');
    const negative = indexOutOfBounds.explain(
      thrown('StringIndexOutOfBoundsException', 'Index -1 out of bounds for length 3'),
      context(),
    );
    expect(negative.fix).toContain('Start the loop at 1');
  });

  it('null-pointer: a Map.get unboxed into an int suggests getOrDefault', () => {
    const f = nullPointer.explain(
      thrown(
        'NullPointerException',
        'Cannot invoke "java.lang.Integer.intValue()" because the return value of "java.util.Map.get(Object)" is null',
      ),
      context(),
    );
    expect(f).toMatchObject({ cause: 'null-pointer', line: 6 });
    expect(f.fix).toContain('getOrDefault');
  });

  it('number-format: a whole line of numbers parsed as one says arrays come space-separated', () => {
    const f = numberFormat.explain(thrown('NumberFormatException', 'For input string: "1 2 3"'), context());
    expect(f).toMatchObject({ cause: 'number-format', line: 11 });
    expect(f.explanation).toContain('several numbers');
    expect(
      numberFormat.explain(thrown('NumberFormatException', 'For input string: "99999999999"'), context()).fix,
    ).toContain('Long.parseLong');
  });

  it('input-mismatch: Scanner reading another type than given', () => {
    expect(inputMismatch.explain(thrown('NoSuchElementException'), context())).toMatchObject({
      cause: 'input-format',
      line: 11,
    });
  });

  it('stack-overflow: names the recursion and, past 10^4, its depth against the stack', () => {
    const deep = stackOverflow.explain(thrown('StackOverflowError'), context(100_000));
    expect(deep).toMatchObject({ cause: 'stack-overflow', line: 9 });
    expect(deep.explanation).toContain('about 10^5 calls deep, more than the stack holds (64 MiB)');
    expect(stackOverflow.explain(thrown('StackOverflowError'), context(100)).explanation).not.toContain(
      'calls deep',
    );
  });

  it('division-by-zero: finds the division', () => {
    expect(divisionByZero.explain(thrown('ArithmeticException', '/ by zero'), context())).toMatchObject({
      cause: 'division-by-zero',
      line: 7,
    });
  });

  it('class-cast: names both types', () => {
    const f = classCast.explain(
      thrown('ClassCastException', 'class java.lang.Integer cannot be cast to class java.lang.String', 6),
      context(),
    );
    expect(f.explanation).toContain('it is a Integer, cast to String');
  });

  it('negative-array-size: finds the allocation', () => {
    expect(negativeArraySize.explain(thrown('NegativeArraySizeException', '-5'), context())).toMatchObject({
      line: 12,
    });
  });

  it('concurrent-modification: a collection changed inside its for-each', () => {
    expect(
      concurrentModification.explain(thrown('ConcurrentModificationException', '', 5), context()),
    ).toMatchObject({
      cause: 'concurrent-modification',
      line: 5,
    });
  });

  it('out-of-memory: reported as the memory limit', () => {
    expect(outOfMemory.explain(thrown('OutOfMemoryError', 'Java heap space'), context()).cause).toBe(
      'memory-limit',
    );
  });

  it('any other exception is reported with its name and message', () => {
    expect(otherException(thrown('IllegalStateException', 'boom', 4), context())).toMatchObject({
      cause: 'runtime-error',
      title: 'IllegalStateException',
      explanation: 'The program stopped with IllegalStateException: boom. Line 4: `int s = 0;`.',
    });
  });

  it('explainException picks the rule covering the exception, each exception covered once', () => {
    const names = EXCEPTION_RULES.flatMap((r) => r.exceptions);
    expect(new Set(names).size).toBe(names.length);
    expect(explainException(thrown('ArithmeticException', '/ by zero'), context()).cause).toBe(
      'division-by-zero',
    );
    expect(explainException(thrown('IllegalStateException'), context()).cause).toBe('runtime-error');
  });

  it("findException reads the exception and its first frame in the user's files", () => {
    const trace =
      'Exception in thread "main" java.lang.ArithmeticException: / by zero\n\tat Main.f(Main.java:7)\n\tat Main.main(Main.java:13)';
    expect(findException([trace], new JavaCode(SOURCE), ['Main.java'])).toEqual({
      name: 'ArithmeticException',
      message: '/ by zero',
      line: 7,
    });
  });
});
