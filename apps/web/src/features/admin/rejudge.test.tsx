import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Problem } from '@javelin/contracts';
import { RejudgePanel } from './RejudgePanel';
import { mockApi, renderRoute, signedInState } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const problem = { _id: 'p1', id: 'p1', title: 'Two Sum' } as Problem;
const contest = {
  _id: 'c1',
  id: 'c1',
  title: 'Weekly',
  contestProblems: [{ problemId: problem, points: 10, order: 1 }],
} as never;

describe('rejudge panel', () => {
  it('starts a rejudge of a contest problem and follows its progress until it finishes', async () => {
    let polls = 0;
    const { calls } = mockApi({
      'POST /admin/rejudge': { status: 202, body: { jobId: 'j1' } },
      'GET /admin/rejudge/j1': () => {
        polls++;
        const done = Math.min(polls, 2);
        return {
          body: {
            jobId: 'j1',
            problemId: 'p1',
            contestId: 'c1',
            total: 2,
            done,
            changed: done - 1,
            finished: done === 2,
          },
        };
      },
    });
    renderRoute(<RejudgePanel problems={[problem]} contests={[contest]} />, {
      preloadedState: signedInState({ isAdmin: true }),
    });
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Rejudge' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Problem'), 'p1');
    await user.selectOptions(screen.getByLabelText('Submissions'), 'c1');
    await user.click(screen.getByRole('button', { name: 'Rejudge' }));
    await waitFor(
      () =>
        expect(screen.getByTestId('rejudge-progress')).toHaveTextContent('Finished: 2 / 2 judged, 1 changed'),
      {
        timeout: 5_000,
      },
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ problemId: 'p1', contestId: 'c1' });
    const pollsWhenFinished = polls;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(polls).toBe(pollsWhenFinished);
  });
});
