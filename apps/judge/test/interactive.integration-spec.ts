import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckerErrors,
  InteractiveMessages,
  type CustomOutputValidator,
  type JudgeJobData,
  type JudgeTest,
} from '@javelin/contracts';
import { job, mainWith } from './helpers';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';

/**
 * Interactive problems (issue 42) through the real judge: the submission in its harness JVM, the
 * validator in a sandbox of its own, talking through FIFOs; every verdict path reached by a program.
 */
let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig({ mode: 'harness' }));
});

afterAll(async () => {
  await judge?.close();
});

/**
 * Guess the number (the input file holds it): answers "higher", "lower" or "correct"; at most 20
 * guesses; after "correct" the program must print nothing more (read to end-of-file).
 */
const GUESS_CPP: CustomOutputValidator = {
  language: 'cpp',
  files: [
    {
      path: 'validator.cpp',
      content: `#include <cstdio>
#include <fstream>
#include <string>
int main(int argc, char** argv) {
  std::ifstream in(argv[1]);
  long n; in >> n;
  std::string fb = std::string(argv[3]) + "judgemessage.txt";
  for (int q = 1; q <= 20; q++) {
    long g;
    if (scanf("%ld", &g) != 1) { FILE* f = fopen(fb.c_str(), "w"); fprintf(f, "no guess %d", q); fclose(f); return 43; }
    if (g == n) {
      printf("correct\\n"); fflush(stdout);
      long extra;
      if (scanf("%ld", &extra) == 1) { FILE* f = fopen(fb.c_str(), "w"); fprintf(f, "output after correct"); fclose(f); return 43; }
      return 42;
    }
    printf(g < n ? "higher\\n" : "lower\\n"); fflush(stdout);
  }
  FILE* f = fopen(fb.c_str(), "w"); fprintf(f, "too many guesses"); fclose(f);
  return 43;
}
`,
    },
  ],
};

/** The same game's validator in Java (the format's other language). */
const GUESS_JAVA: CustomOutputValidator = {
  language: 'java',
  files: [
    {
      path: 'Validator.java',
      content: `import java.io.*;
import java.nio.file.*;
public class Validator {
  public static void main(String[] a) throws IOException {
    long n = Long.parseLong(Files.readString(Path.of(a[0])).trim());
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    PrintStream out = System.out;
    for (int q = 1; q <= 20; q++) {
      String line = in.readLine();
      if (line == null) System.exit(43);
      long g = Long.parseLong(line.trim());
      if (g == n) { out.println("correct"); out.flush(); System.exit(in.readLine() == null ? 42 : 43); }
      out.println(g < n ? "higher" : "lower"); out.flush();
    }
    System.exit(43);
  }
}
`,
    },
  ],
};

const SEARCH = mainWith(`
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        long lo = 1, hi = 1_000_000;
        while (true) {
            long mid = (lo + hi) / 2;
            System.out.println(mid);
            System.out.flush();
            String r = in.readLine();
            if (r.equals("correct")) return;
            if (r.equals("higher")) lo = mid + 1; else hi = mid - 1;
        }`);

const tests: JudgeTest[] = [
  { id: 'a', stdin: '1\n', expectedOutput: '' },
  { id: 'b', stdin: '777777\n', expectedOutput: '' },
  { id: 'c', stdin: '1000000\n', expectedOutput: '' },
];

function interactive(
  code: string,
  validator: CustomOutputValidator = GUESS_CPP,
  limits: Partial<JudgeJobData['limits']> = { wallTimeMs: 3_000, cpuTimeMs: 1_000 },
  t: JudgeTest[] = tests.slice(0, 1),
): JudgeJobData {
  return { ...job(code, t, limits), outputValidation: { flags: [], custom: validator, interactive: true } };
}

describe('interactive problems: a program that plays by the rules', () => {
  it('binary search is accepted on every test, with a C++ validator and with a Java one', async () => {
    for (const validator of [GUESS_CPP, GUESS_JAVA]) {
      const r = await judge.judge(interactive(SEARCH, validator, undefined, tests));
      expect(
        r.results.map((x) => x.verdict),
        r.results.map((x) => x.error).join('; '),
      ).toEqual(['accepted', 'accepted', 'accepted']);
    }
  });

  it('FileDescriptor.in / out talk to the validator too, as in a real java Main', async () => {
    const code = mainWith(`
        DataInputStream in = new DataInputStream(new FileInputStream(FileDescriptor.in));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        long lo = 1, hi = 1_000_000;
        while (true) {
            long mid = (lo + hi) / 2;
            out.println(mid);
            StringBuilder sb = new StringBuilder();
            for (int c = in.read(); c != '\\n'; c = in.read()) sb.append((char) c);
            String r = sb.toString();
            if (r.equals("correct")) return;
            if (r.equals("higher")) lo = mid + 1; else hi = mid - 1;
        }`);
    const r = await judge.judge(interactive(code, GUESS_CPP, undefined, tests));
    expect(r.results.map((x) => x.verdict)).toEqual(['accepted', 'accepted', 'accepted']);
  });
});

