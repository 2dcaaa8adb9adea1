import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { HomePage } from './HomePage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { mockApi, renderRoute, signedInState } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

describe('home page', () => {
  it('shows the four features, live stats and the visitor calls to action', async () => {
    mockApi({ 'GET /stats': { body: { problems: 12, contests: 3, users: 40 } } });
    renderRoute(<HomePage />);
    for (const title of [
      'AI Code Analysis',
      'Real-time Execution',
      'Contests & Leaderboards',
      'Community Driven',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Active Users')).toHaveTextContent('40');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
  });

  it('shows zeros when the stats fail and Go to Dashboard when signed in', async () => {
    mockApi({ 'GET /stats': { status: 500, body: {} } });
    renderRoute(<HomePage />, { preloadedState: signedInState() });
    expect(screen.getAllByRole('link', { name: 'Go to Dashboard' })[0]).toHaveAttribute('href', '/dashboard');
    expect(screen.getByTestId('stat-Problems')).toHaveTextContent('0');
  });
});

describe('dashboard', () => {
  it('welcomes the user by full name and shows the stats with the rank', async () => {
    mockApi({
      'GET /profiles/me': {
        body: {
          userId: 'u1',
          username: 'ada',
          fullName: 'Ada Lovelace',
          bio: '',
          preferredLanguage: 'Java',
          totalScore: 30,
          problemsSolved: 2,
          rating: 1500,
          contestsParticipated: 1,
        },
      },
      'GET /leaderboard/problems': {
        body: [
          { userId: 'x', fullName: 'X', username: 'x', totalScore: 90 },
          { userId: 'u1', fullName: 'Ada', username: 'ada', totalScore: 30 },
        ],
      },
    });
    renderRoute(<DashboardPage />, { preloadedState: signedInState() });
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada Lovelace!' })).toBeInTheDocument();
    expect(await screen.findByText('#2')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-Total Score')).toHaveTextContent('30');
    expect(screen.getByTestId('dashboard-Problems Solved')).toHaveTextContent('2');
  });

  it("shows 'N/A' when the user is not ranked", async () => {
    mockApi({ 'GET /leaderboard/problems': { body: [] } });
    renderRoute(<DashboardPage />, { preloadedState: signedInState() });
    expect(await screen.findByText('N/A')).toBeInTheDocument();
  });
});
