import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeJobResult, JudgeTest, Verdict } from '@javelin/contracts';
import { EXACT_CHECKER, job, mainWith } from './helpers';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';

/**
 * The harness's promise (issue 27): every test behaves as a fresh `java Main`, whatever ran before it
 * in the same JVM — its memory, the JDK's process-wide state, its verdict.
 */
let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig({ mode: 'harness' }));
});

afterAll(async () => {
  await judge?.close();
});

const verdicts = (r: JudgeJobResult): Verdict[] => r.results.map((x) => x.verdict);

function same(n: number, stdin: string, expected: string): JudgeTest[] {
  return Array.from({ length: n }, (_, i) => ({ id: `t${i + 1}`, stdin, expectedOutput: expected }));
}

describe('memory: no test sees the memory of the tests before it', () => {
  it('a 160 MB static array at the 256 MB limit is accepted on each of 100 tests', async () => {
    const code = mainWith(
      'TABLE[TABLE.length - 1] = 7; System.out.println(TABLE.length + " " + TABLE[TABLE.length - 1]);',
      '    static final int[] TABLE = new int[40_000_000];',
    );
    const r = await judge.judge(job(code, same(100, '', '40000000 7'), { memoryMb: 256 }));
    expect(r.results).toHaveLength(100);
    expect(new Set(verdicts(r))).toEqual(new Set(['accepted']));
  });

  it('a 64 MB static array: accepted on each of 200 tests, and the heap is back to its baseline after each', async () => {
    const code = mainWith(
      'BIG[5] = 1; System.out.println(BIG.length);',
      '    static long[] BIG = new long[8_000_000];',
    );
    const r = await judge.judge(job(code, same(200, '', '8000000')), { reportHeap: true });
    expect(new Set(verdicts(r))).toEqual(new Set(['accepted']));
    const heap = r.heapBytes ?? [];
    expect(heap).toHaveLength(200);
    expect(heap.every((b) => typeof b === 'number')).toBe(true);
    const baseline = Math.min(...(heap as number[]));
    // The array alone is 64 MB: any test's statics left reachable would show as 64 MB more.
    expect(baseline).toBeLessThan(16 << 20);
    for (const [i, b] of heap.entries())
      expect(b, `heap after test ${i + 1}`).toBeLessThan(baseline + (8 << 20));
  });

  const BOMB = mainWith(
    `String mode = new BufferedReader(new InputStreamReader(System.in)).readLine().trim();
        if (mode.equals("bomb")) {
            List<long[]> hoard = new ArrayList<>();
            while (true) hoard.add(new long[1 << 20]);
        }
        System.out.println("fine " + TABLE.length);`,
    '    static final long[] TABLE = new long[4_000_000];',
  );
  /**
   * Time enough that only memory can stop the bomb: near a full heap its collector's threads spend the
   * JVM's CPU, and on a loaded machine a 2 s limit can come first (time_limit_exceeded, as it should).
   */
  const BOMB_LIMITS = { cpuTimeMs: 10_000, wallTimeMs: 30_000 };
  const bombTests = (): JudgeTest[] =>
    Array.from({ length: 20 }, (_, i) => ({
      id: `t${i + 1}`,
      stdin: i === 6 ? 'bomb\n' : 'ok\n',
      expectedOutput: 'fine 4000000',
    }));

  it('a submit with a memory bomb on test 7 of 20: memory limit exceeded on test 7, confirmed in a fresh JVM; 1-6 accepted; the rest not judged', async () => {
    const r = await judge.judge({ ...job(BOMB, bombTests(), BOMB_LIMITS), stopAtFirstFailure: true });
    expect(r.verdict).toBe('memory_limit_exceeded');
    expect(verdicts(r)).toEqual([...Array(6).fill('accepted'), 'memory_limit_exceeded']);
    expect(r.confirmedFresh).toEqual(['t7']);
  });

  it('the same program as a run over 20 examples: test 7 memory limit exceeded, the other 19 accepted', async () => {
    const r = await judge.judge(job(BOMB, bombTests(), BOMB_LIMITS));
    expect(r.results).toHaveLength(20);
    expect(verdicts(r)).toEqual([
      ...Array(6).fill('accepted'),
      'memory_limit_exceeded',
      ...Array(13).fill('accepted'),
    ]);
  });

  it('a memory verdict on the first test of a JVM is not run again', async () => {
    const tests = bombTests().slice(6, 8);
    const r = await judge.judge({ ...job(BOMB, tests, BOMB_LIMITS), stopAtFirstFailure: true });
    expect(verdicts(r)).toEqual(['memory_limit_exceeded']);
    expect(r.confirmedFresh).toEqual([]);
  });
});

