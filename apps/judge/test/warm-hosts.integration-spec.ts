import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckerErrors, type CustomOutputValidator, type JudgeJobData, type JudgeTestResult } from '@javelin/contracts';
import { job, SEARCH_MAIN, sumTests, validatedSum } from './helpers';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';

/**
 * Validator hosts kept warm from one submission to the next (issue 42, grader/host-pool.ts): the next
 * submission of a problem is served by the JVM, interpreter or sandbox the last one used, one
 * submission at a time, and sees nothing of the submissions before it: its runs' files only, the FIFO
 * root unlistable. A host a validator broke serves no one again; another validator never gets it.
 *
 * Each validator below writes to judgemessage.txt (the result's feedback) what identifies the process
 * that serves its runs (the JVM's start time, the Python server's address of `sys`, the C++ host's start
 * time), what it sees in /work, and whether it could list /interact.
 */
let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig({ mode: 'harness', concurrency: 2 }));
});

afterAll(async () => {
  await judge?.close();
});

/** A class Host whose id() tells the JVM it runs in: its start time and where its stack is (randomised per process). */
const HOST_CLASS = `class Host {
  static String id() throws IOException {
    String stat = Files.readString(Path.of("/proc/self/stat"));
    String start = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[19];
    String stack = Files.readAllLines(Path.of("/proc/self/maps")).stream().filter(l -> l.endsWith("[stack]")).findFirst().orElse("?").split(" ")[0];
    return start + "@" + stack;
  }
}
`;

/**
 * A Java validator that reports its JVM and when its run began and ended (after `before`); on a first
 * number 7 it leaves a thread running (its JVM then ends).
 */
const javaReporter = (salt: string, before = ''): CustomOutputValidator => ({
  language: 'java',
  files: [
    {
      path: 'Reporter.java',
      content: `import java.io.*;
import java.nio.file.*;
public class Reporter {
  // ${salt}
  public static void main(String[] a) throws Exception {
    long from = System.currentTimeMillis();
    ${before}
    long first = Long.parseLong(Files.readString(Path.of(a[0])).trim().split(" ")[0]);
    boolean right = Files.readString(Path.of(a[1])).trim().equals(new String(System.in.readAllBytes()).trim());
    String jvm = Host.id();
    String[] work = new File("/work").list();
    String[] fifos = new File("/interact").list();
    Files.writeString(Path.of(a[2] + "judgemessage.txt"), "host " + jvm + " work " + work.length + " interact " + (fifos == null ? "unlisted" : "listed") + " at " + from + "-" + System.currentTimeMillis());
    if (first == 7) { Thread t = new Thread(() -> { while (true) { } }); t.setDaemon(true); t.start(); }
    System.exit(right ? 42 : 43);
  }
}

${HOST_CLASS}`,
    },
  ],
});

const pythonReporter: CustomOutputValidator = {
  language: 'python',
  files: [
    {
      path: 'reporter.py',
      content: `import os, sys
right = open(sys.argv[2]).read().split() == sys.stdin.read().split()
try:
    os.listdir('/interact')
    fifos = 'listed'
except PermissionError:
    fifos = 'unlisted'
with open(sys.argv[3] + 'judgemessage.txt', 'w') as f:
    f.write('host %d work %d interact %s' % (id(sys), len(os.listdir('/work')), fifos))
sys.exit(42 if right else 43)
`,
    },
  ],
};

const cppReporter: CustomOutputValidator = {
  language: 'cpp',
  files: [
    {
      path: 'reporter.cpp',
      content: `#include <dirent.h>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>
// The process that forked this one (the host): its start time (field 22 of /proc/<pid>/stat) and where
// its stack is (randomised per process).
static std::string hostId() {
  std::string proc = "/proc/" + std::to_string(getppid());
  std::ifstream f(proc + "/stat");
  std::string all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  std::istringstream rest(all.substr(all.rfind(')') + 2));
  std::string field, line, stack = "?";
  for (int i = 3; i <= 22; i++) rest >> field;
  std::ifstream maps(proc + "/maps");
  while (std::getline(maps, line))
    if (line.size() >= 7 && line.compare(line.size() - 7, 7, "[stack]") == 0) stack = line.substr(0, line.find(' '));
  return field + "@" + stack;
}
int main(int argc, char** argv) {
  std::ifstream answer(argv[2]);
  std::string want, got, wanted, gave;
  while (answer >> want) wanted += want + " ";
  while (std::cin >> got) gave += got + " ";
  int entries = 0;
  if (DIR* d = opendir("/work")) { while (dirent* e = readdir(d)) if (e->d_name[0] != '.') entries++; closedir(d); }
  DIR* fifos = opendir("/interact");
  std::ofstream(std::string(argv[3]) + "judgemessage.txt") << "host " << hostId() << " work " << entries
      << " interact " << (fifos ? "listed" : "unlisted");
  return wanted == gave ? 42 : 43;
}
`,
    },
  ],
};

