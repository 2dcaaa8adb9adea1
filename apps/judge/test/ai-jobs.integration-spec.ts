import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_JUDGE_LIMITS,
  type AiCounterexampleResult,
  type AiLintResult,
  type AiMeasureResult,
  type GeneratedVariable,
  type InputSpec,
} from '@javelin/contracts';
import { encodeInput, type InputValues } from '@javelin/java-io';
import { runAiJob } from '../src/ai/jobs';
import { loadConfig } from '../src/config';
import { Judge } from '../src/judge';

let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig());
});

afterAll(async () => {
  await judge?.close();
});

/** A program reading an int array as the boilerplate does (length, then the elements) and printing `body`'s result. */
function arrayProgram(method: string, call = 'solve(nums)'): string {
  return `import java.io.*;
import java.util.*;

public class Main {
${method}

    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(reader.readLine().trim());
        StringTokenizer st = new StringTokenizer(reader.readLine());
        int[] nums = new int[n];
        for (int i = 0; i < n; i++) nums[i] = Integer.parseInt(st.nextToken());
        System.out.println(${call});
    }
}
`;
}

const LINEAR = arrayProgram(`    public static long solve(int[] nums) {
        long sum = 0;
        for (int x : nums) sum += x;
        return sum;
    }`);

const QUADRATIC = arrayProgram(`    public static long solve(int[] nums) {
        long pairs = 0;
        for (int i = 0; i < nums.length; i++)
            for (int j = i + 1; j < nums.length; j++)
                if (nums[i] < nums[j]) pairs++;
        return pairs;
    }`);

const SORTING = arrayProgram(`    public static long solve(int[] nums) {
        int[] sorted = nums.clone();
        Arrays.sort(sorted);
        long gaps = 0;
        for (int i = 1; i < sorted.length; i++) gaps += (long) sorted[i] - sorted[i - 1];
        return gaps;
    }`);

const CUBIC = arrayProgram(`    public static long solve(int[] nums) {
        long triples = 0;
        for (int i = 0; i < nums.length; i++)
            for (int j = i + 1; j < nums.length; j++)
                for (int k = j + 1; k < nums.length; k++)
                    if (nums[i] + nums[j] == nums[k]) triples++;
        return triples;
    }`);

const MAX_REFERENCE = arrayProgram(`    public static int solve(int[] nums) {
        int best = nums[0];
        for (int i = 1; i < nums.length; i++) best = Math.max(best, nums[i]);
        return best;
    }`);

/** Off by one: never looks at the last element. Passes every example whose maximum is not last. */
const MAX_OFF_BY_ONE = arrayProgram(`    public static int solve(int[] nums) {
        int best = nums[0];
        for (int i = 1; i < nums.length - 1; i++) best = Math.max(best, nums[i]);
        return best;
    }`);

const nums = (length: { min: number; max: number }, values = { min: -1e9, max: 1e9 }): GeneratedVariable => ({
  name: 'nums',
  type: 'int[]',
  role: 'size',
  length,
  values,
  alphabet: 'abcdefghijklmnopqrstuvwxyz',
});

const SPEC: InputSpec = { variables: [nums({ min: 1, max: 1e5 })] };
const example = (values: number[], expected: string) => ({
  id: `e${values.join('_')}`,
  stdin: encodeInput(SPEC, { nums: values }),
  expectedOutput: expected,
});

const measure = (code: string, examples: ReturnType<typeof example>[], budgetMs = 2_000) =>
  runAiJob(judge, 'ai-measure', {
    code,
    examples,
    spec: SPEC,
    limits: DEFAULT_JUDGE_LIMITS,
    budgetMs,
    seed: 7,
  }) as Promise<AiMeasureResult>;

describe('ai-lint: javac -Xlint:all in the warm compile service', () => {
  it('reports lint warnings of code that compiles, as the javac command prints them', async () => {
    const code = `import java.util.*;
public class Main {
    public static void main(String[] args) {
        List values = new ArrayList();
        values.add(1);
        System.out.println(values);
    }
}
`;
    const r = (await runAiJob(judge, 'ai-lint', { code })) as AiLintResult;
    expect(r).toMatchObject({ ran: true, compiled: true, fileName: 'Main.java' });
    expect(r.diagnostics).toMatch(/^Main\.java:4: warning: \[rawtypes\] found raw type: List$/m);
    expect(r.diagnostics).toMatch(/Main\.java:5: warning: \[unchecked\] unchecked call/);
  });

  it('reports errors of code that does not compile, and nothing for clean code', async () => {
    const broken = (await runAiJob(judge, 'ai-lint', {
      code: LINEAR.replace('sum += x;', 'sum += x'),
    })) as AiLintResult;
    expect(broken).toMatchObject({ ran: true, compiled: false });
    expect(broken.diagnostics).toMatch(/Main\.java:\d+: error: ';' expected/);
    const clean = (await runAiJob(judge, 'ai-lint', { code: LINEAR })) as AiLintResult;
    expect(clean).toEqual({ ran: true, compiled: true, diagnostics: '', fileName: 'Main.java' });
  });

  it('leaves judging as it was: the same code is still judged after a lint', async () => {
    const r = await judge.judge({
      code: LINEAR,
      language: 'java',
      tests: [example([1, 2, 3], '6')],
      limits: DEFAULT_JUDGE_LIMITS,
    });
    expect(r.verdict).toBe('accepted');
  });
});

