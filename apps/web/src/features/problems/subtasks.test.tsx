import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type {
  ContestLeaderboardEntry,
  ExecutionResult,
  GroupProgress,
  GroupResult,
  JudgingProgress,
  TestCaseInput,
  TestGroup,
} from '@javelin/contracts';
import { liveGroupsOf, SubtaskList, SubtaskTable } from './SubtaskTable';
import { ContestLeaderboard } from '../contests/ContestScoreboard';
import { TestGroupsSection, type GroupedForm } from '../admin/problem-form/TestGroupsSection';
import { classicFormFromProblem, classicProblemBody } from '../admin/problem-form/classicForm';
import type { AnyProblem } from './classic';

const GROUPS: TestGroup[] = [
  { name: 'small', points: 20 },
  { name: 'medium', points: 30 },
  { name: 'large', points: 50, dependsOn: ['medium'] },
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

describe('SubtaskTable (issue 31)', () => {
  it('shows each subtask earned or its first failing test, and the score as "20 / 100"', () => {
    const groups: GroupResult[] = [
      { name: 'small', points: 20, earned: true, passedCount: 2, totalCount: 2, firstFailedTest: null },
      { name: 'medium', points: 30, earned: false, passedCount: 0, totalCount: 2, firstFailedTest: 3 },
      { name: 'large', points: 50, earned: false, passedCount: 1, totalCount: 1, firstFailedTest: null },
    ];
    const results = [
      result('accepted'),
      result('accepted'),
      result('time_limit_exceeded'),
      result('time_limit_exceeded', true),
      result('accepted'),
    ];
    render(<SubtaskTable testGroups={GROUPS} groups={groups} score={20} maxScore={100} results={results} />);
    expect(screen.getByTestId('subtask-score')).toHaveTextContent('20 / 100');
    const rows = screen.getAllByTestId('subtask-row');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['earned', 'missed', 'missed']);
    expect(rows[0]).toHaveTextContent('Earned');
    expect(rows[1]).toHaveTextContent('Failed at test 3 · Time limit exceeded');
    expect(rows[2]).toHaveTextContent('A group it depends on was not earned');
    expect(rows[2]).toHaveTextContent('needs medium');
  });

  it('while judging, every subtask waits', () => {
    render(<SubtaskTable testGroups={GROUPS} judging />);
    expect(screen.getAllByTestId('subtask-row').map((r) => r.getAttribute('data-state'))).toEqual([
      'judging',
      'judging',
      'judging',
    ]);
    expect(screen.queryByTestId('subtask-score')).toBeNull();
  });

  it('fills group by group from the progress events while judging, then shows the answer', () => {
    const live = (states: GroupProgress['state'][]): GroupProgress[] =>
      GROUPS.map((g, i) => ({
        name: g.name,
        points: g.points,
        state: states[i]!,
        passedCount: states[i] === 'earned' ? 2 : states[i] === 'judging' ? 1 : 0,
        totalCount: 2,
        firstFailedTest: states[i] === 'failed' ? 4 : null,
      }));
    const progress = (states: GroupProgress['state'][]): JudgingProgress => ({
      state: 'judging',
      judged: 3,
      total: 7,
      groups: live(states),
    });
    const stateOf = () => screen.getAllByTestId('subtask-row').map((r) => r.getAttribute('data-state'));
    const { rerender } = render(
      <SubtaskTable
        testGroups={GROUPS}
        live={liveGroupsOf(progress(['judging', 'pending', 'pending']))}
        judging
      />,
    );
    expect(stateOf()).toEqual(['judging', 'pending', 'pending']);
    expect(screen.getAllByTestId('subtask-row')[1]).toHaveTextContent('Waiting');
    expect(screen.getByTestId('subtask-score')).toHaveTextContent('0 / 100');

    // The first group is earned before the last one is judged; the second failed at test 4.
    rerender(
      <SubtaskTable
        testGroups={GROUPS}
        live={liveGroupsOf(progress(['earned', 'failed', 'judging']))}
        judging
      />,
    );
    expect(stateOf()).toEqual(['earned', 'missed', 'judging']);
    const rows = screen.getAllByTestId('subtask-row');
    expect(rows[0]).toHaveTextContent('Earned');
    expect(rows[0]).toHaveTextContent('20 / 20');
    expect(rows[0]).toHaveTextContent('2/2');
    expect(rows[1]).toHaveTextContent('Failed at test 4');
    expect(rows[2]).toHaveTextContent('Judging…');
    expect(screen.getByTestId('subtask-score')).toHaveTextContent('20 / 100');

    // The answer replaces the live states.
    const groups: GroupResult[] = [
      { name: 'small', points: 20, earned: true, passedCount: 2, totalCount: 2, firstFailedTest: null },
      { name: 'medium', points: 30, earned: false, passedCount: 1, totalCount: 2, firstFailedTest: 4 },
      { name: 'large', points: 50, earned: false, passedCount: 2, totalCount: 2, firstFailedTest: null },
    ];
    rerender(<SubtaskTable testGroups={GROUPS} groups={groups} score={20} maxScore={100} />);
    expect(stateOf()).toEqual(['earned', 'missed', 'missed']);
    expect(screen.getByTestId('subtask-score')).toHaveTextContent('20 / 100');
    // A queued submit or a failed stream carries no groups: every row waits as before.
    expect(liveGroupsOf({ state: 'failed' })).toBeUndefined();
    expect(liveGroupsOf({ state: 'queued', position: 2, total: 7 })).toBeUndefined();
  });

  it('renders nothing for an all-or-nothing problem; the problem page lists the subtasks with their points', () => {
    const { container } = render(<SubtaskTable testGroups={[]} />);
    expect(container).toBeEmptyDOMElement();
    render(<SubtaskList testGroups={GROUPS} />);
    const list = screen.getByTestId('subtask-list');
    expect(list).toHaveTextContent('Subtasks (100 points)');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['small — 20 points', 'medium — 30 points', 'large — 50 points · needs medium']);
  });
});