describe('interactive problems: every verdict path', () => {
  it("the validator's 43, then the program failing on end-of-file: Wrong Answer (the validator decided first)", async () => {
    // Always guesses 2: 20 wrong guesses, the validator exits 43, the next readLine is null → NPE.
    const code = mainWith(`
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        while (true) { System.out.println(2); System.out.flush(); in.readLine().length(); }`);
    const r = await judge.judge(interactive(code));
    expect(r.results[0].verdict).toBe('wrong_answer');
    expect(r.results[0].feedback).toBe('too many guesses');
  });

  it('the program crashing first, while the validator waits: Runtime Error', async () => {
    const code = mainWith(`
        System.out.println(5); System.out.flush();
        new BufferedReader(new InputStreamReader(System.in)).readLine();
        throw new IllegalStateException("boom");`);
    const r = await judge.judge(interactive(code));
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toContain('IllegalStateException');
  });

  it('a CPU loop mid-interaction: Time Limit Exceeded', async () => {
    const code = mainWith(`
        System.out.println(5); System.out.flush();
        new BufferedReader(new InputStreamReader(System.in)).readLine();
        long x = 0; while (true) x++;`);
    const r = await judge.judge(interactive(code));
    expect(r.results[0].verdict).toBe('time_limit_exceeded');
  });

  it('memory past the limit mid-interaction: Memory Limit Exceeded', async () => {
    const code = mainWith(`
        System.out.println(5); System.out.flush();
        new BufferedReader(new InputStreamReader(System.in)).readLine();
        List<long[]> hog = new ArrayList<>();
        while (true) hog.add(new long[1 << 20]);`);
    const r = await judge.judge(interactive(code, GUESS_CPP, { wallTimeMs: 5_000, memoryMb: 64 }));
    expect(r.results[0].verdict).toBe('memory_limit_exceeded');
  });

  it('exiting early while the validator still waits: Wrong Answer', async () => {
    const code = mainWith(`System.out.println(5); System.out.flush();`);
    const r = await judge.judge(interactive(code));
    // The validator either reads end-of-file (its own 43) or is killed answering a program that has gone.
    expect(r.results[0].verdict).toBe('wrong_answer');
    expect([undefined, 'no guess 2']).toContain(r.results[0].feedback);
  });

  it('never reading the answers: Wrong Answer', async () => {
    const code = mainWith(`for (int i = 100; i < 200; i++) System.out.println(i); System.out.flush();`);
    const r = await judge.judge(interactive(code));
    expect(r.results[0].verdict).toBe('wrong_answer');
  });

  it('flooding the pipe without reading: not accepted (Wrong Answer from the validator that decided)', async () => {
    const code = mainWith(`while (true) System.out.println(3);`);
    const r = await judge.judge(interactive(code));
    expect(r.results[0].verdict).toBe('wrong_answer');
  });

  it('a deadlock (both waiting to read) ends at the wall-time limit: Time Limit Exceeded', async () => {
    const code = mainWith(`new BufferedReader(new InputStreamReader(System.in)).readLine();`);
    const r = await judge.judge(interactive(code, GUESS_CPP, { wallTimeMs: 1_500, cpuTimeMs: 1_000 }));
    expect(r.results[0].verdict).toBe('time_limit_exceeded');
    expect(r.results[0].error).toContain('wall');
  });

  it('a submit stops at the first failing test; the next tests are not run', async () => {
    const code = mainWith(`System.out.println(1); System.out.flush();
        new BufferedReader(new InputStreamReader(System.in)).readLine();`);
    const r = await judge.judge({
      ...interactive(code, GUESS_CPP, undefined, tests),
      stopAtFirstFailure: true,
    });
    expect(r.results.map((x) => x.verdict)).toEqual(['accepted', 'wrong_answer']);
  });
});

/** A validator's C++ source around `body` (argv and the feedback directory at hand). */
function cppValidator(body: string): CustomOutputValidator {
  return {
    language: 'cpp',
    files: [
      {
        path: 'v.cpp',
        content: `#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
int main(int argc, char** argv) {
${body}
}
`,
      },
    ],
  };
}

