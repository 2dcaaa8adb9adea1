import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { useAcceptanceRatesQuery } from '../submissions/submissionsApi';
import { ProblemCard } from './ProblemCard';
import {
  allTags,
  filterProblems,
  filtersFromParams,
  paramsFromFilters,
  withAcceptance,
  type ProblemFilters,
  type ProblemSort,
  type SolvedFilter,
} from './problemFilters';
import { solvedIds, useProblemsQuery, useSolvedProblemsQuery } from './problemsApi';
import { pointsOf } from './solving';

export type { OpenProblemState } from './ProblemCard';

/** A labelled select of the filter bar (the label for screen readers; the options say what they filter). */
function FilterSelect<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Search, difficulty, status (signed in), tag and sort; all kept in the URL. */
function ProblemFilterBar(props: {
  filters: ProblemFilters;
  setFilter: (change: Partial<ProblemFilters>) => void;
  signedIn: boolean;
  tags: string[];
}) {
  const { filters, setFilter } = props;
  return (
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
      <FilterSelect
        id="difficulty-filter"
        label="Difficulty"
        value={filters.difficulty}
        onChange={(difficulty) => setFilter({ difficulty })}
        options={[
          { value: 'all', label: 'All Difficulties' },
          { value: 'easy', label: 'Easy' },
          { value: 'medium', label: 'Medium' },
          { value: 'hard', label: 'Hard' },
        ]}
      />
      {props.signedIn && (
        <FilterSelect<SolvedFilter>
          id="solved-filter"
          label="Status"
          value={filters.solved}
          onChange={(solved) => setFilter({ solved })}
          options={[
            { value: 'all', label: 'All' },
            { value: 'solved', label: 'Solved' },
            { value: 'unsolved', label: 'Unsolved' },
          ]}
        />
      )}
      <FilterSelect
        id="tag-filter"
        label="Tag"
        value={filters.tag}
        onChange={(tag) => setFilter({ tag })}
        options={[{ value: '', label: 'All Tags' }, ...props.tags.map((t) => ({ value: t, label: t }))]}
      />
      <FilterSelect<ProblemSort>
        id="problem-sort"
        label="Sort by"
        value={filters.sort}
        onChange={(sort) => setFilter({ sort })}
        options={[
          { value: 'default', label: 'Sort: Default' },
          { value: 'difficulty', label: 'Sort: Difficulty' },
          { value: 'points', label: 'Sort: Points' },
          { value: 'acceptance', label: 'Sort: Acceptance' },
        ]}
      />
    </div>
  );
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
      <ProblemFilterBar filters={filters} setFilter={setFilter} signedIn={signedIn} tags={tags} />
      {isLoading ? (
        <Spinner label="Loading problems..." />
      ) : visible.length === 0 ? (
        <div className="card empty">
          <h2>No problems found</h2>
          {isError ? <p>Problems could not be loaded.</p> : <p>Try a different search or filter.</p>}
        </div>
      ) : (
        <div className="grid">
          {visible.map((p) => (
            <ProblemCard key={p._id} problem={p} solved={solvedSet.has(p._id)} />
          ))}
        </div>
      )}
    </>
  );
}

export default ProblemsPage;
