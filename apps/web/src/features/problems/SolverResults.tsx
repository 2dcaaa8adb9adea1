import {
  VerdictMessages,
  type ExecuteCodeResponse,
  type InputVariable,
  type TestGroup,
} from '@javelin/contracts';
import { Messages } from '../../lib/messages';
import { NotJudgedNote, TestResultsList } from '../submissions/TestResults';
import { headlineOf, type SubmissionOutcome } from './solving';
import { useScrolledIntoView } from './solverView';
import { SubtaskTable } from './SubtaskTable';
import { VerdictHeadline } from './VerdictHeadline';

export type SolverVariant = 'practice' | 'contest';

const RESULT_LABELS: Record<SolverVariant, { pass: string; fail: string }> = {
  practice: { pass: Messages.congratulations, fail: Messages.solutionIncorrect },
  contest: { pass: Messages.accepted, fail: Messages.wrongAnswer },
};

/**
 * A submission's title and verdict line. A partial score (some of a scoring problem's points, not all)
 * is titled by its score, "Partial — 50 / 100", and its line names the first group that failed with
 * the verdict that stopped it (issue 45); otherwise the page's label over the verdict.
 */
export function submissionHeadline(
  s: SubmissionOutcome,
  variant: SolverVariant,
): { title: string; headline: string; partial: boolean } {
  const labels = RESULT_LABELS[variant];
  const partial = !s.passed && !!s.maxScore && (s.score ?? 0) > 0 && (s.score ?? 0) < s.maxScore;
  if (!partial) return { title: s.passed ? labels.pass : labels.fail, headline: headlineOf(s), partial };
  const group = s.groups?.find((g) => !g.earned);
  const test = group?.firstFailedTest ?? undefined;
  const verdict = (test && s.results[test - 1]?.verdict) || s.verdict || 'wrong_answer';
  const line = test ? VerdictMessages.onTest(verdict, test) : headlineOf(s);
  return {
    title: VerdictMessages.partial(s.score ?? 0, s.maxScore ?? 0),
    headline: group ? VerdictMessages.inGroup(group.name, line) : line,
    partial,
  };
}

/** The submit's result: its headline, counts, the subtask table of a scoring problem and each test. */
export function SubmissionResult(props: {
  submission: SubmissionOutcome;
  variant: SolverVariant;
  testGroups: readonly TestGroup[];
  variables?: readonly InputVariable[];
}) {
  const { submission: s, variant } = props;
  const ref = useScrolledIntoView(s);
  const { title, headline, partial } = submissionHeadline(s, variant);
  return (
    <section
      className="card result-card"
      ref={ref}
      style={{ marginTop: '1rem' }}
      aria-labelledby="submission-heading"
    >
      <h2 id="submission-heading">{variant === 'contest' ? 'Submission Result' : 'Submission Results'}</h2>
      <VerdictHeadline
        verdict={s.verdict ?? (s.passed ? 'accepted' : 'wrong_answer')}
        title={title}
        headline={headline}
        partial={partial}
        testId="submission-result"
      >
        <div className="verdict-counts">
          {s.passedCount}/{s.totalCount} test cases passed
          <NotJudgedNote results={s.results} />
        </div>
      </VerdictHeadline>
      <SubtaskTable
        testGroups={props.testGroups}
        groups={s.groups}
        score={s.score}
        maxScore={s.maxScore}
        results={s.results}
      />
      <TestResultsList results={s.results} compileError={s.compileError} variables={props.variables} />
    </section>
  );
}

/** A run's result: the example tests. */
export function RunResult({
  run,
  variables,
}: {
  run: ExecuteCodeResponse;
  variables?: readonly InputVariable[];
}) {
  const ref = useScrolledIntoView(run);
  return (
    <section
      className="card result-card"
      ref={ref}
      style={{ marginTop: '1rem' }}
      aria-labelledby="test-results-heading"
    >
      <h2 id="test-results-heading">Test Results</h2>
      <VerdictHeadline
        verdict={run.verdict ?? (run.overallPassed ? 'accepted' : 'wrong_answer')}
        headline={headlineOf(run)}
        testId="run-result"
      >
        <div className="verdict-counts">
          {run.passedCount}/{run.totalCount} example test cases passed
        </div>
      </VerdictHeadline>
      <TestResultsList results={run.results} compileError={run.compileError} variables={variables} />
    </section>
  );
}
