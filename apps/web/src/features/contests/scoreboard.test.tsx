import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { Contest, ContestLeaderboardEntry, Problem } from '@javelin/contracts';
import { ContestLeaderboard, cellView } from './ContestScoreboard';
import { ContestDetailPage } from './ContestDetailPage';
import { ContestsPage } from './ContestsPage';
import { countdownTarget, formatCountdown, formatDateTime, problemLetter } from './contestRules';
import { mockApi, renderRoute, signedInState } from '../../test/utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const problem = (id: string, title: string): Problem => ({
  _id: id,
  id,
  title,
  description: '',
  constraints: '',
  difficulty: 'easy',
  points: 10,
  inputVariables: [],
  testCases: [],
  functionName: 'f',
  returnType: 'int',
  boilerplateCode: '',
  tags: [],
  isVisible: true,
  testCaseCount: 1,
});
const contest = (over: Partial<Contest> = {}): Contest => ({
  _id: 'c1',
  id: 'c1',
  title: 'ICPC night',
  description: 'Two problems',
  startTime: iso(-HOUR),
  endTime: iso(HOUR),
  status: 'active',
  maxParticipants: 100,
  participantCount: 2,
  userJoined: true,
  contestProblems: [
    { problemId: problem('pA', 'Apples'), points: 10, order: 1 },
    { problemId: problem('pB', 'Bananas'), points: 10, order: 2 },
  ],
  format: 'icpc',
  penaltyMinutes: 20,
  freezeMinutes: 30,
  freezeTime: iso(30 * MINUTE),
  frozen: true,
  ...over,
});

const entries: ContestLeaderboardEntry[] = [
  {
    userId: 'u2',
    username: 'grace',
    fullName: 'Grace Hopper',
    problemsSolved: 2,
    score: 20,
    rank: 1,
    penalty: 95,
    cells: [
      { problemId: 'pA', attempts: 1, acceptedAtMinutes: 15, pending: 0, firstSolve: true },
      { problemId: 'pB', attempts: 0, acceptedAtMinutes: 60, pending: 0, firstSolve: false },
    ],
  },
  {
    userId: 'u1',
    username: 'ada',
    fullName: 'Ada Lovelace',
    problemsSolved: 0,
    score: 0,
    rank: 2,
    penalty: 0,
    cells: [
      { problemId: 'pA', attempts: 2, acceptedAtMinutes: null, pending: 0, firstSolve: false },
      { problemId: 'pB', attempts: 0, acceptedAtMinutes: null, pending: 3, firstSolve: false },
    ],
  },
];

describe('scoreboard cells', () => {
  it('reads a cell as solved (+tries), rejected (−tries), frozen (? tries) or untried', () => {
    expect(cellView(entries[0].cells![0])).toMatchObject({ kind: 'solved', text: '+1' });
    expect(cellView(entries[0].cells![1])).toMatchObject({ kind: 'solved', text: '+' });
    expect(cellView(entries[1].cells![0])).toMatchObject({ kind: 'rejected', text: '−2' });
    expect(cellView(entries[1].cells![1])).toMatchObject({ kind: 'pending', text: '? 3' });
    expect(cellView(undefined)).toMatchObject({ kind: 'empty' });
  });

  it('shows one cell per problem, marks the first solve and highlights the own row', () => {
    render(
      <ContestLeaderboard
        entries={entries}
        ended={false}
        format="icpc"
        problems={[
          { id: 'pA', title: 'Apples' },
          { id: 'pB', title: 'Bananas' },
        ]}
        viewerId="u1"
        frozen
      />,
    );
    const [grace, ada] = screen.getAllByTestId('contest-leaderboard-row');
    expect(
      within(grace)
        .getAllByTestId('scoreboard-cell')
        .map((c) => c.textContent),
    ).toEqual(['A+115′', 'B+60′']);
    expect(
      within(grace).getAllByTestId('scoreboard-cell')[0].querySelector('svg.sb-first-mark'),
    ).not.toBeNull();
    expect(
      within(grace).getByLabelText(/Problem A: solved at minute 15 after 1 rejected try, first to solve/),
    ).toHaveClass('sb-first');
    expect(within(grace).getByText('95 min')).toBeInTheDocument();
    expect(within(ada).getByLabelText('Problem A: 2 rejected tries')).toHaveClass('sb-rejected');
    expect(within(ada).getByLabelText('Problem B: 3 tries, results hidden by the freeze')).toHaveTextContent(
      '? 3',
    );
    expect(ada).toHaveClass('lb-own');
    expect(ada).toHaveAttribute('aria-current', 'true');
    expect(grace).not.toHaveClass('lb-own');
    expect(screen.getByTestId('frozen-badge')).toHaveTextContent('Frozen');
  });

  it("shows each participant's rating change and new rating in Final Results", () => {
    render(
      <ContestLeaderboard
        entries={[
          { ...entries[0], ratingBefore: 1500, ratingAfter: 1596 },
          { ...entries[1], ratingBefore: 1500, ratingAfter: 1402 },
        ]}
        ended
        format="icpc"
      />,
    );
    expect(screen.getByRole('heading', { name: 'Final Results' })).toBeInTheDocument();
    expect(screen.getAllByTestId('rating-change').map((r) => r.textContent)).toEqual([
      '+96 → 1596',
      '−98 → 1402',
    ]);
  });
});

