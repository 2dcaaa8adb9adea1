import {
  PracticeMessages,
  DEFAULT_PROBLEM_POINTS,
  executeCodeSchema,
  isNotJudged,
  VerdictMessages,
  type ExecuteCodeRequest,
  type ContestMode,
  type ExecuteCodeResponse,
  type ExecutionResult,
  type GroupResult,
  type JudgingProgress,
  type Problem,
  type SolveResponse,
  type Verdict,
} from '@javelin/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { api, errorMessage } from '../../lib/api';
import { useExecuteCodeMutation, useMarkSolvedMutation, useSubmitSolutionMutation } from './problemsApi';
import { followProgress, newRequestId } from './judgingProgress';

/** Spec §9: 10 points where the problem has none. */
export function pointsOf(problem: Pick<Problem, 'points'>): number {
  return problem.points || DEFAULT_PROBLEM_POINTS;
}

/**
 * What the API would refuse the code of a run or submit for (the code rule of the schema it checks
 * the body with, libs/contracts), in its words, or null: code over 64 KiB is refused here instead
 * of after a round trip. The ids come from the server and are left to it.
 */
export function codeRefusal(code: string): string | null {
  const checked = executeCodeSchema.shape.code.safeParse(code);
  return checked.success ? null : checked.error.issues[0].message;
}

export type SolverStatus = 'ready' | 'running' | 'submitting';

export const STATUS_LABEL: Record<SolverStatus, string> = {
  ready: 'Ready',
  running: 'Running...',
  submitting: 'Submitting...',
};

export interface SubmissionOutcome {
  passed: boolean;
  passedCount: number;
  totalCount: number;
  results: ExecutionResult[];
  compileError?: string;
  /** A scoring problem's submit (issue 31): the score and each group's result. */
  score?: number;
  maxScore?: number;
  groups?: GroupResult[];
  verdict?: Verdict;
}

export type JudgeKind = 'run' | 'submit';

/** A judgement that did not pass, kept for AI Debug Help: which kind it was, its code and its results. */
export interface FailedJudgement {
  kind: JudgeKind;
  code: string;
  results: ExecutionResult[];
  compileError?: string;
  /** "Wrong Answer on test 4", "Compilation Error". */
  headline: string;
}

/** The 1-based first test that failed (a test a submit did not judge is not one), or undefined. */
export function firstFailedTest(results: readonly ExecutionResult[]): number | undefined {
  const index = results.findIndex((r) => !r.passed && !isNotJudged(r));
  return index >= 0 ? index + 1 : undefined;
}

/** The verdict of a judgement in people's words: "Accepted", "Wrong Answer on test 4", "Compilation Error". */
export function headlineOf(judged: {
  verdict?: Verdict;
  passed?: boolean;
  overallPassed?: boolean;
  results: readonly ExecutionResult[];
  compileError?: string;
}): string {
  if (judged.compileError) return VerdictMessages.compilationError;
  const test = firstFailedTest(judged.results);
  const verdict: Verdict =
    judged.verdict ?? (test ? (judged.results[test - 1].verdict ?? 'wrong_answer') : 'accepted');
  if (verdict === 'accepted') return VerdictMessages.accepted;
  return VerdictMessages.onTest(verdict, verdict === 'compilation_error' ? undefined : test);
}

/** What a submit's answer shows: its verdict, counts and tests, and a scoring problem's groups. */
function outcomeOf(data: ExecuteCodeResponse): SubmissionOutcome {
  const { results, overallPassed, passedCount, totalCount, compileError, verdict, score, maxScore, groups } =
    data;
  return {
    passed: overallPassed,
    passedCount,
    totalCount,
    results,
    compileError,
    verdict,
    ...(groups ? { score, maxScore, groups } : {}),
  };
}

export interface SolverOptions {
  problemId: string;
  points: number;
  contestId?: string;
  /** How the contestId is used: practice of an ended contest, or the user's virtual run (issue 21). */
  contestMode?: ContestMode;
  /** The toast after an accepted solution, when the page says something of its own (a virtual run's minute). */
  acceptedToast?: () => { title: string; description: string };
  /** Called after an accepted solution is recorded (the contest page goes back to the contest). */
  onSolved?: () => void;
  /** Called as a run or submit starts, to drop what belonged to the previous code (the AI debug answer). */
  onStart?: () => void;
}