describe('interactive problems: hostile validators are judge errors, never accepted', () => {
  const cases: [string, string][] = [
    ['loops', 'volatile long x = 0; while (true) x++;'],
    ['exits 0', 'return 0;'],
    ['crashes', 'int* p = nullptr; return *p;'],
    ['forks', 'for (int i = 0; i < 100; i++) fork(); while (true) sleep(1);'],
    ['floods', 'while (true) printf("flood flood flood\\n");'],
    ['never reads and sleeps', 'sleep(60); return 42;'],
  ];
  for (const [name, body] of cases) {
    it(`a validator that ${name}`, async () => {
      const r = await judge.judge(interactive(SEARCH, cppValidator(body)));
      expect(r.results[0].verdict, r.results[0].error).not.toBe('accepted');
      if (name !== 'floods') expect(r.results[0].error).toMatch(/^Judge error: /);
    });
  }

  it('a validator that does not compile: a judge error without running the program; the compiler output for admins', async () => {
    const r = await judge.judge(interactive(SEARCH, cppValidator('this is not C++')));
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toBe(CheckerErrors.doesNotCompile);
    expect(r.results[0].feedback).toContain('v.cpp');
  });

  it('a job that says interactive without a validator is refused', async () => {
    const data = { ...job(SEARCH, tests.slice(0, 1)), outputValidation: { flags: [], interactive: true } };
    await expect(judge.judge(data)).rejects.toThrow(InteractiveMessages.noValidator);
  });
});

/**
 * Doubling, pass after pass: a pass's input file holds x, the program answers 2x; the validator (which
 * counts passes in its feedback directory) checks it and, until its flag's count, asks for a pass on 2x + 1
 * (exiting `askExit`: 42 as the format wants, anything else a judge error). Interactive, it first tells
 * the program x and reads the answer back; the judgemessage.txt it appends to covers every pass.
 */
function doublingValidator(askExit = 42, interactive = false): CustomOutputValidator {
  return cppValidator(`
  std::string fb = argv[3];
  int pass = 0;
  { FILE* p = fopen((fb + "pass").c_str(), "r"); if (p) { if (fscanf(p, "%d", &pass) != 1) pass = 0; fclose(p); } }
  pass++;
  { FILE* p = fopen((fb + "pass").c_str(), "w"); fprintf(p, "%d", pass); fclose(p); }
  int limit = atoi(argv[4]);
  long x; FILE* in = fopen(argv[1], "r"); if (fscanf(in, "%ld", &x) != 1) return 1; fclose(in);
  ${interactive ? 'printf("%ld\\n", x); fflush(stdout);' : ''}
  long got;
  FILE* m = fopen((fb + "judgemessage.txt").c_str(), "a");
  if (scanf("%ld", &got) != 1 || got != 2 * x) { fprintf(m, "pass %d wrong", pass); fclose(m); return 43; }
  fprintf(m, "pass %d ok;", pass); fclose(m);
  if (pass < limit) {
    FILE* n = fopen((fb + "nextpass.in").c_str(), "w"); fprintf(n, "%ld\\n", got + 1); fclose(n);
    return ${askExit};
  }
  return 42;`);
}

const DOUBLE = mainWith(`long x = new Scanner(System.in).nextLong(); System.out.println(2 * x);`);

function multiPass(code: string, validatorPasses: number, passes: number, validator = doublingValidator()) {
  return {
    ...job(code, [
      { id: 'a', stdin: '4\n', expectedOutput: '' },
      { id: 'b', stdin: '10\n', expectedOutput: '' },
    ]),
    outputValidation: { flags: [String(validatorPasses)], custom: validator, passes },
  };
}

describe('multi-pass problems', () => {
  it('three passes, each on the input the validator wrote: accepted', async () => {
    const r = await judge.judge(multiPass(DOUBLE, 3, 3));
    expect(
      r.results.map((x) => x.verdict),
      r.results.map((x) => x.error).join('; '),
    ).toEqual(['accepted', 'accepted']);
  });

  it('a program right on pass 1 and wrong on pass 2: Wrong Answer with the validator message', async () => {
    // Odd inputs (pass 2 on) get one too many.
    const code = mainWith(`long x = new Scanner(System.in).nextLong(); System.out.println(2 * x + (x % 2));`);
    const r = await judge.judge(multiPass(code, 3, 3));
    expect(r.results[0].verdict).toBe('wrong_answer');
    // The feedback directory is kept from pass to pass: judgemessage.txt holds both passes' words.
    expect(r.results[0].feedback).toBe('pass 1 ok;pass 2 wrong');
  });

  it('a validator asking for more passes than limits.validation_passes: a judge error', async () => {
    const r = await judge.judge(multiPass(DOUBLE, 5, 3));
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toContain(InteractiveMessages.tooManyPasses(3));
  });

  it('nextpass.in with an exit code other than 42: a judge error', async () => {
    const r = await judge.judge(multiPass(DOUBLE, 3, 3, doublingValidator(43)));
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toContain(InteractiveMessages.nextPassWithoutAccept);
  });

  it('a program failing on its second pass gets that verdict (each pass has its own limits)', async () => {
    const code = mainWith(
      `long x = new Scanner(System.in).nextLong(); if (x % 2 == 1) { long y = 0; while (true) y++; } System.out.println(2 * x);`,
    );
    const r = await judge.judge(multiPass(code, 3, 3));
    expect(r.results[0].verdict).toBe('time_limit_exceeded');
  });
});

