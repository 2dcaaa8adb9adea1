import { Link } from 'react-router-dom';
import { Badge, DifficultyBadge } from '../../components/Badge';
import { pluralize } from '../../components/pluralize';
import { formatAcceptance, type ListedProblem } from './problemFilters';
import { pointsOf } from './solving';
import { statementSummary } from './statementSummary';

/** Link state of 'View Solution': the problem page opens with the latest accepted code. */
export interface OpenProblemState {
  loadSolution?: boolean;
}

/**
 * One problem on the list: title, difficulty, points, tests, acceptance, 'Solved', the statement's first
 * words as plain text (never its Markdown or LaTeX source), and a link named for the problem it opens
 * ("Solve Two Sum": the spec's 'Solve Problem' is what it shows).
 */
export function ProblemCard({ problem: p, solved }: { problem: ListedProblem; solved: boolean }) {
  const acceptance = formatAcceptance(p.acceptanceRate);
  const action = solved ? 'View Solution' : 'Solve Problem';
  return (
    <article className="card problem-card" aria-label={p.title}>
      <div className="card-header">
        <h2>{p.title}</h2>
        <DifficultyBadge difficulty={p.difficulty} />
      </div>
      <div className="row muted" style={{ fontSize: '0.85rem', marginBottom: '0.5rem' }}>
        <span>{pointsOf(p)} points</span>
        <span aria-hidden="true">·</span>
        <span>{pluralize(p.testCaseCount ?? p.testCases?.length ?? 0, 'test case')}</span>
        {acceptance && (
          <>
            <span aria-hidden="true">·</span>
            <span title="Users who solved it out of users who submitted it">{acceptance} accepted</span>
          </>
        )}
        {solved && <Badge variant="success">Solved</Badge>}
      </div>
      <p className="desc">{statementSummary(p.description)}</p>
      <div className="card-footer">
        <Link
          to={`/problems/${p._id}`}
          state={solved ? ({ loadSolution: true } satisfies OpenProblemState) : undefined}
          className={`btn ${solved ? 'btn-outline' : ''}`}
          aria-label={solved ? `View Solution: ${p.title}` : `Solve ${p.title}`}
        >
          {action}
        </Link>
      </div>
    </article>
  );
}
