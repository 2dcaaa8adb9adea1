import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INPUT_TYPES, RETURN_TYPES } from '@javelin/contracts';
import {
  estimateComplexity,
  inputReadingNotes,
  JavaCode,
  OfflineAnalyzer,
  parseConstraints,
  readabilityNotes,
  staticOverflowRisk,
  type ProblemContext,
} from '@javelin/code-analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedOutcomes } from '../src/ai/ai.service';
import type { TestResultDto } from '../src/ai/dto';
import type { TestCase } from '../src/problems/test-case.entity';
import { AiSandbox } from '../src/ai/sandbox/ai-sandbox';
import { bearer, resetDatabase, seedUser, SeededUser, startApp, TestApp } from './support/app';
import { analyzerJudgeForFile } from './support/analyzer-judge';

/**
 * The built-in analyzer on real Java solutions whose complexity and bugs are known, asked through
 * the HTTP API as the web asks it. Every runtime message in the corpus was produced by running the
 * program on the JDK.
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

/**
 * The compiler findings come from a real judge (javac -Xlint:all in its sandbox). The corpus checks the
 * static estimate: measuring and counterexamples are tested in ai-sandbox.integration-spec.ts.
 */
const withJudge = analyzerJudgeForFile();
let analyzer: OfflineAnalyzer;
const source = (file: string) => readFileSync(join(CORPUS_DIR, file), 'utf8');
const problem = (id: string): ProblemContext => ({ ...corpus.problems[id], boilerplateCode: '' });
/** The problem's example tests as the database would hold them. */
const exampleRows = (id: string): Pick<TestCase, 'id' | 'input' | 'expectedOutput'>[] =>
  corpus.problems[id].examples.map((e, i) => ({
    id: `${id}-${i}`,
    input: e.input,
    expectedOutput: e.expectedOutput,
  }));

/** How the analysis's summary words each verdict on the constraints. */
const FIT_SENTENCE = {
  fits: ', which fits the constraints.',
  borderline: ', which is borderline for the constraints.',
  'too-slow': ', which is **too slow** for the constraints.',
} as const;

/** The diagnosis title the analyzer gives each cause. */
const CAUSE_TITLE: Record<string, RegExp> = {
  'compile-error': /^Compilation error/,
  'index-out-of-bounds': /IndexOutOfBoundsException/,
  'null-pointer': /^NullPointerException/,
  'number-format': /^NumberFormatException/,
  'stack-overflow': /StackOverflowError/,
  'int-overflow': /^(Possible integer|Integer) overflow/,
  'output-format': /^(Output format|Nothing was printed)/,
  'time-limit': /^Time limit exceeded/,
  'division-by-zero': /^ArithmeticException: \/ by zero/,
  'class-cast': /^ClassCastException/,
};

/**
 * The problem form takes the spec's types only; a corpus problem on issue 18's richer types (a grid,
 * an edge list, a long result) is stored with its values as text. The analyzer reads the types only
 * to know which inputs are ints, and those are spec types.
 */
const formType = (type: string, allowed: readonly string[]) => (allowed.includes(type) ? type : 'string');

