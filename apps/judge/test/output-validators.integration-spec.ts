import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckerErrors,
  type CustomOutputValidator,
  type JudgeJobData,
  type JudgeTest,
} from '@javelin/contracts';
import { job } from './helpers';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';

/** Output validation as the problem package format defines it (issue 29), through the real judge. */
let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig({ mode: 'harness' }));
});

afterAll(async () => {
  await judge?.close();
});

/** A classic program: reads n, prints 1/n with as many digits as the input's second token asks. */
const RECIPROCAL = `import java.util.*;
public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        int digits = in.nextInt();
        String word = in.next();
        System.out.printf(Locale.ROOT, "%." + digits + "f%n", 1.0 / n);
        System.out.println(word);
    }
}
`;

const tests = (digits: number): JudgeTest[] => [
  { id: 'a', stdin: `3 ${digits} Yes\n`, expectedOutput: '0.333333333333\nYES\n' },
  { id: 'b', stdin: `8 ${digits} no\n`, expectedOutput: '0.125\nNO\n' },
];

function withValidation(data: JudgeJobData, validation: JudgeJobData['outputValidation']): JudgeJobData {
  return { ...data, outputValidation: validation };
}

describe('the default output validator and its flags', () => {
  it("a test group's own flags replace the problem's for its tests only (issue 42)", async () => {
    const groups: JudgeTest[] = [
      {
        id: 'loose',
        stdin: '3 2 x\n',
        expectedOutput: '0.3\nX\n',
        validatorFlags: ['float_tolerance', '0.1'],
      },
      { id: 'strict', stdin: '3 2 x\n', expectedOutput: '0.3\nX\n' },
    ];
    const r = await judge.judge(withValidation(job(RECIPROCAL, groups), { flags: [] }));
    expect(r.results.map((x) => x.verdict)).toEqual(['accepted', 'wrong_answer']);
  });

  it('float_tolerance accepts 1/3 to 9 digits; case-insensitive by default', async () => {
    const r = await judge.judge(
      withValidation(job(RECIPROCAL, tests(9)), { flags: ['float_tolerance', '1e-6'] }),
    );
    expect(r.results.map((x) => x.verdict)).toEqual(['accepted', 'accepted']);
  });

  it('too few digits for the tolerance is a wrong answer that says which token', async () => {
    const r = await judge.judge(
      withValidation(job(RECIPROCAL, tests(2)), { flags: ['float_tolerance', '1e-6'] }),
    );
    expect(r.results[0].verdict).toBe('wrong_answer');
    expect(r.results[0].error).toBe(
      'Wrong answer: Token 1 of your output is not within the tolerance of the expected number',
    );
  });

  it('case_sensitive rejects "Yes" for "YES"', async () => {
    const r = await judge.judge(
      withValidation(job(RECIPROCAL, tests(12)), {
        flags: ['case_sensitive', 'float_absolute_tolerance', '1e-9'],
      }),
    );
    expect(r.results.map((x) => x.verdict)).toEqual(['wrong_answer', 'wrong_answer']);
  });

  it('an unknown flag is a judge error, never an accepted', async () => {
    const r = await judge.judge(withValidation(job(RECIPROCAL, tests(12)), { flags: ['float_tolerant'] }));
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toContain('Unknown default validator flag "float_tolerant"');
  });
});

/** Compares the team's first number with the answer's within 1e-6, and the word case-insensitively. */
const CPP_VALIDATOR: CustomOutputValidator = {
  language: 'cpp',
  files: [
    {
      path: 'validate.h',
      content: `#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
static const int AC = 42, WA = 43;
static std::string feedback_dir;
[[noreturn]] inline void verdict(int code, const std::string& why) {
    std::ofstream(feedback_dir + "judgemessage.txt") << why;
    std::exit(code);
}
`,
    },
    {
      path: 'validator.cpp',
      content: `#include "validate.h"
#include <algorithm>
#include <iostream>
int main(int argc, char** argv) {
    feedback_dir = argv[3];
    std::ifstream answer(argv[2]);
    double want; std::string wantWord;
    answer >> want >> wantWord;
    double got; std::string word;
    if (!(std::cin >> got >> word)) verdict(WA, "no number");
    std::transform(word.begin(), word.end(), word.begin(), ::toupper);
    if (std::fabs(got - want) > 1e-6) verdict(WA, "number off by " + std::to_string(std::fabs(got - want)));
    if (word != wantWord) verdict(WA, "word differs");
    std::string extra;
    if (std::cin >> extra) verdict(WA, "trailing output");
    verdict(AC, "fine");
}
`,
    },
  ],
};

const JAVA_VALIDATOR: CustomOutputValidator = {
  language: 'java',
  files: [
    {
      path: 'Validator.java',
      content: `import java.nio.file.*;
import java.util.*;
public class Validator {
    public static void main(String[] a) throws Exception {
        Scanner answer = new Scanner(Path.of(a[1]));
        Scanner team = new Scanner(System.in);
        double want = Double.parseDouble(answer.next());
        String wantWord = answer.next();
        boolean ok = team.hasNext() && Math.abs(Double.parseDouble(team.next()) - want) <= 1e-6
            && team.hasNext() && team.next().equalsIgnoreCase(wantWord) && !team.hasNext();
        Files.writeString(Path.of(a[2] + "teammessage.txt"), ok ? "" : "not quite");
        System.exit(ok ? 42 : 43);
    }
}
`,
    },
  ],
};