/** Doubling as an interaction: the validator tells x, the program answers 2x (odd x: `odd` instead). */
function doublingProgram(odd = '2 * x'): string {
  return mainWith(
    `
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        long x = Long.parseLong(in.readLine().trim());
        System.out.println(x % 2 == 1 ? ${odd} : 2 * x);
        System.out.flush();`,
    '    static long loop() { long y = 0; while (true) y++; }',
  );
}

function interactivePasses(
  code: string,
  validatorPasses: number,
  passes: number,
  askExit = 42,
): JudgeJobData {
  const validator = doublingValidator(askExit, true);
  return {
    ...multiPass(code, validatorPasses, passes, validator),
    outputValidation: { flags: [String(validatorPasses)], custom: validator, interactive: true, passes },
  };
}

describe('interactive multi-pass problems (each pass an interaction)', () => {
  it('three passes, each an interaction on the input the validator wrote, the feedback directory kept: accepted', async () => {
    const r = await judge.judge(interactivePasses(doublingProgram(), 3, 3));
    expect(
      r.results.map((x) => x.verdict),
      r.results.map((x) => x.error).join('; '),
    ).toEqual(['accepted', 'accepted']);
    expect(r.results[0].feedback).toBe('pass 1 ok;pass 2 ok;pass 3 ok;');
  });

  it('a validator asking for a pass past limits.validation_passes: a judge error, never accepted', async () => {
    const r = await judge.judge(interactivePasses(doublingProgram(), 5, 3));
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toContain(InteractiveMessages.tooManyPasses(3));
    expect(r.results[0].feedback).toBe('pass 1 ok;pass 2 ok;pass 3 ok;');
  });

  it('a wrong answer in pass 2: Wrong Answer with the validator message of both passes', async () => {
    const r = await judge.judge(interactivePasses(doublingProgram('2 * x + 1'), 3, 3));
    expect(r.results[0].verdict).toBe('wrong_answer');
    expect(r.results[0].feedback).toBe('pass 1 ok;pass 2 wrong');
  });

  it('a CPU loop in pass 2: Time Limit Exceeded (each pass has its own limits)', async () => {
    const r = await judge.judge(interactivePasses(doublingProgram('loop()'), 3, 3));
    expect(r.results[0].verdict).toBe('time_limit_exceeded');
  });

  it('nextpass.in with an exit code other than 42: a judge error', async () => {
    const r = await judge.judge(interactivePasses(doublingProgram(), 3, 3, 43));
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toContain(InteractiveMessages.nextPassWithoutAccept);
  });
});

describe('programs of several files (a package jury submission, issue 42)', () => {
  it('compiles the files together and runs the class with main, in a package of its own', async () => {
    const files = [
      {
        path: 'jury/sums/Solver.java',
        content: `package jury.sums;\nimport jury.util.Reader;\npublic class Solver {\n  public static void main(String[] a) { Reader r = new Reader(); System.out.println(r.next() + r.next()); }\n}\n`,
      },
      {
        path: 'jury/util/Reader.java',
        content: `package jury.util;\nimport java.util.Scanner;\npublic class Reader {\n  private final Scanner in = new Scanner(System.in);\n  public long next() { return in.nextLong(); }\n}\n`,
      },
    ];
    const r = await judge.judge({
      ...job('', [{ id: 'a', stdin: '2 40\n', expectedOutput: '42\n' }]),
      files,
    });
    expect(r.verdict, r.compileError).toBe('accepted');
  });

  it("one file's error is a compilation error naming it", async () => {
    const r = await judge.judge({
      ...job('', [{ id: 'a', stdin: '', expectedOutput: '' }]),
      files: [
        {
          path: 'Main.java',
          content: 'public class Main { public static void main(String[] a) { Helper.go(); } }',
        },
        { path: 'Helper.java', content: 'class Helper { static void go() { int x = "no"; } }' },
      ],
    });
    expect(r.verdict).toBe('compilation_error');
    expect(r.compileError).toContain('Helper.java');
  });
});