describe('offline analyzer on the corpus, through the HTTP API', () => {
  let t: TestApp;
  let user: SeededUser;
  const problemIds = new Map<string, string>();

  beforeAll(async () => {
    // The corpus asks far more than a user's AI budget allows in a window.
    t = await startApp(withJudge({ AI_RATE_LIMIT: '100000' }));
    await resetDatabase(t.db);
    const admin = await seedUser(t, ['admin']);
    user = await seedUser(t);
    for (const [key, p] of Object.entries(corpus.problems)) {
      const res = await t.http
        .post('/api/problems')
        .set(bearer(admin.token))
        .send({
          title: `${p.title} ${key}`,
          description: p.description,
          constraints: p.constraints,
          difficulty: 'easy',
          points: 10,
          functionName: p.functionName,
          returnType: formType(p.returnType, RETURN_TYPES),
          inputVariables: p.inputVariables.map((v) => ({
            id: v.name,
            name: v.name,
            type: formType(v.type, INPUT_TYPES),
            description: v.name,
          })),
          testCases: p.examples.map((e) => ({
            inputs: JSON.parse(e.input) as Record<string, string>,
            expectedOutput: e.expectedOutput,
            isExample: true,
          })),
        });
      if (res.status !== 201)
        throw new Error(`create ${key} failed: ${res.status} ${JSON.stringify(res.body)}`);
      problemIds.set(key, (res.body as { _id: string })._id);
    }
  });
  afterAll(() => t.close());

  it('covers at least 80 programs, every required complexity, named sizes, every fit and every required bug kind', () => {
    expect(corpus.analyze.length + corpus.debug.length).toBeGreaterThanOrEqual(80);
    const times = new Set(corpus.analyze.map((c) => c.time));
    for (const time of [
      'O(1)',
      'O(log n)',
      'O(√n)',
      'O(n)',
      'O(n log n)',
      'O(n^2)',
      'O(n^2 log n)',
      'O(n^3)',
      'O(2^n)',
      'O(a·b)',
      'O(m·n)',
      'O(n·k)',
    ])
      expect(times).toContain(time);
    expect(new Set(corpus.analyze.map((c) => c.fit))).toEqual(new Set(['fits', 'borderline', 'too-slow']));
    const kinds = new Set(corpus.analyze.map((c) => c.recursion));
    for (const kind of ['memoised', 'branching', 'divide-and-conquer', 'halving', 'graph'])
      expect(kinds).toContain(kind);
    const causes = new Set(corpus.debug.map((c) => c.cause));
    for (const cause of Object.keys(CAUSE_TITLE)) expect(causes).toContain(cause);
  });

  it("reports the issue's one-line nested loop as O(a·b) and too slow, past the stated step budget", async () => {
    const res = await t.http
      .post('/api/analyze-code')
      .set(bearer(user.token))
      .send({ problemId: problemIds.get('sum'), code: source('sum-nested-one-line.java'), language: 'java' })
      .expect(200);
    expect(res.body.analysis).toContain('**Time:** O(a·b)');
    expect(res.body.analysis).toContain(
      'O(a·b) at a = 10^9, b = 10^9 is about 10^18 steps, which is too slow',
    );
    expect(res.body.analysis).toContain('2 s ≈ 2.0·10^8 simple steps');
    expect(res.body.analysis).not.toContain('borderline');
  });

  for (const c of corpus.analyze) {
    it(`estimates ${c.time} for ${c.file} and prices it as "${c.fit}" against "${corpus.problems[c.problem].constraints.split('\n')[0]}"`, async () => {
      const res = await t.http
        .post('/api/analyze-code')
        .set(bearer(user.token))
        .send({ problemId: problemIds.get(c.problem), code: source(c.file), language: 'java' })
        .expect(200);
      expect(res.body.success).toBe(true);
      const markdown = res.body.analysis as string;
      expect(markdown).toContain(`**Time:** ${c.time}`);
      if (c.space) expect(markdown).toContain(`**Extra space:** ${c.space}`);
      expect(markdown).toContain(FIT_SENTENCE[c.fit]);
      if (c.recursion)
        expect(markdown).toMatch(new RegExp(`\\*\\*Recursion:\\*\\* .* is ${c.recursion} recursion`));
      expect(markdown).not.toContain('does not compile');
      expect(markdown).not.toContain('javac could not check');
      for (const section of [
        '## Summary',
        '## Complexity',
        '## Compiler warnings',
        '## Issues',
        '## Readability',
        '## Suggestions',
      ]) {
        expect(markdown).toContain(section);
      }
    });
  }

  for (const c of corpus.debug) {
    it(`names ${c.cause} at line ${c.line} for ${c.file}${c.errorMessage.includes('\tat ') ? ' (with a stack trace)' : ''}`, async () => {
      const res = await t.http
        .post('/api/debug-help')
        .set(bearer(user.token))
        .send({
          problemId: problemIds.get(c.problem),
          code: source(c.file),
          language: 'java',
          errorMessage: c.errorMessage,
          testResults: c.testResults,
        })
        .expect(200);
      expect(res.body.success).toBe(true);
      const markdown = res.body.analysis as string;
      const title = /## Diagnosis\n\n\*\*(.+?)\*\*\n/.exec(markdown)?.[1] ?? '';
      expect(title).toMatch(CAUSE_TITLE[c.cause]);
      expect(markdown).toContain(c.mentions);
      expect(markdown).toContain('## Likely fix');
      // The snippet marks the line to change.
      expect(markdown).toMatch(new RegExp(`^\\s*${c.line} > `, 'm'));
    });
  }
});

describe('offline analyzer, called directly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(withJudge());
    const sandbox = t.app.get(AiSandbox);
    analyzer = new OfflineAnalyzer({ compile: (code) => sandbox.lint(code), cpuSeconds: 2, stackMb: 64 });
  });
  afterAll(() => t?.close());

  it('shows the first failing example as a diff of expected against actual', async () => {
    const c = corpus.debug.find((d) => d.file === 'bug-int-overflow.java')!;
    const report = await analyzer.debug(
      problem(c.problem),
      source(c.file),
      c.errorMessage,
      trustedOutcomes(c.testResults, exampleRows(c.problem)),
    );
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
    const outcomes = trustedOutcomes(
      [{ passed: false, isExample: false, error: 'Runtime error', expectedOutput: '', actualOutput: '' }],
      exampleRows('factorial'),
    );
    const report = await analyzer.debug(
      problem('factorial'),
      source('bug-stack-overflow.java'),
      '',
      outcomes,
    );
    expect(report.primary?.cause).toBe('stack-overflow');
    expect(report.markdown).toContain('1 hidden test failed');
  });

  it('reads size and value bounds from constraints text', () => {
    expect(parseConstraints('1 <= nums.length <= 10^5\n-10^9 <= nums[i] <= 10^9')).toMatchObject({
      maxSize: 1e5,
      maxValue: 1e9,
    });
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
      chainedMethods:
        `public class Main { ${Array.from({ length: 2000 }, (_, i) => `static int m${i}(int n) { return m${i + 1}(n) + m${i + 1}(n); }`).join(' ')} }`.slice(
          0,
          MAX,
        ),
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
      if (name === 'manyLoops' || name === 'chainedMethods' || name === 'deepNesting')
        expect(estimate.estimated, name).toBe(false);
    }
  });
});
