import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Problem } from '@javelin/contracts';
import { ProblemsPage } from './ProblemsPage';
import { ProblemPage } from './ProblemPage';
import { functionSignature } from './ProblemStatement';
import { mockApi, renderRoute, signedInState } from '../../test/utils';
import { judged, testResult } from '../../test/judgeReplies';

vi.mock('../editor/CodeEditor', () => import('../../test/editorMock'));

afterEach(() => vi.unstubAllGlobals());

const problem = (over: Partial<Problem> = {}): Problem => ({
  _id: 'p1',
  id: 'p1',
  title: 'Sum of Two',
  description: 'Add two numbers.',
  constraints: '-1000 <= a, b <= 1000',
  difficulty: 'easy',
  points: 20,
  inputVariables: [
    { id: 'a', name: 'a', type: 'int', description: 'first' },
    { id: 'b', name: 'b', type: 'array', description: 'second' },
  ],
  testCases: [],
  functionName: 'solve',
  returnType: 'int',
  boilerplateCode: 'public class Main {}',
  tags: ['math'],
  isVisible: true,
  testCaseCount: 3,
  ...over,
});

/** Opens the practice page of p1, signed in. */
const openProblem = () => {
  const user = userEvent.setup();
  renderRoute(<ProblemPage />, {
    url: '/problems/p1',
    path: '/problems/:id',
    preloadedState: signedInState(),
  });
  return user;
};

