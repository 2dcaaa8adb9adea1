import {
  DEFAULT_JUDGE_LIMITS,
  ExecutionMessages,
  JUDGE_JOB_VERSION,
  parseJudgeJob,
  type JudgeJobResult,
} from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../problems/test-case.entity';
import { maskHiddenResults } from '../submissions/hidden-results';
import { toResponse } from './execution.service';
import {
  buildJudgeJob,
  checkingOf,
  PACKAGE_OUTPUT_BYTES,
  type JudgedProblem,
  type JudgingPurpose,
} from './judge-job';

const sum: JudgedProblem = {
  inputVariables: [
    { name: 'a', type: 'int' },
    { name: 'b', type: 'int' },
  ],
  checker: 'exact',
  tolerance: null,
  checkerCode: null,
};

const test = (id: string, a: number, isExample: boolean): TestCase =>
  ({
    id,
    input: JSON.stringify({ a: String(a), b: '1' }),
    expectedOutput: String(a + 1),
    isExample,
  }) as TestCase;

/** Stored hidden, hidden, example: the example is judged first. */
const stored = [test('h1', 10, false), test('h2', 20, false), test('e1', 1, true)];

const build = (purpose: JudgingPurpose, problem: JudgedProblem = sum) =>
  buildJudgeJob({ purpose, problem, tests: stored, code: 'class Main {}', limits: DEFAULT_JUDGE_LIMITS });

describe('buildJudgeJob: the one judge job', () => {
  it('sends the examples first, whatever order the tests are stored in, with their serialised inputs', () => {
    const job = build('submit');
    expect(job.tests.map((t) => t.id)).toEqual(['e1', 'h1', 'h2']);
    expect(job.tests[0]).toEqual({ id: 'e1', stdin: '1\n1\n', expectedOutput: '2' });
  });

  it('stops at the first failure for a submit and a rejudge only', () => {
    expect(build('submit').stopAtFirstFailure).toBe(true);
    expect(build('rejudge').stopAtFirstFailure).toBe(true);
    for (const purpose of ['run', 'validate', 'measure', 'output'] as const)
      expect(build(purpose).stopAtFirstFailure).toBeUndefined();
  });

  it.each([
    [{ checker: 'exact' }, { checker: 'exact' }],
    [{ checker: 'tokens' }, { checker: 'tokens' }],
    [{ checker: 'unordered' }, { checker: 'unordered' }],
    [
      { checker: 'float', tolerance: 0.01 },
      { checker: 'float', tolerance: 0.01 },
    ],
    [
      { checker: 'float', tolerance: null },
      { checker: 'float', tolerance: 1e-6 },
    ],
    [
      { checker: 'custom', checkerCode: 'class Checker {}' },
      { checker: 'custom', checkerCode: 'class Checker {}' },
    ],
  ] as const)('carries the checker %j to every purpose that compares outputs', (fields, expected) => {
    const problem = { ...sum, tolerance: null, checkerCode: null, ...fields } as JudgedProblem;
    for (const purpose of ['submit', 'rejudge', 'run', 'validate', 'measure'] as const) {
      const job = build(purpose, problem);
      expect(checkingOf(job)).toEqual(expected);
      expect(job.limits).toEqual(DEFAULT_JUDGE_LIMITS);
    }
  });

  it('compares nothing for an output run (custom input, a computed expected output)', () => {
    const job = build('output', { ...sum, checker: 'custom', checkerCode: 'class Checker {}' });
    expect(checkingOf(job)).toEqual({ checker: 'exact' });
    expect(job.tests.every((t) => t.expectedOutput === '')).toBe(true);
  });
});