describe('time', () => {
  it('counts down to the start, then to the end, and formats days and seconds', () => {
    const c = { startTime: '2031-01-01T10:00:00.000Z', endTime: '2031-01-01T12:00:00.000Z' };
    expect(countdownTarget(c, new Date('2031-01-01T09:00:00.000Z'))).toEqual({
      label: 'Starts in',
      at: Date.parse(c.startTime),
    });
    expect(countdownTarget(c, new Date('2031-01-01T12:00:00.000Z'))).toEqual({
      label: 'Ends in',
      at: Date.parse(c.endTime),
    });
    expect(countdownTarget(c, new Date('2031-01-01T12:00:00.001Z'))).toBeNull();
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(90_061_000)).toBe('1d 01:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(problemLetter(0) + problemLetter(25) + problemLetter(26)).toBe('AZAA');
  });

  it("writes times in the viewer's time zone with its name", () => {
    expect(formatDateTime('2031-01-01T10:00:00.000Z')).toMatch(/2031/);
    expect(formatDateTime('2031-01-01T10:00:00.000Z')).toMatch(/(UTC|GMT|[A-Z]{3,4})/);
  });

  it('ticks the countdown every second and switches the list to Active at the start without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const startsAt = Date.now() + 3_000;
    let calls = 0;
    mockApi({
      'GET /contests': () => {
        calls++;
        const started = Date.now() >= startsAt;
        return {
          body: [
            contest({
              startTime: new Date(startsAt).toISOString(),
              endTime: new Date(startsAt + HOUR).toISOString(),
              status: started ? 'active' : 'upcoming',
              userJoined: false,
            }),
          ],
        };
      },
    });
    renderRoute(<ContestsPage />, { url: '/contests', path: '/contests' });
    const timer = await screen.findByTestId('countdown');
    expect(timer).toHaveTextContent(/Starts in 00:00:0[23]/);
    const card = () => screen.getByRole('article', { name: 'ICPC night' });
    expect(within(card()).getByText('Upcoming')).toBeInTheDocument();
    expect(screen.getByTestId('time-zone')).toHaveTextContent(/Times are shown in your time zone, .+\./);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByTestId('countdown')).toHaveTextContent(/Starts in 00:00:0[12]/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    await waitFor(() => expect(within(card()).getByText('Active')).toBeInTheDocument());
    expect(screen.getByTestId('countdown')).toHaveTextContent(/Ends in 00:59:5\d/);
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('shows the rules, the countdown and an Unfreeze button for admins once a frozen contest ended', async () => {
    mockApi({
      'GET /contests/c1': {
        body: contest({ status: 'ended', startTime: iso(-2 * HOUR), endTime: iso(-MINUTE) }),
      },
      'GET /leaderboard/contests/c1': { body: entries },
      'GET /contests/c1/solved-problems': { body: [] },
      'POST /contests/c1/unfreeze': { body: { success: true } },
    });
    renderRoute(<ContestDetailPage />, {
      url: '/contests/c1',
      path: '/contests/:contestId',
      preloadedState: signedInState({ isAdmin: true }),
    });
    expect(await screen.findByTestId('contest-rules')).toHaveTextContent(
      'ICPC rules: solved, then penalty (20 min per rejected try) · scoreboard frozen for the last 30 min',
    );
    expect(await screen.findByRole('button', { name: 'Unfreeze' })).toBeInTheDocument();
    expect(screen.queryByTestId('countdown')).toBeNull();
  });
});