const verdicts = (results: JudgeTestResult[]) => results.map((r) => r.verdict);
const feedback = (results: JudgeTestResult[]) => results.map((r) => r.feedback ?? '');
/** The host a result's validator ran in (its feedback's first words). */
const hostOf = (r: JudgeTestResult) => /^host (\S+) /.exec(r.feedback ?? '')?.[1] ?? `none: ${r.feedback}`;

describe.each([
  ['Java', javaReporter('one')],
  ['Python', pythonReporter],
  ['C++', cppReporter],
])('a %s validator', (_, validator) => {
  it("serves the next submission from the same host, which sees only that submission's runs", async () => {
    const first = await judge.judge(validatedSum(validator, sumTests(1, 2)));
    const second = await judge.judge(validatedSum(validator, sumTests(3, 4, 5)));
    const all = [...first.results, ...second.results];
    expect(verdicts(all), JSON.stringify(all)).toEqual(Array(5).fill('accepted'));
    expect(new Set(all.map(hostOf)).size, JSON.stringify(feedback(all))).toBe(1);
    // /work holds one directory: this submission's (the one before it is gone); /interact lists nothing.
    for (const f of feedback(all)) expect(f).toMatch(/ work 1 interact unlisted( at \d+-\d+)?$/);
  });
});

describe('a warm host', () => {
  it('never serves another validator', async () => {
    const one = await judge.judge(validatedSum(javaReporter('one'), sumTests(1)));
    const other = await judge.judge(validatedSum(javaReporter('other'), sumTests(1)));
    expect(verdicts([...one.results, ...other.results])).toEqual(['accepted', 'accepted']);
    expect(hostOf(one.results[0])).not.toBe(hostOf(other.results[0]));
  });

  it('serves one submission at a time: two judged at once each have a host of their own', async () => {
    const slow = javaReporter('slow', 'Thread.sleep(800);');
    const [a, b] = await Promise.all([
      judge.judge(validatedSum(slow, sumTests(1, 2))),
      judge.judge(validatedSum(slow, sumTests(3, 4))),
    ]);
    expect(verdicts([...a.results, ...b.results])).toEqual(Array(4).fill('accepted'));
    // Each submission's runs in one host, from its first run's start to its last run's end.
    const span = (rs: JudgeTestResult[]) => {
      const times = rs.flatMap((r) => (/ at (\d+)-(\d+)$/.exec(r.feedback ?? '') ?? []).slice(1).map(Number));
      return [Math.min(...times), Math.max(...times)];
    };
    expect(hostOf(a.results[0])).toBe(hostOf(a.results[1]));
    expect(hostOf(b.results[0])).toBe(hostOf(b.results[1]));
    const [[a0, a1], [b0, b1]] = [span(a.results), span(b.results)];
    // Judged at once (each run sleeps 0.8 s): their validations overlap, so their hosts differ.
    expect(a0 < b1 && b0 < a1, JSON.stringify(feedback([...a.results, ...b.results]))).toBe(true);
    expect(hostOf(a.results[0])).not.toBe(hostOf(b.results[0]));
  });

  it('a validator left a thread in ends after its answer: the next submission gets a fresh JVM', async () => {
    const validator = javaReporter('threads');
    const first = await judge.judge(validatedSum(validator, sumTests(7)));
    const second = await judge.judge(validatedSum(validator, sumTests(1, 2)));
    expect(verdicts([...first.results, ...second.results])).toEqual(['accepted', 'accepted', 'accepted']);
    expect(hostOf(second.results[0])).not.toBe(hostOf(first.results[0]));
    expect(hostOf(second.results[0])).toBe(hostOf(second.results[1]));
  });
});