/**
 * Run and submit (spec §4 "Submit flow"): Run clears the submission result and runs the examples;
 * Submit clears the test list, runs all tests and, only when all pass, records an accepted
 * submission and marks the problem solved. Both go through one judged request (`judgeOnce`), which
 * follows the judgement's progress while it waits and keeps the last failing one for Debug Help.
 */
export function useSolver({
  problemId,
  points,
  contestId,
  contestMode,
  acceptedToast,
  onSolved,
  onStart,
}: SolverOptions) {
  /** The contest fields every call of this page sends: the contest, and how it is used. */
  const contest = useMemo(
    () => (contestId ? { contestId, ...(contestMode ? { contestMode } : {}) } : {}),
    [contestId, contestMode],
  );
  const toast = useToast();
  const [status, setStatus] = useState<SolverStatus>('ready');
  const [progress, setProgress] = useState<JudgingProgress | null>(null);
  const [testRun, setTestRun] = useState<ExecuteCodeResponse | null>(null);
  const [submission, setSubmission] = useState<SubmissionOutcome | null>(null);
  const [lastFailure, setLastFailure] = useState<FailedJudgement | null>(null);
  const dispatch = useAppDispatch();
  const recordAccepted = useRecordAccepted({ problemId, points, contest, acceptedToast, onSolved });

  const judgeOnce = useJudgeOnce({
    problemId,
    contest,
    onStart,
    setSubmission,
    setTestRun,
    setStatus,
    setProgress,
    setLastFailure,
  });

  const run = useCallback(
    async (code: string) => {
      if (status !== 'ready') return;
      try {
        const data = await judgeOnce('run', code);
        if (!data) return;
        setTestRun(data);
        toast.show({
          title: Messages.codeExecuted,
          description: Messages.examplesPassed(data.passedCount, data.totalCount),
          variant: data.overallPassed ? 'success' : 'default',
        });
      } catch {
        toast.message(Messages.runFailed);
      } finally {
        setStatus('ready');
      }
    },
    [status, judgeOnce, toast],
  );

  const submit = useCallback(
    async (code: string) => {
      if (status !== 'ready') return;
      try {
        const data = await judgeOnce('submit', code);
        if (!data) return;
        setSubmission(outcomeOf(data));
        const { overallPassed, passedCount, totalCount } = data;
        if (overallPassed) await recordAccepted(code, passedCount, totalCount);
        // Every judged submit is in the history, passed or not, and a partial score moves the numbers:
        // the Submissions tab, the profile and the boards are read again after each (issue 45).
        else dispatch(api.util.invalidateTags(['Submissions', 'Profile', 'Leaderboard', 'Solved']));
      } catch {
        toast.message(Messages.submitFailed);
      } finally {
        setStatus('ready');
      }
    },
    [status, judgeOnce, recordAccepted, toast, dispatch],
  );

  const lastResults = submission?.results ?? testRun?.results ?? [];
  /** Analyze Code appears only after all tests pass (spec §4). */
  const allPassed = submission ? submission.passed : !!testRun?.overallPassed;

  return {
    status,
    /** Where the judgement in flight stands (in queue, tests judged), while one is. */
    progress,
    testRun,
    submission,
    run,
    submit,
    lastResults,
    allPassed,
    lastCompileError: submission?.compileError ?? testRun?.compileError,
    /** The most recent run or submit that did not pass, whatever came after it. */
    lastFailure,
  };
}

type Setter<T> = (value: T) => void;

/**
 * One run or submit judged: the shared path of Run and Submit. It clears the previous results, checks
 * the code's size, follows the judgement's progress while it waits and keeps a failing one for Debug
 * Help. Null when it was refused or failed (a toast said why).
 */
