import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExecutionMessages, PracticeMessages, type Problem, type ShownResult } from '@javelin/contracts';
import { ProblemPage } from './ProblemPage';
import { ProblemsPage } from './ProblemsPage';
import { draftKey } from '../editor/drafts';
import { returnPath } from '../auth/SignInLink';
import { compileErrorMarkers } from '../editor/compileMarkers';
import { truncateStderr } from '../submissions/TestResults';
import { mockApi, renderRoute, signedInState, type MockResponse } from '../../test/utils';
import { judged, testResult } from '../../test/judgeReplies';

vi.mock('../editor/CodeEditor', () => import('../../test/editorMock'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const BOILERPLATE = 'public class Main {}';

const problem = (over: Partial<Problem> = {}): Problem => ({
  _id: 'p1',
  id: 'p1',
  title: 'Sum of Two',
  description: 'Add two numbers.',
  constraints: '',
  difficulty: 'easy',
  points: 20,
  inputVariables: [{ id: 'a', name: 'a', type: 'int', description: '' }],
  testCases: [],
  functionName: 'solve',
  returnType: 'int',
  boilerplateCode: BOILERPLATE,
  tags: ['math'],
  isVisible: true,
  testCaseCount: 2,
  ...over,
});

/** A passed example test t1 of Sum of Two (a = 1 gives 2); `over` changes the rest. */
const result = (over: Partial<ShownResult> = {}) =>
  testResult({ input: '{"a":"1"}', expectedOutput: '2', actualOutput: '2', ...over });

const page = { url: '/problems/p1', path: '/problems/:id' };

/** The replies every practice page needs: problem p1, with no separate test cases; `extra` adds more. */
const withProblem = (extra: Parameters<typeof mockApi>[0] = {}) => ({
  'GET /problems/p1': { body: problem() },
  'GET /problems/p1/test-cases': { body: [] },
  ...extra,
});

/** Opens the practice page of p1, signed in. */
const openProblem = () => {
  const user = userEvent.setup();
  return { user, ...renderRoute(<ProblemPage />, { ...page, preloadedState: signedInState() }) };
};

describe('drafts', () => {
  it('keeps the typed code across a reload, and Reset asks before going back to the boilerplate', async () => {
    mockApi(withProblem());
    const { user, unmount } = openProblem();
    const editor = await screen.findByLabelText('Java code editor');
    await waitFor(() => expect(editor).toHaveValue(BOILERPLATE));
    await user.type(editor, ' // mine');
    expect(localStorage.getItem(draftKey('p1'))).toBe(`${BOILERPLATE} // mine`);
    unmount();

    openProblem();
    const reloaded = await screen.findByLabelText('Java code editor');
    await waitFor(() => expect(reloaded).toHaveValue(`${BOILERPLATE} // mine`));

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(confirm).toHaveBeenCalledWith(PracticeMessages.confirmReset);
    expect(reloaded).toHaveValue(`${BOILERPLATE} // mine`);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(reloaded).toHaveValue(BOILERPLATE);
    expect(localStorage.getItem(draftKey('p1'))).toBeNull();
  });

  it('keeps a contest draft apart from the practice draft of the same problem', () => {
    expect(draftKey('p1', 'c1')).not.toBe(draftKey('p1'));
    expect(draftKey('p1', 'c1')).not.toBe(draftKey('p1', 'c2'));
  });
});

describe('signed out', () => {
  it('Run asks to sign in without calling the judge and without losing the code; Sign in returns here', async () => {
    const { calls } = mockApi(withProblem());
    const user = userEvent.setup();
    const { router } = renderRoute(<ProblemPage />, page);
    const editor = await screen.findByLabelText('Java code editor');
    await waitFor(() => expect(editor).toHaveValue(BOILERPLATE));
    await user.type(editor, ' // typed');
    await user.click(screen.getByRole('button', { name: 'Run Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(within(dialog).getByText(PracticeMessages.signInToRun)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/execute-code')).toBe(false);
    expect(editor).toHaveValue(`${BOILERPLATE} // typed`);
    await user.click(within(dialog).getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.state).toEqual({ from: '/problems/p1' });
    expect(localStorage.getItem(draftKey('p1'))).toBe(`${BOILERPLATE} // typed`);
  });
});

describe('return after signing in', () => {
  it('returns to an in-app page, never to another site or the auth screen', () => {
    expect(returnPath({ from: '/problems/p1' })).toBe('/problems/p1');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/dashboard');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/dashboard');
    expect(returnPath({ from: '/login' })).toBe('/dashboard');
    expect(returnPath(null)).toBe('/dashboard');
  });
});

describe('results panel', () => {
  it('shows one chip per test with details on click, stderr of example tests truncated, and never hidden data', async () => {
    const longErr = 'x'.repeat(5_000);
    mockApi(
      withProblem({
        'POST /execute-code': judged(
          [
            result({ stderr: 'debug: a=1' }),
            result({
              testCaseId: 't2',
              passed: false,
              actualOutput: '3',
              verdict: 'wrong_answer',
              stderr: longErr,
              // What the API sends an admin only: a package validator's judgemessage.txt.
              feedback: 'expected 2, read 3',
            }),
            result({
              testCaseId: 't3',
              isExample: false,
              input: '',
              expectedOutput: '',
              actualOutput: '',
              passed: false,
              verdict: 'time_limit_exceeded',
            }),
          ],
          'wrong_answer',
        ),
      }),
    );
    const { user } = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Submit Solution' }));
    const chips = await screen.findAllByTestId('test-chip');
    expect(chips).toHaveLength(3);
    // The first failing test is open first, its stderr cut to the display limit.
    expect(chips[1]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('stderr').textContent).toBe(truncateStderr(longErr));
    expect(screen.getByTestId('stderr').textContent).toContain(PracticeMessages.stderrTruncated);
    expect(screen.getByTestId('validator-feedback')).toHaveTextContent('expected 2, read 3');
    await user.click(chips[0]);
    expect(screen.getByTestId('stderr')).toHaveTextContent('debug: a=1');
    expect(screen.queryByTestId('validator-feedback')).not.toBeInTheDocument();
    await user.click(chips[2]);
    expect(screen.getByTestId('test-result')).toHaveTextContent(PracticeMessages.hiddenTest);
    expect(screen.getByTestId('test-result')).toHaveTextContent('time limit exceeded');
    expect(screen.queryByTestId('stderr')).not.toBeInTheDocument();
  });

  it('shows the tests a submit did not judge as "Not judged", neither passed nor failed', async () => {
    const hidden = { isExample: false, input: '', expectedOutput: '', actualOutput: '' };
    const notJudged = (id: string) =>
      result({
        ...hidden,
        testCaseId: id,
        passed: false,
        executionTime: 0,
        verdict: 'wrong_answer',
        error: ExecutionMessages.notJudgedError,
        notJudged: true,
      });
    mockApi(
      withProblem({
        'POST /execute-code': judged(
          [
            result(),
            result({ ...hidden, testCaseId: 't2', executionTime: 40 }),
            result({
              ...hidden,
              testCaseId: 't3',
              passed: false,
              verdict: 'wrong_answer',
              error: 'Wrong answer',
              executionTime: 40,
            }),
            notJudged('t4'),
            notJudged('t5'),
          ],
          'wrong_answer',
        ),
      }),
    );
    const { user } = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Submit Solution' }));
    const chips = await screen.findAllByTestId('test-chip');
    expect(chips.map((c) => c.getAttribute('title'))).toEqual([
      'Passed',
      'Passed',
      'wrong answer',
      ExecutionMessages.notJudged,
      ExecutionMessages.notJudged,
    ]);
    expect(chips[3]).toHaveTextContent(`Test 4 ${ExecutionMessages.notJudged.toLowerCase()}`);
    expect(chips[3]).not.toHaveTextContent('failed');
    // The one failure is open first, not a test that was never run.
    expect(chips[2]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('submission-result')).toHaveTextContent(
      `2/5 test cases passed · ${ExecutionMessages.notJudgedCount(2)}`,
    );
    await user.click(chips[4]);
    expect(screen.getByTestId('test-status')).toHaveTextContent(ExecutionMessages.notJudged);
    expect(screen.getByTestId('test-status')).not.toHaveTextContent('ms');
    expect(screen.getByTestId('not-judged')).toHaveTextContent(ExecutionMessages.notJudgedError);
    expect(screen.getByTestId('test-result')).not.toHaveTextContent('wrong answer');
  });

  it('shows a compile error once, and a new run clears the previous results', async () => {
    let answer: unknown = {
      results: [],
      overallPassed: false,
      passedCount: 0,
      totalCount: 1,
      verdict: 'compilation_error',
      compileError: "Main.java:3: error: ';' expected\n        return a\n                ^\n1 error",
    };
    let release: () => void = () => {};
    mockApi(
      withProblem({
        'POST /execute-code': () => ({ body: answer }),
      }),
    );
    const { user } = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Run Code' }));
    expect(await screen.findAllByTestId('compile-error')).toHaveLength(1);

    const fetchMock = vi.mocked(fetch);
    const realImpl = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/execute-code')) await new Promise<void>((r) => (release = r));
      return realImpl(input, init);
    });
    answer = { results: [result()], overallPassed: true, passedCount: 1, totalCount: 1, verdict: 'accepted' };
    await user.click(screen.getByRole('button', { name: 'Run Code' }));
    expect(await screen.findByText('Running...')).toBeInTheDocument();
    expect(screen.queryByTestId('compile-error')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Test Results' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('1/1 example test cases passed')).toBeInTheDocument();
  });

  it('marks the compile error at its line', () => {
    expect(
      compileErrorMarkers(
        "Main.java:3: error: ';' expected\n  x\n1 error\nMain.java:7: error: cannot find symbol",
      ),
    ).toEqual([
      { line: 3, message: "';' expected" },
      { line: 7, message: 'cannot find symbol' },
    ]);
    expect(compileErrorMarkers('Compilation failed: the compiler ran out of memory')).toEqual([]);
  });
});

describe('honest states', () => {
  it("re-solving a solved problem says it is already solved instead of 'You earned N points'", async () => {
    mockApi(
      withProblem({
        'POST /execute-code': judged([result()], 'accepted'),
        'POST /submissions': { body: { _id: 's1' } },
        'POST /solve': { body: { success: true, alreadySolved: true, points: 0 } },
      }),
    );
    const { user } = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Submit Solution' }));
    expect(await screen.findByText(PracticeMessages.alreadySolved)).toBeInTheDocument();
    expect(screen.queryByText(/You earned/)).not.toBeInTheDocument();
  });

  it('the AI Debug Help answer is cleared when the code runs again', async () => {
    mockApi(
      withProblem({
        'POST /execute-code': judged([result({ passed: false })], 'wrong_answer'),
        'POST /debug-help': { body: { success: true, analysis: 'Check the off-by-one.' } },
      }),
    );
    const { user } = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Run Code' }));
    await screen.findByTestId('run-result');
    await user.click(await screen.findByRole('button', { name: 'Get Debug Help' }));
    expect(await screen.findByText('Check the off-by-one.')).toBeInTheDocument();
    expect(screen.getByTestId('debug-about')).toHaveTextContent(
      'Explaining your last run: Wrong Answer on test 1',
    );
    await user.click(screen.getByRole('button', { name: 'Run Code' }));
    await waitFor(() => expect(screen.queryByText('Check the off-by-one.')).not.toBeInTheDocument());
  });

  it('Debug Help explains the last failing judgement: a failed submit, even after a passing run, saying so', async () => {
    const { calls } = mockApi(
      withProblem({
        'POST /execute-code': ({ body }) =>
          (body as { runAllTestCases: boolean }).runAllTestCases
            ? judged(
                [
                  result(),
                  result({ testCaseId: 't2', passed: false, verdict: 'time_limit_exceeded' }),
                  result({
                    testCaseId: 't3',
                    passed: false,
                    notJudged: true,
                    verdict: 'time_limit_exceeded',
                  }),
                ],
                'time_limit_exceeded',
              )
            : judged([result()], 'accepted'),
        'POST /debug-help': { body: { success: true, analysis: 'Your loop never ends.' } },
      }),
    );
    const { user } = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Get Debug Help' }));
    expect(await screen.findByTestId('debug-about')).toHaveTextContent(
      'Nothing to explain yet: run or submit your code',
    );
    expect(calls.some((c) => c.path === '/debug-help')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Submit Solution' }));
    const headline = await screen.findByTestId('submission-result');
    expect(headline).toHaveTextContent('Solution Incorrect');
    expect(headline).toHaveTextContent('Time Limit Exceeded on test 2');
    expect(headline).toHaveAttribute('data-verdict', 'time_limit_exceeded');
    await user.click(screen.getByRole('button', { name: 'Run Code' }));
    expect(await screen.findByTestId('run-result')).toHaveTextContent('Accepted');
    await user.click(screen.getByRole('button', { name: 'Get Debug Help' }));
    expect(await screen.findByText('Your loop never ends.')).toBeInTheDocument();
    expect(screen.getByTestId('debug-about')).toHaveTextContent(
      'Explaining your last submission: Time Limit Exceeded on test 2',
    );
    // The submit's tests that ran, never the one it did not judge.
    expect(calls.find((c) => c.path === '/debug-help')?.body).toMatchObject({
      testResults: [{ passed: true }, { passed: false }],
    });
  });

  it('after a reload, Debug Help explains the latest stored submit when it failed', async () => {
    const stored = {
      _id: 's2',
      problemId: 'p1',
      problemTitle: 'Sum of Two',
      contestId: null,
      verdict: 'wrong_answer',
      passedCount: 1,
      totalCount: 2,
      maxTimeMs: 12,
      createdAt: '2026-11-22T10:00:00Z',
    };
    const { calls } = mockApi(
      withProblem({
        'GET /submissions': {
          body: {
            items: [stored],
            total: 1,
            limit: 20,
            offset: 0,
          },
        },
        'GET /submissions/s2': {
          body: {
            ...stored,
            code: 'class Stored {}',
            language: 'java',
            results: [result(), result({ testCaseId: 't2', passed: false, verdict: 'wrong_answer' })],
          },
        },
        'POST /debug-help': { body: { success: true, analysis: 'Test 2 expects a sum.' } },
      }),
    );
    const { user } = openProblem();
    await waitFor(() => expect(calls.some((c) => c.path === '/submissions/s2')).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'Get Debug Help' }));
    expect(await screen.findByText('Test 2 expects a sum.')).toBeInTheDocument();
    expect(screen.getByTestId('debug-about')).toHaveTextContent(
      'Explaining your last submission: Wrong Answer on test 2',
    );
    expect(calls.find((c) => c.path === '/debug-help')?.body).toMatchObject({ code: 'class Stored {}' });
  });

  it('a compilation error is shown once, with no chip per test, under its headline', async () => {
    const compileError = "Main.java:3: error: ';' expected\n        int x = 1\n                 ^\n1 error";
    mockApi(
      withProblem({
        'POST /execute-code': {
          body: {
            results: [
              result({ passed: false, verdict: 'compilation_error', error: compileError }),
              result({ testCaseId: 't2', passed: false, verdict: 'compilation_error', error: compileError }),
            ],
            overallPassed: false,
            passedCount: 0,
            totalCount: 2,
            verdict: 'compilation_error',
            compileError,
          },
        },
      }),
    );
    const { user } = openProblem();
    await user.click(await screen.findByRole('button', { name: 'Submit Solution' }));
    expect(await screen.findByTestId('verdict-headline')).toHaveTextContent(/^Compilation Error$/);
    expect(screen.getAllByTestId('compile-error')).toHaveLength(1);
    expect(screen.queryByTestId('test-chip')).not.toBeInTheDocument();
  });

  it('Analyze Code is offered after a reload when an accepted submission of the problem exists', async () => {
    mockApi(
      withProblem({
        'GET /solved-problems': { body: [] },
        'GET /submissions': {
          body: { items: [{ _id: 's1', problemId: 'p1', verdict: 'accepted' }], total: 1 },
        },
      }),
    );
    openProblem();
    expect(await screen.findByRole('button', { name: 'Analyze Code' })).toBeInTheDocument();
  });

  it('Ctrl+Shift+Enter submits, and the footer says so', async () => {
    const { calls } = mockApi(
      withProblem({
        'POST /execute-code': judged([result({ passed: false })], 'wrong_answer'),
      }),
    );
    const { user } = openProblem();
    await screen.findByLabelText('Java code editor');
    expect(screen.getByLabelText('Editor settings')).toHaveTextContent('Ctrl+Shift+Enter submit');
    await user.keyboard('{Control>}{Shift>}{Enter}{/Shift}{/Control}');
    expect(await screen.findByTestId('submission-result')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/execute-code')?.body).toMatchObject({ runAllTestCases: true });
  });
});

describe('problem list filters', () => {
  const problems = [
    problem({ _id: 'p1', title: 'Sum of Two', difficulty: 'medium', points: 20, tags: ['math'] }),
    problem({ _id: 'p2', title: 'Graph Paths', difficulty: 'hard', points: 50, tags: ['graphs'] }),
    problem({ _id: 'p3', title: 'Echo', difficulty: 'easy', points: 5, tags: ['strings'], testCaseCount: 1 }),
  ];
  const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

  it('filters by solved status and tag, sorts, and keeps it all in the URL', async () => {
    mockApi({ 'GET /problems': { body: problems }, 'GET /solved-problems': { body: [{ problemId: 'p2' }] } });
    const user = userEvent.setup();
    const { router } = renderRoute(<ProblemsPage />, {
      url: '/problems',
      path: '/problems',
      preloadedState: signedInState(),
    });
    await screen.findByRole('article', { name: 'Echo' });
    expect(
      within(screen.getByRole('article', { name: 'Echo' })).getByText('1 test case'),
    ).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Status'), 'unsolved');
    await waitFor(() => expect(titles()).toEqual(['Sum of Two', 'Echo']));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'difficulty');
    expect(titles()).toEqual(['Echo', 'Sum of Two']);
    await user.selectOptions(screen.getByLabelText('Tag'), 'math');
    expect(titles()).toEqual(['Sum of Two']);
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(
      'status=unsolved&tag=math&sort=difficulty',
    );
  });

  it('reads the filters from the URL', async () => {
    mockApi({ 'GET /problems': { body: problems }, 'GET /solved-problems': { body: [{ problemId: 'p2' }] } });
    renderRoute(<ProblemsPage />, {
      url: '/problems?status=solved&q=graph',
      path: '/problems',
      preloadedState: signedInState(),
    });
    await waitFor(() => expect(titles()).toEqual(['Graph Paths']));
    expect(screen.getByLabelText('Search problems')).toHaveValue('graph');
  });

  it('sorts by points, highest first', async () => {
    mockApi({ 'GET /problems': { body: problems } });
    renderRoute(<ProblemsPage />, { url: '/problems?sort=points', path: '/problems' });
    await waitFor(() => expect(titles()).toEqual(['Graph Paths', 'Sum of Two', 'Echo']));
  });
});

