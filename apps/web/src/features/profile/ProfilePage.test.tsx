import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfilePage } from './ProfilePage';
import { mockApi, renderRoute, signedInState } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const profile = {
  userId: 'u1',
  username: 'ada',
  fullName: 'Ada Lovelace',
  bio: 'Analyst',
  preferredLanguage: 'Java',
  totalScore: 40,
  problemsSolved: 3,
  rating: 1520,
  contestsParticipated: 1,
};
const activity = Array.from({ length: 7 }, (_, i) => ({
  problemId: `p${i}`,
  problemTitle: `Problem ${i}`,
  difficulty: 'easy',
  points: 10,
  solvedAt: '2026-01-0' + (i + 1) + 'T00:00:00Z',
}));
const routes = [
  { path: '/profile', element: <ProfilePage /> },
  { path: '/profile/:userId', element: <ProfilePage /> },
  { path: '/auth', element: <h1>Auth screen</h1> },
];

describe('profile', () => {
  it("shows the owner's stats, owner actions, five recent activities and the rating chart", async () => {
    mockApi({
      'GET /profiles/me': { body: profile },
      'GET /profiles/me/activity': { body: activity },
      'GET /profiles/me/rating-history': {
        body: [
          {
            contestId: 'c',
            contestTitle: 'Weekly 1',
            oldRating: 1500,
            newRating: 1520,
            rank: 1,
            at: '2026-01-01',
          },
        ],
      },
    });
    renderRoute(routes, { url: '/profile', preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByTestId('profile-Rating')).toHaveTextContent('1520');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('activity-item')).toHaveLength(5);
    expect(
      await screen.findByRole('img', { name: /Rating history: 1 contest, current rating 1520/ }),
    ).toBeInTheDocument();
    // Each rated contest is marked on the chart with its name and its change.
    const marks = screen.getAllByTestId('rating-contest-mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveTextContent('Weekly 1+20');
  });

  it("issue 45: Total Score shows its parts and a contest solve says its points are the contest's", async () => {
    mockApi({
      'GET /profiles/me': { body: { ...profile, totalScore: 140, solvedScore: 30, partialScore: 110 } },
      'GET /profiles/me/activity': {
        body: [
          { ...activity[0], contestTitle: 'Weekly 1' },
          { ...activity[1], contestTitle: null },
        ],
      },
      'GET /profiles/me/rating-history': { body: [] },
    });
    renderRoute(routes, { url: '/profile', preloadedState: signedInState() });
    expect(await screen.findByTestId('profile-Total Score')).toHaveTextContent('140');
    expect(screen.getByTestId('profile-score-parts')).toHaveTextContent(
      '30 from solved problems + 110 partial',
    );
    const [contestLine, practiceLine] = await screen.findAllByTestId('activity-item');
    expect(contestLine).toHaveTextContent('in Weekly 1');
    expect(contestLine).toHaveTextContent('10 contest pts');
    expect(practiceLine).toHaveTextContent(/10 pts/);
    expect(practiceLine).not.toHaveTextContent('contest');
  });

  it('issue 45: a partial score in Recent Submissions reads as its score, not as a plain failure', async () => {
    const summary = {
      problemId: 'p1',
      problemTitle: 'Halves',
      contestId: null,
      passedCount: 3,
      totalCount: 4,
      maxTimeMs: 40,
      createdAt: '2026-01-02T00:00:00Z',
    };
    mockApi({
      'GET /profiles/me': { body: { ...profile, totalScore: 20, solvedScore: 0, partialScore: 20 } },
      'GET /profiles/me/activity': { body: [] },
      'GET /profiles/me/rating-history': { body: [] },
      'GET /submissions': {
        body: {
          items: [
            { ...summary, _id: 's2', verdict: 'wrong_answer', score: 50, maxScore: 100 },
            { ...summary, _id: 's1', verdict: 'wrong_answer', passedCount: 1, score: 0, maxScore: 100 },
          ],
          total: 2,
          limit: 5,
          offset: 0,
        },
      },
    });
    renderRoute(routes, { url: '/profile', preloadedState: signedInState() });
    const [partial, failed] = await screen.findAllByTestId('recent-submission');
    expect(partial).toHaveTextContent('Partial — 50 / 100');
    expect(partial.querySelector('.badge-warning')).not.toBeNull();
    expect(partial.querySelector('.badge-destructive')).toBeNull();
    // No points earned: a failure, as before.
    expect(failed).toHaveTextContent('wrong answer');
    expect(failed.querySelector('.badge-destructive')).not.toBeNull();
  });

  it("shows 'Unrated' until the first rated contest, and the owner's buttons alike", async () => {
    mockApi({
      'GET /profiles/me': { body: { ...profile, rating: 1500, contestsParticipated: 0 } },
      'GET /profiles/me/activity': { body: [] },
      'GET /profiles/me/rating-history': { body: [] },
    });
    renderRoute(routes, { url: '/profile', preloadedState: signedInState() });
    expect(await screen.findByTestId('profile-Rating')).toHaveTextContent('Unrated');
    for (const name of ['Edit Profile', 'Reset Password']) {
      expect(screen.getByRole('button', { name })).toHaveClass('btn', 'btn-outline');
    }
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveClass('btn', 'btn-outline');
  });

  it('edits with a read-only email; Cancel restores the saved values; Save sends the form', async () => {
    const { calls } = mockApi({
      'GET /profiles/me': { body: profile },
      'GET /profiles/me/activity': { body: [] },
      'PUT /profiles/me': { body: profile },
    });
    const user = userEvent.setup();
    renderRoute(routes, { url: '/profile', preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('Email cannot be changed')).toBeInTheDocument();
    expect(screen.getByLabelText('Preferred Language')).toHaveAttribute(
      'placeholder',
      'e.g., JavaScript, Python',
    );
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Bio')).toHaveValue('Analyst');
    await user.type(screen.getByLabelText('Bio'), '!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        username: 'ada',
        fullName: 'Ada Lovelace',
        bio: 'Analyst!',
        preferredLanguage: 'Java',
        organizationId: null,
      }),
    );
    expect(screen.getByText('No recent activity')).toBeInTheDocument();
  });

  it('names a school or club from the organizations; Save sends its id', async () => {
    const { calls } = mockApi({
      'GET /profiles/me': { body: profile },
      'GET /profiles/me/activity': { body: [] },
      'GET /organizations': {
        body: [{ id: 'o1', name: 'Uni North', formalName: 'University of the North', country: 'NOR' }],
      },
      'PUT /profiles/me': { body: { ...profile, organization: { id: 'o1', name: 'Uni North' } } },
    });
    const user = userEvent.setup();
    renderRoute(routes, { url: '/profile', preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const select = screen.getByLabelText('School or club');
    expect(select).toHaveValue('');
    await screen.findByRole('option', { name: 'Uni North' });
    await user.selectOptions(select, 'Uni North');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ organizationId: 'o1' }),
    );
  });

  it("shows another user's profile (with their school or club) without owner actions", async () => {
    mockApi({
      'GET /profiles/u2': {
        body: {
          ...profile,
          userId: 'u2',
          fullName: 'Grace Hopper',
          organization: { id: 'o1', name: 'Uni North' },
        },
      },
    });
    renderRoute(routes, { url: '/profile/u2', preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Uni North')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });

  it("shows 'Profile Not Found' and toasts when the profile does not load", async () => {
    mockApi({});
    renderRoute(routes, { url: '/profile/ghost' });
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch profile data')).toBeInTheDocument();
  });
});