describe('custom output validators in C++ and Java, in the sandbox', () => {
  it.each([
    ['C++', CPP_VALIDATOR],
    ['Java', JAVA_VALIDATOR],
  ])('%s: exit 42 accepts, 43 rejects', async (_name, validator) => {
    const good = await judge.judge(
      withValidation(job(RECIPROCAL, tests(9)), { flags: [], custom: validator }),
    );
    expect(
      good.results.map((x) => x.verdict),
      JSON.stringify(good.results),
    ).toEqual(['accepted', 'accepted']);
    const bad = await judge.judge(
      withValidation(job(RECIPROCAL, tests(3)), { flags: [], custom: validator }),
    );
    expect(bad.results[0].verdict).toBe('wrong_answer');
  });

  it("C++: the validator's judgemessage.txt comes back as the result's feedback", async () => {
    const r = await judge.judge(
      withValidation(job(RECIPROCAL, tests(3)), { flags: [], custom: CPP_VALIDATOR }),
    );
    expect(r.results[0].feedback).toMatch(/^number off by 0\.000333/);
  });

  it("Java: teammessage.txt is the wrong answer's reason", async () => {
    const r = await judge.judge(
      withValidation(job(RECIPROCAL, tests(3)), { flags: [], custom: JAVA_VALIDATOR }),
    );
    expect(r.results[0].error).toBe('Wrong answer: not quite');
  });

  it("a Java validator runs in the submission's validator host: one sandbox, one warm JVM for every test (issue 42)", async () => {
    // Accepts only when its JVM is the validator host's (ValidatorServer), not a JVM of its own.
    const hosted: CustomOutputValidator = {
      language: 'java',
      files: [
        {
          path: 'Hosted.java',
          content: `public class Hosted {
  public static void main(String[] a) {
    String[] args = ProcessHandle.current().info().arguments().orElse(new String[0]);
    System.exit(java.util.Arrays.asList(args).contains("ValidatorServer") ? 42 : 43);
  }
}
`,
        },
      ],
    };
    const r = await judge.judge(withValidation(job(RECIPROCAL, tests(9)), { flags: [], custom: hosted }));
    expect(
      r.results.map((x) => x.verdict),
      JSON.stringify(r.results),
    ).toEqual(['accepted', 'accepted']);
  });

  it('a validator that does not compile is a judge error; the compiler output is for admins only (feedback)', async () => {
    const broken: CustomOutputValidator = {
      language: 'cpp',
      files: [{ path: 'v.cpp', content: 'int main( {' }],
    };
    const r = await judge.judge(withValidation(job(RECIPROCAL, tests(9)), { flags: [], custom: broken }));
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toBe(CheckerErrors.doesNotCompile);
    expect(r.results[0].feedback).toMatch(/v\.cpp/);
  });

  it('a validator file outside its folder is refused', async () => {
    const escaping: CustomOutputValidator = {
      language: 'cpp',
      files: [{ path: '../../etc/v.cpp', content: 'int main(){return 42;}' }],
    };
    const r = await judge.judge(withValidation(job(RECIPROCAL, tests(9)), { flags: [], custom: escaping }));
    expect(r.results[0].error).toBe(CheckerErrors.doesNotCompile);
    expect(r.results[0].feedback).toContain('is not a plain relative path');
  });
});

/** A C++ validator whose main body is `body`; everything else it needs is included. */
function hostile(body: string): CustomOutputValidator {
  return {
    language: 'cpp',
    files: [
      {
        path: 'validator.cpp',
        content: `#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>
#include <sys/stat.h>
int main(int argc, char** argv) {
${body}
}
`,
      },
    ],
  };
}

describe('a hostile validator gets a judge error, never an accepted', () => {
  // [what it does, its body, what the judge error says]
  const cases: [string, string, string][] = [
    ['loops', 'volatile unsigned long x = 0; for (;;) x++; return 42;', 'did not finish within'],
    [
      'floods its output',
      'for (;;) std::fputs("accepted accepted accepted accepted\\n", stdout); return 42;',
      'bytes of output',
    ],
    ['forks', 'for (int i = 0; i < 100000; i++) fork(); for (;;) {} return 42;', 'did not finish within'],
    [
      'writes outside its feedback directory',
      `const char* places[] = {"/check/answer", "/validator/validator", "/etc/passwd", "/tmp-x", "/javelin-was-here"};
       int written = 0;
       for (const char* p : places) { std::ofstream f(p); if (f) { f << "x"; if (f.good()) written++; } }
       return written > 0 ? 42 : 1;`,
      'exit code 1;',
    ],
    ['exits 0', 'return 0;', 'exit code 0;'],
    ['crashes', 'volatile int* p = nullptr; return *p;', 'killed by'],
  ];

  it.each(cases)('a validator that %s', async (_what, body, says) => {
    const r = await judge.judge(
      withValidation(job(RECIPROCAL, tests(9).slice(0, 1)), { flags: [], custom: hostile(body) }),
    );
    expect(r.results[0].verdict, JSON.stringify(r.results[0])).toBe('runtime_error');
    expect(r.results[0].error.startsWith(CheckerErrors.prefix)).toBe(true);
    expect(r.results[0].error).toContain(says);
    expect(existsSync('/javelin-was-here')).toBe(false);
  });

  it('a judgemessage.txt that links to a host file is not read through the link', async () => {
    const body = `std::string dir = argv[3];
       symlink("/etc/passwd", (dir + "judgemessage.txt").c_str());
       return 43;`;
    const r = await judge.judge(
      withValidation(job(RECIPROCAL, tests(9).slice(0, 1)), { flags: [], custom: hostile(body) }),
    );
    expect(r.results[0].verdict).toBe('wrong_answer');
    expect(r.results[0].feedback ?? '').not.toContain(
      readFileSync('/etc/passwd', 'utf8').split(':')[0] + ':x:',
    );
  });
});