describe('a submit stops at the first failing test', () => {
  const ECHO_SUM = mainWith(
    `String[] p = new BufferedReader(new InputStreamReader(System.in)).readLine().trim().split(" ");
        long a = Long.parseLong(p[0]), b = Long.parseLong(p[1]);
        System.out.println(a == 3 ? a - b : a + b);`,
  );
  const sumTests = Array.from({ length: 10 }, (_, i) => ({
    id: `t${i + 1}`,
    stdin: `${i + 1} 5\n`,
    expectedOutput: String(i + 6),
  }));

  it('a wrong answer on test 3 of 10: 2 accepted, 1 failed, the 7 after it not judged', async () => {
    const r = await judge.judge({ ...job(ECHO_SUM, sumTests), stopAtFirstFailure: true });
    expect(r.verdict).toBe('wrong_answer');
    expect(verdicts(r)).toEqual(['accepted', 'accepted', 'wrong_answer']);
  });

  it('a run (no stop) still judges every test', async () => {
    const r = await judge.judge(job(ECHO_SUM, sumTests));
    expect(r.results).toHaveLength(10);
    expect(verdicts(r).filter((v) => v !== 'accepted')).toEqual(['wrong_answer']);
  });

  it('a custom checker: the results end at the first test it rejects', async () => {
    const r = await judge.judge({
      ...job(ECHO_SUM, sumTests),
      checker: 'custom',
      checkerCode: EXACT_CHECKER,
      stopAtFirstFailure: true,
    });
    expect(verdicts(r)).toEqual(['accepted', 'accepted', 'wrong_answer']);
  });

  it('an endless loop on every test of 10: the submit ends with the first, within its limits', async () => {
    const loop = mainWith('long x = 0; while (true) x++;');
    const limits = { cpuTimeMs: 1000, wallTimeMs: 2500 };
    const t0 = performance.now();
    const r = await judge.judge({ ...job(loop, same(10, '', ''), limits), stopAtFirstFailure: true });
    const ms = performance.now() - t0;
    expect(verdicts(r)).toEqual(['time_limit_exceeded']);
    // One test's wall limit at most (a busy machine gives the loop less than a core), never ten.
    expect(ms).toBeLessThan(limits.wallTimeMs + 2000);
  });
});

/**
 * One program, one item of the JDK's process-wide state per mode: "write <item>" changes it and
 * prints it, "read <item>" prints it. Each item is a write test followed by a read test in the same
 * submission; the read must print what a fresh JVM prints. The truth is the same job judged with a
 * JVM per test.
 */
