import { PackageUiMessages, PracticeMessages, type InputVariable, type TestGroup } from '@javelin/contracts';
import { useMemo, useState } from 'react';
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
import { STATUS_LABEL, type useSolver } from './solving';
import { useSolverShortcuts } from './solverView';
import { RunResult, SubmissionResult, type SolverVariant } from './SolverResults';
import { liveGroupsOf, SubtaskTable } from './SubtaskTable';

export type { SolverVariant } from './SolverResults';

type Solver = ReturnType<typeof useSolver>;

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

/** The editor's toolbar: the judging status, Reset, Run Code, Debug Help and Submit Solution. */
function SolverToolbar(props: {
  solver: Solver;
  signedIn: boolean;
  onReset: () => void;
  onRun: () => void;
  onSubmit: () => void;
  onDebugHelp?: () => void;
  submitDisabled: boolean;
}) {
  const { solver } = props;
  const busy = solver.status !== 'ready';
  return (
    <div className="editor-toolbar">
      <span role="status" aria-live="polite" data-testid="solver-status">
        <span className={`status-dot${busy ? ' busy' : ''}`} aria-hidden="true" />
        <span data-testid="solver-status-text">
          {progressText(solver.progress) ?? STATUS_LABEL[solver.status]}
        </span>
      </span>
      <div className="row">
        <button type="button" className="btn btn-outline btn-sm" onClick={props.onReset} disabled={busy}>
          Reset
        </button>
        <Tooltip content="Run the example tests (Ctrl+Enter)">
          <button type="button" className="btn btn-secondary btn-sm" onClick={props.onRun} disabled={busy}>
            Run Code
          </button>
        </Tooltip>
        {props.onDebugHelp && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={props.onDebugHelp}
            disabled={busy || !props.signedIn}
          >
            Debug Help
          </button>
        )}
        <Tooltip content="Run all tests and submit (Ctrl+Shift+Enter)">
          <button
            type="button"
            className="btn btn-sm"
            onClick={props.onSubmit}
            disabled={busy || props.submitDisabled}
          >
            Submit Solution
          </button>
        </Tooltip>
      </div>
    </div>
  );
}

/**
 * Custom Input and Submissions, as tabs under the results. On an interactive problem (issue 42) custom
 * input has no one to talk to (the judge's interactor answers the program, with its own test data), so
 * its tab says so instead of offering a form the API would refuse.
 */
function SolverExtras(props: {
  problemId: string;
  contestId?: string;
  code: string;
  variables: readonly InputVariable[];
  signedIn: boolean;
  stdin: boolean;
  interactive: boolean;
  onSignInNeeded: () => void;
  onLoad: (code: string) => void;
}) {
  const [tab, setTab] = useState<'custom' | 'submissions'>('custom');
  return (
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
        {tab === 'custom' && props.interactive ? (
          <p className="muted" data-testid="custom-input-unavailable">
            {PackageUiMessages.noCustomInputInteractive}
          </p>
        ) : tab === 'custom' ? (
          <CustomInputPanel
            problemId={props.problemId}
            contestId={props.contestId}
            code={props.code}
            variables={props.variables}
            signedIn={props.signedIn}
            onSignInNeeded={props.onSignInNeeded}
            stdin={props.stdin}
          />
        ) : props.signedIn ? (
          <SubmissionsPanel
            problemId={props.problemId}
            contestId={props.contestId}
            variables={props.variables}
            onLoad={props.onLoad}
          />
        ) : (
          <p className="muted">
            <SignInLink>Sign in</SignInLink> to see your submissions.
          </p>
        )}
      </div>
    </section>
  );
}

export function SolverPanel(props: {
  problemId: string;
  contestId?: string;
  variant: SolverVariant;
  code: string;
  onCodeChange: (code: string) => void;
  /** Throws the code away for the boilerplate; the panel asks the user first. */
  onReset: () => void;
  solver: Solver;
  onDebugHelp?: () => void;
  submitDisabledReason?: string;
  /** The problem's input variables, to show each test's input as 'name = value'. */
  variables?: readonly InputVariable[];
  /** A classic problem: custom input is the program's standard input. */
  stdin?: boolean;
  /** A scoring problem's subtasks (issue 31): the submit's result shows each. */
  testGroups?: readonly TestGroup[];
  /** An interactive problem (issue 42): no custom input, the judge's interactor answers the program. */
  interactive?: boolean;
}) {
  const { solver, code, submitDisabledReason, variables, testGroups = [] } = props;
  const { status: session } = useAuth();
  const [askSignIn, setAskSignIn] = useState(false);
  const signedIn = session === 'authenticated';
  // Signed out, Run and Submit ask to sign in instead of failing with a 401 that would leave the page.
  const run = () => (signedIn ? void solver.run(code) : setAskSignIn(true));
  const submit = () => {
    if (!signedIn) setAskSignIn(true);
    else if (!submitDisabledReason) void solver.submit(code);
  };
  useSolverShortcuts(run, submit);
  const markers = useMemo(() => compileErrorMarkers(solver.lastCompileError), [solver.lastCompileError]);
  const reset = () => {
    if (window.confirm(PracticeMessages.confirmReset)) props.onReset();
  };
  return (
    <div>
      <div className="editor-shell card" style={{ padding: 0 }}>
        <SolverToolbar
          solver={solver}
          signedIn={signedIn}
          onReset={reset}
          onRun={run}
          onSubmit={submit}
          onDebugHelp={props.onDebugHelp}
          submitDisabled={!!submitDisabledReason}
        />
        <CodeEditor
          value={code}
          onChange={props.onCodeChange}
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
        <SubmissionResult
          submission={solver.submission}
          variant={props.variant}
          testGroups={testGroups}
          variables={variables}
        />
      )}
      {solver.testRun && <RunResult run={solver.testRun} variables={variables} />}
      <SolverExtras
        problemId={props.problemId}
        contestId={props.contestId}
        code={code}
        variables={variables ?? []}
        signedIn={signedIn}
        stdin={props.stdin ?? false}
        interactive={props.interactive ?? false}
        onSignInNeeded={() => setAskSignIn(true)}
        onLoad={props.onCodeChange}
      />
      {askSignIn && <SignInPrompt onClose={() => setAskSignIn(false)} />}
    </div>
  );
}
