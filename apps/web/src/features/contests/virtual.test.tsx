import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ServerMessages,
  VirtualMessages,
  type Contest,
  type Problem,
  type VirtualRun,
  type VirtualStandings,
} from '@javelin/contracts';
import { ContestDetailPage } from './ContestDetailPage';
import { ContestPracticePage } from './ContestPracticePage';
import { mockApi, renderRoute, signedInState } from '../../test/utils';
import {
  MINUTE,
  activeContest,
  iso,
  twoSum,
  twoSumAccepted,
  twoSumExample,
} from '../../test/contestFixtures';

vi.mock('eventsource', () => import('../../test/fakeEventSource'));
vi.mock('../editor/CodeEditor', () => import('../../test/editorMock'));

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Two Sum with one example embedded in it. */
const problem: Problem = {
  ...twoSum,
  testCases: [twoSumExample],
};
/** Ended an hour ago after running 90 minutes. */
const ended = (over: Partial<Contest> = {}): Contest =>
  activeContest({
    startTime: iso(-150 * MINUTE),
    endTime: iso(-60 * MINUTE),
    status: 'ended',
    participantCount: 2,
    userJoined: false,
    contestProblems: [{ problemId: problem, points: 30, order: 0 }],
    format: 'icpc',
    ...over,
  });
const running: VirtualRun = {
  _id: 'r1',
  contestId: 'c1',
  startedAt: iso(-12 * MINUTE),
  endsAt: iso(78 * MINUTE),
  status: 'running',
};
/** The signed-in user's virtual row: on the board, and as the run's own row. */
const adaVirtualRow: VirtualStandings['own'] = {
  userId: 'u1',
  username: 'ada',
  fullName: 'Ada Lovelace',
  problemsSolved: 0,
  score: 0,
  rank: 2,
  penalty: 0,
  cells: [],
  virtual: true,
};
const standings = (run: VirtualRun): VirtualStandings => ({
  run,
  elapsedSeconds: 12 * 60,
  durationSeconds: 90 * 60,
  frozen: false,
  entries: [
    {
      userId: 'u2',
      username: 'grace',
      fullName: 'Grace Hopper',
      problemsSolved: 1,
      score: 30,
      rank: 1,
      penalty: 10,
      cells: [{ problemId: 'p1', attempts: 0, acceptedAtMinutes: 10, pending: 0, firstSolve: true }],
    },
    adaVirtualRow,
  ],
  own: adaVirtualRow,
});

describe('an ended contest page', () => {
  const at = { url: '/contests/c1', path: '/contests/:contestId' };

  it('offers practice links and a virtual run, starts it, counts down and shows the virtual board', async () => {
    let run: VirtualRun | null = null;
    const { calls } = mockApi({
      'GET /contests/c1': { body: ended() },
      'GET /leaderboard/contests/c1': { body: [] },
      'GET /contests/c1/virtual': () => ({ body: { run } }),
      'POST /contests/c1/virtual': () => {
        run = running;
        return { status: 201, body: running };
      },
      'GET /contests/c1/virtual/standings': () => ({ body: standings(running) }),
    });
    const user = userEvent.setup();
    renderRoute(<ContestDetailPage />, { ...at, preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Final Results' })).toBeInTheDocument();
    expect(await screen.findByText(VirtualMessages.startVirtualHint(90))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Practice: / })).toHaveAttribute(
      'href',
      '/contests/c1/practice/p1',
    );
    // The spec's Solve Problem link stays for participants only.
    expect(screen.queryByRole('link', { name: /^Solve / })).toBeNull();

    await user.click(screen.getByRole('button', { name: VirtualMessages.startVirtual }));
    expect(await screen.findByText(VirtualMessages.virtualStarted)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/contests/c1/virtual')).toHaveLength(1);
    expect(await screen.findByTestId('virtual-countdown')).toHaveTextContent(
      /Virtual run ends in 01:1\d:\d\d/,
    );
    expect(
      screen.getByRole('link', { name: `${VirtualMessages.virtualSolveLink}: Two Sum` }),
    ).toHaveAttribute('href', '/contests/c1/practice/p1');
    expect(
      await screen.findByRole('heading', { name: VirtualMessages.virtualBoardTitle }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('virtual-minute')).toHaveTextContent('minute 12 of 90');
    const rows = screen.getAllByTestId('contest-leaderboard-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveAttribute('data-virtual', 'true');
    expect(rows[1]).toHaveClass('lb-virtual');
    expect(rows[1]).toHaveClass('lb-own');
    expect(within(rows[1]).getByTestId('virtual-badge')).toHaveTextContent('Virtual');
    expect(rows[0]).not.toHaveAttribute('data-virtual');

    // The switch goes back to the real final results.
    await user.click(screen.getByRole('tab', { name: VirtualMessages.finalResultsTab }));
    expect(await screen.findByRole('heading', { name: 'Final Results' })).toBeInTheDocument();
  });

  it('tells a real participant they practise instead of running it virtually', async () => {
    mockApi({
      'GET /contests/c1': { body: ended({ userJoined: true }) },
      'GET /leaderboard/contests/c1': { body: [] },
      'GET /contests/c1/solved-problems': { body: [] },
      'GET /contests/c1/virtual': { body: { run: null } },
    });
    renderRoute(<ContestDetailPage />, { ...at, preloadedState: signedInState() });
    expect(await screen.findByTestId('virtual-refused')).toHaveTextContent(
      VirtualMessages.participantNoVirtual,
    );
    expect(screen.queryByRole('button', { name: VirtualMessages.startVirtual })).toBeNull();
    expect(screen.getByRole('link', { name: /^Practice: / })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Solve / })).toBeInTheDocument();
  });

  it("shows the server's refusal when a second run is refused", async () => {
    mockApi({
      'GET /contests/c1': { body: ended() },
      'GET /leaderboard/contests/c1': { body: [] },
      'GET /contests/c1/virtual': { body: { run: null } },
      'POST /contests/c1/virtual': {
        status: 409,
        body: {
          statusCode: 409,
          error: ServerMessages.virtualRunInProgress,
          message: ServerMessages.virtualRunInProgress,
        },
      },
    });
    const user = userEvent.setup();
    renderRoute(<ContestDetailPage />, { ...at, preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: VirtualMessages.startVirtual }));
    expect(await screen.findByText(VirtualMessages.virtualStartFailed)).toBeInTheDocument();
    expect(screen.getByText(ServerMessages.virtualRunInProgress)).toBeInTheDocument();
  });

  it('asks a visitor to sign in, and shows no virtual panel before the end', async () => {
    mockApi({ 'GET /contests/c1': { body: ended() }, 'GET /leaderboard/contests/c1': { body: [] } });
    const { unmount } = renderRoute(<ContestDetailPage />, at);
    expect(await screen.findByRole('link', { name: VirtualMessages.signInForVirtual })).toBeInTheDocument();
    unmount();
    mockApi({
      'GET /contests/c1': { body: ended({ status: 'active', endTime: iso(30 * MINUTE) }) },
      'GET /leaderboard/contests/c1': { body: [] },
      'GET /contests/c1/solved-problems': { body: [] },
    });
    renderRoute(<ContestDetailPage />, { ...at, preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Contest Leaderboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: VirtualMessages.panelTitle })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Practice: / })).toBeNull();
  });
});