describe('problems list', () => {
  const problems = [
    problem(),
    problem({
      _id: 'p2',
      id: 'p2',
      title: 'Graph Paths',
      difficulty: 'hard',
      points: 0,
      description: 'Count paths.',
    }),
    problem({ _id: 'p3', id: 'p3', title: 'Secret', isVisible: false }),
  ];

  it('issue 45: a card shows its statement as plain text, tags merge into one filter, and a difficulty is no tag', async () => {
    const list = [
      problem({
        _id: 'c1',
        id: 'c1',
        title: 'Course Order',
        description: 'There are $n$ courses, numbered $1$ to $n$. A \\_palindrome\\_ like `racecar`.',
        tags: ['binary search', 'easy'],
      }),
      problem({ _id: 'c2', id: 'c2', title: 'Stalls', tags: ['Binary-Search'] }),
    ];
    mockApi({ 'GET /problems': { body: list } });
    const user = userEvent.setup();
    renderRoute(<ProblemsPage />, { url: '/problems', path: '/problems' });
    const card = await screen.findByRole('article', { name: 'Course Order' });
    expect(
      within(card).getByText('There are n courses, numbered 1 to n. A _palindrome_ like racecar.'),
    ).toBeInTheDocument();
    expect(card).not.toHaveTextContent('$');
    const tagFilter = screen.getByLabelText('Tag');
    const options = within(tagFilter)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All Tags', 'binary-search']);
    await user.selectOptions(tagFilter, 'binary-search');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Course Order',
      'Stalls',
    ]);
  });

  it('lists visible problems with points, test-case count and the Solved badge', async () => {
    mockApi({ 'GET /problems': { body: problems }, 'GET /solved-problems': { body: [{ problemId: 'p1' }] } });
    renderRoute(<ProblemsPage />, { preloadedState: signedInState() });
    const sum = await screen.findByRole('article', { name: 'Sum of Two' });
    expect(within(sum).getByText('20 points')).toBeInTheDocument();
    expect(within(sum).getByText('3 test cases')).toBeInTheDocument();
    expect(await within(sum).findByText('Solved')).toBeInTheDocument();
    expect(within(sum).getByRole('link', { name: 'View Solution: Sum of Two' })).toHaveAttribute(
      'href',
      '/problems/p1',
    );
    const graph = screen.getByRole('article', { name: 'Graph Paths' });
    expect(within(graph).getByText('10 points')).toBeInTheDocument();
    expect(within(graph).getByText('hard')).toHaveClass('badge-destructive');
    expect(within(graph).getByRole('link', { name: 'Solve Graph Paths' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Secret' })).not.toBeInTheDocument();
  });

  it("filters by search and difficulty and shows 'No problems found'", async () => {
    mockApi({ 'GET /problems': { body: problems } });
    const user = userEvent.setup();
    renderRoute(<ProblemsPage />);
    await screen.findByRole('article', { name: 'Sum of Two' });
    await user.selectOptions(screen.getByLabelText('Difficulty'), 'hard');
    expect(screen.queryByRole('article', { name: 'Sum of Two' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Graph Paths' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search problems'), 'zzz');
    expect(screen.getByRole('heading', { name: 'No problems found' })).toBeInTheDocument();
  });
});

describe('practice problem page', () => {
  const base = (extra = {}) => ({
    'GET /problems/p1': { body: problem() },
    'GET /problems/p1/test-cases': {
      body: [{ _id: 't1', id: 't1', input: '{"a":"1","b":"[1,2]"}', expectedOutput: '4', isExample: true }],
    },
    ...extra,
  });

  it('shows the statement with the function signature and the example test cases', async () => {
    mockApi(base());
    openProblem();
    expect(await screen.findByRole('heading', { name: 'Sum of Two' })).toBeInTheDocument();
    expect(screen.getByText('public static int solve(int a, int[] b)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Input Parameters' })).toBeInTheDocument();
    expect(await screen.findByText(/a = 1\s+b = \[1,2\]/)).toBeInTheDocument();
    expect(screen.getByLabelText('Java code editor')).toHaveValue('public class Main {}');
  });

  it("shows 'Problem not found' for a missing problem", async () => {
    mockApi({});
    renderRoute(<ProblemPage />, { url: '/problems/nope', path: '/problems/:id' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Problem not found');
    expect(screen.getByText("The problem you're looking for doesn't exist.")).toBeInTheDocument();
  });

  it('Run (Ctrl+Enter) runs examples only and toasts the count', async () => {
    const { calls } = mockApi(
      base({
        'POST /execute-code': judged(
          [testResult({ actualOutput: '3', passed: false, executionTime: 12, verdict: 'wrong_answer' })],
          'wrong_answer',
        ),
      }),
    );
    const user = openProblem();
    const editor = await screen.findByLabelText('Java code editor');
    await user.click(editor);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByRole('heading', { name: 'Test Results' })).toBeInTheDocument();
    expect(screen.getByText('Example test cases: 0/1 passed')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/execute-code')?.body).toMatchObject({
      language: 'java',
      problemId: 'p1',
      runAllTestCases: false,
    });
    expect(screen.queryByRole('button', { name: 'Analyze Code' })).not.toBeInTheDocument();
  });

  it("a failing submission shows 'Solution Incorrect' with counts and records nothing; hidden tests show no data", async () => {
    const { calls } = mockApi(
      base({
        'POST /execute-code': judged(
          [
            testResult(),
            testResult({
              testCaseId: 't2',
              input: '',
              expectedOutput: '',
              actualOutput: '',
              passed: false,
              executionTime: 7,
              error: 'Wrong answer',
              isExample: false,
              verdict: 'wrong_answer',
            }),
          ],
          'wrong_answer',
        ),
      }),
    );
    const user = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Submit Solution' }));
    const result = await screen.findByTestId('submission-result');
    expect(result).toHaveTextContent('Solution Incorrect');
    expect(result).toHaveTextContent('1/2 test cases passed');
    expect(screen.getByText('Hidden test case — input and output are not shown.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/execute-code')?.body).toMatchObject({ runAllTestCases: true });
    expect(calls.some((c) => c.method === 'POST' && (c.path === '/submissions' || c.path === '/solve'))).toBe(
      false,
    );
    // The verdict first: the spec's label as the title, the precise verdict under it.
    expect(screen.getByTestId('verdict-headline')).toHaveTextContent('Wrong Answer on test 2');
  });

  it('an accepted submission is recorded, marked solved, congratulated and unlocks Analyze Code', async () => {
    const { calls } = mockApi(
      base({
        'POST /execute-code': judged([testResult({ input: 'a' })], 'accepted'),
        'POST /submissions': { status: 201, body: { _id: 's9' } },
        'POST /solve': { body: { success: true } },
        'POST /analyze-code': {
          body: {
            success: true,
            analysis: 'O(n) time, looks good.',
            measurement: {
              label: 'O(n²)',
              doublingFactor: 3.9,
              xLabel: 'nums.length',
              status: 'measured',
              points: [
                { n: 128, ms: 0.5 },
                { n: 256, ms: 1.9 },
                { n: 512, ms: 7.6 },
              ],
            },
          },
        },
      }),
    );
    const user = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Submit Solution' }));
    expect(await screen.findByTestId('submission-result')).toHaveTextContent('Congratulations!');
    expect(await screen.findByText('Problem solved! You earned 20 points!')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/solve')?.body).toEqual({ problemId: 'p1', submissionId: 's9' }),
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/submissions')?.body).toMatchObject({
      problemId: 'p1',
      status: 'accepted',
      testCasesPassed: 1,
      totalTestCases: 1,
      language: 'java',
    });
    await user.click(screen.getByRole('button', { name: 'Analyze Code' }));
    expect(await screen.findByText('O(n) time, looks good.')).toBeInTheDocument();
    // The measured complexity is charted above the analysis: time against n, one point per size.
    const chart = screen.getByRole('img', {
      name: /^Measured time against nums\.length: O\(n²\): doubling n multiplied the time by 3\.9/,
    });
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    expect(screen.getByTestId('complexity-chart')).toHaveTextContent('≈ O(n²), doubling n ×3.9');
  });

  const accepted = judged([testResult({ input: '' })], 'accepted');

  it("toasts 'Failed to mark problem as solved. Please try again.' when the submission is not recorded", async () => {
    const { calls } = mockApi(
      base({ 'POST /execute-code': accepted, 'POST /submissions': { status: 500, body: {} } }),
    );
    const user = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Submit Solution' }));
    expect(
      await screen.findByText('Failed to mark problem as solved. Please try again.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/solve')).toBe(false);
  });

  it('warns that points may not have been awarded when marking solved fails', async () => {
    mockApi(
      base({
        'POST /execute-code': accepted,
        'POST /submissions': { body: { _id: 's1' } },
        'POST /solve': { status: 500, body: {} },
      }),
    );
    const user = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Submit Solution' }));
    expect(
      await screen.findByText(
        'Problem solved but points may not have been awarded. Please check your profile.',
      ),
    ).toBeInTheDocument();
  });

  it("toasts 'Failed to run code' with the server's reason when the run is refused", async () => {
    mockApi(
      base({
        'POST /execute-code': {
          status: 503,
          body: {
            statusCode: 503,
            error: 'The judge is unavailable right now, please try again shortly',
            message: 'x',
          },
        },
      }),
    );
    const user = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Run Code' }));
    expect(await screen.findByText('Failed to run code')).toBeInTheDocument();
    expect(
      screen.getByText('The judge is unavailable right now, please try again shortly'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('solver-status')).toHaveTextContent('Ready');
  });

  const failingRun = judged(
    [testResult({ actualOutput: '3', passed: false, executionTime: 12, verdict: 'wrong_answer' })],
    'wrong_answer',
  );

  it("a failed AI debug request toasts 'Debug Help Failed' with the server error", async () => {
    mockApi(
      base({
        'POST /execute-code': failingRun,
        'POST /debug-help': { body: { success: false, analysis: '', error: 'Model unavailable' } },
      }),
    );
    const user = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Run Code' }));
    expect(await screen.findByTestId('run-result')).toHaveTextContent('Wrong Answer on test 1');
    await user.click(await screen.findByRole('button', { name: 'Debug Help' }));
    expect(await screen.findByText('Debug Help Failed')).toBeInTheDocument();
    expect(screen.getByText('Model unavailable')).toBeInTheDocument();
  });
});

describe('functionSignature', () => {
  it('maps string to String, array to int[] and keeps void', () => {
    expect(
      functionSignature({
        functionName: 'f',
        returnType: 'void',
        inputVariables: [{ id: '1', name: 's', type: 'string', description: '' }],
      }),
    ).toBe('public static void f(String s)');
  });
});
