import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeJobData, JudgeJobResult, JudgeTest } from '@javelin/contracts';
import { ADD, ADD_TESTS, job, mainWith, SECRET } from './helpers';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';

let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig());
});

afterAll(async () => {
  await judge?.close();
});

function noLeak(r: JudgeJobResult): void {
  const all = JSON.stringify(r);
  expect(all).not.toContain(SECRET);
  expect(all).not.toContain('JUDGE_TEST_SECRET');
  expect(all).not.toContain('REDIS_URL');
}

/** Judge, and check that nothing of the host's environment leaked into the result. */
async function judged(data: JudgeJobData): Promise<JudgeJobResult> {
  const r = await judge.judge(data);
  noLeak(r);
  return r;
}

/** After every hostile program: a normal submission is judged correctly. */
async function normalStillWorks(): Promise<void> {
  const r = await judged(job(ADD, ADD_TESTS));
  expect(r.verdict, JSON.stringify(r)).toBe('accepted');
  expect(r.results.map((x) => x.verdict)).toEqual(['accepted', 'accepted', 'accepted']);
}

/** The java processes of finished runs are gone (nothing of the program lingers on the host). */
function noSandboxLeft(marker: string): void {
  const left: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes(marker)) left.push(`${pid}: ${cmd.replace(/\0/g, ' ').slice(0, 100)}`);
    } catch {
      /* exited */
    }
  }
  expect(left).toEqual([]);
}

