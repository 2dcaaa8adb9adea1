import { DIFFICULTIES, type Problem } from '@javelin/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { Badge, DifficultyBadge } from '../../components/Badge';
import { Spinner } from '../../components/Spinner';
import { solvedIds, useProblemsQuery, useSolvedProblemsQuery } from './problemsApi';
import { pointsOf } from './solving';
import { useDocumentTitle } from '../../components/useDocumentTitle';

type DifficultyFilter = 'all' | (typeof DIFFICULTIES)[number];

export function filterProblems(
  problems: readonly Problem[],
  search: string,
  difficulty: DifficultyFilter,
): Problem[] {
  const q = search.trim().toLowerCase();
  return problems.filter(
    (p) =>
      p.isVisible !== false &&
      (difficulty === 'all' || p.difficulty === difficulty) &&
      (!q ||
        p.title.toLowerCase().includes(q) ||
        p.description.toLowerCase().includes(q) ||
        (p.tags ?? []).some((t) => t.toLowerCase().includes(q))),
  );
}

export function ProblemsPage() {
  useDocumentTitle('Problems');
  const { status } = useAuth();
  const [search, setSearch] = useState('');
  const [difficulty, setDifficulty] = useState<DifficultyFilter>('all');
  const { data: problems, isLoading, isError } = useProblemsQuery();
  const { data: solved } = useSolvedProblemsQuery(undefined, { skip: status !== 'authenticated' });
  const solvedSet = useMemo(() => solvedIds(solved), [solved]);
  const visible = useMemo(
    () => filterProblems(problems ?? [], search, difficulty),
    [problems, search, difficulty],
  );

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Problems</h1>
          <p className="muted">Pick a problem and solve it in Java.</p>
        </div>
      </div>
      <div className="row" style={{ marginBottom: '1.25rem' }}>
        <div style={{ flex: '1 1 240px' }}>
          <label htmlFor="problem-search" className="sr-only">
            Search problems
          </label>
          <input
            id="problem-search"
            type="search"
            placeholder="Search problems..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="difficulty-filter" className="sr-only">
            Difficulty
          </label>
          <select
            id="difficulty-filter"
            value={difficulty}
            onChange={(e) => setDifficulty(e.target.value as DifficultyFilter)}
          >
            <option value="all">All Difficulties</option>
            <option value="easy">Easy</option>
            <option value="medium">Medium</option>
            <option value="hard">Hard</option>
          </select>
        </div>
      </div>
      {isLoading ? (
        <Spinner label="Loading problems..." />
      ) : visible.length === 0 ? (
        <div className="card empty">
          <h2>No problems found</h2>
          {isError ? <p>Problems could not be loaded.</p> : <p>Try a different search or difficulty.</p>}
        </div>
      ) : (
        <div className="grid">
          {visible.map((p) => {
            const isSolved = solvedSet.has(p._id);
            return (
              <article key={p._id} className="card problem-card" aria-label={p.title}>
                <div className="card-header">
                  <h2>{p.title}</h2>
                  <DifficultyBadge difficulty={p.difficulty} />
                </div>
                <div className="row muted" style={{ fontSize: '0.85rem', marginBottom: '0.5rem' }}>
                  <span>{pointsOf(p)} points</span>
                  <span aria-hidden="true">·</span>
                  <span>{p.testCaseCount ?? p.testCases?.length ?? 0} test cases</span>
                  {isSolved && <Badge variant="success">Solved</Badge>}
                </div>
                <p className="desc">{p.description}</p>
                <div className="card-footer">
                  <Link to={`/problems/${p._id}`} className={`btn ${isSolved ? 'btn-outline' : ''}`}>
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