describe('ai-measure: growth measured in the sandbox', () => {
  // Deterministic (issue 44): no retry.
  it("compiles in the program's own thread for a measurement only, never for a submission", async () => {
    // The growth is timed by the program's thread CPU time: with the JIT in the background, that time
    // depended on when the compiler threads got a CPU (jvm.ts FOREGROUND_JIT).
    const code = `public class Main {
    public static void main(String[] args) {
        System.out.println(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-Xbatch"));
    }
}
`;
    const run = (foregroundJit: boolean, mode?: 'harness' | 'per-test') =>
      judge.judge(
        {
          code,
          language: 'java',
          tests: [{ id: 't', stdin: '', expectedOutput: String(foregroundJit) }],
          limits: DEFAULT_JUDGE_LIMITS,
        },
        { foregroundJit, ...(mode ? { mode } : {}) },
      );
    // Interleaved: a harness started for one is never handed to the other.
    for (const foregroundJit of [true, false, true, false])
      expect((await run(foregroundJit)).results.map((r) => r.verdict)).toEqual(['accepted']);
    for (const foregroundJit of [true, false])
      expect((await run(foregroundJit, 'per-test')).results.map((r) => r.verdict)).toEqual(['accepted']);
  });

  it('measures only code that passes the examples', async () => {
    const r = await measure(MAX_OFF_BY_ONE, [example([1, 2, 3], '3')]);
    expect(r).toMatchObject({ status: 'fails-examples', points: [] });
  });

  it("judges the examples by the problem's checker, as a run does", async () => {
    // The maximum printed as 3.0000001: only the float checker accepts it for an expected 3.
    const FLOATISH = arrayProgram(`    public static String solve(int[] nums) {
        int best = nums[0];
        for (int x : nums) best = Math.max(best, x);
        return best + ".0000001";
    }`);
    const job = (checker?: 'float') =>
      runAiJob(judge, 'ai-measure', {
        code: FLOATISH,
        examples: [example([1, 2, 3], '3')],
        spec: SPEC,
        limits: DEFAULT_JUDGE_LIMITS,
        budgetMs: 300,
        seed: 7,
        ...(checker ? { checker, tolerance: 1e-6 } : {}),
      }) as Promise<AiMeasureResult>;
    expect((await job()).status).toBe('fails-examples');
    expect((await job('float')).status).not.toBe('fails-examples');
  });

  // Growth is fitted from the program thread's CPU time, with the JIT in that thread (jvm.ts
  // FOREGROUND_JIT: in the background, a JIT that got the CPU late flattened the largest sizes' step). On
  // a machine busy enough the measurement can still stop on its wall time ('wall time') before the sizes
  // that show growth best (a quadratic stopped at n = 16384 fits ~1.4 from the smaller, JIT-bound sizes:
  // the figure one clean CI run saw three times in a row), so a measurement gets two more tries (each
  // still asserts the figures). The quadratic and cubic measurements get twice the API's 2 s budget: a
  // machine twice as slow then reaches the sizes this one reaches with 2 s (a cubic stopped at n = 1024
  // fitted 1.9 to 2.7 here, its small sizes carrying the JIT's compile time).
  describe('the growth measurement (statistical: it alone may retry)', { retry: 2 }, () => {
    const sumExamples = [example([1, 2, 3], '6'), example([5], '5')];
    const BUDGET_X2 = 4_000;

    it('tells an O(n) solution from an O(n^2) one', async () => {
      const linear = await measure(LINEAR, sumExamples);
      const quadratic = await measure(
        QUADRATIC,
        [example([1, 2, 3], '3'), example([3, 2, 1], '0')],
        BUDGET_X2,
      );
      console.log('linear', JSON.stringify(linear), '\nquadratic', JSON.stringify(quadratic));
      // With the larger budget its run at n = 65536 may reach the problem's 2 s limit: 'too-slow'.
      expect(['measured', 'too-slow']).toContain(quadratic.status);
      // The analysis's own class boundary (1.4–2.4 is O(n²)): at 2 s of budget here, as a machine twice
      // as slow has at 4 s, three tries fitted 1.59, 1.52 and 1.84.
      expect(quadratic.slope).toBeGreaterThan(1.4);
      expect(quadratic.slope).toBeLessThan(2.5);
      expect(['measured', 'too-fast']).toContain(linear.status);
      if (linear.slope !== undefined) expect(linear.slope).toBeLessThan(1.45);
      // The linear one reached the constraint's bound; the quadratic one stopped within its budget.
      expect(linear.points[linear.points.length - 1].n).toBe(1e5);
      expect(quadratic.spentMs).toBeLessThanOrEqual(BUDGET_X2 + 100);
      for (const r of [linear, quadratic]) expect(r.sizeNames).toEqual(['nums']);
    });

    it('does not call an O(n log n) sort quadratic', async () => {
      const r = await measure(SORTING, [example([3, 1, 2], '2'), example([5], '0')]);
      console.log('sort', JSON.stringify(r));
      expect(['measured', 'too-fast']).toContain(r.status);
      if (r.slope !== undefined) expect(r.slope).toBeLessThan(1.5);
    });

    it('fits a far too slow O(n³) solution as at least quadratic, far past the limit at the bound', async () => {
      const r = await measure(CUBIC, [example([1, 2, 3], '1'), example([5], '0')], BUDGET_X2);
      console.log('cubic', JSON.stringify(r));
      // At least the analysis's quadratic class: a run stopped at n = 1024 fitted 1.9 to 2.7 here (its
      // small sizes carry the JIT's compile time), one reaching n = 2048 4.6.
      expect(r.slope).toBeGreaterThan(1.4);
      const last = r.points[r.points.length - 1];
      // Extrapolated to the constraint's n = 10^5 with its fitted slope it is far past the 2 s limit.
      expect(last.ms * (1e5 / last.n) ** (r.slope ?? 0)).toBeGreaterThan(100 * 2_000);
    });
  });

  // Deterministic (issue 44): whatever the machine's speed, the runs stop within the budget, and an
  // O(n³) program never reaches n = 10^5 (10^15 steps) in 1.5 s of CPU. No retry.
  it('stops a far too slow solution within the budget', async () => {
    const started = Date.now();
    const r = await measure(CUBIC, [example([1, 2, 3], '1'), example([5], '0')], 1_500);
    console.log('cubic', JSON.stringify(r), Date.now() - started, 'ms');
    expect(['measured', 'too-slow']).toContain(r.status);
    expect(r.spentMs).toBeLessThanOrEqual(1_500 + 100);
    expect(r.points.length).toBeGreaterThan(0);
    expect(r.points[r.points.length - 1].n).toBeLessThan(1e5);
    // The points are each size's fastest run: together no more than all the runs spent (rounded).
    expect(r.points.reduce((sum, p) => sum + p.ms, 0)).toBeLessThanOrEqual(r.spentMs + 1);
  });
});

