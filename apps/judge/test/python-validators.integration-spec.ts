import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckerErrors,
  type CustomOutputValidator,
  type JudgeJobData,
  type JudgeTest,
} from '@javelin/contracts';
import { job, mainWith } from './helpers';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';

/**
 * Python output validators and interactors (issue 42; real packages ship `.py` ones): run by the judge's
 * python3 inside the validator's sandbox, through the validator host as C++ ones are, with the same limits.
 */
let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig({ mode: 'harness' }));
});

afterAll(async () => {
  await judge?.close();
});

const python = (content: string, more: { path: string; content: string }[] = []): CustomOutputValidator => ({
  language: 'python',
  files: [{ path: more.length ? '__main__.py' : 'validator.py', content }, ...more],
});

/** Sums: the program prints a + b; the validator compares numbers, and says what it saw in judgemessage.txt. */
const SUM_VALIDATOR = `import sys
inp, ans, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
expected = int(open(ans).read())
got = sys.stdin.read().split()
with open(feedback + 'judgemessage.txt', 'w') as f:
    f.write('got %s, wanted %d' % (' '.join(got), expected))
sys.exit(42 if got == [str(expected)] else 43)
`;

const SUM = mainWith(
  `Scanner in = new Scanner(System.in); System.out.println(in.nextLong() + in.nextLong());`,
);
const SUM_OFF = mainWith(
  `Scanner in = new Scanner(System.in); System.out.println(in.nextLong() + in.nextLong() + 1);`,
);
const sumTests: JudgeTest[] = [
  { id: 'a', stdin: '1 2\n', expectedOutput: '3\n' },
  { id: 'b', stdin: '40 2\n', expectedOutput: '42\n' },
];

function validated(code: string, validator: CustomOutputValidator, t = sumTests): JudgeJobData {
  return { ...job(code, t), outputValidation: { flags: [], custom: validator } };
}

describe('Python output validators', () => {
  it("exit 42 accepts, 43 rejects; judgemessage.txt is the admins' feedback", async () => {
    const good = await judge.judge(validated(SUM, python(SUM_VALIDATOR)));
    expect(
      good.results.map((r) => r.verdict),
      JSON.stringify(good.results),
    ).toEqual(['accepted', 'accepted']);
    const bad = await judge.judge(validated(SUM_OFF, python(SUM_VALIDATOR)));
    expect(bad.results.map((r) => r.verdict)).toEqual(['wrong_answer', 'wrong_answer']);
    expect(bad.results[0].feedback).toBe('got 4, wanted 3');
  });

  it('a validator of several files runs its __main__.py, which imports its neighbour', async () => {
    const main = `import sys\nfrom compare import same\nsys.exit(42 if same(open(sys.argv[2]).read(), sys.stdin.read()) else 43)\n`;
    const helper = { path: 'compare.py', content: 'def same(a, b):\n    return a.split() == b.split()\n' };
    const r = await judge.judge(validated(SUM, python(main, [helper])));
    expect(
      r.results.map((x) => x.verdict),
      JSON.stringify(r.results),
    ).toEqual(['accepted', 'accepted']);
  });

  it('several files without __main__.py: a judge error saying so, nothing accepted', async () => {
    const r = await judge.judge(
      validated(SUM, {
        language: 'python',
        files: [
          { path: 'a.py', content: 'import sys; sys.exit(42)' },
          { path: 'b.py', content: 'import sys; sys.exit(42)' },
        ],
      }),
    );
    expect(r.results[0].error).toBe(CheckerErrors.doesNotCompile);
    expect(r.results[0].feedback).toContain('__main__.py');
  });
});

/** Guess the number in Python (the input file holds it): "higher", "lower" or "correct"; at most 20 guesses. */
const GUESS_PY = `import sys
n = int(open(sys.argv[1]).read())
for q in range(20):
    line = sys.stdin.readline()
    if not line:
        sys.exit(43)
    g = int(line)
    if g == n:
        print('correct', flush=True)
        sys.exit(42 if not sys.stdin.readline() else 43)
    print('higher' if g < n else 'lower', flush=True)
with open(sys.argv[3] + 'judgemessage.txt', 'w') as f:
    f.write('too many guesses')
sys.exit(43)
`;

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

const guessTests: JudgeTest[] = [
  { id: 'a', stdin: '1\n', expectedOutput: '' },
  { id: 'b', stdin: '777777\n', expectedOutput: '' },
];

function interactive(code: string, validator: CustomOutputValidator, t = guessTests): JudgeJobData {
  return {
    ...job(code, t, { wallTimeMs: 3_000, cpuTimeMs: 1_000 }),
    outputValidation: { flags: [], custom: validator, interactive: true },
  };
}

describe('Python interactors', () => {
  it('binary search against a Python interactor: accepted on every test', async () => {
    const r = await judge.judge(interactive(SEARCH, python(GUESS_PY)));
    expect(
      r.results.map((x) => x.verdict),
      JSON.stringify(r.results),
    ).toEqual(['accepted', 'accepted']);
  });

  it("always guessing 2: the interactor's 43 is Wrong Answer, its message for admins", async () => {
    const code = mainWith(`
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        while (true) { System.out.println(2); System.out.flush(); in.readLine().length(); }`);
    const r = await judge.judge(interactive(code, python(GUESS_PY), guessTests.slice(1)));
    expect(r.results[0].verdict).toBe('wrong_answer');
    expect(r.results[0].feedback).toBe('too many guesses');
  });

  it('a program that exits early while the interactor waits: Wrong Answer, never a judge error', async () => {
    const r = await judge.judge(
      interactive(
        mainWith('System.out.println(5); System.out.flush();'),
        python(GUESS_PY),
        guessTests.slice(1),
      ),
    );
    expect(r.results[0].verdict, JSON.stringify(r.results[0])).toBe('wrong_answer');
  });
});

describe('hostile Python validators are judge errors, never accepted, the host unharmed', () => {
  // [what it does, its body]
  const cases: [string, string][] = [
    ['loops', 'while True:\n    pass'],
    ['floods', "while True:\n    sys.stdout.write('accepted ' * 1000)"],
    ['forks', 'import os\nfor _ in range(1000):\n    os.fork()\nwhile True:\n    pass'],
    ['never reads and sleeps', 'import time\ntime.sleep(60)\nsys.exit(42)'],
    ['exits 0', 'sys.exit(0)'],
    ['crashes', "raise RuntimeError('boom')"],
    ['writes outside its feedback directory', "open('/javelin-was-here', 'w').write('x')\nsys.exit(42)"],
  ];
  for (const [what, body] of cases) {
    it(`a validator that ${what}`, async () => {
      const validator = python(`import sys\n${body}\n`);
      const plain = await judge.judge(validated(SUM, validator, sumTests.slice(0, 1)));
      expect(plain.results[0].verdict, JSON.stringify(plain.results[0])).toBe('runtime_error');
      expect(plain.results[0].error.startsWith(CheckerErrors.prefix), plain.results[0].error).toBe(true);
      const talking = await judge.judge(interactive(SEARCH, validator, guessTests.slice(0, 1)));
      expect(talking.results[0].verdict).not.toBe('accepted');
      // A flood the program keeps reading ends when the program's time does (its verdict); the rest are judge errors.
      if (what !== 'floods')
        expect(talking.results[0].error, JSON.stringify(talking.results[0])).toMatch(/^Judge error: /);
      expect(existsSync('/javelin-was-here')).toBe(false);
    });
  }
});