describe('verdicts', () => {
  it('accepted, with trailing whitespace and blank lines ignored', async () => {
    const code = mainWith('System.out.print("1 2   \\n3\\t\\n\\n\\n");');
    const r = await judged(job(code, [{ id: 'x', stdin: '', expectedOutput: '1 2\n3' }]));
    expect(r).toMatchObject({
      verdict: 'accepted',
      results: [{ id: 'x', verdict: 'accepted', error: '', actualOutput: '1 2   \n3\t\n\n\n' }],
    });
    expect(r.results[0].executionTime).toBeGreaterThan(0);
  });

  it('wrong_answer; the submission verdict is the first failing test', async () => {
    const r = await judged(
      job(ADD, [
        { id: 'ok', stdin: '1\n1\n', expectedOutput: '2' },
        { id: 'bad', stdin: '1\n1\n', expectedOutput: '3' },
        { id: 'bad2', stdin: '1\n1\n', expectedOutput: ' 2' },
      ]),
    );
    expect(r.verdict).toBe('wrong_answer');
    expect(r.results.map((x) => [x.id, x.verdict])).toEqual([
      ['ok', 'accepted'],
      ['bad', 'wrong_answer'],
      ['bad2', 'wrong_answer'],
    ]);
    expect(r.results[1].actualOutput).toBe('2\n');
  });

  it('runtime_error carries the exception line', async () => {
    const r = await judged(job(mainWith('int z = args.length; System.out.println(1 / z);')));
    expect(r.verdict).toBe('runtime_error');
    expect(r.results[0].error).toBe('java.lang.ArithmeticException: / by zero');
  });

  it('runtime_error for a non-zero exit without an exception', async () => {
    const r = await judged(job(mainWith('System.out.println("partial"); System.exit(3);')));
    expect(r.results[0]).toMatchObject({ verdict: 'runtime_error', actualOutput: 'partial\n' });
    expect(r.results[0].error).toMatch(/code 3/);
  });

  it('compilation_error with javac line numbers of the user code', async () => {
    const code =
      'public class Main {\n    public static void main(String[] args) {\n        int x = "text";\n    }\n}\n';
    const r = await judged(job(code));
    expect(r.verdict).toBe('compilation_error');
    expect(r.results).toEqual([]);
    expect(r.compileError).toMatch(
      /^Main\.java:3: error: incompatible types: String cannot be converted to int\n/,
    );
    expect(r.compileError).toContain('int x = "text";');
    expect(r.compileError).toMatch(/1 error$/);
  });

  it('compilation_error when no class has a main method', async () => {
    const r = await judged(job('public class Main { static int f() { return 1; } }'));
    expect(r.verdict).toBe('compilation_error');
    expect(r.compileError).toMatch(/main/);
  });

  it('time_limit_exceeded (CPU) for an infinite loop, stopped near the CPU limit', async () => {
    const t0 = Date.now();
    const r = await judged(
      job(
        mainWith('long x = 0; while (true) { x++; if (x == -1) break; } System.out.println(x);'),
        undefined,
        { cpuTimeMs: 1000 },
      ),
    );
    expect(r.results[0].verdict).toBe('time_limit_exceeded');
    // On an idle machine the CPU watchdog stops it after ~1 s of CPU; on a loaded one the 5 s wall limit may come first.
    expect(r.results[0].error).toMatch(/CPU 1 s|wall 5 s/);
    expect(Date.now() - t0).toBeLessThan(8000);
  });

  it('time_limit_exceeded (wall) for Thread.sleep past the wall limit', async () => {
    const t0 = Date.now();
    const r = await judged(
      job(mainWith('Thread.sleep(60_000); System.out.println("woke");'), undefined, { wallTimeMs: 1500 }),
    );
    expect(r.results[0].verdict).toBe('time_limit_exceeded');
    expect(r.results[0].error).toMatch(/wall/);
    expect(Date.now() - t0).toBeLessThan(5000);
    noSandboxLeft('Thread.sleep');
  });

  it('memory_limit_exceeded for a heap bomb', async () => {
    const r = await judged(
      job(mainWith('List<long[]> keep = new ArrayList<>(); while (true) keep.add(new long[1 << 20]);')),
    );
    expect(r.results[0].verdict).toBe('memory_limit_exceeded');
    expect(r.results[0].error).toMatch(/OutOfMemoryError: Java heap space/);
    await normalStillWorks();
  });

  it('output_limit_exceeded for 100 MB of output', async () => {
    const t0 = Date.now();
    const r = await judged(
      job(
        mainWith(
          'StringBuilder sb = new StringBuilder(); for (int i = 0; i < 1000; i++) sb.append("xxxxxxxxx\\n"); String s = sb.toString(); for (int i = 0; i < 10_000; i++) System.out.print(s);',
        ),
      ),
    );
    expect(r.results[0].verdict).toBe('output_limit_exceeded');
    expect(r.results[0].actualOutput.length).toBeLessThan(100 * 1024);
    expect(Date.now() - t0).toBeLessThan(5000);
    await normalStillWorks();
  });

  it('tests with different verdicts in one submission', async () => {
    const code = mainWith(`
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
        String mode = r.readLine();
        switch (mode) {
            case "ok": System.out.println("fine"); break;
            case "wa": System.out.println("nope"); break;
            case "re": throw new IllegalStateException("bad state");
            case "tle": while (true) { }
        }`);
    const tests: JudgeTest[] = ['ok', 'wa', 're', 'tle'].map((m) => ({
      id: m,
      stdin: `${m}\n`,
      expectedOutput: 'fine',
    }));
    const r = await judged(job(code, tests, { cpuTimeMs: 1000 }));
    expect(r.verdict).toBe('wrong_answer');
    expect(r.results.map((x) => x.verdict)).toEqual([
      'accepted',
      'wrong_answer',
      'runtime_error',
      'time_limit_exceeded',
    ]);
    expect(r.results[2].error).toBe('java.lang.IllegalStateException: bad state');
  });

  it('UTF-8 input and output', async () => {
    const code = mainWith(
      'BufferedReader r = new BufferedReader(new InputStreamReader(System.in)); System.out.println(r.readLine().toUpperCase() + " ✓");',
    );
    const r = await judged(job(code, [{ id: 'u', stdin: 'héllo wörld\n', expectedOutput: 'HÉLLO WÖRLD ✓' }]));
    expect(r.verdict).toBe('accepted');
  });
});

