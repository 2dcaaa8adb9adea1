import {
  DEFAULT_JUDGE_LIMITS,
  type CustomOutputValidator,
  type JudgeJobData,
  type JudgeLimits,
  type JudgeTest,
} from '@javelin/contracts';

/** A secret the test process holds; no sandboxed program may ever print it. */
export const SECRET = `s3cr3t-${Math.random().toString(36).slice(2)}`;
process.env.JUDGE_TEST_SECRET = SECRET;

export const ADD = `import java.io.*;
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
        int a = Integer.parseInt(r.readLine().trim());
        int b = Integer.parseInt(r.readLine().trim());
        System.out.println(a + b);
    }
}
`;

export const ADD_TESTS: JudgeTest[] = [
  { id: 'a', stdin: '1\n2\n', expectedOutput: '3' },
  { id: 'b', stdin: '-5\n5\n', expectedOutput: '0\n' },
  { id: 'c', stdin: '2147483647\n0\n', expectedOutput: '2147483647' },
];

export function job(code: string, tests: JudgeTest[] = [{ id: 't', stdin: '', expectedOutput: '' }], limits: Partial<JudgeLimits> = {}): JudgeJobData {
  return { code, language: 'java', tests, limits: { ...DEFAULT_JUDGE_LIMITS, ...limits }, requestId: 'test' };
}

/** A class Main whose main body is `body` (java.io/java.util/java.nio imported). */
export function mainWith(body: string, extra = ''): string {
  return `import java.io.*;
import java.util.*;
import java.nio.*;
import java.nio.file.*;
public class Main {
${extra}
    public static void main(String[] args) throws Exception {
${body}
    }
}
`;
}

/** A custom checker that accepts exactly the expected output (trimmed) and rejects anything else. */
export const EXACT_CHECKER = `import java.nio.file.*;
public class Check {
    public static void main(String[] a) throws Exception {
        String e = Files.readString(Path.of(a[1])).trim(), got = Files.readString(Path.of(a[2])).trim();
        System.out.println(e.equals(got) ? "accepted" : "wrong");
    }
}
`;

/** A Main that plays guess-the-number in [1, 10^6] by binary search ("higher" / "lower" / "correct"; end of input ends it). */
export const SEARCH_MAIN = mainWith(`
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        long lo = 1, hi = 1_000_000;
        while (true) {
            long mid = (lo + hi) / 2;
            System.out.println(mid);
            System.out.flush();
            String r = in.readLine();
            if (r == null || r.equals("correct")) return;
            if (r.equals("higher")) lo = mid + 1; else hi = mid - 1;
        }`);

/** A Main that prints the sum of two numbers. */
export const SUM_MAIN = mainWith(
  `Scanner in = new Scanner(System.in); System.out.println(in.nextLong() + in.nextLong());`,
);

/** SUM_MAIN's tests `first 2`, one per `first` (a validator may pick what it does from it). */
export const sumTests = (...firsts: number[]): JudgeTest[] =>
  firsts.map((a, i) => ({ id: `t${i}`, stdin: `${a} 2\n`, expectedOutput: `${a + 2}\n` }));

/** SUM_MAIN on `tests`, judged by the custom output validator `validator`. */
export function validatedSum(validator: CustomOutputValidator, tests: JudgeTest[]): JudgeJobData {
  return { ...job(SUM_MAIN, tests), outputValidation: { flags: [], custom: validator } };
}