describe('the practice page of an ended contest', () => {
  const at = { url: '/contests/c1/practice/p1', path: '/contests/:contestId/practice/:problemId' };
  const flow = (virtualRun: VirtualRun | null) =>
    mockApi({
      'GET /contests/c1': { body: ended() },
      'GET /contests/c1/virtual': { body: { run: virtualRun } },
      'POST /execute-code': { body: twoSumAccepted },
      'POST /submissions': { status: 201, body: { _id: 's1' } },
      'POST /solve': { body: { success: true, alreadySolved: false, points: 30, message: 'ok' } },
      'GET /submissions': { body: { items: [], total: 0, limit: 20, offset: 0 } },
    });

  it('submits as practice: every call names the contest and the practice mode, points are practice points', async () => {
    const { calls } = flow(null);
    const user = userEvent.setup();
    renderRoute(<ContestPracticePage />, { ...at, preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Two Sum' })).toBeInTheDocument();
    expect(screen.getByTestId('practice-banner')).toHaveTextContent(VirtualMessages.practiceNote);
    await user.click(screen.getByRole('button', { name: 'Submit Solution' }));
    expect(await screen.findByTestId('submission-result')).toHaveTextContent('Accepted');
    expect(await screen.findByText('Problem solved! You earned 30 points!')).toBeInTheDocument();
    const mode = { contestId: 'c1', contestMode: 'practice' };
    expect(calls.find((c) => c.path === '/execute-code')?.body).toMatchObject({
      ...mode,
      runAllTestCases: true,
    });
    expect(calls.find((c) => c.path === '/submissions' && c.method === 'POST')?.body).toMatchObject(mode);
    expect(calls.find((c) => c.path === '/solve')?.body).toEqual({
      problemId: 'p1',
      submissionId: 's1',
      ...mode,
    });
  });

  it('submits in the running virtual run, says at which minute, and goes back to the contest', async () => {
    const { calls } = flow(running);
    const user = userEvent.setup();
    const { router } = renderRoute(
      [
        { path: at.path, element: <ContestPracticePage /> },
        { path: '/contests/:contestId', element: <h1>Contest page</h1> },
      ],
      { url: at.url, preloadedState: signedInState() },
    );
    expect(await screen.findByTestId('virtual-countdown')).toHaveTextContent(/Virtual run ends in/);
    expect(screen.getByTestId('practice-banner')).toHaveTextContent(VirtualMessages.virtualNote);
    await user.click(screen.getByRole('button', { name: 'Submit Solution' }));
    expect(await screen.findByText(VirtualMessages.acceptedInVirtual(12))).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/execute-code')?.body).toMatchObject({
      contestId: 'c1',
      contestMode: 'virtual',
    });
    expect(calls.find((c) => c.path === '/solve')?.body).toMatchObject({
      contestId: 'c1',
      contestMode: 'virtual',
    });
    expect(router.state.location.pathname).toBe('/contests/c1/practice/p1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contests/c1'), { timeout: 3000 });
  });

  it('keeps Submit closed before the end', async () => {
    mockApi({
      'GET /contests/c1': { body: ended({ status: 'active', endTime: iso(30 * MINUTE) }) },
      'GET /contests/c1/virtual': { body: { run: null } },
    });
    renderRoute(<ContestPracticePage />, { ...at, preloadedState: signedInState() });
    expect(await screen.findByRole('button', { name: 'Submit Solution' })).toBeDisabled();
    expect(screen.getByText(ServerMessages.practiceOnlyAfterEnd)).toBeInTheDocument();
  });
});