describe('hostile programs', () => {
  it('fork bomb (ProcessBuilder re-launching java) is contained', async () => {
    const code = mainWith(`
        String java = System.getProperty("java.home") + "/bin/java";
        List<Process> ps = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            ps.add(new ProcessBuilder(java, "-cp", "/classes", "Main").inheritIO().start());
        }
        System.out.println("forked " + ps.size());`);
    const t0 = Date.now();
    const r = await judged(job(code, undefined, { wallTimeMs: 4000 }));
    expect(r.results[0].verdict).not.toBe('accepted');
    expect([
      'runtime_error',
      'time_limit_exceeded',
      'memory_limit_exceeded',
      'output_limit_exceeded',
    ]).toContain(r.results[0].verdict);
    expect(Date.now() - t0).toBeLessThan(8000);
    noLeak(r);
    noSandboxLeft('/classes Main');
    await normalStillWorks();
  });

  it('Runtime.exec of a shell fails: there is no shell in the sandbox', async () => {
    const r = await judged(
      job(
        mainWith(
          'Process p = Runtime.getRuntime().exec(new String[]{"/bin/sh", "-c", "echo pwned"}); System.out.println(new String(p.getInputStream().readAllBytes()));',
        ),
      ),
    );
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toMatch(/IOException: Cannot run program "\/bin\/sh"/);
    expect(r.results[0].actualOutput).not.toContain('pwned');
    await normalStillWorks();
  });

  it('thread bomb hits the process/thread limit', async () => {
    const code = mainWith(
      'while (true) { Thread t = new Thread(() -> { try { Thread.sleep(100_000); } catch (InterruptedException e) { } }); t.start(); }',
    );
    const r = await judged(job(code));
    expect(r.results[0].verdict).toBe('runtime_error');
    expect(r.results[0].error).toMatch(/Too many threads or processes \(limit 64\)/);
    await normalStillWorks();
  });

  it('native memory bomb (ByteBuffer.allocateDirect in a loop)', async () => {
    const code = mainWith(
      'List<ByteBuffer> keep = new ArrayList<>(); while (true) keep.add(ByteBuffer.allocateDirect(16 << 20));',
    );
    const r = await judged(job(code));
    expect(r.results[0].verdict).toBe('memory_limit_exceeded');
    await normalStillWorks();
  });

  it('native memory bomb beyond the JVM (Unsafe.allocateMemory) is OOM-killed by the cgroup', async () => {
    const code = mainWith(`
        java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        sun.misc.Unsafe u = (sun.misc.Unsafe) f.get(null);
        while (true) { long a = u.allocateMemory(64 << 20); u.setMemory(a, 64 << 20, (byte) 1); }`);
    // Time enough that only memory stops it: on a loaded machine its page faults near the limit can
    // outlast a 2 s limit (time_limit_exceeded, as it should be then).
    const r = await judged(job(code, undefined, { cpuTimeMs: 10_000, wallTimeMs: 30_000 }));
    expect(r.results[0].verdict).toBe('memory_limit_exceeded');
    await normalStillWorks();
  });

  it('infinite loop: time_limit_exceeded', async () => {
    const r = await judged(job(mainWith('int i = 0; while (true) i++;')));
    expect(r.results[0].verdict).toBe('time_limit_exceeded');
    await normalStillWorks();
  });

  it("reading host files: /etc/passwd is the sandbox's own, the judge's files are absent", async () => {
    const code = mainWith(`
        System.out.println(new String(Files.readAllBytes(Paths.get("/etc/passwd"))));
        for (String p : new String[]{"/work/main/apps/judge/src/judge.ts", "/root", "/home", "/etc/shadow", "/var/run/secrets", "/proc/1/environ", "${process.cwd()}/src/judge.ts"}) {
            try { System.out.println(p + " => " + new String(Files.readAllBytes(Paths.get(p))).replace('\\0', ' ')); }
            catch (Exception e) { System.out.println(p + " => " + e.getClass().getSimpleName()); }
        }`);
    const r = await judged(job(code));
    const out = r.results[0].actualOutput;
    expect(out).toMatch(/^sandbox:x:/);
    expect(out).not.toMatch(/root:x:0/);
    expect(out).toContain('/work/main/apps/judge/src/judge.ts => NoSuchFileException');
    expect(out).toContain('/etc/shadow => NoSuchFileException');
    expect(out).not.toContain('export class Judge');
    noLeak(r);
    await normalStillWorks();
  });

  it('environment: System.getenv and /proc/*/environ hold nothing of the host', async () => {
    const code = mainWith(`
        System.out.println(System.getenv());
        for (String pid : new File("/proc").list()) {
            if (!pid.matches("\\\\d+")) continue;
            try { System.out.println(pid + ": " + new String(Files.readAllBytes(Paths.get("/proc/" + pid + "/environ"))).replace('\\0', ' ')); }
            catch (Exception e) { System.out.println(pid + ": " + e.getClass().getSimpleName()); }
        }
        System.out.println(System.getProperty("user.name") + " " + System.getProperty("user.home"));`);
    const r = await judged(job(code));
    const out = r.results[0].actualOutput;
    expect(out).toMatch(/^\{(PWD=\/work)?\}\n/);
    expect(out).toMatch(/\n1: (PWD=\/ )?\n/); // bwrap's own environment holds nothing either
    expect(out).toContain('sandbox /work');
    noLeak(r);
    await normalStillWorks();
  });

  it('network: no socket reaches the host (Redis on 127.0.0.1:6379) or the outside', async () => {
    const code = mainWith(`
        for (String[] hp : new String[][]{{"127.0.0.1", "6379"}, {"8.8.8.8", "53"}, {"example.com", "80"}}) {
            try (java.net.Socket s = new java.net.Socket()) {
                s.connect(new java.net.InetSocketAddress(hp[0], Integer.parseInt(hp[1])), 1000);
                System.out.println("connected " + hp[0]);
            } catch (Exception e) { System.out.println("blocked " + hp[0]); }
        }`);
    const r = await judged(
      job(code, [
        { id: 'n', stdin: '', expectedOutput: 'blocked 127.0.0.1\nblocked 8.8.8.8\nblocked example.com' },
      ]),
    );
    expect(r.verdict, r.results[0].actualOutput).toBe('accepted');
    await normalStillWorks();
  });

  it('writing outside the work dir fails; the work dir is private and writable', async () => {
    const code = mainWith(`
        for (String p : new String[]{"/tmp/x", "/x", "/classes/x", "/etc/x", "/usr/x", "/proc/x", "/dev/x", "/work/x"}) {
            try { Files.write(Paths.get(p), "hi".getBytes()); System.out.println(p + " written"); }
            catch (Exception e) { System.out.println(p + " denied"); }
        }`);
    const r = await judged(
      job(code, [
        {
          id: 'w',
          stdin: '',
          expectedOutput:
            ['/tmp/x', '/x', '/classes/x', '/etc/x', '/usr/x', '/proc/x', '/dev/x']
              .map((p) => `${p} denied`)
              .join('\n') + '\n/work/x written',
        },
      ]),
    );
    expect(r.verdict, r.results[0].actualOutput).toBe('accepted');
    await normalStillWorks();
  });

  it('System.exit(0) before printing: wrong_answer with empty output', async () => {
    const r = await judged(
      job(mainWith('System.exit(0); System.out.println(3);'), [{ id: 'e', stdin: '', expectedOutput: '3' }]),
    );
    expect(r.results[0]).toMatchObject({ verdict: 'wrong_answer', actualOutput: '' });
    await normalStillWorks();
  });

  it('deep recursion of 10^5 frames works; infinite recursion is a StackOverflowError', async () => {
    const extra =
      '    static long depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }\n    static long forever(long n) { return forever(n + 1) + 1; }';
    const deep = await judged(
      job(mainWith('System.out.println(depth(100_000));', extra), [
        { id: 'd', stdin: '', expectedOutput: '100000' },
      ]),
    );
    expect(deep.verdict, JSON.stringify(deep)).toBe('accepted');
    const inf = await judged(job(mainWith('System.out.println(forever(0));', extra)));
    expect(inf.results[0].verdict).toBe('runtime_error');
    expect(inf.results[0].error).toBe('java.lang.StackOverflowError');
    await normalStillWorks();
  });

  it('huge static array: within the heap it works, beyond it is memory_limit_exceeded', async () => {
    const ok = await judged(
      job(mainWith('System.out.println(A.length);', '    static int[] A = new int[40_000_000];'), [
        { id: 'h', stdin: '', expectedOutput: '40000000' },
      ]),
    );
    expect(ok.verdict, JSON.stringify(ok)).toBe('accepted');
    const big = await judged(
      job(mainWith('System.out.println(A.length);', '    static long[] A = new long[400_000_000];')),
    );
    expect(big.results[0].verdict).toBe('memory_limit_exceeded');
    await normalStillWorks();
  });

  it('a public class named differently from Main (and a helper class) runs', async () => {
    const code =
      'import java.util.*;\nclass Helper { static int twice(int x) { return 2 * x; } }\npublic class Solution {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    System.out.println(Helper.twice(in.nextInt()));\n  }\n}\n';
    const r = await judged(job(code, [{ id: 's', stdin: '21\n', expectedOutput: '42' }]));
    expect(r.verdict, JSON.stringify(r)).toBe('accepted');
  });

  it('a class in a package runs', async () => {
    const code =
      'package contest.sol;\npublic class Answer {\n  public static void main(String[] args) { System.out.println("pkg"); }\n}\n';
    const r = await judged(job(code, [{ id: 'p', stdin: '', expectedOutput: 'pkg' }]));
    expect(r.verdict, JSON.stringify(r)).toBe('accepted');
  });

  it("the compile service's reused javac context keeps nothing of one submission for the next", async () => {
    // A submission declares package p and class p.Helper; the next imports it: as a fresh javac says,
    // it does not exist. Then a class in java.util (refused) and the first submission again.
    const declares =
      'package p;\nclass Helper { static int v() { return 7; } }\npublic class Main {\n  public static void main(String[] a) { System.out.println(Helper.v()); }\n}\n';
    const first = await judged(job(declares, [{ id: 'd', stdin: '', expectedOutput: '7' }]));
    expect(first.verdict, JSON.stringify(first)).toBe('accepted');
    const imports =
      'import p.Helper;\npublic class Main {\n  public static void main(String[] a) { System.out.println(Helper.v()); }\n}\n';
    const second = await judged(job(imports));
    expect(second.verdict).toBe('compilation_error');
    expect(second.compileError).toBe(
      'Main.java:1: error: package p does not exist\nimport p.Helper;\n        ^\nMain.java:3: error: cannot find symbol\n  public static void main(String[] a) { System.out.println(Helper.v()); }\n                                                           ^\n  symbol:   variable Helper\n  location: class Main\n2 errors',
    );
    const core = await judged(
      job('package java.util;\npublic class Main {\n  public static void main(String[] a) { }\n}\n'),
    );
    expect(core.verdict).toBe('compilation_error');
    expect(core.compileError).toMatch(/package exists in another module: java.base/);
    const again = await judged(job(`${declares}// again\n`, [{ id: 'd', stdin: '', expectedOutput: '7' }]));
    expect(again.verdict, JSON.stringify(again)).toBe('accepted');
  });

  it('compile-time bomb (a huge constant expression) is bounded by the compile limit', async () => {
    const decls = ['    static final String S0 = "abcdefghijklmnopqrstuvwxyz0123456789";'];
    for (let i = 1; i <= 32; i++) decls.push(`    static final String S${i} = S${i - 1} + S${i - 1};`);
    const t0 = Date.now();
    const r = await judged(job(mainWith('System.out.println(S32.length());', decls.join('\n'))));
    expect(r.verdict).toBe('compilation_error');
    expect(r.compileError).toMatch(/constant string too long|out of memory|timed out/);
    expect(Date.now() - t0).toBeLessThan(12_000);
    await normalStillWorks();
  });

  it('a compile that outlives the compile limit is stopped (exponential generic inference)', async () => {
    // var x = List.of(List.of(...), List.of(...)) nested 10 deep: javac needs ~40 s on this machine.
    let expr = '1';
    for (let i = 0; i < 10; i++) expr = `List.of(${expr}, ${expr})`;
    const t0 = Date.now();
    const r = await judged(
      job(mainWith(`var x = ${expr}; System.out.println(x.size());`), undefined, { compileWallTimeMs: 2000 }),
    );
    expect(r.verdict).toBe('compilation_error');
    expect(r.compileError).toBe('Compilation timed out (limit 2 s)');
    expect(Date.now() - t0).toBeLessThan(5000);
    await normalStillWorks();
  });

  it('runs under a seccomp filter, with no_new_privs, without capabilities, as the sandbox user', async () => {
    const code = mainWith(`
        for (String line : Files.readAllLines(Paths.get("/proc/self/status")))
            if (line.matches("(Seccomp|NoNewPrivs|CapEff|Uid):.*")) System.out.println(line);
`);
    const r = await judged(job(code));
    const out = r.results[0].actualOutput;
    expect(out).toMatch(/Seccomp:\s+2\n/);
    expect(out).toMatch(/NoNewPrivs:\s+1\n/);
    expect(out).toMatch(/CapEff:\s+0000000000000000\n/);
    expect(out).toMatch(/Uid:\s+(\d+)\s+\1\s+\1\s+\1\n/);
    expect(out).not.toMatch(/Uid:\s+0\s/);
  });

  it('killing every visible process only reaches the sandbox itself', async () => {
    const code = mainWith(
      'ProcessHandle.allProcesses().filter(p -> p.pid() != ProcessHandle.current().pid()).forEach(p -> System.out.println(p.pid() + " " + p.destroyForcibly()));\nSystem.out.println("done");',
    );
    const r = await judged(job(code, [{ id: 'k', stdin: '', expectedOutput: '1 true\ndone' }]));
    expect(r.verdict, JSON.stringify(r)).toBe('accepted');
    await normalStillWorks();
  });
});

