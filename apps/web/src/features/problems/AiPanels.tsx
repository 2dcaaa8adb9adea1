import { isNotJudged, type AiMeasurement, type AiResponse, type ExecutionResult } from '@javelin/contracts';
import { useCallback, useState } from 'react';
import { useToast } from '../toast/useToast';
import { Messages } from '../../app/messages';
import { MarkdownText } from '../../components/MarkdownText';
import { errorMessage } from '../../services/api';
import { ComplexityChart } from './ComplexityChart';
import { useAnalyzeCodeMutation, useDebugHelpMutation } from './problemsApi';

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
    analyzing,
    debugging,
    /** The debug answer was about the code as it was; a new run makes it stale. */
    clearDebugAnswer: useCallback(() => setDebugAnswer(null), []),
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
    requestDebugHelp: async (code: string, results: readonly ExecutionResult[], compileError?: string) => {
      const firstError = compileError || results.find((r) => !r.passed)?.error || '';
      try {
        const answer = await debugHelp({
          problemId,
          code,
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
            {allPassed
              ? 'Get feedback on complexity and style of your passing solution.'
              : 'Pass all test cases to unlock code analysis.'}
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
        {ai.debugAnswer ? (
          <MarkdownText source={ai.debugAnswer} />
        ) : (
          <p className="muted">Stuck? Ask for a hint about what goes wrong in your code.</p>
        )}
      </section>
    </>
  );
}
