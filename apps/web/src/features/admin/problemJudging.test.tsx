import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkerDescription, ProblemFormMessages, type Problem } from '@javelin/contracts';
import { AdminProblemsPage } from './AdminProblemsPage';
import { ProblemPage } from '../problems/ProblemPage';
import { mockApi, renderRoute, signedInState } from '../../test/utils';

vi.mock('../editor/CodeEditor', () => import('../../test/editorMock'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REFERENCE = 'public class Main { /* the reference */ }';

/** Opens the form and fills a Two Sum problem returning int[], judged by the unordered checker, with two tests. */
async function fillPairProblem(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Create/Edit Problem' }));
  await user.type(screen.getByLabelText('Title *'), 'Pair');
  await user.type(screen.getByLabelText('Description *'), 'Find the pair.');
  await user.type(screen.getByLabelText('Function Name *'), 'twoSum');
  await user.selectOptions(screen.getByLabelText('Return Type'), 'int[]');
  await user.click(screen.getByRole('button', { name: 'Add Variable' }));
  await user.type(screen.getByLabelText('Variable 1 name'), 'nums');
  await user.selectOptions(screen.getByLabelText('Variable 1 type'), 'int[]');
  await user.click(screen.getByRole('button', { name: 'Add Variable' }));
  await user.type(screen.getByLabelText('Variable 2 name'), 'target');
  for (const [nums, target, expected] of [
    ['[[2,7,11,15]', '9', '0 1'],
    ['[[3,2,4]', '6', '0 2'],
  ]) {
    await user.click(screen.getByRole('button', { name: 'Add Test Case' }));
    const tc = screen.getAllByTestId('test-case-form').at(-1)!;
    await user.type(within(tc).getByLabelText('nums (int[])'), nums);
    await user.type(within(tc).getByLabelText('target (int)'), target);
    await user.type(within(tc).getByLabelText('Expected Output'), expected);
  }
  await user.selectOptions(screen.getByLabelText('Output Checker'), 'unordered');
  await user.click(screen.getByLabelText('Reference Solution (Java, admins only)'));
  await user.paste(REFERENCE);
}

const validationReply = (secondPasses: boolean) => ({
  body: {
    results: [
      { testCaseId: 'a', passed: true, expectedOutput: '0 1', actualOutput: '1 0', error: '' },
      { testCaseId: 'b', passed: secondPasses, expectedOutput: '0 2', actualOutput: '1 2', error: '' },
    ],
  },
});

describe('admin problem form: types, checkers and the reference solution', () => {
  it('offers every type and checker, and checks each test value by its type as it is typed', async () => {
    mockApi({ 'GET /admin/problems': { body: [] } });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(screen.getByRole('tab', { name: 'Create/Edit Problem' }));
    const returnTypes = within(screen.getByLabelText('Return Type'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(returnTypes).toEqual(
      expect.arrayContaining(['long', 'double', 'char', 'int[]', 'string[]', 'int[][]', 'char[][]', 'void']),
    );
    const checkers = within(screen.getByLabelText('Output Checker'))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(checkers).toEqual(['exact', 'tokens', 'float', 'unordered', 'custom']);
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    await user.type(screen.getByLabelText('Variable 1 name'), 'grid');
    await user.selectOptions(screen.getByLabelText('Variable 1 type'), 'char[][]');
    await user.click(screen.getByRole('button', { name: 'Add Test Case' }));
    const value = screen.getByLabelText('grid (char[][])');
    await user.click(value);
    await user.paste('[[a,bc]]');
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('grid (char[][]): [0][1]: "bc" is not a single character')).toBeInTheDocument();
    await user.clear(value);
    await user.paste('[[a,b],[c,d]]');
    expect(value).toHaveAttribute('aria-invalid', 'false');
    // The float checker asks for a tolerance and shows users' sentence with it.
    await user.selectOptions(screen.getByLabelText('Output Checker'), 'float');
    await user.type(screen.getByLabelText('Tolerance'), '0.001');
    expect(screen.getByTestId('checker-preview')).toHaveTextContent(checkerDescription('float', 0.001));
    await user.selectOptions(screen.getByLabelText('Output Checker'), 'custom');
    expect(screen.getByLabelText('Checker Code (Java)')).toBeInTheDocument();
    // Generate Code knows the richer types.
    await user.type(screen.getByLabelText('Function Name *'), 'count');
    await user.selectOptions(screen.getByLabelText('Return Type'), 'long[]');
    await user.click(screen.getByRole('button', { name: 'Generate Code' }));
    expect((screen.getByLabelText('Boilerplate code') as HTMLTextAreaElement).value).toContain(
      'public static long[] count(char[][] grid)',
    );
  });

  it("'Validate tests' lists each mismatch; a save with a failing reference asks first, and saves only when confirmed", async () => {
    let validations = 0;
    const { calls } = mockApi({
      'GET /admin/problems': { body: [] },
      'POST /problems/validate': () => validationReply(++validations > 2),
      'POST /problems': { status: 201, body: { _id: 'new' } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await fillPairProblem(user);
    await user.click(screen.getByRole('button', { name: 'Validate tests' }));
    const report = await screen.findByTestId('validation-report');
    expect(report).toHaveTextContent(ProblemFormMessages.someFailed(1, 2));
    const failures = within(report).getAllByTestId('validation-failure');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toHaveTextContent('Test Case 2: expected 0 2, the reference printed 1 2');
    const sent = calls.find((c) => c.path === '/problems/validate')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      referenceSolution: REFERENCE,
      checker: 'unordered',
      testCases: [
        { inputs: { nums: '[2,7,11,15]', target: '9' }, expectedOutput: '0 1' },
        { inputs: { nums: '[3,2,4]', target: '6' }, expectedOutput: '0 2' },
      ],
    });

    // Declined: nothing is saved.
    await user.click(screen.getByRole('button', { name: 'Create Problem' }));
    expect(confirm).toHaveBeenCalledWith(ProblemFormMessages.confirmSaveFailing(1, 2));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/problems')).toBe(false);

    // Fixed test: the reference passes, so the save goes through without a question.
    const second = screen.getAllByTestId('test-case-form')[1];
    await user.clear(within(second).getByLabelText('Expected Output'));
    await user.type(within(second).getByLabelText('Expected Output'), '1 2');
    await user.click(screen.getByRole('button', { name: 'Create Problem' }));
    expect(await screen.findByText('Problem created successfully')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(1);
    const body = calls.find((c) => c.method === 'POST' && c.path === '/problems')?.body;
    expect(body).toMatchObject({ returnType: 'int[]', checker: 'unordered', referenceSolution: REFERENCE });
  });

  it("'Compute expected' fills a test's expected output from the reference", async () => {
    const { calls } = mockApi({
      'GET /admin/problems': { body: [] },
      'POST /problems/expected-output': { body: { expectedOutput: '0 1' } },
    });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await fillPairProblem(user);
    await user.click(screen.getByRole('button', { name: 'Add Test Case' }));
    const tc = screen.getAllByTestId('test-case-form').at(-1)!;
    await user.type(within(tc).getByLabelText('nums (int[])'), '[[5,4]');
    await user.type(within(tc).getByLabelText('target (int)'), '9');
    await user.click(screen.getByRole('button', { name: 'Compute expected for test case 3' }));
    expect(await within(tc).findByDisplayValue('0 1')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/problems/expected-output')?.body).toMatchObject({
      referenceSolution: REFERENCE,
      inputs: { nums: '[5,4]', target: '9' },
    });
  });

  it('refuses what the API would refuse, in its words, before sending anything (the shared schema)', async () => {
    const { calls } = mockApi({ 'GET /admin/problems': { body: [] } });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await fillPairProblem(user);
    // A tolerance out of the checker's range: validating the tests is refused as the API would.
    await user.selectOptions(screen.getByLabelText('Output Checker'), 'float');
    await user.type(screen.getByLabelText('Tolerance'), '2');
    await user.click(screen.getByRole('button', { name: 'Validate tests' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      `${ProblemFormMessages.validationFailed}: tolerance must be at most 0.5`,
    );
    await user.clear(screen.getByLabelText('Tolerance'));
    await user.selectOptions(screen.getByLabelText('Output Checker'), 'exact');
    // 21 tags: the save is refused with the API's sentence.
    await user.type(
      screen.getByLabelText('Tags (comma separated)'),
      Array.from({ length: 21 }, (_, i) => `t${i}`).join(','),
    );
    await user.click(screen.getByRole('button', { name: 'Create Problem' }));
    expect(screen.getByRole('alert')).toHaveTextContent('tags must contain no more than 20 elements');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

describe('the problem page states how output is judged', () => {
  const problem = (over: Partial<Problem>): Problem => ({
    _id: 'p1',
    id: 'p1',
    title: 'Median',
    description: 'Find the median.',
    constraints: '',
    difficulty: 'hard',
    points: 40,
    inputVariables: [{ id: 'a', name: 'a', type: 'int[]', description: '' }],
    testCases: [],
    functionName: 'median',
    returnType: 'double',
    boilerplateCode: 'public class Main {}',
    tags: [],
    isVisible: true,
    testCaseCount: 3,
    ...over,
  });

  it.each([
    [{ checker: 'float' as const, tolerance: 1e-6 }, checkerDescription('float', 1e-6)],
    [{ checker: 'unordered' as const }, checkerDescription('unordered')],
    [{}, checkerDescription('exact')],
  ])('%j', async (over, sentence) => {
    mockApi({ 'GET /problems/p1': { body: problem(over) }, 'GET /problems/p1/test-cases': { body: [] } });
    renderRoute(<ProblemPage />, {
      url: '/problems/p1',
      path: '/problems/:id',
      preloadedState: signedInState(),
    });
    expect(await screen.findByTestId('checker-sentence')).toHaveTextContent(sentence);
    expect(screen.getByText('public static double median(int[] a)')).toBeInTheDocument();
  });
});
