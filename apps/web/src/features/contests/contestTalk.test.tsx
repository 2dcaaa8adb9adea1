import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contest, ContestClarification, Problem } from '@javelin/contracts';
import { ContestDetailPage } from './ContestDetailPage';
import { clarificationToast } from './contestTalkEvents';
import { mockApi, renderRoute, signedInState } from '../../test/utils';
import { FakeEventSource } from '../../test/fakeEventSource';

vi.mock('eventsource', () => import('../../test/fakeEventSource'));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  FakeEventSource.last = null;
});

const HOUR = 3_600_000;
const problem = { _id: 'p1', id: 'p1', title: 'Two Sum', difficulty: 'easy', points: 30 } as Problem;
const contest: Contest = {
  _id: 'c1',
  id: 'c1',
  title: 'Weekly 1',
  description: 'A weekly contest',
  startTime: new Date(Date.now() - HOUR).toISOString(),
  endTime: new Date(Date.now() + HOUR).toISOString(),
  status: 'active',
  maxParticipants: 100,
  participantCount: 2,
  userJoined: true,
  contestProblems: [{ problemId: problem, points: 30, order: 1 }],
  format: 'points',
  penaltyMinutes: 20,
  freezeMinutes: 0,
  freezeTime: null,
  frozen: false,
};
const clarification = (over: Partial<ContestClarification> = {}): ContestClarification => ({
  _id: 'q1',
  id: 'q1',
  contestId: 'c1',
  problemId: 'p1',
  problemTitle: 'Two Sum',
  question: 'May n be 0?',
  askedBy: 'ada',
  answer: null,
  public: false,
  createdAt: new Date().toISOString(),
  answeredAt: null,
  ...over,
});

function renderContest(replies: Parameters<typeof mockApi>[0], admin = false) {
  const api = mockApi({
    'GET /contests/c1': { body: contest },
    'GET /leaderboard/contests/c1': { body: [] },
    'GET /contests/c1/solved-problems': { body: [] },
    'GET /contests/c1/announcements': { body: [] },
    'GET /contests/c1/clarifications': { body: [] },
    ...replies,
  });
  renderRoute(<ContestDetailPage />, {
    url: '/contests/c1',
    path: '/contests/:contestId',
    preloadedState: signedInState(admin ? { isAdmin: true } : {}),
  });
  return api;
}

describe('announcements on the contest page', () => {
  it('toasts an announcement from the stream and keeps it listed', async () => {
    renderContest({});
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/contests/c1/leaderboard/stream'));
    act(() =>
      FakeEventSource.last?.emit(
        {
          _id: 'a1',
          id: 'a1',
          contestId: 'c1',
          text: 'Problem A: n may be 0.',
          createdAt: new Date().toISOString(),
        },
        'announcement',
      ),
    );
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Announcement')).toBeInTheDocument();
    expect(within(toasts).getByText('Problem A: n may be 0.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Announcements' });
    expect(within(list).getByText('Problem A: n may be 0.')).toBeInTheDocument();
  });

  it('reads the stream with the bearer token, so private answers can reach this viewer', async () => {
    localStorage.setItem('authToken', 'tok');
    const { calls } = renderContest({ 'GET /contests/c1/leaderboard/stream': { body: {} } });
    await waitFor(() => expect(FakeEventSource.last?.init?.fetch).toBeDefined());
    await FakeEventSource.last!.init!.fetch!('http://localhost/api/contests/c1/leaderboard/stream', {
      headers: { Accept: 'text/event-stream' },
    });
    const stream = calls.find((c) => c.path === '/contests/c1/leaderboard/stream');
    expect(stream?.authorization).toBe('Bearer tok');
  });

  it('lets an admin post one', async () => {
    const { calls } = renderContest(
      {
        'POST /contests/c1/announcements': ({ body }) => ({
          status: 201,
          body: {
            _id: 'a2',
            id: 'a2',
            contestId: 'c1',
            text: (body as { text: string }).text,
            createdAt: new Date().toISOString(),
          },
        }),
      },
      true,
    );
    await userEvent.type(await screen.findByLabelText('New announcement'), 'Start delayed by 5 minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Post Announcement' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'Start delayed by 5 minutes' });
    const list = await screen.findByRole('list', { name: 'Announcements' });
    expect(within(list).getByText('Start delayed by 5 minutes')).toBeInTheDocument();
  });
});

