import { cpus, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeJobResult, JudgeTest, Verdict } from '@javelin/contracts';
import { ADD, ADD_TESTS, job, mainWith } from './helpers';
import { Judge } from '../src/judge';
import { loadConfig } from '../src/config';

/** The harness path (the default mode) with one test per stdin line "mode value". */
let judge: Judge;

beforeAll(async () => {
  judge = await Judge.create(loadConfig({ mode: 'harness' }));
});

afterAll(async () => {
  await judge?.close();
});

function tests(n: number, input: (i: number) => string, expected: (i: number) => string): JudgeTest[] {
  return Array.from({ length: n }, (_, i) => ({ id: `t${i}`, stdin: input(i), expectedOutput: expected(i) }));
}

/** One test per mode: its input is the mode's line, its expected output `expected(mode)` ("ok <mode>" by default). */
function modeTests(modes: string[], expected: (mode: string) => string = (m) => `ok ${m}`): JudgeTest[] {
  return tests(
    modes.length,
    (i) => `${modes[i]}\n`,
    (i) => expected(modes[i]),
  );
}

const verdicts = (r: JudgeJobResult): Verdict[] => r.results.map((x) => x.verdict);

async function normalStillWorks(): Promise<void> {
  const r = await judge.judge(job(ADD, ADD_TESTS));
  expect(r.verdict, JSON.stringify(r)).toBe('accepted');
}

/** Reads one line "mode" from stdin and acts on it; prints "ok <mode>" when it simply returns. */
function byMode(cases: string, extra = ''): string {
  return mainWith(
    `
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String mode = in.readLine().trim();
        switch (mode) {
${cases}
            default: System.out.println("ok " + mode);
        }`,
    extra,
  );
}