describe('ai-counterexample: a verified smallest input against the reference', () => {
  const spec: InputSpec = { variables: [nums({ min: 1, max: 1e5 })] };
  const search = (code: string, reference = MAX_REFERENCE) =>
    runAiJob(judge, 'ai-counterexample', {
      code,
      reference,
      spec,
      limits: DEFAULT_JUDGE_LIMITS,
      budgetMs: 2_000,
      seed: 11,
    }) as Promise<AiCounterexampleResult>;

  it('finds a small input where an off-by-one differs from the reference, and it truly fails', async () => {
    const r = await search(MAX_OFF_BY_ONE);
    console.log('counterexample', JSON.stringify(r));
    expect(r.status).toBe('found');
    expect(r.verified).toBe(true);
    expect(r.size).toBeLessThanOrEqual(5);
    expect(r.input?.[0].name).toBe('nums');
    const values = JSON.parse(r.input![0].value) as number[];
    expect(values.length).toBe(2);
    // Re-run both programs on it: they disagree, with the outputs reported.
    const stdin = encodeInput(spec, { nums: values } as InputValues);
    const user = await judge.judge({
      code: MAX_OFF_BY_ONE,
      language: 'java',
      tests: [{ id: 'u', stdin, expectedOutput: r.expected! }],
      limits: DEFAULT_JUDGE_LIMITS,
    });
    expect(user.results[0]).toMatchObject({ verdict: 'wrong_answer', actualOutput: r.actual });
    expect(r.expected!.trim()).toBe(String(Math.max(...values)));
  });

  it('finds none for a correct solution', async () => {
    const r = await search(
      MAX_REFERENCE.replace('int best = nums[0];', 'int best = Integer.MIN_VALUE;').replace(
        'int i = 1;',
        'int i = 0;',
      ),
    );
    expect(r.status).toBe('not-found');
    // A search happened: at least the first chunk of 12 (edge cases). How many more fit the budget and
    // the 25 s wall cap depends on the machine (47 on this shared machine under load, where 50 was once
    // asserted; a machine twice as slow tries about half as many).
    expect(r.tried).toBeGreaterThanOrEqual(12);
  });

  it('says when the reference does not compile', async () => {
    const r = await search(MAX_OFF_BY_ONE, 'public class Main { oops }');
    expect(r.status).toBe('reference-failed');
  });
});
