import { ContestScreenMessages, type Contest } from '@javelin/contracts';
import { useCallback, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Messages } from '../../lib/messages';
import { draftKey, useDraft } from '../editor/drafts';
import { ResizableSplit } from '../editor/ResizableSplit';
import { isClassic, starterCode } from '../problems/classic';
import { ProblemStatement } from '../problems/ProblemStatement';
import { SolverPanel } from '../problems/SolverPanel';
import { pointsOf } from '../problems/solving';

type Statement = ComponentProps<typeof ProblemStatement>;
type Solver = ComponentProps<typeof SolverPanel>;

/** Spec §9: after an accepted solution the contest page returns to the contest after 2 s. */
export const CONTEST_SOLVED_REDIRECT_MS = 2_000;

/** What a contest problem's page solves: where it is, what it is worth, and the user's draft of it. */
export interface ContestSolving {
  contestId: string;
  problemId: string;
  points: number;
  /** The statement's line for what a solve is worth: points, or a solve in an ICPC contest. */
  worth?: string;
  draft: ReturnType<typeof useDraft>;
}

/**
 * The problem `problemId` of `contest` (undefined until the contest has loaded, or when it is not one
 * of its problems) and its solving: the contest's points for it, else the problem's own, and the draft.
 */
export function useContestProblem(contest: Contest | undefined, contestId: string, problemId: string) {
  const contestProblem = contest?.contestProblems?.find((cp) => cp.problemId?._id === problemId);
  const problem = contestProblem?.problemId;
  const draft = useDraft(draftKey(problemId, contestId), problem ? starterCode(problem) : undefined);
  const points = contestProblem?.points || (problem ? pointsOf(problem) : 0);
  const worth = contest?.format === 'icpc' ? ContestScreenMessages.icpcWorth : undefined;
  const solving: ContestSolving = { contestId, problemId, points, worth, draft };
  return { problem, solving };
}

/** Call the returned function on an accept: the page goes back to the contest CONTEST_SOLVED_REDIRECT_MS later. */
export function useReturnToContestAfterSolve(contestId: string): () => void {
  const navigate = useNavigate();
  const [solvedAt, setSolvedAt] = useState<number | null>(null);
  useEffect(() => {
    if (solvedAt === null) return;
    const timer = setTimeout(() => navigate(`/contests/${contestId}`), CONTEST_SOLVED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [solvedAt, navigate, contestId]);
  return useCallback(() => setSolvedAt(Date.now()), []);
}

/** The page for a problem that is not one of the contest's, or of a contest that could not be read. */
export function ContestProblemNotFound({
  contestId,
  contestFound,
}: {
  contestId: string;
  contestFound: boolean;
}) {
  return (
    <div className="card center-card" role="alert">
      <h1 style={{ fontSize: '1.5rem' }}>{Messages.contestProblemNotFound}</h1>
      <p className="muted">This problem is not part of the contest.</p>
      <Link to={contestFound ? `/contests/${contestId}` : '/contests'} className="btn btn-outline">
        {contestFound ? 'Back to Contest' : 'Back to Contests'}
      </Link>
    </div>
  );
}

/**
 * The card above a contest problem: the way back to the contest and a note under it, with the
 * contest's state at the right (`children`). A practice or virtual try draws it as the practice banner.
 */
export function ContestProblemHeader({
  contestId,
  contestTitle,
  note,
  practice = false,
  children,
}: {
  contestId: string;
  contestTitle: string;
  note: ReactNode;
  practice?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={practice ? 'card practice-banner' : 'card'}
      style={{ marginBottom: '1rem' }}
      data-testid={practice ? 'practice-banner' : undefined}
    >
      <div className="row" style={{ justifyContent: 'space-between', ...(practice && { flexWrap: 'wrap' }) }}>
        <div>
          <Link to={`/contests/${contestId}`}>← {contestTitle}</Link>
          <p className="muted" style={{ margin: 0 }}>
            {note}
          </p>
        </div>
        <div className="row">{children}</div>
      </div>
    </div>
  );
}

/** A contest problem's statement beside its editor: the live contest page and its practice/virtual page. */
export function ContestSolveSplit(
  props: Pick<Statement, 'problem' | 'testCases'> &
    Pick<Solver, 'solver' | 'submitDisabledReason'> & { solving: ContestSolving },
) {
  const { contestId, problemId, points, worth, draft } = props.solving;
  return (
    <ResizableSplit
      left={
        <ProblemStatement
          problem={props.problem}
          testCases={props.testCases}
          points={points}
          worth={worth}
          testCasesHeading="Example Test Cases"
        />
      }
      right={
        <SolverPanel
          problemId={problemId}
          contestId={contestId}
          variant="contest"
          code={draft.code}
          onCodeChange={draft.setCode}
          onReset={draft.reset}
          solver={props.solver}
          submitDisabledReason={props.submitDisabledReason}
          variables={props.problem.inputVariables ?? []}
          stdin={isClassic(props.problem)}
          testGroups={props.problem.testGroups}
          interactive={props.problem.interaction === 'interactive'}
        />
      }
    />
  );
}
