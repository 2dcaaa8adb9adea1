import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckerErrors,
  type CustomOutputValidator,
  type JudgeJobData,
  type JudgeTest,
  type JudgeTestResult,
} from '@javelin/contracts';
import { job, SEARCH_MAIN, sumTests, validatedSum } from './helpers';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';

/**
 * Java and Python validators on a warm runtime (issue 42): one JVM that runs each test's main in a class
 * loader of its own, one Python interpreter forked per test (both kept from submission to submission:
 * warm-hosts.integration-spec.ts). Each test
 * still sees what a fresh `java Validator` / `python3 validator.py` would, gets its own exit code, and a
 * validator that breaks the warm runtime is a judge error, never accepted, with the next test and the
 * next submission judged as usual.
 */
let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig({ mode: 'harness' }));
});

afterAll(async () => {
  await judge?.close();
});


const java = (name: string, body: string): CustomOutputValidator => ({
  language: 'java',
  files: [
    {
      path: `${name}.java`,
      content: `import java.io.*;
import java.nio.file.*;
public class ${name} {
  static int runs = 0;
  public static void main(String[] a) throws Exception {
    long first = Long.parseLong(Files.readString(Path.of(a[0])).trim().split(" ")[0]);
    boolean right = Files.readString(Path.of(a[1])).trim().equals(new String(System.in.readAllBytes()).trim());
${body}
  }
}
`,
    },
  ],
});

const python = (body: string): CustomOutputValidator => ({
  language: 'python',
  files: [
    {
      path: 'validator.py',
      content: `import os, sys
first = int(open(sys.argv[1]).read().split()[0])
right = open(sys.argv[2]).read().split() == sys.stdin.read().split()
${body}
`,
    },
  ],
});

const verdicts = (results: JudgeTestResult[]) => results.map((r) => r.verdict);

function expectJudgeError(r: JudgeTestResult): void {
  expect(r.verdict, JSON.stringify(r)).toBe('runtime_error');
  expect(r.error.startsWith(CheckerErrors.prefix), r.error).toBe(true);
}

describe('a Java validator in one warm JVM', () => {
  it('every test gets fresh statics, in the same JVM', async () => {
    const counter = java(
      'Counter',
      `    runs++;
    Files.writeString(Path.of(a[2] + "judgemessage.txt"), "runs " + runs + " jvm " + ProcessHandle.current().pid());
    System.exit(right ? 42 : 43);`,
    );
    const r = await judge.judge(validatedSum(counter, sumTests(1, 2, 3)));
    expect(verdicts(r.results), JSON.stringify(r.results)).toEqual(['accepted', 'accepted', 'accepted']);
    const feedback = r.results.map((x) => x.feedback ?? '');
    for (const f of feedback) expect(f).toMatch(/^runs 1 jvm \d+$/);
    expect(new Set(feedback).size).toBe(1);
  });

  it("each test's own exit code: 42, 43, another code, main returning (0)", async () => {
    const codes = java(
      'Codes',
      `    if (first == 1) System.exit(42);
    if (first == 2) System.exit(43);
    if (first == 3) System.exit(3);`,
    );
    const r = await judge.judge(validatedSum(codes, sumTests(1, 2, 3, 4, 1)));
    expect(verdicts(r.results), JSON.stringify(r.results)).toEqual([
      'accepted',
      'wrong_answer',
      'runtime_error',
      'runtime_error',
      'accepted',
    ]);
    expect(r.results[2].error).toContain('exit code 3;');
    expect(r.results[3].error).toContain('exit code 0;');
  });

  // [what it does on the first test, its body there]
  const hostile: [string, string][] = [
    ['halts the JVM with 42', 'Runtime.getRuntime().halt(42);'],
    [
      'runs out of memory',
      'java.util.List<long[]> hog = new java.util.ArrayList<>(); while (true) hog.add(new long[1 << 20]);',
    ],
    ['loops', 'while (true) { }'],
    ['floods its output', 'while (true) System.out.print("accepted ");'],
  ];
  for (const [what, body] of hostile) {
    it(`one that ${what}: a judge error; the next test and the next submission judged as usual`, async () => {
      const validator = java('Hostile', `    if (first == 1) { ${body} }\n    System.exit(right ? 42 : 43);`);
      const r = await judge.judge(validatedSum(validator, sumTests(1, 2)));
      expectJudgeError(r.results[0]);
      expect(r.results[1].verdict, JSON.stringify(r.results[1])).toBe('accepted');
      const next = await judge.judge(validatedSum(validator, sumTests(2, 3)));
      expect(verdicts(next.results)).toEqual(['accepted', 'accepted']);
    });
  }

  it('a thread left running ends that JVM after its answer: the next test runs in a fresh one', async () => {
    const threads = java(
      'Threads',
      `    runs++;
    if (first == 1) { Thread t = new Thread(() -> { while (true) { } }); t.setDaemon(true); t.start(); }
    System.exit(right && runs == 1 ? 42 : 43);`,
    );
    const r = await judge.judge(validatedSum(threads, sumTests(1, 2)));
    expect(verdicts(r.results), JSON.stringify(r.results)).toEqual(['accepted', 'accepted']);
  });
});