const JDK_STATE = `import java.io.*;
import java.net.*;
import java.security.Security;
import java.sql.DriverManager;
import java.util.*;
import java.util.concurrent.ForkJoinPool;
import java.util.logging.*;

public class Main {
    static class Noisy {
        @Override
        protected void finalize() {
            System.err.println("finalized");
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] cmd = in.readLine().trim().split(" ");
        boolean write = cmd[0].equals("write");
        switch (cmd[1]) {
            case "system-property":
                if (write) System.setProperty("javelin.stash", "secret");
                System.out.println(System.getProperty("javelin.stash"));
                break;
            case "security-property":
                if (write) Security.setProperty("stash", "hidden input 42");
                System.out.println(Security.getProperty("stash"));
                break;
            case "locale":
                if (write) Locale.setDefault(Locale.GERMANY);
                System.out.println(Locale.getDefault() + " " + String.format("%.1f", 1.5));
                break;
            case "time-zone":
                if (write) TimeZone.setDefault(TimeZone.getTimeZone("Asia/Tokyo"));
                System.out.println(TimeZone.getDefault().getID());
                break;
            case "url-stream-handler-factory":
                try {
                    URL.setURLStreamHandlerFactory(protocol -> null);
                    System.out.println("factory set now");
                } catch (Error e) {
                    System.out.println("factory was set before");
                }
                break;
            case "cookie-handler":
                if (write) CookieHandler.setDefault(new CookieManager());
                System.out.println(CookieHandler.getDefault() == null ? "none" : "set");
                break;
            case "proxy-selector":
                if (write) ProxySelector.setDefault(null);
                System.out.println(ProxySelector.getDefault() == null ? "none" : "default");
                break;
            case "authenticator":
                if (write) Authenticator.setDefault(new Authenticator() {});
                System.out.println(Authenticator.getDefault() == null ? "none" : "set");
                break;
            case "response-cache":
                if (write) ResponseCache.setDefault(new ResponseCache() {
                    public CacheResponse get(URI u, String m, Map<String, List<String>> h) { return null; }
                    public CacheRequest put(URI u, URLConnection c) { return null; }
                });
                System.out.println(ResponseCache.getDefault() == null ? "none" : "set");
                break;
            case "follow-redirects":
                if (write) HttpURLConnection.setFollowRedirects(false);
                System.out.println(HttpURLConnection.getFollowRedirects());
                break;
            case "url-connection-defaults":
                if (write) URLConnection.setDefaultAllowUserInteraction(true);
                System.out.println(URLConnection.getDefaultAllowUserInteraction());
                break;
            case "uncaught-exception-handler":
                if (write) Thread.setDefaultUncaughtExceptionHandler((t, e) -> {});
                System.out.println(Thread.getDefaultUncaughtExceptionHandler() == null ? "none" : "set");
                break;
            case "shutdown-hook":
                if (write) Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("hook ran")));
                System.out.println("main done");
                break;
            case "common-pool":
                if (write) {
                    System.setProperty("java.util.concurrent.ForkJoinPool.common.parallelism", "3");
                    ForkJoinPool.commonPool().submit(() -> { try { Thread.sleep(60_000); } catch (InterruptedException e) {} });
                }
                ForkJoinPool pool = ForkJoinPool.commonPool();
                System.out.println(write ? "parallelism " + ForkJoinPool.getCommonPoolParallelism()
                        : "parallelism " + ForkJoinPool.getCommonPoolParallelism() + ", busy " + (pool.getActiveThreadCount() + pool.getQueuedSubmissionCount()));
                break;
            case "logging":
                if (write) Logger.getLogger("").setLevel(Level.OFF);
                System.out.println(Logger.getLogger("").getLevel());
                break;
            case "driver-manager":
                if (write) DriverManager.setLoginTimeout(42);
                System.out.println(DriverManager.getLoginTimeout());
                break;
            case "system-streams":
                if (write) {
                    System.setIn(new ByteArrayInputStream("write system-streams\\n".getBytes()));
                    System.setErr(System.out);
                }
                System.err.println("to stderr");
                System.out.println("next line: " + in.readLine());
                break;
            case "security-manager":
                try {
                    System.setSecurityManager(new SecurityManager());
                    System.out.println("installed");
                } catch (UnsupportedOperationException e) {
                    System.out.println("disallowed");
                }
                break;
            case "finalizer":
                if (write) for (int i = 0; i < 1000; i++) new Noisy();
                System.gc();
                Thread.sleep(50);
                System.out.println("done");
                break;
            default:
                System.out.println("unknown " + cmd[1]);
        }
    }
}
`;

const ITEMS = [
  'system-property',
  'security-property',
  'locale',
  'time-zone',
  'url-stream-handler-factory',
  'cookie-handler',
  'proxy-selector',
  'authenticator',
  'response-cache',
  'follow-redirects',
  'url-connection-defaults',
  'uncaught-exception-handler',
  'shutdown-hook',
  'common-pool',
  'logging',
  'driver-manager',
  'system-streams',
  'security-manager',
  'finalizer',
];

