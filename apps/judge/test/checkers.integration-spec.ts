import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckerErrors, type JudgeJobData } from '@javelin/contracts';
import { job, mainWith, SECRET } from './helpers';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';

/**
 * Each problem checker through the real judge: real JVMs in the sandbox, for the submission and
 * for the author's custom checker.
 */
let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig());
});

afterAll(async () => {
  await judge?.close();
});

/** A program that prints `text` whatever its input. */
const printing = (text: string) => mainWith(`System.out.print(${JSON.stringify(text)});`);

const withChecker = (data: JudgeJobData, checker: Partial<JudgeJobData>): JudgeJobData => ({
  ...data,
  ...checker,
});

/** An author's checker: accepted when the actual output's numbers sum to what the expected output says. */
const SUM_CHECKER = `import java.nio.file.*;
import java.util.*;
public class SumChecker {
    public static void main(String[] args) throws Exception {
        String input = Files.readString(Path.of(args[0]));
        long want = Long.parseLong(Files.readString(Path.of(args[1])).trim());
        long got = 0;
        for (String t : Files.readString(Path.of(args[2])).trim().split("\\\\s+")) if (!t.isEmpty()) got += Long.parseLong(t);
        // The input is readable too: this checker insists it starts with the test's marker.
        if (!input.startsWith("marker")) { System.out.println("wrong"); System.out.println("no marker in input"); return; }
        System.out.println(got == want ? "accepted" : "wrong");
        if (got != want) System.out.println("the values sum to " + got);
    }
}
`;

describe('built-in checkers, chosen by the job', () => {
  it('exact stays the default: other spacing is a wrong answer with the plain message', async () => {
    const r = await judge.judge(job(printing('1  2\n'), [{ id: 'a', stdin: '', expectedOutput: '1 2' }]));
    expect(r.results[0]).toMatchObject({ verdict: 'wrong_answer', error: 'Wrong answer' });
  });

  it('tokens: spacing and line breaks do not matter, the tokens do', async () => {
    const tests = [
      { id: 'same', stdin: '', expectedOutput: '1 2\n3' },
      { id: 'other', stdin: '', expectedOutput: '1 2 4' },
    ];
    const r = await judge.judge(withChecker(job(printing('1\n  2 3\n'), tests), { checker: 'tokens' }));
    expect(r.results.map((x) => x.verdict)).toEqual(['accepted', 'wrong_answer']);
    expect(r.results[1].error).toMatch(/^Wrong answer: /);
  });

  it('float: 1e-7 off passes and 1e-3 off fails at the default tolerance; a looser tolerance accepts it', async () => {
    const tests = [
      { id: 'close', stdin: '', expectedOutput: '2.5000001' },
      { id: 'far', stdin: '', expectedOutput: '2.501' },
    ];
    const code = mainWith('System.out.println(2.5);');
    const strict = await judge.judge(withChecker(job(code, tests), { checker: 'float' }));
    expect(strict.results.map((x) => x.verdict)).toEqual(['accepted', 'wrong_answer']);
    expect(strict.results[1].error).toContain('tolerance 0.000001');
    const loose = await judge.judge(withChecker(job(code, tests), { checker: 'float', tolerance: 1e-2 }));
    expect(loose.results.map((x) => x.verdict)).toEqual(['accepted', 'accepted']);
  });

  it('unordered: a permutation passes; a missing element or a repeated one fails', async () => {
    const code = mainWith('System.out.println("3 1 2");');
    const tests = [
      { id: 'perm', stdin: '', expectedOutput: '1 2 3' },
      { id: 'missing', stdin: '', expectedOutput: '1 2 3 4' },
      { id: 'repeat', stdin: '', expectedOutput: '1 2 2' },
    ];
    const r = await judge.judge(withChecker(job(code, tests), { checker: 'unordered' }));
    expect(r.results.map((x) => x.verdict)).toEqual(['accepted', 'wrong_answer', 'wrong_answer']);
  });

  it('a run that fails is not compared: a runtime error stays one whatever the checker', async () => {
    const code = mainWith('System.out.println("1 2 3"); throw new IllegalStateException("late");');
    const r = await judge.judge(
      withChecker(job(code, [{ id: 'x', stdin: '', expectedOutput: '1 2 3' }]), { checker: 'unordered' }),
    );
    expect(r.results[0]).toMatchObject({
      verdict: 'runtime_error',
      error: 'java.lang.IllegalStateException: late',
    });
  });
});

