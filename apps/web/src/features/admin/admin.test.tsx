import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contest, Problem } from '@javelin/contracts';
import { AdminGuard } from './AdminGuard';
import { AdminProblemsPage } from './AdminProblemsPage';
import { AdminUsersPage } from './AdminUsersPage';
import { AdminContestsPage } from './AdminContestsPage';
import { AdminSetupPage } from './AdminSetupPage';
import { DebugAuthPage } from '../debug/DebugAuthPage';
import { mockApi, renderRoute, signedInState, sampleUser } from '../../test/utils';
import { Messages } from '../../lib/messages';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const guarded = (requireSuperAdmin = false) => (
  <AdminGuard requireSuperAdmin={requireSuperAdmin}>
    <h1>Admin content</h1>
  </AdminGuard>
);

describe('admin guard', () => {
  it("shows 'Checking Access...' while the session loads", () => {
    mockApi({});
    renderRoute(guarded(), {
      preloadedState: {
        auth: { token: 't', user: null, status: 'loading', isAdmin: false, isSuperAdmin: false },
      },
    });
    expect(screen.getByRole('heading', { name: 'Checking Access...' })).toBeInTheDocument();
  });

  it('redirects to /auth without a user', () => {
    mockApi({});
    renderRoute(guarded(), { url: '/admin/users' });
    expect(screen.getByRole('heading', { name: 'Auth screen' })).toBeInTheDocument();
  });

  it("denies plain users with 'Current status: User'", () => {
    mockApi({});
    renderRoute(guarded(), { preloadedState: signedInState() });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You need admin privileges to access this page.')).toBeInTheDocument();
    expect(screen.getByText('Current status: User')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin content' })).not.toBeInTheDocument();
  });

  it('lets admins in, but not into super-admin-only pages', () => {
    mockApi({});
    renderRoute(guarded(), { preloadedState: signedInState({ isAdmin: true }) });
    expect(screen.getByRole('heading', { name: 'Admin content' })).toBeInTheDocument();
  });

  it("denies admins on super-admin pages with 'Current status: Admin'", () => {
    mockApi({});
    renderRoute(guarded(true), { preloadedState: signedInState({ isAdmin: true }) });
    expect(screen.getByText('You need super admin privileges to access this page.')).toBeInTheDocument();
    expect(screen.getByText('Current status: Admin')).toBeInTheDocument();
  });

  it('lets super admins into super-admin pages', () => {
    mockApi({});
    renderRoute(guarded(true), { preloadedState: signedInState({ isAdmin: true, isSuperAdmin: true }) });
    expect(screen.getByRole('heading', { name: 'Admin content' })).toBeInTheDocument();
  });
});

const storedProblem: Problem = {
  _id: 'p1',
  id: 'p1',
  title: 'Reverse',
  description: 'x'.repeat(150),
  constraints: '',
  difficulty: 'medium',
  points: 15,
  inputVariables: [{ id: 'v1', name: 's', type: 'string', description: 'text' }],
  testCases: [],
  functionName: 'reverse',
  returnType: 'string',
  boilerplateCode: 'old',
  tags: ['strings'],
  isVisible: true,
  testCaseCount: 1,
};

describe('admin problem manager', () => {
  it('lists problems with a 100-character description and confirms before deleting', async () => {
    const { calls } = mockApi({
      'GET /admin/problems': { body: [storedProblem] },
      'DELETE /problems/p1': { body: {} },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    const row = await screen.findByTestId('admin-problem-row');
    expect(within(row).getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Delete Reverse' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this problem?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(row).getByRole('button', { name: 'Delete Reverse' }));
    expect(await screen.findByText('Problem deleted successfully')).toBeInTheDocument();
  });

  it('requires title, description and function name', async () => {
    mockApi({ 'GET /admin/problems': { body: [] } });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(screen.getByRole('tab', { name: 'Create/Edit Problem' }));
    expect(screen.getByLabelText('Difficulty')).toHaveValue('easy');
    expect(screen.getByLabelText('Return Type')).toHaveValue('int');
    expect(screen.getByRole('checkbox', { name: /Visible in the problem list/ })).toBeChecked();
    await user.type(screen.getByLabelText('Title *'), 'Only a title');
    await user.click(screen.getByRole('button', { name: 'Create Problem' }));
    expect(screen.getByRole('alert')).toHaveTextContent(Messages.requiredProblemFields);
  });

  it('collects one value per variable, generates code and creates the problem, then returns to the list', async () => {
    const { calls } = mockApi({
      'GET /admin/problems': { body: [] },
      'POST /problems': { status: 201, body: { ...storedProblem, _id: 'new' } },
    });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(screen.getByRole('tab', { name: 'Create/Edit Problem' }));
    await user.type(screen.getByLabelText('Title *'), 'Sum Array');
    await user.type(screen.getByLabelText('Description *'), 'Sum the numbers.');
    await user.type(screen.getByLabelText('Function Name *'), 'sumArray');
    await user.type(screen.getByLabelText('Tags (comma separated)'), 'arrays, math');
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    await user.type(screen.getByLabelText('Variable 1 name'), 'nums');
    await user.selectOptions(screen.getByLabelText('Variable 1 type'), 'array');
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    await user.type(screen.getByLabelText('Variable 2 name'), 'k');
    await user.click(screen.getByRole('button', { name: 'Add Test Case' }));
    const testCase = screen.getByTestId('test-case-form');
    // A new, empty test case shows no error until a value is typed (issue 30).
    expect(within(testCase).queryByText(/is not a 32-bit integer/)).not.toBeInTheDocument();
    expect(within(testCase).getByLabelText('k (int)')).toHaveAttribute('aria-invalid', 'false');
    await user.type(within(testCase).getByLabelText('nums (array)'), '[[1,2,3]');
    await user.type(within(testCase).getByLabelText('k (int)'), 'x');
    expect(within(testCase).getByText(/is not a 32-bit integer/)).toBeInTheDocument();
    await user.clear(within(testCase).getByLabelText('k (int)'));
    await user.type(within(testCase).getByLabelText('k (int)'), '2');
    await user.type(within(testCase).getByLabelText('Expected Output'), '6');
    await user.click(screen.getByRole('button', { name: 'Generate Code' }));
    const code = (screen.getByLabelText('Boilerplate code') as HTMLTextAreaElement).value;
    expect(code).toContain('public static int sumArray(int[] nums, int k)');
    expect(code).toContain('public static void main');
    await user.click(screen.getByRole('button', { name: 'Create Problem' }));
    expect(await screen.findByText('Problem created successfully')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Problems List' })).toHaveAttribute('aria-selected', 'true');
    const body = calls.find((c) => c.method === 'POST' && c.path === '/problems')?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      title: 'Sum Array',
      description: 'Sum the numbers.',
      functionName: 'sumArray',
      difficulty: 'easy',
      returnType: 'int',
      isVisible: true,
      tags: ['arrays', 'math'],
      testCases: [{ inputs: { nums: '[1,2,3]', k: '2' }, expectedOutput: '6', isExample: true }],
    });
    expect((body.inputVariables as { name: string; type: string }[]).map((v) => [v.name, v.type])).toEqual([
      ['nums', 'array'],
      ['k', 'int'],
    ]);
    expect(body.boilerplateCode).toBe(code);
    await user.click(screen.getByRole('tab', { name: 'Create/Edit Problem' }));
    expect(screen.getByLabelText('Title *')).toHaveValue('');
  });

  it('loads a problem with all its test cases for editing and updates it', async () => {
    const { calls } = mockApi({
      'GET /admin/problems': { body: [storedProblem] },
      'GET /problems/p1': { body: storedProblem },
      'GET /problems/p1/test-cases/all': {
        body: [{ _id: 't1', id: 't1', input: '{"s":"abc"}', expectedOutput: 'cba', isExample: false }],
      },
      'PUT /problems/p1': { body: storedProblem },
    });
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Reverse' }));
    expect(await screen.findByLabelText('Title *')).toHaveValue('Reverse');
    expect(screen.getByLabelText('s (string)')).toHaveValue('abc');
    await user.click(screen.getByRole('button', { name: 'Update Problem' }));
    expect(await screen.findByText('Problem updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      title: 'Reverse',
      testCases: [{ id: 't1', inputs: { s: 'abc' }, expectedOutput: 'cba', isExample: false }],
    });
  });
});

describe('admin problem manager, where it returns (issue 45)', () => {
  const others = Array.from({ length: 12 }, (_, i) => ({
    ...storedProblem,
    _id: `o${i}`,
    id: `o${i}`,
    title: `Other ${i}`,
  }));

  it('after a save the list shows the saved problem marked and scrolled into view; Edit opens the form at its top', async () => {
    const listed = [...others, storedProblem];
    mockApi({
      'GET /admin/problems': () => ({ body: listed }),
      'GET /problems/p1': { body: storedProblem },
      'GET /problems/p1/test-cases/all': {
        body: [{ _id: 't1', id: 't1', input: '{"s":"abc"}', expectedOutput: 'cba', isExample: false }],
      },
      'PUT /problems/p1': { body: storedProblem },
    });
    const scrolledRows: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolledRows.push(this.textContent ?? '');
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const user = userEvent.setup();
    renderRoute(<AdminProblemsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Reverse' }));
    expect(await screen.findByLabelText('Title *')).toHaveValue('Reverse');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    await user.click(screen.getByRole('button', { name: 'Update Problem' }));
    expect(await screen.findByText('Problem updated successfully')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('admin-problem-row');
    const saved = rows.find((r) => r.getAttribute('aria-current') === 'true');
    expect(saved).toHaveTextContent('Reverse');
    expect(within(saved!).getByText('Saved')).toBeInTheDocument();
    expect(rows.filter((r) => r.getAttribute('aria-current') === 'true')).toHaveLength(1);
    await waitFor(() => expect(scrolledRows).toHaveLength(1));
    expect(scrolledRows[0]).toContain('Reverse');
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    vi.unstubAllGlobals();
  });
});

describe('admin user management', () => {
  const users = [
    { ...sampleUser },
    { ...sampleUser, id: 'u2', _id: 'u2', fullName: 'Grace Hopper', email: 'grace@example.com' },
  ];

  it('offers Super Admin only to super admins', async () => {
    mockApi({ 'GET /admin/all-users': { body: users }, 'GET /admin/users': { body: [] } });
    renderRoute(<AdminUsersPage />, { preloadedState: signedInState({ isAdmin: true }) });
    const roleSelect = await screen.findByLabelText('Role');
    expect(
      within(roleSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a role', 'Admin']);
    expect(screen.getByText('No admin users found')).toBeInTheDocument();
  });

  it('validates the selection and grants a role', async () => {
    const { calls } = mockApi({
      'GET /admin/all-users': { body: users },
      'GET /admin/users': { body: [] },
      'POST /admin/users': { status: 201, body: {} },
    });
    const user = userEvent.setup();
    renderRoute(<AdminUsersPage />, { preloadedState: signedInState({ isAdmin: true, isSuperAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Add Role' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a user and role');
    await user.selectOptions(screen.getByLabelText('User'), 'u2');
    expect(screen.getByRole('option', { name: 'Grace Hopper (grace@example.com)' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Role'), 'super_admin');
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    expect(await screen.findByText('Super Admin role added successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 'u2', role: 'super_admin' });
  });

  it('lists admins with their role and removes one', async () => {
    const { calls } = mockApi({
      'GET /admin/all-users': { body: users },
      'GET /admin/users': {
        body: [
          {
            _id: 'r1',
            userId: 'u2',
            role: 'admin',
            user: { fullName: 'Grace Hopper', email: 'grace@example.com' },
          },
        ],
      },
      'DELETE /admin/users/r1': { body: { success: true } },
    });
    const user = userEvent.setup();
    renderRoute(<AdminUsersPage />, { preloadedState: signedInState({ isAdmin: true }) });
    const row = await screen.findByTestId('admin-row');
    expect(within(row).getByText('Admin')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Remove Admin role from Grace Hopper' }));
    expect(await screen.findByText('Role removed successfully')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/admin/users/r1')).toBe(true);
  });

  it("toasts 'Unauthorized' and explains a refused load", async () => {
    mockApi({
      'GET /admin/all-users': {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Forbidden' },
      },
      'GET /admin/users': { body: [] },
    });
    renderRoute(<AdminUsersPage />, { preloadedState: signedInState({ isAdmin: true }) });
    expect(await screen.findByText(Messages.superAdminsOnly)).toBeInTheDocument();
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
  });
});

describe('admin contest management', () => {
  const HOUR = 3_600_000;
  const contest = (over: Partial<Contest>): Contest => ({
    _id: 'c1',
    id: 'c1',
    title: 'Live',
    description: 'd',
    startTime: new Date(Date.now() - HOUR).toISOString(),
    endTime: new Date(Date.now() + HOUR).toISOString(),
    status: 'active',
    maxParticipants: 50,
    participantCount: 3,
    userJoined: false,
    contestProblems: [{ problemId: storedProblem, points: 15, order: 1 }],
    format: 'points',
    penaltyMinutes: 20,
    freezeMinutes: 0,
    freezeTime: null,
    frozen: false,
    ...over,
  });

  it('shows Complete only on active contests and completes', async () => {
    const { calls } = mockApi({
      'GET /contests': {
        body: [contest({}), contest({ _id: 'c2', id: 'c2', title: 'Later', status: 'upcoming' })],
      },
      'GET /admin/problems': { body: [storedProblem] },
      'POST /contests/c1/complete': { body: { success: true } },
    });
    const user = userEvent.setup();
    renderRoute(<AdminContestsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    const live = await screen.findByRole('article', { name: 'Live' });
    expect(within(live).getByText('Participants: 3 / 50')).toBeInTheDocument();
    expect(within(live).getByText('Problems: 1')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Later' })).queryByRole('button', { name: 'Complete' }),
    ).not.toBeInTheDocument();
    await user.click(within(live).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/contests/c1/complete')).toBe(true));
  });

  it('requires a problem, defaults max participants to 100 and creates the contest', async () => {
    const { calls } = mockApi({
      'GET /contests': { body: [] },
      'GET /admin/problems': { body: [storedProblem] },
      'POST /contests': { status: 201, body: contest({}) },
    });
    const user = userEvent.setup();
    renderRoute(<AdminContestsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'New Contest' }));
    const dialog = screen.getByRole('dialog', { name: 'New Contest' });
    expect(within(dialog).getByLabelText('Max Participants')).toHaveValue(100);
    await user.type(within(dialog).getByLabelText('Title'), 'Weekly');
    await user.type(within(dialog).getByLabelText('Start Time'), '2030-01-01T10:00');
    await user.type(within(dialog).getByLabelText('End Time'), '2030-01-01T12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create Contest' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please select at least one problem for the contest',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Reverse' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Contest' }));
    expect(await screen.findByText('Contest created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Weekly',
      maxParticipants: 100,
      problemIds: ['p1'],
      startTime: new Date('2030-01-01T10:00').toISOString(),
    });
  });

  it('sets the end from a duration, finds problems by search and links each card to its contest', async () => {
    const digitSum = { ...storedProblem, _id: 'p2', title: 'Digit Sum', tags: ['math'] };
    const { calls } = mockApi({
      'GET /contests': { body: [contest({ _id: 'c9', id: 'c9', title: 'Weekly 9' })] },
      'GET /admin/problems': { body: [storedProblem, digitSum] },
      'POST /contests': { status: 201, body: contest({}) },
    });
    const user = userEvent.setup();
    renderRoute(<AdminContestsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    expect(await screen.findByRole('link', { name: 'Weekly 9' })).toHaveAttribute('href', '/contests/c9');
    await user.click(screen.getByRole('button', { name: 'New Contest' }));
    const dialog = screen.getByRole('dialog', { name: 'New Contest' });
    await user.type(within(dialog).getByLabelText('Title'), 'Sprint');
    await user.type(within(dialog).getByLabelText('Start Time'), '2030-01-01T10:00');
    await user.type(within(dialog).getByLabelText('Duration (minutes)'), '90');
    expect(within(dialog).getByLabelText('End Time')).toHaveValue('2030-01-01T11:30');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search problems' }), 'math');
    expect(within(dialog).queryByRole('checkbox', { name: 'Reverse' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Digit Sum' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Contest' }));
    expect(await screen.findByText('Contest created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      problemIds: ['p2'],
      startTime: new Date('2030-01-01T10:00').toISOString(),
      endTime: new Date('2030-01-01T11:30').toISOString(),
    });
  });

  it('asks before unfreezing and confirms in success style', async () => {
    const ended = contest({
      _id: 'c5',
      id: 'c5',
      title: 'Frozen one',
      status: 'ended',
      freezeMinutes: 10,
      frozen: true,
    });
    const { calls } = mockApi({
      'GET /contests': { body: [ended] },
      'GET /admin/problems': { body: [] },
      'POST /contests/c5/unfreeze': { body: { success: true, message: 'Standings unfrozen' } },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderRoute(<AdminContestsPage />, { preloadedState: signedInState({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Unfreeze' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.path === '/contests/c5/unfreeze')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Unfreeze' }));
    expect(await screen.findByText('Standings unfrozen')).toBeInTheDocument();
    expect(screen.getByText('Standings unfrozen').closest('.toast')).toHaveClass('toast-success');
    confirm.mockRestore();
  });

  it("shows 'Access Denied' to non-admins", () => {
    mockApi({});
    renderRoute(<AdminContestsPage />, { preloadedState: signedInState() });
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
  });
});

describe('admin setup and debug pages', () => {
  it('validates lengths and creates the first super admin', async () => {
    const { calls } = mockApi({ 'POST /auth/create-super-admin': { status: 201, body: { success: true } } });
    const user = userEvent.setup();
    renderRoute(<AdminSetupPage />);
    expect(screen.getByLabelText('Role')).toHaveValue('Super Admin');
    await user.type(screen.getByLabelText('Email'), 'root@example.com');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Username'), 'ro');
    await user.type(screen.getByLabelText('Full Name'), 'Root');
    await user.click(screen.getByRole('button', { name: 'Create Super Admin' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
    await user.type(screen.getByLabelText('Password'), 'def');
    await user.click(screen.getByRole('button', { name: 'Create Super Admin' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Username must be at least 3 characters long');
    await user.type(screen.getByLabelText('Username'), 'sa');
    await user.click(screen.getByRole('button', { name: 'Create Super Admin' }));
    expect((await screen.findAllByText(/Super Admin created successfully!/)).length).toBeGreaterThan(0);
    expect(calls[0].body).toEqual({
      email: 'root@example.com',
      password: 'abcdef',
      username: 'rosa',
      fullName: 'Root',
      role: 'super_admin',
    });
  });

  it("shows the server's error when setup is refused", async () => {
    mockApi({
      'POST /auth/create-super-admin': {
        status: 409,
        body: { statusCode: 409, error: 'A super admin already exists', message: 'Conflict' },
      },
    });
    const user = userEvent.setup();
    renderRoute(<AdminSetupPage />);
    await user.type(screen.getByLabelText('Email'), 'root@example.com');
    await user.type(screen.getByLabelText('Password'), 'abcdef');
    await user.type(screen.getByLabelText('Username'), 'rosa');
    await user.type(screen.getByLabelText('Full Name'), 'Root');
    await user.click(screen.getByRole('button', { name: 'Create Super Admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A super admin already exists');
  });

  it("debug-auth shows only the signed-in user's own session", () => {
    mockApi({});
    renderRoute(<DebugAuthPage />, { preloadedState: signedInState({ isAdmin: true }) });
    expect(screen.getByTestId('debug-Email')).toHaveTextContent('ada@example.com');
    expect(screen.getByTestId('debug-Current status')).toHaveTextContent('Admin');
  });
});
