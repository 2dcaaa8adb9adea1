import type { ComponentProps } from 'react';
import { ResizableSplit } from '../editor/ResizableSplit';
import { ProblemStatement } from '../problems/ProblemStatement';
import { SolverPanel } from '../problems/SolverPanel';

type Statement = ComponentProps<typeof ProblemStatement>;
type Solver = ComponentProps<typeof SolverPanel>;

/** A contest problem's statement beside its editor: the live contest page and its practice/virtual page. */
export function ContestSolveSplit(
  props: Pick<Statement, 'problem' | 'testCases' | 'points'> &
    Pick<
      Solver,
      'problemId' | 'contestId' | 'code' | 'onCodeChange' | 'onReset' | 'solver' | 'submitDisabledReason'
    >,
) {
  return (
    <ResizableSplit
      left={
        <ProblemStatement
          problem={props.problem}
          testCases={props.testCases}
          points={props.points}
          testCasesHeading="Example Test Cases"
        />
      }
      right={
        <SolverPanel
          problemId={props.problemId}
          contestId={props.contestId}
          variant="contest"
          code={props.code}
          onCodeChange={props.onCodeChange}
          onReset={props.onReset}
          solver={props.solver}
          submitDisabledReason={props.submitDisabledReason}
          variables={props.problem.inputVariables ?? []}
        />
      }
    />
  );
}
