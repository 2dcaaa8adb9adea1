import { isNotJudged, VerdictMessages, type AiMeasurement, type AiResponse } from '@javelin/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { MarkdownText } from '../../components/MarkdownText';
import { errorMessage } from '../../lib/api';
import { ComplexityChart } from './ComplexityChart';
import { useSubmissionQuery, useSubmissionsQuery } from '../submissions/submissionsApi';
import { PROBLEM_SUBMISSIONS_SHOWN } from '../submissions/SubmissionsPanel';
import {
  solvedIds,
  useAnalyzeCodeMutation,
  useDebugHelpMutation,
  useSolvedProblemsQuery,
} from './problemsApi';
import { headlineOf, type FailedJudgement } from './solving';

/**
 * Whether the signed-in user has an accepted submission of this problem (a practice solve, or an
 * accepted submit among their latest): Analyze Code stays available after a reload.
 */
export function useHasAccepted(problemId: string, signedIn: boolean): boolean {
  const { data: solved } = useSolvedProblemsQuery(undefined, { skip: !signedIn });
  const { data: page } = useSubmissionsQuery(
    { problemId, limit: PROBLEM_SUBMISSIONS_SHOWN },
    { skip: !signedIn || !problemId },
  );
  return (
    signedIn && (solvedIds(solved).has(problemId) || !!page?.items.some((s) => s.verdict === 'accepted'))
  );
}

/**
 * The user's latest stored submit of this problem when it failed, as Debug Help explains it: what a
 * reload keeps of the last failing judgement (runs are not stored). Null when the latest passed.
 */
export function useLastFailedSubmission(problemId: string, signedIn: boolean): FailedJudgement | null {
  const { data: page } = useSubmissionsQuery(
    { problemId, limit: PROBLEM_SUBMISSIONS_SHOWN },
    { skip: !signedIn || !problemId },
  );
  const latest = page?.items[0];
  const failed = latest && latest.verdict !== 'accepted' ? latest : undefined;
  const { data: detail } = useSubmissionQuery(failed?._id ?? '', { skip: !failed });
  return useMemo(
    () =>
      detail && detail._id === failed?._id
        ? {
            kind: 'submit',
            code: detail.code,
            results: detail.results,
            compileError: detail.compileError,
            headline: headlineOf(detail),
          }
        : null,
    [detail, failed?._id],
  );
}

function aiFailure(err: unknown, fallback: string): string {
  if (
    err &&
    typeof err === 'object' &&
    'status' in err &&
    (err as { status: unknown }).status === 'FETCH_ERROR'
  ) {
    return Messages.networkError;
  }
  return errorMessage(err, fallback);
}

export function useAiHelp(problemId: string) {
  const toast = useToast();
  const [analysis, setAnalysis] = useState<string | null>(null);
  const [measurement, setMeasurement] = useState<AiMeasurement | null>(null);
  const [debugAnswer, setDebugAnswer] = useState<string | null>(null);
  /** Which judgement the debug answer explains ("Explaining your last submission: …"), or that none failed. */
  const [debugAbout, setDebugAbout] = useState<string | null>(null);
  const [analyze, { isLoading: analyzing }] = useAnalyzeCodeMutation();
  const [debugHelp, { isLoading: debugging }] = useDebugHelpMutation();

  const handle = (result: AiResponse, title: string, fallback: string, set: (s: string) => void) => {
    if (result.success) set(result.analysis);
    else toast.show({ title, description: result.error || fallback, variant: 'destructive' });
  };

  return {
    analysis,
    /** The complexity measured in the judge's sandbox with the last analysis, for its chart. */
    measurement,
    debugAnswer,
    debugAbout,
    analyzing,
    debugging,
    /** The debug answer was about the code as it was; a new run makes it stale. */
    clearDebugAnswer: useCallback(() => {
      setDebugAnswer(null);
      setDebugAbout(null);
    }, []),
    analyzeCode: async (code: string) => {
      try {
        const result = await analyze({ problemId, code, language: 'java' }).unwrap();
        handle(result, Messages.analysisFailed, Messages.analyzeFallback, setAnalysis);
        if (result.success) setMeasurement(result.measurement ?? null);
      } catch (err) {
        toast.show({
          title: Messages.analysisFailed,
          description: aiFailure(err, Messages.analyzeFallback),
          variant: 'destructive',
        });
      }
    },
    /** Explains the most recent failing run or submit (`failure`), saying which; nothing to explain without one. */
    requestDebugHelp: async (failure: FailedJudgement | null) => {
      if (!failure) {
        setDebugAnswer(null);
        setDebugAbout(VerdictMessages.debugNothing);
        return;
      }
      const { results, compileError } = failure;
      const firstError = compileError || results.find((r) => !r.passed && !isNotJudged(r))?.error || '';
      try {
        const answer = await debugHelp({
          problemId,
          code: failure.code,
          language: 'java',
          errorMessage: firstError,
          // A test a submit did not judge has no output to reason about.
          testResults: results
            .filter((r) => !isNotJudged(r))
            .map((r) => ({
              passed: r.passed,
              expectedOutput: r.expectedOutput,
              actualOutput: r.actualOutput,
              error: r.error,
            })),
        }).unwrap();
        handle(answer, Messages.debugHelpFailed, Messages.debugHelpFallback, setDebugAnswer);
        if (answer.success) setDebugAbout(VerdictMessages.debugAbout(failure.kind, failure.headline));
      } catch (err) {
        toast.show({
          title: Messages.debugHelpFailed,
          description: aiFailure(err, Messages.debugHelpFallback),
          variant: 'destructive',
        });
      }
    },
  };
}

export function AiPanels({
  ai,
  allPassed,
  onAnalyze,
  onDebug,
}: {
  ai: ReturnType<typeof useAiHelp>;
  allPassed: boolean;
  onAnalyze: () => void;
  onDebug: () => void;
}) {
  return (
    <>
      <section className="card" aria-labelledby="ai-analysis-heading" style={{ marginTop: '1rem' }}>
        <div className="card-header">
          <h2 id="ai-analysis-heading">AI Code Analysis</h2>
          {allPassed && (
            <button type="button" className="btn btn-sm" onClick={onAnalyze} disabled={ai.analyzing}>
              {ai.analyzing ? 'Analyzing...' : 'Analyze Code'}
            </button>
          )}
        </div>
        {ai.analysis ? (
          <>
            {ai.measurement && <ComplexityChart measurement={ai.measurement} />}
            <MarkdownText source={ai.analysis} />
          </>
        ) : (
          <p className="muted">
            {allPassed ? VerdictMessages.analyzeUnlocked : 'Pass all test cases to unlock code analysis.'}
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="ai-debug-heading" style={{ marginTop: '1rem' }}>
        <div className="card-header">
          <h2 id="ai-debug-heading">AI Debug Help</h2>
          <button type="button" className="btn btn-outline btn-sm" onClick={onDebug} disabled={ai.debugging}>
            {ai.debugging ? 'Thinking...' : 'Get Debug Help'}
          </button>
        </div>
        {ai.debugAbout && (
          <p className="debug-about" data-testid="debug-about">
            {ai.debugAbout}
          </p>
        )}
        {ai.debugAnswer ? (
          <MarkdownText source={ai.debugAnswer} />
        ) : ai.debugAbout ? null : (
          <p className="muted">Stuck? Ask for a hint about what goes wrong in your code.</p>
        )}
      </section>
    </>
  );
}
