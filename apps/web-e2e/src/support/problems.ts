import type { Page } from 'playwright-core';
import { pasteInMonaco } from './browser';

/** A whole program reading two ints a and b and printing a + b (A_MINUS_B: a - b). */
export const A_PLUS_B = `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int a = in.nextInt();
        int b = in.nextInt();
        System.out.println(a + b);
    }
}
`;
export const A_MINUS_B = A_PLUS_B.replace('a + b', 'a - b');

/** An example (a = 2, b = 3) and a hidden test (10, 4), each expecting `answer(a, b)`. */
export const twoIntTests = (answer: (a: number, b: number) => number) => [
  { inputs: { a: '2', b: '3' }, expectedOutput: String(answer(2, 3)), isExample: true },
  { inputs: { a: '10', b: '4' }, expectedOutput: String(answer(10, 4)), isExample: false },
];

/** The admin form's body of an easy function problem over two ints a and b (-1000..1000) returning int. */
export function twoIntProblem(p: {
  title: string;
  description: string;
  points: number;
  functionName: string;
  testCases: ReturnType<typeof twoIntTests>;
}) {
  return {
    title: p.title,
    description: p.description,
    constraints: '-1000 <= a, b <= 1000',
    difficulty: 'easy',
    points: p.points,
    inputVariables: [
      { id: 'a', name: 'a', type: 'int', description: 'first' },
      { id: 'b', name: 'b', type: 'int', description: 'second' },
    ],
    testCases: p.testCases,
    functionName: p.functionName,
    returnType: 'int',
    tags: ['e2e'],
  };
}

/** Opens the contest's problem from its page (its Solve Problem link, named 'Solve <title>') and waits for the editor to be ready. */
export async function openContestProblem(page: Page, contestPath: string, title: string): Promise<void> {
  await page.goto(contestPath);
  await page.getByRole('link', { name: `Solve ${title}`, exact: true }).click();
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByText('Ready').first().waitFor();
}

/** Submits `code` to the contest's problem in the browser and waits for the result (with `verdict`, when given). */
export async function submitInContest(
  page: Page,
  contestPath: string,
  title: string,
  code: string,
  verdict?: string,
): Promise<void> {
  await openContestProblem(page, contestPath, title);
  await pasteInMonaco(page, code);
  await page.getByRole('button', { name: 'Submit Solution' }).click();
  const result = page.getByTestId('submission-result');
  await (verdict ? result.filter({ hasText: verdict }) : result).waitFor({ timeout: 90_000 });
}
