import type { Contest, Problem } from '@javelin/contracts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** `offset` ms from now, read when called (so after a test has set or faked the clock). */
export const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

/** The problem the contest page tests solve: 30 points, one int input, no embedded tests. */
export const twoSum: Problem = {
  _id: 'p1',
  id: 'p1',
  title: 'Two Sum',
  description: 'Find two.',
  constraints: 'n <= 10',
  difficulty: 'medium',
  points: 30,
  inputVariables: [{ id: 'n', name: 'n', type: 'int', description: 'count' }],
  testCases: [],
  functionName: 'solve',
  returnType: 'int',
  boilerplateCode: 'class Main {}',
  tags: [],
  isVisible: false,
  testCaseCount: 2,
};

/** Two Sum's one example, as the page reads it (embedded in the problem, or from its test cases). */
export const twoSumExample = { _id: 't', id: 't', input: '{"n":"3"}', expectedOutput: '6', isExample: true };

/** The judge's answer when a solution passes that example. */
export const twoSumAccepted = {
  results: [
    {
      testCaseId: 't',
      input: 'n = 3',
      expectedOutput: '6',
      actualOutput: '6',
      passed: true,
      executionTime: 3,
      error: '',
      isExample: true,
      verdict: 'accepted',
    },
  ],
  overallPassed: true,
  passedCount: 1,
  totalCount: 1,
  verdict: 'accepted',
};

/** 'Weekly 1': a points contest of twoSum, active from an hour ago to an hour from now, joined. */
export const activeContest = (over: Partial<Contest> = {}): Contest => ({
  _id: 'c1',
  id: 'c1',
  title: 'Weekly 1',
  description: 'A weekly contest',
  startTime: iso(-HOUR),
  endTime: iso(HOUR),
  status: 'active',
  maxParticipants: 100,
  participantCount: 7,
  userJoined: true,
  contestProblems: [{ problemId: twoSum, points: 30, order: 0 }],
  format: 'points',
  penaltyMinutes: 20,
  freezeMinutes: 0,
  freezeTime: null,
  frozen: false,
  ...over,
});