describe('an interactor', () => {
  const guess: CustomOutputValidator = {
    language: 'java',
    files: [
      {
        path: 'Guess.java',
        content: `import java.io.*;
import java.nio.file.*;
public class Guess {
  public static void main(String[] a) throws IOException {
    long n = Long.parseLong(Files.readString(Path.of(a[0])).trim());
    String jvm = Host.id();
    Files.writeString(Path.of(a[2] + "judgemessage.txt"), "host " + jvm + " interact " + (new File("/interact").list() == null ? "unlisted" : "listed"));
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

${HOST_CLASS}`,
      },
    ],
  };
  const interactive = (numbers: number[]): JudgeJobData => ({
    ...job(
      SEARCH_MAIN,
      numbers.map((n, i) => ({ id: `g${i}`, stdin: `${n}\n`, expectedOutput: '' })),
      { wallTimeMs: 3_000, cpuTimeMs: 1_000 },
    ),
    outputValidation: { flags: [], custom: guess, interactive: true },
  });

  it("talks to the next submission's harness from the same JVM, through FIFOs it cannot list", async () => {
    const first = await judge.judge(interactive([1, 777_777]));
    const second = await judge.judge(interactive([1_000_000, 5]));
    const all = [...first.results, ...second.results];
    expect(verdicts(all), JSON.stringify(all)).toEqual(Array(4).fill('accepted'));
    expect(new Set(all.map(hostOf)).size, JSON.stringify(feedback(all))).toBe(1);
    for (const f of feedback(all)) expect(f).toMatch(/ interact unlisted$/);
  });
});

/**
 * A C++ validator linked with its host (executor/cpp.ts, native/validator-host.c) is its own fork server:
 * each run is a fork of a process whose static initializers already ran, not an exec. Each validator
 * below writes to judgemessage.txt the pid its static initializer ran in, its own, its parent's, and a
 * static counter its main raises.
 */
describe('a C++ validator, its own fork server', () => {
  const reporter = (extra = ''): CustomOutputValidator => ({
    language: 'cpp',
    files: [
      {
        path: 'forked.cpp',
        content: `#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <unistd.h>
static int initPid = getpid();
static int runs = 0;
${extra}
int main(int argc, char** argv) {
  runs++;
  std::ifstream answer(argv[2]);
  std::string want, got, wanted, gave;
  while (answer >> want) wanted += want + " ";
  while (std::cin >> got) gave += got + " ";
  std::ofstream(std::string(argv[3]) + "judgemessage.txt") << "init " << initPid << " self " << getpid()
      << " parent " << getppid() << " runs " << runs;
  return wanted == gave ? 42 : 43;
}
`,
      },
    ],
  });
  const fields = (r: JudgeTestResult) => {
    const m = /^init (\d+) self (\d+) parent (\d+) runs (\d+)$/.exec(r.feedback ?? '');
    if (!m) throw new Error(`no report: ${JSON.stringify(r)}`);
    const [init, self, parent, runs] = m.slice(1).map(Number);
    return { init, self, parent, runs };
  };

  it('runs its static initializers once, in the host, and starts every run from that state', async () => {
    const validator = reporter();
    const first = await judge.judge(validatedSum(validator, sumTests(1, 2, 3)));
    const second = await judge.judge(validatedSum(validator, sumTests(4, 5)));
    const all = [...first.results, ...second.results];
    expect(verdicts(all), JSON.stringify(all)).toEqual(Array(all.length).fill('accepted'));
    const reports = all.map(fields);
    // Initialized in the process that forks every run (the host), once for all the runs.
    for (const r of reports) {
      expect(r.init).toBe(r.parent);
      expect(r.self).not.toBe(r.init);
      expect(r.init).toBe(reports[0].init);
      // What one run changed is not what the next one starts from.
      expect(r.runs).toBe(1);
    }
    expect(new Set(reports.map((r) => r.self)).size).toBe(reports.length);
  });

  it('a validator whose main cannot be renamed is exec-ed by the host, as before', async () => {
    // Its own javelin_validator_main clashes with the renamed main: the fork-server link fails.
    const validator = reporter('extern "C" int javelin_validator_main(int, char**, char**) { return 0; }');
    const { results } = await judge.judge(validatedSum(validator, sumTests(1, 2)));
    expect(verdicts(results), JSON.stringify(results)).toEqual(['accepted', 'accepted']);
    // Initialized in its own process: an exec, not a fork of the host.
    for (const r of results.map(fields)) expect(r).toMatchObject({ init: r.self, runs: 1 });
  });

  it('a validator that writes to standard output before main is a judge error, never a verdict', async () => {
    const validator = reporter('static int early = (std::printf("hello\\n"), std::fflush(stdout), 0);');
    const { results } = await judge.judge(validatedSum(validator, sumTests(1, 2)));
    for (const r of results) {
      expect(r.verdict, JSON.stringify(r)).toBe('runtime_error');
      expect(r.error.startsWith(CheckerErrors.prefix), JSON.stringify(r)).toBe(true);
    }
  });

  it('a run that rewrites a table its static initializers filled fits, as a fresh process of the limit would', async () => {
    // 160 MiB filled in the host, rewritten by every run: the host's copy and the run's together are
    // over the validator's 256 MiB, a fresh process's one copy under it.
    const validator = reporter(
      '#include <vector>\nstatic std::vector<char> table(160 << 20, 1);',
    );
    const rewriting = {
      ...validator,
      files: validator.files.map((f) => ({
        ...f,
        content: f.content.replace('  runs++;', '  runs++;\n  for (char& c : table) c = 2;'),
      })),
    };
    const { results } = await judge.judge(validatedSum(rewriting, sumTests(1, 2)));
    expect(verdicts(results), JSON.stringify(results)).toEqual(['accepted', 'accepted']);
    for (const r of results.map(fields)) expect(r.init).toBe(r.parent);
  });

  it("flushes a run's buffered output at its exit, and takes the code of an exit() deep in a call", async () => {
    const guess: CustomOutputValidator = {
      language: 'cpp',
      files: [
        {
          path: 'guess.cpp',
          content: `#include <cstdio>
#include <cstdlib>
#include <fstream>
static void giveUp() { std::exit(43); }
int main(int argc, char** argv) {
  std::ifstream in(argv[1]);
  long n; in >> n;
  for (int q = 0; q < 25; q++) {
    long g;
    if (scanf("%ld", &g) != 1) giveUp();
    // The last line is left in the buffer: the run's exit writes it.
    if (g == n) { printf("correct\\n"); return n == 13 ? 43 : 42; }
    printf(g < n ? "higher\\n" : "lower\\n"); fflush(stdout);
  }
  giveUp();
}
`,
        },
      ],
    };
    const tests = [1, 777_777, 13].map((n, i) => ({ id: `g${i}`, stdin: `${n}\n`, expectedOutput: '' }));
    const data: JudgeJobData = {
      ...job(SEARCH_MAIN, tests, { wallTimeMs: 3_000, cpuTimeMs: 1_000 }),
      outputValidation: { flags: [], custom: guess, interactive: true },
    };
    const { results } = await judge.judge(data);
    expect(verdicts(results), JSON.stringify(results)).toEqual(['accepted', 'accepted', 'wrong_answer']);
  });
});

