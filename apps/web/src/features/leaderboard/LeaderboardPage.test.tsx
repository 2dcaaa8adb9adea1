import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LeaderboardPage, summarize } from './LeaderboardPage';
import { mockApi, renderRoute } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const people = Array.from({ length: 11 }, (_, i) => ({
  userId: `u${i + 1}`,
  fullName: `Person ${i + 1}`,
  username: `p${i + 1}`,
  totalScore: 110 - i * 10,
}));

describe('leaderboard', () => {
  it('ranks with medals for 1-3, #n after, place badges and Top 10 up to rank 10', async () => {
    mockApi({ 'GET /leaderboard/problems': { body: people }, 'GET /leaderboard/contests': { body: [] } });
    renderRoute(<LeaderboardPage />);
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows).toHaveLength(11);
    expect(within(rows[0]).getByRole('img', { name: 'Rank 1' })).toBeInTheDocument();
    expect(within(rows[0]).getByText('1st Place')).toBeInTheDocument();
    expect(within(rows[1]).getByText('2nd Place')).toBeInTheDocument();
    expect(within(rows[2]).getByText('3rd Place')).toBeInTheDocument();
    expect(within(rows[3]).getByText('#4')).toBeInTheDocument();
    expect(within(rows[9]).getByText('Top 10')).toBeInTheDocument();
    expect(within(rows[10]).queryByText('Top 10')).not.toBeInTheDocument();
    expect(within(rows[0]).getByText('@p1')).toBeInTheDocument();
    expect(within(rows[0]).getByText('110 points')).toBeInTheDocument();
    expect(screen.getByTestId('summary-Total Participants')).toHaveTextContent('11');
    expect(screen.getByTestId('summary-Top Score')).toHaveTextContent('110');
    expect(screen.getByTestId('summary-Average Score')).toHaveTextContent('60');
  });

  it("says '1 contest' for one and 'n contests' for more", async () => {
    mockApi({
      'GET /leaderboard/problems': { body: [] },
      'GET /leaderboard/contests': {
        body: [
          { userId: 'u1', fullName: 'Ada', username: 'ada', contestRating: 1532, contestsParticipated: 1 },
          { userId: 'u2', fullName: 'Bob', username: 'bob', contestRating: 1490, contestsParticipated: 3 },
        ],
      },
    });
    const user = userEvent.setup();
    renderRoute(<LeaderboardPage />);
    await user.click(await screen.findByRole('tab', { name: 'Contests' }));
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(within(rows[0]).getByText('1 contest')).toBeInTheDocument();
    expect(within(rows[1]).getByText('3 contests')).toBeInTheDocument();
  });

  it('switches to the contest tab with rating and contest count, and shows empty states', async () => {
    mockApi({
      'GET /leaderboard/problems': { body: [] },
      'GET /leaderboard/contests': {
        body: [
          { userId: 'u1', fullName: 'Ada', username: 'ada', contestRating: 1532, contestsParticipated: 2 },
        ],
      },
    });
    const user = userEvent.setup();
    renderRoute(<LeaderboardPage />);
    expect(await screen.findByText('No problem solving data available yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Contests' }));
    expect(await screen.findByText('1532 rating')).toBeInTheDocument();
    expect(screen.getByText('2 contests')).toBeInTheDocument();
  });

  it('rounds the average score to a whole number', () => {
    expect(
      summarize([
        { userId: 'a', fullName: '', username: '', score: 10 },
        { userId: 'b', fullName: '', username: '', score: 15 },
      ]),
    ).toEqual({ total: 2, top: 15, average: 13 });
    expect(summarize([])).toEqual({ total: 0, top: 0, average: 0 });
  });
});