describe('each test as a fresh program', () => {
  it('a static counter starts at zero in every test', async () => {
    const code = mainWith(
      'counter++; System.out.println(counter);',
      '    static int counter;\n    static final List<Integer> SEEN = new ArrayList<>();',
    );
    const r = await judge.judge(
      job(
        code,
        tests(
          6,
          () => '',
          () => '1',
        ),
      ),
    );
    expect(verdicts(r)).toEqual(Array(6).fill('accepted'));
  });

  it('System.exit(0) after printing is accepted, System.exit(3) is a runtime error, and the tests go on', async () => {
    const code = byMode(`            case "exit0": System.out.print("bye"); System.exit(0);
            case "exit3": System.out.println("partial"); System.exit(3);`);
    const modes = ['a', 'exit0', 'b', 'exit3', 'c', 'exit0'];
    const r = await judge.judge(
      job(
        code,
        tests(
          6,
          (i) => `${modes[i]}\n`,
          (i) =>
            modes[i].startsWith('exit') ? (modes[i] === 'exit0' ? 'bye' : 'partial') : `ok ${modes[i]}`,
        ),
      ),
    );
    expect(verdicts(r)).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'runtime_error',
      'accepted',
      'accepted',
    ]);
    expect(r.results[3]).toMatchObject({ actualOutput: 'partial\n' });
    expect(r.results[3].error).toMatch(/code 3/);
  });

  it('System.exit from another thread, Runtime.exit and Runtime.halt end that test with their status', async () => {
    const code =
      byMode(`            case "thread": System.out.println("t"); Thread w = new Thread(() -> System.exit(4)); w.start(); Thread.sleep(60_000);
            case "rt0": System.out.println("r"); Runtime.getRuntime().exit(0);
            case "halt5": System.out.println("h"); Runtime.getRuntime().halt(5);`);
    const modes = ['thread', 'a', 'rt0', 'b', 'halt5', 'c'];
    const expected = { thread: 't', rt0: 'r', halt5: 'h' } as Record<string, string>;
    const r = await judge.judge(
      job(
        code,
        modeTests(modes, (m) => expected[m] ?? `ok ${m}`),
      ),
    );
    expect(verdicts(r)).toEqual([
      'runtime_error',
      'accepted',
      'accepted',
      'accepted',
      'runtime_error',
      'accepted',
    ]);
    expect(r.results[0].error).toMatch(/code 4/);
    expect(r.results[4].error).toMatch(/code 5/);
    expect(r.results[4].actualOutput).toBe('h\n');
  });

  it('output through a PrintWriter flushed before System.exit is kept; unflushed is lost, as in a real JVM', async () => {
    const code =
      byMode(`            case "flushed": { PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out))); w.println("kept"); w.flush(); System.exit(0); }
            case "unflushed": { PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out))); w.println("lost"); System.exit(0); }`);
    const modes = ['flushed', 'unflushed', 'flushed', 'x', 'flushed'];
    const r = await judge.judge(
      job(
        code,
        modeTests(modes, (m) => (m === 'x' ? 'ok x' : 'kept')),
      ),
    );
    expect(verdicts(r)).toEqual(['accepted', 'wrong_answer', 'accepted', 'accepted', 'accepted']);
    expect(r.results[1].actualOutput).toBe('');
  });

  it('a worker thread with a big stack is joined, as a process waits for its non-daemon threads', async () => {
    const extra = '    static long depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }';
    const code = mainWith(
      `int n = Integer.parseInt(new BufferedReader(new InputStreamReader(System.in)).readLine().trim());
        new Thread(null, () -> { try { Thread.sleep(50); } catch (InterruptedException e) { } System.out.println(depth(n)); }, "worker", 512L << 20).start();`,
      extra,
    );
    const r = await judge.judge(
      job(
        code,
        tests(
          5,
          (i) => `${(i + 1) * 200_000}\n`,
          (i) => `${(i + 1) * 200_000}`,
        ),
      ),
    );
    expect(verdicts(r), JSON.stringify(r.results.map((x) => x.error))).toEqual(Array(5).fill('accepted'));
  });

  it('one test that loops forever: time limit exceeded on it, every other test judged and passed', async () => {
    const code = byMode(
      '            case "loop": { long x = 0; while (true) { x++; if (x == -1) break; } System.out.println(x); }',
    );
    const modes = ['a', 'b', 'loop', 'c', 'd', 'e'];
    const r = await judge.judge(job(code, modeTests(modes), { cpuTimeMs: 1000 }));
    expect(verdicts(r)).toEqual([
      'accepted',
      'accepted',
      'time_limit_exceeded',
      'accepted',
      'accepted',
      'accepted',
    ]);
    expect(r.results[2].error).toMatch(/CPU 1 s|wall 5 s/);
  });

  it('memory limit exceeded in one test, then the rest judged', async () => {
    const code = byMode(
      '            case "mle": { List<long[]> keep = new ArrayList<>(); while (true) keep.add(new long[1 << 20]); }',
    );
    const modes = ['a', 'mle', 'b', 'c', 'd'];
    const r = await judge.judge(job(code, modeTests(modes)));
    expect(verdicts(r)).toEqual(['accepted', 'memory_limit_exceeded', 'accepted', 'accepted', 'accepted']);
    expect(r.results[1].error).toMatch(/OutOfMemoryError: Java heap space/);
  });

  it.each([
    [
      'readAllBytes',
      'String s = new String(System.in.readAllBytes()); long sum = 0; for (String t : s.trim().split("\\\\s+")) sum += Long.parseLong(t); System.out.println(sum);',
    ],
    [
      'Scanner',
      'Scanner sc = new Scanner(System.in); long sum = 0; while (sc.hasNextLong()) sum += sc.nextLong(); System.out.println(sum);',
    ],
    [
      'BufferedReader',
      'BufferedReader r = new BufferedReader(new InputStreamReader(System.in)); long sum = 0; String l; while ((l = r.readLine()) != null) for (String t : l.trim().split(" ")) if (!t.isEmpty()) sum += Long.parseLong(t); System.out.println(sum);',
    ],
  ])('stdin read to its end with %s, in every test', async (_name, body) => {
    const input = (i: number) => `${i} ${i * 10}\n${i * 100}\n`;
    const r = await judge.judge(
      job(
        mainWith(body),
        tests(5, input, (i) => `${i * 111}`),
      ),
    );
    expect(verdicts(r)).toEqual(Array(5).fill('accepted'));
  });

  it("stdin read through FileDescriptor.in (a fast reader) gets each test's input, also after a test closed it", async () => {
    // The usual competitive-programming fast reader, on fd 0 itself; "close" closes fd 0 after reading.
    const code = mainWith(`
        DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(FileDescriptor.in), 1 << 16));
        byte[] b = in.readAllBytes();
        String first = new String(b).split("\\n")[0];
        if (first.startsWith("close")) in.close();
        System.out.println(first + " " + b.length);`);
    const modes = ['a', 'close', 'b', 'close', 'c', 'd'];
    const input = (i: number) => `${modes[i]}${i}\n${'x'.repeat(i * 5000)}\n`;
    const r = await judge.judge(
      job(
        code,
        tests(6, input, (i) => `${modes[i]}${i} ${Buffer.byteLength(input(i))}`),
      ),
    );
    expect(verdicts(r), JSON.stringify(r.results.map((x) => x.actualOutput))).toEqual(
      Array(6).fill('accepted'),
    );
  });

  it("fd 0 holds exactly the test's input: System.in and FileDescriptor.in share it, and Scanner.close() leaves it to the next test", async () => {
    // The first line through a Scanner on System.in (closed, as many solutions do), the size of fd 0
    // through /proc/self/fd/0, the rest through FileDescriptor.in: as in \`java Main < input\`.
    const code = mainWith(`
        Scanner sc = new Scanner(System.in);
        String first = sc.nextLine();
        sc.close();
        long size = Files.size(Paths.get("/proc/self/fd/0"));
        System.out.println(first + " " + size + " " + new FileInputStream(FileDescriptor.in).available());`);
    const input = (i: number) => `line${i}\n${'y'.repeat(i * 20_000)}\n`;
    // System.in (the JDK's 8 KiB BufferedInputStream on fd 0) read ahead: what is left on fd 0 after it is the rest of a long input.
    const left = (i: number) => Math.max(0, Buffer.byteLength(input(i)) - 8192);
    const r = await judge.judge(
      job(
        code,
        tests(5, input, (i) => `line${i} ${Buffer.byteLength(input(i))} ${left(i)}`),
      ),
    );
    expect(verdicts(r), JSON.stringify(r.results.map((x) => x.actualOutput))).toEqual(
      Array(5).fill('accepted'),
    );
  });

  it('System.setOut, System.out.close(), changed global state and files left in /work do not reach the next test', async () => {
    const code =
      byMode(`            case "close": System.out.println("closing"); System.out.close(); System.out.println("gone"); return;
            case "setout": System.setOut(new PrintStream(new ByteArrayOutputStream())); System.out.println("hidden"); return;
            case "state": System.setProperty("line.separator", "X"); Locale.setDefault(Locale.GERMANY); TimeZone.setDefault(TimeZone.getTimeZone("Asia/Tokyo")); Files.write(Paths.get("left.txt"), new byte[1]); System.out.println("state"); return;
            case "check": System.out.println(String.format("%.1f", 1.5) + " " + TimeZone.getDefault().getID() + " " + System.getProperty("line.separator").length() + " " + Files.exists(Paths.get("left.txt"))); return;`);
    const modes = ['close', 'a', 'setout', 'b', 'state', 'check'];
    const expected = { close: 'closing', setout: '', state: 'state', check: '1.5 GMT 1 false' } as Record<
      string,
      string
    >;
    const r = await judge.judge(
      job(
        code,
        modeTests(modes, (m) => expected[m] ?? `ok ${m}`),
      ),
    );
    expect(verdicts(r), JSON.stringify(r.results.map((x) => x.actualOutput))).toEqual(
      Array(6).fill('accepted'),
    );
  });

  it('a daemon thread left running does not share the JVM with the next test', async () => {
    const code = byMode(
      '            case "daemon": { Thread d = new Thread(() -> { while (true) { counter++; } }); d.setDaemon(true); d.start(); System.out.println("ok daemon"); return; }',
      '    static volatile long counter;',
    );
    const modes = ['daemon', 'a', 'daemon', 'b', 'c'];
    const r = await judge.judge(job(code, modeTests(modes)));
    expect(verdicts(r)).toEqual(Array(5).fill('accepted'));
  });

  it("a trivial test's time is its own, not JVM start-up: median under 20 ms", async () => {
    const r = await judge.judge(
      job(
        mainWith('System.out.println("ok");'),
        tests(
          11,
          () => '',
          () => 'ok',
        ),
      ),
    );
    expect(verdicts(r)).toEqual(Array(11).fill('accepted'));
    const times = r.results.map((x) => x.executionTime).sort((a, b) => a - b);
    // On a machine busier than its cores, a test waits for a core: the bound grows with the measured load only.
    const busy = Math.max(1, loadavg()[0] / cpus().length);
    expect(times[5], `times ${times.join(',')} at load ${loadavg()[0]}`).toBeLessThan(20 * busy);
  });

  it('the same submission judged 50 times gives the same verdicts 50 times', async () => {
    const code = byMode(
      '            case "re": throw new IllegalStateException("bad"); \n            case "wa": System.out.println("nope"); return;',
      '    static int calls;',
    );
    const modes = ['a', 're', 'b', 'wa', 'c'];
    const data = job(code, modeTests(modes));
    const seen = new Set<string>();
    for (let k = 0; k < 50; k++) {
      const r = await judge.judge(data);
      seen.add(JSON.stringify(r.results.map((x) => [x.verdict, x.error, x.actualOutput])));
    }
    expect([...seen]).toEqual([
      JSON.stringify([
        ['accepted', '', 'ok a\n'],
        ['runtime_error', 'java.lang.IllegalStateException: bad', ''],
        ['accepted', '', 'ok b\n'],
        ['wrong_answer', 'Wrong answer', 'nope\n'],
        ['accepted', '', 'ok c\n'],
      ]),
    ]);
  });
});