describe('the entry point (issue 29): whichever class has main', () => {
  const hi = [{ id: 't', stdin: '', expectedOutput: 'hi' }];

  it.each([
    [
      'a lowercase class, not public',
      'class sol { public static void main(String[] a) { System.out.println("hi"); } }',
    ],
    [
      'a package and a lowercase public class',
      'package se.kth.jeroen;\nimport java.util.*;\npublic class jeroen { public static void main(String[] a) { System.out.println("hi"); } }',
    ],
    [
      'a helper class before the class with main',
      'class Helper { static String f() { return "hi"; } }\nclass Solution { public static void main(String[] a) { System.out.println(Helper.f()); } }',
    ],
  ])('%s runs', async (_what, code) => {
    const r = await judge.judge(job(code, hi));
    expect(r.verdict, JSON.stringify(r)).toBe('accepted');
  });

  it('two public top-level classes in one file is a compilation error that says so', async () => {
    const r = await judge.judge(
      job(
        'public class A { public static void main(String[] a) { System.out.println("hi"); } }\npublic class B {}',
        hi,
      ),
    );
    expect(r.verdict).toBe('compilation_error');
    expect(r.compileError).toBe(
      'Only one top-level class may be public in one file, but A, B are: remove "public" from all but the class with main.',
    );
  });
});