describe('custom input and submissions', () => {
  const summary = {
    _id: 's1',
    problemId: 'p1',
    problemTitle: 'Sum of Two',
    contestId: null,
    verdict: 'accepted',
    passedCount: 2,
    totalCount: 2,
    maxTimeMs: 12,
    createdAt: '2026-11-22T10:00:00Z',
  };

  it('validates each value by its type, then runs the code on it and shows stdout and stderr', async () => {
    const { calls } = mockApi(
      withProblem({
        'POST /run-custom': {
          body: {
            actualOutput: '41',
            stderr: 'debug a=40',
            executionTime: 9,
            verdict: 'accepted',
            error: '',
          },
        },
      }),
    );
    const { user } = openProblem();
    const field = await screen.findByLabelText(/^a/);
    await user.type(field, 'forty');
    await user.click(screen.getByRole('button', { name: 'Run with this input' }));
    expect(await screen.findByText(/a: "forty" is not a 32-bit integer/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/run-custom')).toBe(false);
    await user.clear(field);
    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: 'Run with this input' }));
    expect(await screen.findByTestId('custom-stdout')).toHaveTextContent('41');
    expect(screen.getByTestId('stderr')).toHaveTextContent('debug a=40');
    expect(calls.find((c) => c.path === '/run-custom')?.body).toEqual({
      problemId: 'p1',
      code: BOILERPLATE,
      language: 'java',
      inputs: { a: '40' },
    });
  });

  it("issue 45: a bad value after a run clears that run's output instead of leaving it under the error", async () => {
    mockApi(
      withProblem({
        'POST /run-custom': {
          body: { actualOutput: '41', stderr: '', executionTime: 9, verdict: 'accepted', error: '' },
        },
      }),
    );
    const { user } = openProblem();
    const field = await screen.findByLabelText(/^a/);
    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: 'Run with this input' }));
    expect(await screen.findByTestId('custom-stdout')).toHaveTextContent('41');
    await user.clear(field);
    await user.type(field, 'forty');
    await user.click(screen.getByRole('button', { name: 'Run with this input' }));
    expect(await screen.findByText(/a: "forty" is not a 32-bit integer/)).toBeInTheDocument();
    expect(screen.queryByTestId('custom-output')).toBeNull();
  });

  it('lists submissions, opens one read-only with its results, and loads it into the editor', async () => {
    mockApi(
      withProblem({
        'GET /submissions': { body: { items: [summary], total: 1, limit: 20, offset: 0 } },
        'GET /submissions/s1': {
          body: {
            ...summary,
            code: 'class Accepted {}',
            language: 'java',
            results: [result(), result({ testCaseId: 't2' })],
          },
        },
      }),
    );
    const { user } = openProblem();
    await user.click(await screen.findByRole('tab', { name: 'Submissions' }));
    const row = await screen.findByTestId('submission-row');
    expect(row).toHaveTextContent('accepted');
    expect(row).toHaveTextContent('2/2');
    await user.click(row);
    const viewer = await screen.findByTestId('submission-viewer');
    expect(within(viewer).getByLabelText('Submitted code')).toHaveValue('class Accepted {}');
    expect(within(viewer).getAllByTestId('test-chip')).toHaveLength(2);
    await user.click(within(viewer).getByRole('button', { name: 'Load into editor' }));
    expect(screen.getByLabelText('Java code editor')).toHaveValue('class Accepted {}');
    expect(localStorage.getItem(draftKey('p1'))).toBe('class Accepted {}');
  });

  it('issue 45: a failed submit appears in the Submissions tab at once, without a reload', async () => {
    const stored: (typeof summary)[] = [];
    mockApi(
      withProblem({
        'GET /submissions': () => ({
          body: { items: [...stored], total: stored.length, limit: 20, offset: 0 },
        }),
        'POST /execute-code': () => {
          // The server stores every judged submit, passed or not.
          stored.unshift({
            ...summary,
            _id: `s${stored.length + 1}`,
            verdict: 'wrong_answer',
            passedCount: 1,
          });
          return judged(
            [result(), result({ testCaseId: 't2', passed: false, verdict: 'wrong_answer' })],
            'wrong_answer',
          );
        },
      }),
    );
    const { user } = openProblem();
    await user.click(await screen.findByRole('tab', { name: 'Submissions' }));
    expect(await screen.findByText(PracticeMessages.noSubmissions)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Solution' }));
    expect(await screen.findByTestId('submission-result')).toHaveTextContent('Solution Incorrect');
    const row = await screen.findByTestId('submission-row');
    expect(row).toHaveTextContent('1/2');
    expect(screen.queryByText(PracticeMessages.noSubmissions)).toBeNull();
  });

  it("'View Solution' opens the problem with the latest accepted code", async () => {
    mockApi(
      withProblem({
        'GET /submissions': {
          body: {
            items: [{ ...summary, _id: 's2', verdict: 'wrong_answer' }, summary],
            total: 2,
            limit: 20,
            offset: 0,
          },
        },
        'GET /submissions/s1': {
          body: { ...summary, code: 'class Accepted {}', language: 'java', results: [] },
        },
      }),
    );
    const { router } = renderRoute(
      [
        { path: '/problems', element: <ProblemsPage /> },
        { path: '/problems/:id', element: <ProblemPage /> },
      ],
      { url: '/problems', preloadedState: signedInState() },
    );
    await router.navigate('/problems/p1', { state: { loadSolution: true } });
    await waitFor(() => expect(screen.getByLabelText('Java code editor')).toHaveValue('class Accepted {}'));
  });

  it("'View Solution' keeps what the user typed before the accepted code arrived, and Run sends that", async () => {
    let answer: (reply: MockResponse) => void = () => undefined;
    const { calls } = mockApi(
      withProblem({
        'GET /submissions': { body: { items: [summary], total: 1, limit: 20, offset: 0 } },
        // The accepted code arrives only when the test says so: after the user has typed.
        'GET /submissions/s1': () => new Promise<MockResponse>((resolve) => (answer = resolve)),
        'POST /execute-code': judged([result()], 'accepted'),
      }),
    );
    const user = userEvent.setup();
    const { router, store } = renderRoute(
      [
        { path: '/problems', element: <ProblemsPage /> },
        { path: '/problems/:id', element: <ProblemPage /> },
      ],
      { url: '/problems', preloadedState: signedInState() },
    );
    await router.navigate('/problems/p1', { state: { loadSolution: true } });
    const editor = await screen.findByLabelText('Java code editor');
    await waitFor(() => expect(editor).toHaveValue(BOILERPLATE));
    await waitFor(() => expect(calls.some((c) => c.path === '/submissions/s1')).toBe(true));
    await user.type(editor, ' // mine');
    answer({ body: { ...summary, code: 'class Accepted {}', language: 'java', results: [] } });
    // The answer is in the store and rendered (its effects run): the typed code stays.
    await waitFor(() => expect(store.getState().api.queries['submission("s1")']?.status).toBe('fulfilled'));
    await act(async () => undefined);
    expect(editor).toHaveValue(`${BOILERPLATE} // mine`);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/execute-code')?.body).toMatchObject({
        code: `${BOILERPLATE} // mine`,
      }),
    );
  });

  it('shows the acceptance rate on the problem cards', async () => {
    mockApi({
      'GET /problems': { body: [problem()] },
      'GET /acceptance-rates': {
        body: [{ problemId: 'p1', solvedUsers: 1, submittedUsers: 3, acceptanceRate: 1 / 3 }],
      },
    });
    renderRoute(<ProblemsPage />, { url: '/problems', path: '/problems' });
    expect(await screen.findByText('33% accepted')).toBeInTheDocument();
  });
});