describe('programs against the harness itself', () => {
  it('output written to FileDescriptor.out is the test output, junk included; /proc/self/fd/1 cannot be opened', async () => {
    const code =
      byMode(`            case "fd": { PrintWriter w = new PrintWriter(new FileOutputStream(FileDescriptor.out)); w.println("ok fd"); w.flush(); return; }
            case "junk": { byte[] b = new byte[4096]; new Random(1).nextBytes(b); new FileOutputStream(FileDescriptor.out).write(b); return; }
            case "proc": new FileOutputStream("/proc/self/fd/1").write(1); return;`);
    const modes = ['fd', 'junk', 'a', 'proc', 'b', 'junk'];
    const r = await judge.judge(job(code, modeTests(modes)));
    expect(verdicts(r), JSON.stringify(r.results.map((x) => x.error))).toEqual([
      'accepted',
      'wrong_answer',
      'accepted',
      'runtime_error',
      'accepted',
      'wrong_answer',
    ]);
    expect(r.results[1].actualOutput.length).toBeGreaterThan(1000);
    // The judge reads the program's stdout through a socket, which /proc/self/fd cannot reopen (as with a JVM per test).
    expect(r.results[3].error).toMatch(/FileNotFoundException: \/proc\/self\/fd\/1/);
    await normalStillWorks();
  });

  it('a forged result frame is only output: it gets the verdict of its output', async () => {
    // The bytes of a result (a guessed nonce, this index, exit 0) written where the harness writes results.
    const code = byMode(`            case "forge": {
                DataOutputStream d = new DataOutputStream(new FileOutputStream(FileDescriptor.out));
                d.write(new byte[16]); d.writeInt(1); d.writeInt(0); d.writeLong(0); d.writeLong(0); d.writeByte(0); d.writeInt(0);
                d.writeBytes("JAVELIN-HARNESS-READY\\n"); d.flush(); System.exit(0);
            }`);
    const modes = ['a', 'forge', 'b', 'forge', 'c'];
    const r = await judge.judge(
      job(
        code,
        modeTests(modes, (m) => (m === 'forge' ? 'ok' : `ok ${m}`)),
      ),
    );
    expect(verdicts(r)).toEqual(['accepted', 'wrong_answer', 'accepted', 'wrong_answer', 'accepted']);
    await normalStillWorks();
  });

  it("the next test's input is not in the JVM: reading the harness's stdin finds nothing", async () => {
    const code = byMode(
      '            case "peek": System.out.println("ok peek " + new FileInputStream(FileDescriptor.in).available() + " " + System.in.available()); return;',
    );
    const modes = ['peek', 'secret-next-input', 'peek', 'other', 'peek'];
    const r = await judge.judge(
      job(
        code,
        modeTests(modes, (m) => (m === 'peek' ? 'ok peek 0 0' : `ok ${m}`)),
      ),
    );
    expect(verdicts(r), JSON.stringify(r.results.map((x) => x.actualOutput))).toEqual(
      Array(5).fill('accepted'),
    );
  });

  it('writing to the harness after its test ended is stopped, and the remaining tests are judged in a new harness', async () => {
    const code = byMode(
      `            case "late": { Thread d = new Thread(() -> { try { Thread.sleep(30); new FileOutputStream(FileDescriptor.out).write("late junk".getBytes()); } catch (Exception e) { } }); d.setDaemon(true); d.start(); System.out.println("ok late"); return; }`,
    );
    const modes = ['late', 'a', 'late', 'b', 'c'];
    const r = await judge.judge(job(code, modeTests(modes)));
    expect(verdicts(r)).toEqual(Array(5).fill('accepted'));
    await normalStillWorks();
  });
});
