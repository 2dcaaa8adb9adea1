import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trustedOutcomes } from '../src/ai/ai.service';
import type { TestResultDto } from '../src/ai/dto';
import { estimateComplexity } from '../src/ai/offline/complexity';
import { parseConstraints } from '../src/ai/offline/constraints';
import { JavaCode } from '../src/ai/offline/java-code';
import { readabilityNotes } from '../src/ai/offline/readability';
import { inputReadingNotes, staticOverflowRisk } from '../src/ai/offline/wrong-answer';
import { OfflineAnalyzer, ProblemContext } from '../src/ai/offline/offline-analyzer';
import type { TestCase } from '../src/problems/test-case.entity';

/**
 * The built-in analyzer on real Java solutions whose complexity and bugs are known. Every runtime
 * message in the corpus was produced by running the program on the JDK.
 */
const CORPUS_DIR = join(__dirname, 'fixtures', 'ai-corpus');

type CorpusProblem = Omit<ProblemContext, 'boilerplateCode'>;
interface AnalyzeCase {
  file: string;
  problem: string;
  time: string;
  space?: string;
  fit: 'fits' | 'borderline' | 'too-slow';
  recursion?: string;
}
interface DebugCase {
  file: string;
  problem: string;
  cause: string;
  line: number;
  mentions: string;
  errorMessage: string;
  testResults: TestResultDto[];
}
const corpus = JSON.parse(readFileSync(join(CORPUS_DIR, 'cases.json'), 'utf8')) as {
  problems: Record<string, CorpusProblem>;
  analyze: AnalyzeCase[];
  debug: DebugCase[];
};

const analyzer = new OfflineAnalyzer({ javacTimeoutMs: 30_000, cpuSeconds: 2, stackMb: 64 });
const source = (file: string) => readFileSync(join(CORPUS_DIR, file), 'utf8');
const problem = (id: string): ProblemContext => ({ ...corpus.problems[id], boilerplateCode: '' });
/** The problem's example tests as the database would hold them. */
const exampleRows = (id: string): TestCase[] =>
  corpus.problems[id].examples.map((e, i) => ({ id: `${id}-${i}`, problemId: id, position: i, input: e.input, expectedOutput: e.expectedOutput, isExample: true }));

