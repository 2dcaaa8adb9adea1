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