describe('toResponse: a submit that stopped at its first failure', () => {
  const tests = Array.from({ length: 10 }, (_, i) => test(`t${i + 1}`, i, i < 2));
  const outcome: JudgeJobResult = {
    verdict: 'wrong_answer',
    results: [
      { id: 't1', verdict: 'accepted', actualOutput: '1', executionTime: 5, error: '' },
      { id: 't2', verdict: 'accepted', actualOutput: '2', executionTime: 7, error: '' },
      { id: 't3', verdict: 'wrong_answer', actualOutput: '0', executionTime: 40, error: 'Expected 3' },
    ],
  };

  it('reports 2 passed, 1 failed and 7 not judged of 10', () => {
    const response = toResponse(tests, outcome, false);
    expect(response).toMatchObject({
      overallPassed: false,
      passedCount: 2,
      totalCount: 10,
      verdict: 'wrong_answer',
    });
    const notJudged = response.results.filter((r) => r.notJudged);
    expect(notJudged).toHaveLength(7);
    for (const r of notJudged)
      expect(r).toMatchObject({
        passed: false,
        executionTime: 0,
        actualOutput: '',
        verdict: 'wrong_answer',
        error: ExecutionMessages.notJudgedError,
      });
    expect(response.results.filter((r) => !r.passed && !r.notJudged)).toHaveLength(1);
    expect(response.results.slice(0, 3).every((r) => r.notJudged === undefined)).toBe(true);
  });

  it("shows a non-admin each judged hidden test with the submission's slowest time, never its own", () => {
    const response = toResponse(tests, outcome, false);
    expect(response.results.map((r) => r.executionTime).slice(0, 3)).toEqual([5, 7, 40]);
    const slowExample: JudgeJobResult = {
      verdict: 'accepted',
      results: tests.map((t, i) => ({
        id: t.id,
        verdict: 'accepted',
        actualOutput: t.expectedOutput,
        executionTime: i === 0 ? 90 : i,
        error: '',
      })),
    };
    const shown = toResponse(tests, slowExample, false).results;
    expect(shown[0].executionTime).toBe(90);
    expect(shown.slice(2).every((r) => r.executionTime === 90)).toBe(true);
  });

  it('keeps a compilation error on every test, never "not judged"', () => {
    const response = toResponse(
      tests,
      { verdict: 'compilation_error', compileError: 'x', results: [] },
      false,
    );
    expect(response.results.every((r) => r.verdict === 'compilation_error' && !r.notJudged)).toBe(true);
    expect(response).toMatchObject({ passedCount: 0, totalCount: 10 });
  });

  it('masks stored hidden results for a non-admin: the slowest judged time, not-judged tests kept as such', () => {
    const admin = toResponse(tests, outcome, true).results;
    const masked = maskHiddenResults(admin);
    expect(masked[2]).toMatchObject({ input: '', executionTime: 40, error: 'Wrong answer' });
    expect(masked[5]).toMatchObject({
      notJudged: true,
      executionTime: 0,
      error: ExecutionMessages.notJudgedError,
    });
    expect(masked[0]).toEqual(admin[0]);
  });
});

describe('toResponse: a test missing from a judge that did not stop', () => {
  it('is the run\'s fault (runtime_error), not "not judged", when the results do not end at a failure', () => {
    const tests = [test('e1', 1, true), test('h1', 2, false), test('h2', 3, false)];
    const response = toResponse(
      tests,
      {
        verdict: 'wrong_answer',
        results: [
          { id: 'e1', verdict: 'wrong_answer', actualOutput: '0', executionTime: 1, error: '' },
          { id: 'h2', verdict: 'accepted', actualOutput: '4', executionTime: 1, error: '' },
        ],
      },
      false,
    );
    expect(response.results.map((r) => [r.testCaseId, r.verdict, r.notJudged])).toEqual([
      ['e1', 'wrong_answer', undefined],
      ['h1', 'runtime_error', undefined],
      ['h2', 'accepted', undefined],
    ]);
  });
});

