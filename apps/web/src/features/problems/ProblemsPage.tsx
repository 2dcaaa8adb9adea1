import { useMemo } from 'react';
import { useAcceptanceRatesQuery } from '../submissions/submissionsApi';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { Badge, DifficultyBadge } from '../../components/Badge';
import { Spinner } from '../../components/Spinner';
import { solvedIds, useProblemsQuery, useSolvedProblemsQuery } from './problemsApi';
import { pointsOf } from './solving';
import { pluralize } from '../../components/pluralize';
import {
  allTags,
  filterProblems,
  filtersFromParams,
  formatAcceptance,
  paramsFromFilters,
  withAcceptance,
  type ProblemFilters,
  type ProblemSort,
  type SolvedFilter,
} from './problemFilters';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** Link state of 'View Solution': the problem page opens with the latest accepted code. */
export interface OpenProblemState {
  loadSolution?: boolean;
}

export function ProblemsPage() {
  useDocumentTitle('Problems');
  const { status } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilter = (change: Partial<ProblemFilters>) =>
    setParams(paramsFromFilters({ ...filters, ...change }), { replace: true });
  const { data: problems, isLoading, isError } = useProblemsQuery();
  const signedIn = status === 'authenticated';
  const { data: solved } = useSolvedProblemsQuery(undefined, { skip: !signedIn });
  const solvedSet = useMemo(() => solvedIds(solved), [solved]);
  const tags = useMemo(() => allTags(problems ?? []), [problems]);
  const { data: rates } = useAcceptanceRatesQuery();
  const listed = useMemo(() => withAcceptance(problems ?? [], rates ?? []), [problems, rates]);
  const visible = useMemo(
    () => filterProblems(listed, filters, solvedSet, pointsOf),
    [listed, filters, solvedSet],
  );

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Problems</h1>
          <p className="muted">Pick a problem and solve it in Java.</p>
        </div>
      </div>
      <div className="row filters" style={{ marginBottom: '1.25rem' }}>
        <div style={{ flex: '1 1 240px' }}>
          <label htmlFor="problem-search" className="sr-only">
            Search problems
          </label>
          <input
            id="problem-search"
            type="search"
            placeholder="Search problems..."
            value={filters.search}
            onChange={(e) => setFilter({ search: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="difficulty-filter" className="sr-only">
            Difficulty
          </label>
          <select
            id="difficulty-filter"
            value={filters.difficulty}
            onChange={(e) => setFilter({ difficulty: e.target.value as ProblemFilters['difficulty'] })}
          >
            <option value="all">All Difficulties</option>
            <option value="easy">Easy</option>
            <option value="medium">Medium</option>
            <option value="hard">Hard</option>
          </select>
        </div>
        {signedIn && (
          <div>
            <label htmlFor="solved-filter" className="sr-only">
              Status
            </label>
            <select
              id="solved-filter"
              value={filters.solved}
              onChange={(e) => setFilter({ solved: e.target.value as SolvedFilter })}
            >
              <option value="all">All</option>
              <option value="solved">Solved</option>
              <option value="unsolved">Unsolved</option>
            </select>
          </div>
        )}
        <div>
          <label htmlFor="tag-filter" className="sr-only">
            Tag
          </label>
          <select id="tag-filter" value={filters.tag} onChange={(e) => setFilter({ tag: e.target.value })}>
            <option value="">All Tags</option>
            {tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="problem-sort" className="sr-only">
            Sort by
          </label>
          <select
            id="problem-sort"
            value={filters.sort}
            onChange={(e) => setFilter({ sort: e.target.value as ProblemSort })}
          >
            <option value="default">Sort: Default</option>
            <option value="difficulty">Sort: Difficulty</option>
            <option value="points">Sort: Points</option>
            <option value="acceptance">Sort: Acceptance</option>
          </select>
        </div>
      </div>
      {isLoading ? (
        <Spinner label="Loading problems..." />
      ) : visible.length === 0 ? (
        <div className="card empty">
          <h2>No problems found</h2>
          {isError ? <p>Problems could not be loaded.</p> : <p>Try a different search or filter.</p>}
        </div>
      ) : (
        <div className="grid">
          {visible.map((p) => {
            const isSolved = solvedSet.has(p._id);
            const acceptance = formatAcceptance(p.acceptanceRate);
            return (
              <article key={p._id} className="card problem-card" aria-label={p.title}>
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
                      <span title="Users who solved it out of users who submitted it">
                        {acceptance} accepted
                      </span>
                    </>
                  )}
                  {isSolved && <Badge variant="success">Solved</Badge>}
                </div>
                <p className="desc">{p.description}</p>
                <div className="card-footer">
                  <Link
                    to={`/problems/${p._id}`}
                    state={isSolved ? ({ loadSolution: true } satisfies OpenProblemState) : undefined}
                    className={`btn ${isSolved ? 'btn-outline' : ''}`}
                  >
                    {isSolved ? 'View Solution' : 'Solve Problem'}
                  </Link>
                </div>
              </article>
            );
          })}
        </div>
      )}
    </>
  );
}

export default ProblemsPage;
