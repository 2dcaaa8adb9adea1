import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contest, PlagiarismReport } from '@javelin/contracts';
import { markFragments } from './problem-form/codeFragments';
import { AdminPlagiarismPage } from './AdminPlagiarismPage';
import { mockApi, renderRoute, signedInState } from '../../test/utils';

describe('markFragments', () => {
  it('marks the characters each region covers, across lines, first region winning on overlap', () => {
    const lines = markFragments('int a = 1;\nint b = 2;\nreturn a;', [
      { startRow: 0, startCol: 4, endRow: 1, endCol: 3 },
      { startRow: 1, startCol: 0, endRow: 1, endCol: 9 },
    ]);
    expect(lines[0]).toEqual([
      { text: 'int ', fragment: null },
      { text: 'a = 1;', fragment: 0 },
    ]);
    expect(lines[1]).toEqual([
      { text: 'int', fragment: 0 },
      { text: ' b = 2', fragment: 1 },
      { text: ';', fragment: null },
    ]);
    expect(lines[2]).toEqual([{ text: 'return a;', fragment: null }]);
  });

  it('leaves the indentation of a region’s later lines unmarked', () => {
    expect(
      markFragments('if (x) {\n    y++;\n}', [{ startRow: 0, startCol: 7, endRow: 2, endCol: 1 }]),
    ).toEqual([
      [
        { text: 'if (x) ', fragment: null },
        { text: '{', fragment: 0 },
      ],
      [
        { text: '    ', fragment: null },
        { text: 'y++;', fragment: 0 },
      ],
      [{ text: '}', fragment: 0 }],
    ]);
  });

  it('clamps regions that run past the code', () => {
    expect(markFragments('x', [{ startRow: 0, startCol: 0, endRow: 5, endCol: 40 }])).toEqual([
      [{ text: 'x', fragment: 0 }],
    ]);
  });
});

const HOUR = 3_600_000;
const ended: Contest = {
  _id: 'c1',
  id: 'c1',
  title: 'Weekly 1',
  description: '',
  startTime: new Date(Date.now() - 3 * HOUR).toISOString(),
  endTime: new Date(Date.now() - HOUR).toISOString(),
  status: 'ended',
  maxParticipants: 100,
  participantCount: 3,
  userJoined: false,
  contestProblems: [],
  format: 'points',
  penaltyMinutes: 20,
  freezeMinutes: 0,
  freezeTime: null,
  frozen: false,
};
const done: PlagiarismReport = {
  status: 'done',
  progress: { done: 1, total: 1 },
  threshold: 0.7,
  startedAt: new Date().toISOString(),
  finishedAt: new Date().toISOString(),
  error: null,
  pairs: [
    {
      id: 'pair1',
      problemId: 'p1',
      problemTitle: 'Largest subarray sum',
      userA: 'u1',
      userB: 'u2',
      usernameA: 'ada',
      usernameB: 'copycat',
      similarity: 0.96,
      submissionA: 's1',
      submissionB: 's2',
    },
  ],
};

describe('admin plagiarism page', () => {
  it('starts a check, follows its progress, and compares a pair side by side', async () => {
    let report: PlagiarismReport = {
      ...done,
      status: 'idle',
      pairs: [],
      finishedAt: null,
      progress: { done: 0, total: 0 },
    };
    let polls = 0;
    const { calls } = mockApi({
      'GET /contests/c1': { body: ended },
      'GET /admin/contests/c1/plagiarism': () => {
        polls += 1;
        // Running for a poll or two, then done.
        if (report.status === 'running' && polls > 3) report = done;
        return { body: report };
      },
      'POST /admin/contests/c1/plagiarism': () => {
        report = { ...report, status: 'running', progress: { done: 0, total: 1 } };
        return { status: 202, body: report };
      },
      'GET /admin/contests/c1/plagiarism/pairs/pair1': {
        body: {
          ...done.pairs[0],
          codeA: 'int best = 0;\nreturn best;',
          codeB: 'int answer = 0;\nreturn answer;',
          fragments: [
            {
              a: { startRow: 0, startCol: 0, endRow: 1, endCol: 12 },
              b: { startRow: 0, startCol: 0, endRow: 1, endCol: 14 },
            },
          ],
        },
      },
    });
    renderRoute(<AdminPlagiarismPage />, {
      url: '/admin/contests/c1/plagiarism',
      path: '/admin/contests/:contestId/plagiarism',
      preloadedState: signedInState({ isAdmin: true }),
    });
    expect(await screen.findByText('Not run yet')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Threshold'));
    await userEvent.type(screen.getByLabelText('Threshold'), '0.8');
    await userEvent.click(screen.getByRole('button', { name: 'Run Check' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ threshold: 0.8 });
    expect(await screen.findByText('Problems analysed: 0 / 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Done')).toBeInTheDocument(), { timeout: 5_000 });
    const row = screen.getByTestId('plagiarism-pair');
    expect(within(row).getByText('96%')).toBeInTheDocument();
    expect(within(row).getByText('@ada · @copycat')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Compare' }));
    const a = await screen.findByRole('figure', { name: 'Solution A' });
    const b = screen.getByRole('figure', { name: 'Solution B' });
    expect(within(a).getByText('return best;')).toHaveClass('frag', 'frag-0');
    expect(within(b).getByText('return answer;')).toHaveClass('frag', 'frag-0');
  });

  it('refuses to run before the contest has ended', async () => {
    mockApi({
      'GET /contests/c1': {
        body: { ...ended, status: 'active', endTime: new Date(Date.now() + HOUR).toISOString() },
      },
      'GET /admin/contests/c1/plagiarism': { body: { ...done, status: 'idle', pairs: [] } },
    });
    renderRoute(<AdminPlagiarismPage />, {
      url: '/admin/contests/c1/plagiarism',
      path: '/admin/contests/:contestId/plagiarism',
      preloadedState: signedInState({ isAdmin: true }),
    });
    expect(await screen.findByRole('button', { name: 'Run Check' })).toBeDisabled();
    expect(screen.getByText('The check can run once the contest has ended.')).toBeInTheDocument();
  });
});