describe('offline analyzer on the corpus', () => {
  it('covers at least 20 solutions, every required complexity and every required bug kind', () => {
    expect(corpus.analyze.length + corpus.debug.length).toBeGreaterThanOrEqual(20);
    const times = new Set(corpus.analyze.map((c) => c.time));
    for (const t of ['O(1)', 'O(log n)', 'O(n)', 'O(n log n)', 'O(n^2)', 'O(2^n)']) expect(times).toContain(t);
    expect(corpus.analyze.some((c) => c.recursion === 'memoised')).toBe(true);
    const causes = new Set(corpus.debug.map((c) => c.cause));
    for (const cause of ['compile-error', 'index-out-of-bounds', 'null-pointer', 'number-format', 'stack-overflow', 'int-overflow', 'output-format', 'time-limit', 'division-by-zero', 'class-cast']) {
      expect(causes).toContain(cause);
    }
  });

  for (const c of corpus.analyze) {
    it(`estimates ${c.time} for ${c.file} and prices it as "${c.fit}" against "${corpus.problems[c.problem].constraints.split('\n')[0]}"`, async () => {
      const report = await analyzer.analyze(problem(c.problem), source(c.file));
      expect(report.complexity.timeText).toBe(c.time);
      if (c.space) expect(report.complexity.spaceText).toBe(c.space);
      expect(report.fit?.fit).toBe(c.fit);
      if (c.recursion) expect(report.complexity.recursion.map((r) => r.kind)).toContain(c.recursion);
      expect(report.compiled).toBe(true);
      for (const section of ['## Summary', '## Complexity', '## Compiler warnings', '## Issues', '## Readability', '## Suggestions']) {
        expect(report.markdown).toContain(section);
      }
      expect(report.markdown).toContain(`**Time:** ${c.time}`);
      if (c.fit === 'too-slow') expect(report.markdown).toContain('too slow');
    });
  }

  for (const c of corpus.debug) {
    it(`names ${c.cause} at line ${c.line} for ${c.file}${c.errorMessage.includes('\tat ') ? ' (with a stack trace)' : ''}`, async () => {
      const outcomes = trustedOutcomes(c.testResults, exampleRows(c.problem));
      const report = await analyzer.debug(problem(c.problem), source(c.file), c.errorMessage, outcomes);
      expect(report.primary?.cause).toBe(c.cause);
      expect(report.primary?.line).toBe(c.line);
      expect(report.markdown).toContain(c.mentions);
      expect(report.markdown).toContain('## Diagnosis');
      expect(report.markdown).toContain('## Likely fix');
      // The snippet marks the line to change.
      expect(report.markdown).toMatch(new RegExp(`^\\s*${c.line} > `, 'm'));
    });
  }

  it('shows the first failing example as a diff of expected against actual', async () => {
    const c = corpus.debug.find((d) => d.file === 'bug-int-overflow.java')!;
    const report = await analyzer.debug(problem(c.problem), source(c.file), c.errorMessage, trustedOutcomes(c.testResults, exampleRows(c.problem)));
    expect(report.markdown).toContain('## Failing example');
    expect(report.markdown).toContain('- 3000000000\n+ -1294967296');
    expect(report.markdown).toContain('nums = 1000000000 1000000000 1000000000');
  });

  it('flags the O(n^2) solution against n ≤ 10^5 in the analysis, and suggests dropping the inner loop', async () => {
    const report = await analyzer.analyze(problem('countPairsLarge'), source('count-pairs-quadratic.java'));
    expect(report.fit?.fit).toBe('too-slow');
    expect(report.markdown).toMatch(/O\(n\^2\) at n = 10\^5 is about 10\^10 steps/);
    expect(report.markdown).toContain('HashMap');
  });

  it('reports real javac -Xlint warnings and readability notes', async () => {
    const code = `import java.util.*;

public class Main {
    public static int total(int[] nums) {
        List values = new ArrayList();
        int temp2 = 0;
        for (int i = 0; i < nums.length; i++) {
            values.add(nums[i]);
            temp2 += nums[i] % 1000000007;
        }
        return temp2;
    }

    static int unusedHelper(int x) {
        return x * 31337;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        int[] nums = new int[n];
        for (int i = 0; i < n; i++) nums[i] = in.nextInt();
        System.out.println(total(nums));
    }
}
`;
    const report = await analyzer.analyze({ ...problem('sumArray'), functionName: 'total' }, code);
    expect(report.warnings.map((w) => w.category)).toContain('rawtypes');
    expect(report.markdown).toMatch(/Line 5: \[rawtypes\] found raw type: List/);
    expect(report.markdown).toContain('`temp2` does not say what it holds');
    expect(report.markdown).toContain('`unusedHelper()` is never called');
    expect(report.markdown).toContain('`1000000007` appears without a name');
    expect(report.markdown).toContain('Scanner is slow');
    expect(report.markdown).toContain('Possible integer overflow');
  });

  it('explains a hidden runtime error without data as deep recursion when the recursion is n deep', async () => {
    const outcomes = trustedOutcomes([{ passed: false, isExample: false, error: 'Runtime error', expectedOutput: '', actualOutput: '' }], exampleRows('factorial'));
    const report = await analyzer.debug(problem('factorial'), source('bug-stack-overflow.java'), '', outcomes);
    expect(report.primary?.cause).toBe('stack-overflow');
    expect(report.markdown).toContain('1 hidden test failed');
  });

  it('reads size and value bounds from constraints text', () => {
    expect(parseConstraints('1 <= nums.length <= 10^5\n-10^9 <= nums[i] <= 10^9')).toMatchObject({ maxSize: 1e5, maxValue: 1e9 });
    expect(parseConstraints('1 ≤ n ≤ 2·10^5')).toMatchObject({ maxSize: 2e5 });
    expect(parseConstraints('|s| ≤ 10⁶')).toMatchObject({ maxSize: 1e6 });
    expect(parseConstraints('0 <= x <= 100000', ['x'])).toMatchObject({ maxSize: 100_000 });
    expect(parseConstraints('')).toEqual({});
  });

  it('keeps the event loop free on hostile 64 KiB inputs (the scan is synchronous)', () => {
    const MAX = 64 * 1024;
    const fill = (unit: string) => unit.repeat(Math.floor((MAX - 200) / unit.length));
    const hostile: Record<string, string> = {
      manyLoops: `public class Main { static int f(int n) { int s = 0; ${fill('for (int i = 0; i < n; i++) s++; ')} return s; } }`,
      deepNesting: `public class Main { static int f(int n) { ${'for (int i = 0; i < n; i++) { '.repeat(1500)} ${'}'.repeat(1500)} return 0; } }`,
      chainedMethods: `public class Main { ${Array.from({ length: 2000 }, (_, i) => `static int m${i}(int n) { return m${i + 1}(n) + m${i + 1}(n); }`).join(' ')} }`.slice(0, MAX),
      selfCalls: `public class Main { static int f(int n) { ${fill('f(n - 1); ')} return 0; } }`,
      declarations: `public class Main { static int f(int n) { ${fill('int x = n * n; x += n; ')} return 0; } }`,
      noDelimiters: `public class Main ${' '.repeat(MAX - 40)}(`,
      brackets: fill('a[b[(('),
    };
    for (const [name, text] of Object.entries(hostile)) {
      const started = Date.now();
      const code = new JavaCode(text);
      const estimate = estimateComplexity(code, 'f');
      readabilityNotes(code, 'f');
      inputReadingNotes(code, [{ name: 'nums', type: 'array' }]);
      staticOverflowRisk(code, { maxSize: 1e5, maxValue: 1e9 });
      expect(Date.now() - started, name).toBeLessThan(1_000);
      if (name === 'manyLoops' || name === 'chainedMethods' || name === 'deepNesting') expect(estimate.estimated, name).toBe(false);
    }
  });
});
