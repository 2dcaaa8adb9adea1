import { canonicalTag, canonicalTags, DIFFICULTIES, type Difficulty, type Problem } from '@javelin/contracts';

export const SOLVED_FILTERS = ['all', 'solved', 'unsolved'] as const;
export type SolvedFilter = (typeof SOLVED_FILTERS)[number];

export const PROBLEM_SORTS = ['default', 'difficulty', 'points', 'acceptance'] as const;
export type ProblemSort = (typeof PROBLEM_SORTS)[number];

/** A problem card's figures: the acceptance rate comes from the server when it knows one. */
export type ListedProblem = Problem & { acceptanceRate?: number | null };

export interface ProblemFilters {
  search: string;
  difficulty: 'all' | Difficulty;
  solved: SolvedFilter;
  tag: string;
  sort: ProblemSort;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The list's search and filters live in the URL, so a reload or a shared link shows the same list. */
export function filtersFromParams(params: URLSearchParams): ProblemFilters {
  return {
    search: params.get('q') ?? '',
    difficulty: oneOf(params.get('difficulty'), ['all', ...DIFFICULTIES], 'all'),
    solved: oneOf(params.get('status'), SOLVED_FILTERS, 'all'),
    tag: params.get('tag') ?? '',
    sort: oneOf(params.get('sort'), PROBLEM_SORTS, 'default'),
  };
}

/** Only what differs from the defaults goes into the URL. */
export function paramsFromFilters(f: ProblemFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.search) params.set('q', f.search);
  if (f.difficulty !== 'all') params.set('difficulty', f.difficulty);
  if (f.solved !== 'all') params.set('status', f.solved);
  if (f.tag) params.set('tag', f.tag);
  if (f.sort !== 'default') params.set('sort', f.sort);
  return params;
}

const DIFFICULTY_RANK: Record<Difficulty, number> = { easy: 0, medium: 1, hard: 2 };

/** Every tag once, canonical (libs/contracts tags.ts: 'binary search' and 'binary-search' are one). */
export function allTags(problems: readonly Problem[]): string[] {
  return [...new Set(problems.flatMap((p) => canonicalTags(p.tags ?? [])))].sort((a, b) =>
    a.localeCompare(b),
  );
}

export function filterProblems(
  problems: readonly ListedProblem[],
  f: ProblemFilters,
  solved: ReadonlySet<string>,
  pointsOf: (p: Problem) => number,
): ListedProblem[] {
  const q = f.search.trim().toLowerCase();
  const listed = problems.filter(
    (p) =>
      p.isVisible !== false &&
      (f.difficulty === 'all' || p.difficulty === f.difficulty) &&
      (f.solved === 'all' || (f.solved === 'solved') === solved.has(p._id)) &&
      (!f.tag || canonicalTags(p.tags ?? []).includes(canonicalTag(f.tag))) &&
      (!q ||
        p.title.toLowerCase().includes(q) ||
        p.description.toLowerCase().includes(q) ||
        (p.tags ?? []).some((t) => t.toLowerCase().includes(q))),
  );
  // Array.prototype.sort is stable: ties keep the server's order.
  if (f.sort === 'difficulty')
    listed.sort((a, b) => DIFFICULTY_RANK[a.difficulty] - DIFFICULTY_RANK[b.difficulty]);
  if (f.sort === 'points') listed.sort((a, b) => pointsOf(b) - pointsOf(a));
  if (f.sort === 'acceptance') listed.sort((a, b) => (b.acceptanceRate ?? -1) - (a.acceptanceRate ?? -1));
  return listed;
}

export function formatAcceptance(rate: number | null | undefined): string | null {
  return rate === null || rate === undefined ? null : `${Math.round(rate * 100)}%`;
}

/** The server's acceptance rates on the cards; a problem nobody submitted has none. */
export function withAcceptance(
  problems: readonly Problem[],
  rates: readonly { problemId: string; acceptanceRate: number }[],
): ListedProblem[] {
  const byId = new Map(rates.map((r) => [r.problemId, r.acceptanceRate]));
  return problems.map((p) => ({ ...p, acceptanceRate: byId.get(p._id) ?? null }));
}
