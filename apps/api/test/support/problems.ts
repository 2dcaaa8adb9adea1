import type { TestApp } from './app';
import { bearer } from './app';

/** A small, real problem: the sum of two ints, with 2 examples and 3 hidden tests. */
export function sumProblem(overrides: Record<string, unknown> = {}) {
  return {
    title: `Sum of two ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Return a + b.',
    constraints: '-10^9 <= a, b <= 10^9',
    difficulty: 'easy',
    points: 15,
    inputVariables: [
      { id: 'a', name: 'a', type: 'int', description: 'first' },
      { id: 'b', name: 'b', type: 'int', description: 'second' },
    ],
    testCases: [
      { inputs: { a: '1', b: '2' }, expectedOutput: '3', isExample: true },
      { inputs: { a: '-5', b: '5' }, expectedOutput: '0', isExample: true },
      { inputs: { a: '40', b: '2' }, expectedOutput: '42', isExample: false },
      { inputs: { a: '1000000', b: '2345' }, expectedOutput: '1002345', isExample: false },
      { inputs: { a: '-7', b: '-8' }, expectedOutput: '-15', isExample: false },
    ],
    functionName: 'sum',
    returnType: 'int',
    tags: ['math'],
    ...overrides,
  };
}

export const SUM_ACCEPTED = `import java.util.*;

public class Main {
    public static int sum(int a, int b) {
        return a + b;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int a = Integer.parseInt(in.nextLine().trim());
        int b = Integer.parseInt(in.nextLine().trim());
        System.out.println(sum(a, b));
    }
}
`;

export const SUM_WRONG_ON_HIDDEN = SUM_ACCEPTED.replace('return a + b;', 'return a == 40 ? 0 : a + b;');

export async function createProblem(t: TestApp, adminToken: string, overrides: Record<string, unknown> = {}) {
  const res = await t.http.post('/api/problems').set(bearer(adminToken)).send(sumProblem(overrides));
  if (res.status !== 201) throw new Error(`create problem failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    _id: string;
    id: string;
    points: number;
    testCases: { _id: string; isExample: boolean }[];
  };
}

/** sumProblem as a classic (stdio) problem: each test is "a b" on one line, the answer a + b. */
export function sumStdioProblem(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'stdio',
    title: `Sum from stdin ${Math.random().toString(36).slice(2, 7)}`,
    description: 'Read $a$ and $b$; print $a + b$.',
    points: 15,
    testCases: [
      { input: '1 2\n', expectedOutput: '3\n', isExample: true },
      { input: '-5 5\n', expectedOutput: '0\n', isExample: true },
      { input: '40 2\n', expectedOutput: '42\n', isExample: false },
      { input: '1000000 2345\n', expectedOutput: '1002345\n', isExample: false },
      { input: '-7 -8\n', expectedOutput: '-15\n', isExample: false },
    ],
    timeLimitMs: 2000,
    memoryLimitMb: 256,
    validatorFlags: [],
    ...overrides,
  };
}

/** A whole program for sumStdioProblem, as real archives' are: a package and a lowercase class. */
export const STDIO_SUM_ACCEPTED = `package team.one;

import java.util.*;

class sum {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a + b);
    }
}
`;

export const STDIO_SUM_WRONG_ON_HIDDEN = STDIO_SUM_ACCEPTED.replace(
  'System.out.println(a + b);',
  'System.out.println(a == 40 ? 0 : a + b);',
);