describe('a Python validator forked from one warm interpreter', () => {
  it('every test starts from the interpreter as it was (nothing a test imported or set is carried)', async () => {
    const counter = python(`import json
json.carried = getattr(json, 'carried', 0) + 1
with open(sys.argv[3] + 'judgemessage.txt', 'w') as f:
    f.write('carried %d server %d' % (json.carried, os.getppid()))
sys.exit(42 if right else 43)`);
    const r = await judge.judge(validatedSum(counter, sumTests(1, 2, 3)));
    expect(verdicts(r.results), JSON.stringify(r.results)).toEqual(['accepted', 'accepted', 'accepted']);
    const feedback = r.results.map((x) => x.feedback ?? '');
    for (const f of feedback) expect(f).toMatch(/^carried 1 server \d+$/);
    expect(new Set(feedback).size).toBe(1);
  });

  it("each test's own exit code: 42, 43, another code, the script's end (0)", async () => {
    const codes = python(`if first == 1:
    sys.exit(42)
if first == 2:
    sys.exit(43)
if first == 3:
    sys.exit(3)`);
    const r = await judge.judge(validatedSum(codes, sumTests(1, 2, 3, 4, 1)));
    expect(verdicts(r.results), JSON.stringify(r.results)).toEqual([
      'accepted',
      'wrong_answer',
      'runtime_error',
      'runtime_error',
      'accepted',
    ]);
    expect(r.results[2].error).toContain('exit code 3;');
    expect(r.results[3].error).toContain('exit code 0;');
  });

  const hostile: [string, string][] = [
    ['kills its fork server, then exits 42', 'os.kill(os.getppid(), 9)'],
    // The server then never answers: the judge ends it past the run's wall time.
    ['stops its fork server, then exits 42', 'import signal\nos.kill(os.getppid(), signal.SIGSTOP)'],
  ];
  for (const [what, body] of hostile) {
    it(`one that ${what}: a judge error; the next test and the next submission judged as usual`, async () => {
      const validator = python(
        `if first == 1:\n    ${body.split('\n').join('\n    ')}\n    sys.exit(42)\nsys.exit(42 if right else 43)`,
      );
      const r = await judge.judge(validatedSum(validator, sumTests(1, 2)));
      expectJudgeError(r.results[0]);
      expect(r.results[1].verdict, JSON.stringify(r.results[1])).toBe('accepted');
      const next = await judge.judge(validatedSum(validator, sumTests(2, 3)));
      expect(verdicts(next.results)).toEqual(['accepted', 'accepted']);
    });
  }
});

describe('interactors on a warm runtime', () => {
  const guessTests: JudgeTest[] = ['1', '777777', '1000000'].map((n, i) => ({
    id: `g${i}`,
    stdin: `${n}\n`,
    expectedOutput: '',
  }));
  /** Guess the number; on the number 1 it first does `onOne`. */
  const guessJava = (onOne: string): CustomOutputValidator => ({
    language: 'java',
    files: [
      {
        path: 'Guess.java',
        content: `import java.io.*;
import java.nio.file.*;
public class Guess {
  static int runs = 0;
  public static void main(String[] a) throws IOException {
    long n = Long.parseLong(Files.readString(Path.of(a[0])).trim());
    if (++runs != 1) System.exit(43);
    if (n == 1) { ${onOne} }
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    for (int q = 1; q <= 25; q++) {
      String line = in.readLine();
      if (line == null) System.exit(43);
      long g = Long.parseLong(line.trim());
      if (g == n) { System.out.println("correct"); System.out.flush(); System.exit(42); }
      System.out.println(g < n ? "higher" : "lower"); System.out.flush();
    }
    System.exit(43);
  }
}
`,
      },
    ],
  });
  const interactive = (validator: CustomOutputValidator): JudgeJobData => ({
    ...job(SEARCH_MAIN, guessTests, { wallTimeMs: 3_000, cpuTimeMs: 1_000 }),
    outputValidation: { flags: [], custom: validator, interactive: true },
  });

  it('a Java interactor: every test in the same warm JVM with fresh statics, accepted', async () => {
    const r = await judge.judge(interactive(guessJava('')));
    expect(verdicts(r.results), JSON.stringify(r.results)).toEqual(['accepted', 'accepted', 'accepted']);
  });

  it('a Java interactor that halts its JVM: a judge error on that test, the others and the next submission accepted', async () => {
    const r = await judge.judge(interactive(guessJava('Runtime.getRuntime().halt(42);')));
    expect(r.results[0].verdict, JSON.stringify(r.results[0])).not.toBe('accepted');
    expect(r.results[0].error).toMatch(/^Judge error: /);
    expect(verdicts(r.results.slice(1))).toEqual(['accepted', 'accepted']);
    const next = await judge.judge(interactive(guessJava('')));
    expect(verdicts(next.results)).toEqual(['accepted', 'accepted', 'accepted']);
  });

  it('a Python interactor that kills its fork server: a judge error on that test, the others accepted', async () => {
    const guess = (onOne: string): CustomOutputValidator => ({
      language: 'python',
      files: [
        {
          path: 'guess.py',
          content: `import os, sys
n = int(open(sys.argv[1]).read())
if n == 1:
    ${onOne}
for _ in range(25):
    line = sys.stdin.readline()
    if not line:
        sys.exit(43)
    g = int(line)
    if g == n:
        print('correct', flush=True)
        sys.exit(42)
    print('higher' if g < n else 'lower', flush=True)
sys.exit(43)
`,
        },
      ],
    });
    const r = await judge.judge(interactive(guess('os.kill(os.getppid(), 9); sys.exit(42)')));
    expect(r.results[0].verdict, JSON.stringify(r.results[0])).not.toBe('accepted');
    expect(r.results[0].error).toMatch(/^Judge error: /);
    expect(verdicts(r.results.slice(1))).toEqual(['accepted', 'accepted']);
    const next = await judge.judge(interactive(guess('pass')));
    expect(verdicts(next.results)).toEqual(['accepted', 'accepted', 'accepted']);
  });
});
