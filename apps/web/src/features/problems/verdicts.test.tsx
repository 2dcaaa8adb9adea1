import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ExecutionResult, GroupResult, TestGroup } from '@javelin/contracts';
import { SubmissionResult } from './SolverResults';
import type { SubmissionOutcome } from './solving';

const GROUPS: TestGroup[] = [
  { name: 'g1', points: 50 },
  { name: 'g2', points: 50 },
];
const result = (verdict: ExecutionResult['verdict'], notJudged = false): ExecutionResult => ({
  testCaseId: Math.random().toString(36),
  input: '',
  expectedOutput: '',
  actualOutput: '',
  passed: verdict === 'accepted' && !notJudged,
  executionTime: 1,
  error: '',
  isExample: false,
  verdict,
  ...(notJudged ? { notJudged: true } : {}),
});

/** 50 / 100: group g1 earned, g2 stopped by a time limit on test 3. */
function partialSubmission(): SubmissionOutcome {
  const groups: GroupResult[] = [
    { name: 'g1', points: 50, earned: true, passedCount: 2, totalCount: 2, firstFailedTest: null },
    { name: 'g2', points: 50, earned: false, passedCount: 0, totalCount: 2, firstFailedTest: 3 },
  ];
  return {
    passed: false,
    passedCount: 2,
    totalCount: 4,
    results: [
      result('accepted'),
      result('accepted'),
      result('time_limit_exceeded'),
      result('time_limit_exceeded', true),
    ],
    verdict: 'time_limit_exceeded',
    score: 50,
    maxScore: 100,
    groups,
  };
}

describe("a submission's verdict headline (issue 45)", () => {
  it('a partial score is titled by its score with the first failing group, not as a plain failure', () => {
    render(<SubmissionResult submission={partialSubmission()} variant="practice" testGroups={GROUPS} />);
    const box = screen.getByTestId('submission-result');
    expect(box).toHaveTextContent('Partial — 50 / 100');
    expect(box).not.toHaveTextContent('Solution Incorrect');
    expect(screen.getByTestId('verdict-headline')).toHaveTextContent(
      'Group g2: Time Limit Exceeded on test 3',
    );
    expect(box).toHaveAttribute('data-tone', 'partial');
    expect(box).toHaveClass('partial');
    // The verdict's mark is an SVG icon, not a glyph a font may lack.
    expect(box.querySelector('.verdict-icon svg')).not.toBeNull();
    expect(box.querySelector('.verdict-icon')?.textContent).toBe('');
  });

  it("no points at all is still the spec's failure label, in the failure tone", () => {
    const zero = { ...partialSubmission(), score: 0 };
    render(<SubmissionResult submission={zero} variant="practice" testGroups={GROUPS} />);
    const box = screen.getByTestId('submission-result');
    expect(box).toHaveTextContent('Solution Incorrect');
    expect(box).toHaveAttribute('data-tone', 'fail');
  });

  it("a full score is the page's pass label", () => {
    const full: SubmissionOutcome = {
      passed: true,
      passedCount: 1,
      totalCount: 1,
      results: [result('accepted')],
      verdict: 'accepted',
    };
    render(<SubmissionResult submission={full} variant="contest" testGroups={[]} />);
    expect(screen.getByTestId('submission-result')).toHaveTextContent('Accepted');
    expect(screen.getByTestId('submission-result')).toHaveAttribute('data-tone', 'pass');
  });
});