function useJudgeOnce({
  problemId,
  contest,
  onStart,
  setSubmission,
  setTestRun,
  setStatus,
  setProgress,
  setLastFailure,
}: {
  problemId: string;
  contest: { contestId?: string; contestMode?: ContestMode };
  onStart?: () => void;
  setSubmission: Setter<SubmissionOutcome | null>;
  setTestRun: Setter<ExecuteCodeResponse | null>;
  setStatus: Setter<SolverStatus>;
  setProgress: Setter<JudgingProgress | null>;
  setLastFailure: Setter<FailedJudgement | null>;
}) {
  const toast = useToast();
  const [executeCode] = useExecuteCodeMutation();
  /** One run or submit judged: the shared path. Null when it was refused or failed (a toast said why). */
  return useCallback(
    async (kind: JudgeKind, code: string): Promise<ExecuteCodeResponse | null> => {
      // Results of the previous code are cleared, never left looking current.
      setSubmission(null);
      setTestRun(null);
      onStart?.();
      setStatus(kind === 'run' ? 'running' : 'submitting');
      const failed = kind === 'run' ? Messages.runFailed : Messages.submitFailed;
      const refused = codeRefusal(code);
      if (refused) {
        toast.show({ title: failed, description: refused, variant: 'destructive' });
        return null;
      }
      const body: ExecuteCodeRequest = {
        code,
        language: 'java',
        problemId,
        runAllTestCases: kind === 'submit',
        ...contest,
      };
      const requestId = newRequestId();
      const stop = followProgress(requestId, setProgress);
      let result: Awaited<ReturnType<typeof executeCode>>;
      try {
        result = await executeCode({ body, requestId });
      } finally {
        stop();
        setProgress(null);
      }
      if ('error' in result) {
        toast.show({
          title: failed,
          description: errorMessage(result.error, Messages.executeFailed),
          variant: 'destructive',
        });
        return null;
      }
      const data = result.data;
      if (!data.overallPassed)
        setLastFailure({
          kind,
          code,
          results: data.results,
          compileError: data.compileError,
          headline: headlineOf(data),
        });
      return data;
    },
    [
      executeCode,
      problemId,
      contest,
      toast,
      onStart,
      setSubmission,
      setTestRun,
      setStatus,
      setProgress,
      setLastFailure,
    ],
  );
}

/**
 * After an accepted submit: records the submission, marks the problem solved and says so (the
 * server awards points once: a second accepted solution earns nothing and says so).
 */
function useRecordAccepted({
  problemId,
  points,
  contest,
  acceptedToast,
  onSolved,
}: Pick<SolverOptions, 'problemId' | 'points' | 'acceptedToast' | 'onSolved'> & {
  contest: { contestId?: string; contestMode?: ContestMode };
}) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [submitSolution] = useSubmitSolutionMutation();
  const [markSolved] = useMarkSolvedMutation();
  return useCallback(
    async (code: string, passedCount: number, totalCount: number) => {
      let submissionId: string;
      try {
        const recorded = await submitSolution({
          problemId,
          ...contest,
          code,
          language: 'java',
          status: 'accepted',
          testCasesPassed: passedCount,
          totalTestCases: totalCount,
        }).unwrap();
        submissionId = recorded._id;
      } catch {
        toast.message(Messages.markSolvedFailed);
        return;
      }
      let answer: SolveResponse;
      try {
        answer = await markSolved({ problemId, submissionId, ...contest }).unwrap();
      } catch {
        toast.show({ title: 'Warning', description: Messages.pointsMaybeNotAwarded, variant: 'warning' });
        return;
      }
      const { contestId, contestMode } = contest;
      dispatch(
        api.util.invalidateTags([
          'Solved',
          'Profile',
          'Leaderboard',
          'Submissions',
          ...(contestMode === 'virtual' && contestId ? [{ type: 'VirtualRun' as const, id: contestId }] : []),
        ]),
      );
      if (acceptedToast) {
        toast.show({ ...acceptedToast(), variant: 'success' });
      } else if (answer.alreadySolved) {
        toast.show({
          title: PracticeMessages.alreadySolvedTitle,
          description: PracticeMessages.alreadySolved,
          variant: 'success',
        });
      } else {
        toast.show({
          title: Messages.congratulations,
          description: Messages.problemSolved(points),
          variant: 'success',
        });
      }
      onSolved?.();
    },
    [problemId, points, contest, acceptedToast, onSolved, submitSolution, markSolved, dispatch, toast],
  );
}