describe("the 'custom' checker: the author's Java, run in the sandbox", () => {
  const code = mainWith('System.out.println("1 2 3");');

  it('accepts and rejects as the checker says, reading input, expected and actual; its reason is shown', async () => {
    const tests = [
      { id: 'six', stdin: 'marker one\n', expectedOutput: '6' },
      { id: 'seven', stdin: 'marker two\n', expectedOutput: '7' },
      { id: 'nomarker', stdin: 'plain\n', expectedOutput: '6' },
    ];
    const r = await judge.judge(
      withChecker(job(code, tests), { checker: 'custom', checkerCode: SUM_CHECKER }),
    );
    expect(r.results.map((x) => x.verdict)).toEqual(['accepted', 'wrong_answer', 'wrong_answer']);
    expect(r.results[1].error).toBe('Wrong answer: the values sum to 6');
    expect(r.results[2].error).toBe('Wrong answer: no marker in input');
    expect(r.verdict).toBe('wrong_answer');
  });

  it('a checker that loops is stopped at its limit: a judge error, never accepted; the judge goes on', async () => {
    const looping = `public class Loop { public static void main(String[] a) { long x = 0; while (true) x++; } }`;
    const t0 = Date.now();
    const r = await judge.judge(
      withChecker(job(code, [{ id: 'x', stdin: '', expectedOutput: '6' }]), {
        checker: 'custom',
        checkerCode: looping,
      }),
    );
    expect(r.results[0].verdict).toBe('runtime_error');
    // 3 s of CPU, or 6 s of wall time on a loaded machine.
    expect(r.results[0].error).toMatch(
      /^Judge error: the problem's checker did not finish within (3 s of CPU|6 s)/,
    );
    expect(Date.now() - t0).toBeLessThan(30_000);
    const after = await judge.judge(
      withChecker(job(code, [{ id: 'y', stdin: 'marker\n', expectedOutput: '6' }]), {
        checker: 'custom',
        checkerCode: SUM_CHECKER,
      }),
    );
    expect(after.results[0].verdict).toBe('accepted');
  });

  it('a checker that prints junk, or nothing, or crashes gives a clear judge error', async () => {
    const junk = `public class Junk { public static void main(String[] a) { System.out.println("yes!! looks fine"); } }`;
    const silent = `public class Silent { public static void main(String[] a) { } }`;
    const crash = `public class Crash { public static void main(String[] a) { throw new IllegalStateException("checker bug"); } }`;
    const tests = [{ id: 'x', stdin: '', expectedOutput: '6' }];
    const [j, s, c] = await Promise.all(
      [junk, silent, crash].map((checkerCode) =>
        judge.judge(withChecker(job(code, tests), { checker: 'custom', checkerCode })),
      ),
    );
    expect(j.results[0]).toMatchObject({
      verdict: 'runtime_error',
      error: `Judge error: the problem's checker printed "yes!! looks fine" instead of "accepted" or "wrong", please tell the problem's author`,
    });
    expect(s.results[0].error).toContain('printed nothing instead of "accepted"');
    expect(c.results[0]).toMatchObject({
      verdict: 'runtime_error',
      error:
        "Judge error: the problem's checker failed (java.lang.IllegalStateException: checker bug), please tell the problem's author",
    });
  });

  it('a checker that does not compile is a judge error; the compiler message is for admins only (feedback)', async () => {
    const r = await judge.judge(
      withChecker(job(code, [{ id: 'x', stdin: '', expectedOutput: '6' }]), {
        checker: 'custom',
        checkerCode:
          'public class Broken { void f() { int x = "s"; } public static void main(String[] a) {} }',
      }),
    );
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toBe(CheckerErrors.doesNotCompile);
    expect(r.results[0].error).not.toContain('incompatible types');
    expect(r.results[0].feedback).toMatch(/incompatible types/);
  });

  it('the checker runs in the sandbox: it cannot read the judge environment or the network', async () => {
    const snoop = `import java.nio.file.*;
public class Snoop {
    public static void main(String[] a) throws Exception {
        String env = String.valueOf(System.getenv("JUDGE_TEST_SECRET"));
        boolean net;
        try (java.net.Socket s = new java.net.Socket()) { s.connect(new java.net.InetSocketAddress("1.1.1.1", 53), 1000); net = true; } catch (Exception e) { net = false; }
        System.out.println("wrong");
        System.out.println("env=" + env + " net=" + net + " host=" + Files.exists(Path.of("/home")));
    }
}`;
    const r = await judge.judge(
      withChecker(job(code, [{ id: 'x', stdin: '', expectedOutput: '6' }]), {
        checker: 'custom',
        checkerCode: snoop,
      }),
    );
    expect(r.results[0].error).toBe('Wrong answer: env=null net=false host=false');
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });

  it('tests whose program failed never reach the checker', async () => {
    const failing = mainWith(
      'if (new java.io.BufferedReader(new java.io.InputStreamReader(System.in)).readLine().equals("boom")) throw new RuntimeException("x"); System.out.println("1 2 3");',
    );
    const r = await judge.judge(
      withChecker(
        job(failing, [
          { id: 'ok', stdin: 'marker\n', expectedOutput: '6' },
          { id: 'boom', stdin: 'boom\n', expectedOutput: '6' },
        ]),
        { checker: 'custom', checkerCode: SUM_CHECKER },
      ),
    );
    expect(r.results.map((x) => x.verdict)).toEqual(['accepted', 'runtime_error']);
    expect(r.results[1].error).toBe('java.lang.RuntimeException: x');
  });
});