describe("a host's test files", () => {
  // Reports the paths it was given for the input and the answer, and what its /files holds.
  const paths: CustomOutputValidator = {
    language: 'cpp',
    files: [
      {
        path: 'paths.cpp',
        content: `#include <dirent.h>
#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char** argv) {
  std::ifstream answer(argv[2]);
  std::string want, got;
  answer >> want;
  std::cin >> got;
  auto entries = [](const std::string& path) {
    int n = 0;
    if (DIR* d = opendir(path.c_str())) { while (dirent* e = readdir(d)) if (e->d_name[0] != '.') n++; closedir(d); }
    return n;
  };
  // What the other runs' feedback directories hold (this submission's runs before it, nothing older).
  int others = 0;
  if (DIR* d = opendir("/work/runs")) {
    while (dirent* e = readdir(d)) {
      std::string feedback = std::string("/work/runs/") + e->d_name + "/feedback/";
      if (e->d_name[0] != '.' && feedback != argv[3]) others += entries(feedback);
    }
    closedir(d);
  }
  std::ofstream(std::string(argv[3]) + "judgemessage.txt") << argv[1] << " " << argv[2] << " " << entries("/files") << " " << others;
  return want == got ? 42 : 43;
}
`,
      },
    ],
  };
  const report = (r: JudgeTestResult) => (r.feedback ?? '').split(' ');

  it('keeps small ones once for the host, named by their content; writes a large one into the run; keeps no feedback from one submission to the next', async () => {
    const first = await judge.judge(validatedSum(paths, sumTests(1, 2)));
    const big = { id: 'big', stdin: `5 2\n${' '.repeat(70_000)}\n`, expectedOutput: '7\n' };
    const second = await judge.judge(validatedSum(paths, [...sumTests(1), big]));
    const all = [...first.results, ...second.results];
    expect(verdicts(all), JSON.stringify(all)).toEqual(Array(4).fill('accepted'));
    const [one, two, again, large] = all.map(report);
    for (const [input, answer] of [one, two, again])
      for (const path of [input, answer]) expect(path).toMatch(/^\/files\/[0-9a-f]{64}$/);
    // The same test's files in the next submission: the same names, nothing written again.
    expect(again.slice(0, 2)).toEqual(one.slice(0, 2));
    expect(two[0]).not.toBe(one[0]);
    expect(again[2]).toBe('4');
    // Too large to keep: the run's own copy, under /work; its answer (small) is kept.
    expect(large[0]).toBe('/work/runs/v1/input');
    expect(large[1]).toMatch(/^\/files\//);
    // The run directories are kept from one submission to the next, emptied: the second submission's
    // first run sees nothing of the first's feedback; each second run sees its own submission's first.
    expect(all.map((r) => report(r)[3])).toEqual(['0', '1', '0', '1']);
  });
});