describe('JDK-wide state: what a test writes, the next test does not see', () => {
  const tests: JudgeTest[] = ITEMS.flatMap((item) => [
    { id: `write ${item}`, stdin: `write ${item}\nline two\n`, expectedOutput: '' },
    { id: `read ${item}`, stdin: `read ${item}\nline two\n`, expectedOutput: '' },
  ]);
  let fresh: Map<string, string>;

  beforeAll(async () => {
    // The truth: each test in a JVM of its own.
    const r = await judge.judge(job(JDK_STATE, tests), { mode: 'per-test' });
    fresh = new Map(r.results.map((x) => [x.id, x.actualOutput.trim()]));
  });

  it('a fresh JVM per test prints the values a fresh JVM has (the truth the harness is held to)', () => {
    expect(fresh.get('read system-property')).toBe('null');
    expect(fresh.get('read security-property')).toBe('null');
    expect(fresh.get('write security-property')).toBe('hidden input 42');
    expect(fresh.get('read url-stream-handler-factory')).toBe('factory set now');
    expect(fresh.get('read cookie-handler')).toBe('none');
    expect(fresh.get('read follow-redirects')).toBe('true');
    expect(fresh.get('write shutdown-hook')).toBe('main done\nhook ran');
    expect(fresh.get('read shutdown-hook')).toBe('main done');
    expect(fresh.get('read logging')).toBe('INFO');
    expect(fresh.get('read driver-manager')).toBe('0');
    expect(fresh.get('read system-streams')).toBe('next line: line two');
    expect(fresh.get('read security-manager')).toBe('disallowed');
  });

  it.each(ITEMS)(
    '%s: written in one test, the next test in the same submission sees the fresh value',
    async (item) => {
      const pair = tests.filter((t) => t.id.endsWith(` ${item}`));
      const r = await judge.judge(
        job(
          JDK_STATE,
          pair.map((t) => ({ ...t, expectedOutput: fresh.get(t.id) ?? '' })),
        ),
      );
      expect(
        r.results.map((x) => [x.id, x.actualOutput.trim()]),
        JSON.stringify(r.results),
      ).toEqual(pair.map((t) => [t.id, fresh.get(t.id)]));
      expect(verdicts(r)).toEqual(['accepted', 'accepted']);
      if (item === 'finalizer') expect(r.results[1].stderr ?? '').not.toContain('finalized');
    },
  );

  it('all items in one submission, each write followed by its read: every output is the fresh one', async () => {
    const r = await judge.judge(
      job(
        JDK_STATE,
        tests.map((t) => ({ ...t, expectedOutput: fresh.get(t.id) ?? '' })),
      ),
    );
    expect(r.results.map((x) => [x.id, x.actualOutput.trim()])).toEqual(
      tests.map((t) => [t.id, fresh.get(t.id)]),
    );
    expect(new Set(verdicts(r))).toEqual(new Set(['accepted']));
  });
});

describe('a runtime error reads as `java Main` prints it', () => {
  it('the trace of an uncaught exception (with a cause) ends at main, without harness frames, as in a JVM of its own', async () => {
    const code = mainWith(
      'f(Integer.parseInt(new BufferedReader(new InputStreamReader(System.in)).readLine().trim()));',
      `    static void f(int n) {
        try {
            g(n);
        } catch (ArithmeticException e) {
            throw new IllegalStateException("f failed for " + n, e);
        }
    }
    static int g(int n) { return 10 / n; }`,
    );
    const tests = [{ id: 't', stdin: '0\n', expectedOutput: '' }];
    const harness = await judge.judge(job(code, tests));
    const fresh = await judge.judge(job(code, tests), { mode: 'per-test' });
    const stderr = harness.results[0].stderr ?? '';
    expect(harness.results[0].verdict).toBe('runtime_error');
    expect(stderr).toBe(fresh.results[0].stderr);
    expect(stderr).not.toMatch(/Harness|java\.lang\.invoke/);
    expect(stderr).toContain('Caused by: java.lang.ArithmeticException: / by zero');
    expect(stderr.match(/Exception in thread "main"/g)).toHaveLength(1);
  });
});
