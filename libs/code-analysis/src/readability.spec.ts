import { describe, expect, it } from 'vitest';
import { JavaCode } from './java-code';
import {
  deadCode,
  debugOutput,
  magicNumbers,
  naming,
  performanceNotes,
  READABILITY_RULES,
  readabilityNotes,
  structure,
} from './readability';

const java = (body: string, extra = '') =>
  new JavaCode(
    `import java.util.*;\npublic class Main {\n  static int f(int[] nums) {\n${body}\n  }\n${extra}\n}\n`,
  );
const texts = (notes: { text: string }[]) => notes.map((n) => n.text);

describe('readability rules', () => {
  it('naming: vague names, snake_case and two-letter methods', () => {
    const code = java(
      'int temp = 0; int best_len = 0; return temp + best_len + ab();',
      'static int ab() { return 1; }',
    );
    expect(texts(naming(code))).toEqual([
      '`temp` does not say what it holds: a name like `count`, `prefixSum` or `bestLength` reads better.',
      '`best_len` uses snake_case: Java names are lowerCamelCase (`bestLen`).',
      'The method name `f` is too short to tell what it computes.',
      'The method name `ab` is too short to tell what it computes.',
    ]);
    expect(
      texts(naming(java('int count = 0; for (int i = 0; i < nums.length; i++) count++; return count;'))),
    ).toEqual(['The method name `f` is too short to tell what it computes.']);
  });

  it('dead-code: uncalled methods, unused variables, code after return, commented-out code', () => {
    const code = java(
      'int unused = 3;\n    return 1;\n    // nums[0] = 2;',
      'static int helper() { return 2; }',
    );
    expect(texts(deadCode(code, 'f'))).toEqual([
      'The method `helper()` is never called: remove it.',
      'The variable `unused` is assigned but never used.',
      'Commented-out code: delete it (version history keeps old attempts).',
    ]);
    expect(deadCode(java('return nums.length;'), 'f')).toEqual([]);
  });

  it('magic-number: an unnamed number once, not the plain ones nor a final constant', () => {
    expect(texts(magicNumbers(java('return nums.length % 1000000007 + 37 + 37 + 10;')))).toEqual([
      'The number `1000000007` appears without a name: declare it once as `static final long MOD = 1_000_000_007L;` so its meaning is clear.',
      'The number `37` appears without a name: declare it once as a `static final` constant so its meaning is clear.',
    ]);
    expect(magicNumbers(java('final int LIMIT = 500; return LIMIT;'))).toEqual([]);
  });

  it('debug-output: printing inside the solution function', () => {
    expect(debugOutput(java('System.out.println(nums.length); return 0;'))).toHaveLength(1);
    expect(
      debugOutput(
        java('return 0;', 'public static void main(String[] a) { System.out.println(f(new int[0])); }'),
      ),
    ).toEqual([]);
  });

  it('structure: methods past 60 lines and blocks nested past 4 levels', () => {
    const long = java(`int s = 0;\n${'    s++;\n'.repeat(61)}    return s;`);
    expect(texts(structure(long))).toEqual([
      '`f()` is 64 lines long: split it into helpers with names that say what each step does.',
    ]);
    const deep = java(
      'if (nums.length > 0) { if (nums[0] > 0) { if (nums[0] > 1) { if (nums[0] > 2) { if (nums[0] > 3) { return 1; } } } } } return 0;',
    );
    expect(texts(structure(deep))).toEqual([
      'Blocks nest 5 levels deep here: early `continue`/`return` or a helper method would flatten it.',
    ]);
  });

  it('are listed in a fixed order, at most 12 notes, none for code too large to read', () => {
    expect(READABILITY_RULES.map((r) => r.name)).toEqual([
      'naming',
      'dead-code',
      'magic-number',
      'debug-output',
      'structure',
    ]);
    const noisy = java(
      Array.from({ length: 20 }, (_, i) => `int tmp${i} = ${100 + i};`).join(' ') + ' return 0;',
    );
    expect(readabilityNotes(noisy, 'f').length).toBeLessThanOrEqual(12);
  });

  it('performance: Scanner on large inputs and String += in a loop', () => {
    const code = java(
      'Scanner in = new Scanner(System.in); String s = ""; for (int x : nums) s += x; return s.length();',
    );
    expect(performanceNotes(code, 100_000).map((n) => n.kind)).toEqual(['performance', 'performance']);
    expect(performanceNotes(code, 1000)).toHaveLength(1);
  });
});
