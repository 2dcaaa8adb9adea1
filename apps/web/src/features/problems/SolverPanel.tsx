import { PracticeMessages, type InputVariable, type TestGroup } from '@javelin/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Messages } from '../../lib/messages';
import { Modal } from '../../components/Modal';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { Tooltip } from '../../components/Tooltip';
import { CustomInputPanel } from '../submissions/CustomInputPanel';
import { SubmissionsPanel } from '../submissions/SubmissionsPanel';
import { SignInLink } from '../auth/SignInLink';
import { useAuth } from '../auth/useAuth';
import { CodeEditor } from '../editor/CodeEditor';
import { compileErrorMarkers } from '../editor/compileMarkers';
import { EDITOR_TAB_SIZE } from '../editor/editorConfig';
import { progressText } from './judgingProgress';
import { headlineOf, STATUS_LABEL, type useSolver } from './solving';
import { NotJudgedNote, TestResultsList } from '../submissions/TestResults';
import { liveGroupsOf, SubtaskTable } from './SubtaskTable';
import { VerdictHeadline } from './VerdictHeadline';

export type SolverVariant = 'practice' | 'contest';

const RESULT_LABELS: Record<SolverVariant, { pass: string; fail: string }> = {
  practice: { pass: Messages.congratulations, fail: Messages.solutionIncorrect },
  contest: { pass: Messages.accepted, fail: Messages.wrongAnswer },
};

/**
 * Ctrl+Enter runs and Ctrl+Shift+Enter submits from anywhere on the page; inside Monaco the editor's
 * own commands handle them.
 */
function useSolverShortcuts(onRun: () => void, onSubmit: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key !== 'Enter') return;
      if ((e.target as HTMLElement | null)?.closest?.('.monaco-editor')) return;
      e.preventDefault();
      if (e.shiftKey) onSubmit();
      else onRun();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onRun, onSubmit]);
}

function SignInPrompt({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Sign in to continue" onClose={onClose}>
      <p>{PracticeMessages.signInToRun}</p>
      <p className="muted">{PracticeMessages.signInKeepsCode}</p>
      <div className="row">
        <SignInLink className="btn">Sign in</SignInLink>
        <SignInLink className="btn btn-outline" to="/signup">
          Sign up
        </SignInLink>
      </div>
    </Modal>
  );
}

type ExtraTab = 'custom' | 'submissions';

/** Space kept above a result scrolled into view: the sticky navigation when the window scrolls. */
const WINDOW_SCROLL_MARGIN_PX = 72;
const PANE_SCROLL_MARGIN_PX = 4;

/** The nearest ancestor that scrolls on its own (the editor's pane beside the statement), or null. */
function scrollingAncestor(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/**
 * Brings a result that just arrived into view, its headline at the top: its pane scrolls when the
 * panes scroll on their own (never the window, which would leave a band under them), the window otherwise.
 */
function useScrolledIntoView<T>(shown: T | null) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const pane = scrollingAncestor(el);
    const top = el.getBoundingClientRect().top;
    if (pane) {
      const offset = top - pane.getBoundingClientRect().top - PANE_SCROLL_MARGIN_PX;
      pane.scrollTo?.({ top: pane.scrollTop + offset, behavior: 'smooth' });
    } else {
      window.scrollTo?.({ top: window.scrollY + top - WINDOW_SCROLL_MARGIN_PX, behavior: 'smooth' });
    }
  }, [shown]);
  return ref;
}