describe('IOI board cells (issue 31)', () => {
  it("shows each problem's score, and the total", () => {
    const entries: ContestLeaderboardEntry[] = [
      {
        userId: 'u1',
        username: 'ann',
        problemsSolved: 1,
        score: 170,
        rank: 1,
        cells: [
          { problemId: 'p1', attempts: 1, acceptedAtMinutes: 12, pending: 0, firstSolve: true, score: 100 },
          { problemId: 'p2', attempts: 2, acceptedAtMinutes: null, pending: 0, firstSolve: false, score: 70 },
        ],
      },
      { userId: 'u2', username: 'bob', problemsSolved: 0, score: 170, rank: 1, cells: [] },
    ];
    render(
      <ContestLeaderboard
        entries={entries}
        ended={false}
        format="ioi"
        problems={[
          { id: 'p1', title: 'One' },
          { id: 'p2', title: 'Two' },
        ]}
      />,
    );
    const rows = screen.getAllByTestId('contest-leaderboard-row');
    const cells = within(rows[0]).getAllByTestId('scoreboard-cell');
    expect(cells.map((c) => c.getAttribute('data-score'))).toEqual(['100', '70']);
    expect(cells[0]).toHaveClass('full');
    expect(cells[1]).toHaveClass('partial');
    expect(cells[1]).toHaveAttribute('aria-label', 'Problem B: 70 points');
    expect(rows[0]).toHaveTextContent('170 pts');
  });
});

describe("the problem form's subtasks (issue 31)", () => {
  function Harness({ onForm }: { onForm: (f: GroupedForm) => void }) {
    const tests: TestCaseInput[] = [
      { inputs: {}, expectedOutput: '1', isExample: true },
      { inputs: {}, expectedOutput: '2', isExample: false },
      { inputs: {}, expectedOutput: '3', isExample: false },
    ];
    const [form, setForm] = useState<GroupedForm>({ testCases: tests });
    onForm(form);
    return <TestGroupsSection form={form} onChange={setForm} />;
  }

  it('adds subtasks with points and dependencies, puts hidden tests in them, and renames through', () => {
    let form: GroupedForm = { testCases: [] };
    render(<Harness onForm={(f) => (form = f)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Subtask' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Subtask' }));
    fireEvent.change(screen.getByLabelText('Points', { selector: '#group-0-points' }), {
      target: { value: '40' },
    });
    fireEvent.change(screen.getByLabelText('Points', { selector: '#group-1-points' }), {
      target: { value: '60' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'subtask1' }));
    // Only hidden tests can be put in a subtask.
    expect(screen.queryByLabelText('Subtask of test case 1')).toBeNull();
    fireEvent.change(screen.getByLabelText('Subtask of test case 2'), { target: { value: 'subtask1' } });
    fireEvent.change(screen.getByLabelText('Subtask of test case 3'), { target: { value: 'subtask2' } });
    fireEvent.change(screen.getByLabelText('Name', { selector: '#group-0-name' }), {
      target: { value: 'easy' },
    });
    expect(form.testGroups).toEqual([
      { name: 'easy', points: 40 },
      { name: 'subtask2', points: 60, dependsOn: ['easy'] },
    ]);
    expect(form.testCases.map((t) => t.group)).toEqual([undefined, 'easy', 'subtask2']);
    // Removing a subtask frees its tests and drops the dependencies on it.
    fireEvent.click(screen.getByRole('button', { name: 'Remove subtask 1' }));
    expect(form.testGroups).toEqual([{ name: 'subtask2', points: 60, dependsOn: [] }]);
    expect(form.testCases.map((t) => t.group)).toEqual([undefined, undefined, 'subtask2']);
  });
});

describe("the classic problem form keeps a scoring package's subtasks", () => {
  it("reads the groups and each hidden test's group, and sends them back on save", () => {
    const problem = {
      _id: 'p1',
      kind: 'stdio',
      title: 'Scored',
      description: 'Read n.',
      difficulty: 'easy',
      timeLimitMs: 1000,
      memoryLimitMb: 256,
      testGroups: [
        { name: 'small', points: 30 },
        { name: 'large', points: 70, dependsOn: ['small'] },
      ],
    } as unknown as AnyProblem;
    const tests = [
      { _id: 't1', input: '1\n', expectedOutput: '1\n', isExample: true },
      { _id: 't2', input: '2\n', expectedOutput: '2\n', isExample: false, group: 'small' },
      { _id: 't3', input: '3\n', expectedOutput: '3\n', isExample: false, group: 'large' },
    ] as unknown as Parameters<typeof classicFormFromProblem>[1];
    const body = classicProblemBody(classicFormFromProblem(problem, tests));
    expect(body.testGroups).toEqual([
      { name: 'small', points: 30 },
      { name: 'large', points: 70, dependsOn: ['small'] },
    ]);
    expect(body.testCases.map((t) => t.group)).toEqual([undefined, 'small', 'large']);
  });
});
