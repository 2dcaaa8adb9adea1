import { Link, useLocation, useParams } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { Messages, splitMessage } from '../../lib/messages';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SignInLink } from '../auth/SignInLink';
import { draftKey, useDraft } from '../editor/drafts';
import { ResizableSplit } from '../editor/ResizableSplit';
import { useLatestAcceptedCode } from '../submissions/useLatestAcceptedCode';
import type { OpenProblemState } from './ProblemCard';
import { AiPanels, useAiHelp, useHasAccepted, useLastFailedSubmission } from './AiPanels';
import { isClassic, starterCode } from './classic';
import { ProblemStatement } from './ProblemStatement';
import { useProblemQuery, useTestCasesQuery } from './problemsApi';
import { SolverPanel } from './SolverPanel';
import { pointsOf, useSolver } from './solving';

export function ProblemNotFound() {
  const { title, description } = splitMessage(Messages.problemNotFound);
  return (
    <div className="card center-card" role="alert">
      <h1 style={{ fontSize: '1.5rem' }}>{title}</h1>
      <p className="muted">{description}</p>
      <Link to="/problems" className="btn btn-outline">
        Back to Problems
      </Link>
    </div>
  );
}

export function ProblemPage() {
  const { id = '' } = useParams();
  const { isAdmin, status } = useAuth();
  const { data: problem, isLoading, isError } = useProblemQuery(id);
  const { data: testCases = [] } = useTestCasesQuery(
    { problemId: id, all: isAdmin },
    { skip: !id || status === 'loading' },
  );
  const { code, setCode, offer, reset } = useDraft(draftKey(id), problem ? starterCode(problem) : undefined);
  const ai = useAiHelp(id);
  const solver = useSolver({
    problemId: id,
    points: problem ? pointsOf(problem) : 0,
    onStart: ai.clearDebugAnswer,
  });
  useDocumentTitle(problem?.title ?? 'Problem');
  const location = useLocation();
  const viewSolution =
    status === 'authenticated' && !!(location.state as OpenProblemState | null)?.loadSolution;
  useLatestAcceptedCode(id, viewSolution, !!problem, offer);
  const hasAccepted = useHasAccepted(id, status === 'authenticated');
  const storedFailure = useLastFailedSubmission(id, status === 'authenticated');

  if (isLoading) return <Spinner label="Loading problem..." />;
  if (isError || !problem) return <ProblemNotFound />;

  // This visit's last failing run or submit; after a reload, the latest stored submit if it failed.
  const debug = () => void ai.requestDebugHelp(solver.lastFailure ?? storedFailure);

  return (
    <ResizableSplit
      left={<ProblemStatement problem={problem} testCases={testCases} />}
      right={
        <>
          {status !== 'authenticated' && (
            <div className="alert alert-info">
              <span>
                <SignInLink>Sign in</SignInLink> to run and submit your solution.
              </span>
            </div>
          )}
          <SolverPanel
            problemId={id}
            variant="practice"
            code={code}
            onCodeChange={setCode}
            onReset={reset}
            solver={solver}
            onDebugHelp={debug}
            variables={problem.inputVariables ?? []}
            stdin={isClassic(problem)}
            testGroups={problem.testGroups}
            interactive={problem.interaction === 'interactive'}
          />
          <AiPanels
            ai={ai}
            allPassed={solver.allPassed || hasAccepted}
            onAnalyze={() => void ai.analyzeCode(code)}
            onDebug={debug}
          />
        </>
      }
    />
  );
}

export default ProblemPage;