export function SolverPanel({
  problemId,
  contestId,
  variant,
  code,
  onCodeChange,
  onReset,
  solver,
  onDebugHelp,
  submitDisabledReason,
  variables,
  stdin = false,
  testGroups = [],
}: {
  problemId: string;
  contestId?: string;
  variant: SolverVariant;
  code: string;
  onCodeChange: (code: string) => void;
  /** Throws the code away for the boilerplate; the panel asks the user first. */
  onReset: () => void;
  solver: ReturnType<typeof useSolver>;
  onDebugHelp?: () => void;
  submitDisabledReason?: string;
  /** The problem's input variables, to show each test's input as 'name = value'. */
  variables?: readonly InputVariable[];
  /** A classic problem: custom input is the program's standard input. */
  stdin?: boolean;
  /** A scoring problem's subtasks (issue 31): the submit's result shows each. */
  testGroups?: readonly TestGroup[];
}) {
  const { status: session } = useAuth();
  const [askSignIn, setAskSignIn] = useState(false);
  const [tab, setTab] = useState<ExtraTab>('custom');
  const busy = solver.status !== 'ready';
  const signedIn = session === 'authenticated';
  // Signed out, Run and Submit ask to sign in instead of failing with a 401 that would leave the page.
  const run = () => (signedIn ? void solver.run(code) : setAskSignIn(true));
  const submit = () => {
    if (!signedIn) setAskSignIn(true);
    else if (!submitDisabledReason) void solver.submit(code);
  };
  useSolverShortcuts(run, submit);
  const labels = RESULT_LABELS[variant];
  const markers = useMemo(() => compileErrorMarkers(solver.lastCompileError), [solver.lastCompileError]);
  const reset = () => {
    if (window.confirm(PracticeMessages.confirmReset)) onReset();
  };
  const submissionRef = useScrolledIntoView(solver.submission);
  const testRunRef = useScrolledIntoView(solver.testRun);
  const judging = progressText(solver.progress);

  return (
    <div>
      <div className="editor-shell card" style={{ padding: 0 }}>
        <div className="editor-toolbar">
          <span role="status" aria-live="polite" data-testid="solver-status">
            <span className={`status-dot${busy ? ' busy' : ''}`} aria-hidden="true" />
            <span data-testid="solver-status-text">{judging ?? STATUS_LABEL[solver.status]}</span>
          </span>
          <div className="row">
            <button type="button" className="btn btn-outline btn-sm" onClick={reset} disabled={busy}>
              Reset
            </button>
            <Tooltip content="Run the example tests (Ctrl+Enter)">
              <button type="button" className="btn btn-secondary btn-sm" onClick={run} disabled={busy}>
                Run Code
              </button>
            </Tooltip>
            {onDebugHelp && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={onDebugHelp}
                disabled={busy || !signedIn}
              >
                Debug Help
              </button>
            )}
            <Tooltip content="Run all tests and submit (Ctrl+Shift+Enter)">
              <button
                type="button"
                className="btn btn-sm"
                onClick={submit}
                disabled={busy || !!submitDisabledReason}
              >
                Submit Solution
              </button>
            </Tooltip>
          </div>
        </div>
        <CodeEditor
          value={code}
          onChange={onCodeChange}
          onRun={run}
          onSubmit={submit}
          markers={markers}
          ariaLabel="Java code editor"
        />
        <div className="editor-footer" aria-label="Editor settings">
          <span>Java</span>
          <span>UTF-8</span>
          <span>{EDITOR_TAB_SIZE} spaces</span>
          <span className="muted editor-keys">
            <kbd>Ctrl+Enter</kbd> run · <kbd>Ctrl+Shift+Enter</kbd> submit
          </span>
        </div>
      </div>
      {submitDisabledReason && (
        <div className="alert alert-warning" role="note" style={{ marginTop: '0.75rem' }}>
          {submitDisabledReason}
        </div>
      )}
      {solver.status === 'submitting' && testGroups.length > 0 && (
        <section className="card" style={{ marginTop: '1rem' }} aria-label="Judging">
          <SubtaskTable testGroups={testGroups} live={liveGroupsOf(solver.progress)} judging />
        </section>
      )}
      {solver.submission && (
        <section
          className="card result-card"
          ref={submissionRef}
          style={{ marginTop: '1rem' }}
          aria-labelledby="submission-heading"
        >
          <h2 id="submission-heading">
            {variant === 'contest' ? 'Submission Result' : 'Submission Results'}
          </h2>
          <VerdictHeadline
            verdict={solver.submission.verdict ?? (solver.submission.passed ? 'accepted' : 'wrong_answer')}
            title={solver.submission.passed ? labels.pass : labels.fail}
            headline={headlineOf(solver.submission)}
            testId="submission-result"
          >
            <div className="verdict-counts">
              {solver.submission.passedCount}/{solver.submission.totalCount} test cases passed
              <NotJudgedNote results={solver.submission.results} />
            </div>
          </VerdictHeadline>
          <SubtaskTable
            testGroups={testGroups}
            groups={solver.submission.groups}
            score={solver.submission.score}
            maxScore={solver.submission.maxScore}
            results={solver.submission.results}
          />
          <TestResultsList
            results={solver.submission.results}
            compileError={solver.submission.compileError}
            variables={variables}
          />
        </section>
      )}
      {solver.testRun && (
        <section
          className="card result-card"
          ref={testRunRef}
          style={{ marginTop: '1rem' }}
          aria-labelledby="test-results-heading"
        >
          <h2 id="test-results-heading">Test Results</h2>
          <VerdictHeadline
            verdict={solver.testRun.verdict ?? (solver.testRun.overallPassed ? 'accepted' : 'wrong_answer')}
            headline={headlineOf(solver.testRun)}
            testId="run-result"
          >
            <div className="verdict-counts">
              {solver.testRun.passedCount}/{solver.testRun.totalCount} example test cases passed
            </div>
          </VerdictHeadline>
          <TestResultsList
            results={solver.testRun.results}
            compileError={solver.testRun.compileError}
            variables={variables}
          />
        </section>
      )}
      <section className="card" style={{ marginTop: '1rem' }} aria-label="Custom input and submissions">
        <Tabs
          label="Custom input and submissions"
          idPrefix="solver-extra"
          value={tab}
          onChange={setTab}
          items={[
            { value: 'custom', label: 'Custom Input' },
            { value: 'submissions', label: 'Submissions' },
          ]}
        />
        <div {...tabPanelProps('solver-extra', tab)}>
          {tab === 'custom' ? (
            <CustomInputPanel
              problemId={problemId}
              contestId={contestId}
              code={code}
              variables={variables ?? []}
              signedIn={signedIn}
              onSignInNeeded={() => setAskSignIn(true)}
              stdin={stdin}
            />
          ) : signedIn ? (
            <SubmissionsPanel
              problemId={problemId}
              contestId={contestId}
              variables={variables ?? []}
              onLoad={onCodeChange}
            />
          ) : (
            <p className="muted">
              <SignInLink>Sign in</SignInLink> to see your submissions.
            </p>
          )}
        </div>
      </section>
      {askSignIn && <SignInPrompt onClose={() => setAskSignIn(false)} />}
    </div>
  );
}