describe('buildJudgeJob: classic (stdio) problems (issue 29)', () => {
  const classic: JudgedProblem = {
    inputVariables: [],
    checker: 'exact',
    tolerance: null,
    checkerCode: null,
    kind: 'stdio',
    timeLimitMs: 1500,
    memoryLimitMb: 512,
    validatorFlags: ['float_tolerance', '1e-6'],
    outputValidator: null,
  };
  const raw = [
    { id: 's1', input: '3\n1 2 3\n', expectedOutput: '6\n', isExample: false },
    { id: 'e1', input: '1\n5\n', expectedOutput: '5\n', isExample: true },
  ];
  const job = (problem: JudgedProblem, timeScale?: number) =>
    buildJudgeJob({
      purpose: 'submit',
      problem,
      tests: raw,
      code: 'class A {}',
      limits: DEFAULT_JUDGE_LIMITS,
      timeScale,
    });

  it('feeds each test its raw input as stdin, examples first, and compares by the package output validation', () => {
    const built = job(classic);
    expect(built.tests).toEqual([
      { id: 'e1', stdin: '1\n5\n', expectedOutput: '5\n' },
      { id: 's1', stdin: '3\n1 2 3\n', expectedOutput: '6\n' },
    ]);
    expect(built.outputValidation).toEqual({ flags: ['float_tolerance', '1e-6'] });
    expect(built.checker).toBeUndefined();
  });

  it("carries the problem's custom validator", () => {
    const custom = {
      language: 'cpp' as const,
      files: [{ path: 'v.cpp', content: 'int main(){return 42;}' }],
    };
    expect(job({ ...classic, outputValidator: custom }).outputValidation).toEqual({
      flags: ['float_tolerance', '1e-6'],
      custom,
    });
  });

  it("uses the problem's limits, the time scaled by JUDGE_TIME_SCALE, with the wall time keeping room", () => {
    expect(job(classic).limits).toMatchObject({ cpuTimeMs: 1500, memoryMb: 512 });
    const scaled = job(classic, 2).limits;
    expect(scaled.cpuTimeMs).toBe(3000);
    expect(scaled.wallTimeMs).toBeGreaterThanOrEqual(2 * 3000);
    expect(scaled.stackMb).toBe(DEFAULT_JUDGE_LIMITS.stackMb);
  });

  it("allows the package format's 8 MiB of output (a function problem keeps the deployment's 1 MiB)", () => {
    expect(job(classic).limits.outputBytes).toBe(PACKAGE_OUTPUT_BYTES);
    expect(job({ ...classic, timeLimitMs: undefined, memoryLimitMb: undefined }).limits.outputBytes).toBe(
      PACKAGE_OUTPUT_BYTES,
    );
    expect(DEFAULT_JUDGE_LIMITS.outputBytes).toBeLessThan(PACKAGE_OUTPUT_BYTES);
  });

  it("keeps a function problem's limits and checker whatever the time scale", () => {
    const built = buildJudgeJob({
      purpose: 'submit',
      problem: sum,
      tests: stored,
      code: 'class Main {}',
      limits: DEFAULT_JUDGE_LIMITS,
      timeScale: 3,
    });
    expect(built.limits).toEqual(DEFAULT_JUDGE_LIMITS);
    expect(built.outputValidation).toBeUndefined();
    expect(built.checker).toBe('exact');
  });
});

describe('buildJudgeJob: the contract it builds through (issue 46)', () => {
  it('says its version and is a job the judge takes whole, after a trip through JSON', () => {
    const interactive = buildJudgeJob({
      purpose: 'submit',
      problem: {
        inputVariables: [],
        checker: 'exact',
        tolerance: null,
        checkerCode: null,
        kind: 'stdio',
        interaction: 'interactive',
        validatorFlags: [],
        outputValidator: { language: 'cpp', files: [{ path: 'i.cpp', content: 'int main(){}' }] },
      },
      tests: [{ id: 's1', input: '5\n', expectedOutput: '', isExample: false, validatorFlags: ['x'] }],
      code: 'class A {}',
      limits: DEFAULT_JUDGE_LIMITS,
    });
    expect(interactive.version).toBe(JUDGE_JOB_VERSION);
    const taken = parseJudgeJob(JSON.parse(JSON.stringify(interactive)), JUDGE_JOB_VERSION);
    expect(taken).toMatchObject({ ok: true, job: { outputValidation: { interactive: true } } });
    // The same job on the queue of before versions would be refused there, never judged as a plain one.
    const { version: _version, ...unversioned } = interactive;
    expect(parseJudgeJob(unversioned, 1)).toMatchObject({ ok: false, kind: 'foreign' });
  });

  it('an interactive problem with passes and a Python interactor: a version-3 job, interactive with its passes', () => {
    const job = buildJudgeJob({
      purpose: 'submit',
      problem: {
        inputVariables: [],
        checker: 'exact',
        tolerance: null,
        checkerCode: null,
        kind: 'stdio',
        interaction: 'interactive',
        validationPasses: 4,
        validatorFlags: [],
        outputValidator: { language: 'python', files: [{ path: 'i.py', content: 'import sys' }] },
      },
      tests: [{ id: 's1', input: '5\n', expectedOutput: '', isExample: false }],
      code: 'class A {}',
      limits: DEFAULT_JUDGE_LIMITS,
    });
    expect(job.version).toBe(3);
    expect(job.outputValidation).toMatchObject({
      interactive: true,
      passes: 4,
      custom: { language: 'python' },
    });
    const json = JSON.parse(JSON.stringify(job));
    expect(parseJudgeJob(json, 3)).toMatchObject({ ok: true });
    // A version-2 judge would judge it in one pass: it never takes it.
    expect(parseJudgeJob(json, 2)).toMatchObject({ ok: false, kind: 'foreign' });
  });

  it('refuses to build a job the judge would refuse (limits out of the contract)', () => {
    expect(() =>
      buildJudgeJob({
        purpose: 'run',
        problem: sum,
        tests: stored,
        code: 'class Main {}',
        limits: { ...DEFAULT_JUDGE_LIMITS, memoryMb: 0 },
      }),
    ).toThrow(/memoryMb/);
  });
});
