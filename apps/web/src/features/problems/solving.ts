import {
  PracticeMessages,
  DEFAULT_PROBLEM_POINTS,
  executeCodeSchema,
  type ExecuteCodeRequest,
  type ContestMode,
  type ExecuteCodeResponse,
  type ExecutionResult,
  type GroupResult,
  type Problem,
} from '@javelin/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../toast/useToast';
import { Messages } from '../../app/messages';
import { api, errorMessage } from '../../services/api';
import {
  useExecuteCodeMutation,
  useMarkSolvedMutation,
  useSubmitSolutionMutation,
  type SolveAnswer,
} from './problemsApi';

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
 * submission and marks the problem solved.
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
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [status, setStatus] = useState<SolverStatus>('ready');
  const [testRun, setTestRun] = useState<ExecuteCodeResponse | null>(null);
  const [submission, setSubmission] = useState<SubmissionOutcome | null>(null);
  const [executeCode] = useExecuteCodeMutation();
  const [submitSolution] = useSubmitSolutionMutation();
  const [markSolved] = useMarkSolvedMutation();

  const run = useCallback(
    async (code: string) => {
      if (status !== 'ready') return;
      // Results of the previous code are cleared, never left looking current.
      setSubmission(null);
      setTestRun(null);
      onStart?.();
      setStatus('running');
      try {
        const body: ExecuteCodeRequest = {
          code,
          language: 'java',
          problemId,
          runAllTestCases: false,
          ...contest,
        };
        const refused = codeRefusal(code);
        if (refused) {
          toast.show({ title: Messages.runFailed, description: refused, variant: 'destructive' });
          return;
        }
        const result = await executeCode(body);
        if ('error' in result) {
          toast.show({
            title: Messages.runFailed,
            description: errorMessage(result.error, Messages.executeFailed),
            variant: 'destructive',
          });
          return;
        }
        setTestRun(result.data);
        toast.show({
          title: Messages.codeExecuted,
          description: Messages.examplesPassed(result.data.passedCount, result.data.totalCount),
          variant: result.data.overallPassed ? 'success' : 'default',
        });
      } catch {
        toast.message(Messages.runFailed);
      } finally {
        setStatus('ready');
      }
    },
    [status, executeCode, problemId, contest, toast, onStart],
  );

  const submit = useCallback(
    async (code: string) => {
      if (status !== 'ready') return;
      setTestRun(null);
      setSubmission(null);
      onStart?.();
      setStatus('submitting');
      try {
        const body: ExecuteCodeRequest = {
          code,
          language: 'java',
          problemId,
          runAllTestCases: true,
          ...contest,
        };
        const refused = codeRefusal(code);
        if (refused) {
          toast.show({ title: Messages.submitFailed, description: refused, variant: 'destructive' });
          return;
        }
        const result = await executeCode(body);
        if ('error' in result) {
          toast.show({
            title: Messages.submitFailed,
            description: errorMessage(result.error, Messages.executeFailed),
            variant: 'destructive',
          });
          return;
        }
        const { results, overallPassed, passedCount, totalCount, compileError, score, maxScore, groups } =
          result.data;
        const outcome: SubmissionOutcome = {
          passed: overallPassed,
          passedCount,
          totalCount,
          results,
          compileError,
          ...(groups ? { score, maxScore, groups } : {}),
        };
        setSubmission(outcome);
        if (!overallPassed) return;
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
        let answer: SolveAnswer;
        try {
          answer = await markSolved({
            problemId,
            submissionId,
            ...contest,
          }).unwrap();
        } catch {
          toast.show({ title: 'Warning', description: Messages.pointsMaybeNotAwarded, variant: 'warning' });
          return;
        }
        dispatch(
          api.util.invalidateTags([
            'Solved',
            'Profile',
            'Leaderboard',
            'Submissions',
            ...(contestMode === 'virtual' && contestId
              ? [{ type: 'VirtualRun' as const, id: contestId }]
              : []),
          ]),
        );
        // The server awards points once: a second accepted solution earns nothing and says so.
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
      } catch {
        toast.message(Messages.submitFailed);
      } finally {
        setStatus('ready');
      }
    },
    [
      status,
      executeCode,
      problemId,
      contestId,
      contestMode,
      contest,
      submitSolution,
      markSolved,
      dispatch,
      toast,
      points,
      acceptedToast,
      onSolved,
      onStart,
    ],
  );

  const lastResults = submission?.results ?? testRun?.results ?? [];
  /** Analyze Code appears only after all tests pass (spec §4). */
  const allPassed = submission ? submission.passed : !!testRun?.overallPassed;

  return {
    status,
    testRun,
    submission,
    run,
    submit,
    lastResults,
    allPassed,
    lastCompileError: submission?.compileError ?? testRun?.compileError,
  };
}
