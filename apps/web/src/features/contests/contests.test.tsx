import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContestPackageUiMessages, ContestScreenMessages } from '@javelin/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contestAction, effectiveStatus, firstUnsolvedProblem, freezePhase } from './contestRules';
import { ContestsPage } from './ContestsPage';
import { ContestDetailPage } from './ContestDetailPage';
import { ContestProblemPage } from './ContestProblemPage';
import { ContestLeaderboard } from './ContestScoreboard';
import { fireEvent, render } from '@testing-library/react';
import { mockApi, renderRoute, signedInState } from '../../test/utils';
import { Messages } from '../../lib/messages';
import { FakeEventSource } from '../../test/fakeEventSource';
import {
  HOUR,
  activeContest as contest,
  twoSum,
  iso,
  twoSumAccepted,
  twoSumExample,
} from '../../test/contestFixtures';

// The stream is read with the fetch-based EventSource of the 'eventsource' package (it sends the bearer token).
vi.mock('eventsource', () => import('../../test/fakeEventSource'));
vi.mock('../editor/CodeEditor', () => import('../../test/editorMock'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('contest button rules (spec §4)', () => {
  it('joins only while upcoming and not joined', () => {
    expect(contestAction('upcoming', false)).toEqual({ kind: 'join', label: 'Join Contest' });
    expect(contestAction('upcoming', true)).toEqual({ kind: 'disabled', label: 'Joined' });
  });
  it('lets joined users attempt an active contest and disables it for others', () => {
    expect(contestAction('active', true)).toEqual({ kind: 'link', label: 'Attempt Contest' });
    expect(contestAction('active', false)).toEqual({ kind: 'disabled', label: 'Contest Started' });
  });
  it('shows View Results once ended', () => {
    expect(contestAction('ended', true)).toEqual({ kind: 'link', label: 'View Results' });
    expect(contestAction('ended', false)).toEqual({ kind: 'link', label: 'View Results' });
  });
  it('uses the server status when present and derives it from the times otherwise', () => {
    const times = { startTime: '2026-01-01T10:00:00Z', endTime: '2026-01-01T12:00:00Z' };
    expect(effectiveStatus({ ...times, status: 'ended' }, new Date('2026-01-01T11:00:00Z'))).toBe('ended');
    expect(effectiveStatus(times, new Date('2026-01-01T12:00:00Z'))).toBe('active');
    expect(effectiveStatus(times, new Date('2026-01-01T09:00:00Z'))).toBe('upcoming');
  });
});

describe('contests list', () => {
  const list = [
    contest({ _id: 'a', id: 'a', title: 'Active Joined' }),
    contest({ _id: 'b', id: 'b', title: 'Active Other', userJoined: false }),
    contest({
      _id: 'c',
      id: 'c',
      title: 'Soon',
      status: 'upcoming',
      userJoined: false,
      startTime: iso(HOUR),
      endTime: iso(2 * HOUR),
    }),
    contest({
      _id: 'd',
      id: 'd',
      title: 'Past',
      status: 'ended',
      startTime: iso(-2 * HOUR),
      endTime: iso(-HOUR),
    }),
  ];

  it('shows each card with status, participants and the right button, and filters by tab and search', async () => {
    mockApi({ 'GET /contests': { body: list } });
    const user = userEvent.setup();
    renderRoute(<ContestsPage />, { preloadedState: signedInState() });
    const joined = await screen.findByRole('article', { name: 'Active Joined' });
    expect(within(joined).getByText('Active')).toBeInTheDocument();
    expect(within(joined).getByTestId('participants')).toHaveTextContent('7 / 100');
    expect(within(joined).getByRole('link', { name: 'Attempt Contest' })).toHaveAttribute(
      'href',
      '/contests/a',
    );
    expect(within(joined).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/contests/a');
    expect(
      within(screen.getByRole('article', { name: 'Active Other' })).getByRole('button', {
        name: 'Contest Started',
      }),
    ).toBeDisabled();
    expect(
      within(screen.getByRole('article', { name: 'Past' })).getByRole('link', { name: 'View Results' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    expect(screen.getByRole('article', { name: 'Soon' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Past' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.type(screen.getByLabelText('Search contests'), 'past');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it("offers visitors 'Sign in to join', which comes back to the contest list", async () => {
    const { calls } = mockApi({ 'GET /contests': { body: list } });
    const { router } = renderRoute(<ContestsPage />, { path: '/contests', url: '/contests' });
    const link = within(await screen.findByRole('article', { name: 'Soon' })).getByRole('link', {
      name: 'Sign in to join',
    });
    expect(link).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Join Contest' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.setup().click(link);
    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/contests' });
  });

  it('joins an upcoming contest and then shows Joined', async () => {
    let joined = false;
    mockApi({
      'GET /contests': () => ({ body: list.map((c) => (c._id === 'c' ? { ...c, userJoined: joined } : c)) }),
      'POST /contests/c/join': () => {
        joined = true;
        return { body: { success: true } };
      },
    });
    const user = userEvent.setup();
    renderRoute(<ContestsPage />, { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Join Contest' }));
    expect(await screen.findByText('Successfully joined the contest!')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('article', { name: 'Soon' })).findByRole('button', { name: 'Joined' }),
    ).toBeDisabled();
  });

  it("toasts 'Failed to join contest' with the server's reason", async () => {
    mockApi({
      'GET /contests': { body: list },
      'POST /contests/c/join': {
        status: 409,
        body: { statusCode: 409, error: 'The contest is full', message: 'Conflict' },
      },
    });
    const user = userEvent.setup();
    renderRoute(<ContestsPage />, { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Join Contest' }));
    expect(await screen.findByText('Failed to join contest')).toBeInTheDocument();
    expect(screen.getByText('The contest is full')).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch contests' when the list fails", async () => {
    mockApi({ 'GET /contests': { status: 500, body: {} } });
    renderRoute(<ContestsPage />);
    expect(await screen.findByText('Failed to fetch contests')).toBeInTheDocument();
  });
});

describe('contests that say what they mean (issue 30)', () => {
  const frozenContest = (over: Parameters<typeof contest>[0] = {}) =>
    contest({ freezeMinutes: 10, freezeTime: iso(-HOUR + 50 * 60_000), frozen: true, ...over });

  it('shows Frozen only from the freeze to the end, then pending release until unfrozen', () => {
    const c = frozenContest({
      status: undefined,
      startTime: iso(-HOUR),
      endTime: iso(HOUR),
      freezeTime: iso(HOUR / 2),
    });
    expect(freezePhase(c, new Date())).toBe('none');
    expect(freezePhase(c, new Date(Date.now() + (HOUR * 3) / 4))).toBe('frozen');
    expect(freezePhase(c, new Date(Date.now() + 2 * HOUR))).toBe('pending-release');
    expect(freezePhase({ ...c, frozen: false }, new Date(Date.now() + 2 * HOUR))).toBe('none');
    expect(freezePhase({ ...c, frozen: false }, new Date(Date.now() + (HOUR * 3) / 4))).toBe('none');
  });

  it('picks the first unsolved problem in contest order, else the first', () => {
    const ps = ['a', 'b', 'c'].map((id) => ({ problemId: { _id: id } }));
    expect(firstUnsolvedProblem(ps, new Set(['a']))?.problemId._id).toBe('b');
    expect(firstUnsolvedProblem(ps, new Set(['a', 'b', 'c']))?.problemId._id).toBe('a');
  });

  it("sends 'Attempt Contest' to the first unsolved problem and numbers problems once, by letter", async () => {
    const second = { ...twoSum, _id: 'p2', title: 'Digit Sum' };
    mockApi({
      'GET /contests/c1': {
        body: contest({
          contestProblems: [
            { problemId: twoSum, points: 30, order: 0 },
            { problemId: second, points: 15, order: 1 },
          ],
        }),
      },
      'GET /leaderboard/contests/c1': { body: [] },
      'GET /contests/c1/solved-problems': { body: ['p1'] },
    });
    renderRoute(<ContestDetailPage />, {
      url: '/contests/c1',
      path: '/contests/:contestId',
      preloadedState: signedInState(),
    });
    // The link is there once the contest is read; it points past the solved problem once those are read too.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Attempt Contest' })).toHaveAttribute(
        'href',
        '/contests/c1/problems/p2',
      ),
    );
    const rows = screen.getAllByTestId('contest-problem');
    expect(rows[1]).toHaveTextContent(/^B\. Digit Sum/);
    expect(rows[1].closest('ol')).toHaveStyle({ listStyle: 'none' });
    expect(screen.queryByTestId('frozen-badge')).not.toBeInTheDocument();
  });

  it("speaks solved/penalty in an ICPC contest's rows and shows the freeze as pending release after the end", async () => {
    mockApi({
      'GET /contests/c1': {
        body: frozenContest({
          format: 'icpc',
          status: 'ended',
          startTime: iso(-2 * HOUR),
          endTime: iso(-HOUR),
          freezeTime: iso(-HOUR - 600_000),
        }),
      },
      'GET /leaderboard/contests/c1': { body: [] },
      'GET /contests/c1/solved-problems': { body: [] },
      'GET /contests/c1/virtual': { body: { run: null } },
    });
    renderRoute(<ContestDetailPage />, {
      url: '/contests/c1',
      path: '/contests/:contestId',
      preloadedState: signedInState(),
    });
    expect(await screen.findByTestId('frozen-badge')).toHaveTextContent('Frozen — results pending release');
    const row = screen.getByTestId('contest-problem');
    expect(row).toHaveTextContent('counts as 1 solved');
    expect(row).not.toHaveTextContent('points');
    expect(screen.getByRole('link', { name: 'View Results' })).toHaveAttribute('href', '#contest-results');
  });
});

describe('contest detail', () => {
  it("shows 'Contest Leaderboard' while active and moves with the SSE stream", async () => {
    mockApi({
      'GET /contests/c1': { body: contest() },
      'GET /leaderboard/contests/c1': {
        body: [{ userId: 'u1', username: 'ada', problemsSolved: 0, score: 0 }],
      },
      'GET /contests/c1/solved-problems': { body: [] },
    });
    renderRoute(<ContestDetailPage />, {
      url: '/contests/c1',
      path: '/contests/:contestId',
      preloadedState: signedInState(),
    });
    expect(await screen.findByRole('heading', { name: 'Contest Leaderboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solve Two Sum' })).toHaveAttribute(
      'href',
      '/contests/c1/problems/p1',
    );
    expect(await screen.findByText('0 pts')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/contests/c1/leaderboard/stream'));
    act(() =>
      FakeEventSource.last?.emit([
        { userId: 'u2', username: 'grace', problemsSolved: 1, score: 30 },
        { userId: 'u1', username: 'ada', problemsSolved: 0, score: 0 },
      ]),
    );
    await waitFor(() => expect(screen.getAllByTestId('contest-leaderboard-row')).toHaveLength(2));
    const rows = screen.getAllByTestId('contest-leaderboard-row');
    expect(within(rows[0]).getByText('30 pts')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('img', { name: 'Rank 1' })).toBeInTheDocument();
  });

  it("shows 'Final Results' and the ended notice after the end, with no stream", async () => {
    FakeEventSource.last = null;
    mockApi({
      'GET /contests/c1': {
        body: contest({ status: 'ended', startTime: iso(-2 * HOUR), endTime: iso(-HOUR) }),
      },
      'GET /leaderboard/contests/c1': {
        body: [1, 2, 3, 4].map((n) => ({
          userId: `u${n}`,
          username: `user${n}`,
          problemsSolved: 1,
          score: 50 - n,
        })),
      },
      'GET /contests/c1/solved-problems': { body: ['p1'] },
    });
    renderRoute(<ContestDetailPage />, {
      url: '/contests/c1',
      path: '/contests/:contestId',
      preloadedState: signedInState(),
    });
    expect(await screen.findByRole('heading', { name: 'Final Results' })).toBeInTheDocument();
    expect(screen.getByText(/This contest has ended/)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('contest-leaderboard-row');
    expect(within(rows[3]).getByText('#4')).toBeInTheDocument();
    expect(FakeEventSource.last).toBeNull();
  });

  it("shows 'Contest Not Found' for an unknown contest", async () => {
    mockApi({});
    renderRoute(<ContestDetailPage />, { url: '/contests/zz', path: '/contests/:contestId' });
    expect(await screen.findByRole('heading', { name: 'Contest Not Found' })).toBeInTheDocument();
  });
});

describe('contest problem page', () => {
  const at = { url: '/contests/c1/problems/p1', path: '/contests/:contestId/problems/:problemId' };

  it('denies access to users who have not joined, with a link to the contest', async () => {
    mockApi({ 'GET /contests/c1': { body: contest({ userJoined: false }) } });
    renderRoute(<ContestProblemPage />, { ...at, preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getAllByText('You must join the contest to access its problems').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Go to Contest' })).toHaveAttribute('href', '/contests/c1');
  });

  it("shows 'Problem Not Found' for a problem outside the contest", async () => {
    mockApi({ 'GET /contests/c1': { body: contest() } });
    renderRoute(<ContestProblemPage />, {
      url: '/contests/c1/problems/other',
      path: at.path,
      preloadedState: signedInState(),
    });
    expect(await screen.findByRole('heading', { name: 'Problem Not Found' })).toBeInTheDocument();
  });

  it("states a problem's points, and in an ICPC contest what a solve counts for instead", async () => {
    mockApi({ 'GET /contests/c1': { body: contest() } });
    const points = renderRoute(<ContestProblemPage />, { ...at, preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Two Sum' })).toBeInTheDocument();
    expect(screen.getByText(/^\d+ points$/)).toBeInTheDocument();
    points.unmount();
    mockApi({ 'GET /contests/c1': { body: contest({ format: 'icpc' }) } });
    renderRoute(<ContestProblemPage />, { ...at, preloadedState: signedInState() });
    expect(await screen.findByText(ContestScreenMessages.icpcWorth)).toBeInTheDocument();
    expect(screen.queryByText(/^\d+ points$/)).toBeNull();
  });

  it('disables Submit outside the active window with the spec message', async () => {
    mockApi({ 'GET /contests/c1': { body: contest({ status: 'ended' }) } });
    renderRoute(<ContestProblemPage />, { ...at, preloadedState: signedInState() });
    expect(await screen.findByRole('button', { name: 'Submit Solution' })).toBeDisabled();
    expect(screen.getByText(Messages.contestNotActive)).toBeInTheDocument();
    // Practice stays open from here after the end (issue 21), on its own page.
    expect(screen.getByRole('link', { name: 'Practice' })).toHaveAttribute(
      'href',
      '/contests/c1/practice/p1',
    );
    expect(screen.getByText('Java')).toBeInTheDocument();
    expect(screen.getByText('UTF-8')).toBeInTheDocument();
    expect(screen.getByText('4 spaces')).toBeInTheDocument();
  });

  it("accepts a solution with the contest id, shows 'Accepted' and returns to the contest after 2 s", async () => {
    const { calls } = mockApi({
      'GET /contests/c1': { body: contest() },
      'GET /problems/p1/test-cases': { body: [twoSumExample] },
      'POST /execute-code': { body: twoSumAccepted },
      'POST /submissions': { body: { _id: 's1' } },
      'POST /solve': { body: { success: true } },
    });
    const user = userEvent.setup();
    const { router } = renderRoute(
      [
        { path: at.path, element: <ContestProblemPage /> },
        { path: '/contests/:contestId', element: <h1>Contest page</h1> },
      ],
      { url: at.url, preloadedState: signedInState() },
    );
    expect(await screen.findByRole('heading', { name: 'Two Sum' })).toBeInTheDocument();
    expect(await screen.findByText('n = 3')).toBeInTheDocument();
    expect(screen.getByTestId('solver-status')).toHaveTextContent('Ready');
    await user.click(screen.getByRole('button', { name: 'Submit Solution' }));
    expect(await screen.findByTestId('submission-result')).toHaveTextContent('Accepted');
    expect(screen.getByText('Problem solved! You earned 30 points!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/execute-code')?.body).toMatchObject({
      contestId: 'c1',
      runAllTestCases: true,
    });
    expect(calls.find((c) => c.path === '/solve')?.body).toEqual({
      problemId: 'p1',
      submissionId: 's1',
      contestId: 'c1',
    });
    expect(router.state.location.pathname).toBe('/contests/c1/problems/p1');
    expect(
      await screen.findByRole('heading', { name: 'Contest page' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it("shows 'Wrong Answer' when a test fails", async () => {
    mockApi({
      'GET /contests/c1': { body: contest() },
      'POST /execute-code': {
        body: {
          results: [],
          overallPassed: false,
          passedCount: 0,
          totalCount: 2,
          verdict: 'compilation_error',
          compileError: 'Main.java:1: error',
        },
      },
    });
    const user = userEvent.setup();
    renderRoute(<ContestProblemPage />, { ...at, preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Submit Solution' }));
    expect(await screen.findByTestId('submission-result')).toHaveTextContent('Wrong Answer');
    expect(screen.getByText('Main.java:1: error')).toBeInTheDocument();
  });
});

describe("the board's organization filter (issue 32)", () => {
  const north = { id: 'o1', name: 'Uni North' };
  const south = { id: 'o2', name: 'Uni South' };
  const entries = [
    { userId: 'u1', username: 'ann', problemsSolved: 2, score: 0, rank: 1, organization: north },
    { userId: 'u2', username: 'bob', problemsSolved: 1, score: 0, rank: 2, organization: south },
    { userId: 'u3', username: 'cat', problemsSolved: 1, score: 0, rank: 3 },
    { userId: 'u4', username: 'dan', problemsSolved: 0, score: 0, rank: 4, organization: north },
  ];

  it('lists the organizations the participants name and keeps each row at its overall rank', () => {
    render(<ContestLeaderboard entries={entries} ended={false} format="icpc" />);
    const filter = screen.getByLabelText(ContestScreenMessages.organizationFilter);
    expect([...(filter as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      ContestScreenMessages.allOrganizations,
      'Uni North',
      'Uni South',
    ]);
    expect(screen.getAllByTestId('contest-leaderboard-row')).toHaveLength(4);
    fireEvent.change(filter, { target: { value: 'o1' } });
    const rows = screen.getAllByTestId('contest-leaderboard-row');
    expect(rows.map((r) => within(r).getByText(/^@/).textContent?.split(' ')[0])).toEqual(['@ann', '@dan']);
    expect(within(rows[1]).getByText('#4')).toBeInTheDocument();
  });

  it('shows no filter when nobody names an organization', () => {
    render(<ContestLeaderboard entries={entries.map(({ organization: _o, ...e }) => e)} ended={false} />);
    expect(screen.queryByLabelText(ContestScreenMessages.organizationFilter)).toBeNull();
  });
});

describe("a contest package's teams on the board (issue 43)", () => {
  const uniN = { id: 'uni-n', name: 'Uni North' };
  const participants = { id: 'participants', name: 'Participants' };
  const observers = { id: 'guests', name: 'Guests' };
  const entries = [
    {
      userId: 'u1',
      username: 't1',
      fullName: 'Team 1',
      label: '101',
      problemsSolved: 2,
      score: 0,
      rank: 1,
      organization: uniN,
      groups: [participants],
    },
    {
      userId: 'u2',
      username: 't2',
      fullName: 'Team 2',
      label: '102',
      problemsSolved: 1,
      score: 0,
      rank: 2,
      groups: [observers],
    },
    {
      userId: 'u3',
      username: 't3',
      fullName: 'Team 3',
      label: '103',
      problemsSolved: 0,
      score: 0,
      rank: 3,
      organization: uniN,
      groups: [participants],
    },
  ];

  it("shows each team's label and organization and filters by group", () => {
    render(<ContestLeaderboard entries={entries} ended={false} format="icpc" />);
    const rows = screen.getAllByTestId('contest-leaderboard-row');
    expect(within(rows[0]).getByTestId('team-label')).toHaveTextContent('101');
    expect(within(rows[0]).getByTestId('team-organization')).toHaveTextContent('Uni North');
    expect(within(rows[1]).queryByTestId('team-organization')).toBeNull();
    const filter = screen.getByLabelText(ContestPackageUiMessages.groupFilter);
    expect([...(filter as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      ContestPackageUiMessages.allGroups,
      'Guests',
      'Participants',
    ]);
    fireEvent.change(filter, { target: { value: 'participants' } });
    const shown = screen.getAllByTestId('contest-leaderboard-row');
    expect(shown.map((r) => within(r).getByTestId('team-label').textContent)).toEqual(['101', '103']);
  });
});