describe('clarifications on the contest page', () => {
  it('lets a joined participant ask about a problem and shows the question as awaiting an answer', async () => {
    const { calls } = renderContest({
      'POST /contests/c1/clarifications': ({ body }) => ({
        status: 201,
        body: clarification({ question: (body as { question: string }).question }),
      }),
    });
    await userEvent.selectOptions(await screen.findByLabelText('About'), 'Two Sum');
    await userEvent.type(screen.getByLabelText('Your question'), 'May n be 0?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask Question' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      question: 'May n be 0?',
      problemId: 'p1',
    });
    const item = await screen.findByTestId('clarification');
    expect(within(item).getByText('Awaiting answer')).toBeInTheDocument();
    expect(await screen.findByText('Question sent')).toBeInTheDocument();

    // The answer arrives on the stream.
    act(() =>
      FakeEventSource.last?.emit(
        clarification({ answer: 'Yes.', answeredAt: new Date().toISOString() }),
        'clarification',
      ),
    );
    expect(await screen.findByText('Your question was answered')).toBeInTheDocument();
    expect(within(screen.getByTestId('clarification')).getByText('Answered privately')).toBeInTheDocument();
  });

  it('does not offer the question form to participants who did not join', async () => {
    mockApi({
      'GET /contests/c1': { body: { ...contest, userJoined: false } },
      'GET /leaderboard/contests/c1': { body: [] },
      'GET /contests/c1/announcements': { body: [] },
      'GET /contests/c1/clarifications': { body: [] },
    });
    renderRoute(<ContestDetailPage />, {
      url: '/contests/c1',
      path: '/contests/:contestId',
      preloadedState: signedInState(),
    });
    expect(await screen.findByRole('heading', { name: 'Weekly 1' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your question')).not.toBeInTheDocument();
  });

  it('shows admins the open questions and sends a private or public answer', async () => {
    const { calls } = renderContest(
      {
        'GET /contests/c1/clarifications': { body: [clarification()] },
        'POST /contests/c1/clarifications/q1/answer': ({ body }) => ({
          body: clarification({
            ...(body as { answer: string; public: boolean }),
            answeredAt: new Date().toISOString(),
          }),
        }),
      },
      true,
    );
    expect(await screen.findByText('1 open')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Answer to “May n be 0?”'), 'Yes, n may be 0.');
    await userEvent.click(screen.getByRole('button', { name: 'Answer Everyone' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      answer: 'Yes, n may be 0.',
      public: true,
    });
    expect(await screen.findByText('Answered to everyone')).toBeInTheDocument();
    expect(screen.queryByText('1 open')).not.toBeInTheDocument();
  });
});

describe('which clarification events toast', () => {
  const me = { username: 'ada', isAdmin: false };
  const admin = { username: 'root', isAdmin: true };
  it('tells the asker their answer, others a public one, admins a new question', () => {
    expect(clarificationToast(clarification({ answer: 'Yes' }), me)?.title).toBe(
      'Your question was answered',
    );
    expect(
      clarificationToast(clarification({ answer: 'Yes', public: true, askedBy: null }), {
        username: 'bob',
        isAdmin: false,
      })?.title,
    ).toBe('New clarification');
    expect(clarificationToast(clarification(), admin)?.title).toBe('New question');
    expect(clarificationToast(clarification(), me)).toBeNull();
    expect(clarificationToast(clarification({ answer: 'Yes', public: true }), admin)).toBeNull();
  });
});
